/**
 * markerFilterSystem - decides which markers are drawn and gives them GPU slots: the filter
 * (sentiment, categories, time window), newest first, capped at maxMarkers; markers at the same
 * place (rounded to 4 decimals, spec) fan out in a circle around the first.
 * Reads: Marker fields, markers.filter, records. Writes: markers.visible, Marker.slot,
 * Marker.fanEast/fanNorth, markers.changed, the GPU slot count.
 * Order: after spawn, before picking. Cadence: when dirty, and every REFILTER_MS for time windows.
 */
import { SENTIMENTS } from '../data/markers/markerStyle';
import { passesFilter } from '../data/markers/markerFilter';
import { Marker } from '../engine/markers/markerComponents';
import type { AtlasWorld } from '../engine/world';

/** Time windows move with the clock: re-evaluate this often even when nothing else changed. */
export const REFILTER_MS = 60_000;
/** Fan-out ring radius per marker size (scene units per unit of marker size). */
export const FAN_RADIUS_PER_SIZE = 0.9;

const scratch: number[] = [];

export function markerFilterSystem(world: AtlasWorld): void {
  const m = world.markers;
  const now = Date.now();
  if (!m.dirty && now - m.rebuiltAt < REFILTER_MS) return;
  m.dirty = false;
  m.rebuiltAt = now;

  const f = m.filter;
  scratch.length = 0;
  for (const e of m.byId.values()) {
    const r = m.records[e];
    if (r === undefined) continue;
    const sentiment = SENTIMENTS[Marker.sentiment[e] as number] ?? 'neutral';
    if (passesFilter(f, sentiment, r.categories, Marker.publishedMs[e] as number, now))
      scratch.push(e);
  }
  // Newest first; ties by id so the order is stable across rebuilds.
  scratch.sort((a, b) => {
    const d = (Marker.publishedMs[b] as number) - (Marker.publishedMs[a] as number);
    return d !== 0 ? d : (m.records[a]?.id ?? '') < (m.records[b]?.id ?? '') ? -1 : 1;
  });
  if (scratch.length > f.maxMarkers) scratch.length = Math.max(0, f.maxMarkers);

  for (const e of m.visible) Marker.slot[e] = -1;
  m.visible.length = 0;
  const groups = new Map<string, number[]>();
  for (const e of scratch) {
    Marker.slot[e] = m.visible.length;
    m.visible.push(e);
    m.changed.add(e);
    const key = `${(Marker.lat[e] as number).toFixed(4)},${(Marker.lon[e] as number).toFixed(4)}`;
    const g = groups.get(key);
    if (g) g.push(e);
    else groups.set(key, [e]);
  }
  m.maxFanRadius = 0;
  for (const g of groups.values()) m.maxFanRadius = Math.max(m.maxFanRadius, fanOut(g));
  if (m.hovered >= 0 && Marker.slot[m.hovered] === -1) m.hovered = -1;
  world.render.markers.setCount(m.visible.length);
  m.version++;
}

/** The first marker stays at the place; the others sit on a ring around it, evenly spaced.
 * Returns the ring radius (in marker sizes), 0 for a lone marker. */
function fanOut(group: readonly number[]): number {
  const first = group[0];
  if (first === undefined) return 0;
  Marker.fanEast[first] = 0;
  Marker.fanNorth[first] = 0;
  const n = group.length - 1;
  let radius = 0;
  for (let i = 1; i < group.length; i++) {
    const e = group[i] as number;
    const a = (2 * Math.PI * (i - 1)) / n;
    // Ring radius in units of marker size; grows gently so big groups do not overlap.
    const ring = FAN_RADIUS_PER_SIZE * (1 + Math.floor((i - 1) / 12) * 0.8) * (n > 6 ? 1.3 : 1);
    Marker.fanEast[e] = Math.cos(a) * ring;
    Marker.fanNorth[e] = Math.sin(a) * ring;
    radius = Math.max(radius, ring);
  }
  return radius;
}
