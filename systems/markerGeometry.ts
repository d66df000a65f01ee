/** Where a marker is drawn: its place lifted above the ground, plus its fan-out offset. */
import { GLOBE_RADIUS } from '../data/geoMath';
import { Marker } from '../engine/markers/markerComponents';

/** Marker elevation above the surface (spec: base 5, clamp 5-50) in scene units. */
export const MARKER_ALTITUDE = 5;
/** Marker size = clamp(BASE x size factor, 2, 20) scene units (spec clamps 2-20). */
export const MARKER_BASE_SIZE = 20;
export const MARKER_MIN_SIZE = 2;
export const MARKER_MAX_SIZE = 20;
export const MARKER_RADIUS = GLOBE_RADIUS + MARKER_ALTITUDE;

const DEG = Math.PI / 180;

/** Nominal marker size (scene units at the reference altitude) for the size setting. */
export function markerSize(sizeFactor: number): number {
  return Math.min(MARKER_MAX_SIZE, Math.max(MARKER_MIN_SIZE, MARKER_BASE_SIZE * sizeFactor));
}

/** A cluster badge grows with log10 of its count: x1.15 for 2, x3 for 10,000. */
export const CLUSTER_SIZE_PER_DECADE = 0.5;

/** Drawn size of a cluster item of `count` articles: a single article keeps the marker size. */
export function clusterItemSize(size: number, count: number): number {
  return count === 1 ? size : size * (1 + Math.log10(Math.max(2, count)) * CLUSTER_SIZE_PER_DECADE);
}

/** Altitude (scene units above the surface) at which markers have their nominal size. */
export const MARKER_REFERENCE_ALTITUDE = 400;
/** Scale limits: with the medium size (10) markers span the spec's 2-20 units. */
export const MARKER_SCALE_MIN = 0.2;
export const MARKER_SCALE_MAX = 2;

/**
 * Markers shrink in scene units as the camera comes down, so they keep a readable size on
 * screen instead of growing into a carpet up close. The vertex shader applies the same formula.
 */
export function markerScale(cameraDistance: number): number {
  const s = (cameraDistance - GLOBE_RADIUS) / MARKER_REFERENCE_ALTITUDE;
  return Math.min(MARKER_SCALE_MAX, Math.max(MARKER_SCALE_MIN, s));
}

/** Writes the marker's drawn centre into out[0..2]. */
export function markerCentre(e: number, size: number, out: Float64Array | number[]): void {
  const lat = (Marker.lat[e] as number) * DEG;
  const lon = (Marker.lon[e] as number) * DEG;
  const cl = Math.cos(lat);
  const sl = Math.sin(lat);
  const co = Math.cos(lon);
  const so = Math.sin(lon);
  const fe = (Marker.fanEast[e] as number) * size;
  const fn = (Marker.fanNorth[e] as number) * size;
  // East = (cos lon, 0, -sin lon); north = (-sin lat sin lon, cos lat, -sin lat cos lon).
  out[0] = MARKER_RADIUS * cl * so + fe * co - fn * sl * so;
  out[1] = MARKER_RADIUS * sl + fn * cl;
  out[2] = MARKER_RADIUS * cl * co - fe * so - fn * sl * co;
}
