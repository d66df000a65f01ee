/**
 * Issue #28 R1 uncached: the lists joined from per-row JSON fragments (server/articles/
 * rowFragments.ts) answer byte for byte what the row-reading path gave: for many random queries
 * (all-articles pages and sorts, geocoded filters, markers in both formats with and without a
 * bounding box), as a guest and as a signed-in user, on SQLite and on PostgreSQL. Then after writes
 * (an update, a moderator hide, story grouping, analysis, a new article) the next answer shows
 * them at once, also with fragments of the old versions held in memory. The list cache is off
 * (listCacheMs 0), so every request is computed.
 */
import fastJsonStringify from 'fast-json-stringify';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArticleSort } from '../../data/article';
import { mulberry32 } from '../../data/random';
import { parseBoundingBox, sinceIso } from '../../server/articles/filters';
import {
  countArticles,
  findGeocoded,
  findRecentMarkerRows,
  findRecentMarkers,
  listArticlesPage,
} from '../../server/articles/queries';
import { gateArticlePayload } from '../../server/articles/roleGate';
import { rowToArticle } from '../../server/articles/rowToArticle';
import { articleJsonSchema } from '../../server/articles/schemas';
import { buildApp } from '../../server/app';
import { createDb, type AtlasDb } from '../../server/db/createDb';
import { seedSyntheticArticles } from '../../server/db/seed';
import { allArticlesResponseSchema } from '../../server/http/articleRoutes';
import { toMarker } from '../../server/http/articles/markers';
import { analysisWith, insertCrafted, signUp } from './articlesApiFixtures';
import {
  findTestPostgres,
  freshSchema,
  listenTestServer,
  makeTempDir,
  removeDir,
  writeFakeClient,
  type TestServer,
} from './helpers';

const HOUR = 3_600_000;
/** A response schema's serialiser, as Fastify compiles it (its default fast-json-stringify). */
const compile = (schema: unknown): ((value: unknown) => string) =>
  fastJsonStringify(schema as Parameters<typeof fastJsonStringify>[0]);
const serializeAll = compile(allArticlesResponseSchema);
const serializeGeocoded = compile({ type: 'array', items: articleJsonSchema });

type Role = 'guest' | 'user';

interface Case {
  url: string;
  /** The body the row-reading path gives for this query. */
  expected: () => Promise<string>;
}

async function startServer(atlasDb: AtlasDb, dir: string): Promise<TestServer> {
  const { distDir, publicDir } = await writeFakeClient(dir);
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
      articleListCacheMs: 0,
      articleListBudgetMs: 0,
    },
  );
  return listenTestServer(app, atlasDb);
}

/**
 * Hours values whose window start is at least 10 s from every article's created_at: the server
 * and the reference compute `since` a few milliseconds apart.
 */
async function safeHours(atlasDb: AtlasDb, candidates: number[]): Promise<number[]> {
  const rows = await atlasDb.db.selectFrom('articles').select('created_at').execute();
  const times = rows.map((r) => Date.parse(r.created_at));
  return candidates.filter((h) => {
    const since = Date.now() - h * HOUR;
    return times.every((t) => Math.abs(t - since) > 10_000);
  });
}

async function randomCases(atlasDb: AtlasDb, role: Role, seed: number, n: number): Promise<Case[]> {
  const db = atlasDb.db;
  const next = mulberry32(seed);
  const int = (lo: number, hi: number): number => lo + Math.floor(next() * (hi - lo + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const hoursPool = await safeHours(
    atlasDb,
    Array.from({ length: 60 }, (_, i) => 1 + i * 3),
  );
  expect(hoursPool.length).toBeGreaterThan(20);
  const gateRole = role === 'guest' ? 'guest' : 'user';
  const cases: Case[] = [];
  const sorts: ArticleSort[] = ['-createdAt', 'createdAt', '-publishedAt', 'publishedAt'];
  for (let i = 0; i < n; i++) {
    const kind = i % 5;
    if (kind === 0) {
      const limit = pick([1, 2, 7, 50, 151, 200, 250, 500]);
      const skip = pick([0, 0, 1, 13, 99, 150, 420]);
      const sort = pick(sorts);
      cases.push({
        url: `/api/public/all-articles?limit=${limit}&skip=${skip}&sort=${sort}`,
        expected: async () => {
          const rows = await listArticlesPage(db, { limit, offset: skip, sort });
          const body = {
            success: true,
            articles: rows.map(rowToArticle),
            pagination: {
              total: await countArticles(db),
              limit,
              page: Math.floor(skip / limit) + 1,
            },
          };
          return serializeAll(gateArticlePayload(body, gateRole));
        },
      });
    } else if (kind === 1) {
      const limit = int(1, 300);
      const hours = pick(hoursPool);
      const sentiment = next() < 0.3 ? pick(['positive', 'negative,neutral', 'mixed']) : undefined;
      const search = next() < 0.2 ? pick(['alpha', 'Synthetic', 'zz-none']) : undefined;
      const query = new URLSearchParams({ limit: String(limit), hours: String(hours) });
      if (sentiment !== undefined) query.set('sentiment', sentiment);
      if (search !== undefined) query.set('search', search);
      cases.push({
        url: `/api/articles/geocoded?${query.toString()}`,
        expected: async () => {
          const rows = await findGeocoded(db, {
            start: sinceIso(hours, new Date()),
            limit,
            ...(sentiment === undefined
              ? {}
              : { sentiments: sentiment.split(',') as ('positive' | 'negative')[] }),
            ...(search === undefined ? {} : { search }),
          });
          return serializeGeocoded(gateArticlePayload(rows.map(rowToArticle), gateRole));
        },
      });
    } else {
      const compact = kind !== 4;
      const limit = int(1, 400);
      const hours = pick(hoursPool);
      const boxed = next() < 0.4;
      const minLat = int(-90, 40);
      const maxLat = int(minLat, 90);
      // Sometimes minLng > maxLng: a box across the antimeridian.
      const minLng = int(-180, 180);
      const maxLng = int(-180, 180);
      const query = new URLSearchParams({ limit: String(limit), hours: String(hours) });
      if (compact) query.set('format', 'markers');
      if (boxed) {
        query.set('minLat', String(minLat));
        query.set('maxLat', String(maxLat));
        query.set('minLng', String(minLng));
        query.set('maxLng', String(maxLng));
      }
      cases.push({
        url: `/api/news-markers/recent?${query.toString()}`,
        expected: async () => {
          const box = boxed ? parseBoundingBox({ minLat, maxLat, minLng, maxLng }) : undefined;
          const filter = {
            since: sinceIso(hours, new Date()),
            limit,
            ...(box === undefined ? {} : { box }),
          };
          const articles = compact
            ? (await findRecentMarkerRows(db, filter)).map(toMarker)
            : gateArticlePayload((await findRecentMarkers(db, filter)).map(rowToArticle), gateRole);
          return JSON.stringify({ success: true, articles });
        },
      });
    }
  }
  return cases;
}

async function expectSameAnswers(
  server: TestServer,
  token: string | null,
  cases: readonly Case[],
): Promise<number> {
  let articles = 0;
  for (const c of cases) {
    const res = await fetch(`${server.url}${c.url}`, {
      headers: token === null ? {} : { authorization: `Bearer ${token}` },
    });
    expect(res.status, c.url).toBe(200);
    const body = await res.text();
    expect(body, c.url).toBe(await c.expected());
    const parsed = JSON.parse(body) as unknown;
    const list = Array.isArray(parsed) ? parsed : (parsed as { articles: unknown[] }).articles;
    articles += list.length;
  }
  return articles;
}

/** Writes through every kind of change a list can show, straight to the database. */
async function writeChanges(atlasDb: AtlasDb, now: number): Promise<void> {
  const db = atlasDb.db;
  const newest = await db
    .selectFrom('articles')
    .select('id')
    .where('hidden_at', 'is', null)
    .where('story_id', 'is', null)
    .where('latitude', 'is not', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(6)
    .execute();
  const [a, b, c, d, e] = newest.map((r) => r.id);
  if (a === undefined || b === undefined || c === undefined || d === undefined || e === undefined) {
    throw new Error('too few articles');
  }
  // A correction of the title and the place.
  await db
    .updateTable('articles')
    .set({ title: 'Corrected title', latitude: 1.5, longitude: 2.5, location_name: 'Null Island' })
    .where('id', '=', a)
    .execute();
  // A moderator hide.
  await db
    .updateTable('articles')
    .set({ hidden_at: new Date(now).toISOString(), hidden_reason: 'test' })
    .where('id', '=', b)
    .execute();
  // Story grouping: d joins c's story.
  await db.updateTable('articles').set({ story_id: c }).where('id', '=', d).execute();
  await db
    .updateTable('articles')
    .set({
      story_count: 2,
      story_sources: JSON.stringify([{ name: 'Other', url: 'https://o.example/x', title: 'X' }]),
    })
    .where('id', '=', c)
    .execute();
  // Analysis: card fields appear.
  await db
    .updateTable('articles')
    .set({ hybrid_analysis: JSON.stringify(analysisWith(15, 0.01)), analysis_status: 'complete' })
    .where('id', '=', e)
    .execute();
  // A new article at the top.
  const created = new Date(now).toISOString();
  await db
    .insertInto('articles')
    .values({
      id: `fresh-${now}`,
      title: 'Fresh arrival',
      url: `https://example.org/fresh-${now}`,
      latitude: 40,
      longitude: -3,
      country: 'Spain',
      created_at: created,
      updated_at: created,
    })
    .execute();
}

function dialectSuite(label: string, open: (dir: string) => Promise<AtlasDb>): void {
  describe(`list fragments on ${label}`, () => {
    let dir: string;
    let server: TestServer;
    let atlasDb: AtlasDb;
    let token: string;
    const now = Date.now();

    beforeAll(async () => {
      dir = await makeTempDir(`fragments-${label}`);
      atlasDb = await open(dir);
      // Spread over ~36 h before now, so the hours windows cut the lists at many places.
      await seedSyntheticArticles(atlasDb.db, { count: 500, seed: 5, now: new Date(now) });
      await insertCrafted(atlasDb.db, now);
      server = await startServer(atlasDb, dir);
      token = await signUp(server.url, `fragments-${label}@example.org`);
    });

    afterAll(async () => {
      await server.close();
      await removeDir(dir);
    });

    it('every update bumps the row version (trigger), a write setting it keeps its value', async () => {
      const db = atlasDb.db;
      const version = async (): Promise<number> =>
        (
          await db
            .selectFrom('articles')
            .select('version')
            .where('id', '=', 'c-1')
            .executeTakeFirstOrThrow()
        ).version;
      const before = await version();
      await db.updateTable('articles').set({ emoji: 'x' }).where('id', '=', 'c-1').execute();
      expect(await version()).toBe(before + 1);
      await db.updateTable('articles').set({ emoji: null }).where('id', '=', 'c-1').execute();
      expect(await version()).toBe(before + 2);
      await db.updateTable('articles').set({ version: 100 }).where('id', '=', 'c-1').execute();
      expect(await version()).toBe(100);
    });

    it('answers as the row-reading path for random queries, guest and signed in', async () => {
      const guestCases = await randomCases(atlasDb, 'guest', 11, 120);
      const userCases = await randomCases(atlasDb, 'user', 12, 120);
      // Twice: the first pass fills the fragments and runs, the second is served from them.
      for (let pass = 0; pass < 2; pass++) {
        expect(await expectSameAnswers(server, null, guestCases)).toBeGreaterThan(2000);
        expect(await expectSameAnswers(server, token, userCases)).toBeGreaterThan(2000);
      }
    }, 180_000);

    it('shows updates, hides, grouping, analysis and new articles at once', async () => {
      const probes: Case[] = [
        ...(await randomCases(atlasDb, 'guest', 21, 40)),
        {
          url: '/api/public/all-articles?limit=30',
          expected: async () =>
            serializeAll(
              gateArticlePayload(
                {
                  success: true,
                  articles: (
                    await listArticlesPage(atlasDb.db, { limit: 30, offset: 0, sort: '-createdAt' })
                  ).map(rowToArticle),
                  pagination: { total: await countArticles(atlasDb.db), limit: 30, page: 1 },
                },
                'guest',
              ),
            ),
        },
      ];
      await expectSameAnswers(server, null, probes);
      const before = await (await fetch(`${server.url}/api/public/all-articles?limit=30`)).text();
      await writeChanges(atlasDb, Date.now());
      const after = await (await fetch(`${server.url}/api/public/all-articles?limit=30`)).text();
      expect(after).not.toBe(before);
      expect(after).toContain('Fresh arrival');
      expect(after).toContain('Corrected title');
      await expectSameAnswers(server, null, probes);
      await expectSameAnswers(server, token, await randomCases(atlasDb, 'user', 22, 40));
    }, 120_000);
  });
}

dialectSuite('SQLite', (dir) =>
  createDb({ database: { kind: 'sqlite', file: path.join(dir, 'atlas.db') } }),
);

const target = await findTestPostgres();
if ('skip' in target) {
  console.warn(`[list fragments on PostgreSQL] SKIPPED: ${target.skip}`);
  describe.skip(`list fragments on PostgreSQL (${target.skip})`, () => {
    it('needs a PostgreSQL server on 127.0.0.1:5432', () => undefined);
  });
} else {
  const fresh = freshSchema(target.url, 'fragments');
  dialectSuite('PostgreSQL', async () => {
    const atlasDb = await createDb({
      database: { kind: 'postgres', url: target.url, schema: fresh.schema },
    });
    return {
      ...atlasDb,
      close: async () => {
        await atlasDb.close();
        await fresh.drop();
      },
    };
  });
}
