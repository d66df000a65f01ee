/**
 * The choropleth layer's colours: countries filled by a figure of the news in a window, from the
 * per-country rows of GET /api/analytics/overview (`countries`: ISO code, count, mean sentiment,
 * highest risk). Pure: the UI turns rows into fills (ISO alpha-2 -> RGBA) and a legend, the engine
 * draws the fills (engine/render/choropleth.ts).
 *
 * Rows naming the same country ('United States', 'US') are merged: counts add up, the mean
 * sentiment is weighted by each row's count, the highest risk wins. Rows without an ISO code
 * ('Unknown') fill nothing.
 */

export type ChoroplethMetric = 'count' | 'sentiment' | 'risk';
export const CHOROPLETH_METRICS: readonly ChoroplethMetric[] = ['count', 'sentiment', 'risk'];
export const CHOROPLETH_METRIC_LABELS: Readonly<Record<ChoroplethMetric, string>> = {
  count: 'Articles',
  sentiment: 'Mean sentiment',
  risk: 'Highest risk',
};

export interface ChoroplethRow {
  iso2: string | null;
  count: number;
  meanSentiment: number | null;
  risk: string;
}

export type Rgba = readonly [number, number, number, number];

export interface LegendEntry {
  label: string;
  /** CSS colour of the swatch. */
  color: string;
  /** Countries in this class. */
  countries: number;
}

export interface ChoroplethResult {
  fills: Record<string, Rgba>;
  legend: LegendEntry[];
  /** What is left unfilled, said under the legend ('' when nothing is). */
  note: string;
}

/** Fill opacity: the land, borders and labels stay readable under it. */
export const CHOROPLETH_ALPHA = 0.6;

/** Article count: light to dark, five classes on a log scale of the window's largest count. */
export const COUNT_COLORS = ['#fde68a', '#fbbf24', '#f97316', '#dc2626', '#7f1d1d'] as const;
/** Mean sentiment, -1..1: five classes, red (negative) through grey to green (positive). */
export const SENTIMENT_CLASSES: readonly { upTo: number; label: string; color: string }[] = [
  { upTo: -0.5, label: '-1 to -0.5', color: '#dc2626' },
  { upTo: -0.1, label: '-0.5 to -0.1', color: '#f87171' },
  { upTo: 0.1, label: '-0.1 to 0.1', color: '#94a3b8' },
  { upTo: 0.5, label: '0.1 to 0.5', color: '#4ade80' },
  { upTo: Infinity, label: '0.5 to 1', color: '#16a34a' },
];
/** Highest risk level: the analysis levels, low to critical. */
export const RISK_CLASSES: readonly { level: string; color: string }[] = [
  { level: 'low', color: '#4ade80' },
  { level: 'medium', color: '#facc15' },
  { level: 'high', color: '#f97316' },
  { level: 'critical', color: '#dc2626' },
];
const RISK_ORDER = ['none', 'low', 'medium', 'high', 'critical'];

/** '#rrggbb' -> [r, g, b, alpha] in 0..1. */
export function hexToRgba(hex: string, alpha = CHOROPLETH_ALPHA): Rgba {
  const n = Number.parseInt(hex.slice(1), 16);
  return [((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255, alpha];
}

interface Merged {
  count: number;
  sentimentSum: number;
  sentimentWeight: number;
  risk: string;
}

/** One entry per ISO code (rows without one are dropped). */
export function mergeRows(rows: readonly ChoroplethRow[]): Map<string, Merged> {
  const out = new Map<string, Merged>();
  for (const r of rows) {
    if (r.iso2 === null || !/^[A-Z]{2}$/.test(r.iso2) || r.count <= 0) continue;
    const m = out.get(r.iso2) ?? { count: 0, sentimentSum: 0, sentimentWeight: 0, risk: 'none' };
    m.count += r.count;
    if (r.meanSentiment !== null && Number.isFinite(r.meanSentiment)) {
      m.sentimentSum += r.meanSentiment * r.count;
      m.sentimentWeight += r.count;
    }
    if (RISK_ORDER.indexOf(r.risk) > RISK_ORDER.indexOf(m.risk)) m.risk = r.risk;
    out.set(r.iso2, m);
  }
  return out;
}

/** Class 0..4 of `count` on a log scale up to `max` (max itself is class 4). */
export function countClass(count: number, max: number): number {
  if (max <= 1) return COUNT_COLORS.length - 1;
  const t = Math.log1p(count) / Math.log1p(max);
  return Math.min(COUNT_COLORS.length - 1, Math.max(0, Math.ceil(t * COUNT_COLORS.length) - 1));
}

function countFills(merged: Map<string, Merged>): ChoroplethResult {
  const max = Math.max(0, ...[...merged.values()].map((m) => m.count));
  const classes = COUNT_COLORS.map(() => ({ min: Infinity, max: 0, countries: 0 }));
  const fills: Record<string, Rgba> = {};
  for (const [iso2, m] of merged) {
    const k = countClass(m.count, max);
    const c = classes[k];
    if (c === undefined) continue;
    c.min = Math.min(c.min, m.count);
    c.max = Math.max(c.max, m.count);
    c.countries++;
    fills[iso2] = hexToRgba(COUNT_COLORS[k] ?? '#ffffff');
  }
  const legend: LegendEntry[] = [];
  classes.forEach((c, k) => {
    if (c.countries === 0) return;
    const label = c.min === c.max ? String(c.min) : `${String(c.min)}-${String(c.max)}`;
    legend.push({
      label: `${label} article${c.max === 1 ? '' : 's'}`,
      color: COUNT_COLORS[k] ?? '#fff',
      countries: c.countries,
    });
  });
  return { fills, legend, note: '' };
}

function sentimentFills(merged: Map<string, Merged>): ChoroplethResult {
  const counts = SENTIMENT_CLASSES.map(() => 0);
  const fills: Record<string, Rgba> = {};
  let unscored = 0;
  for (const [iso2, m] of merged) {
    if (m.sentimentWeight === 0) {
      unscored++;
      continue;
    }
    const mean = m.sentimentSum / m.sentimentWeight;
    const k = SENTIMENT_CLASSES.findIndex((c) => mean <= c.upTo);
    const c = SENTIMENT_CLASSES[k];
    if (c === undefined) continue;
    counts[k] = (counts[k] ?? 0) + 1;
    fills[iso2] = hexToRgba(c.color);
  }
  const legend = SENTIMENT_CLASSES.map((c, k) => ({
    label: c.label,
    color: c.color,
    countries: counts[k] ?? 0,
  }));
  const note =
    unscored === 0
      ? ''
      : `${String(unscored)} countr${unscored === 1 ? 'y' : 'ies'} without a scored article: not filled`;
  return { fills, legend, note };
}

function riskFills(merged: Map<string, Merged>): ChoroplethResult {
  const counts = RISK_CLASSES.map(() => 0);
  const fills: Record<string, Rgba> = {};
  let unassessed = 0;
  for (const [iso2, m] of merged) {
    const k = RISK_CLASSES.findIndex((c) => c.level === m.risk);
    const c = RISK_CLASSES[k];
    if (c === undefined) {
      unassessed++;
      continue;
    }
    counts[k] = (counts[k] ?? 0) + 1;
    fills[iso2] = hexToRgba(c.color);
  }
  const legend = RISK_CLASSES.map((c, k) => ({
    label: c.level,
    color: c.color,
    countries: counts[k] ?? 0,
  }));
  const note =
    unassessed === 0
      ? ''
      : `${String(unassessed)} countr${unassessed === 1 ? 'y' : 'ies'} without a risk assessment: not filled`;
  return { fills, legend, note };
}

/** The fills and legend of `metric` over the overview's per-country rows. */
export function choroplethFills(
  rows: readonly ChoroplethRow[],
  metric: ChoroplethMetric,
): ChoroplethResult {
  const merged = mergeRows(rows);
  if (metric === 'sentiment') return sentimentFills(merged);
  if (metric === 'risk') return riskFills(merged);
  return countFills(merged);
}
