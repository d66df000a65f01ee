/**
 * The Analytics view's tables and their CSV (one file, one row per table entry, the same
 * numbers as GET /api/analytics/overview), and the stacked series of the categories chart.
 */
import { ranked, toCsv, type AnalyticsOverview } from '../viewData';

export const CSV_HEADER = ['table', 'key', 'count', 'meanSentiment', 'risk'] as const;

export function overviewCsv(o: AnalyticsOverview): string {
  const rows: (string | number | null)[][] = [
    ['summary', 'total', o.total, null, null],
    ['summary', 'geocoded', o.geocoded, null, null],
    ['summary', 'analysed', o.analysed, null, null],
  ];
  for (const c of o.countries) rows.push(['country', c.country, c.count, c.meanSentiment, c.risk]);
  for (const [k, n] of ranked(o.bySource)) rows.push(['source', k, n, null, null]);
  for (const [k, n] of ranked(o.byRisk)) rows.push(['risk', k, n, null, null]);
  for (const s of o.series) rows.push(['series', s.t, s.total, s.meanSentiment, null]);
  return toCsv(CSV_HEADER, rows);
}

/** Categories of the window, most articles first. */
export function categoriesOf(o: AnalyticsOverview): string[] {
  const totals: Record<string, number> = {};
  for (const s of o.series) {
    for (const [c, n] of Object.entries(s.byCategory)) totals[c] = (totals[c] ?? 0) + n;
  }
  return ranked(totals).map(([c]) => c);
}

/**
 * x (unix seconds) and, per category, the cumulative count up to and including it (stacked:
 * the last category's line is the bucket total).
 */
export function stackedSeries(o: AnalyticsOverview, categories: readonly string[]): number[][] {
  const xs = o.series.map((s) => Date.parse(s.t) / 1000);
  const out: number[][] = [xs];
  const running = o.series.map(() => 0);
  for (const c of categories) {
    out.push(
      o.series.map((s, i) => {
        running[i] = (running[i] ?? 0) + (s.byCategory[c] ?? 0);
        return running[i] ?? 0;
      }),
    );
  }
  return out;
}
