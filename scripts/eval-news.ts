/**
 * `npm run eval:news`: the real pipeline over the annotated news set (server/pipeline/newsEval.ts)
 * and its scores for the dev split, the held-out test split and both. `--failures` lists every
 * miss of the dev split (`--failures=all`: both); `--json` prints the scores as JSON. Always exits 0: it reports, the floors live in
 * tests/server/newsEval.test.ts.
 */
import path from 'node:path';
import { REPO_ROOT } from '../server/geocode/gazetteer';
import {
  COMPLETENESS_FIELDS,
  loadEvalEvents,
  runPipelineOverSet,
  scoreSplit,
  type SplitScores,
} from '../server/pipeline/newsEval';

const events = loadEvalEvents(path.join(REPO_ROOT, 'tests/fixtures/news-eval'));
const started = performance.now();
const rows = await runPipelineOverSet(events);
const ms = performance.now() - started;
const splits = (
  process.argv.includes('--heldout')
    ? (['dev', 'test', 'heldout', 'all'] as const)
    : (['dev', 'test'] as const)
).map((s) => [s, scoreSplit(events, rows, s)] as const);

const f = (x: number): string => x.toFixed(3);
if (process.argv.includes('--json')) {
  console.log(
    JSON.stringify(
      Object.fromEntries(
        splits.map(([s, r]) => [
          s,
          { ...r, confusion: undefined, completeness: Object.fromEntries(r.completeness) },
        ]),
      ),
      null,
      2,
    ),
  );
} else {
  // Misses of the dev split only, so rules are written against dev and test stays unseen;
  // --failures=all shows the test split's too.
  const failuresOf = process.argv.includes('--failures=all') ? 'all' : 'dev';
  if (process.argv.some((a) => a.startsWith('--failures'))) {
    for (const line of scoreSplit(events, rows, failuresOf).failures) console.log(line);
    console.log('');
  }
  const table = (label: string, pick: (r: SplitScores) => string): string =>
    `| ${label.padEnd(28)} | ${splits.map(([, r]) => pick(r).padStart(12)).join(' | ')} |`;
  console.log(`| ${'metric'.padEnd(28)} | ${splits.map(([s]) => s.padStart(12)).join(' | ')} |`);
  console.log(`|${'-'.repeat(30)}|${splits.map(() => '-'.repeat(14)).join('|')}|`);
  console.log(table('multi-report events', (r) => String(r.multiReportEvents)));
  console.log(table('reports (stored)', (r) => `${r.reports} (${r.stored})`));
  console.log(table('accuracy@161 km', (r) => f(r.acc161)));
  console.log(table('country accuracy', (r) => f(r.country)));
  console.log(table('category accuracy', (r) => f(r.category)));
  console.log(table('category == categories[0]', (r) => f(r.categoryConsistent)));
  console.log(
    table(
      'grouping recall',
      (r) => `${f(r.groupingRecall)} (${r.mergedEvents}/${r.multiReportEvents})`,
    ),
  );
  console.log(table('over-grouped stories', (r) => String(r.overGrouped)));
  console.log(table('distinct publishers', (r) => String(r.publishers.length)));
  const all = scoreSplit(events, rows, 'all');
  console.log(`\npublishers: ${all.publishers.join(', ')}`);
  const cats = [
    ...new Set([
      ...all.confusion.keys(),
      ...[...all.confusion.values()].flatMap((m) => [...m.keys()]),
    ]),
  ].sort();
  console.log(`\ncategory confusion (rows: truth, columns: predicted), all splits`);
  console.log(
    `| ${'truth \\ got'.padEnd(13)} | ${cats.map((c) => c.slice(0, 6).padStart(6)).join(' | ')} |`,
  );
  for (const truth of cats) {
    const line = all.confusion.get(truth);
    if (line === undefined) continue;
    console.log(
      `| ${truth.padEnd(13)} | ${cats.map((c) => String(line.get(c) ?? 0).padStart(6)).join(' | ')} |`,
    );
  }
  console.log(`\nanalysis completeness (story leaders with the field), all splits`);
  console.log(
    COMPLETENESS_FIELDS.map(([name]) => `${name} ${f(all.completeness.get(name) ?? 0)}`).join(', '),
  );
  console.log(
    `\n${rows.length} reports through fetch, parse, geocode, group, store and analyse in ${Math.round(ms)} ms`,
  );
}
