import { useEffect } from 'react';
import { GLOBE_REFETCH_MS, fetchGlobeArticles } from '../data/api/articlesApi';
import { demoArticles } from '../data/markers/demoArticles';
import { sendCommand } from '../engine/commands';

export type DataSource = 'real' | 'demo';

/** The data source: `?source=demo` in the URL picks the demo set (the settings dialog later). */
export function dataSourceFromUrl(search: string): DataSource {
  return new URLSearchParams(search).get('source') === 'demo' ? 'demo' : 'real';
}

/** Optional listeners: the app's article store and its 'Failed to load articles' toast. */
export interface ArticleFeedListeners {
  onArticles?: (articles: readonly unknown[]) => void;
  onError?: (message: string) => void;
}

/**
 * Keeps the globe's articles current: the server's newest 200 (refetched every 300 s), or the
 * demo set. A failed call leaves the globe as it was and logs why (spec: no markers on failure).
 * While `enabled` is false (the landing page before atlasStartLoading: "articles skipped") it
 * loads nothing.
 */
export function useArticleFeed(
  source: DataSource,
  listeners: ArticleFeedListeners = {},
  enabled = true,
): void {
  const { onArticles, onError } = listeners;
  useEffect(() => {
    if (!enabled) return undefined;
    sendCommand({ type: 'setDataSource', source });
    if (source === 'demo') {
      const demo = demoArticles();
      sendCommand({ type: 'setArticles', source, articles: demo });
      onArticles?.(demo);
      return undefined;
    }
    const controller = new AbortController();
    const load = (): void => {
      fetchGlobeArticles(undefined, controller.signal)
        .then((articles) => {
          sendCommand({ type: 'setArticles', source, articles });
          onArticles?.(articles);
        })
        .catch((err: unknown) => {
          if (controller.signal.aborted) return;
          const message = err instanceof Error ? err.message : String(err);
          console.warn(`Failed to load articles: ${message}`);
          onError?.(message);
        });
    };
    load();
    const timer = setInterval(load, GLOBE_REFETCH_MS);
    return () => {
      controller.abort();
      clearInterval(timer);
    };
  }, [source, onArticles, onError, enabled]);
}
