/**
 * The database contract on the PostgreSQL dialect without a PostgreSQL server: PGlite in process.
 * Runs everywhere (also in CI beside the real server), so the PostgreSQL migrations and queries are
 * exercised on a fresh machine where tests/server/postgres.test.ts skips, and so this fallback
 * itself cannot rot unnoticed.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeDbContract } from './dbContract';
import { closeSharedPglite, freshPgliteDatabase, sharedPglite } from './pgliteDb';

/** PGlite runs initdb in WebAssembly at start: seconds, more on a busy 2-core machine. */
const PGLITE_START_TIMEOUT_MS = 120_000;

beforeAll(async () => {
  await sharedPglite();
}, PGLITE_START_TIMEOUT_MS);
afterAll(closeSharedPglite);

describeDbContract('postgres', freshPgliteDatabase, 'postgres via PGlite');

describe('PGlite type parsing matches the pg pool', () => {
  it('returns int8 as number, json/jsonb as text, timestamptz as ISO with ms and Z', async () => {
    const atlasDb = await (await sharedPglite()).open({ migrate: false });
    try {
      const { rows } = await sql<Record<string, unknown>>`select
          9007199254740991::int8 as big, '{"a": [1, 2]}'::json as js, '{"b":  true}'::jsonb as jsb,
          '2025-06-01 14:00:00.5+02'::timestamptz as ts, count(*) as n
        from (values (1), (2)) as v(x)`.execute(atlasDb.db);
      expect(rows).toEqual([
        {
          big: 9007199254740991,
          js: '{"a": [1, 2]}',
          // jsonb normalises the text, exactly as a real server does.
          jsb: '{"b": true}',
          ts: '2025-06-01T12:00:00.500Z',
          n: 2,
        },
      ]);
    } finally {
      await atlasDb.close();
    }
  });
});
