/**
 * markerSpawnSystem - turns article changes (from commands) into rows of the columnar article
 * store (world.markers.store). No entity is made here: markerCullSystem gives entities to the few
 * markers drawn individually.
 * Reads: markers.ops. Writes: markers.store, markers.dirty, animating (live rows), and drops
 * hovered/selected rows that were removed.
 * Order: after commands, before the marker filter. Cadence: every frame (no-op when idle).
 */
import { resolveArticleLocation } from '../data/markers/articleLocation';
import type { MarkerRecord } from '../data/markers/articleColumns';
import { articlePublishedMs } from '../data/markers/markerFilter';
import {
  articleCategories,
  articleEmoji,
  articleRealityType,
  articleSentiment,
  articleSource,
} from '../data/markers/markerStyle';
import { Marker } from '../engine/markers/markerComponents';
import type { AtlasWorld } from '../engine/world';
import { writeMarkerFields } from './markerCullSystem';

type Obj = Record<string, unknown>;

function articleId(a: Obj): string | null {
  const id = a['id'] ?? a['_id'];
  return typeof id === 'string' && id !== '' ? id : typeof id === 'number' ? String(id) : null;
}

/** Builds the record for an article, or null when it cannot go on the globe. */
export function toRecord(article: unknown, nowMs: number): MarkerRecord | null {
  if (typeof article !== 'object' || article === null) return null;
  const a = article as Obj;
  const id = articleId(a);
  const place = resolveArticleLocation(a);
  if (id === null || place === null) return null;
  const categories = articleCategories(a);
  const title =
    typeof a['title'] === 'string' && a['title'].trim() !== '' ? a['title'] : 'Untitled Article';
  const rawCategory =
    typeof a['category'] === 'string' && a['category'] !== '' ? a['category'] : null;
  return {
    id,
    title,
    category: rawCategory ?? categories[0] ?? 'General',
    categories,
    sentiment: articleSentiment(a),
    realityType: articleRealityType(a),
    source: articleSource(a),
    emoji: articleEmoji(a),
    publishedMs: articlePublishedMs(a, nowMs),
    lat: place.lat,
    lon: place.lon,
    article,
  };
}

function upsert(world: AtlasWorld, r: MarkerRecord, live: boolean): void {
  const m = world.markers;
  const { row } = m.store.upsert(r);
  if (live) {
    m.store.intensity[row] = 1;
    m.animating.add(row);
  }
  // A marker drawn right now takes the new place, emoji and colour at once.
  const e = m.entityOfRow.get(row);
  if (e !== undefined) writeMarkerFields(world, e, row);
}

function forget(world: AtlasWorld, row: number): void {
  const m = world.markers;
  m.animating.delete(row);
  if (m.hovered === row) m.hovered = -1;
  if (m.selected === row) {
    m.selected = -1;
    m.version++;
  }
}

export function markerSpawnSystem(world: AtlasWorld): void {
  const m = world.markers;
  if (m.ops.length === 0) return;
  const now = Date.now();
  for (const op of m.ops) {
    if (op.kind === 'remove') {
      for (const id of op.ids) {
        const row = m.store.remove(id);
        if (row >= 0) forget(world, row);
      }
      continue;
    }
    if (op.kind === 'columns') {
      const first = m.store.length;
      m.store.appendSynthetic(op.columns);
      m.pendingColumns = op.more;
      // Entities still drawn from rows the load just reused show the new article.
      for (const e of m.visible) {
        const row = Marker.row[e] as number;
        if (row >= first && row < m.store.length) writeMarkerFields(world, e, row);
      }
      continue;
    }
    if (op.kind === 'replace') {
      // Parse first, so the rows of articles that stay keep their glow and selection.
      const records: MarkerRecord[] = [];
      for (const article of op.articles) {
        const r = toRecord(article, now);
        if (r !== null) records.push(r);
      }
      const keep = new Set(records.map((r) => r.id));
      const gone: string[] = [];
      for (let row = 0; row < m.store.length && keep.size > 0; row++) {
        if (m.store.alive[row] !== 1) continue;
        const id = m.store.idOf(row);
        if (!keep.has(id)) gone.push(id);
      }
      if (keep.size === 0 || gone.length === m.store.size) {
        m.store.clear();
        m.animating.clear();
        if (m.hovered >= 0) m.hovered = -1;
        if (m.selected >= 0) {
          m.selected = -1;
          m.version++;
        }
      } else {
        for (const id of gone) {
          const row = m.store.remove(id);
          if (row >= 0) forget(world, row);
        }
      }
      for (const r of records) upsert(world, r, false);
      continue;
    }
    for (const article of op.articles) {
      const r = toRecord(article, now);
      if (r !== null) upsert(world, r, op.live);
    }
  }
  m.ops.length = 0;
  m.dirty = true;
}
