/**
 * The globe's article call (spec application.md section 7: GET /api/public/all-articles, newest
 * 200, refetched every 300 s) on top of the shared ApiClient. It bypasses the GET cache, whose
 * 5 min article lifetime would otherwise serve the 300 s refetch from memory, and keeps the
 * product's direct-fetch error text 'HTTP error! status: {status}'.
 */
import { ApiClient, httpErrorText } from './client';

export { API_BASE, ApiError, REQUEST_TIMEOUT_MS } from './client';

/** Spec: the globe asks for 200 articles, newest first, and refetches every 300 s. */
export const GLOBE_ARTICLE_LIMIT = 200;
export const GLOBE_REFETCH_MS = 300_000;

const globeClient = new ApiClient();

export function getJson(path: string, signal?: AbortSignal): Promise<unknown> {
  return globeClient.get(path, {
    cache: false,
    errorText: httpErrorText,
    ...(signal ? { signal } : {}),
  });
}

/** Newest articles for the globe; a response that is not a list counts as empty (spec). */
export async function fetchGlobeArticles(
  limit = GLOBE_ARTICLE_LIMIT,
  signal?: AbortSignal,
): Promise<unknown[]> {
  const body = await getJson(`/public/all-articles?limit=${limit}&sort=-createdAt`, signal);
  if (Array.isArray(body)) return body as unknown[];
  if (typeof body === 'object' && body !== null) {
    const list = (body as { articles?: unknown }).articles;
    if (Array.isArray(list)) return list as unknown[];
  }
  return [];
}
