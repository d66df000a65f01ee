/**
 * R16 backups: an online SQLite backup taken while another process keeps inserting is a
 * consistent snapshot (integrity ok, the writer's rows form an unbroken prefix, the count lies
 * between the counts committed before and after the backup), restores into a new file, and the
 * restored database boots a real server that serves the data. Restore refuses a database in use
 * and rejects damaged or foreign files. The npm scripts run end to end once. PostgreSQL:
 * pg_dump/pg_restore round-trip every table exactly in a fresh schema (skipped, with the reason
 * in the title, when no server or no pg_dump).
 */
import { spawn } from 'node:child_process';
import { copyFile, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import SqliteDatabase from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArticleListResponse } from '../../data/article';
import { loadConfig } from '../../server/config';
import {
  BackupError,
  backupPostgres,
  backupSqlite,
  postgresToolsAvailable,
  restorePostgres,
  restoreSqlite,
  verifySqliteFile,
} from '../../server/db/backup';
import { createDb, type AtlasDb } from '../../server/db/createDb';
import { migrationsFor } from '../../server/db/migrations';
import type { Database } from '../../server/db/schema';
import { seedSyntheticArticles } from '../../server/db/seed';
import { startServer } from '../../server/main';
import {
  FIXED_NOW,
  REPO_ROOT,
  findTestPostgres,
  freshSchema,
  makeTempDir,
  removeDir,
  startTestServer,
  writeFakeClient,
} from './helpers';

const SEEDED = 2000;
/** The writer stops by itself after this many rows, so a lost test can never leave it running. */
const WRITER_MAX_ROWS = 20_000;
const WRITER_ID = (n: number): string => `writer-${String(n).padStart(6, '0')}`;

let dir: string;
let client: { distDir: string; publicDir: string };

beforeAll(async () => {
  dir = await makeTempDir('backup');
  client = await writeFakeClient(dir);
});
afterAll(async () => {
  await removeDir(dir);
});

function countRows(file: string, where = ''): number {
  const sqlite = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
  try {
    return Number(sqlite.prepare(`select count(*) from articles ${where}`).pluck().get());
  } finally {
    sqlite.close();
  }
}

/**
 * A separate process inserting one article per transaction into `file` as fast as it can (real
 * concurrency: the backup's page copy is synchronous in this process). Writes
 * `writer-000001`, `writer-000002`, ... in order, so a consistent snapshot holds a prefix.
 */
function startWriter(file: string): { stop: () => Promise<number> } {
  const script = `
    const Database = require(${JSON.stringify(path.join(REPO_ROOT, 'node_modules', 'better-sqlite3'))});
    const db = new Database(process.argv[1]);
    db.pragma('busy_timeout = 5000');
    const insert = db.prepare('insert into articles (id, url, title) values (?, ?, ?)');
    let n = 0;
    let stopping = false;
    process.stdin.on('data', () => { stopping = true; });
    function batch() {
      for (let i = 0; i < 20 && n < ${WRITER_MAX_ROWS} && !stopping; i++) {
        n++;
        const id = 'writer-' + String(n).padStart(6, '0');
        insert.run(id, 'https://example.com/writer/' + n, 'Writer ' + n);
      }
      if (stopping || n >= ${WRITER_MAX_ROWS}) { db.close(); process.stdout.write('done ' + n + '\\n'); return; }
      setImmediate(batch);
    }
    process.stdout.write('started\\n');
    batch();
  `;
  const child = spawn(process.execPath, ['-e', script, file], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines: string[] = [];
  const done = new Promise<number>((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      lines.push(line);
      const match = /^done (\d+)$/.exec(line);
      if (match?.[1] !== undefined) resolve(Number(match[1]));
    });
    child.once('exit', (code) => {
      if (!lines.some((l) => l.startsWith('done'))) reject(new Error(`writer exited ${code}`));
    });
  });
  return {
    stop: async () => {
      child.stdin.end('stop\n');
      return done;
    },
  };
}

async function waitForRows(file: string, atLeast: number, where: string): Promise<number> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const n = countRows(file, where);
    if (n >= atLeast) return n;
    if (Date.now() > deadline) throw new Error(`writer made only ${n} rows`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function getJson(url: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(url);
  return { status: response.status, body: await response.json() };
}

describe('SQLite online backup and restore', () => {
  it('snapshots a live database under concurrent writes; the restore boots and serves it', async () => {
    const liveDir = path.join(dir, 'live');
    const server = await startTestServer({ dir: liveDir, ...client, articles: SEEDED });
    const liveFile = path.join(liveDir, 'atlas.db');
    const backupFile = path.join(dir, 'live-backup.db');
    const writerRows = "where id like 'writer-%'";
    let writer: { stop: () => Promise<number> } | null = startWriter(liveFile);
    try {
      await waitForRows(liveFile, 200, writerRows);
      const before = countRows(liveFile);
      const report = await backupSqlite(liveFile, backupFile);
      const after = countRows(liveFile);
      // Writes keep landing after the backup: the server and writer were not blocked.
      await waitForRows(liveFile, after - SEEDED + 100, writerRows);
      const written = await writer.stop();
      writer = null;
      console.log(
        `[backup] ${report.bytes} bytes in ${report.ms} ms while a writer committed ` +
          `${after - before} rows during it (${written} in total)`,
      );

      expect(report.rows?.['articles']).toBeGreaterThanOrEqual(before);
      expect(report.rows?.['articles']).toBeLessThanOrEqual(after);
      expect(report.migrations).toEqual(Object.keys(migrationsFor('sqlite')).sort());
      // The writer's rows in the copy are exactly writer-000001..writer-k: a snapshot, no holes.
      const copy = new SqliteDatabase(backupFile, { readonly: true });
      try {
        const ids = copy
          .prepare("select id from articles where id like 'writer-%' order by id")
          .pluck()
          .all();
        expect(ids.length).toBeGreaterThan(0);
        expect(ids).toEqual(ids.map((_id, i) => WRITER_ID(i + 1)));
        expect(copy.pragma('journal_mode', { simple: true })).toBe('delete');
        expect(Number(copy.prepare('select count(*) from articles').pluck().get())).toBe(
          report.rows?.['articles'],
        );
      } finally {
        copy.close();
      }

      // Restore into a new place and boot a real server on it.
      const restoredDir = path.join(dir, 'restored');
      const restoredFile = path.join(restoredDir, 'atlas.db');
      await mkdir(restoredDir, { recursive: true });
      const restored = await restoreSqlite(backupFile, restoredFile);
      expect(restored.previous).toBeNull();
      expect(restored.rows).toEqual(report.rows);
      expect(verifySqliteFile(restoredFile).rows).toEqual(report.rows);

      const booted = await startTestServer({ dir: restoredDir, ...client });
      try {
        const health = await getJson(`${booted.url}/api/health`);
        expect(health).toMatchObject({ status: 200, body: { status: 'ok' } });
        const list = await getJson(`${booted.url}/api/public/all-articles?limit=50`);
        const listBody = list.body as ArticleListResponse;
        expect(list.status).toBe(200);
        expect(listBody.pagination.total).toBe(report.rows?.['articles']);
        expect(listBody.articles.length).toBe(50);
      } finally {
        await booted.close();
      }
    } finally {
      if (writer !== null) await writer.stop().catch(() => undefined);
      await server.close();
    }
  });

  it('refuses to restore over a database in use, then replaces it once the server stopped', async () => {
    const liveDir = path.join(dir, 'inuse');
    const liveFile = path.join(liveDir, 'atlas.db');
    const backupFile = path.join(dir, 'inuse-backup.db');
    const server = await startTestServer({ dir: liveDir, ...client, articles: 100 });
    let serverOpen = true;
    try {
      await backupSqlite(liveFile, backupFile);
      await seedSyntheticArticles(server.atlasDb.db, { count: 50, seed: 8, now: FIXED_NOW });
      await expect(restoreSqlite(backupFile, liveFile)).rejects.toThrow(/in use/);
      // Nothing changed: the server still sees its 150 rows.
      const health = await getJson(`${server.url}/api/health`);
      expect(health.status).toBe(200);
      expect(countRows(liveFile)).toBe(150);

      await server.close();
      serverOpen = false;
      const restored = await restoreSqlite(backupFile, liveFile);
      expect(restored.rows['articles']).toBe(100);
      expect(restored.previous).toBe(`${liveFile}.pre-restore`);
      expect(countRows(liveFile)).toBe(100);
      // The old database, WAL folded in, is kept aside.
      expect(countRows(`${liveFile}.pre-restore`)).toBe(150);
      await expect(stat(`${liveFile}-wal`)).rejects.toThrow();
    } finally {
      if (serverOpen) await server.close();
    }
  });

  it('rejects damaged and foreign files without touching the target', async () => {
    const good = path.join(dir, 'good.db');
    const atlasDb = await createDb({ database: { kind: 'sqlite', file: good } });
    await seedSyntheticArticles(atlasDb.db, { count: 300, seed: 9, now: FIXED_NOW });
    await atlasDb.close();
    const targetDir = await makeTempDir('restore-target');
    const target = path.join(targetDir, 'atlas.db');
    try {
      await copyFile(good, target);

      const truncated = path.join(dir, 'truncated.db');
      const bytes = await readFile(good);
      await writeFile(truncated, bytes.subarray(0, Math.floor(bytes.length / 2)));
      await expect(restoreSqlite(truncated, target)).rejects.toBeInstanceOf(BackupError);

      const garbage = path.join(dir, 'garbage.db');
      await writeFile(garbage, 'not a database at all, just text\n'.repeat(100));
      await expect(restoreSqlite(garbage, target)).rejects.toThrow(/SQLite|readable/);

      const foreign = path.join(dir, 'foreign.db');
      const other = new SqliteDatabase(foreign);
      other.exec('create table notes (x text); insert into notes values (1);');
      other.close();
      await expect(restoreSqlite(foreign, target)).rejects.toThrow(/not an ATLAS database/);

      const newer = path.join(dir, 'newer.db');
      await copyFile(good, newer);
      const edit = new SqliteDatabase(newer);
      edit
        .prepare('insert into kysely_migration (name, timestamp) values (?, ?)')
        .run('9999_from_the_future', FIXED_NOW.toISOString());
      edit.close();
      await expect(restoreSqlite(newer, target)).rejects.toThrow(/newer ATLAS/);

      expect(countRows(target)).toBe(300);
      await expect(stat(`${target}.pre-restore`)).rejects.toThrow();
    } finally {
      await removeDir(targetDir);
    }
  });

  it('npm run backup / restore work end to end', async () => {
    const cliDir = path.join(dir, 'cli');
    const source = path.join(cliDir, 'source.db');
    const atlasDb = await createDb({ database: { kind: 'sqlite', file: source } });
    await seedSyntheticArticles(atlasDb.db, { count: 120, seed: 10, now: FIXED_NOW });
    await atlasDb.close();

    const tsx = (script: string, arg: string, databaseFile: string): Promise<string> =>
      new Promise((resolve, reject) => {
        const child = spawn(process.execPath, ['--import', 'tsx', script, '--', arg], {
          cwd: REPO_ROOT,
          env: {
            PATH: process.env['PATH'] ?? '',
            DATABASE_URL: `sqlite:${databaseFile}`,
            INIT_CWD: cliDir,
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let output = '';
        child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.once('exit', (code) =>
          code === 0 ? resolve(output) : reject(new Error(`exit ${code}: ${output}`)),
        );
      });

    // The documented example (docs/operations.md) writes into a backups/ folder that does not
    // exist yet: it is created.
    const backupOut = await tsx('scripts/backup.ts', 'backups/cli-backup.db', source);
    expect(backupOut).toMatch(/\[backup\] ok: \d+ bytes .* articles=120/);
    const target = path.join(cliDir, 'target.db');
    const restoreOut = await tsx('scripts/restore.ts', 'backups/cli-backup.db', target);
    expect(restoreOut).toMatch(/\[restore\] ok: rows articles=120/);
    expect(countRows(target)).toBe(120);
  });
});

const pgTarget = await findTestPostgres();
const pgTools = await postgresToolsAvailable();
const pgSkip = 'skip' in pgTarget ? pgTarget.skip : 'missing' in pgTools ? pgTools.missing : null;
if (pgSkip !== null) console.warn(`[backup postgres tests] SKIPPED: ${pgSkip}`);

describe.skipIf(pgSkip !== null)(
  `PostgreSQL pg_dump / pg_restore${pgSkip === null ? '' : ` (skipped: ${pgSkip})`}`,
  () => {
    const TABLES = {
      articles: 'id',
      users: 'id',
      feeds: 'id',
      jobs: 'id',
      article_events: 'seq',
      kysely_migration: 'name',
    } as const;

    async function snapshot(atlasDb: AtlasDb): Promise<Record<string, unknown[]>> {
      const result: Record<string, unknown[]> = {};
      for (const [table, key] of Object.entries(TABLES)) {
        // kysely_migration is not in Database; read every table the same untyped way.
        const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(
          table,
        )} order by ${sql.ref(key)}`.execute(atlasDb.db);
        result[table] = rows;
      }
      return result;
    }

    it('round-trips every table exactly and the restored schema boots a server', async () => {
      if ('skip' in pgTarget) throw new Error('unreachable');
      const fresh = freshSchema(pgTarget.url, 'backup');
      const database = { kind: 'postgres' as const, url: pgTarget.url, schema: fresh.schema };
      const dumpFile = path.join(dir, 'pg-backup.dump');
      try {
        const atlasDb = await createDb({ database });
        let before: Record<string, unknown[]>;
        try {
          const db: Kysely<Database> = atlasDb.db;
          await seedSyntheticArticles(db, { count: 500, seed: 11, now: FIXED_NOW });
          await db
            .insertInto('feeds')
            .values({ id: 'f1', url: 'https://example.com/feed.xml', name: 'Feed' })
            .execute();
          await db
            .insertInto('users')
            .values({ id: 'u1', email: 'a@example.com', name: 'Ä', password_hash: 'h' })
            .execute();
          await db
            .insertInto('jobs')
            .values({ kind: 'fetch-feed', payload: '{"feedId": "f1"}', dedupe_key: 'f1' })
            .execute();
          await db
            .insertInto('article_events')
            .values({ kind: 'article:new', article_id: 'x', payload: '{"a": [1, 2.5]}' })
            .execute();
          before = await snapshot(atlasDb);
        } finally {
          await atlasDb.close();
        }

        const report = await backupPostgres(database, dumpFile);
        expect(report.bytes).toBeGreaterThan(0);
        console.log(`[backup] pg_dump of 500 articles: ${report.bytes} bytes in ${report.ms} ms`);

        // Lose the data, then restore it.
        await fresh.drop();
        await restorePostgres(database, dumpFile);

        const config = loadConfig(
          {
            DATABASE_URL: fresh.url,
            HOST: '127.0.0.1',
            PORT: '0',
            LOG_LEVEL: 'silent',
            ATLAS_SEED_SYNTHETIC: '0',
            ATLAS_ROLE: 'api',
            ATLAS_JWT_SECRET: 'atlas-test-secret-0123456789abcdef0123456789',
            ATLAS_DIST_DIR: client.distDir,
            ATLAS_PUBLIC_DIR: client.publicDir,
          },
          dir,
        );
        const server = await startServer(config);
        try {
          expect(await snapshot(server.atlasDb)).toEqual(before);
          const health = await getJson(`${server.url}/api/health`);
          expect(health).toMatchObject({ status: 200, body: { status: 'ok' } });
          const list = await getJson(`${server.url}/api/public/all-articles?limit=20`);
          const listBody = list.body as ArticleListResponse;
          expect(list.status).toBe(200);
          expect(listBody.pagination.total).toBe(500);
        } finally {
          await server.close();
        }

        // A restore over the existing schema replaces it (--clean) rather than duplicating rows.
        await restorePostgres(database, dumpFile);
        const again = await createDb({ database });
        try {
          expect(await snapshot(again)).toEqual(before);
        } finally {
          await again.close();
        }
      } finally {
        await fresh.drop();
      }
    });

    it('rejects a file that is not an ATLAS pg_dump archive', async () => {
      if ('skip' in pgTarget) throw new Error('unreachable');
      const bogus = path.join(dir, 'bogus.dump');
      await writeFile(bogus, 'PGDMP but not really');
      const database = { kind: 'postgres' as const, url: pgTarget.url, schema: 'atlas_never' };
      await expect(restorePostgres(database, bogus)).rejects.toBeInstanceOf(BackupError);
    });
  },
);
