/**
 * `npm run bench:analysis [-- --articles N]`: throughput of the offline analyser on one core.
 *
 * Analyses N articles (default 3000): the golden fixtures from tests/fixtures/analysis plus
 * synthetic articles assembled with a seeded PRNG from fixture sentences, so lengths and content
 * vary like a feed's. Runs in this process only (single-threaded), after a short warm-up, and
 * reports articles per second and per-article latency percentiles. The target is >= 40/s.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { mulberry32 } from '../data/random';
import type { AnalysisInput } from '../server/analysis/analyser';
import { analyseOffline } from '../server/analysis/offline';

const TARGET_PER_SECOND = 40;
const FIXTURE_DIR = path.resolve(import.meta.dirname, '../tests/fixtures/analysis');

const { values } = parseArgs({ options: { articles: { type: 'string', default: '3000' } } });
const count = Math.max(1, Number.parseInt(values.articles, 10) || 3000);

const fixtures = readdirSync(FIXTURE_DIR)
  .filter((file) => file.endsWith('.json'))
  .sort()
  .map(
    (file) =>
      (JSON.parse(readFileSync(path.join(FIXTURE_DIR, file), 'utf8')) as { input: AnalysisInput })
        .input,
  );
const sentences = fixtures
  .flatMap((f) => (f.content ?? '').split(/(?<=[.!?])\s+/))
  .filter((s) => s.length > 20);
const titles = fixtures.map((f) => f.title);

const random = mulberry32(42);
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
const articles: AnalysisInput[] = [];
for (let i = 0; i < count; i++) {
  if (i < fixtures.length) {
    const fixture = fixtures[i];
    if (fixture !== undefined) articles.push(fixture);
    continue;
  }
  // 3..40 sentences: from a teaser to a long report.
  const length = 3 + Math.floor(random() ** 2 * 38);
  const body = Array.from({ length }, () => pick(sentences)).join(' ');
  articles.push({
    id: `s${i}`,
    title: pick(titles),
    description: null,
    content: body,
    source: 'bench',
    language: null,
  });
}

const now = (): Date => new Date(0);
for (const article of articles.slice(0, 200)) analyseOffline(article, { now });

const latencies: number[] = [];
let chars = 0;
const start = performance.now();
for (const article of articles) {
  const t0 = performance.now();
  analyseOffline(article, { now });
  latencies.push(performance.now() - t0);
  chars += article.title.length + (article.content?.length ?? 0);
}
const seconds = (performance.now() - start) / 1000;
latencies.sort((a, b) => a - b);
const percentile = (p: number): number =>
  latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? 0;
const perSecond = articles.length / seconds;

console.log(
  `offline analyser: ${articles.length} articles (${fixtures.length} fixtures + synthetic), ${(chars / articles.length).toFixed(0)} chars on average`,
);
console.log(`throughput: ${perSecond.toFixed(0)} articles/s on one core (${seconds.toFixed(2)} s)`);
console.log(
  `latency ms: p50 ${percentile(0.5).toFixed(2)}, p95 ${percentile(0.95).toFixed(2)}, max ${percentile(1).toFixed(2)}`,
);
console.log(
  perSecond >= TARGET_PER_SECOND
    ? `target ${TARGET_PER_SECOND}/s: met`
    : `target ${TARGET_PER_SECOND}/s: NOT met`,
);
process.exitCode = perSecond >= TARGET_PER_SECOND ? 0 : 1;
