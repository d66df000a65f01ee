/**
 * Astronomy for the globe's sky: the sun (day/night terminator, light colour), the moon and the
 * seven planets, computed from a `Date` with no network and no tables beyond a few hundred numbers.
 *
 * Frames. The globe does not spin: it is Earth-fixed, with the axes of `data/geoMath.ts`
 * (x = r cos(lat) sin(lon), y = r sin(lat), z = r cos(lat) cos(lon)). The sky moves around it.
 * Everything here is therefore converted to the Earth-fixed frame by the apparent (Greenwich)
 * sidereal time: a body with right ascension RA and declination dec sits over the geographic
 * point (lat = dec, lon = RA - GAST), so its globe-frame direction is `latLonToXyz(dec, RA - GAST)`.
 * Latitudes are geocentric: the globe is a sphere, so there is no geodetic correction.
 *
 * Time. `T` is Julian centuries from J2000.0 computed from UTC. The algorithms want TT/TDB for the
 * ephemerides; ignoring Delta T (about 57-75 s over 1990-2040) moves the moon by 0.01 deg and the
 * sun by 0.0008 deg, far below the tolerances this module is used with.
 *
 * Sources (formulas implemented here from the published text, no code copied):
 * - Sun: NOAA Solar Calculator / Meeus, "Astronomical Algorithms" (2nd ed.) ch. 25 low-accuracy
 *   method (about 0.01 deg), sidereal time Meeus eq. 12.4, nutation in longitude and obliquity
 *   from the leading lunar-node terms (Meeus ch. 22).
 * - Moon: Meeus ch. 47 (ELP-2000/82 truncated): the largest terms of tables 47.A and 47.B.
 * - Planets: E. M. Standish, JPL "Keplerian Elements for Approximate Positions of the Major
 *   Planets", table 1 (mean elements and rates vs J2000 ecliptic and equinox, valid 1800-2050).
 *
 * Accuracy measured against astronomy-engine 2.1 over 1990-2040 is listed in `astro.test.ts`.
 *
 * Scene scales used by {@link solarSystemLayout} (Earth at the origin, spec globe.md section 1):
 * - `'simplified'` (the default in the spec): the sun sits at {@link SUN_DISTANCE_SIMPLIFIED}
 *   (23455) with radius {@link SUN_RADIUS_SIMPLIFIED} (109). Those are 1 AU and the solar radius
 *   measured in Earth radii, so the simplified scale is "1 unit = 1 Earth radius" for the sun and
 *   keeps its true apparent size (0.27 deg) while bringing it 200x closer than the globe scale
 *   would. The moon rides a simplified circular orbit (period 27.321661 d, inclination 5.145 deg,
 *   spec) at {@link MOON_DISTANCE_SIMPLIFIED}, also with its true apparent size. Planets are
 *   placed around the simplified sun with square-root compressed heliocentric distances and
 *   exaggerated radii so they are findable on screen.
 * - `'true'`: one scale for everything, the globe's: 200 units = 6371 km, i.e. 1 unit =
 *   {@link KM_PER_UNIT} (31.855) km and 1 AU = {@link UNITS_PER_AU_TRUE} (about 4.696e6) units.
 *   Real distances exceed the camera's far plane (50000), so the renderer should place far bodies
 *   with {@link toSkyShell}, which keeps their direction and apparent size.
 */

import { EARTH_RADIUS_KM, GLOBE_RADIUS, KM_PER_UNIT, latLonToXyzInto, wrapLon } from '../geoMath';

const DEG = Math.PI / 180;
const RAD = 180 / Math.PI;

/** Milliseconds per day. */
const MS_PER_DAY = 86_400_000;
/** Julian Day of the Unix epoch 1970-01-01T00:00Z. */
const JD_UNIX_EPOCH = 2_440_587.5;
/** Julian Day of J2000.0 (2000-01-01T12:00 TT). */
const JD_J2000 = 2_451_545.0;
/** Days per Julian century. */
const DAYS_PER_CENTURY = 36_525;

/** Astronomical unit in km (IAU 2012). */
export const AU_KM = 149_597_870.7;
/** Mean radius of the sun in km (IAU 2015 nominal). */
export const SUN_RADIUS_KM = 695_700;
/** Mean radius of the moon in km. */
export const MOON_RADIUS_KM = 1737.4;
/** Mean Earth-moon distance in km (semi-major axis of the lunar orbit). */
export const MOON_MEAN_DISTANCE_KM = 384_400;

/** Simplified scale: sun distance from Earth in scene units (spec globe.md section 1). */
export const SUN_DISTANCE_SIMPLIFIED = 23_455;
/** Simplified scale: sun radius in scene units (spec globe.md section 1). */
export const SUN_RADIUS_SIMPLIFIED = 109;
/**
 * Simplified scale: moon orbit radius in scene units. The spec gives none; the Earth-radius unit
 * of the simplified sun would put the moon (60 Earth radii) inside the 200-unit globe, so the
 * moon gets its own orbit at 6 globe radii: behind the globe from the default camera (600) and
 * well inside the solar-system view threshold (5000).
 */
export const MOON_DISTANCE_SIMPLIFIED = 1200;
/** Simplified scale: moon radius, chosen so the moon keeps its true apparent size (0.26 deg). */
export const MOON_RADIUS_SIMPLIFIED =
  (MOON_DISTANCE_SIMPLIFIED * MOON_RADIUS_KM) / MOON_MEAN_DISTANCE_KM;
/**
 * Simplified scale: planets' heliocentric distance is `SUN_DISTANCE_SIMPLIFIED * a^exponent` (a in
 * AU). Square-root compression keeps the order and the inner planets' geometry readable while
 * bringing Neptune from 30 to 5.5 sun distances.
 */
export const SIMPLIFIED_ORBIT_EXPONENT = 0.5;
/**
 * Simplified scale: planet display radius per Earth radius, in scene units. True apparent sizes
 * (under 0.02 deg) are sub-pixel; 40 makes Jupiter about 440 units, some 0.5 deg from Earth.
 */
export const SIMPLIFIED_PLANET_UNITS_PER_EARTH_RADIUS = 40;
/** True scale: scene units per AU (1 unit = 31.855 km, spec: globe radius 200 = 6371 km). */
export const UNITS_PER_AU_TRUE = AU_KM / KM_PER_UNIT;

/** Moon sidereal period in days (spec globe.md section 1), used by the simplified orbit. */
export const MOON_PERIOD_DAYS = 27.321661;
/** Moon orbit inclination to the ecliptic in degrees (spec globe.md section 1). */
export const MOON_INCLINATION_DEG = 5.145;

/** Civil twilight: the soft edge of the terminator spans solar elevations -6..0 deg. */
export const CIVIL_TWILIGHT_DEG = -6;
/** Sun elevation (deg) above which the light is plain white-ish daylight. */
export const SUN_WHITE_ABOVE_DEG = 20;

/** Linear RGB triple in 0..1. */
export type Rgb = readonly [number, number, number];
/** A 3-vector in the globe frame. */
export type Vec3 = [number, number, number];

/** Daylight colour of the sun high in the sky (slightly warm white). */
export const SUN_COLOR_HIGH: Rgb = [1, 0.97, 0.92];
/** Sun colour at the horizon: orange (spec: "Sun colour turns orange when the sun is low"). */
export const SUN_COLOR_HORIZON: Rgb = [1, 0.55, 0.22];
/** Sun colour at the end of civil twilight: deep red-orange, fading into night. */
export const SUN_COLOR_TWILIGHT: Rgb = [0.75, 0.28, 0.12];

// ---------------------------------------------------------------------------------------------
// Time and Earth orientation

/** Julian Day (UT) of a date. */
export function julianDay(date: Date): number {
  return date.getTime() / MS_PER_DAY + JD_UNIX_EPOCH;
}

/** Julian centuries since J2000.0 (UT used as TT, see the module header). */
export function julianCenturies(date: Date): number {
  return (julianDay(date) - JD_J2000) / DAYS_PER_CENTURY;
}

/** Wraps an angle in degrees into [0, 360). */
function norm360(deg: number): number {
  const r = deg % 360;
  return r < 0 ? r + 360 : r;
}

/** Greenwich mean sidereal time in degrees [0, 360) (Meeus eq. 12.4). */
export function gmstDeg(date: Date): number {
  const jd = julianDay(date);
  const t = (jd - JD_J2000) / DAYS_PER_CENTURY;
  return norm360(
    280.46061837 +
      360.98564736629 * (jd - JD_J2000) +
      0.000387933 * t * t -
      (t * t * t) / 38_710_000,
  );
}

interface EarthOrientation {
  /** Nutation in longitude, degrees. */
  dPsi: number;
  /** True obliquity of the ecliptic, degrees. */
  eps: number;
  /** Greenwich apparent sidereal time, degrees. */
  gast: number;
}

/**
 * Nutation (leading terms, Meeus ch. 22: error under 0.5") and obliquity (Meeus eq. 22.2), then
 * apparent sidereal time = GMST + dPsi cos(eps).
 */
function earthOrientation(date: Date): EarthOrientation {
  const t = julianCenturies(date);
  const omega = (125.04452 - 1934.136261 * t) * DEG; // lunar ascending node
  const lSun = (280.4665 + 36000.7698 * t) * DEG;
  const lMoon = (218.3165 + 481267.8813 * t) * DEG;
  const dPsi =
    (-17.2 * Math.sin(omega) -
      1.32 * Math.sin(2 * lSun) -
      0.23 * Math.sin(2 * lMoon) +
      0.21 * Math.sin(2 * omega)) /
    3600;
  const dEps =
    (9.2 * Math.cos(omega) +
      0.57 * Math.cos(2 * lSun) +
      0.1 * Math.cos(2 * lMoon) -
      0.09 * Math.cos(2 * omega)) /
    3600;
  const eps0 = 23.43929111 - (46.815 * t + 0.00059 * t * t - 0.001813 * t * t * t) / 3600;
  const eps = eps0 + dEps;
  return { dPsi, eps, gast: norm360(gmstDeg(date) + dPsi * Math.cos(eps * DEG)) };
}

/**
 * Converts a vector in ecliptic-of-date coordinates (x to the equinox) into the globe's
 * Earth-fixed frame: ecliptic -> equator of date (rotate by obliquity) -> Earth-fixed (rotate by
 * sidereal time) -> globe axes (Earth-fixed x toward lon 0 is globe +z, toward lon 90 is +x).
 */
function eclipticToGlobe(x: number, y: number, z: number, eo: EarthOrientation, out: Vec3): Vec3 {
  const ce = Math.cos(eo.eps * DEG);
  const se = Math.sin(eo.eps * DEG);
  const xe = x;
  const ye = y * ce - z * se;
  const ze = y * se + z * ce;
  const cg = Math.cos(eo.gast * DEG);
  const sg = Math.sin(eo.gast * DEG);
  const xf = xe * cg + ye * sg;
  const yf = -xe * sg + ye * cg;
  out[0] = yf;
  out[1] = ze;
  out[2] = xf;
  return out;
}

/** Geographic point (lat = declination, lon = RA - GAST) under a body at ecliptic lon/lat. */
function subPoint(lonDeg: number, latDeg: number, eo: EarthOrientation): GeoPoint {
  const v: Vec3 = [0, 0, 0];
  const cb = Math.cos(latDeg * DEG);
  eclipticToGlobe(
    cb * Math.cos(lonDeg * DEG),
    cb * Math.sin(lonDeg * DEG),
    Math.sin(latDeg * DEG),
    eo,
    v,
  );
  return {
    lat: Math.asin(Math.max(-1, Math.min(1, v[1]))) * RAD,
    lon: wrapLon(Math.atan2(v[0], v[2]) * RAD),
  };
}

export interface GeoPoint {
  lat: number;
  lon: number;
}

// ---------------------------------------------------------------------------------------------
// Sun

export interface SunPosition {
  /** Apparent geocentric ecliptic longitude of date, degrees [0, 360). */
  lon: number;
  /** Sun-Earth distance in AU. */
  distanceAu: number;
}

/** Apparent solar longitude and distance (Meeus ch. 25 low accuracy; NOAA uses the same). */
export function sunEcliptic(date: Date): SunPosition {
  const t = julianCenturies(date);
  const l0 = 280.46646 + 36000.76983 * t + 0.0003032 * t * t;
  const m = (357.52911 + 35999.05029 * t - 0.0001537 * t * t) * DEG;
  const e = 0.016708634 - 0.000042037 * t - 0.0000001267 * t * t;
  const c =
    (1.914602 - 0.004817 * t - 0.000014 * t * t) * Math.sin(m) +
    (0.019993 - 0.000101 * t) * Math.sin(2 * m) +
    0.000289 * Math.sin(3 * m);
  const trueLon = l0 + c;
  const v = m + c * DEG;
  const r = (1.000001018 * (1 - e * e)) / (1 + e * Math.cos(v));
  const omega = (125.04 - 1934.136 * t) * DEG;
  // -0.00569 deg is the annual aberration, -0.00478 sin(omega) the nutation (Meeus 25.8).
  return { lon: norm360(trueLon - 0.00569 - 0.00478 * Math.sin(omega)), distanceAu: r };
}

/** The point on Earth where the sun is at the zenith (geocentric lat/lon, degrees). */
export function subsolarPoint(date: Date): GeoPoint {
  return subPoint(sunEcliptic(date).lon, 0, earthOrientation(date));
}

/**
 * Unit vector from the globe's centre toward the sun, in the globe's Earth-fixed frame. Pass `out`
 * to avoid allocating when called every frame.
 */
export function sunDirection(date: Date, out: Vec3 = [0, 0, 0]): Vec3 {
  const p = subsolarPoint(date);
  latLonToXyzInto(p.lat, p.lon, 1, out);
  return out;
}

/**
 * Geometric solar elevation above the horizon at (lat, lon), in degrees: no refraction, which
 * would lift the sun by about 0.57 deg at the horizon; the terminator is drawn geometrically.
 */
export function solarElevationDeg(lat: number, lon: number, date: Date): number {
  return elevationFromSubsolar(lat, lon, subsolarPoint(date));
}

/** Same as {@link solarElevationDeg} with a precomputed subsolar point (for loops over points). */
export function elevationFromSubsolar(lat: number, lon: number, sub: GeoPoint): number {
  const p = lat * DEG;
  const d = sub.lat * DEG;
  const h = (lon - sub.lon) * DEG;
  const s = Math.sin(p) * Math.sin(d) + Math.cos(p) * Math.cos(d) * Math.cos(h);
  return Math.asin(Math.max(-1, Math.min(1, s))) * RAD;
}

/** Night where the sun's geometric centre is below the horizon (elevation < 0). */
export function isNight(lat: number, lon: number, date: Date): boolean {
  return solarElevationDeg(lat, lon, date) < 0;
}

/**
 * How much daylight a point gets, 0 (night) .. 1 (day), smooth across civil twilight (-6..0 deg)
 * so the terminator has a soft edge instead of a hard line.
 */
export function daylightFactor(elevationDeg: number): number {
  return smoothstep(CIVIL_TWILIGHT_DEG, 0, elevationDeg);
}

function smoothstep(edge0: number, edge1: number, x: number): number {
  const t = Math.max(0, Math.min(1, (x - edge0) / (edge1 - edge0)));
  return t * t * (3 - 2 * t);
}

function mix(a: Rgb, b: Rgb, t: number): Rgb {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
}

/**
 * Colour of sunlight for a solar elevation (degrees): warm white above
 * {@link SUN_WHITE_ABOVE_DEG}, orange at the horizon (spec: "Sun colour turns orange when the sun
 * is low"), red-orange at the end of civil twilight and below.
 */
export function sunColor(elevationDeg: number): Rgb {
  if (elevationDeg >= 0) {
    return mix(SUN_COLOR_HORIZON, SUN_COLOR_HIGH, smoothstep(0, SUN_WHITE_ABOVE_DEG, elevationDeg));
  }
  return mix(
    SUN_COLOR_HORIZON,
    SUN_COLOR_TWILIGHT,
    smoothstep(0, CIVIL_TWILIGHT_DEG, elevationDeg),
  );
}

// ---------------------------------------------------------------------------------------------
// Moon (Meeus ch. 47, truncated)

/**
 * Periodic terms for longitude (1e-6 deg) and distance (1e-3 km): multiples of D, M, M', F, then
 * the two coefficients. The 32 largest terms of Meeus table 47.A (the rest are under 0.002 deg).
 */
// prettier-ignore
const MOON_LR: readonly number[] = [
  0, 0, 1, 0, 6288774, -20905355,
  2, 0, -1, 0, 1274027, -3699111,
  2, 0, 0, 0, 658314, -2955968,
  0, 0, 2, 0, 213618, -569925,
  0, 1, 0, 0, -185116, 48888,
  0, 0, 0, 2, -114332, -3149,
  2, 0, -2, 0, 58793, 246158,
  2, -1, -1, 0, 57066, -152138,
  2, 0, 1, 0, 53322, -170733,
  2, -1, 0, 0, 45758, -204586,
  0, 1, -1, 0, -40923, -129620,
  1, 0, 0, 0, -34720, 108743,
  0, 1, 1, 0, -30383, 104755,
  2, 0, 0, -2, 15327, 10321,
  0, 0, 1, 2, -12528, 0,
  0, 0, 1, -2, 10980, 79661,
  4, 0, -1, 0, 10675, -34782,
  0, 0, 3, 0, 10034, -23210,
  4, 0, -2, 0, 8548, -21636,
  2, 1, -1, 0, -7888, 24208,
  2, 1, 0, 0, -6766, 30824,
  1, 0, -1, 0, -5163, -8379,
  1, 1, 0, 0, 4987, -16675,
  2, -1, 1, 0, 4036, -12831,
  2, 0, 2, 0, 3994, -10445,
  4, 0, 0, 0, 3861, -11650,
  2, 0, -3, 0, 3665, 14403,
  0, 1, -2, 0, -2689, -7003,
  2, 0, -1, 2, -2602, 0,
  2, -1, -2, 0, 2390, 10056,
  1, 0, 1, 0, -2348, 6322,
  2, -2, 0, 0, 2236, -9884,
];

/** Periodic terms for latitude (1e-6 deg): D, M, M', F, coefficient. Largest of table 47.B. */
// prettier-ignore
const MOON_B: readonly number[] = [
  0, 0, 0, 1, 5128122,
  0, 0, 1, 1, 280602,
  0, 0, 1, -1, 277693,
  2, 0, 0, -1, 173237,
  2, 0, -1, 1, 55413,
  2, 0, -1, -1, 46271,
  2, 0, 0, 1, 32573,
  0, 0, 2, 1, 17198,
  2, 0, 1, -1, 9266,
  0, 0, 2, -1, 8822,
  2, -1, 0, -1, 8216,
  2, 0, -2, -1, 4324,
  2, 0, 1, 1, 4200,
  2, 1, 0, -1, -3359,
  2, -1, -1, 1, 2463,
  2, -1, 0, 1, 2211,
  2, -1, -1, -1, 2065,
  0, 1, -1, -1, -1870,
  4, 0, -1, -1, 1828,
  0, 1, 0, 1, -1794,
  0, 0, 0, 3, -1749,
  0, 1, -1, 1, -1565,
  1, 0, 0, 1, -1491,
  0, 1, 1, 1, -1475,
  0, 1, 1, -1, -1410,
  0, 1, 0, -1, -1344,
  1, 0, 0, -1, -1335,
];

export interface MoonPosition {
  /** Apparent geocentric ecliptic longitude of date, degrees [0, 360). */
  lon: number;
  /** Geocentric ecliptic latitude, degrees. */
  lat: number;
  /** Centre-to-centre Earth-moon distance in km. */
  distanceKm: number;
}

/** Geocentric moon position (Meeus ch. 47 with the largest periodic terms). */
export function moonEcliptic(date: Date): MoonPosition {
  const t = julianCenturies(date);
  const t2 = t * t;
  const t3 = t2 * t;
  const t4 = t3 * t;
  // Fundamental arguments, Meeus 47.1-47.5 (degrees).
  const lp = 218.3164477 + 481267.88123421 * t - 0.0015786 * t2 + t3 / 538841 - t4 / 65194000;
  const d =
    (297.8501921 + 445267.1114034 * t - 0.0018819 * t2 + t3 / 545868 - t4 / 113065000) * DEG;
  const m = (357.5291092 + 35999.0502909 * t - 0.0001536 * t2 + t3 / 24490000) * DEG;
  const mp = (134.9633964 + 477198.8675055 * t + 0.0087414 * t2 + t3 / 69699 - t4 / 14712000) * DEG;
  const f = (93.272095 + 483202.0175233 * t - 0.0036539 * t2 - t3 / 3526000 + t4 / 863310000) * DEG;
  const a1 = (119.75 + 131.849 * t) * DEG;
  const a2 = (53.09 + 479264.29 * t) * DEG;
  const a3 = (313.45 + 481266.484 * t) * DEG;
  // Terms with the sun's anomaly M shrink with the decreasing eccentricity of Earth's orbit.
  const e = 1 - 0.002516 * t - 0.0000074 * t2;
  const lpr = lp * DEG;

  let sl = 0;
  let sr = 0;
  for (let i = 0; i < MOON_LR.length; i += 6) {
    const cm = MOON_LR[i + 1] ?? 0;
    const arg =
      (MOON_LR[i] ?? 0) * d + cm * m + (MOON_LR[i + 2] ?? 0) * mp + (MOON_LR[i + 3] ?? 0) * f;
    const ef = cm === 0 ? 1 : Math.abs(cm) === 1 ? e : e * e;
    sl += (MOON_LR[i + 4] ?? 0) * ef * Math.sin(arg);
    sr += (MOON_LR[i + 5] ?? 0) * ef * Math.cos(arg);
  }
  let sb = 0;
  for (let i = 0; i < MOON_B.length; i += 5) {
    const cm = MOON_B[i + 1] ?? 0;
    const arg =
      (MOON_B[i] ?? 0) * d + cm * m + (MOON_B[i + 2] ?? 0) * mp + (MOON_B[i + 3] ?? 0) * f;
    const ef = cm === 0 ? 1 : Math.abs(cm) === 1 ? e : e * e;
    sb += (MOON_B[i + 4] ?? 0) * ef * Math.sin(arg);
  }
  // Additive terms: Venus (A1), Jupiter (A2) and the flattening of the Earth (L' terms).
  sl += 3958 * Math.sin(a1) + 1962 * Math.sin(lpr - f) + 318 * Math.sin(a2);
  sb +=
    -2235 * Math.sin(lpr) +
    382 * Math.sin(a3) +
    175 * Math.sin(a1 - f) +
    175 * Math.sin(a1 + f) +
    127 * Math.sin(lpr - mp) -
    115 * Math.sin(lpr + mp);

  const eo = earthOrientation(date);
  return {
    lon: norm360(lp + sl / 1e6 + eo.dPsi),
    lat: sb / 1e6,
    distanceKm: 385000.56 + sr / 1000,
  };
}

/** The point on Earth where the moon is at the (geocentric) zenith. */
export function sublunarPoint(date: Date): GeoPoint {
  const mo = moonEcliptic(date);
  return subPoint(mo.lon, mo.lat, earthOrientation(date));
}

/** Earth-moon centre distance in km. */
export function moonDistanceKm(date: Date): number {
  return moonEcliptic(date).distanceKm;
}

/**
 * Position on the simplified moon orbit (for drawing): a circle of radius `scale` scene units,
 * inclined {@link MOON_INCLINATION_DEG} to the ecliptic, travelled once per
 * {@link MOON_PERIOD_DAYS} (spec), starting from the moon's mean longitude at J2000 (Meeus 47.1)
 * with the node regressing as in Meeus 47.7. It stays within 9 deg of the true moon (8.4 deg
 * measured over 1990-2040: the equation of centre alone is 6.3 deg). Globe frame, Earth at the origin.
 */
export function moonOrbitPosition(date: Date, scale: number, out: Vec3 = [0, 0, 0]): Vec3 {
  const days = julianDay(date) - JD_J2000;
  const meanLon = 218.3164477 + (360 / MOON_PERIOD_DAYS) * days;
  return moonOrbitPoint(meanLon, date, scale, out);
}

/** Point of the simplified orbit at mean longitude `meanLon` (deg), node of `date`. */
function moonOrbitPoint(meanLon: number, date: Date, scale: number, out: Vec3): Vec3 {
  const t = julianCenturies(date);
  const node = (125.0445479 - 1934.1362891 * t) * DEG;
  const u = meanLon * DEG - node; // argument of latitude
  const inc = MOON_INCLINATION_DEG * DEG;
  const cu = Math.cos(u);
  const su = Math.sin(u);
  const cn = Math.cos(node);
  const sn = Math.sin(node);
  const ci = Math.cos(inc);
  return eclipticToGlobe(
    scale * (cn * cu - sn * su * ci),
    scale * (sn * cu + cn * su * ci),
    scale * su * Math.sin(inc),
    earthOrientation(date),
    out,
  );
}

/**
 * The whole simplified orbit as `segments` points (x, y, z each, a closed loop: connect the last
 * point to the first) in the globe frame, for a line mesh.
 */
export function moonOrbitRing(date: Date, scale: number, segments = 128): Float32Array {
  const out = new Float32Array(segments * 3);
  const p: Vec3 = [0, 0, 0];
  for (let i = 0; i < segments; i++) {
    moonOrbitPoint((360 * i) / segments, date, scale, p);
    out[i * 3] = p[0];
    out[i * 3 + 1] = p[1];
    out[i * 3 + 2] = p[2];
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Planets (JPL approximate Keplerian elements, table 1)

export type PlanetName = 'mercury' | 'venus' | 'mars' | 'jupiter' | 'saturn' | 'uranus' | 'neptune';

export const PLANET_NAMES: readonly PlanetName[] = [
  'mercury',
  'venus',
  'mars',
  'jupiter',
  'saturn',
  'uranus',
  'neptune',
];

/**
 * Mean elements at J2000 and rates per Julian century, J2000 ecliptic and equinox: semi-major axis
 * a (AU), eccentricity e, inclination I (deg), mean longitude L (deg), longitude of perihelion
 * (deg), longitude of the ascending node (deg). Standish, JPL, table 1 (1800-2050).
 */
interface Elements {
  a: number;
  e: number;
  i: number;
  L: number;
  peri: number;
  node: number;
}

interface ElementSet {
  at: Elements;
  rate: Elements;
}

function el(a: number, e: number, i: number, L: number, peri: number, node: number): Elements {
  return { a, e, i, L, peri, node };
}

const ELEMENTS: Readonly<Record<PlanetName | 'earth', ElementSet>> = {
  mercury: {
    at: el(0.38709927, 0.20563593, 7.00497902, 252.2503235, 77.45779628, 48.33076593),
    rate: el(0.00000037, 0.00001906, -0.00594749, 149472.67411175, 0.16047689, -0.12534081),
  },
  venus: {
    at: el(0.72333566, 0.00677672, 3.39467605, 181.9790995, 131.60246718, 76.67984255),
    rate: el(0.0000039, -0.00004107, -0.0007889, 58517.81538729, 0.00268329, -0.27769418),
  },
  // The Earth-moon barycentre: the Earth itself is at most 4700 km from it (0.007 deg as seen
  // from Venus at its closest), below this model's own error.
  earth: {
    at: el(1.00000261, 0.01671123, -0.00001531, 100.46457166, 102.93768193, 0),
    rate: el(0.00000562, -0.00004392, -0.01294668, 35999.37244981, 0.32327364, 0),
  },
  mars: {
    at: el(1.52371034, 0.0933941, 1.84969142, -4.55343205, -23.94362959, 49.55953891),
    rate: el(0.00001847, 0.00007882, -0.00813131, 19140.30268499, 0.44441088, -0.29257343),
  },
  jupiter: {
    at: el(5.202887, 0.04838624, 1.30439695, 34.39644051, 14.72847983, 100.47390909),
    rate: el(-0.00011607, -0.00013253, -0.00183714, 3034.74612775, 0.21252668, 0.20469106),
  },
  saturn: {
    at: el(9.53667594, 0.05386179, 2.48599187, 49.95424423, 92.59887831, 113.66242448),
    rate: el(-0.0012506, -0.00050991, 0.00193609, 1222.49362201, -0.41897216, -0.28867794),
  },
  uranus: {
    at: el(19.18916464, 0.04725744, 0.77263783, 313.23810451, 170.9542763, 74.01692503),
    rate: el(-0.00196176, -0.00004397, -0.00242939, 428.48202785, 0.40805281, 0.04240589),
  },
  neptune: {
    at: el(30.06992276, 0.00859048, 1.77004347, -55.12002969, 44.96476227, 131.78422574),
    rate: el(0.00026291, 0.00005105, 0.00035372, 218.45945325, -0.32241464, -0.00508664),
  },
};

/** Per-planet display data the spec lists (globe.md section 1). */
export interface PlanetInfo {
  name: PlanetName;
  /** Equatorial radius / Earth's mean radius. */
  radiusRatio: number;
  /** Semi-major axis in AU ("distance ratio" to the Earth's). */
  distanceRatio: number;
  /** Display colour, sRGB hex. */
  color: string;
  /** Sidereal orbital period in days (from the mean-longitude rate). */
  orbitalPeriodDays: number;
  /** Orbital eccentricity at J2000. */
  eccentricity: number;
  /** Inclination to the J2000 ecliptic, degrees. */
  inclinationDeg: number;
  /** Mean longitude at epoch J2000, degrees [0, 360): where the planet was on 2000-01-01.5. */
  angleAtEpochDeg: number;
}

/** Equatorial radii in km (IAU 2015 / NASA fact sheets) and colours chosen to read as each body. */
const PLANET_LOOK: Readonly<Record<PlanetName, { radiusKm: number; color: string }>> = {
  mercury: { radiusKm: 2439.7, color: '#9c9a96' },
  venus: { radiusKm: 6051.8, color: '#e8cf8f' },
  mars: { radiusKm: 3396.2, color: '#c1502e' },
  jupiter: { radiusKm: 71492, color: '#d8b98c' },
  saturn: { radiusKm: 60268, color: '#e3d09a' },
  uranus: { radiusKm: 25559, color: '#a6dce6' },
  neptune: { radiusKm: 24764, color: '#4b6fd6' },
};

export const PLANETS: readonly PlanetInfo[] = PLANET_NAMES.map((name) => {
  const { at, rate } = ELEMENTS[name];
  const look = PLANET_LOOK[name];
  return {
    name,
    radiusRatio: look.radiusKm / EARTH_RADIUS_KM,
    distanceRatio: at.a,
    color: look.color,
    orbitalPeriodDays: (360 / rate.L) * DAYS_PER_CENTURY,
    eccentricity: at.e,
    inclinationDeg: at.i,
    angleAtEpochDeg: norm360(at.L),
  };
});

/** Solves Kepler's equation M = E - e sin E (radians) by Newton's method. */
export function solveKepler(meanAnomaly: number, e: number): number {
  // Reduce M to [-pi, pi] so the starting guess is close for every e < 1.
  const m = meanAnomaly - 2 * Math.PI * Math.round(meanAnomaly / (2 * Math.PI));
  let ea = e < 0.8 ? m : Math.PI * Math.sign(m || 1);
  for (let k = 0; k < 30; k++) {
    const dE = (ea - e * Math.sin(ea) - m) / (1 - e * Math.cos(ea));
    ea -= dE;
    if (Math.abs(dE) < 1e-12) break;
  }
  return ea;
}

/** Heliocentric position in AU, J2000 ecliptic and equinox (x toward the equinox, z north). */
export function heliocentricEcliptic(body: PlanetName | 'earth', date: Date): Vec3 {
  const t = julianCenturies(date);
  const { at, rate } = ELEMENTS[body];
  const a = at.a + rate.a * t;
  const e = at.e + rate.e * t;
  const inc = (at.i + rate.i * t) * DEG;
  const L = at.L + rate.L * t;
  const peri = at.peri + rate.peri * t;
  const node = (at.node + rate.node * t) * DEG;
  const w = peri * DEG - node; // argument of perihelion
  const ea = solveKepler((L - peri) * DEG, e);
  const xp = a * (Math.cos(ea) - e);
  const yp = a * Math.sqrt(1 - e * e) * Math.sin(ea);
  const cw = Math.cos(w);
  const sw = Math.sin(w);
  const cn = Math.cos(node);
  const sn = Math.sin(node);
  const ci = Math.cos(inc);
  const si = Math.sin(inc);
  return [
    (cw * cn - sw * sn * ci) * xp + (-sw * cn - cw * sn * ci) * yp,
    (cw * sn + sw * cn * ci) * xp + (-sw * sn + cw * cn * ci) * yp,
    sw * si * xp + cw * si * yp,
  ];
}

/**
 * General precession in longitude, degrees per Julian century (IAU 1976, 5029.0966"/cy): turns
 * J2000 ecliptic longitudes into longitudes of the equinox of date, the frame the sky is drawn in.
 */
const PRECESSION_DEG_PER_CENTURY = 5029.0966 / 3600;

/** Rotates a J2000 ecliptic vector about the ecliptic pole to the (mean) equinox of date. */
function precessToDate(v: Vec3, t: number): Vec3 {
  const p = PRECESSION_DEG_PER_CENTURY * t * DEG;
  const c = Math.cos(p);
  const s = Math.sin(p);
  return [v[0] * c - v[1] * s, v[0] * s + v[1] * c, v[2]];
}

export interface GeocentricEcliptic {
  /** Geocentric ecliptic longitude of date (with nutation), degrees [0, 360). */
  lon: number;
  /** Geocentric ecliptic latitude, degrees. */
  lat: number;
  /** Earth-planet distance in AU. */
  distanceAu: number;
}

/**
 * Geocentric ecliptic coordinates of a planet, of date. Geometric (no light time, which shifts
 * the outer planets by under 0.01 deg, nor aberration, 0.006 deg).
 */
export function planetGeocentric(body: PlanetName, date: Date): GeocentricEcliptic {
  const p = heliocentricEcliptic(body, date);
  const e = heliocentricEcliptic('earth', date);
  const g = precessToDate([p[0] - e[0], p[1] - e[1], p[2] - e[2]], julianCenturies(date));
  const dist = Math.hypot(g[0], g[1], g[2]);
  return {
    lon: norm360(Math.atan2(g[1], g[0]) * RAD + earthOrientation(date).dPsi),
    lat: Math.asin(g[2] / dist) * RAD,
    distanceAu: dist,
  };
}

// ---------------------------------------------------------------------------------------------
// Scene layout

export type ScaleMode = 'simplified' | 'true';
export type BodyName = 'sun' | 'moon' | PlanetName;

export interface BodyPlacement {
  name: BodyName;
  /** Centre in scene units, globe frame, Earth at the origin. */
  position: Vec3;
  /** Distance from the Earth's centre in scene units. */
  distance: number;
  /** Display radius in scene units. */
  radius: number;
}

export interface SolarSystemLayout {
  mode: ScaleMode;
  sun: BodyPlacement;
  moon: BodyPlacement;
  /** In {@link PLANET_NAMES} order. */
  planets: BodyPlacement[];
}

function placement(name: BodyName, position: Vec3, radius: number): BodyPlacement {
  return { name, position, distance: Math.hypot(position[0], position[1], position[2]), radius };
}

/**
 * Positions and display radii of the sun, the moon and the planets for `date`, in scene units
 * with the Earth at the origin (spec globe.md section 1); see the module header for both scales.
 * Allocates a few small objects: call it on a cadence (the sky moves 0.25 deg per minute), not per
 * entity per frame.
 */
export function solarSystemLayout(date: Date, mode: ScaleMode): SolarSystemLayout {
  const eo = earthOrientation(date);
  const t = julianCenturies(date);
  const sunEc = sunEcliptic(date);
  const sl = sunEc.lon * DEG;
  const sunDistance =
    mode === 'simplified' ? SUN_DISTANCE_SIMPLIFIED : sunEc.distanceAu * UNITS_PER_AU_TRUE;
  const sunPos = eclipticToGlobe(
    sunDistance * Math.cos(sl),
    sunDistance * Math.sin(sl),
    0,
    eo,
    [0, 0, 0],
  );
  const sun = placement(
    'sun',
    sunPos,
    mode === 'simplified' ? SUN_RADIUS_SIMPLIFIED : SUN_RADIUS_KM / KM_PER_UNIT,
  );

  let moon: BodyPlacement;
  if (mode === 'simplified') {
    moon = placement(
      'moon',
      moonOrbitPosition(date, MOON_DISTANCE_SIMPLIFIED),
      MOON_RADIUS_SIMPLIFIED,
    );
  } else {
    const mo = moonEcliptic(date);
    const r = mo.distanceKm / KM_PER_UNIT;
    const cb = Math.cos(mo.lat * DEG);
    const pos = eclipticToGlobe(
      r * cb * Math.cos(mo.lon * DEG),
      r * cb * Math.sin(mo.lon * DEG),
      r * Math.sin(mo.lat * DEG),
      eo,
      [0, 0, 0],
    );
    moon = placement('moon', pos, MOON_RADIUS_KM / KM_PER_UNIT);
  }

  const planets = PLANETS.map((info): BodyPlacement => {
    if (mode === 'true') {
      const g = planetGeocentric(info.name, date);
      const r = g.distanceAu * UNITS_PER_AU_TRUE;
      const cb = Math.cos(g.lat * DEG);
      const pos = eclipticToGlobe(
        r * cb * Math.cos(g.lon * DEG),
        r * cb * Math.sin(g.lon * DEG),
        r * Math.sin(g.lat * DEG),
        eo,
        [0, 0, 0],
      );
      return placement(info.name, pos, info.radiusRatio * GLOBE_RADIUS);
    }
    const h = precessToDate(heliocentricEcliptic(info.name, date), t);
    const rAu = Math.hypot(h[0], h[1], h[2]);
    const k = (SUN_DISTANCE_SIMPLIFIED * rAu ** SIMPLIFIED_ORBIT_EXPONENT) / rAu;
    const rel = eclipticToGlobe(h[0] * k, h[1] * k, h[2] * k, eo, [0, 0, 0]);
    return placement(
      info.name,
      [sunPos[0] + rel[0], sunPos[1] + rel[1], sunPos[2] + rel[2]],
      info.radiusRatio * SIMPLIFIED_PLANET_UNITS_PER_EARTH_RADIUS,
    );
  });

  return { mode, sun, moon, planets };
}

/**
 * Brings a far body onto a sky shell of radius `shellDistance` around the origin, keeping its
 * direction and its apparent size as seen from the Earth's centre. For true-scale bodies beyond
 * the camera's far plane (spec: far 50000). Bodies already closer are returned unchanged.
 */
export function toSkyShell(body: BodyPlacement, shellDistance: number): BodyPlacement {
  if (body.distance <= shellDistance || body.distance === 0) return body;
  const k = shellDistance / body.distance;
  return {
    name: body.name,
    position: [body.position[0] * k, body.position[1] * k, body.position[2] * k],
    distance: shellDistance,
    radius: body.radius * k,
  };
}
