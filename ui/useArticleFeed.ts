import { useEffect } from 'react';
import { GLOBE_REFETCH_MS, fetchGlobeArticles } from '../data/api/articlesApi';
import { demoArticles } from '../data/markers/demoArticles';
import { sendCommand } from '../engine/commands';

export type DataSource = 'real' | 'demo';

/** The data source: `?source=demo` in the URL picks the demo set (the settings dialog later). */
export function dataSourceFromUrl(search: string): DataSource {
  return new URLSearchParams(search).get('source') === 'demo' ? 'demo' : 'real';
}

/**
 * Keeps the globe's articles current: the server's newest 200 (refetched every 300 s), or the
 * demo set. A failed call leaves the globe as it was and logs why (spec: no markers on failure).
 */
export function useArticleFeed(source: DataSource): void {
  useEffect(() => {
    sendCommand({ type: 'setDataSource', source });
    if (source === 'demo') {
      sendCommand({ type: 'setArticles', source, articles: demoArticles() });
      return undefined;
    }
    const controller = new AbortController();
    const load = (): void => {
      fetchGlobeArticles(undefined, controller.signal)
        .then((articles) => sendCommand({ type: 'setArticles', source, articles }))
        .catch((err: unknown) => {
          if (controller.signal.aborted) return;
          console.warn(
            `Failed to load articles: ${err instanceof Error ? err.message : String(err)}`,
          );
        });
    };
    load();
    const timer = setInterval(load, GLOBE_REFETCH_MS);
    return () => {
      controller.abort();
      clearInterval(timer);
    };
  }, [source]);
}
