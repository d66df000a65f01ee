/**
 * The background globe's decorative activity circles (spec globe.md section 1: 500 circles, 90 %
 * on land, a new pulse every 2000 ms living 3000 ms): where they sit and which one pulses when.
 * Pure and seeded (data/random.ts), so the same seed always gives the same globe.
 */
import { mulberry32 } from '../random';

export const ACTIVITY_CIRCLE_COUNT = 500;
export const ACTIVITY_LAND_SHARE = 0.9;
export const PULSE_EVERY_MS = 2000;
export const PULSE_LIFE_MS = 3000;
/** Tries per circle before a land (or sea) circle takes any place (a land test that never says
 * yes must not hang the page). */
export const PLACEMENT_TRIES = 400;

export interface ActivityCircles {
  /** Latitude and longitude (degrees) per circle. */
  lat: Float64Array;
  lon: Float64Array;
  /** 1 when the circle is on land. */
  land: Uint8Array;
  /** Twinkle phase 0..1. */
  phase: Float32Array;
  onLand: number;
}

/**
 * Places `count` circles uniformly over the sphere, `round(count * landShare)` of them where
 * `isLand` says yes and the rest where it says no (rejection sampling).
 */
export function placeActivityCircles(
  isLand: (lat: number, lon: number) => boolean,
  count = ACTIVITY_CIRCLE_COUNT,
  landShare = ACTIVITY_LAND_SHARE,
  seed = 0xc1c1e5,
): ActivityCircles {
  const rand = mulberry32(seed);
  const out: ActivityCircles = {
    lat: new Float64Array(count),
    lon: new Float64Array(count),
    land: new Uint8Array(count),
    phase: new Float32Array(count),
    onLand: 0,
  };
  const wantLand = Math.round(count * landShare);
  for (let i = 0; i < count; i++) {
    const landWanted = i < wantLand;
    let lat = 0;
    let lon = 0;
    let land = false;
    for (let t = 0; t < PLACEMENT_TRIES; t++) {
      lat = (Math.asin(rand() * 2 - 1) * 180) / Math.PI;
      lon = rand() * 360 - 180;
      land = isLand(lat, lon);
      if (land === landWanted) break;
    }
    out.lat[i] = lat;
    out.lon[i] = lon;
    out.land[i] = land ? 1 : 0;
    out.phase[i] = rand();
    if (land) out.onLand++;
  }
  return out;
}

/** The circle that pulse number `k` (started at k * PULSE_EVERY_MS) belongs to. */
export function pulseCircle(k: number, count = ACTIVITY_CIRCLE_COUNT): number {
  // An integer hash of k (a few multiply-xorshift rounds), so the order looks random but is fixed.
  let h = Math.imul(k ^ 0x9e3779b9, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) % count;
}

/**
 * The pulses alive at `timeMs` (ms since the circles appeared): pulse k starts at
 * k * PULSE_EVERY_MS and lives PULSE_LIFE_MS, so at most two overlap. Writes
 * [circleA, startA, circleB, startB] (ms; circle -1 = none) into `out`.
 */
export function livePulses(timeMs: number, out: Float64Array, count = ACTIVITY_CIRCLE_COUNT) {
  const k = Math.floor(timeMs / PULSE_EVERY_MS);
  const prev = k - 1;
  const prevAlive = prev >= 0 && timeMs - prev * PULSE_EVERY_MS < PULSE_LIFE_MS;
  out[0] = prevAlive ? pulseCircle(prev, count) : -1;
  out[1] = prev * PULSE_EVERY_MS;
  out[2] = k >= 0 ? pulseCircle(k, count) : -1;
  out[3] = k * PULSE_EVERY_MS;
  return out;
}
