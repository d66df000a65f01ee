/**
 * Issue #28 R1 uncached: every list and marker query walks an index in list order and stops at
 * its limit; none sorts the table or scans it. Checked with SQLite's EXPLAIN QUERY PLAN on the
 * exact SQL the query functions send (captured through Kysely's log), so it holds whatever the
 * machine's load: before migration 0011 SQLite served `story_id is null` from the story_id index
 * and sorted every listed row per request (110-290 ms at 50,000 articles). The throughput it buys
 * is measured by `npm run bench:server -- --uncached` (docs/benchmarks.md).
 */
import Sqlite from 'better-sqlite3';
import { Kysely, SqliteDialect, type CompiledQuery } from 'kysely';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArticleSort } from '../../data/article';
import {
  countArticles,
  findGeocoded,
  findGeocodedVersions,
  findRecentMarkerRows,
  findRecentMarkerVersions,
  findRecentMarkers,
  listArticleVersions,
  listArticlesPage,
} from '../../server/articles/queries';
import { createDb } from '../../server/db/createDb';
import type { Database } from '../../server/db/schema';
import { seedSyntheticArticles } from '../../server/db/seed';
import { makeTempDir, removeDir } from './helpers';

let dir: string;
let sqlite: Sqlite.Database;
let db: Kysely<Database>;
let sent: CompiledQuery[] = [];

beforeAll(async () => {
  dir = await makeTempDir('list-plans');
  const file = path.join(dir, 'plans.db');
  const atlasDb = await createDb({ database: { kind: 'sqlite', file } });
  await seedSyntheticArticles(atlasDb.db, { count: 2000, seed: 7, now: new Date() });
  await atlasDb.close();
  sqlite = new Sqlite(file);
  db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: sqlite }),
    log: (event) => {
      if (event.level === 'query') sent.push(event.query);
    },
  });
});

afterAll(async () => {
  await db.destroy();
  await removeDir(dir);
});

/** The plan of every statement `run` sends, one string per statement. */
async function plansOf(run: () => Promise<unknown>): Promise<string[]> {
  sent = [];
  await run();
  expect(sent.length).toBeGreaterThan(0);
  return sent.map((query) =>
    sqlite
      .prepare(`explain query plan ${query.sql}`)
      .all(...(query.parameters as unknown[]))
      .map((row) => (row as { detail: string }).detail)
      .join('; '),
  );
}

const since = (): string => new Date(Date.now() - 12 * 3600_000).toISOString();
const box = { minLat: 30, maxLat: 60, minLng: -10, maxLng: 40 };

function expectIndexWalk(plan: string, index: string | RegExp): void {
  if (typeof index === 'string') expect(plan).toContain(index);
  else expect(plan).toMatch(index);
  expect(plan).not.toContain('TEMP B-TREE');
  expect(plan).not.toMatch(/SCAN articles($|;)/);
}

describe('R1: list queries walk an index in list order', () => {
  it('format=markers reads the covering marker index only, also with a bounding box', async () => {
    for (const filter of [{}, { box }]) {
      const [plan = ''] = await plansOf(() =>
        findRecentMarkerRows(db, { since: since(), limit: 200, ...filter }),
      );
      expectIndexWalk(plan, 'COVERING INDEX articles_marker_rows_idx');
    }
  });

  it('full markers and the geocoded list walk a listed-rows index', async () => {
    for (const plan of [
      ...(await plansOf(() => findRecentMarkers(db, { since: since(), limit: 200 }))),
      ...(await plansOf(() => findGeocoded(db, { start: since(), limit: 100 }))),
    ]) {
      expectIndexWalk(plan, 'INDEX articles_');
      expect(plan).not.toContain('articles_story_id_idx');
    }
  });

  it('every all-articles sort walks its index; the total is a covering index count', async () => {
    const sorts: ArticleSort[] = ['-createdAt', 'createdAt', '-publishedAt', 'publishedAt'];
    for (const sort of sorts) {
      const [plan = ''] = await plansOf(() =>
        listArticlesPage(db, { limit: 200, offset: 40, sort }),
      );
      expectIndexWalk(
        plan,
        sort.endsWith('publishedAt')
          ? 'articles_listed_published'
          : /articles_listed_idx|articles_created_at_id_idx/,
      );
    }
    const [count = ''] = await plansOf(() => countArticles(db));
    expect(count).toMatch(/COVERING INDEX articles_listed_/);
  });

  it('the (id, version) walks behind the fragment lists read index pages only (0012)', async () => {
    for (const filter of [{}, { box }]) {
      const [plan = ''] = await plansOf(() =>
        findRecentMarkerVersions(db, { since: since(), limit: 200, ...filter }),
      );
      expectIndexWalk(plan, 'COVERING INDEX articles_marker_rows_idx');
    }
    const [geocoded = ''] = await plansOf(() =>
      findGeocodedVersions(db, { start: since(), limit: 100 }),
    );
    expectIndexWalk(geocoded, 'COVERING INDEX articles_');
    const sorts: ArticleSort[] = ['-createdAt', 'createdAt', '-publishedAt', 'publishedAt'];
    for (const sort of sorts) {
      const [plan = ''] = await plansOf(() =>
        listArticleVersions(db, { limit: 200, offset: 40, sort }),
      );
      expectIndexWalk(
        plan,
        sort.endsWith('publishedAt')
          ? 'COVERING INDEX articles_listed_published'
          : 'COVERING INDEX articles_listed_idx',
      );
    }
  });
});
