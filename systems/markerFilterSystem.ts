/**
 * markerFilterSystem - decides which articles the globe shows: the filter (sentiment, categories,
 * reality types, sources, time window: the timeline filter {start, end} when set, else the last `hours`) over the
 * columnar store, then the maxMarkers cap (newest first; the default 100 is
 * further capped by the quality rung: low 50, medium 200, high 500, unless maxMarkers was chosen
 * explicitly). The result is a list of store rows (markers.filtered), shown individually or
 * inside clusters; entities and GPU slots are the cull system's business.
 * Reads: markers.store, markers.filter, markers.timeline, maxMarkersChosen, the quality rung,
 * pendingColumns.
 * Writes: markers.filtered/filteredCount/filterVersion/appliedCap/appliedTimeline, hovered
 * (cleared when its article is filtered out); a timeline end moved forward over the same start
 * (a time-lapse play step) starts the live glow (store.intensity 1, animating) of the rows it
 * passed.
 * Order: after spawn, before cluster and cull. Cadence: when dirty, and every REFILTER_MS for
 * time windows. A linear pass over typed arrays: ~10 ms per million rows.
 */
import { SENTIMENTS } from '../data/markers/markerStyle';
import { ArticleColumns, selectNewest } from '../data/markers/articleColumns';
import { effectiveMaxMarkers } from '../data/quality/adaptiveQuality';
import type { AtlasWorld } from '../engine/world';

/** Time windows move with the clock: re-evaluate this often even when nothing else changed. */
export const REFILTER_MS = 60_000;

/** Order-independent digest of a row set (count, sum and xor of mixed rows), per world. */
const digests = new WeakMap<object, [number, number, number]>();
function rowsDigest(rows: Int32Array, n: number): [number, number, number] {
  let sum = 0;
  let xor = 0;
  for (let i = 0; i < n; i++) {
    const h = Math.imul((rows[i] as number) ^ 0x5bd1e995, 0x9e3779b1) >>> 0;
    sum = (sum + h) % 4_294_967_311;
    xor = (xor ^ Math.imul(h, 0x85ebca6b)) >>> 0;
  }
  return [n, sum, xor];
}

export function markerFilterSystem(world: AtlasWorld): void {
  const m = world.markers;
  const now = Date.now();
  const cap = effectiveMaxMarkers(
    m.filter.maxMarkers,
    m.maxMarkersChosen,
    world.quality?.controller.state.mode ?? null,
  );
  if (cap !== m.appliedCap) m.dirty = true;
  if (!m.dirty && now - m.rebuiltAt < REFILTER_MS) return;
  if (m.pendingColumns) {
    // A chunked load is half way: show nothing until its last chunk (one filter pass, one
    // cluster build), rather than filtering and clustering every partial set.
    if (m.filteredCount > 0) {
      m.filteredCount = 0;
      m.filterVersion++;
      m.hovered = -1;
    }
    return;
  }
  const timed = !m.dirty;
  m.dirty = false;
  m.appliedCap = cap;
  m.rebuiltAt = now;

  const s = m.store;
  const f = m.filter;
  if (m.filtered.length < s.length) m.filtered = new Int32Array(s.capacity);
  const out = m.filtered;
  const sentiment = f.sentiment === 'all' ? -1 : SENTIMENTS.indexOf(f.sentiment);
  const byCategory = f.categories.length > 0;
  const { mask, overflow } = s.filterMask(f.categories);
  const realityMask = ArticleColumns.realityMask(f.realityTypes);
  const sourceWanted = s.sourceLookup(f.sources);
  const tl = m.timeline;
  const since = tl === null ? now - f.hours * 3_600_000 : tl.startMs;
  const until = tl === null ? Infinity : tl.endMs;
  // A play step: the same start, a later end. Rows published in (previous end, end] glow.
  const prev = m.appliedTimeline;
  const glowAfter =
    tl !== null && prev !== null && prev.startMs === tl.startMs && tl.endMs > prev.endMs
      ? prev.endMs
      : Infinity;
  m.appliedTimeline = tl;
  const { alive, publishedMs, catMask } = s;
  const sent = s.sentiment;
  const reality = s.reality;
  const source = s.source;
  let n = 0;
  for (let row = 0; row < s.length; row++) {
    if (alive[row] !== 1) continue;
    const t = publishedMs[row] as number;
    if (t < since || t > until) continue;
    if (sentiment >= 0 && sent[row] !== sentiment) continue;
    if (realityMask !== 0 && ((1 << (reality[row] as number)) & realityMask) === 0) continue;
    if (sourceWanted !== null && sourceWanted[source[row] as number] !== 1) continue;
    if (byCategory) {
      const hit = ((catMask[row] as number) & mask) >>> 0;
      if (hit === 0) continue;
      // Only the shared overflow bit matched: check the names.
      if (overflow && hit === 0x80000000 && !s.hasCategory(row, f.categories)) continue;
    }
    out[n++] = row;
    if (t > glowAfter) {
      s.intensity[row] = 1;
      m.animating.add(row);
    }
  }
  m.filteredCount = selectNewest(s, out, n, cap, false);
  // The minute's re-check of the time window usually changes nothing: then keep the version, so
  // a million points are not re-sent to the cluster worker (and re-indexed) every minute.
  const digest = rowsDigest(out, m.filteredCount);
  const last = digests.get(m);
  digests.set(m, digest);
  if (timed && last !== undefined && last.every((v, i) => v === digest[i])) return;
  m.filterVersion++;
  if (m.hovered >= 0 && !out.subarray(0, m.filteredCount).includes(m.hovered)) m.hovered = -1;
}
