/**
 * The client's article set shared by search, the feed page and the detail dialog (one
 * `ArticleStore`, spec section 9: at most 1000, newest first). Filled by the HTTP lists
 * (`loadLatestArticles`) and by the real-time socket (`applyRealtime*`), so a live article is
 * searchable and listed the moment it arrives.
 */
import { useSyncExternalStore } from 'react';
import type { NormalizedArticle } from '../../data/articleNormalizer';
import { ArticleStore } from '../../data/articleStore';
import { articleApi } from './api';

export const articleStore = new ArticleStore();

/** Spec section 7: the feed and the globe ask for the newest 200. */
export const LATEST_LIMIT = 200;

/** Newest first; re-renders when the set changes. */
export function useStoredArticles(): readonly NormalizedArticle[] {
  return useSyncExternalStore(articleStore.subscribe, articleStore.getSnapshot);
}

let lastLoadMs = 0;
let pending: Promise<number> | null = null;

/**
 * GET /api/public/all-articles?limit=200&sort=-createdAt into the store (merged, so articles that
 * came over the socket stay). Concurrent callers share one request. Resolves to the number of
 * valid articles received; rejects with the client's error text.
 */
export function loadLatestArticles(signal?: AbortSignal): Promise<number> {
  if (pending !== null) return pending;
  pending = articleApi
    .allArticles({ limit: LATEST_LIMIT, sort: '-createdAt' }, signal)
    .then((page) => {
      lastLoadMs = Date.now();
      return articleStore.upsertMany(page.articles);
    })
    .finally(() => {
      pending = null;
    });
  return pending;
}

/** Loads unless a load succeeded within `maxAgeMs` (search opens often; the list changes slowly). */
export function ensureArticlesLoaded(maxAgeMs: number): Promise<number> {
  if (articleStore.size > 0 && Date.now() - lastLoadMs < maxAgeMs) {
    return Promise.resolve(articleStore.size);
  }
  return loadLatestArticles();
}
