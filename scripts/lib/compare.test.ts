import { describe, expect, it } from 'vitest';
import { compareRuns, comparisonTable, parseBaseline } from './compare';

describe('bench --compare', () => {
  it('gives ratios and flags regressions over 15% on lower-is-better metrics', () => {
    const rows = compareRuns(
      [{ name: 'markers', median: { mainMsPerFrame: 3.6, gpuMsPerFrame: 100, drawCalls: 7 } }],
      [
        { name: 'markers', median: { mainMsPerFrame: 3.0, gpuMsPerFrame: 100, drawCalls: 7 } },
        { name: 'other', median: { mainMsPerFrame: 1 } },
      ],
    );
    expect(rows.map((r) => [r.metric, r.regression])).toEqual([
      ['main ms/frame', true],
      ['GPU ms/frame', false],
      ['draw calls', false],
    ]);
    expect(rows[0]?.ratio).toBeCloseTo(1.2, 9);
    expect(comparisonTable(rows)).toContain('REGRESSION');
  });

  it('compares long tasks and the heap after load and after the soak when both runs have them', () => {
    const rows = compareRuns(
      [{ name: 'tour', median: { longTaskMs: 500, heapLoadMB: 10, heapSoakMB: null } }],
      [{ name: 'tour', median: { longTaskMs: 400, heapLoadMB: 10, heapSoakMB: 12 } }],
    );
    expect(rows.map((r) => [r.metric, r.ratio, r.regression])).toEqual([
      ['long tasks ms', 1.25, true],
      ['heap after load MB', 1, false],
    ]);
  });

  it('rejects files that are not bench results', () => {
    expect(() => parseBaseline('nope', 'x.json')).toThrow(/not JSON/);
    expect(() => parseBaseline('{}', 'x.json')).toThrow(/no "scenarios"/);
    expect(parseBaseline('{"scenarios":[{"name":"a","median":{}}]}', 'x.json')).toHaveLength(1);
  });
});
