/**
 * Article markers in the ECS. One entity per article on the globe; its fields are SoA typed arrays
 * that grow with the number of markers. Per-frame state (visible, state, intensity) is a field,
 * never a tag. The original article stays in `MarkerRecord` for the UI (tooltip, selection).
 */
import type { Sentiment } from '../../data/markers/markerStyle';

export interface MarkerRecord {
  id: string;
  title: string;
  /** First category, as written (for the tooltip); 'General' when none. */
  category: string;
  /** All categories, lower case (for the filter). */
  categories: string[];
  sentiment: Sentiment;
  emoji: string;
  publishedMs: number;
  lat: number;
  lon: number;
  /** The article as received, for the UI. */
  article: unknown;
}

/** Marker.state values. */
export const MARKER_NORMAL = 0;
export const MARKER_HOVERED = 1;
export const MARKER_SELECTED = 2;

const INITIAL_CAPACITY = 1024;

export const Marker = {
  capacity: INITIAL_CAPACITY,
  lat: new Float32Array(INITIAL_CAPACITY),
  lon: new Float32Array(INITIAL_CAPACITY),
  /** Index of the sentiment in SENTIMENTS. */
  sentiment: new Uint8Array(INITIAL_CAPACITY),
  /** Emoji atlas cell. */
  cell: new Uint16Array(INITIAL_CAPACITY),
  /** Category colour, 3 floats per entity. */
  rgb: new Float32Array(INITIAL_CAPACITY * 3),
  publishedMs: new Float64Array(INITIAL_CAPACITY),
  /** Live-article glow: 1 when it arrives, x0.95 per second down to 0.2 (spec). */
  intensity: new Float32Array(INITIAL_CAPACITY),
  /** MARKER_NORMAL / HOVERED / SELECTED. */
  state: new Uint8Array(INITIAL_CAPACITY),
  /** Until when (ms) the selected marker flashes yellow. */
  flashUntil: new Float64Array(INITIAL_CAPACITY),
  /** GPU slot while drawn, else -1. */
  slot: new Int32Array(INITIAL_CAPACITY).fill(-1),
  /** Fan-out offset for markers sharing a place, in the local east/north plane (scene units). */
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
  Marker.lat = grow(Marker.lat, n);
  Marker.lon = grow(Marker.lon, n);
  Marker.sentiment = grow(Marker.sentiment, n);
  Marker.cell = grow(Marker.cell, n);
  Marker.rgb = grow(Marker.rgb, n * 3);
  Marker.publishedMs = grow(Marker.publishedMs, n);
  Marker.intensity = grow(Marker.intensity, n);
  Marker.state = grow(Marker.state, n);
  Marker.flashUntil = grow(Marker.flashUntil, n);
  Marker.slot = grow(Marker.slot, n, -1);
  Marker.fanEast = grow(Marker.fanEast, n);
  Marker.fanNorth = grow(Marker.fanNorth, n);
  Marker.capacity = n;
}
