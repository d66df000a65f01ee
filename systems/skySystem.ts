/**
 * skySystem - simulated time, the sun's direction (day/night light, city lights, cloud shading)
 * and the positions of the sun, moon and planets.
 * Reads: simClock, time.now, earth.parts, appearance.trueScale (true or simplified scale).
 * Writes: simTime, earth.sun/sunAt/sunLitSent/skyAt, appearance.sky/skyTrueScale;
 * earthRender.setSun (when the sun moved or the light mode changed), earthRender.setSky.
 * Order: after earthLayer (needs this frame's parts). Cadence: every frame a subtraction; the
 * sun every SUN_UPDATE_SIM_MS of simulated time, the sky layout every SKY_UPDATE_SIM_MS (both
 * allocate a few small objects, so never per frame at the realtime speed).
 */
import {
  PLANETS,
  SIMPLIFIED_ORBIT_EXPONENT,
  SUN_DISTANCE_SIMPLIFIED,
  gmstDeg,
  heliocentricEcliptic,
  julianCenturies,
  solarSystemLayout,
  sunDirection,
  toSkyShell,
  type SolarSystemLayout,
  type Vec3,
} from '../data/globe/astro';
import {
  resetToNow,
  setManualTime,
  setTimeMode,
  simulatedNow,
  type TimeMode,
} from '../data/globe/timezones';
import { epochNow, type AtlasWorld } from '../engine/world';
import { PART_MOON, PART_PLANETS, PART_SUN, PART_SUNLIGHT } from './earthLayerSystem';

/** The sun moves 0.25 deg per minute over the globe: 10 s of simulated time is 0.04 deg. */
export const SUN_UPDATE_SIM_MS = 10_000;
/** Sun, moon and planets: one layout per simulated minute (0.25 deg of sky rotation). */
export const SKY_UPDATE_SIM_MS = 60_000;
/** Points per planet orbit ring. */
export const ORBIT_SEGMENTS = 128;

const DEG = Math.PI / 180;
/** General precession in longitude, degrees per Julian century (IAU 1976, as in astro.ts). */
const PRECESSION_DEG_PER_CENTURY = 5029.0966 / 3600;

/** Whether the sun must be recomputed at `simTime` (pure; `sunAt` = time of the last one). */
export function sunNeedsUpdate(simTime: number, sunAt: number): boolean {
  return !(Math.abs(simTime - sunAt) < SUN_UPDATE_SIM_MS);
}

/** Whether the sky layout must be recomputed (any sky part drawn and a sim minute passed). */
export function skyNeedsUpdate(parts: number, simTime: number, skyAt: number): boolean {
  if ((parts & (PART_SUN | PART_MOON | PART_PLANETS)) === 0) return false;
  return !(Math.abs(simTime - skyAt) < SKY_UPDATE_SIM_MS);
}

/**
 * Rotation (row-major 3x3) from the J2000 ecliptic frame to the globe's Earth-fixed frame at
 * `date`: precession to the equinox of date, the obliquity, then the sidereal time (mean values:
 * nutation moves this by under 0.005 deg). The same chain as astro.ts's eclipticToGlobe.
 */
export function eclipticToGlobeMatrix(date: Date, out: Float64Array = new Float64Array(9)) {
  const t = julianCenturies(date);
  const p = PRECESSION_DEG_PER_CENTURY * t * DEG;
  const eps = (23.43929111 - (46.815 * t) / 3600) * DEG;
  const g = gmstDeg(date) * DEG;
  const ce = Math.cos(eps);
  const se = Math.sin(eps);
  const cg = Math.cos(g);
  const sg = Math.sin(g);
  // Columns: images of the ecliptic-of-date unit vectors (see astro.ts eclipticToGlobe).
  const ex = [-sg, 0, cg];
  const ey = [ce * cg, se, ce * sg];
  const ez = [-se * cg, ce, -se * sg];
  // Precession: rotate J2000 (x, y) by p about the ecliptic pole.
  const cp = Math.cos(p);
  const sp = Math.sin(p);
  for (let r = 0; r < 3; r++) {
    const a = ex[r] as number;
    const b = ey[r] as number;
    out[r * 3] = a * cp + b * sp;
    out[r * 3 + 1] = -a * sp + b * cp;
    out[r * 3 + 2] = ez[r] as number;
  }
  return out;
}

/** Sidereal year in days (the Earth's ring, drawn after the planets'). */
const EARTH_YEAR_DAYS = 365.256363;

/**
 * The planets' orbits in the simplified scale, relative to the sun, in the J2000 ecliptic frame
 * (x toward the equinox, z to the ecliptic pole): `segments` points per planet, PLANET_NAMES
 * order, then the Earth's own orbit (through the origin: the Earth sits on it). Distances are compressed like solarSystemLayout's ('simplified': a^0.5 sun distances).
 * Fixed over centuries: computed once, placed with {@link eclipticToGlobeMatrix} and the sun.
 */
export function planetOrbitRings(segments = ORBIT_SEGMENTS): Float32Array {
  const bodies = [
    ...PLANETS.map((p) => ({ name: p.name, days: p.orbitalPeriodDays })),
    { name: 'earth' as const, days: EARTH_YEAR_DAYS },
  ];
  const out = new Float32Array(bodies.length * segments * 3);
  const j2000 = Date.UTC(2000, 0, 1, 12);
  let o = 0;
  for (const body of bodies) {
    // One period, sampled evenly in time (from the elements' mean-longitude rate).
    const periodMs = body.days * 86_400_000;
    for (let k = 0; k < segments; k++) {
      const h = heliocentricEcliptic(body.name, new Date(j2000 + (periodMs * k) / segments));
      const r = Math.hypot(h[0], h[1], h[2]);
      const s = (SUN_DISTANCE_SIMPLIFIED * r ** SIMPLIFIED_ORBIT_EXPONENT) / r;
      out[o++] = h[0] * s;
      out[o++] = h[1] * s;
      out[o++] = h[2] * s;
    }
  }
  return out;
}

/**
 * True scale: bodies farther than this from the Earth are drawn on a sky shell of this radius,
 * in their true direction and with their true apparent size (astro.ts toSkyShell). The real sun is
 * 4.7 million units out, far beyond any depth range; 45000 stays inside the globe view's far
 * plane (50000), so the true-scale sun shows from the globe as it does in the sky.
 */
export const TRUE_SCALE_SKY_SHELL = 45_000;

/**
 * What the sky draws at `date`: the simplified layout (spec default: sun at 23455, radius 109),
 * or the true-scale one with far bodies brought onto the sky shell. Allocates a few small
 * objects: called on the sky cadence only.
 */
export function sceneSkyLayout(date: Date, trueScale: boolean): SolarSystemLayout {
  const layout = solarSystemLayout(date, trueScale ? 'true' : 'simplified');
  if (!trueScale) return layout;
  return {
    mode: layout.mode,
    sun: toSkyShell(layout.sun, TRUE_SCALE_SKY_SHELL),
    moon: toSkyShell(layout.moon, TRUE_SCALE_SKY_SHELL),
    planets: layout.planets.map((p) => toSkyShell(p, TRUE_SCALE_SKY_SHELL)),
  };
}

/** Applies a setSimTime command: a speed mode, a manual time, or back to live time. */
export function applySimTime(
  world: AtlasWorld,
  c: { mode?: TimeMode; timeMs?: number | null },
): void {
  const now = epochNow(world.time.now);
  let clock = world.simClock;
  if (c.timeMs === null) clock = resetToNow(now);
  else if (c.timeMs !== undefined) clock = setManualTime(clock, c.timeMs, now);
  if (c.mode !== undefined) clock = setTimeMode(clock, c.mode, now);
  world.simClock = clock;
  world.simTime = simulatedNow(clock, now);
  // Force the sun and sky to follow at once.
  world.earth.sunAt = -Infinity;
  world.earth.skyAt = -Infinity;
}

const eclMatrix = new Float64Array(9);
const sunOut: Vec3 = [0, 0, 1];

export function skySystem(world: AtlasWorld): void {
  const e = world.earth;
  world.simTime = simulatedNow(world.simClock, epochNow(world.time.now));
  const lit = (e.parts & PART_SUNLIGHT) !== 0 ? 1 : 0;
  let sunMoved = false;
  if (sunNeedsUpdate(world.simTime, e.sunAt)) {
    sunDirection(new Date(world.simTime), sunOut);
    e.sun[0] = sunOut[0];
    e.sun[1] = sunOut[1];
    e.sun[2] = sunOut[2];
    e.sunAt = world.simTime;
    sunMoved = true;
  }
  if (sunMoved || lit !== e.sunLitSent) {
    e.sunLitSent = lit;
    world.earthRender.setSun(e.sun[0], e.sun[1], e.sun[2], lit === 1);
  }
  const a = world.appearance;
  if (a.trueScale !== a.skyTrueScale) {
    // Scale switched (setTrueScale): lay the sky out again at once.
    a.skyTrueScale = a.trueScale;
    e.skyAt = -Infinity;
  }
  if (skyNeedsUpdate(e.parts, world.simTime, e.skyAt)) {
    e.skyAt = world.simTime;
    const date = new Date(world.simTime);
    a.sky = sceneSkyLayout(date, a.skyTrueScale);
    world.earthRender.setSky(a.sky, eclipticToGlobeMatrix(date, eclMatrix));
  }
}
