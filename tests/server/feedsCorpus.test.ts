/**
 * R5: the hostile feed corpus (tests/server/feedCorpus.ts) through the real fetcher and parser
 * over loopback HTTP. Every case must give its exact defined outcome within its time bound, and
 * no ok outcome may carry a non-http(s) link or a title with markup.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFeedFetcher, type FetcherOptions } from '../../server/feeds/fetcher';
import type { FeedFetchOutcome } from '../../server/pipeline/contracts';
import { buildCorpus, startCorpusServer, type CorpusServer } from './feedCorpus';

const cases = buildCorpus();
let server: CorpusServer;

beforeAll(async () => {
  server = await startCorpusServer(cases);
});
afterAll(async () => {
  await server.close();
});

/** Test defaults: loopback allowed, short timeouts so stalls end quickly. */
const BASE_OPTIONS: FetcherOptions = { allowPrivate: true, timeoutMs: 5000, idleTimeoutMs: 2000 };
const HTTP_URL = /^https?:\/\/[^\s]+$/;
const MARKUP = /<[A-Za-z!/?]/;

function assertSafe(outcome: FeedFetchOutcome): void {
  if (outcome.status !== 'ok') return;
  for (const item of outcome.items) {
    expect(item.url).toMatch(HTTP_URL);
    if (item.imageUrl !== null) expect(item.imageUrl).toMatch(HTTP_URL);
    expect(item.title).not.toMatch(MARKUP);
    expect(item.title.length).toBeGreaterThan(0);
    expect(item.title.length).toBeLessThanOrEqual(500);
    expect(item.description ?? '').not.toMatch(MARKUP);
    expect(item.content ?? '').not.toMatch(MARKUP);
  }
  expect(outcome.feedTitle ?? '').not.toMatch(MARKUP);
}

describe('R5 hostile feed corpus', () => {
  it('has about sixty cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(60);
  });

  it.each(cases.map((c, index) => [index, c.name] as const))('case %i: %s', async (index) => {
    const entry = cases[index];
    if (entry === undefined) throw new Error(`no case ${index}`);
    const fetchFeed = createFeedFetcher({ ...BASE_OPTIONS, ...entry.options });
    const started = performance.now();
    const outcome = await fetchFeed({
      url: `${server.url}/${index}/`,
      etag: entry.etag ?? null,
      lastModified: entry.lastModified ?? null,
    });
    const elapsed = performance.now() - started;
    expect(elapsed).toBeLessThan(entry.maxMs ?? 5000);

    const want = entry.expect;
    expect(outcome.status, JSON.stringify(outcome).slice(0, 300)).toBe(want.status);
    if (outcome.status === 'ok') {
      if (want.items !== undefined) expect(outcome.items).toHaveLength(want.items);
      if (want.parseMode !== undefined) expect(outcome.parseMode).toBe(want.parseMode);
      if (want.dropped !== undefined) expect(outcome.dropped).toBe(want.dropped);
    }
    if (outcome.status === 'rejected') {
      expect(outcome.reason).toBe(want.reason);
      expect(outcome.retryable).toBe(want.retryable);
      expect(outcome.detail.length).toBeGreaterThan(0);
    }
    assertSafe(outcome);
    want.check?.(outcome, server);
  });
});
