/**
 * Issue #28 V2: a made-up query parameter must not defeat the list cache (the key is the route,
 * its parameters and its DOCUMENTED query values after validation and defaults), and uncached list
 * work is bounded per client (a client with too many list computations in flight gets 429 with
 * retry-after; another client is unaffected).
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { createDb, type AtlasDb } from '../../server/db/createDb';
import { seedSyntheticArticles } from '../../server/db/seed';
import { signUp } from './articlesApiFixtures';
import {
  FIXED_NOW,
  listenTestServer,
  makeTempDir,
  removeDir,
  writeFakeClient,
  type TestServer,
} from './helpers';

let dir: string;
let server: TestServer;
let atlasDb: AtlasDb;

beforeAll(async () => {
  dir = await makeTempDir('list-cache');
  const { distDir, publicDir } = await writeFakeClient(dir);
  atlasDb = await createDb({ database: { kind: 'sqlite', file: path.join(dir, 'atlas.db') } });
  await seedSyntheticArticles(atlasDb.db, { count: 3000, seed: 7, now: FIXED_NOW });
  const app = await buildApp(
    {
      logLevel: 'silent',
      distDir,
      publicDir,
      jwtSecret: 'atlas-test-secret-0123456789abcdef0123456789',
      redisUrl: null,
      corsOrigins: [],
    },
    {
      db: atlasDb.db,
      dialect: atlasDb.dialect,
      accounts: { rateLimit: false },
      // Long enough that every request of a test falls in one cache lifetime.
      articleListCacheMs: 60_000,
      // A small work budget (the default is 500 ms a second): with the list indexes a distinct
      // list costs only a few ms, so the flood below must reach the budget on any machine.
      articleListBudgetMs: 40,
    },
  );
  server = await listenTestServer(app, atlasDb);
});
afterAll(async () => {
  await server.close();
  await removeDir(dir);
});

/** Adds an article behind the API's back (no event: the cache is not told). */
async function addSilently(id: string): Promise<void> {
  const now = new Date().toISOString();
  await atlasDb.db
    .insertInto('articles')
    .values({
      id,
      title: `Silent ${id}`,
      url: `https://example.org/${id}`,
      latitude: 48.85,
      longitude: 2.35,
      country: 'France',
      location_name: 'Paris',
      created_at: now,
      updated_at: now,
    })
    .execute();
}

describe('V2: the list cache key ignores unknown parameters', () => {
  it.each([
    ['/api/public/all-articles?limit=5', '&cachebust='],
    ['/api/news-markers/recent?format=markers&hours=8760', '&zz='],
    ['/api/articles/geocoded?limit=5', '&_='],
    ['/api/v4/articles/public?limit=5', '&nonce='],
  ])('%s with %s... is served from one cache entry', async (base, junk) => {
    const first = await (await fetch(`${server.url}${base}`)).text();
    await addSilently(`v2-${junk.replace(/\W/g, '')}-${Date.now()}`);
    const bodies = await Promise.all(
      Array.from({ length: 5 }, async (_, i) => {
        const res = await fetch(`${server.url}${base}${junk}${i}`);
        expect(res.status).toBe(200);
        return res.text();
      }),
    );
    // Served from the entry made before the silent insert: no recomputation happened.
    for (const body of bodies) expect(body).toBe(first);
  });
});

describe('V2: uncached list work is bounded per client', () => {
  it('one client flooding distinct lists gets 429s; another client still gets answers', async () => {
    const token = await signUp(server.url, 'v2-other@example.org');
    const flood = Array.from({ length: 150 }, (_, i) =>
      fetch(
        `${server.url}/api/public/all-articles?limit=${300 + (i % 200)}&page=${1 + (i % 5)}`,
      ).then(async (res) => ({
        status: res.status,
        retry: res.headers.get('retry-after'),
        body: await res.text(),
      })),
    );
    const other = fetch(`${server.url}/api/public/all-articles?limit=7`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const results = await Promise.all(flood);
    const otherRes = await other;
    expect(otherRes.status).toBe(200);
    const refused = results.filter((r) => r.status === 429);
    const served = results.filter((r) => r.status === 200);
    expect(refused.length).toBeGreaterThan(0);
    expect(served.length).toBeGreaterThan(0);
    expect(refused.length + served.length).toBe(results.length);
    for (const r of refused) expect(Number(r.retry)).toBeGreaterThanOrEqual(1);
  });
});
