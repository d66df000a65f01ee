/**
 * Builds var/gazetteer/gazetteer.json for the geocoder (server/geocode/buildGazetteer.ts).
 * Runs as `postinstall`, so it never fails the install: on any error it prints a warning and
 * exits 0, and the server builds the file lazily on first use instead.
 */
import { statSync } from 'node:fs';
import { writeGazetteer } from '../server/geocode/buildGazetteer';
import { DEFAULT_GAZETTEER_PATH, REPO_ROOT, loadGazetteer } from '../server/geocode/gazetteer';

try {
  const started = performance.now();
  const bytes = writeGazetteer(REPO_ROOT, DEFAULT_GAZETTEER_PATH);
  const built = performance.now() - started;
  const loadStart = performance.now();
  const g = loadGazetteer(DEFAULT_GAZETTEER_PATH);
  const loaded = performance.now() - loadStart;
  console.log(
    `gazetteer: ${g.placeName.length} places, ${g.admin1.length} admin-1, ${g.countries.size} countries; ` +
      `${(bytes / 1e6).toFixed(1)} MB (${statSync(DEFAULT_GAZETTEER_PATH).size} bytes) built in ` +
      `${(built / 1000).toFixed(1)} s, loads in ${Math.round(loaded)} ms -> ${DEFAULT_GAZETTEER_PATH}`,
  );
} catch (err) {
  console.warn(`gazetteer: not built now (${String(err)}); the server builds it on first use`);
}
