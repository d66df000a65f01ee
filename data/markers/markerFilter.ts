/**
 * Which articles become visible markers (spec: globe.md sections 4-5, 9): sentiment filter,
 * category filter, a time window, and the maxMarkers cap (newest first).
 */
import type { Sentiment } from './markerStyle';

export interface MarkerFilter {
  /** 'all' or one sentiment label. */
  sentiment: Sentiment | 'all';
  /** Empty = every category; otherwise a marker needs one of these (lower case). */
  categories: readonly string[];
  /** Time window in hours (spec time ranges 1, 6, 12, 24, 168, 720; 'all' = a year). */
  hours: number;
  /** Cap on markers drawn (spec default 100; settings 1000-10000; quality caps 50/200/500). */
  maxMarkers: number;
}

export const DEFAULT_MAX_MARKERS = 100;
/** The spec's hard ceiling for the maxMarkers setting; scenarios may go beyond for benchmarks. */
export const MAX_MARKERS_SETTING = 10_000;
/** 'all' time range: a year. */
export const ALL_HOURS = 24 * 365;

export const DEFAULT_MARKER_FILTER: MarkerFilter = {
  sentiment: 'all',
  categories: [],
  hours: 24,
  maxMarkers: DEFAULT_MAX_MARKERS,
};

/** Time ranges of the spec's timeline (hours). */
export const TIME_RANGES: Readonly<Record<string, number>> = {
  '1h': 1,
  '6h': 6,
  '12h': 12,
  '24h': 24,
  '7d': 168,
  '30d': 720,
  all: ALL_HOURS,
};

export function passesFilter(
  f: MarkerFilter,
  sentiment: Sentiment,
  categories: readonly string[],
  publishedMs: number,
  nowMs: number,
): boolean {
  if (f.sentiment !== 'all' && sentiment !== f.sentiment) return false;
  if (f.categories.length > 0 && !categories.some((c) => f.categories.includes(c))) return false;
  return nowMs - publishedMs <= f.hours * 3_600_000;
}

/** 'Just now' / 'Nm ago' / 'Nh ago' / 'Nd ago' (spec tooltip). */
export function timeAgo(publishedMs: number, nowMs: number): string {
  const s = Math.max(0, (nowMs - publishedMs) / 1000);
  if (s < 60) return 'Just now';
  if (s < 3600) return `${Math.floor(s / 60)}m ago`;
  if (s < 86_400) return `${Math.floor(s / 3600)}h ago`;
  return `${Math.floor(s / 86_400)}d ago`;
}
