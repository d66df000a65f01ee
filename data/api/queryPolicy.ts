/**
 * Query-cache behaviour for article lists (spec application.md section 7, last paragraph, and
 * section 8 "Article query retry"): stale after 5 min, kept 10 min, no refetch on focus, mount or
 * reconnect, online only, up to 2 retries unless the error is a real 4xx client error (the status,
 * not the message's digits: a 504 is retried), backoff min(1000 x 2^n, 5000) ms. The
 * application-wide default is one retry.
 *
 * A plain object whose field names match the common query libraries (staleTime, gcTime, retry,
 * retryDelay...), plus `withRetry` for callers that use no library.
 */

export const ARTICLE_QUERY_STALE_MS = 300_000;
export const ARTICLE_QUERY_GC_MS = 600_000;
export const ARTICLE_QUERY_MAX_RETRIES = 2;
export const RETRY_BASE_DELAY_MS = 1000;
export const RETRY_MAX_DELAY_MS = 5000;
export const DEFAULT_QUERY_RETRIES = 1;

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : '';
}

/**
 * `failureCount` is how many attempts have failed before this one was judged, counting from 0
 * (the convention of TanStack Query's `retry` callback), so 0 and 1 retry and 2 stops.
 */
export function shouldRetryArticleQuery(failureCount: number, error: unknown): boolean {
  if (!isRetryableError(error)) return false;
  return failureCount < ARTICLE_QUERY_MAX_RETRIES;
}

/** 4xx statuses that say "try again later" rather than "this request is wrong". */
const TRANSIENT_4XX = new Set([408, 429]);

/**
 * Whether an attempt that failed this way may succeed if repeated (issue #32): a real client
 * error (400, 401, 403, 404, 422...) never will; a server error (5xx), a timeout, a network
 * failure, 408 and 429 may. A cancelled request is not retried. The status comes from the
 * error's `status` (ApiError) or, for the globe's direct-fetch text 'HTTP error! status: 504',
 * from the message; the old rule 'no retry when the message contains 4' would have refused a 504.
 */
export function isRetryableError(error: unknown): boolean {
  const e = error as { status?: unknown; kind?: unknown; name?: unknown } | null;
  if (typeof e === 'object' && e !== null) {
    if (e.kind === 'cancelled' || e.name === 'AbortError') return false;
    if (typeof e.status === 'number') return !isClientError(e.status);
  }
  const m = /\bstatus:? (\d{3})\b|\bAPI error: (\d{3})\b/.exec(messageOf(error));
  const status = Number(m?.[1] ?? m?.[2] ?? Number.NaN);
  return Number.isNaN(status) || !isClientError(status);
}

function isClientError(status: number): boolean {
  return status >= 400 && status < 500 && !TRANSIENT_4XX.has(status);
}

/** Delay before retry number `attemptIndex` + 1: 1000, 2000, 4000, then 5000 ms. */
export function articleRetryDelay(attemptIndex: number): number {
  return Math.min(RETRY_BASE_DELAY_MS * 2 ** attemptIndex, RETRY_MAX_DELAY_MS);
}

export interface QueryPolicy {
  staleTime: number;
  gcTime: number;
  retry: (failureCount: number, error: unknown) => boolean;
  retryDelay: (attemptIndex: number) => number;
  refetchOnWindowFocus: boolean;
  refetchOnMount: boolean;
  refetchOnReconnect: boolean;
  networkMode: 'online';
}

export const ARTICLE_QUERY_POLICY: Readonly<QueryPolicy> = Object.freeze({
  staleTime: ARTICLE_QUERY_STALE_MS,
  gcTime: ARTICLE_QUERY_GC_MS,
  retry: shouldRetryArticleQuery,
  retryDelay: articleRetryDelay,
  refetchOnWindowFocus: false,
  refetchOnMount: false,
  refetchOnReconnect: false,
  networkMode: 'online',
});

export interface RetryOptions {
  retry?: (failureCount: number, error: unknown) => boolean;
  retryDelay?: (attemptIndex: number) => number;
  /** Injected for tests; resolves after `ms`. */
  sleep?: (ms: number) => Promise<void>;
  /** Stops retrying (and waiting) once aborted; the last error is rethrown. */
  signal?: AbortSignal;
}

/** A function, not an inline test, because TypeScript would keep a narrowing across awaits. */
function isAborted(signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true;
}

const realSleep = (ms: number): Promise<void> =>
  new Promise((resolve) => {
    setTimeout(resolve, ms);
  });

/** Runs `fn` under a retry policy (the article policy by default). */
export async function withRetry<T>(fn: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const retry = options.retry ?? ARTICLE_QUERY_POLICY.retry;
  const retryDelay = options.retryDelay ?? ARTICLE_QUERY_POLICY.retryDelay;
  const sleep = options.sleep ?? realSleep;
  for (let failures = 0; ; failures += 1) {
    try {
      return await fn();
    } catch (error) {
      if (isAborted(options.signal) || !retry(failures, error)) throw error;
      await sleep(retryDelay(failures));
      if (isAborted(options.signal)) throw error;
    }
  }
}
