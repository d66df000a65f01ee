/**
 * The database contract on PostgreSQL (CI runs a server on 127.0.0.1:5432). Skipped, with the
 * reason printed, only when no server answers there.
 */
import { describe, expect, it } from 'vitest';
import { createDb } from '../../server/db/createDb';
import { seedSyntheticArticles } from '../../server/db/seed';
import { describeDbContract } from './dbContract';
import { findTestPostgres, freshSchema } from './helpers';

const target = await findTestPostgres();

if ('skip' in target) {
  console.warn(`[postgres tests] SKIPPED: ${target.skip}`);
  describe.skip(`PostgreSQL (${target.skip})`, () => {
    it('needs a PostgreSQL server on 127.0.0.1:5432', () => undefined);
  });
} else {
  let n = 0;
  describeDbContract('postgres', () => {
    const fresh = freshSchema(target.url, `c${n++}`);
    return Promise.resolve({
      config: { database: { kind: 'postgres', url: target.url, schema: fresh.schema } },
      cleanup: fresh.drop,
    });
  });

  describe('PostgreSQL specifics', () => {
    it('seeds 10k rows and answers select 1 through the pool', async () => {
      const fresh = freshSchema(target.url, 'seed');
      const atlasDb = await createDb({
        database: { kind: 'postgres', url: target.url, schema: fresh.schema },
      });
      try {
        const started = performance.now();
        expect(await seedSyntheticArticles(atlasDb.db, { count: 10_000, seed: 3 })).toBe(10_000);
        console.log(
          `[seed] 10,000 synthetic articles into PostgreSQL in ${Math.round(performance.now() - started)} ms`,
        );
      } finally {
        await atlasDb.close();
        await fresh.drop();
      }
    });

    it('reports a clear error for an unreachable server', async () => {
      await expect(
        createDb({
          database: { kind: 'postgres', url: 'postgres://root@127.0.0.1:1/test', schema: null },
        }),
      ).rejects.toThrow(/ECONNREFUSED|connect/);
    });
  });
}
