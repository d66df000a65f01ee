/**
 * markerSpawnSystem - turns article changes (from commands) into marker entities.
 * Reads: markers.ops. Writes: Marker fields, markers.records/byId, markers.dirty, animating.
 * Order: after commands, before the marker filter. Cadence: every frame (no-op when idle).
 * Entity ids are recycled by bitecs: outside the engine, articles are known by id only.
 */
import { addComponent, addEntity, removeEntity } from 'bitecs';
import { resolveArticleLocation } from '../data/markers/articleLocation';
import {
  SENTIMENTS,
  articleCategories,
  articleEmoji,
  articleSentiment,
  markerColor,
} from '../data/markers/markerStyle';
import {
  Marker,
  ensureMarkerCapacity,
  type MarkerRecord,
} from '../engine/markers/markerComponents';
import type { AtlasWorld } from '../engine/world';

type Obj = Record<string, unknown>;

function articleId(a: Obj): string | null {
  const id = a['id'] ?? a['_id'];
  return typeof id === 'string' && id !== '' ? id : typeof id === 'number' ? String(id) : null;
}

function publishedMs(a: Obj, fallback: number): number {
  for (const k of ['publishedAt', 'createdAt', 'dateTimePub']) {
    const v = a[k];
    if (typeof v === 'string' || typeof v === 'number') {
      const t = new Date(v).getTime();
      if (Number.isFinite(t)) return t;
    }
  }
  return fallback;
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
    emoji: articleEmoji(a),
    publishedMs: publishedMs(a, nowMs),
    lat: place.lat,
    lon: place.lon,
    article,
  };
}

function writeRecord(world: AtlasWorld, e: number, r: MarkerRecord): void {
  Marker.lat[e] = r.lat;
  Marker.lon[e] = r.lon;
  Marker.sentiment[e] = SENTIMENTS.indexOf(r.sentiment);
  Marker.cell[e] = world.render.markers.cellFor(r.emoji, r.category);
  const [cr, cg, cb] = markerColor(r.categories, r.sentiment);
  Marker.rgb[e * 3] = cr;
  Marker.rgb[e * 3 + 1] = cg;
  Marker.rgb[e * 3 + 2] = cb;
  Marker.publishedMs[e] = r.publishedMs;
  world.markers.records[e] = r;
}

function upsert(world: AtlasWorld, r: MarkerRecord, live: boolean): void {
  const m = world.markers;
  let e = m.byId.get(r.id);
  if (e === undefined) {
    e = addEntity(world);
    ensureMarkerCapacity(e);
    addComponent(world, e, Marker);
    Marker.state[e] = 0;
    Marker.slot[e] = -1;
    Marker.intensity[e] = 0;
    Marker.flashUntil[e] = 0;
    m.byId.set(r.id, e);
  }
  writeRecord(world, e, r);
  if (live) {
    Marker.intensity[e] = 1;
    m.animating.add(e);
  }
  m.changed.add(e);
}

function remove(world: AtlasWorld, id: string): void {
  const m = world.markers;
  const e = m.byId.get(id);
  if (e === undefined) return;
  m.byId.delete(id);
  m.records[e] = undefined;
  m.animating.delete(e);
  m.changed.delete(e);
  if (m.hovered === e) m.hovered = -1;
  if (m.selected === e) m.selected = -1;
  Marker.slot[e] = -1;
  removeEntity(world, e);
}

export function markerSpawnSystem(world: AtlasWorld): void {
  const m = world.markers;
  if (m.ops.length === 0) return;
  const now = Date.now();
  for (const op of m.ops) {
    if (op.kind === 'remove') {
      for (const id of op.ids) remove(world, id);
      continue;
    }
    const seen = op.kind === 'replace' ? new Set<string>() : null;
    for (const article of op.articles) {
      const r = toRecord(article, now);
      if (r === null) continue;
      seen?.add(r.id);
      upsert(world, r, op.kind === 'upsert' && op.live);
    }
    if (seen !== null) {
      for (const id of [...m.byId.keys()]) if (!seen.has(id)) remove(world, id);
    }
  }
  m.ops.length = 0;
  m.dirty = true;
}
