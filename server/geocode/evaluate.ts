/**
 * Scores a Geocoder against the annotated news texts in tests/fixtures/geocode-eval.json, the way
 * PIPELINE.md asks (accuracy@161 km and country accuracy, as Mordecai/CLIFF report them). Shared by
 * scripts/eval-geocode.ts and tests/server/geocodeEval.test.ts so both measure the same thing.
 *
 * Per annotation:
 * - focus (`expected`): the result's primary place. Hit@161 when within 161 km; an annotation of
 *   kind 'country' is a hit only when the primary is that country itself (centroids are
 *   conventions, so distance means nothing there). Country hit when the codes match.
 * - other mentions (`mentions`): hit@161 when any place in `mentioned` is within 161 km (or is
 *   the country, for country annotations); country hit when any mentioned place has that code.
 * A miss is an annotation with no answer at all (null result, or no mentioned place in that
 * country); a false positive is a text annotated with no place (expected null) that got one.
 */
import type { GeocodedPlace, Geocoder } from '../pipeline/contracts';
import { distanceKm } from './text';

export interface EvalPlace {
  name: string;
  countryCode: string;
  lat: number;
  lon: number;
  kind?: 'country';
}

export interface EvalCase {
  title: string;
  text: string;
  expected: EvalPlace | null;
  mentions?: EvalPlace[];
}

export interface EvalFailure {
  title: string;
  annotation: 'focus' | 'mention' | 'no-place';
  expected: string;
  got: string;
}

export interface EvalReport {
  cases: number;
  annotations: number;
  focusAnnotations: number;
  mentionAnnotations: number;
  hits161: number;
  countryHits: number;
  misses: number;
  noPlaceTexts: number;
  falsePositives: number;
  accuracy161: number;
  countryAccuracy: number;
  focusAccuracy161: number;
  focusCountryAccuracy: number;
  msPerArticle: number;
  failures: EvalFailure[];
}

const KM = 161;

function describe(p: GeocodedPlace | null | undefined): string {
  if (p === null || p === undefined) return 'nothing';
  return `${p.name} (${p.countryCode}, ${p.kind}) ${p.lat.toFixed(2)},${p.lon.toFixed(2)} [${p.evidence}]`;
}

function describeExpected(e: EvalPlace): string {
  return `${e.name} (${e.countryCode}${e.kind === 'country' ? ', country' : ''}) ${e.lat},${e.lon}`;
}

function near(p: GeocodedPlace, e: EvalPlace): boolean {
  if (e.kind === 'country') return p.kind === 'country' && p.countryCode === e.countryCode;
  return distanceKm(p.lat, p.lon, e.lat, e.lon) <= KM;
}

export function evaluateGeocoder(geocoder: Geocoder, cases: readonly EvalCase[]): EvalReport {
  const failures: EvalFailure[] = [];
  let focusAnnotations = 0;
  let mentionAnnotations = 0;
  let hits161 = 0;
  let countryHits = 0;
  let focusHits = 0;
  let focusCountry = 0;
  let misses = 0;
  let noPlaceTexts = 0;
  let falsePositives = 0;
  let elapsed = 0;

  for (const c of cases) {
    const started = performance.now();
    const result = geocoder.geocode({
      title: c.title,
      description: c.text,
      content: null,
      point: null,
    });
    elapsed += performance.now() - started;
    const e = c.expected;
    if (e === null) {
      noPlaceTexts++;
      if (result !== null) {
        falsePositives++;
        failures.push({
          title: c.title,
          annotation: 'no-place',
          expected: 'nothing',
          got: describe(result.primary),
        });
      }
    } else {
      focusAnnotations++;
      const p = result?.primary ?? null;
      const hit = p !== null && near(p, e);
      const ccHit = p !== null && p.countryCode === e.countryCode;
      if (hit) {
        hits161++;
        focusHits++;
      }
      if (ccHit) {
        countryHits++;
        focusCountry++;
      }
      if (p === null) misses++;
      if (!hit || !ccHit) {
        failures.push({
          title: c.title,
          annotation: 'focus',
          expected: describeExpected(e),
          got: describe(p),
        });
      }
    }
    for (const m of c.mentions ?? []) {
      mentionAnnotations++;
      const places = result?.mentioned ?? [];
      const hit = places.some((p) => near(p, m));
      const ccHit = places.some((p) => p.countryCode === m.countryCode);
      if (hit) hits161++;
      if (ccHit) countryHits++;
      else misses++;
      if (!hit || !ccHit) {
        failures.push({
          title: c.title,
          annotation: 'mention',
          expected: describeExpected(m),
          got: places.map(describe).join(' | ') || 'nothing',
        });
      }
    }
  }
  const annotations = focusAnnotations + mentionAnnotations;
  const ratio = (a: number, b: number): number => (b === 0 ? 0 : Math.round((a / b) * 1000) / 1000);
  return {
    cases: cases.length,
    annotations,
    focusAnnotations,
    mentionAnnotations,
    hits161,
    countryHits,
    misses,
    noPlaceTexts,
    falsePositives,
    accuracy161: ratio(hits161, annotations),
    countryAccuracy: ratio(countryHits, annotations),
    focusAccuracy161: ratio(focusHits, focusAnnotations),
    focusCountryAccuracy: ratio(focusCountry, focusAnnotations),
    msPerArticle: cases.length === 0 ? 0 : elapsed / cases.length,
    failures,
  };
}
