/**
 * The 'Live Intelligence Feed' filters, order and badges (spec application.md sections 2 "Feed
 * page", 5 "Feed filters" and "Badges", 9 "Feed presets").
 *
 * Scores the article lacks (engagement, virality, urgency) count as 0 here: an article nobody
 * scored is not 'breaking' or 'trending' and fails any minimum-engagement filter above 0.
 * Articles with no parseable date are kept by the hours window (their age is unknown, not old)
 * and sort after every dated article.
 */
import type { NormalizedArticle } from './articleNormalizer';

export const FEED_TABS = ['all', 'breaking', 'trending', 'verified'] as const;
export type FeedTab = (typeof FEED_TABS)[number];

/** Thresholds (inclusive) of the tabs. */
export const BREAKING_MIN_URGENCY = 0.7;
export const TRENDING_MIN_ENGAGEMENT = 0.6;
export const VERIFIED_MIN_CREDIBILITY = 0.7;
/** Badge thresholds (exclusive). */
export const TRENDING_BADGE_MIN_VIRALITY = 0.7;
export const VERIFIED_BADGE_MIN_CREDIBILITY = 0.8;
export const TRENDING_BADGE = 'Trending';
export const VERIFIED_BADGE = '✓ Verified';
export type FeedBadge = typeof TRENDING_BADGE | typeof VERIFIED_BADGE;

/** Preset windows in hours; the time-range slider's range and step. */
export const FEED_HOUR_PRESETS = [1, 6, 12, 24, 48, 168, 720] as const;
export const FEED_HOURS_SLIDER = { min: 6, max: 720, step: 6 } as const;
export const DEFAULT_FEED_HOURS = 24;
/** Engagement differences above this order the feed; smaller ones fall back to newest first. */
export const ENGAGEMENT_SORT_STEP = 0.1;

export const FEED_EMPTY_TITLE = 'No articles found';
export const FEED_EMPTY_HINT = 'Try adjusting your filters or search query';

export interface FeedFilterState {
  search: string;
  tab: FeedTab;
  /** null = any sentiment. */
  sentiment: string | null;
  /** null = any category. */
  category: string | null;
  /** 0..1 (the UI slider shows 0..100 percent). */
  minEngagement: number;
  hours: number;
}

export const DEFAULT_FEED_FILTERS: Readonly<FeedFilterState> = Object.freeze({
  search: '',
  tab: 'all',
  sentiment: null,
  category: null,
  minEngagement: 0,
  hours: DEFAULT_FEED_HOURS,
});

/** Snaps a slider value to 6..720 hours in steps of 6. */
export function clampFeedHours(hours: number): number {
  const { min, max, step } = FEED_HOURS_SLIDER;
  if (!Number.isFinite(hours)) return DEFAULT_FEED_HOURS;
  return Math.min(max, Math.max(min, Math.round(hours / step) * step));
}

const eq = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

export function matchesTab(a: NormalizedArticle, tab: FeedTab): boolean {
  switch (tab) {
    case 'all':
      return true;
    case 'breaking':
      // "urgencyScore (or virality)": virality stands in when urgency was never scored.
      return (a.urgencyScore ?? a.virality ?? 0) >= BREAKING_MIN_URGENCY;
    case 'trending':
      return (a.engagement ?? 0) >= TRENDING_MIN_ENGAGEMENT;
    case 'verified':
      return a.credibility >= VERIFIED_MIN_CREDIBILITY;
  }
}

export function matchesFeedFilters(
  a: NormalizedArticle,
  f: FeedFilterState,
  nowMs: number,
): boolean {
  const q = f.search.trim().toLowerCase();
  if (q !== '') {
    const texts = [a.title, a.summary, a.content ?? ''];
    if (!texts.some((t) => t.toLowerCase().includes(q))) return false;
  }
  if (!matchesTab(a, f.tab)) return false;
  if (f.sentiment !== null && f.sentiment !== '' && !eq(a.sentiment, f.sentiment)) return false;
  if (f.category !== null && f.category !== '') {
    const wanted = f.category;
    if (!a.categories.some((c) => eq(c, wanted))) return false;
  }
  if ((a.engagement ?? 0) < f.minEngagement) return false;
  if (a.timestamp !== null && nowMs - a.timestamp > f.hours * 3_600_000) return false;
  return true;
}

/**
 * The spec's order ("engagement descending when the difference exceeds 0.1, otherwise newest
 * first") is not transitive as written: with engagements 0.50, 0.58, 0.66 the first and last
 * compare by engagement but each neighbouring pair by date, which can form a cycle and lets a
 * sort return any order. We compare engagement bands of width 0.1 instead (0.0-0.1, 0.1-0.2...):
 * higher band first, newest first within a band, then id. That is a total order, and it keeps
 * the spec's rule for every pair whose engagements differ by more than 0.1 (they are always in
 * different bands) and for pairs within one band; only neighbours closer than 0.1 across a band
 * edge are ordered by engagement where the literal rule would use the date.
 */
export function engagementBand(a: NormalizedArticle): number {
  // The epsilon keeps 0.3 (stored as 0.29999...) in band 3.
  return Math.min(9, Math.floor((a.engagement ?? 0) / ENGAGEMENT_SORT_STEP + 1e-9));
}

export function compareFeed(a: NormalizedArticle, b: NormalizedArticle): number {
  const band = engagementBand(b) - engagementBand(a);
  if (band !== 0) return band;
  const ta = a.timestamp ?? Number.NEGATIVE_INFINITY;
  const tb = b.timestamp ?? Number.NEGATIVE_INFINITY;
  if (ta !== tb) return tb > ta ? 1 : -1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** The visible feed: filtered, then ordered by `compareFeed`. */
export function filterFeed(
  articles: readonly NormalizedArticle[],
  filters: FeedFilterState,
  nowMs: number,
): NormalizedArticle[] {
  return articles.filter((a) => matchesFeedFilters(a, filters, nowMs)).sort(compareFeed);
}

export function feedBadges(a: NormalizedArticle): FeedBadge[] {
  const badges: FeedBadge[] = [];
  if ((a.virality ?? 0) > TRENDING_BADGE_MIN_VIRALITY) badges.push(TRENDING_BADGE);
  if (a.credibility > VERIFIED_BADGE_MIN_CREDIBILITY) badges.push(VERIFIED_BADGE);
  return badges;
}
