/**
 * Which place names the globe labels, where, and how big (spec globe.md sections 3 and 9,
 * "Labels"). Pure numbers and functions: the label system applies them every frame, the tests
 * check them without a browser.
 */

/**
 * Label kinds, in priority order (a higher kind wins a collision regardless of population).
 * Oceans and seas rank under countries (a sea name must not push a country name off); cities rank
 * above states and regions (a news globe is about places: at distance 300 over Europe, states
 * first would leave a hundred province names and a dozen cities); lakes and rivers come last but
 * towns. The sea, lake and river names are authored (data/labels/waterNames.ts).
 */
export const LABEL_KINDS = [
  'continent',
  'country',
  'ocean',
  'capital',
  'city',
  'state',
  'region',
  'lake',
  'river',
  'town',
] as const;
export type LabelKind = (typeof LABEL_KINDS)[number];

export interface LabelKindRule {
  /** Multiplier of the globe radius the label floats at (spec: 1.02 continent ... 1.005 town). */
  radius: number;
  /** Camera distances (scene units, from the globe centre) within which the kind shows. */
  minDistance: number;
  maxDistance: number;
  /** Most labels of the kind placed at once. */
  cap: number;
  /** Font size in CSS px. */
  fontPx: number;
}

/**
 * Spec values: ranges continent 540-50000, country 205-900, state 205-450, capital 205-540, city
 * 205-440, region 205-440, town 205-330; caps 7, 500, 300, 200, 150, 800, 500; font sizes 22,
 * 18, 14 (state), 13 (capital, city, region), 12 (town). State and region radii are not given:
 * states sit with the cities (1.01), regions with the countries (1.015). The water names are
 * ours: oceans with the continents' reach, lakes and rivers only fairly close.
 */
export const LABEL_RULES: Readonly<Record<LabelKind, LabelKindRule>> = {
  continent: { radius: 1.02, minDistance: 540, maxDistance: 50000, cap: 7, fontPx: 22 },
  ocean: { radius: 1.005, minDistance: 300, maxDistance: 50000, cap: 12, fontPx: 16 },
  country: { radius: 1.015, minDistance: 205, maxDistance: 900, cap: 500, fontPx: 18 },
  capital: { radius: 1.01, minDistance: 205, maxDistance: 540, cap: 300, fontPx: 13 },
  state: { radius: 1.01, minDistance: 205, maxDistance: 450, cap: 200, fontPx: 14 },
  region: { radius: 1.015, minDistance: 205, maxDistance: 440, cap: 150, fontPx: 13 },
  city: { radius: 1.01, minDistance: 205, maxDistance: 440, cap: 800, fontPx: 13 },
  lake: { radius: 1.005, minDistance: 205, maxDistance: 600, cap: 40, fontPx: 12 },
  river: { radius: 1.005, minDistance: 205, maxDistance: 450, cap: 40, fontPx: 12 },
  town: { radius: 1.005, minDistance: 205, maxDistance: 330, cap: 500, fontPx: 12 },
};

export function kindIndex(kind: LabelKind): number {
  return LABEL_KINDS.indexOf(kind);
}

/** Whether a kind shows at a camera distance (inclusive range). */
export function inDistanceRange(kind: LabelKind, distance: number): boolean {
  const r = LABEL_RULES[kind];
  return distance >= r.minDistance && distance <= r.maxDistance;
}

/** Spec spotlight: radius in degrees around the point under the camera, by camera distance. */
export const SPOTLIGHT_STOPS: readonly (readonly [distance: number, degrees: number])[] = [
  [250, 35],
  [500, 45],
  [1000, 55],
  [5000, 70],
  [10000, 85],
];

/** Spotlight radius (degrees) at a camera distance: linear between the stops, clamped outside. */
export function spotlightRadiusDeg(distance: number): number {
  const first = SPOTLIGHT_STOPS[0] as readonly [number, number];
  if (distance <= first[0]) return first[1];
  for (let i = 1; i < SPOTLIGHT_STOPS.length; i++) {
    const [d1, r1] = SPOTLIGHT_STOPS[i] as readonly [number, number];
    if (distance <= d1) {
      const [d0, r0] = SPOTLIGHT_STOPS[i - 1] as readonly [number, number];
      return r0 + ((r1 - r0) * (distance - d0)) / (d1 - d0);
    }
  }
  return (SPOTLIGHT_STOPS[SPOTLIGHT_STOPS.length - 1] as readonly [number, number])[1];
}

/**
 * Spec: "hidden if angular size under 0.5 of view". We read it as the label's apparent size
 * relative to its size seen face-on: a label lying on the sphere at point P, seen from camera C,
 * is foreshortened by the cosine between its surface normal and the line of sight, cos =
 * n(P) . (C - P) / |C - P|. Under 0.5 (tilted more than 60 degrees away, near the limb) the text
 * would be squashed and unreadable, so it is hidden; negative values are the far side.
 */
export const MIN_APPARENT_SIZE = 0.5;

/**
 * Apparent size (foreshortening cosine) of a label at unit direction (nx, ny, nz) and radius
 * `r`, seen from a camera at (cx, cy, cz).
 */
export function apparentSize(
  nx: number,
  ny: number,
  nz: number,
  r: number,
  cx: number,
  cy: number,
  cz: number,
): number {
  const vx = cx - nx * r;
  const vy = cy - ny * r;
  const vz = cz - nz * r;
  // Math.sqrt, not Math.hypot: this runs for every label in the spotlight, and hypot is several
  // times slower in V8.
  const len = Math.sqrt(vx * vx + vy * vy + vz * vz);
  return len === 0 ? 0 : (nx * vx + ny * vy + nz * vz) / len;
}

/** Spec: labels load after 2 s, countries after 500 ms (counted from engine start). */
export const LABELS_DELAY_MS = 2000;
export const COUNTRIES_DELAY_MS = 500;

/** Whether a kind may show `elapsedMs` after the engine started. */
export function kindLoaded(kind: LabelKind, elapsedMs: number): boolean {
  return elapsedMs >= (kind === 'country' ? COUNTRIES_DELAY_MS : LABELS_DELAY_MS);
}

/**
 * Priority of a candidate: kind first, then population (bigger first). Returned as one number
 * so sorting is a plain numeric compare: kinds are 1e12 apart, far above any population.
 */
export function labelPriority(kind: LabelKind, population: number): number {
  return (LABEL_KINDS.length - kindIndex(kind)) * 1e12 + Math.min(Math.max(0, population), 1e11);
}
