import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { evaluateGeocoder, type EvalCase } from '../../server/geocode/evaluate';
import { REPO_ROOT, loadGazetteer } from '../../server/geocode/gazetteer';
import { createGeocoder } from '../../server/geocode/geocoder';

/**
 * The same evaluation as `npm run eval:geocode` (tests/fixtures/geocode-eval.json: 322 texts,
 * 349 annotated places, 29 texts with none). Floors sit just below what was measured
 * (accuracy@161 km 0.966, country accuracy 0.986, focus accuracy@161 km 0.959, 0 misses, 3 false
 * positives) so a regression fails while small changes to the set do not.
 */
describe('geocoder evaluation', () => {
  it('meets the accuracy floors on the annotated news texts', () => {
    const cases = JSON.parse(
      readFileSync(join(REPO_ROOT, 'tests/fixtures/geocode-eval.json'), 'utf8'),
    ) as EvalCase[];
    const report = evaluateGeocoder(createGeocoder(loadGazetteer()), cases);
    expect(report.annotations).toBeGreaterThanOrEqual(300);
    expect(report.noPlaceTexts).toBeGreaterThanOrEqual(20);
    expect(report.accuracy161).toBeGreaterThanOrEqual(0.95);
    expect(report.countryAccuracy).toBeGreaterThanOrEqual(0.97);
    expect(report.focusAccuracy161).toBeGreaterThanOrEqual(0.94);
    expect(report.misses).toBeLessThanOrEqual(3);
    expect(report.falsePositives).toBeLessThanOrEqual(4);
    // Generous on a shared 2-core machine; measured ~0.5 ms/article.
    expect(report.msPerArticle).toBeLessThan(5);
  }, 60_000);
});
