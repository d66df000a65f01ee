/**
 * The article query layer on both dialects: the same crafted rows and synthetic articles go into
 * a temp SQLite file and a fresh PostgreSQL schema, and every query must return the same
 * articles (mapped to the wire shape, so JSON text formatting cannot differ). Skipped, with the
 * reason printed, only when no PostgreSQL server answers on 127.0.0.1:5432.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Analyser } from '../../server/analysis/analyser';
import { analyseArticle } from '../../server/articles/analyse';
import { countrySpellings } from '../../server/articles/countryCodes';
import { sinceIso } from '../../server/articles/filters';
import { buildKnowledgeGraph } from '../../server/articles/knowledgeGraph';
import {
  countArticles,
  findArticleById,
  findByCountry,
  findGeocoded,
  findGraphSource,
  findRecentMarkers,
  findV4Public,
  listArticlesPage,
  markerStats,
} from '../../server/articles/queries';
import { rowToArticle, rowToArticleDetail } from '../../server/articles/rowToArticle';
import { storeArticle } from '../../server/articles/store';
import { createDb, type AtlasDb } from '../../server/db/createDb';
import { seedSyntheticArticles } from '../../server/db/seed';
import { ArticleEventLog } from '../../server/realtime/articleEventLog';
import { insertCrafted } from './articlesApiFixtures';
import { findTestPostgres, freshSchema, makeTempDir, removeDir } from './helpers';

const target = await findTestPostgres();

if ('skip' in target) {
  console.warn(`[article query parity] SKIPPED: ${target.skip}`);
  describe.skip(`article queries on PostgreSQL (${target.skip})`, () => {
    it('needs a PostgreSQL server on 127.0.0.1:5432', () => undefined);
  });
} else {
  const fresh = freshSchema(target.url, 'articles');
  let dir: string;
  let sqlite: AtlasDb;
  let pg: AtlasDb;
  const now = Date.now();
  const HOUR = 3_600_000;

  beforeAll(async () => {
    dir = await makeTempDir('articles-pg');
    sqlite = await createDb({ database: { kind: 'sqlite', file: path.join(dir, 'a.db') } });
    pg = await createDb({ database: { kind: 'postgres', url: target.url, schema: fresh.schema } });
    for (const db of [sqlite, pg]) {
      // Recent synthetic articles too (seeded relative to `now`), so windows hold many rows.
      await seedSyntheticArticles(db.db, { count: 300, seed: 11, now: new Date(now) });
      await insertCrafted(db.db, now);
    }
  });

  afterAll(async () => {
    await sqlite.close();
    await pg.close();
    await fresh.drop();
    await removeDir(dir);
  });

  /** Runs `query` on both databases and expects equal results; returns the SQLite one. */
  async function same<T>(query: (db: AtlasDb) => Promise<T>): Promise<T> {
    const [a, b] = await Promise.all([query(sqlite), query(pg)]);
    expect(b).toEqual(a);
    return a;
  }

  describe('article queries: SQLite and PostgreSQL agree', () => {
    it('geocoded: window, search with wildcards, sentiments, dates, analysed only', async () => {
      const since = sinceIso(12, new Date(now));
      const recent = await same(async ({ db }) =>
        (await findGeocoded(db, { start: since, limit: 500 })).map(rowToArticle),
      );
      expect(recent.length).toBeGreaterThan(100);
      const ids = (rows: { id: string }[]) => rows.map((r) => r.id);
      expect(
        ids(await same(async ({ db }) => findGeocoded(db, { search: 'pure_gold', limit: 50 }))),
      ).toEqual(['c-1']);
      expect(
        ids(await same(async ({ db }) => findGeocoded(db, { search: 'PUREXGOLD', limit: 50 }))),
      ).toEqual(['c-3']);
      expect(
        ids(await same(async ({ db }) => findGeocoded(db, { search: '100%', limit: 50 }))),
      ).toEqual(['c-1']);
      // Mixed case over synthetic titles: 'new york' must match 'New York: ...' on both.
      const nyc = await same(async ({ db }) =>
        (await findGeocoded(db, { search: 'NEW YORK', limit: 500 })).map((r) => r.id),
      );
      expect(nyc.length).toBeGreaterThan(0);
      const mixed = await same(async ({ db }) =>
        (
          await findGeocoded(db, {
            start: sinceIso(48, new Date(now)),
            end: new Date(now - HOUR).toISOString(),
            sentiments: ['mixed', 'negative'],
            limit: 500,
          })
        ).map(rowToArticle),
      );
      expect(new Set(mixed.map((a) => a.sentiment))).toEqual(new Set(['mixed', 'negative']));
      expect(
        ids(
          await same(async ({ db }) =>
            (await findGeocoded(db, { analysedOnly: true, limit: 50 })).map(rowToArticle),
          ),
        ),
      ).toEqual(['c-5', 'c-6']);
    });

    it('one article with its analysis', async () => {
      const c5 = await same(async ({ db }) => {
        const row = await findArticleById(db, 'c-5');
        return row === undefined ? undefined : rowToArticleDetail(row);
      });
      expect(c5?.hybridAnalysis).toMatchObject({ cost: 12 });
      expect(await same(async ({ db }) => findArticleById(db, 'missing'))).toBeUndefined();
    });

    it('pages in every sort order, undated last', async () => {
      expect(await same(({ db }) => countArticles(db))).toBe(311);
      for (const sort of ['-createdAt', 'createdAt', '-publishedAt', 'publishedAt'] as const) {
        const page = await same(async ({ db }) =>
          (await listArticlesPage(db, { limit: 400, offset: 0, sort })).map((r) => r.id),
        );
        expect(page).toHaveLength(311);
        if (sort.endsWith('publishedAt')) expect(page.at(-1)).toBe('c-6');
        const middle = await same(async ({ db }) =>
          (await listArticlesPage(db, { limit: 20, offset: 150, sort })).map((r) => r.id),
        );
        expect(middle).toEqual(page.slice(150, 170));
      }
    });

    it('v4: completeness and cost computed from the JSON the same way', async () => {
      const run = (v: Parameters<typeof findV4Public>[2]) =>
        same(async (a) => {
          const { rows, total } = await findV4Public(a.db, a.dialect, v);
          return { ids: rows.map((r) => r.id), total };
        });
      expect(await run({ limit: 10, skip: 0, sort: '-createdAt', completeness: 0.5 })).toEqual({
        ids: ['c-5'],
        total: 1,
      });
      expect(
        (await run({ limit: 10, skip: 0, sort: '-createdAt', completeness: 0.4 })).ids.sort(),
      ).toEqual(['c-5', 'c-6']);
      expect(await run({ limit: 10, skip: 0, sort: 'createdAt', costMin: 3, costMax: 12 })).toEqual(
        { ids: ['c-6', 'c-5'], total: 2 },
      );
      expect((await run({ limit: 5, skip: 0, sort: '-createdAt', costMax: 0 })).total).toBe(309);
    });

    it('markers: bounding boxes, including across the antimeridian', async () => {
      const since = sinceIso(48, new Date(now));
      const across = await same(async ({ db }) =>
        (
          await findRecentMarkers(db, {
            since,
            limit: 1000,
            box: { minLat: -20, maxLat: 20, minLng: 170, maxLng: -170 },
          })
        ).map((r) => r.id),
      );
      expect(across.filter((id) => id.startsWith('c-'))).toEqual(['c-1', 'c-2', 'c-7', 'c-8']);
      const europe = await same(async ({ db }) =>
        (
          await findRecentMarkers(db, {
            since,
            limit: 1000,
            box: { minLat: 35, maxLat: 60, minLng: -10, maxLng: 30 },
          })
        ).map(rowToArticle),
      );
      expect(europe.length).toBeGreaterThan(5);
      for (const a of europe) {
        expect(a.latitude).toBeGreaterThanOrEqual(35);
        expect(a.longitude).toBeLessThanOrEqual(30);
      }
    });

    it('by country (names and codes) and stats', async () => {
      const us = await same(async ({ db }) => {
        const { rows, total } = await findByCountry(db, {
          names: countrySpellings('us'),
          since: sinceIso(24, new Date(now)),
          limit: 500,
        });
        return { ids: rows.map((r) => r.id), total };
      });
      expect(us.ids).toEqual(expect.arrayContaining(['c-2', 'c-3']));
      expect(us.total).toBe(us.ids.length);
      const stats = await same(async (a) =>
        markerStats(a.db, a.dialect, sinceIso(24, new Date(now))),
      );
      const sum = (r: Record<string, number>) => Object.values(r).reduce((x, y) => x + y, 0);
      expect(stats.total).toBeGreaterThan(300);
      expect(sum(stats.bySentiment)).toBe(stats.total);
      expect(sum(stats.byCountry)).toBe(stats.total);
      expect(stats.byHour.reduce((x, h) => x + h.count, 0)).toBe(stats.total);
    });

    it('knowledge graph input', async () => {
      const graph = await same(async ({ db }) =>
        buildKnowledgeGraph(
          await findGraphSource(db, { since: sinceIso(48, new Date(now)), maxArticles: 5000 }),
          500,
        ),
      );
      expect(graph.nodes.find((n) => n.id === 'person:grace hopper')?.weight).toBe(2);
    });
  });

  describe('writes on PostgreSQL', () => {
    it('stores an article with its event, and dedupes by URL', async () => {
      const events = new ArticleEventLog(pg.db);
      const seen: string[] = [];
      events.subscribe((e) => seen.push(`${e.kind} ${e.articleId}`));
      const input = {
        title: 'PG story',
        url: 'https://example.com/pg-story',
        latitude: 1,
        longitude: 2,
      };
      const first = await storeArticle(pg.db, events, input);
      expect(first.status).toBe('created');
      expect(await storeArticle(pg.db, events, input)).toEqual({ status: 'duplicate' });
      const id = first.status === 'created' ? first.article.id : '';
      expect(seen).toEqual([`article:new ${id}`]);
      await pg.db.deleteFrom('articles').where('id', '=', id).execute();
    });

    it('analyses once under concurrent calls and records article:analyzed', async () => {
      const events = new ArticleEventLog(pg.db);
      let calls = 0;
      const analyser: Analyser = {
        name: 'pg-test',
        analyse: async () => {
          calls++;
          await new Promise((resolve) => setTimeout(resolve, 50));
          return { contentSummary: { summary: 'x' }, cost: 1 };
        },
      };
      const outcomes = await Promise.all([
        analyseArticle(pg.db, events, analyser, 'a-ok'),
        analyseArticle(pg.db, events, analyser, 'a-ok'),
      ]);
      expect(outcomes.map((o) => o.status).sort()).toEqual(['complete', 'running']);
      expect(calls).toBe(1);
      const logged = await pg.db
        .selectFrom('article_events')
        .select('kind')
        .where('article_id', '=', 'a-ok')
        .execute();
      expect(logged).toEqual([{ kind: 'article:analyzed' }]);
      const failing: Analyser = { name: 'bad', analyse: () => Promise.reject(new Error('nope')) };
      expect(await analyseArticle(pg.db, events, failing, 'a-fail')).toEqual({
        status: 'failed',
        message: 'nope',
      });
    });
  });
}
