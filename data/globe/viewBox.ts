/**
 * The part of the globe the camera shows, as a latitude/longitude box (issue #24: a saved alert
 * region drawn from the globe - Share View's 'Watch this area'). Pure: the engine publishes it
 * (systems/uiPublishSystem.ts) from the camera, its vertical field of view and the canvas aspect.
 *
 * The camera orbits the origin looking at it with y up (data/geoMath.ts convention). Rays along the
 * screen's border are cast at the sphere; a ray that misses stands for the horizon point in the
 * same screen direction. The box bounds those points; a pole in view opens it to every longitude.
 * Rounded outwards to 0.1 degree; longitudes may cross the antimeridian (west > east).
 */
import type { Box } from '../alertMatch';
import { GLOBE_RADIUS, latLonToXyz, wrapLon, xyzToLatLon, type LatLonDistance } from '../geoMath';

/** Rays per screen edge. */
const EDGE_SAMPLES = 24;

type V = [number, number, number];

const dot = (a: V, b: V): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a: V, b: V): V => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];
const scale = (a: V, k: number): V => [a[0] * k, a[1] * k, a[2] * k];
const add = (a: V, b: V): V => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
const norm = (a: V): V => scale(a, 1 / Math.hypot(a[0], a[1], a[2]));

/**
 * The visible box for a camera at `camera` (distance from the centre, > radius) with a vertical
 * field of view `fovY` (radians) and a width/height `aspect`; null when the camera is inside the
 * globe or the inputs are not finite.
 */
export function visibleBox(
  camera: LatLonDistance,
  fovY: number,
  aspect: number,
  radius = GLOBE_RADIUS,
): Box | null {
  const { lat, lon, distance: d } = camera;
  if (![lat, lon, d, fovY, aspect].every(Number.isFinite) || d <= radius || aspect <= 0) {
    return null;
  }
  const p: V = latLonToXyz(lat, lon, d);
  const back = norm(p);
  const forward = scale(back, -1);
  // Screen right and up (east is right when looking at the globe; near a pole any up will do).
  const worldUp: V = Math.abs(back[1]) > 0.999 ? [0, 0, 1] : [0, 1, 0];
  const right = norm(cross(worldUp, back));
  const up = cross(back, right);
  const ty = Math.tan(fovY / 2);
  const tx = ty * aspect;
  // The horizon: the tangent cone's half angle and the distance along it.
  const cosHorizon = Math.sqrt(1 - (radius / d) ** 2);
  const sinHorizon = radius / d;
  const tangentLength = Math.sqrt(d * d - radius * radius);

  const points: V[] = [];
  const castAt = (sx: number, sy: number): void => {
    const dir = norm(add(forward, add(scale(right, sx * tx), scale(up, sy * ty))));
    // |p + t dir| = radius: t^2 + 2 t (p.dir) + d^2 - r^2 = 0.
    const b = dot(p, dir);
    const disc = b * b - (d * d - radius * radius);
    if (disc >= 0) {
      const t = -b - Math.sqrt(disc);
      points.push(add(p, scale(dir, t)));
      return;
    }
    // Missed: the horizon point in the same screen direction.
    const side = norm(add(dir, scale(forward, -dot(dir, forward))));
    const tangent = add(scale(forward, cosHorizon), scale(side, sinHorizon));
    points.push(add(p, scale(tangent, tangentLength)));
  };
  for (let i = 0; i <= EDGE_SAMPLES; i++) {
    const s = -1 + (2 * i) / EDGE_SAMPLES;
    castAt(s, -1);
    castAt(s, 1);
    castAt(-1, s);
    castAt(1, s);
  }

  let south = 90;
  let north = -90;
  let west = 0;
  let east = 0;
  for (const q of points) {
    const ll = xyzToLatLon(q[0], q[1], q[2]);
    south = Math.min(south, ll.lat);
    north = Math.max(north, ll.lat);
    const rel = wrapLon(ll.lon - lon);
    west = Math.min(west, rel);
    east = Math.max(east, rel);
  }
  const poleInView = (y: number): boolean => {
    const pole: V = [0, y * radius, 0];
    const toPole = add(pole, scale(p, -1));
    // On the camera's side of the horizon, and inside the screen rectangle.
    if (dot(pole, p) <= radius * radius) return false;
    const z = dot(toPole, forward);
    if (z <= 0) return false;
    return Math.abs(dot(toPole, right) / z) <= tx && Math.abs(dot(toPole, up) / z) <= ty;
  };
  const northPole = poleInView(1);
  const southPole = poleInView(-1);
  if (northPole) north = 90;
  if (southPole) south = -90;
  const floor1 = (v: number): number => Math.floor(v * 10) / 10;
  const ceil1 = (v: number): number => Math.ceil(v * 10) / 10;
  if (northPole || southPole || east - west >= 359.8) {
    return {
      south: Math.max(-90, floor1(south)),
      west: -180,
      north: Math.min(90, ceil1(north)),
      east: 180,
    };
  }
  return {
    south: Math.max(-90, floor1(south)),
    west: floor1(wrapLon(lon + west)),
    north: Math.min(90, ceil1(north)),
    east: ceil1(wrapLon(lon + east)),
  };
}

/** A box as a saved region's text: 'south,west,north,east' (data/alertMatch.ts parseBox). */
export function boxText(b: Box): string {
  return [b.south, b.west, b.north, b.east].map((v) => v.toFixed(1)).join(',');
}
