/**
 * Article markers in the ECS. The articles themselves live in a columnar store
 * (data/markers/articleColumns.ts, world.markers.store: one row per article, a million rows in
 * ~30 MB); an entity exists only for a marker drawn individually right now (after the filter, the
 * cap, clustering and the view cull - a few thousand at most). Its fields are SoA typed arrays
 * that grow with the number of entities; per-frame state (state, lod) is a field, never a tag.
 * bitecs recycles entity ids: outside the engine, markers are known by article id only.
 */
export type { MarkerRecord } from '../../data/markers/articleColumns';

/** Marker.state values. */
export const MARKER_NORMAL = 0;
export const MARKER_HOVERED = 1;
export const MARKER_SELECTED = 2;

const INITIAL_CAPACITY = 1024;

export const Marker = {
  capacity: INITIAL_CAPACITY,
  /** The article's row in world.markers.store. */
  row: new Int32Array(INITIAL_CAPACITY).fill(-1),
  lat: new Float32Array(INITIAL_CAPACITY),
  lon: new Float32Array(INITIAL_CAPACITY),
  /** Index of the sentiment in SENTIMENTS. */
  sentiment: new Uint8Array(INITIAL_CAPACITY),
  /** Emoji atlas cell. */
  cell: new Uint16Array(INITIAL_CAPACITY),
  /** Category colour, 3 floats per entity. */
  rgb: new Float32Array(INITIAL_CAPACITY * 3),
  /** MARKER_NORMAL / HOVERED / SELECTED. */
  state: new Uint8Array(INITIAL_CAPACITY),
  /** Detail level by camera distance (data/markers/markerLod.ts), with hysteresis. */
  lod: new Uint8Array(INITIAL_CAPACITY),
  /** GPU slot while drawn, else -1. */
  slot: new Int32Array(INITIAL_CAPACITY).fill(-1),
  /** Fan-out offset for markers sharing a place, in the local east/north plane (marker sizes). */
  fanEast: new Float32Array(INITIAL_CAPACITY),
  fanNorth: new Float32Array(INITIAL_CAPACITY),
};

function grow<T extends Float32Array | Float64Array | Uint8Array | Uint16Array | Int32Array>(
  a: T,
  n: number,
  fill?: number,
): T {
  const b = new (a.constructor as new (n: number) => T)(n);
  b.set(a);
  if (fill !== undefined) b.fill(fill, a.length);
  return b;
}

/** Makes room for entity ids up to `eid` (doubling, so growth is amortised). */
export function ensureMarkerCapacity(eid: number): void {
  if (eid < Marker.capacity) return;
  let n = Marker.capacity;
  while (n <= eid) n *= 2;
  Marker.row = grow(Marker.row, n, -1);
  Marker.lat = grow(Marker.lat, n);
  Marker.lon = grow(Marker.lon, n);
  Marker.sentiment = grow(Marker.sentiment, n);
  Marker.cell = grow(Marker.cell, n);
  Marker.rgb = grow(Marker.rgb, n * 3);
  Marker.state = grow(Marker.state, n);
  Marker.lod = grow(Marker.lod, n);
  Marker.slot = grow(Marker.slot, n, -1);
  Marker.fanEast = grow(Marker.fanEast, n);
  Marker.fanNorth = grow(Marker.fanNorth, n);
  Marker.capacity = n;
}
