/**
 * Database behaviour that must be identical on SQLite and PostgreSQL (RELIABILITY.md R16). Each
 * dialect's test file calls describeDbContract with a factory for fresh, empty databases.
 */
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import type { Config } from '../../server/config';
import { createDb, migrateToLatest, type AtlasDb } from '../../server/db/createDb';
import { migrationsFor } from '../../server/db/migrations';
import type { NewArticleRow } from '../../server/db/schema';
import { generateSyntheticArticles, seedSyntheticArticles } from '../../server/db/seed';
import { FIXED_NOW } from './helpers';

export interface FreshDatabase {
  /** Connection config for createDb; absent when `open` is given. */
  config?: Pick<Config, 'database'>;
  /**
   * Opens a connection to this database instead of createDb(config); may be called more than
   * once. The PGlite run uses it (tests/server/pgliteDb.ts), since PGlite has no URL.
   */
  open?: () => Promise<AtlasDb>;
  /** Removes the database (file or schema) after the connections are closed. */
  cleanup: () => Promise<void>;
}

const ISO_MS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const JSON_COLUMNS = new Set(['categories', 'hybrid_analysis']);

function article(id: string, extra: Partial<NewArticleRow> = {}): NewArticleRow {
  return { id, url: `https://example.com/test/${id}`, title: `Title ${id}`, ...extra };
}

function connect(target: FreshDatabase): Promise<AtlasDb> {
  if (target.open !== undefined) return target.open();
  if (target.config === undefined) throw new Error('FreshDatabase needs config or open');
  return createDb(target.config);
}

export function describeDbContract(
  dialect: 'sqlite' | 'postgres',
  fresh: () => Promise<FreshDatabase>,
  /** Shown in the suite title instead of the dialect (e.g. 'postgres via PGlite'). */
  label: string = dialect,
): void {
  describe(`database contract (${label})`, () => {
    const opened: AtlasDb[] = [];
    const cleanups: (() => Promise<void>)[] = [];
    async function open(): Promise<{ atlasDb: AtlasDb; target: FreshDatabase }> {
      const target = await fresh();
      cleanups.push(target.cleanup);
      const atlasDb = await connect(target);
      opened.push(atlasDb);
      return { atlasDb, target };
    }
    afterAll(async () => {
      for (const atlasDb of opened) await atlasDb.close();
      for (const cleanup of cleanups) await cleanup();
    });

    it('migrates an empty database and is idempotent (run twice, reopen)', async () => {
      const { atlasDb, target } = await open();
      expect(atlasDb.dialect).toBe(dialect);
      for (const table of ['articles', 'users', 'feeds', 'jobs'] as const) {
        await expect(atlasDb.db.selectFrom(table).selectAll().execute()).resolves.toEqual([]);
      }
      expect(await migrateToLatest(atlasDb)).toEqual([]);

      const again = await connect(target);
      opened.push(again);
      expect(await migrateToLatest(again)).toEqual([]);
      const applied = await sql<{
        name: string;
      }>`select name from kysely_migration order by name`.execute(again.db);
      // Every migration in the code, in name order (new migrations need no edit here).
      expect(applied.rows.map((r) => r.name)).toEqual(Object.keys(migrationsFor(dialect)).sort());
    });

    it('fills defaults in the shared formats (ISO timestamps, JSON text, 0/1 flags)', async () => {
      const { atlasDb } = await open();
      await atlasDb.db.insertInto('articles').values(article('a1')).execute();
      const row = await atlasDb.db
        .selectFrom('articles')
        .selectAll()
        .where('id', '=', 'a1')
        .executeTakeFirstOrThrow();
      expect(row.created_at).toMatch(ISO_MS);
      expect(row.updated_at).toMatch(ISO_MS);
      expect(JSON.parse(row.categories)).toEqual([]);
      expect(row).toMatchObject({
        category: 'general',
        sentiment: 'neutral',
        analysis_status: 'pending',
        is_sample: 0,
        hybrid_analysis: null,
      });

      const job = await atlasDb.db
        .insertInto('jobs')
        .values({ kind: 'fetch-feed', payload: JSON.stringify({ feedId: 'f1' }) })
        .returning(['id', 'status', 'attempts', 'run_after'])
        .executeTakeFirstOrThrow();
      expect(typeof job.id).toBe('number');
      expect(job).toMatchObject({ status: 'queued', attempts: 0 });
      expect(job.run_after).toMatch(ISO_MS);

      const { n } = await atlasDb.db
        .selectFrom('articles')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(n).toBe(1);
    });

    it('enforces the keys and checks ingestion relies on', async () => {
      const { atlasDb } = await open();
      const { db } = atlasDb;
      await db
        .insertInto('articles')
        .values(article('u1', { fingerprint: 'fp1' }))
        .execute();
      // Same URL: rejected, and ON CONFLICT DO NOTHING makes it a no-op.
      await expect(
        db
          .insertInto('articles')
          .values(article('u2', { url: 'https://example.com/test/u1' }))
          .execute(),
      ).rejects.toThrow();
      const skipped = await db
        .insertInto('articles')
        .values(article('u3', { fingerprint: 'fp1' }))
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      expect(Number(skipped.numInsertedOrUpdatedRows ?? 0n)).toBe(0);
      // NULL fingerprints never collide.
      await db
        .insertInto('articles')
        .values([article('n1'), article('n2')])
        .execute();

      await expect(
        db
          .insertInto('articles')
          .values(article('lat', { latitude: 91, longitude: 0 }))
          .execute(),
      ).rejects.toThrow();

      const user = { id: 'x', email: 'a@example.com', name: 'A', password_hash: 'h' };
      await expect(
        db
          .insertInto('users')
          .values({ ...user, role: 'root' as 'admin' })
          .execute(),
      ).rejects.toThrow();
      await db.insertInto('users').values(user).execute();
      await expect(
        db
          .insertInto('users')
          .values({ ...user, id: 'y' })
          .execute(),
      ).rejects.toThrow();
      const stored = await db.selectFrom('users').selectAll().executeTakeFirstOrThrow();
      expect(stored).toMatchObject({ role: 'user', token_version: 0 });
      expect(JSON.parse(stored.preferences)).toEqual({});

      await db.insertInto('jobs').values({ kind: 'k', dedupe_key: 'same' }).execute();
      await expect(
        db.insertInto('jobs').values({ kind: 'k', dedupe_key: 'same' }).execute(),
      ).rejects.toThrow();

      // Foreign key: an article cannot point at a feed that does not exist.
      await expect(
        db
          .insertInto('articles')
          .values(article('fk', { feed_id: 'missing' }))
          .execute(),
      ).rejects.toThrow();
    });

    it('seeds synthetic articles that read back exactly as generated', async () => {
      const { atlasDb } = await open();
      const options = { count: 1200, seed: 99, now: FIXED_NOW };
      expect(await seedSyntheticArticles(atlasDb.db, options)).toBe(1200);
      // Seeding again is a no-op (ids and URLs are deterministic and unique).
      expect(await seedSyntheticArticles(atlasDb.db, options)).toBe(0);

      const rows = await atlasDb.db.selectFrom('articles').selectAll().orderBy('id').execute();
      const expected = generateSyntheticArticles(options).sort((a, b) =>
        a.id < b.id ? -1 : a.id > b.id ? 1 : 0,
      );
      expect(rows).toHaveLength(expected.length);
      rows.forEach((row, i) => {
        const want = expected[i] as Record<string, unknown>;
        for (const [column, value] of Object.entries(row)) {
          if (JSON_COLUMNS.has(column) && typeof value === 'string') {
            // jsonb normalises whitespace, so compare JSON values, not text.
            expect(JSON.parse(value), column).toEqual(JSON.parse(want[column] as string));
          } else {
            expect(value, `${row.id}.${column}`).toEqual(want[column]);
          }
        }
      });
    });
  });
}
