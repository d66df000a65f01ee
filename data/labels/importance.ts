/**
 * How important a place name is: one score per label from the gazetteer's facts (population,
 * national capital, seat of an admin-1 area, area where the data has it), so the names a reader
 * expects come first - Cologne before Vaduz, Paris before a French département - and the most
 * important places reach a little farther out than their kind's distance range (Paris shows at
 * distance 600 although capitals stop at 540). Pure numbers: the catalogue sorts by the score,
 * the label system reads the reach.
 */
import type { LabelKind } from './labelRules';

export interface PlaceFacts {
  kind: LabelKind;
  /** People living there; for countries and states the people of their listed cities and towns
   * (the gazetteer gives no population for areas). */
  population: number;
  /** National capital (capitals list, or a city flagged `capital`). */
  capital?: boolean;
  /** Seat of an admin-1 area (state or province capital). */
  adminSeat?: boolean;
  /** Land area in km2, when known (countries). */
  areaKm2?: number;
}

/** A national capital counts as this many times its population. */
export const CAPITAL_WEIGHT = 3;
/** The seat of a state or province counts as this many times its population. */
export const ADMIN_SEAT_WEIGHT = 1.5;
/**
 * A state or province name counts as this share of its people: a département or county is less
 * known than the city it is named after (Paris before the Paris département, Munich before Upper
 * Bavaria).
 */
export const STATE_WEIGHT = 0.25;
/**
 * A country name counts as this share of the people in its cities and towns: the name of a big
 * country ranks with its capital (Germany with Berlin), a small country's after its main cities
 * (Belgium after Cologne), so close in the cities a reader expects are not crowded out by the
 * names of every small neighbour.
 */
export const COUNTRY_WEIGHT = 0.1;
/** Area in km2 counted as one person: a large empty country still deserves its name (Mongolia,
 * Namibia), a micro-state gains nothing. */
export const PEOPLE_PER_KM2 = 200;
/** Score from which a place's reach grows past its kind's maximum distance, and how fast (per
 * factor 10 of score), up to REACH_MAX times the kind's maximum. */
export const REACH_SCORE = 1_000_000;
export const REACH_PER_DECADE = 0.25;
export const REACH_MAX = 1.5;

/** The importance score of a place (higher = placed first). */
export function importance(f: PlaceFacts): number {
  let score = Math.max(0, f.population);
  if (f.areaKm2 !== undefined && f.areaKm2 > 0) score = Math.max(score, f.areaKm2 * PEOPLE_PER_KM2);
  if (f.kind === 'state') score *= STATE_WEIGHT;
  if (f.kind === 'country') score *= COUNTRY_WEIGHT;
  if (f.capital === true || f.kind === 'capital') score *= CAPITAL_WEIGHT;
  else if (f.adminSeat === true) score *= ADMIN_SEAT_WEIGHT;
  return score;
}

/**
 * How far out (camera distance) a place of `score` shows: its kind's maximum, times
 * 1 + REACH_PER_DECADE per factor 10 of score above REACH_SCORE, at most REACH_MAX times.
 */
export function reach(kindMaxDistance: number, score: number): number {
  if (score <= REACH_SCORE) return kindMaxDistance;
  const grow = 1 + REACH_PER_DECADE * Math.log10(score / REACH_SCORE);
  return kindMaxDistance * Math.min(REACH_MAX, grow);
}
