/**
 * The globe's article list and its state as people see it (issue #32 items 2-4).
 *
 * - The list: GET /api/public/all-articles (newest 200, refetched every 300 s) through the page's
 *   query client (ui/queryClient.ts): a 5xx, a timeout or a network failure is retried (1 s, 2 s)
 *   before the error shows ('Failed to load articles: {message}'); a 4xx is not; offline, the call
 *   waits for the network (online only) and runs when it is back.
 * - The v4 fallback (spec section 7): while the globe holds nothing from the full list, a failed
 *   load is followed by the v4 list (GET /api/v4/articles/public, 100 / 50 / 25 articles by quality;
 *   on a 401 the API client falls back to /articles/geocoded?hasV4=true&limit=100). Its failure
 *   says 'Failed to load V4 articles: {message}', and only then is 'articles' listed as not loaded
 *   (data/loadStatus.ts). A refresh that fails while the globe holds the full list keeps it: stale
 *   data is shown as such, never replaced by a smaller list.
 * - The state (`articleFeedState`): which list is shown and from when, a load in flight, the last
 *   failed attempt of that load (a timeout being retried) and the last error; `browserOnline`
 *   follows the query client's online manager. Back online, a list whose last refresh failed is
 *   asked for again at once.
 */
import { onlineManager } from '@tanstack/react-query';
import { signal } from '@preact/signals-core';
import { useEffect } from 'react';
import { GLOBE_ARTICLE_LIMIT, GLOBE_REFETCH_MS, fetchGlobeArticles } from '../data/api/articlesApi';
import { clockTime } from '../data/formatting';
import { clearLoadIssue, reportLoadIssue } from '../data/loadStatus';
import { demoArticles } from '../data/markers/demoArticles';
import { errorMessage } from '../data/notifications';
import { sendCommand } from '../engine/commands';
import { qualityInfo } from '../engine/signals';
import { api } from './auth/authState';
import { ARTICLE_TEXTS, dataNotice, type DataLoadState, type ListNotice } from './dataState';
import { queryClient } from './queryClient';

export type DataSource = 'real' | 'demo';

/** The data source: `?source=demo` in the URL picks the demo set (the settings dialog later). */
export function dataSourceFromUrl(search: string): DataSource {
  return new URLSearchParams(search).get('source') === 'demo' ? 'demo' : 'real';
}

/** Spec section 7: the v4 query asks for 100, 50 or 25 articles by quality. */
export const V4_LIMITS = { high: 100, medium: 50, low: 25 } as const;
/** The load-status entry when neither list could be loaded. */
export const ARTICLES_LOAD = 'articles';

export interface ArticleFeedState extends DataLoadState {
  /** Which list the globe shows: the full one, the v4 fallback, or none yet. */
  list: 'all' | 'v4' | null;
  /** Epoch ms when the list shown arrived; null before the first. */
  updatedAt: number | null;
  /** A load (or its v4 fallback) is in flight, or waiting for the network. */
  loading: boolean;
  /** The in-flight load's last failed attempt (e.g. 'Request timeout') while it is retried. */
  retrying: string | null;
  /** Why the last load of the full list failed; null once it succeeds. */
  error: string | null;
}

const INITIAL: ArticleFeedState = {
  list: null,
  updatedAt: null,
  loading: false,
  retrying: null,
  error: null,
};

export const articleFeedState = signal<ArticleFeedState>(INITIAL);

/** Whether the browser is online (the query client's online manager: online/offline events). */
export const browserOnline = signal(onlineManager.isOnline());
onlineManager.subscribe((online) => {
  browserOnline.value = online;
});

function update(patch: Partial<ArticleFeedState>): void {
  articleFeedState.value = { ...articleFeedState.peek(), ...patch };
}

export { LOADING_ARTICLES_TEXT, NO_ARTICLES_TEXT, offlineText, type ListNotice } from './dataState';

/**
 * The honest state of the globe's list holding `count` articles (./dataState.ts dataNotice), plus
 * the v4 fallback's own line: 'Full list unavailable - showing the v4 list from HH:MM'.
 */
export function articleListNotice(
  s: ArticleFeedState,
  online: boolean,
  count: number,
): ListNotice | null {
  if (online && s.list === 'v4' && s.updatedAt !== null) {
    return {
      kind: 'fallback',
      text: `Full list unavailable - showing the v4 list from ${clockTime(s.updatedAt)}`,
      retry: true,
    };
  }
  return dataNotice(s, online, count, ARTICLE_TEXTS);
}

/** Optional listeners: the app's article store and its notifications. */
export interface ArticleFeedListeners {
  onArticles?: (articles: readonly unknown[]) => void;
  /** The full list failed (after its retries): 'Failed to load articles: {message}'. */
  onError?: (message: string) => void;
  /** The v4 fallback failed too: 'Failed to load V4 articles: {message}'. */
  onV4Error?: (message: string) => void;
}

let reload: (() => void) | null = null;

/** Asks for the list now (the Retry buttons); nothing while no real feed runs. */
export function reloadArticles(): void {
  reload?.();
}

/** Runs the real feed until the returned function is called. */
export function startArticleFeed(listeners: ArticleFeedListeners = {}): () => void {
  let stopped = false;
  articleFeedState.value = { ...INITIAL, loading: true };
  const allKey = ['articles', 'globe', GLOBE_ARTICLE_LIMIT] as const;

  /** One attempt of a query; a failed attempt is shown while the query client retries it. */
  const attempt =
    <T>(fn: (signal: AbortSignal) => Promise<T>) =>
    async ({ signal }: { signal: AbortSignal }): Promise<T> => {
      try {
        return await fn(signal);
      } catch (error) {
        if (!stopped && !signal.aborted) update({ retrying: errorMessage(error) });
        throw error;
      }
    };

  const show = (articles: unknown[], list: 'all' | 'v4'): void => {
    sendCommand({ type: 'setArticles', source: 'real', articles });
    listeners.onArticles?.(articles);
    update({
      list,
      updatedAt: Date.now(),
      loading: false,
      retrying: null,
      ...(list === 'all' ? { error: null } : {}),
    });
    clearLoadIssue(ARTICLES_LOAD);
  };

  const loadV4 = (): void => {
    const limit = V4_LIMITS[qualityInfo.peek()?.mode ?? 'medium'];
    queryClient
      .query({
        queryKey: ['articles', 'v4', limit],
        queryFn: attempt(
          async (signal) =>
            (await api.v4Articles({ limit, sort: '-createdAt' }, signal, { cache: false }))
              .articles,
        ),
        staleTime: 0,
      })
      .then((articles) => {
        // The full list may have arrived meanwhile (a Retry): it wins.
        if (!stopped && articleFeedState.peek().list !== 'all') show(articles, 'v4');
      })
      .catch((error: unknown) => {
        if (stopped) return;
        const message = errorMessage(error);
        console.warn(`Failed to load V4 articles: ${message}`);
        listeners.onV4Error?.(message);
        update({ loading: false, retrying: null });
        if (articleFeedState.peek().updatedAt === null) reportLoadIssue(ARTICLES_LOAD, error, load);
      });
  };

  function load(): void {
    update({ loading: true, retrying: null });
    queryClient
      .query({
        queryKey: allKey,
        queryFn: attempt((signal) => fetchGlobeArticles(GLOBE_ARTICLE_LIMIT, signal)),
        // The 300 s refetch below always asks the server.
        staleTime: 0,
      })
      .then((articles) => {
        if (!stopped) show(articles, 'all');
      })
      .catch((error: unknown) => {
        if (stopped) return;
        const message = errorMessage(error);
        console.warn(`Failed to load articles: ${message}`);
        listeners.onError?.(message);
        update({ error: message, retrying: null });
        // Nothing from the full list on the globe: the v4 list stands in. Otherwise the globe
        // keeps the list it has, shown as stale.
        if (articleFeedState.peek().list !== 'all') loadV4();
        else update({ loading: false });
      });
  }

  reload = load;
  load();
  const timer = setInterval(load, GLOBE_REFETCH_MS);
  // Back online: a list whose last refresh failed is asked for again now (a refresh that came due
  // while offline was paused by the query client and resumes by itself).
  const offOnline = onlineManager.subscribe((online) => {
    const s = articleFeedState.peek();
    if (online && s.error !== null && !s.loading) load();
  });
  return () => {
    stopped = true;
    if (reload === load) reload = null;
    clearInterval(timer);
    offOnline();
    void queryClient.cancelQueries({ queryKey: ['articles'] });
  };
}

/**
 * Keeps the globe's articles current: the real feed above, or the demo set. While `enabled` is
 * false (the landing page before atlasStartLoading: "articles skipped") it loads nothing.
 */
export function useArticleFeed(
  source: DataSource,
  listeners: ArticleFeedListeners = {},
  enabled = true,
): void {
  useEffect(() => {
    if (!enabled) return undefined;
    sendCommand({ type: 'setDataSource', source });
    if (source === 'demo') {
      const demo = demoArticles();
      sendCommand({ type: 'setArticles', source, articles: demo });
      listeners.onArticles?.(demo);
      articleFeedState.value = { ...INITIAL, list: 'all', updatedAt: Date.now() };
      return undefined;
    }
    return startArticleFeed(listeners);
  }, [source, listeners, enabled]);
}
