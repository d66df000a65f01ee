/**
 * The analytics and intelligence queries on both dialects: the same synthetic, crafted and story
 * rows go into a temp SQLite file and a fresh PostgreSQL schema, and every query must return the
 * same result. Skipped, with the reason printed, only when no PostgreSQL server answers on
 * 127.0.0.1:5432.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  analyticsOverview,
  findEntitySource,
  findLargestStories,
} from '../../server/articles/analyticsQueries';
import { sinceIso } from '../../server/articles/filters';
import { articleEntities } from '../../server/articles/knowledgeGraph';
import { rowToArticle } from '../../server/articles/rowToArticle';
import { createDb, type AtlasDb } from '../../server/db/createDb';
import { seedSyntheticArticles } from '../../server/db/seed';
import { insertStoryRows } from './analyticsFixtures';
import { insertCrafted } from './articlesApiFixtures';
import { findTestPostgres, freshSchema, makeTempDir, removeDir } from './helpers';

const target = await findTestPostgres();

if ('skip' in target) {
  console.warn(`[analytics query parity] SKIPPED: ${target.skip}`);
  describe.skip(`analytics queries on PostgreSQL (${target.skip})`, () => {
    it('needs a PostgreSQL server on 127.0.0.1:5432', () => undefined);
  });
} else {
  const fresh = freshSchema(target.url, 'analytics');
  let dir: string;
  let sqlite: AtlasDb;
  let pg: AtlasDb;
  const now = Date.now();

  beforeAll(async () => {
    dir = await makeTempDir('analytics-pg');
    sqlite = await createDb({ database: { kind: 'sqlite', file: path.join(dir, 'a.db') } });
    pg = await createDb({ database: { kind: 'postgres', url: target.url, schema: fresh.schema } });
    for (const db of [sqlite, pg]) {
      await seedSyntheticArticles(db.db, { count: 300, seed: 11, now: new Date(now) });
      await insertCrafted(db.db, now);
      await insertStoryRows(db.db, now);
    }
  }, 120_000);

  afterAll(async () => {
    await sqlite.close();
    await pg.close();
    await fresh.drop();
    await removeDir(dir);
  });

  async function same<T>(query: (db: AtlasDb) => Promise<T>): Promise<T> {
    const [a, b] = await Promise.all([query(sqlite), query(pg)]);
    expect(b).toEqual(a);
    return a;
  }

  describe('analytics queries: SQLite and PostgreSQL agree', () => {
    it('overview by hour and by day, over 1 h to 30 days', async () => {
      for (const hours of [1, 24, 72, 720]) {
        for (const bucket of ['hour', 'day'] as const) {
          const since = sinceIso(hours, new Date(now));
          const [o, p] = await Promise.all([
            analyticsOverview(sqlite.db, sqlite.dialect, since, bucket),
            analyticsOverview(pg.db, pg.dialect, since, bucket),
          ]);
          // Means are sums of doubles: SQLite sums them compensated, PostgreSQL not, so the
          // 4th decimal may differ; every count must be equal.
          const means = (x: typeof o) => [
            ...x.series.map((s) => s.meanSentiment),
            ...x.countries.map((c) => c.meanSentiment),
          ];
          const counts = (x: typeof o) => ({
            ...x,
            series: x.series.map((s) => ({ ...s, meanSentiment: s.meanSentiment === null })),
            countries: x.countries.map((c) => ({ ...c, meanSentiment: c.meanSentiment === null })),
          });
          expect(counts(p)).toEqual(counts(o));
          const pm = means(p);
          means(o).forEach((m, i) => {
            if (m !== null) expect(Math.abs(m - (pm[i] ?? NaN))).toBeLessThanOrEqual(1.5e-4);
          });
          expect(o.series.reduce((s, b) => s + b.total, 0)).toBe(o.total);
          const sum = (r: Record<string, number>) => Object.values(r).reduce((x, y) => x + y, 0);
          expect(sum(o.byRisk)).toBe(o.total);
          expect(sum(o.bySource)).toBe(o.total);
          expect(sum(o.byCountry)).toBe(o.total);
          if (hours === 24) {
            expect(o.total).toBeGreaterThan(50);
            expect(o.byRisk['high']).toBe(1);
            expect(o.byRisk['critical']).toBeUndefined();
            expect(o.analysed).toBe(2);
            expect(o.series.some((s) => s.meanSentiment !== null)).toBe(true);
          }
        }
      }
    });

    it('entity sources, previous windows and largest stories', async () => {
      const at = new Date(now);
      const current = await same(async ({ db }) =>
        (await findEntitySource(db, { since: sinceIso(24, at), maxArticles: 5000 })).map((r) => ({
          article: rowToArticle(r),
          entities: articleEntities(r).map((e) => e.id),
        })),
      );
      expect(current.length).toBeGreaterThan(50);
      expect(current.some((c) => c.entities.includes('person:grace hopper'))).toBe(true);
      const previous = await same(async ({ db }) =>
        (
          await findEntitySource(db, {
            since: sinceIso(48, at),
            until: sinceIso(24, at),
            maxArticles: 5000,
          })
        ).map((r) => r.id),
      );
      expect(previous).toContain('c-6');
      expect(previous).not.toContain('c-5');
      const stories = await same(async ({ db }) =>
        (await findLargestStories(db, { since: sinceIso(24, at), limit: 10 })).map((r) => [
          r.id,
          r.story_count,
        ]),
      );
      expect(stories).toEqual([['s-1', 3]]);
    });
  });
}
