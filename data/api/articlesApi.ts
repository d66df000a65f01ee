/** The article calls the globe makes (spec application.md section 7), with the 10 s timeout. */

export const API_BASE = '/api';
export const REQUEST_TIMEOUT_MS = 10_000;
/** Spec: the globe asks for 200 articles, newest first, and refetches every 300 s. */
export const GLOBE_ARTICLE_LIMIT = 200;
export const GLOBE_REFETCH_MS = 300_000;

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export async function getJson(path: string, signal?: AbortSignal): Promise<unknown> {
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const res = await fetch(`${API_BASE}${path}`, {
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
  });
  if (!res.ok) throw new ApiError(`HTTP error! status: ${res.status}`, res.status);
  return res.json();
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
