/**
 * What the Analytics and Intelligence views fetch (server/http/articles/analytics.ts and
 * intelligence.ts) and the small pure helpers they share: the windows, CSV.
 */
import type { Article } from '../../data/article';

/** The windows of the views (hours): 6 h ... 30 days. */
export const VIEW_WINDOWS: readonly { label: string; hours: number }[] = [
  { label: '6h', hours: 6 },
  { label: '24h', hours: 24 },
  { label: '7d', hours: 168 },
  { label: '30d', hours: 720 },
];

export interface OverviewSeriesPoint {
  t: string;
  total: number;
  byCategory: Record<string, number>;
  bySentiment: Record<string, number>;
  meanSentiment: number | null;
}

export interface CountryRow {
  country: string;
  count: number;
  meanSentiment: number | null;
  risk: string;
}

export interface AnalyticsOverview {
  hours: number;
  bucket: 'hour' | 'day';
  generatedAt: string;
  total: number;
  geocoded: number;
  analysed: number;
  series: OverviewSeriesPoint[];
  bySource: Record<string, number>;
  byCountry: Record<string, number>;
  byRisk: Record<string, number>;
  countries: CountryRow[];
}

export type GraphNodeType = 'country' | 'category' | 'person' | 'organization' | 'location';

export interface KnowledgeGraphData {
  nodes: { id: string; label: string; type: GraphNodeType; weight: number }[];
  edges: { source: string; target: string; weight: number }[];
  articleCount: number;
}

export interface TrendsData {
  bucket: 'hour' | 'day';
  buckets: string[];
  trending: {
    id: string;
    label: string;
    type: GraphNodeType;
    count: number;
    previous: number;
    change: number;
    timeline: number[];
  }[];
  stories: { count: number; article: Article }[];
}

/**
 * GET `url` as JSON. A non-OK answer throws the spec's 'HTTP error! status: {status}' with the
 * status on the error, so the query policy does not retry a real 4xx (data/api/queryPolicy.ts).
 */
export async function fetchJson<T>(url: string, signal?: AbortSignal): Promise<T> {
  const res = await fetch(url, signal === undefined ? {} : { signal });
  if (!res.ok) {
    throw Object.assign(new Error(`HTTP error! status: ${String(res.status)}`), {
      status: res.status,
    });
  }
  return (await res.json()) as T;
}

/** One CSV field (RFC 4180): quoted when it holds a comma, quote or line break. */
export function csvField(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  // A leading =, +, - or @ would be a formula in spreadsheets: prefix a quote (OWASP).
  const safe = /^[=+\-@]/.test(text) && typeof value === 'string' ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function toCsv(
  header: readonly string[],
  rows: readonly (string | number | null)[][],
): string {
  return [header, ...rows].map((r) => r.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/** Entries of a count map, largest first (ties by key). */
export function ranked(counts: Record<string, number>): [string, number][] {
  return Object.entries(counts).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
}

/** Starts a download of `blob` as `name`. */
export function download(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
