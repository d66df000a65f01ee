/**
 * The landing page's state, all in signals (components read them; nothing here runs per frame):
 * the live counter and the newest stories (GET /api/public/all-articles polled every 5 s:
 * pagination.total is the story count, the distinct extractedLocation.country values of the 500
 * newest the country count), the counter's live line from the stats call (GET
 * /api/news-markers/stats?hours=12 in the same 5 s poll: stories of the last 12 h and their
 * countries), the panels (Ctrl+L / Ctrl+B / Ctrl+P), the bottom bar's layers, view mode and time
 * window, the sound switch and the launch.
 */
import { computed, signal } from '@preact/signals-core';
import { qualityInfo } from '../../engine/signals';
import { api } from '../auth/authState';

export const COUNTER_POLL_MS = 5000;
/** Spec section 7: the counter reads the 500 newest for the country count. */
export const COUNTER_SAMPLE = 500;
export const SIDEBAR_ARTICLES = 10;
export const MOBILE_MODAL_ARTICLES = 10;
export const ARTICLE_BAR_HIGH = 50;
export const ARTICLE_BAR_OTHER = 20;
export const TITLE_MAX_CHARS = 60;

export interface LandingArticle {
  id: string;
  title: string;
  place: string | null;
  country: string | null;
  createdMs: number;
  raw: unknown;
}

/** null until the first answer. */
export const storyTotal = signal<number | null>(null);
export const countryTotal = signal<number | null>(null);
/** Stories of the last `hours` and their known countries (stats call); null until it answers. */
export interface RecentStats {
  hours: number;
  total: number;
  countries: number;
}
export const recentStats = signal<RecentStats | null>(null);
/** The newest stories (null while the first poll is in flight). */
export const landingArticles = signal<readonly LandingArticle[] | null>(null);

export const leftOpen = signal(true);
export const rightOpen = signal(true);
export const bottomOpen = signal(true);
export const controlsModalOpen = signal(false);

export type LandingLayer = 'news' | 'weather' | 'transit' | 'events';
export const LANDING_LAYERS: readonly { key: LandingLayer; label: string }[] = [
  { key: 'news', label: 'News' },
  { key: 'weather', label: 'Weather' },
  { key: 'transit', label: 'Transit' },
  { key: 'events', label: 'Events' },
];
/** Spec: news and events on by default. */
export const landingLayers = signal<Readonly<Record<LandingLayer, boolean>>>({
  news: true,
  weather: false,
  transit: false,
  events: true,
});

export type ViewMode = 'orbit' | 'explore';
export const VIEW_MODES: readonly { key: ViewMode; label: string }[] = [
  { key: 'orbit', label: 'Orbit' },
  { key: 'explore', label: 'Explore' },
];
export const viewMode = signal<ViewMode>('orbit');

/** Timeline position 0..1: 1 means the last 24 h, otherwise (2 - position) x 24 h (spec). */
export const timelinePosition = signal(1);
export function windowHours(position: number): number {
  return position >= 1 ? 24 : (2 - position) * 24;
}

export const SOUND_KEY = 'atlas_sound';
function readSound(): boolean {
  try {
    return localStorage.getItem(SOUND_KEY) === 'on';
  } catch {
    return false;
  }
}
export const soundOn = signal(typeof window === 'undefined' ? false : readSound());
export function setSound(on: boolean): void {
  soundOn.value = on;
  try {
    localStorage.setItem(SOUND_KEY, on ? 'on' : 'off');
  } catch {
    // Not persisted: still on for this visit.
  }
}

/** The launch: null before, else where the console leads (/app, or a feature card's page). */
export const launchTarget = signal<string | null>(null);

/** The quality mode without its fps (a computed only notifies when the mode itself changes). */
export const qualityMode = computed(() => qualityInfo.value?.mode ?? 'medium');
export const articleBarLimit = computed(() =>
  qualityMode.value === 'high' ? ARTICLE_BAR_HIGH : ARTICLE_BAR_OTHER,
);

/** A title cut to `max` characters with an ellipsis. */
export function cutTitle(title: string, max = TITLE_MAX_CHARS): string {
  return title.length <= max ? title : `${title.slice(0, max - 1).trimEnd()}…`;
}

function str(v: unknown): string | null {
  return typeof v === 'string' && v !== '' ? v : null;
}
function obj(v: unknown): Record<string, unknown> | null {
  return typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : null;
}

/** The fields the landing shows, from a wire article (anything else yields null). */
export function toLandingArticle(raw: unknown): LandingArticle | null {
  const o = obj(raw);
  if (o === null) return null;
  const id = str(o['id']) ?? (typeof o['id'] === 'number' ? String(o['id']) : null);
  const title = str(o['title']);
  if (id === null || title === null) return null;
  const location = obj(o['location']);
  const extracted = obj(o['extractedLocation']);
  const created = Date.parse(str(o['createdAt']) ?? str(o['publishedAt']) ?? '');
  return {
    id,
    title,
    place: str(location?.['name']),
    country: str(extracted?.['country']) ?? str(location?.['country']),
    createdMs: Number.isFinite(created) ? created : 0,
    raw,
  };
}

/** Distinct non-empty countries. */
export function countCountries(list: readonly LandingArticle[]): number {
  const seen = new Set<string>();
  for (const a of list) if (a.country !== null) seen.add(a.country.toLowerCase());
  return seen.size;
}

function sameStories(a: readonly LandingArticle[] | null, b: readonly LandingArticle[]): boolean {
  if (a === null || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    if (a[i]?.id !== b[i]?.id || a[i]?.title !== b[i]?.title) return false;
  }
  return true;
}

/**
 * One poll: limit=1 reads pagination.total (a few hundred bytes); only when the total changed
 * (or on the first poll) are the 500 newest fetched again for the country count and the lists,
 * so an idle landing does not parse half a megabyte every 5 s. Errors keep the last figures (the
 * counter stays '...' until a first answer).
 */
export async function pollCounter(signal?: AbortSignal): Promise<void> {
  try {
    const head = await api.allArticles({ limit: 1, sort: '-createdAt' }, signal);
    if (head.total !== null && head.total === storyTotal.peek() && landingArticles.peek() !== null)
      return;
    const page = await api.allArticles({ limit: COUNTER_SAMPLE, sort: '-createdAt' }, signal);
    const list = page.articles.map(toLandingArticle).filter((a): a is LandingArticle => a !== null);
    // Same stories: no list re-render.
    if (!sameStories(landingArticles.peek(), list)) landingArticles.value = list;
    storyTotal.value = page.total ?? head.total ?? list.length;
    countryTotal.value = countCountries(list);
  } catch (err) {
    if (signal?.aborted !== true) console.info('ATLAS: landing counter poll failed', err);
    if (landingArticles.peek() === null) landingArticles.value = [];
  }
}

/** The stats call's answer as the counter's live line; null when it is not one. */
export function readRecentStats(body: unknown): RecentStats | null {
  const o = obj(body);
  if (o === null || o['success'] !== true) return null;
  const { total, hours } = o;
  const byCountry = obj(o['byCountry']);
  if (typeof total !== 'number' || typeof hours !== 'number' || byCountry === null) return null;
  // Articles without a country are counted under 'Unknown', which is not a country.
  const countries = Object.entries(byCountry).filter(
    ([name, n]) => name !== 'Unknown' && typeof n === 'number' && n > 0,
  ).length;
  return { hours, total, countries };
}

/** The counter's live line: 'N new in the last 12 h from M countries'. */
export function recentStatsText(s: RecentStats): string {
  const countries = s.countries === 1 ? '1 country' : `${s.countries} countries`;
  return `${s.total} new in the last ${s.hours} h from ${countries}`;
}

/** One stats poll; a failure keeps the last figures. */
export async function pollRecentStats(signal?: AbortSignal): Promise<void> {
  try {
    const stats = readRecentStats(await api.newsMarkerStats(signal));
    if (stats === null) return;
    const last = recentStats.peek();
    if (
      last === null ||
      last.total !== stats.total ||
      last.countries !== stats.countries ||
      last.hours !== stats.hours
    ) {
      recentStats.value = stats;
    }
  } catch (err) {
    if (signal?.aborted !== true) console.info('ATLAS: landing stats poll failed', err);
  }
}

/** Polls now and every 5 s; returns the stop function. */
export function startCounterPolling(): () => void {
  const ctrl = new AbortController();
  const poll = (): void => {
    void pollCounter(ctrl.signal);
    void pollRecentStats(ctrl.signal);
  };
  poll();
  const timer = window.setInterval(poll, COUNTER_POLL_MS);
  return () => {
    window.clearInterval(timer);
    ctrl.abort();
  };
}

/** The article bar's list: the time window, then the quality's limit. */
export const articleBarItems = computed<readonly LandingArticle[] | null>(() => {
  const list = landingArticles.value;
  if (list === null) return null;
  if (!landingLayers.value.news) return [];
  const since = Date.now() - windowHours(timelinePosition.value) * 3_600_000;
  return list.filter((a) => a.createdMs >= since).slice(0, articleBarLimit.value);
});
