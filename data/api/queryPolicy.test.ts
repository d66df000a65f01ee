import { describe, expect, it } from 'vitest';
import { ApiError } from './client';
import {
  ARTICLE_QUERY_POLICY,
  articleRetryDelay,
  isRetryableError,
  shouldRetryArticleQuery,
  withRetry,
} from './queryPolicy';

describe('article query policy', () => {
  it('has the spec lifetimes and refetch switches', () => {
    expect(ARTICLE_QUERY_POLICY).toMatchObject({
      staleTime: 300_000,
      gcTime: 600_000,
      refetchOnWindowFocus: false,
      refetchOnMount: false,
      refetchOnReconnect: false,
      networkMode: 'online',
    });
  });

  it('retries twice, and never a real 4xx client error', () => {
    const err = new Error('API error: 503 Service Unavailable');
    expect([0, 1, 2].map((n) => shouldRetryArticleQuery(n, err))).toEqual([true, true, false]);
    expect(shouldRetryArticleQuery(0, new Error('API error: 404 Not Found'))).toBe(false);
    // The status decides, not the digits: a 5xx whose text holds a '4' is retried.
    expect(shouldRetryArticleQuery(0, new Error('API error: 500 code 4'))).toBe(true);
    expect(shouldRetryArticleQuery(0, 'Request timeout')).toBe(true);
  });

  it('decides by status for 400, 404, 429, 500, 503, 504 and by kind for the rest', () => {
    const byStatus = (status: number): boolean =>
      isRetryableError(new ApiError(`API error: ${status}`, status, 'http'));
    expect([400, 401, 403, 404, 408, 422, 429, 500, 502, 503, 504].map(byStatus)).toEqual([
      false,
      false,
      false,
      false,
      true,
      false,
      true,
      true,
      true,
      true,
      true,
    ]);
    // The globe's direct-fetch texts carry the status in the message only.
    expect(isRetryableError(new Error('HTTP error! status: 504'))).toBe(true);
    expect(isRetryableError(new Error('HTTP error! status: 404'))).toBe(false);
    expect(isRetryableError(new Error('HTTP error! status: 429'))).toBe(true);
    // Network failures and timeouts are retried; a cancelled request is not.
    expect(isRetryableError(new ApiError('Failed to fetch', null, 'network'))).toBe(true);
    expect(isRetryableError(new TypeError('Failed to fetch'))).toBe(true);
    expect(isRetryableError(new ApiError('Request timeout', null, 'timeout'))).toBe(true);
    expect(isRetryableError(new ApiError('Request was cancelled', null, 'cancelled'))).toBe(false);
    expect(isRetryableError(new DOMException('aborted', 'AbortError'))).toBe(false);
  });

  it('backs off min(1000 x 2^n, 5000) ms', () => {
    expect([0, 1, 2, 3, 4].map(articleRetryDelay)).toEqual([1000, 2000, 4000, 5000, 5000]);
  });
});

describe('withRetry', () => {
  it('waits 1000 then 2000 ms between three attempts, then gives up', async () => {
    const waits: number[] = [];
    let attempts = 0;
    const run = withRetry(
      () => {
        attempts += 1;
        return Promise.reject(new Error('API error: 503 Service Unavailable'));
      },
      { sleep: (ms) => (waits.push(ms), Promise.resolve()) },
    );
    await expect(run).rejects.toThrow('API error: 503 Service Unavailable');
    expect(attempts).toBe(3);
    expect(waits).toEqual([1000, 2000]);
  });

  it('returns the first success and does not retry 4xx', async () => {
    const waits: number[] = [];
    const sleep = (ms: number): Promise<void> => (waits.push(ms), Promise.resolve());
    let n = 0;
    const value = await withRetry(
      () => (++n < 2 ? Promise.reject(new Error('Request timeout')) : Promise.resolve('ok')),
      { sleep },
    );
    expect([value, n, waits]).toEqual(['ok', 2, [1000]]);
    let m = 0;
    await expect(
      withRetry(() => (m++, Promise.reject(new Error('API error: 401 Unauthorized'))), { sleep }),
    ).rejects.toThrow('401');
    expect(m).toBe(1);
  });

  it('stops when its signal is aborted during the wait', async () => {
    const controller = new AbortController();
    let attempts = 0;
    await expect(
      withRetry(() => (attempts++, Promise.reject(new Error('fail'))), {
        signal: controller.signal,
        sleep: () => {
          controller.abort();
          return Promise.resolve();
        },
      }),
    ).rejects.toThrow('fail');
    expect(attempts).toBe(1);
  });
});
