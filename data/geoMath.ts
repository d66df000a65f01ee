/**
 * Geographic math shared by the engine, systems and server. Pure functions, no allocation in the
 * `*Into` variants so per-frame code can reuse output arrays.
 *
 * Convention (right-handed, y up, as the engine's scene): latitude/longitude in degrees map to
 *   x = r cos(lat) sin(lon), y = r sin(lat), z = r cos(lat) cos(lon)
 * so (0, 0) faces +z, east (lon 90) is +x, and the north pole is +y. A camera on +z looking at the
 * origin sees east on its right, as on a map.
 */

/** Globe radius in scene units (spec: globe.md section 1). */
export const GLOBE_RADIUS = 200;
/** Earth radius in km used for altitude readouts (spec: globe.md section 1). */
export const EARTH_RADIUS_KM = 6371;
/** km per scene unit above the surface: readout km = (distance - 200) * 31.855 (spec). */
export const KM_PER_UNIT = 31.855;

const DEG = Math.PI / 180;

export type Vec3Out = [number, number, number] | Float32Array | Float64Array;

/** Writes the point at (lat, lon) degrees on a sphere of `radius` into `out` at `offset`. */
export function latLonToXyzInto(
  lat: number,
  lon: number,
  radius: number,
  out: Vec3Out,
  offset = 0,
): void {
  const phi = lat * DEG;
  const lambda = lon * DEG;
  const c = Math.cos(phi);
  out[offset] = radius * c * Math.sin(lambda);
  out[offset + 1] = radius * Math.sin(phi);
  out[offset + 2] = radius * c * Math.cos(lambda);
}

export function latLonToXyz(
  lat: number,
  lon: number,
  radius = GLOBE_RADIUS,
): [number, number, number] {
  const out: [number, number, number] = [0, 0, 0];
  latLonToXyzInto(lat, lon, radius, out);
  return out;
}

export interface LatLonDistance {
  lat: number;
  lon: number;
  /** Distance from the globe centre in scene units. */
  distance: number;
}

/** Inverse of latLonToXyz; longitude in (-180, 180], latitude in [-90, 90]. */
export function xyzToLatLon(x: number, y: number, z: number): LatLonDistance {
  const distance = Math.hypot(x, y, z);
  if (distance === 0) return { lat: 0, lon: 0, distance: 0 };
  const lat = Math.asin(Math.max(-1, Math.min(1, y / distance))) / DEG;
  const lon = Math.atan2(x, z) / DEG;
  return { lat, lon: lon === -180 ? 180 : lon, distance };
}

/** Wraps any longitude into (-180, 180]. */
export function wrapLon(lon: number): number {
  const w = ((((lon + 180) % 360) + 360) % 360) - 180;
  return w === -180 ? 180 : w;
}

/** Clamps to [min, max]. */
export function clamp(v: number, min: number, max: number): number {
  return v < min ? min : v > max ? max : v;
}

/** Great-circle distance in degrees between two points. */
export function angularDistanceDeg(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const p1 = lat1 * DEG;
  const p2 = lat2 * DEG;
  const dp = p2 - p1;
  const dl = (lon2 - lon1) * DEG;
  const a = Math.sin(dp / 2) ** 2 + Math.cos(p1) * Math.cos(p2) * Math.sin(dl / 2) ** 2;
  return (2 * Math.asin(Math.min(1, Math.sqrt(a)))) / DEG;
}

/** Camera altitude readout in km for a camera `distance` from the centre (spec formula). */
export function distanceToKm(distance: number): number {
  return (distance - GLOBE_RADIUS) * KM_PER_UNIT;
}

/** Cubic ease-in-out on t in [0, 1] (spec: fly-to easing). */
export function easeInOutCubic(t: number): number {
  const c = clamp(t, 0, 1);
  return c < 0.5 ? 4 * c * c * c : 1 - (-2 * c + 2) ** 3 / 2;
}
