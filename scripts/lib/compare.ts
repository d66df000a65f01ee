/**
 * `npm run bench -- --compare baseline.json`: ratios of this run to a saved run (the JSON the
 * bench writes), with regressions over REGRESSION_RATIO flagged. Every compared metric is
 * "lower is better".
 */

export const REGRESSION_RATIO = 1.15;

export const COMPARED_METRICS = [
  ['mainMsPerFrame', 'main ms/frame'],
  ['gpuMsPerFrame', 'GPU ms/frame'],
  ['frameIntervalMedianMs', 'interval median'],
  ['frameIntervalP95Ms', 'interval p95'],
  ['longTaskMs', 'long tasks ms'],
  ['drawCalls', 'draw calls'],
  ['heapLoadMB', 'heap after load MB'],
  ['heapMB', 'heap MB'],
  ['heapSoakMB', 'heap after soak MB'],
  ['timeToFirstFrameMs', 'first frame'],
] as const;

type MetricKey = (typeof COMPARED_METRICS)[number][0];
export type Medians = Partial<Record<MetricKey, number | null>>;

export interface ComparedScenario {
  name: string;
  median: Medians;
}

export interface ComparisonRow {
  scenario: string;
  metric: string;
  baseline: number;
  current: number;
  ratio: number;
  regression: boolean;
}

/** Rows for every metric both runs measured, per scenario present in both. */
export function compareRuns(
  current: readonly ComparedScenario[],
  baseline: readonly ComparedScenario[],
): ComparisonRow[] {
  const rows: ComparisonRow[] = [];
  for (const cur of current) {
    const base = baseline.find((b) => b.name === cur.name);
    if (!base) continue;
    for (const [key, label] of COMPARED_METRICS) {
      const c = cur.median[key];
      const b = base.median[key];
      if (typeof c !== 'number' || typeof b !== 'number' || b <= 0) continue;
      const ratio = c / b;
      rows.push({
        scenario: cur.name,
        metric: label,
        baseline: b,
        current: c,
        ratio,
        regression: ratio > REGRESSION_RATIO,
      });
    }
  }
  return rows;
}

/** Reads a bench JSON file's scenarios, with a clear error for anything else. */
export function parseBaseline(text: string, file: string): ComparedScenario[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    throw new Error(`${file} is not JSON: ${err instanceof Error ? err.message : String(err)}`, {
      cause: err,
    });
  }
  const scenarios = (data as { scenarios?: unknown }).scenarios;
  if (!Array.isArray(scenarios))
    throw new Error(`${file} has no "scenarios" list: is it a bench result?`);
  return scenarios.filter(
    (s): s is ComparedScenario =>
      typeof s === 'object' &&
      s !== null &&
      typeof (s as ComparedScenario).name === 'string' &&
      typeof (s as ComparedScenario).median === 'object',
  );
}

export function comparisonTable(rows: readonly ComparisonRow[]): string {
  const fmt = (n: number): string => (Math.abs(n) >= 100 ? n.toFixed(0) : n.toFixed(2));
  return [
    '| scenario | metric | baseline | this run | ratio | |',
    '|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.scenario} | ${r.metric} | ${fmt(r.baseline)} | ${fmt(r.current)} | ${r.ratio.toFixed(2)}x | ${r.regression ? 'REGRESSION' : ''} |`,
    ),
  ].join('\n');
}
