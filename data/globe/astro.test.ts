import * as Astronomy from 'astronomy-engine';
import { describe, expect, it } from 'vitest';
import { KM_PER_UNIT, latLonToXyz, wrapLon, xyzToLatLon } from '../geoMath';
import {
  daylightFactor,
  elevationFromSubsolar,
  gmstDeg,
  heliocentricEcliptic,
  isNight,
  MOON_DISTANCE_SIMPLIFIED,
  MOON_INCLINATION_DEG,
  MOON_RADIUS_SIMPLIFIED,
  moonDistanceKm,
  moonOrbitPosition,
  moonOrbitRing,
  PLANET_NAMES,
  PLANETS,
  planetGeocentric,
  solarElevationDeg,
  solarSystemLayout,
  solveKepler,
  sublunarPoint,
  subsolarPoint,
  SUN_DISTANCE_SIMPLIFIED,
  SUN_RADIUS_SIMPLIFIED,
  sunColor,
  sunDirection,
  toSkyShell,
  UNITS_PER_AU_TRUE,
} from './astro';
import type { PlanetName, Vec3 } from './astro';

/**
 * Reference: astronomy-engine (MIT; VSOP87 / NOVAS-grade, arcsecond accuracy), used only here.
 * Dates: twelve hand-picked instants spread over 1990-2040 (solstices, equinoxes, odd hours)
 * plus a sweep every 0.37 years, so every planet is seen at many elongations.
 */
const FIXED_DATES = [
  '1990-01-01T00:00:00Z',
  '1994-06-21T06:30:00Z',
  '1999-08-11T11:03:00Z',
  '2003-08-27T09:51:00Z',
  '2008-12-31T23:59:00Z',
  '2012-06-06T01:29:00Z',
  '2017-08-21T18:26:00Z',
  '2020-03-20T03:50:00Z',
  '2024-04-08T18:17:00Z',
  '2029-09-23T14:00:00Z',
  '2035-02-14T20:45:00Z',
  '2040-12-31T12:00:00Z',
].map((s) => new Date(s));

const SWEEP_DATES: Date[] = [];
for (let y = 0; y <= 50; y += 0.37) {
  SWEEP_DATES.push(new Date(Date.UTC(1990, 0, 1) + y * 365.25 * 86_400_000));
}
const DATES = [...FIXED_DATES, ...SWEEP_DATES];

function angleDiff(a: number, b: number): number {
  return Math.abs(wrapLon(a - b));
}

/** Sub-body point from astronomy-engine: equator of date RA/dec minus apparent sidereal time. */
function referenceSubPoint(body: Astronomy.Body, date: Date): { lat: number; lon: number } {
  const eqj =
    body === Astronomy.Body.Moon ? Astronomy.GeoMoon(date) : Astronomy.GeoVector(body, date, true);
  const eqd = Astronomy.RotateVector(Astronomy.Rotation_EQJ_EQD(Astronomy.MakeTime(date)), eqj);
  const eq = Astronomy.EquatorFromVector(eqd);
  return { lat: eq.dec, lon: wrapLon((eq.ra - Astronomy.SiderealTime(date)) * 15) };
}

const BODY: Record<PlanetName, Astronomy.Body> = {
  mercury: Astronomy.Body.Mercury,
  venus: Astronomy.Body.Venus,
  mars: Astronomy.Body.Mars,
  jupiter: Astronomy.Body.Jupiter,
  saturn: Astronomy.Body.Saturn,
  uranus: Astronomy.Body.Uranus,
  neptune: Astronomy.Body.Neptune,
};

function angleBetween(a: readonly number[], b: readonly number[]): number {
  const [ax = 0, ay = 0, az = 0] = a;
  const [bx = 0, by = 0, bz = 0] = b;
  const c = (ax * bx + ay * by + az * bz) / (Math.hypot(ax, ay, az) * Math.hypot(bx, by, bz));
  return (Math.acos(Math.max(-1, Math.min(1, c))) * 180) / Math.PI;
}

describe('astro: accuracy against astronomy-engine, 1990-2040', () => {
  it('subsolar point within 0.02 deg (measured max 0.008)', () => {
    let worst = 0;
    for (const date of DATES) {
      const mine = subsolarPoint(date);
      const ref = referenceSubPoint(Astronomy.Body.Sun, date);
      worst = Math.max(worst, Math.abs(mine.lat - ref.lat), angleDiff(mine.lon, ref.lon));
    }
    expect(worst).toBeLessThan(0.02);
  });

  it('sublunar point within 0.05 deg (measured max 0.03)', () => {
    let worst = 0;
    for (const date of DATES) {
      const mine = sublunarPoint(date);
      const ref = referenceSubPoint(Astronomy.Body.Moon, date);
      worst = Math.max(worst, Math.abs(mine.lat - ref.lat), angleDiff(mine.lon, ref.lon));
    }
    expect(worst).toBeLessThan(0.05);
  });

  it('moon distance within 60 km (measured max 45 km)', () => {
    let worst = 0;
    for (const date of DATES) {
      const ref = Astronomy.GeoMoon(date).Length() * Astronomy.KM_PER_AU;
      worst = Math.max(worst, Math.abs(moonDistanceKm(date) - ref));
    }
    expect(worst).toBeLessThan(60);
  });

  it('planets: geocentric ecliptic longitude within 0.25 deg (measured max 0.17, Saturn), latitude within 0.02 deg', () => {
    const worstLon: Partial<Record<PlanetName, number>> = {};
    for (const date of DATES) {
      for (const name of PLANET_NAMES) {
        const ref = Astronomy.Ecliptic(Astronomy.GeoVector(BODY[name], date, true));
        const mine = planetGeocentric(name, date);
        worstLon[name] = Math.max(worstLon[name] ?? 0, angleDiff(mine.lon, ref.elon));
        expect(Math.abs(mine.lat - ref.elat), `${name} lat at ${date.toISOString()}`).toBeLessThan(
          0.02,
        );
        const refDist = Astronomy.GeoVector(BODY[name], date, false).Length();
        expect(Math.abs(mine.distanceAu - refDist) / refDist).toBeLessThan(0.005);
      }
    }
    for (const name of PLANET_NAMES) expect(worstLon[name], name).toBeLessThan(0.25);
  });

  it('solar elevation within 0.02 deg at five places (measured max 0.01)', () => {
    const places = [
      [0, 0],
      [45, 90],
      [-60, -120],
      [70, 10],
      [-33.87, 151.21],
    ] as const;
    let worst = 0;
    for (const date of DATES) {
      for (const [lat, lon] of places) {
        const observer = new Astronomy.Observer(lat, lon, 0);
        const eq = Astronomy.Equator(Astronomy.Body.Sun, date, observer, true, true);
        const ref = Astronomy.Horizon(date, observer, eq.ra, eq.dec).altitude;
        worst = Math.max(worst, Math.abs(solarElevationDeg(lat, lon, date) - ref));
      }
    }
    expect(worst).toBeLessThan(0.02);
  });
});

describe('astro: the sun and the terminator', () => {
  const equinoxNoon = new Date('2024-03-20T12:00:00Z');

  it('at the March equinox, noon UTC: (0,0) is day and (0,180) is night', () => {
    expect(isNight(0, 0, equinoxNoon)).toBe(false);
    expect(isNight(0, 180, equinoxNoon)).toBe(true);
    const sub = subsolarPoint(equinoxNoon);
    // The equinox was at 03:06 UTC; by noon the sun has climbed 0.15 deg north.
    expect(Math.abs(sub.lat)).toBeLessThan(0.2);
    // Equation of time is about -7.5 min in late March: solar noon at Greenwich is 12:07:30 UTC,
    // so at 12:00 the sun is still 1.9 deg east of the prime meridian.
    expect(sub.lon).toBeGreaterThan(1.5);
    expect(sub.lon).toBeLessThan(2.2);
  });

  it('puts the subsolar latitude at the tropics on the solstices', () => {
    expect(subsolarPoint(new Date('2021-06-21T03:32:00Z')).lat).toBeCloseTo(23.44, 1);
    expect(subsolarPoint(new Date('2021-12-21T15:59:00Z')).lat).toBeCloseTo(-23.44, 1);
  });

  it('sunDirection is the unit vector to the subsolar point, and fills `out`', () => {
    const date = new Date('2031-07-04T17:00:00Z');
    const out: Vec3 = [9, 9, 9];
    const dir = sunDirection(date, out);
    expect(dir).toBe(out);
    expect(Math.hypot(...dir)).toBeCloseTo(1, 12);
    const sub = subsolarPoint(date);
    const back = xyzToLatLon(...dir);
    expect(back.lat).toBeCloseTo(sub.lat, 9);
    expect(back.lon).toBeCloseTo(sub.lon, 9);
  });

  it('elevation is 90 at the subsolar point and -90 at its antipode', () => {
    const date = new Date('2010-10-10T10:10:00Z');
    const sub = subsolarPoint(date);
    expect(solarElevationDeg(sub.lat, sub.lon, date)).toBeCloseTo(90, 4);
    expect(elevationFromSubsolar(-sub.lat, sub.lon + 180, sub)).toBeCloseTo(-90, 4);
  });

  it('daylightFactor is 0 below civil twilight, 1 above the horizon, monotonic in between', () => {
    expect(daylightFactor(-10)).toBe(0);
    expect(daylightFactor(-6)).toBe(0);
    expect(daylightFactor(0)).toBe(1);
    expect(daylightFactor(30)).toBe(1);
    expect(daylightFactor(-3)).toBeCloseTo(0.5, 12);
    let prev = 0;
    for (let e = -6; e <= 0; e += 0.25) {
      const f = daylightFactor(e);
      expect(f).toBeGreaterThanOrEqual(prev);
      prev = f;
    }
  });

  it('sunColor is near white when high and turns orange when low', () => {
    const high = sunColor(60);
    expect(Math.min(...high)).toBeGreaterThan(0.9);
    const low = sunColor(2);
    expect(low[0]).toBeGreaterThan(0.95);
    expect(low[1]).toBeLessThan(0.7);
    expect(low[2]).toBeLessThan(0.4);
    expect(low[0]).toBeGreaterThan(low[1]);
    expect(low[1]).toBeGreaterThan(low[2]);
    const dusk = sunColor(-4);
    expect(dusk[1]).toBeLessThan(low[1]);
    // Continuous across the horizon.
    const a = sunColor(-1e-9);
    const b = sunColor(1e-9);
    for (let i = 0; i < 3; i++) expect(Math.abs((a[i] ?? 0) - (b[i] ?? 0))).toBeLessThan(1e-6);
    for (const c of [sunColor(-90), sunColor(90), sunColor(10)]) {
      for (const v of c) expect(v >= 0 && v <= 1).toBe(true);
    }
  });
});

describe('astro: planets and Kepler', () => {
  it('solves Kepler to 1e-12 for eccentricities up to 0.97', () => {
    for (const e of [0, 0.0167, 0.2056, 0.5, 0.9, 0.97]) {
      for (let m = -10; m <= 10; m += 0.37) {
        const E = solveKepler(m, e);
        const residual = E - e * Math.sin(E) - m;
        const wrapped = residual - 2 * Math.PI * Math.round(residual / (2 * Math.PI));
        expect(Math.abs(wrapped)).toBeLessThan(1e-12);
      }
    }
  });

  it('lists the seven planets with the display data the spec asks for', () => {
    expect(PLANETS.map((p) => p.name)).toEqual([
      'mercury',
      'venus',
      'mars',
      'jupiter',
      'saturn',
      'uranus',
      'neptune',
    ]);
    // Sidereal periods (days) and radius ratios from NASA planetary fact sheets.
    const expected: Record<PlanetName, [number, number, number]> = {
      mercury: [87.969, 0.383, 0.387],
      venus: [224.701, 0.95, 0.723],
      mars: [686.98, 0.532, 1.524],
      jupiter: [4332.59, 11.21, 5.203],
      saturn: [10759.22, 9.45, 9.537],
      uranus: [30688.5, 4.01, 19.19],
      neptune: [60182, 3.88, 30.07],
    };
    for (const p of PLANETS) {
      const [period, radius, a] = expected[p.name];
      expect(Math.abs(p.orbitalPeriodDays - period) / period, p.name).toBeLessThan(0.005);
      expect(Math.abs(p.radiusRatio - radius) / radius, p.name).toBeLessThan(0.01);
      expect(p.distanceRatio).toBeCloseTo(a, 2);
      expect(p.color).toMatch(/^#[0-9a-f]{6}$/);
      expect(p.eccentricity).toBeGreaterThan(0);
      expect(p.eccentricity).toBeLessThan(0.21);
      expect(p.inclinationDeg).toBeGreaterThan(0);
      expect(p.inclinationDeg).toBeLessThan(7.1);
      expect(p.angleAtEpochDeg).toBeGreaterThanOrEqual(0);
      expect(p.angleAtEpochDeg).toBeLessThan(360);
    }
  });

  it('angle at epoch 2000 is the heliocentric longitude at J2000 (within the equation of centre)', () => {
    const j2000 = new Date('2000-01-01T12:00:00Z');
    for (const p of PLANETS) {
      const h = heliocentricEcliptic(p.name, j2000);
      const lon = (Math.atan2(h[1], h[0]) * 180) / Math.PI;
      // Equation of centre is at most 2e rad.
      expect(angleDiff(lon, p.angleAtEpochDeg), p.name).toBeLessThan(
        (2 * p.eccentricity * 180) / Math.PI + 0.01,
      );
    }
  });
});

describe('astro: solar-system layout', () => {
  const date = new Date('2026-05-01T20:00:00Z');

  it('simplified: sun at 23455 with radius 109 (spec), in the sun direction', () => {
    const layout = solarSystemLayout(date, 'simplified');
    expect(layout.mode).toBe('simplified');
    expect(layout.sun.distance).toBeCloseTo(SUN_DISTANCE_SIMPLIFIED, 6);
    expect(layout.sun.radius).toBe(SUN_RADIUS_SIMPLIFIED);
    expect(angleBetween(layout.sun.position, sunDirection(date))).toBeLessThan(1e-6);
  });

  it('simplified: moon on the simplified orbit, with the true apparent size', () => {
    const layout = solarSystemLayout(date, 'simplified');
    expect(layout.moon.distance).toBeCloseTo(MOON_DISTANCE_SIMPLIFIED, 6);
    expect(layout.moon.radius).toBe(MOON_RADIUS_SIMPLIFIED);
    const apparentDeg =
      (Math.atan(MOON_RADIUS_SIMPLIFIED / MOON_DISTANCE_SIMPLIFIED) * 360) / Math.PI;
    expect(apparentDeg).toBeCloseTo(0.518, 2);
  });

  it('simplified moon orbit stays within 9 deg of the true moon and is inclined 5.145 deg', () => {
    for (const d of DATES) {
      const sub = sublunarPoint(d);
      expect(angleBetween(moonOrbitPosition(d, 1), latLonToXyz(sub.lat, sub.lon, 1))).toBeLessThan(
        9,
      );
    }
    const ring = moonOrbitRing(date, 1000, 64);
    expect(ring.length).toBe(64 * 3);
    for (let i = 0; i < 64; i++) {
      expect(Math.hypot(ring[i * 3] ?? 0, ring[i * 3 + 1] ?? 0, ring[i * 3 + 2] ?? 0)).toBeCloseTo(
        1000,
        2,
      );
    }
    // The moon itself lies on the ring's plane: its distance to the plane is ~0.
    const a: Vec3 = [ring[0] ?? 0, ring[1] ?? 0, ring[2] ?? 0];
    const b: Vec3 = [ring[48] ?? 0, ring[49] ?? 0, ring[50] ?? 0];
    const n: Vec3 = [
      a[1] * b[2] - a[2] * b[1],
      a[2] * b[0] - a[0] * b[2],
      a[0] * b[1] - a[1] * b[0],
    ];
    const m = moonOrbitPosition(date, 1000);
    expect(Math.abs((m[0] * n[0] + m[1] * n[1] + m[2] * n[2]) / Math.hypot(...n))).toBeLessThan(
      0.05,
    );
    // Inclined 5.145 deg to the ecliptic: the ring normal is that far from the ecliptic pole.
    // The ecliptic's north pole is at RA 270 deg, dec 90 - obliquity.
    const eclipticPole = latLonToXyz(90 - 23.4365, 270 - gmstDeg(date), 1);
    const tilt = angleBetween(n, eclipticPole);
    expect(Math.min(tilt, 180 - tilt)).toBeCloseTo(MOON_INCLINATION_DEG, 1);
  });

  it('simplified: planets keep their order outward from the sun', () => {
    const layout = solarSystemLayout(date, 'simplified');
    const sun = layout.sun.position;
    const fromSun = layout.planets.map((p) =>
      Math.hypot(p.position[0] - sun[0], p.position[1] - sun[1], p.position[2] - sun[2]),
    );
    for (let i = 1; i < fromSun.length; i++) {
      expect(fromSun[i]).toBeGreaterThan(fromSun[i - 1] ?? 0);
    }
    expect(layout.planets.map((p) => p.name)).toEqual([...PLANET_NAMES]);
  });

  it('true scale: 1 unit = 31.855 km for the sun, the moon and the planets', () => {
    const layout = solarSystemLayout(date, 'true');
    expect(UNITS_PER_AU_TRUE).toBeCloseTo(149_597_870.7 / 31.855, 3);
    const sunAu = Astronomy.GeoVector(Astronomy.Body.Sun, date, false).Length();
    expect(layout.sun.distance / UNITS_PER_AU_TRUE).toBeCloseTo(sunAu, 4);
    expect(layout.sun.radius).toBeCloseTo(695_700 / KM_PER_UNIT, 6);
    expect(layout.moon.distance * KM_PER_UNIT).toBeCloseTo(moonDistanceKm(date), 3);
    expect(layout.moon.radius).toBeCloseTo(54.54, 2);
    const sub = sublunarPoint(date);
    expect(angleBetween(layout.moon.position, latLonToXyz(sub.lat, sub.lon, 1))).toBeLessThan(1e-6);
    for (const p of layout.planets) {
      const g = planetGeocentric(p.name as PlanetName, date);
      expect(p.distance / UNITS_PER_AU_TRUE).toBeCloseTo(g.distanceAu, 6);
      const info = PLANETS.find((q) => q.name === p.name);
      expect(p.radius).toBeCloseTo((info?.radiusRatio ?? 0) * 200, 6);
    }
  });

  it('true scale: planet directions match astronomy-engine within 0.25 deg', () => {
    const layout = solarSystemLayout(date, 'true');
    const rot = Astronomy.Rotation_EQJ_EQD(Astronomy.MakeTime(date));
    const gast = Astronomy.SiderealTime(date) * 15;
    for (const p of layout.planets) {
      const v = Astronomy.RotateVector(
        rot,
        Astronomy.GeoVector(BODY[p.name as PlanetName], date, true),
      );
      const eq = Astronomy.EquatorFromVector(v);
      const ref = latLonToXyz(eq.dec, eq.ra * 15 - gast, 1);
      expect(angleBetween(p.position, ref), p.name).toBeLessThan(0.25);
    }
  });

  it('toSkyShell keeps direction and apparent size, and leaves near bodies alone', () => {
    const layout = solarSystemLayout(date, 'true');
    const shell = toSkyShell(layout.sun, 40_000);
    expect(shell.distance).toBe(40_000);
    expect(Math.hypot(...shell.position)).toBeCloseTo(40_000, 6);
    expect(angleBetween(shell.position, layout.sun.position)).toBeLessThan(1e-9);
    expect(shell.radius / shell.distance).toBeCloseTo(layout.sun.radius / layout.sun.distance, 12);
    expect(toSkyShell(layout.moon, 40_000)).toBe(layout.moon);
  });
});
