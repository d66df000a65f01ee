/**
 * The feed registry on a real SQLite database: default list, ATLAS_FEEDS replacement and its
 * validation, sync into the feeds table, due feeds, health records with backoff, the FeedStore
 * the pipeline drives, and the admin-only feed API over real HTTP on 127.0.0.1.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrPromoteAdmin } from '../../server/auth/createAdmin';
import { ConfigError, loadConfig } from '../../server/config';
import { createDb, type AtlasDb } from '../../server/db/createDb';
import { checkFeedUrl } from '../../server/feeds/ssrf';
import {
  DEFAULT_FEED_INTERVAL_MS,
  createFeedStore,
  dueFeeds,
  failureBackoffMs,
  feedIdForUrl,
  feedListFor,
  listFeeds,
  loadDefaultFeeds,
  recordFeedFailure,
  recordFeedSuccess,
  recordNotModified,
  syncFeeds,
} from '../../server/feeds/registry';
import {
  NO_API_LIMITS,
  call,
  login,
  register,
  startAuthServer,
  type AuthTestServer,
} from './authTestServer';
import { makeTempDir, removeDir } from './helpers';

const MIN = 60_000;
const HOUR = 60 * MIN;
const T0 = new Date('2025-06-01T12:00:00.000Z');
const at = (ms: number): string => new Date(T0.getTime() + ms).toISOString();

describe('default feed list', () => {
  it('has 25-40 real public feeds with unique ids and URLs that pass the URL policy', () => {
    const feeds = loadDefaultFeeds();
    expect(feeds.length).toBeGreaterThanOrEqual(25);
    expect(feeds.length).toBeLessThanOrEqual(40);
    expect(new Set(feeds.map((f) => f.id)).size).toBe(feeds.length);
    expect(new Set(feeds.map((f) => f.url)).size).toBe(feeds.length);
    for (const feed of feeds) {
      expect(checkFeedUrl(feed.url, { allowPrivate: false }).ok, feed.url).toBe(true);
      expect(feed.language).toMatch(/^[a-z]{2}$/);
      expect(['world', 'europe', 'africa', 'asia', 'middle-east', 'americas', 'oceania']).toContain(
        feed.region,
      );
    }
    expect(new Set(feeds.map((f) => f.region)).size).toBeGreaterThanOrEqual(6);
    expect(feedListFor(null)).toEqual(feeds);
  });
});

describe('ATLAS_FEEDS and ATLAS_FEED_ALLOW_PRIVATE', () => {
  const CWD = '/srv/atlas';
  it('replaces the list for a run', () => {
    const config = loadConfig(
      { ATLAS_FEEDS: ' https://a.example/rss , https://b.example/atom.xml,,https://a.example/rss' },
      CWD,
    );
    expect(config.feedUrls).toEqual(['https://a.example/rss', 'https://b.example/atom.xml']);
    const list = feedListFor(config.feedUrls);
    expect(list).toEqual([
      {
        id: feedIdForUrl('https://a.example/rss'),
        name: 'a.example',
        url: 'https://a.example/rss',
        region: 'custom',
        language: null,
      },
      {
        id: feedIdForUrl('https://b.example/atom.xml'),
        name: 'b.example',
        url: 'https://b.example/atom.xml',
        region: 'custom',
        language: null,
      },
    ]);
    expect(loadConfig({}, CWD).feedUrls ?? null).toBeNull();
  });

  it('rejects invalid entries at startup, naming each', () => {
    let error: unknown;
    try {
      loadConfig(
        { ATLAS_FEEDS: 'https://ok.example/rss,ftp://files.example/feed,http://169.254.169.254/x' },
        CWD,
      );
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toContain('ATLAS_FEEDS entry "ftp://files.example/feed"');
    expect(problems).toContain('ATLAS_FEEDS entry "http://169.254.169.254/x"');
    expect(problems).not.toContain('ok.example');
    expect(() => loadConfig({ ATLAS_FEEDS: ' , ' }, CWD)).toThrow(/ATLAS_FEEDS lists no feed URL/);
  });

  it('loopback feeds need ATLAS_FEED_ALLOW_PRIVATE', () => {
    expect(() => loadConfig({ ATLAS_FEEDS: 'http://127.0.0.1:8080/feed' }, CWD)).toThrow(
      /loopback/,
    );
    const config = loadConfig(
      { ATLAS_FEEDS: 'http://127.0.0.1:8080/feed', ATLAS_FEED_ALLOW_PRIVATE: '1' },
      CWD,
    );
    expect(config.feedAllowPrivate).toBe(true);
    expect(config.feedUrls).toEqual(['http://127.0.0.1:8080/feed']);
    expect(() => loadConfig({ ATLAS_FEED_ALLOW_PRIVATE: 'sometimes' }, CWD)).toThrow(
      /ATLAS_FEED_ALLOW_PRIVATE/,
    );
  });
});

describe('registry in the feeds table', () => {
  let dir: string;
  let atlasDb: AtlasDb;

  beforeAll(async () => {
    dir = await makeTempDir('feeds-registry');
    atlasDb = await createDb({ database: { kind: 'sqlite', file: path.join(dir, 'atlas.db') } });
  });
  afterAll(async () => {
    await atlasDb.close();
    await removeDir(dir);
  });

  it('syncs the list idempotently, keeps admin choices, never deletes', async () => {
    const db = atlasDb.db;
    const defaults = loadDefaultFeeds();
    const first = await syncFeeds(db, defaults);
    expect(first).toMatchObject({ inserted: defaults.length, updated: 0 });
    expect(first.ids).toEqual(defaults.map((f) => f.id));
    const again = await syncFeeds(db, defaults);
    expect(again).toMatchObject({ inserted: 0, updated: 0 });

    await db.updateTable('feeds').set({ enabled: 0 }).where('id', '=', 'bbc-world').execute();
    const renamed = defaults.map((f) =>
      f.id === 'bbc-world' ? { ...f, name: 'BBC World (renamed)' } : f,
    );
    expect(await syncFeeds(db, renamed)).toMatchObject({ inserted: 0, updated: 1 });
    const row = await db
      .selectFrom('feeds')
      .selectAll()
      .where('id', '=', 'bbc-world')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: 'BBC World (renamed)', enabled: 0 });

    // ATLAS_FEEDS naming a URL already registered under another id reuses that row.
    const custom = feedListFor([defaults[1]?.url ?? '', 'https://new.example/rss']);
    const synced = await syncFeeds(db, custom);
    expect(synced).toMatchObject({
      inserted: 1,
      ids: [defaults[1]?.id, feedIdForUrl('https://new.example/rss')],
    });
    expect((await listFeeds(db)).length).toBe(defaults.length + 1);
  });

  it('dueFeeds: enabled feeds whose time has come, optionally only some ids', async () => {
    const db = atlasDb.db;
    const due = await dueFeeds(db, T0);
    expect(due.map((f) => f.id)).not.toContain('bbc-world'); // disabled above
    expect(due.length).toBe((await listFeeds(db)).filter((f) => f.enabled).length);
    await db
      .updateTable('feeds')
      .set({ next_fetch_at: at(5 * MIN) })
      .where('id', '=', 'aljazeera')
      .execute();
    expect((await dueFeeds(db, T0)).map((f) => f.id)).not.toContain('aljazeera');
    expect(
      (await dueFeeds(db, new Date(T0.getTime() + 5 * MIN))).find((f) => f.id === 'aljazeera'),
    ).toEqual({
      id: 'aljazeera',
      dueAt: at(5 * MIN),
    });
    expect((await dueFeeds(db, T0, { ids: ['npr-world', 'bbc-world'] })).map((f) => f.id)).toEqual([
      'npr-world',
    ]);
    expect(await dueFeeds(db, T0, { ids: [] })).toEqual([]);
  });

  it('backoff arithmetic', () => {
    expect(failureBackoffMs(1, true)).toBe(MIN);
    expect(failureBackoffMs(2, true)).toBe(2 * MIN);
    expect(failureBackoffMs(5, true)).toBe(16 * MIN);
    expect(failureBackoffMs(9, true)).toBe(256 * MIN);
    expect(failureBackoffMs(10, true)).toBe(6 * HOUR);
    expect(failureBackoffMs(1000, true)).toBe(6 * HOUR);
    expect(failureBackoffMs(1, false)).toBe(24 * HOUR);
    expect(DEFAULT_FEED_INTERVAL_MS).toBe(10 * MIN);
  });

  it('records failures with backoff, then success resets them', async () => {
    const db = atlasDb.db;
    const id = 'npr-world';
    const read = () =>
      db.selectFrom('feeds').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    for (let n = 1; n <= 3; n++) {
      expect(
        await recordFeedFailure(db, id, {
          reason: 'http-503',
          detail: 'HTTP 503',
          retryable: true,
          now: T0,
        }),
      ).toBe(n);
    }
    expect(await read()).toMatchObject({
      failures: 3,
      last_error: 'http-503: HTTP 503',
      next_fetch_at: at(4 * MIN),
    });
    await recordFeedFailure(db, id, {
      reason: 'ssrf',
      detail: 'resolves to 10.0.0.1',
      retryable: false,
      now: T0,
    });
    expect(await read()).toMatchObject({ failures: 4, next_fetch_at: at(24 * HOUR) });
    expect((await listFeeds(db)).find((f) => f.id === id)?.health.status).toBe('failing');

    await recordFeedSuccess(db, id, {
      etag: '"e1"',
      lastModified: 'Sun, 01 Jun 2025 11:00:00 GMT',
      parseMode: 'rss',
      items: 7,
      now: T0,
    });
    await recordFeedSuccess(db, id, {
      etag: '"e2"',
      lastModified: null,
      parseMode: 'sanitised',
      items: 5,
      now: T0,
      intervalMs: 30 * MIN,
    });
    expect(await read()).toMatchObject({
      failures: 0,
      last_error: null,
      etag: '"e2"',
      last_modified: null,
      parse_mode: 'sanitised',
      items_seen: 12,
      last_success_at: T0.toISOString(),
      next_fetch_at: at(30 * MIN),
    });
    await recordNotModified(db, id, { now: new Date(T0.getTime() + HOUR) });
    expect(await read()).toMatchObject({
      etag: '"e2"',
      failures: 0,
      next_fetch_at: at(HOUR + 10 * MIN),
    });
    expect(
      await recordFeedFailure(db, 'no-such-feed', {
        reason: 'x',
        detail: 'y',
        retryable: true,
        now: T0,
      }),
    ).toBe(0);
  });

  it('the FeedStore the pipeline drives records every outcome kind', async () => {
    const db = atlasDb.db;
    const store = createFeedStore(db, { intervalMs: 20 * MIN, ids: ['dw-world', 'bbc-world'] });
    expect((await store.due(T0)).map((f) => f.id)).toEqual(['dw-world']);
    expect(await store.load('bbc-world')).toBeUndefined(); // disabled
    await store.record(
      'dw-world',
      {
        status: 'ok',
        items: [],
        parseMode: 'atom',
        feedTitle: 'DW',
        etag: '"d"',
        lastModified: null,
        dropped: 0,
      },
      0,
      T0,
    );
    expect(await store.load('dw-world')).toMatchObject({
      id: 'dw-world',
      etag: '"d"',
      lastModified: null,
    });
    expect((await store.due(T0)).length).toBe(0);
    await store.record(
      'dw-world',
      { status: 'rejected', reason: 'timeout', detail: 'slow', retryable: true },
      0,
      T0,
    );
    const row = await db
      .selectFrom('feeds')
      .selectAll()
      .where('id', '=', 'dw-world')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ failures: 1, next_fetch_at: at(MIN), parse_mode: 'atom' });
    await store.record('dw-world', { status: 'not-modified' }, 0, T0);
    expect(
      await db
        .selectFrom('feeds')
        .select(['failures', 'next_fetch_at'])
        .where('id', '=', 'dw-world')
        .executeTakeFirstOrThrow(),
    ).toEqual({
      failures: 0,
      next_fetch_at: at(20 * MIN),
    });
  });
});

describe('admin feed API', () => {
  let server: AuthTestServer;
  let admin: string;
  let user: string;

  beforeAll(async () => {
    server = await startAuthServer({ accounts: NO_API_LIMITS });
    await createOrPromoteAdmin(server.atlasDb.db, {
      email: 'root@example.org',
      password: 'admin-password',
    });
    admin = (await login(server.url, 'root@example.org', 'admin-password')).token;
    user = (await register(server.url, 'member@example.org', 'member-password')).token;
  });
  afterAll(async () => {
    await server.close();
  });

  it('guest 401, user 403, admin 200 on every route', async () => {
    for (const [method, path, body] of [
      ['GET', '/api/feeds', undefined],
      ['POST', '/api/feeds', { url: 'https://x.example/rss', name: 'X' }],
      ['PATCH', '/api/feeds/any', { enabled: false }],
      ['DELETE', '/api/feeds/any', undefined],
    ] as const) {
      const options = body === undefined ? {} : { body };
      expect((await call(server.url, method, path, options)).status, `${method} ${path}`).toBe(401);
      const member = await call(server.url, method, path, { ...options, token: user });
      expect(member.status, `${method} ${path}`).toBe(403);
      expect(member.body).toEqual({ success: false, message: 'Required role: admin' });
    }
    const list = await call(server.url, 'GET', '/api/feeds', { token: admin });
    expect(list.status).toBe(200);
    expect(list.body).toEqual({ success: true, feeds: [] });
  });

  it('POST validates the URL (and the SSRF policy) and refuses duplicates', async () => {
    const post = (body: unknown) => call(server.url, 'POST', '/api/feeds', { token: admin, body });
    for (const url of [
      'not a url',
      'ftp://x.example/feed',
      'http://127.0.0.1/feed',
      'http://169.254.169.254/latest',
      'http://[::ffff:10.0.0.1]/',
      'http://2130706433/',
    ]) {
      const res = await post({ url, name: 'Bad' });
      expect(res.status, url).toBe(400);
      expect(String(res.body['message'])).toMatch(/^url is not an allowed feed URL: /);
    }
    expect((await post({ url: 'https://x.example/rss' })).status).toBe(400);
    expect((await post({ url: 'https://x.example/rss', name: 'X', enabled: true })).status).toBe(
      400,
    );
    expect((await post({ url: 42, name: 'X' })).status).toBe(400);
    expect((await post({ url: 'https://x.example/rss', name: '   ' })).status).toBe(400);

    const created = await post({ url: 'https://x.example/rss', name: ' Example News ' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      success: true,
      feed: {
        id: feedIdForUrl('https://x.example/rss'),
        url: 'https://x.example/rss',
        name: 'Example News',
        enabled: true,
        health: { status: 'pending', failures: 0, itemsSeen: 0, lastError: null },
      },
    });
    const duplicate = await post({ url: 'https://X.EXAMPLE/rss', name: 'Again' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body['success']).toBe(false);
  });

  it('PATCH enables/disables, DELETE removes, unknown ids are 404', async () => {
    const id = feedIdForUrl('https://x.example/rss');
    const off = await call(server.url, 'PATCH', `/api/feeds/${id}`, {
      token: admin,
      body: { enabled: false },
    });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ success: true, feed: { id, enabled: false } });
    expect(await dueFeeds(server.atlasDb.db, new Date())).toEqual([]);
    expect(
      (
        await call(server.url, 'PATCH', `/api/feeds/${id}`, {
          token: admin,
          body: { enabled: 'yes' },
        })
      ).status,
    ).toBe(400);
    expect(
      (await call(server.url, 'PATCH', `/api/feeds/${id}`, { token: admin, body: {} })).status,
    ).toBe(400);
    const on = await call(server.url, 'PATCH', `/api/feeds/${id}`, {
      token: admin,
      body: { enabled: true },
    });
    expect(on.body).toMatchObject({ feed: { enabled: true } });
    expect(
      (await dueFeeds(server.atlasDb.db, new Date(Date.now() + 1000))).map((f) => f.id),
    ).toEqual([id]);

    await recordFeedFailure(server.atlasDb.db, id, {
      reason: 'http-500',
      detail: 'HTTP 500',
      retryable: true,
      now: new Date(),
    });
    const list = await call(server.url, 'GET', '/api/feeds', { token: admin });
    expect(list.body).toMatchObject({
      feeds: [{ id, health: { status: 'failing', failures: 1, lastError: 'http-500: HTTP 500' } }],
    });

    expect(
      (
        await call(server.url, 'PATCH', '/api/feeds/missing', {
          token: admin,
          body: { enabled: true },
        })
      ).status,
    ).toBe(404);
    expect((await call(server.url, 'DELETE', `/api/feeds/${id}`, { token: admin })).status).toBe(
      200,
    );
    expect((await call(server.url, 'DELETE', `/api/feeds/${id}`, { token: admin })).status).toBe(
      404,
    );
    expect((await call(server.url, 'GET', '/api/feeds', { token: admin })).body).toEqual({
      success: true,
      feeds: [],
    });
  });
});
