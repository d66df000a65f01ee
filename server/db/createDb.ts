/**
 * Opens the database named by the config (SQLite file by default, PostgreSQL when DATABASE_URL is
 * postgres://), applies the connection settings ATLAS relies on, and runs pending migrations.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  Kysely,
  Migrator,
  PostgresDialect,
  SqliteDialect,
  sql,
  type SqliteDatabase as KyselySqliteDatabase,
} from 'kysely';
import type { CustomTypesConfig } from 'pg';
import type { Config, DatabaseConfig } from '../config';
import { migrationProvider } from './migrations';
import type { Database, Dialect } from './schema';

export interface AtlasDb {
  db: Kysely<Database>;
  dialect: Dialect;
  /** PostgreSQL: the pool's client counts (for /metrics); absent on SQLite. */
  poolStats?: () => { totalCount: number; idleCount: number; waitingCount: number };
  /** Closes every connection; safe to call more than once. */
  close(): Promise<void>;
}

export interface CreateDbOptions {
  /** Run pending migrations before returning (default true). */
  migrate?: boolean;
}

/**
 * How long a writer waits for another connection's write lock before SQLITE_BUSY. Long enough to
 * ride out a checkpoint or a batch insert from another process (ingest worker), short enough that
 * a request still answers within the client's 10 s timeout.
 */
export const SQLITE_BUSY_TIMEOUT_MS = 5000;
/** PostgreSQL pool size per process; N API nodes x this must stay under max_connections. */
export const PG_POOL_SIZE = 10;

export async function createDb(
  config: Pick<Config, 'database'>,
  options: CreateDbOptions = {},
): Promise<AtlasDb> {
  const atlasDb =
    config.database.kind === 'sqlite'
      ? openSqlite(config.database.file)
      : await openPostgres(config.database);
  if (options.migrate ?? true) {
    try {
      await migrateToLatest(atlasDb);
    } catch (error) {
      await atlasDb.close();
      throw error;
    }
  }
  return atlasDb;
}

function openSqlite(file: string): AtlasDb {
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  // WAL: readers never block the writer and vice versa. synchronous=NORMAL is crash-safe in WAL
  // mode (a power loss may drop the last commits, never corrupts); kill -9 tests in
  // RELIABILITY.md lost nothing acknowledged with it.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  sqlite.pragma('foreign_keys = ON');
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: cachedStatements(sqlite) }),
  });
  let closing: Promise<void> | null = null;
  return {
    db,
    dialect: 'sqlite',
    close: () => {
      closing ??= (async () => {
        if (sqlite.open) {
          try {
            // Cheap and recommended before closing a long-lived connection: refreshes planner stats.
            sqlite.pragma('optimize');
          } catch {
            // Best effort only.
          }
        }
        await db.destroy();
      })();
      return closing;
    },
  };
}

/** Prepared statements kept per SQL text (the least recently used go past this many). */
const SQLITE_STATEMENT_CACHE = 256;

/**
 * `sqlite` for Kysely with its prepared statements reused per SQL text: Kysely prepares every
 * query it sends, which cost a list request (issue #28 R1 uncached) about as much as running it.
 * A statement still iterating (a streamed query) is not handed out again: the caller gets a new one.
 */
function cachedStatements(sqlite: SqliteDatabase.Database): KyselySqliteDatabase {
  const statements = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => {
      statements.clear();
      sqlite.close();
    },
    prepare: (text: string) => {
      const cached = statements.get(text);
      if (cached !== undefined) {
        statements.delete(text);
        statements.set(text, cached);
        if (!cached.busy) return cached;
        return sqlite.prepare(text);
      }
      const statement = sqlite.prepare(text);
      statements.set(text, statement);
      if (statements.size > SQLITE_STATEMENT_CACHE) {
        const oldest = statements.keys().next();
        if (oldest.done !== true) statements.delete(oldest.value);
      }
      return statement;
    },
  };
}

async function openPostgres(
  database: Extract<DatabaseConfig, { kind: 'postgres' }>,
): Promise<AtlasDb> {
  // Loaded only when PostgreSQL is configured, so a SQLite deployment never touches pg.
  const { default: pg } = await import('pg');
  const { builtins } = pg.types;
  const parseTimestamptz = pg.types.getTypeParser(builtins.TIMESTAMPTZ) as (value: string) => Date;
  // Make pg return the same shapes as better-sqlite3 (see schema.ts), per pool rather than by
  // mutating pg's global parsers, so other pg users in the process are unaffected.
  const getTypeParser: CustomTypesConfig['getTypeParser'] = (oid, format) => {
    if (format === undefined || format === 'text') {
      switch (oid) {
        case builtins.INT8:
          return (value: string) => Number(value);
        case builtins.JSON:
        case builtins.JSONB:
          return (value: string) => value;
        case builtins.TIMESTAMPTZ:
          return (value: string) => parseTimestamptz(value).toISOString();
        default:
          break;
      }
    }
    return pg.types.getTypeParser(oid, format) as unknown;
  };

  const pool = new pg.Pool({
    connectionString: database.url,
    max: PG_POOL_SIZE,
    types: { getTypeParser },
    connectionTimeoutMillis: 5000,
    ...(database.schema === null ? {} : { options: `-c search_path=${database.schema}` }),
  });
  // An idle client that loses its server (restart, network) emits 'error' on the pool; without a
  // listener that would crash the process. The next query gets a fresh connection; the error is
  // still reported, and /api/health shows whether the database is reachable.
  pool.on('error', (error) => {
    process.stderr.write(`[db] idle PostgreSQL connection failed: ${error.message}\n`);
  });

  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  let closing: Promise<void> | null = null;
  const atlasDb: AtlasDb = {
    db,
    dialect: 'postgres',
    poolStats: () => ({
      totalCount: pool.totalCount,
      idleCount: pool.idleCount,
      waitingCount: pool.waitingCount,
    }),
    close: () => (closing ??= db.destroy()),
  };
  if (database.schema !== null) {
    try {
      await sql`create schema if not exists ${sql.id(database.schema)}`.execute(db);
    } catch (error) {
      await atlasDb.close();
      throw error;
    }
  }
  return atlasDb;
}

/**
 * Wraps a Kysely instance built elsewhere (tests build one over an in-process PGlite) as an
 * AtlasDb and migrates it like createDb does, so no extra driver enters production code paths.
 * The caller must make the driver return the shapes schema.ts describes (createDb's pg type
 * parsers show how). close() destroys the Kysely instance.
 */
export async function wrapKysely(
  db: Kysely<Database>,
  dialect: Dialect,
  options: CreateDbOptions = {},
): Promise<AtlasDb> {
  let closing: Promise<void> | null = null;
  const atlasDb: AtlasDb = { db, dialect, close: () => (closing ??= db.destroy()) };
  if (options.migrate ?? true) {
    try {
      await migrateToLatest(atlasDb);
    } catch (error) {
      await atlasDb.close();
      throw error;
    }
  }
  return atlasDb;
}

/** Applies pending migrations; returns the names it ran (empty when already up to date). */
export async function migrateToLatest(atlasDb: AtlasDb): Promise<string[]> {
  const { db, dialect } = atlasDb;
  // Kysely looks for its bookkeeping tables in every schema unless told which one, so with two
  // ATLAS schemas in one PostgreSQL database (tests) it must be pinned to ours.
  const migrationTableSchema =
    dialect === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]
          ?.schema
      : undefined;
  const migrator = new Migrator({
    db,
    provider: migrationProvider(dialect),
    // 0004 was numbered after 0005 had run on some development databases; order is by name and
    // each migration is independent, so let a missing earlier one run.
    allowUnorderedMigrations: true,
    ...(migrationTableSchema === undefined ? {} : { migrationTableSchema }),
  });
  const { error, results = [] } = await migrator.migrateToLatest();
  const failed = results.find((result) => result.status === 'Error');
  if (error !== undefined) {
    const message = error instanceof Error ? error.message : JSON.stringify(error);
    throw new Error(`Database migration ${failed?.migrationName ?? '(setup)'} failed: ${message}`, {
      cause: error,
    });
  }
  return results.filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
