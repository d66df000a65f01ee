/**
 * Shared setup for server tests: temp folders, a fake built client, a real server on
 * 127.0.0.1:0, and discovery of the local PostgreSQL used by the dialect-parity tests.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import type { Config } from '../../server/config';
import { createDb, type AtlasDb } from '../../server/db/createDb';
import { seedSyntheticArticles } from '../../server/db/seed';

export const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..');

/** Fixed reference time for seeded data, so assertions never depend on the clock. */
export const FIXED_NOW = new Date('2025-06-01T12:00:00.000Z');

export async function makeTempDir(label: string): Promise<string> {
  return mkdtemp(path.join(os.tmpdir(), `atlas-${label}-`));
}

export async function removeDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
}

export const FAKE_INDEX_HTML =
  '<!doctype html><html><head><title>ATLAS test client</title>' +
  '<script type="module" src="/assets/index-abc123.js"></script></head>' +
  '<body><div id="root"></div></body></html>';
export const FAKE_ASSET_JS = 'console.log("atlas test asset");\n';

/** A tiny stand-in for `vite build` output, plus one file that only exists in public/. */
export async function writeFakeClient(
  dir: string,
): Promise<{ distDir: string; publicDir: string }> {
  const distDir = path.join(dir, 'dist');
  const publicDir = path.join(dir, 'public');
  await mkdir(path.join(distDir, 'assets'), { recursive: true });
  await mkdir(publicDir, { recursive: true });
  await writeFile(path.join(distDir, 'index.html'), FAKE_INDEX_HTML);
  await writeFile(path.join(distDir, 'assets', 'index-abc123.js'), FAKE_ASSET_JS);
  await writeFile(path.join(distDir, 'assets', 'index-abc123.css'), 'body{margin:0}\n');
  await writeFile(
    path.join(distDir, 'favicon.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>',
  );
  await writeFile(path.join(publicDir, 'only-in-public.txt'), 'from public/\n');
  return { distDir, publicDir };
}

export interface TestServer {
  url: string;
  app: FastifyInstance;
  atlasDb: AtlasDb;
  close(): Promise<void>;
}

export interface TestServerOptions {
  dir: string;
  distDir: string;
  publicDir: string;
  /** Synthetic articles to seed (seed 7, FIXED_NOW). */
  articles?: number;
  /** Lets a test add routes before the server starts listening. */
  beforeListen?: (app: FastifyInstance) => void;
}

/** A real server on 127.0.0.1 with an ephemeral port and its own SQLite file. */
export async function startTestServer(options: TestServerOptions): Promise<TestServer> {
  const config: Config = {
    port: 0,
    host: '127.0.0.1',
    database: { kind: 'sqlite', file: path.join(options.dir, 'atlas.db') },
    logLevel: 'silent',
    distDir: options.distDir,
    publicDir: options.publicDir,
    seedSynthetic: 0,
    jwtSecret: 'atlas-test-secret-0123456789abcdef0123456789',
    redisUrl: null,
    corsOrigins: [],
    role: 'api',
    ingest: false,
    starterSet: false,
  };
  const atlasDb = await createDb(config);
  if (options.articles !== undefined && options.articles > 0) {
    await seedSyntheticArticles(atlasDb.db, { count: options.articles, seed: 7, now: FIXED_NOW });
  }
  const app = await buildApp(config, { db: atlasDb.db, dialect: atlasDb.dialect });
  options.beforeListen?.(app);
  return listenTestServer(app, atlasDb);
}

/** Whether something accepts TCP connections at host:port within `timeoutMs`. */
export function tcpAnswers(host: string, port: number, timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok: boolean): void => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

export type PgTarget = { url: string } | { skip: string };

/** Whether an environment flag like ATLAS_REQUIRE_PG is set to 1/true/yes. */
function flagSet(name: string): boolean {
  return /^(1|true|yes)$/i.test(process.env[name]?.trim() ?? '');
}

/** First non-empty value among these environment variables. */
function envValue(...names: string[]): string | undefined {
  for (const name of names) {
    const value = process.env[name]?.trim();
    if (value !== undefined && value !== '') return value;
  }
  return undefined;
}

/**
 * The local PostgreSQL for parity tests: ATLAS_TEST_DATABASE_URL (what .ci/run exports) or
 * ATLAS_TEST_PG_URL, else postgres://root@ or postgres://postgres@127.0.0.1:5432/test (trust
 * auth). Skips only when nothing listens on the port; a server that answers but refuses every
 * candidate is a failure, not a skip. With ATLAS_REQUIRE_PG=1 (CI) a missing server throws too,
 * so a broken CI database fails the run instead of quietly skipping the PostgreSQL half.
 */
export async function findTestPostgres(): Promise<PgTarget> {
  const explicit = envValue('ATLAS_TEST_DATABASE_URL', 'ATLAS_TEST_PG_URL');
  const candidates =
    explicit !== undefined
      ? withDefaultUsers(explicit)
      : ['postgres://root@127.0.0.1:5432/test', 'postgres://postgres@127.0.0.1:5432/test'];
  const first = new URL(candidates[0] ?? '');
  const host = first.hostname;
  const port = Number(first.port === '' ? 5432 : first.port);
  if (!(await tcpAnswers(host, port))) {
    const reason = `no PostgreSQL server answers on ${host}:${port}`;
    if (flagSet('ATLAS_REQUIRE_PG')) throw new Error(`ATLAS_REQUIRE_PG is set but ${reason}`);
    return { skip: reason };
  }
  const { default: pg } = await import('pg');
  const errors: string[] = [];
  for (const url of candidates) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
    try {
      await client.connect();
      await client.query('select 1');
      return { url };
    } catch (error) {
      errors.push(`${url}: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      await client.end().catch(() => undefined);
    }
  }
  throw new Error(`PostgreSQL answers on ${host}:${port} but refused us:\n${errors.join('\n')}`);
}

/**
 * A URL without a user name connects as $USER, which CI containers may not set or may not have
 * as a database role: then try root and postgres as well.
 */
function withDefaultUsers(url: string): string[] {
  const parsed = new URL(url);
  if (parsed.username !== '') return [url];
  const as = (user: string): string => {
    const copy = new URL(url);
    copy.username = user;
    return copy.toString();
  };
  return [url, as('root'), as('postgres')];
}

export type RedisTarget = { url: string } | { skip: string };

export const DEFAULT_TEST_REDIS_URL = 'redis://127.0.0.1:6379';

/**
 * The local Redis for tests of the socket.io adapter and shared rate limits:
 * ATLAS_TEST_REDIS_URL, default redis://127.0.0.1:6379. Returns { skip: reason } when nothing
 * listens there (put the reason in the skipped suite's title so `npm test` lists it); throws when
 * ATLAS_REQUIRE_REDIS=1 (CI) or when something answers but PING fails. Use your own key prefix or
 * db number and delete your keys afterwards: other test files share this server.
 */
export async function findTestRedis(): Promise<RedisTarget> {
  const url = envValue('ATLAS_TEST_REDIS_URL') ?? DEFAULT_TEST_REDIS_URL;
  const parsed = new URL(url);
  const host = parsed.hostname;
  const port = Number(parsed.port === '' ? 6379 : parsed.port);
  if (!(await tcpAnswers(host, port))) {
    const reason = `no Redis server answers on ${host}:${port}`;
    if (flagSet('ATLAS_REQUIRE_REDIS')) throw new Error(`ATLAS_REQUIRE_REDIS is set but ${reason}`);
    return { skip: reason };
  }
  const { Redis } = await import('ioredis');
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 3000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  try {
    await client.connect();
    await client.ping();
    return { url };
  } catch (error) {
    throw new Error(
      `Redis answers on ${host}:${port} but PING failed: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  } finally {
    client.disconnect();
  }
}

/** A PostgreSQL URL with a fresh schema for one test file, and a function that drops it. */
export function freshSchema(
  baseUrl: string,
  label: string,
): { url: string; schema: string; drop: () => Promise<void> } {
  const schema = `atlas_test_${label}_${process.pid}_${Date.now().toString(36)}`;
  const url = new URL(baseUrl);
  url.searchParams.set('schema', schema);
  return {
    url: url.toString(),
    schema,
    drop: async () => {
      const { default: pg } = await import('pg');
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      try {
        await client.query(`drop schema if exists "${schema}" cascade`);
      } finally {
        await client.end();
      }
    },
  };
}

/** Listens on 127.0.0.1 with an ephemeral port; close() stops the app, then the database. */
export async function listenTestServer(
  app: FastifyInstance,
  atlasDb: AtlasDb,
  afterClose?: () => Promise<void>,
): Promise<TestServer> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  return {
    url: `http://127.0.0.1:${address.port}`,
    app,
    atlasDb,
    close: async () => {
      await app.close();
      await atlasDb.close();
      await afterClose?.();
    },
  };
}
