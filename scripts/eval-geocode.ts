/**
 * Runs the geocoder over tests/fixtures/geocode-eval.json and prints accuracy@161 km, country
 * accuracy, misses, false positives, speed and every failure (server/geocode/evaluate.ts).
 * Always exits 0: it reports, the floors live in tests/server/geocodeEval.test.ts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { evaluateGeocoder, type EvalCase } from '../server/geocode/evaluate';
import { REPO_ROOT, loadGazetteer } from '../server/geocode/gazetteer';
import { createGeocoder } from '../server/geocode/geocoder';

const cases = JSON.parse(
  readFileSync(join(REPO_ROOT, 'tests/fixtures/geocode-eval.json'), 'utf8'),
) as EvalCase[];
const loadStart = performance.now();
const geocoder = createGeocoder(loadGazetteer());
const loadMs = performance.now() - loadStart;
// Warm up once so the timing below is the steady state, then measure.
evaluateGeocoder(geocoder, cases);
const r = evaluateGeocoder(geocoder, cases);

for (const f of r.failures) {
  console.log(
    `FAIL [${f.annotation}] ${f.title}\n     expected ${f.expected}\n     got      ${f.got}`,
  );
}
console.log(`
cases ${r.cases}, annotated places ${r.annotations} (${r.focusAnnotations} focus + ${r.mentionAnnotations} other mentions), texts without a place ${r.noPlaceTexts}
accuracy@161km   ${r.accuracy161} (${r.hits161}/${r.annotations}); focus only ${r.focusAccuracy161}
country accuracy ${r.countryAccuracy} (${r.countryHits}/${r.annotations}); focus only ${r.focusCountryAccuracy}
misses (no answer) ${r.misses}
false positives   ${r.falsePositives}/${r.noPlaceTexts}
speed             ${r.msPerArticle.toFixed(3)} ms/article; gazetteer load ${Math.round(loadMs)} ms`);
