/**
 * server/realtime/articleEventLog.ts on both dialects (SQLite file; PostgreSQL in a fresh schema,
 * skipped when none answers): seq increases, record() inside a rolled-back transaction leaves no
 * event, announce() goes out in seq order and survives a throwing listener, since() pages with its
 * bound, latestSeq().
 */
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb, type AtlasDb } from '../../server/db/createDb';
import type { Config } from '../../server/config';
import {
  ArticleEventLog,
  MAX_CATCH_UP_EVENTS,
  type LoggedArticleEvent,
} from '../../server/realtime/articleEventLog';
import { findTestPostgres, freshSchema, makeTempDir, removeDir } from './helpers';
import { makeArticle } from './realtimeHelpers';

const pg = await findTestPostgres();
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

function configFor(database: Config['database']): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    database,
    logLevel: 'silent',
    distDir: '',
    publicDir: '',
    seedSynthetic: 0,
    jwtSecret: null,
    redisUrl: null,
    corsOrigins: [],
    role: 'api',
    ingest: false,
    starterSet: false,
  };
}

async function sqliteDb(): Promise<AtlasDb> {
  const dir = await makeTempDir('eventlog');
  const atlasDb = await createDb(configFor({ kind: 'sqlite', file: path.join(dir, 'e.db') }));
  cleanups.push(async () => {
    await atlasDb.close();
    await removeDir(dir);
  });
  return atlasDb;
}

async function postgresDb(url: string): Promise<AtlasDb> {
  const schema = freshSchema(url, 'eventlog');
  const parsed = new URL(schema.url);
  const name = parsed.searchParams.get('schema');
  parsed.searchParams.delete('schema');
  const atlasDb = await createDb(
    configFor({ kind: 'postgres', url: parsed.toString(), schema: name }),
  );
  cleanups.push(async () => {
    await atlasDb.close();
    await schema.drop();
  });
  return atlasDb;
}

function suite(open: () => Promise<AtlasDb>): void {
  it('records, announces in seq order, pages with since() and reports latestSeq', async () => {
    const { db } = await open();
    const log = new ArticleEventLog(db);
    expect(await log.latestSeq()).toBe(0);

    const heard: number[] = [];
    log.subscribe(() => {
      throw new Error('a broken listener');
    });
    const stop = log.subscribe((event) => heard.push(event.seq));

    const first = await log.publish({
      kind: 'article:new',
      articleId: 'a1',
      payload: makeArticle(1),
    });
    expect(typeof first.seq).toBe('number');
    expect(heard).toEqual([first.seq]);

    // Recorded in a transaction, announced after commit, in seq order whatever the array order.
    const batch: LoggedArticleEvent[] = await db.transaction().execute(async (trx) => [
      await log.record(trx, {
        kind: 'article:update',
        articleId: 'a1',
        payload: { id: 'a1', updates: { title: 'New' } },
      }),
      await log.record(trx, {
        kind: 'article:analyzed',
        articleId: 'a1',
        payload: { articleId: 'a1', analysis: { score: 1 } },
      }),
    ]);
    log.announce([...batch].reverse());
    expect(heard).toEqual([first.seq, ...batch.map((e) => e.seq)]);

    // A rolled-back transaction leaves no event.
    await expect(
      db.transaction().execute(async (trx) => {
        await log.record(trx, { kind: 'article:new', articleId: 'x', payload: makeArticle(2) });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');

    const all = await log.since(0);
    expect(all.map((e) => e.kind)).toEqual(['article:new', 'article:update', 'article:analyzed']);
    expect(all[0]?.payload).toEqual(makeArticle(1));
    expect(all[2]?.payload).toEqual({ articleId: 'a1', analysis: { score: 1 } });
    expect(await log.since(first.seq, 1)).toHaveLength(1);
    expect(await log.latestSeq()).toBe(batch[1]?.seq);
    stop();
  });

  it(`caps one since() call at ${MAX_CATCH_UP_EVENTS} events`, async () => {
    const { db } = await open();
    const log = new ArticleEventLog(db);
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < MAX_CATCH_UP_EVENTS + 5; i += 1) {
        await log.record(trx, { kind: 'article:new', articleId: `a${i}`, payload: makeArticle(i) });
      }
    });
    const page = await log.since(0, MAX_CATCH_UP_EVENTS * 10);
    expect(page).toHaveLength(MAX_CATCH_UP_EVENTS);
    const rest = await log.since(page.at(-1)?.seq ?? 0);
    expect(rest).toHaveLength(5);
    const seqs = [...page, ...rest].map((e) => e.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
  });
}

describe('ArticleEventLog on SQLite', () => {
  suite(sqliteDb);
});

describe.skipIf('skip' in pg)(
  `ArticleEventLog on PostgreSQL${'skip' in pg ? ` (skipped: ${pg.skip})` : ''}`,
  () => {
    suite(() => postgresDb('url' in pg ? pg.url : ''));
  },
);
