/**
 * Which articles become visible markers (spec: globe.md sections 4-5, 9; application.md section 3
 * 'Filters': dateRange, sentiment, realityType, sources): sentiment filter, category filter,
 * reality-type filter, source filter, a time window, and the maxMarkers cap (newest first). The
 * same rules serve the engine's filter pass (systems/markerFilterSystem.ts, over the columnar
 * store) and the /app filters sidebar's list and counts (`passesFilter`, `filterFacets`).
 */
import {
  articleCategories,
  articleRealityType,
  articleSentiment,
  articleSource,
  MARKER_REALITY_TYPES,
  SENTIMENTS,
  type MarkerRealityType,
  type Sentiment,
} from './markerStyle';

export interface MarkerFilter {
  /** 'all' or one sentiment label. */
  sentiment: Sentiment | 'all';
  /** Empty = every category; otherwise a marker needs one of these (lower case). */
  categories: readonly string[];
  /** Empty = every reality type; otherwise one of these (unclassified articles are 'unverified'). */
  realityTypes: readonly MarkerRealityType[];
  /** Empty = every source; otherwise the article's source name, as written, is one of these. */
  sources: readonly string[];
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
  realityTypes: [],
  sources: [],
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

/** The fields of an article the filter reads (the engine keeps them as store columns). */
export interface FilterFields {
  sentiment: Sentiment;
  /** Lower case. */
  categories: readonly string[];
  realityType: MarkerRealityType;
  source: string;
  publishedMs: number;
}

/** Publication time: publishedAt, else createdAt, else dateTimePub; `fallback` when none parses. */
export function articlePublishedMs(article: unknown, fallback: number): number {
  if (typeof article !== 'object' || article === null) return fallback;
  const a = article as Record<string, unknown>;
  for (const k of ['publishedAt', 'createdAt', 'dateTimePub']) {
    const v = a[k];
    if (typeof v === 'string' || typeof v === 'number') {
      const t = new Date(v).getTime();
      if (Number.isFinite(t)) return t;
    }
  }
  return fallback;
}

/** An article's filter fields, by the same rules as its marker (systems/markerSpawnSystem.ts). */
export function articleFilterFields(article: unknown, publishedMs: number): FilterFields {
  return {
    sentiment: articleSentiment(article),
    categories: articleCategories(article),
    realityType: articleRealityType(article),
    source: articleSource(article),
    publishedMs,
  };
}

/** Publication window {startMs, endMs} that replaces `hours` when set (the timeline filter). */
export interface FilterWindow {
  startMs: number;
  endMs: number;
}

type FilterKind = 'sentiment' | 'categories' | 'realityTypes' | 'sources' | 'time';

/** Which filter kinds an article passes (each independently). */
function passes(
  f: MarkerFilter,
  x: FilterFields,
  nowMs: number,
  window: FilterWindow | null,
): Record<FilterKind, boolean> {
  const since = window === null ? nowMs - f.hours * 3_600_000 : window.startMs;
  const until = window === null ? Infinity : window.endMs;
  return {
    sentiment: f.sentiment === 'all' || x.sentiment === f.sentiment,
    categories: f.categories.length === 0 || x.categories.some((c) => f.categories.includes(c)),
    realityTypes: f.realityTypes.length === 0 || f.realityTypes.includes(x.realityType),
    sources: f.sources.length === 0 || f.sources.includes(x.source),
    time: x.publishedMs >= since && x.publishedMs <= until,
  };
}

/** True when the article passes every filter (before the maxMarkers cap). */
export function passesFilter(
  f: MarkerFilter,
  x: FilterFields,
  nowMs: number,
  window: FilterWindow | null = null,
): boolean {
  const p = passes(f, x, nowMs, window);
  return p.sentiment && p.categories && p.realityTypes && p.sources && p.time;
}

/** True when any filter narrows the set beyond the default time window. */
export function isFiltering(f: MarkerFilter): boolean {
  return (
    f.sentiment !== 'all' ||
    f.categories.length > 0 ||
    f.realityTypes.length > 0 ||
    f.sources.length > 0
  );
}

/** Counts for the filters sidebar. Each option's count is what choosing it alone in its group,
 * with the other groups as they are, would match (the usual facet count). */
export interface FilterFacets {
  /** Articles considered (with a place on the globe). */
  total: number;
  /** Articles passing every filter (before the maxMarkers cap). */
  matching: number;
  sentiment: Record<Sentiment, number>;
  realityTypes: Record<MarkerRealityType, number>;
  /** Names (lower case) with counts, most first, then by name. */
  categories: { name: string; count: number }[];
  sources: { name: string; count: number }[];
  /** Per preset window of TIME_RANGES (hours), with every other filter applied. */
  hours: Record<number, number>;
}

function zeroes<K extends string>(keys: readonly K[]): Record<K, number> {
  const out = {} as Record<K, number>;
  for (const k of keys) out[k] = 0;
  return out;
}

function ranked(counts: Map<string, number>, keep: readonly string[]): FilterFacets['categories'] {
  for (const k of keep) if (!counts.has(k)) counts.set(k, 0);
  return [...counts]
    .map(([name, count]) => ({ name, count }))
    .sort((a, b) => b.count - a.count || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** One linear pass over the articles' fields (the sidebar's list: at most 1000 articles). */
export function filterFacets(
  f: MarkerFilter,
  items: readonly FilterFields[],
  nowMs: number,
  window: FilterWindow | null = null,
): FilterFacets {
  const sentiment = zeroes(SENTIMENTS);
  const realityTypes = zeroes(MARKER_REALITY_TYPES);
  const categories = new Map<string, number>();
  const sources = new Map<string, number>();
  const hourKeys = [...new Set(Object.values(TIME_RANGES))];
  const hours: Record<number, number> = {};
  for (const h of hourKeys) hours[h] = 0;
  let matching = 0;
  for (const x of items) {
    const p = passes(f, x, nowMs, window);
    const others = (skip: FilterKind | null): boolean =>
      (skip === 'sentiment' || p.sentiment) &&
      (skip === 'categories' || p.categories) &&
      (skip === 'realityTypes' || p.realityTypes) &&
      (skip === 'sources' || p.sources) &&
      (skip === 'time' || p.time);
    if (others(null)) matching++;
    if (others('sentiment')) sentiment[x.sentiment]++;
    if (others('realityTypes')) realityTypes[x.realityType]++;
    if (others('categories'))
      for (const c of x.categories) categories.set(c, (categories.get(c) ?? 0) + 1);
    if (others('sources')) sources.set(x.source, (sources.get(x.source) ?? 0) + 1);
    if (window === null && others('time')) {
      const age = nowMs - x.publishedMs;
      for (const h of hourKeys) if (age <= h * 3_600_000) hours[h] = (hours[h] ?? 0) + 1;
    }
  }
  return {
    total: items.length,
    matching,
    sentiment,
    realityTypes,
    categories: ranked(categories, f.categories),
    sources: ranked(sources, f.sources),
    hours,
  };
}

/** 'Just now' / 'Nm ago' / 'Nh ago' / 'Nd ago' (spec tooltip). */
export function timeAgo(publishedMs: number, nowMs: number): string {
  const s = Math.max(0, (nowMs - publishedMs) / 1000);
  if (s < 60) return 'Just now';
  if (s < 3600) return `${Math.floor(s / 60)}m ago`;
  if (s < 86_400) return `${Math.floor(s / 3600)}h ago`;
  return `${Math.floor(s / 86_400)}d ago`;
}
