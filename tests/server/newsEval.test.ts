/**
 * Floors for `npm run eval:news`: the annotated news set through the real pipeline (loopback
 * RSS/Atom feeds -> fetch -> parse -> geocode -> group -> store -> analyse on SQLite). The floors
 * sit a little under the measured figures (docs/news-eval.md), so a regression fails here.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../server/geocode/gazetteer';
import { loadEvalEvents, runPipelineOverSet, scoreSplit } from '../../server/pipeline/newsEval';

describe('eval:news', () => {
  it('places, labels and groups the annotated news set above the floors', async () => {
    const events = loadEvalEvents(path.join(REPO_ROOT, 'tests/fixtures/news-eval'));
    expect(events.reduce((n, e) => n + e.reports.length, 0)).toBeGreaterThanOrEqual(150);
    const rows = await runPipelineOverSet(events);
    const all = scoreSplit(events, rows, 'all');
    const test = scoreSplit(events, rows, 'test');
    expect(all.stored).toBe(all.reports);
    expect(all.publishers).toHaveLength(7); // feed titles, not the loopback host
    expect(all.acc161).toBeGreaterThanOrEqual(0.95);
    expect(all.country).toBeGreaterThanOrEqual(0.97);
    expect(all.category).toBeGreaterThanOrEqual(0.93);
    expect(all.categoryConsistent).toBe(1);
    // Grouping recall depends a little on the order the feeds are fetched in (0.930-0.965 over 16
    // runs, docs/news-eval.md); over-grouping was 0 in every one of them.
    expect(all.groupingRecall).toBeGreaterThanOrEqual(0.9);
    expect(all.overGrouped).toBe(0);
    expect(test.acc161).toBeGreaterThanOrEqual(0.93);
    expect(test.groupingRecall).toBeGreaterThanOrEqual(0.85);
  }, 120_000);
});
