/**
 * Backups and restores for both dialects (RELIABILITY.md R16), used by scripts/backup.ts and
 * scripts/restore.ts.
 *
 * SQLite: an online backup through SQLite's backup API on a separate connection while the server
 * keeps running. All pages are copied in ONE backup step, which holds a read transaction for its
 * duration: the copy is a consistent snapshot of the last commit before the step (WAL lets the
 * server keep writing meanwhile), and a write elsewhere cannot make the step restart. The copy is
 * written to a temp file, switched to a self-contained rollback journal, checked with
 * `PRAGMA integrity_check`, and only then renamed to the requested name.
 *
 * Restore refuses while any other connection has the database open (a running server): it takes
 * SQLite's exclusive lock with a zero busy timeout, and the server's open WAL connection makes
 * that fail. It then checkpoints and closes the old database cleanly (so no stale -wal file can be
 * replayed onto the restored one), keeps the old file as `<db>.pre-restore`, and renames a
 * verified copy of the backup over the database file.
 *
 * PostgreSQL: pg_dump / pg_restore (custom format) from PATH; their major version must be at least
 * the server's. Restore uses --clean --if-exists --single-transaction, so it either replaces the
 * backed-up objects completely or changes nothing.
 */
import { execFile } from 'node:child_process';
import { copyFile, mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import SqliteDatabase from 'better-sqlite3';
import type { DatabaseConfig } from '../config';
import { migrationsFor } from './migrations';

const run = promisify(execFile);

/** Tables every ATLAS database has (migration 0001+); counted in backup reports. */
const COUNTED_TABLES = ['articles', 'users', 'feeds', 'jobs', 'article_events'] as const;
/** pg_dump/pg_restore output can be long (verbose lists); the default 1 MiB is too small. */
const TOOL_MAX_BUFFER = 64 * 1024 * 1024;

export class BackupError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'BackupError';
  }
}

export interface BackupReport {
  dialect: 'sqlite' | 'postgres';
  file: string;
  bytes: number;
  ms: number;
  /** Row counts in the backup (SQLite: counted in the copy itself, so they are the snapshot's). */
  rows?: Record<string, number>;
  /** Migrations recorded in the backup. */
  migrations: string[];
}

export interface VerifyReport {
  migrations: string[];
  rows: Record<string, number>;
}

/** Temp names live beside the target so the final rename never crosses file systems. */
function tempBeside(file: string, label: string): string {
  return path.join(
    path.dirname(file),
    `.${path.basename(file)}.${label}-${process.pid}-${Date.now().toString(36)}`,
  );
}

async function removeSqliteFiles(file: string): Promise<void> {
  for (const suffix of ['', '-wal', '-shm', '-journal']) await rm(file + suffix, { force: true });
}

/**
 * Opens a SQLite file read-only and checks it is a healthy ATLAS database whose migrations this
 * server knows (a backup from a newer version must not be restored under older code).
 */
export function verifySqliteFile(file: string): VerifyReport {
  let sqlite: SqliteDatabase.Database;
  try {
    sqlite = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new BackupError(`cannot open ${file} as SQLite: ${errorText(error)}`, { cause: error });
  }
  try {
    let problems: string[];
    try {
      problems = sqlite
        .prepare('pragma integrity_check')
        .pluck()
        .all()
        .map((value) => String(value));
    } catch (error) {
      throw new BackupError(`${file} is not a readable SQLite database: ${errorText(error)}`, {
        cause: error,
      });
    }
    if (problems.length !== 1 || problems[0] !== 'ok') {
      throw new BackupError(
        `${file} failed PRAGMA integrity_check: ${problems.slice(0, 5).join('; ')}`,
      );
    }
    const hasMigrations = sqlite
      .prepare("select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'")
      .get();
    if (hasMigrations === undefined) {
      throw new BackupError(`${file} is not an ATLAS database (no kysely_migration table)`);
    }
    const migrations = sqlite
      .prepare('select name from kysely_migration order by name')
      .pluck()
      .all()
      .map((value) => String(value));
    checkKnownMigrations(migrations, file);
    const rows: Record<string, number> = {};
    for (const table of COUNTED_TABLES) {
      const exists = sqlite
        .prepare("select 1 from sqlite_master where type = 'table' and name = ?")
        .get(table);
      if (exists !== undefined) {
        rows[table] = Number(sqlite.prepare(`select count(*) from "${table}"`).pluck().get());
      }
    }
    return { migrations, rows };
  } finally {
    sqlite.close();
  }
}

function checkKnownMigrations(migrations: readonly string[], file: string): void {
  const known = new Set(Object.keys(migrationsFor('sqlite')));
  const unknown = migrations.filter((name) => !known.has(name));
  if (unknown.length > 0) {
    throw new BackupError(
      `${file} was written by a newer ATLAS (unknown migrations: ${unknown.join(', ')}); ` +
        'restore it with that version or newer',
    );
  }
}

/** Online, consistent backup of a SQLite database file into `outFile` (replaced if present). */
export async function backupSqlite(sourceFile: string, outFile: string): Promise<BackupReport> {
  const started = performance.now();
  const source = new SqliteDatabase(sourceFile, { fileMustExist: true });
  // The documented example writes into backups/: a missing folder is created, not an error.
  await mkdir(path.dirname(outFile), { recursive: true });
  const temp = tempBeside(outFile, 'backup');
  try {
    // Another connection may hold the write lock for a moment (a batch insert): wait like the
    // server does rather than fail.
    source.pragma('busy_timeout = 5000');
    // The first step only sizes the job; the progress callback then asks for every page at once.
    await source.backup(temp, { progress: () => 0x7fffffff });
  } catch (error) {
    await removeSqliteFiles(temp);
    throw new BackupError(`backup of ${sourceFile} failed: ${errorText(error)}`, { cause: error });
  } finally {
    source.close();
  }
  try {
    // The copy carries the source's WAL flag; a backup should be one self-contained file.
    const copy = new SqliteDatabase(temp, { fileMustExist: true });
    try {
      copy.pragma('journal_mode = DELETE');
    } finally {
      copy.close();
    }
    const verified = verifySqliteFile(temp);
    await rename(temp, outFile);
    const { size } = await stat(outFile);
    return {
      dialect: 'sqlite',
      file: outFile,
      bytes: size,
      ms: Math.round(performance.now() - started),
      rows: verified.rows,
      migrations: verified.migrations,
    };
  } catch (error) {
    await removeSqliteFiles(temp);
    throw error;
  }
}

/**
 * Replaces the SQLite database at `targetFile` with the backup `backupFile`. Refuses while the
 * database is open elsewhere (stop the server first). The previous database, if any, is kept as
 * `<targetFile>.pre-restore`.
 */
export async function restoreSqlite(
  backupFile: string,
  targetFile: string,
): Promise<VerifyReport & { previous: string | null }> {
  const verified = verifySqliteFile(backupFile);
  const temp = tempBeside(targetFile, 'restore');
  await copyFile(backupFile, temp);
  try {
    // The copy must verify too: the backup could have changed or been truncated meanwhile.
    verifySqliteFile(temp);
    let previous: string | null = null;
    if (await exists(targetFile)) {
      closeIdleSqlite(targetFile);
      previous = `${targetFile}.pre-restore`;
      await copyFile(targetFile, previous);
    }
    // rename() replaces the file atomically: a crash leaves either the old or the new database.
    await rename(temp, targetFile);
    for (const suffix of ['-wal', '-shm', '-journal'])
      await rm(targetFile + suffix, { force: true });
    return { ...verified, previous };
  } catch (error) {
    await removeSqliteFiles(temp);
    throw error;
  }
}

/**
 * Takes the exclusive lock on `file` (failing at once if any connection has it open), folds its
 * WAL into the main file, and closes it in rollback-journal mode so no -wal/-shm remain.
 */
function closeIdleSqlite(file: string): void {
  const sqlite = new SqliteDatabase(file, { fileMustExist: true });
  try {
    sqlite.pragma('busy_timeout = 0');
    // In WAL mode, EXCLUSIVE locking mode needs the shared-memory index to itself: any other open
    // connection (a running server) makes the next statement fail with SQLITE_BUSY.
    sqlite.pragma('locking_mode = EXCLUSIVE');
    try {
      sqlite.exec('BEGIN EXCLUSIVE; COMMIT;');
    } catch (error) {
      throw new BackupError(
        `${file} is in use (is the server running?): stop every ATLAS process using it, then ` +
          `restore again (${errorText(error)})`,
        { cause: error },
      );
    }
    sqlite.pragma('wal_checkpoint(TRUNCATE)');
    sqlite.pragma('journal_mode = DELETE');
  } finally {
    sqlite.close();
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}

type PostgresConfig = Extract<DatabaseConfig, { kind: 'postgres' }>;

/** Whether pg_dump and pg_restore run; returns their version line or a reason they do not. */
export async function postgresToolsAvailable(): Promise<{ version: string } | { missing: string }> {
  try {
    const dump = await run('pg_dump', ['--version']);
    await run('pg_restore', ['--version']);
    return { version: dump.stdout.trim() };
  } catch (error) {
    return { missing: `pg_dump/pg_restore not runnable from PATH: ${errorText(error)}` };
  }
}

/** libpq reads the password etc. from the URL; our own `schema` parameter was already removed. */
function pgArgs(database: PostgresConfig): string[] {
  return [
    `--dbname=${database.url}`,
    ...(database.schema === null ? [] : [`--schema=${database.schema}`]),
  ];
}

/**
 * pg_dump in custom format (compressed, restorable table by table) of the configured schema (or
 * the whole database when DATABASE_URL names none). pg_dump reads one consistent snapshot.
 */
export async function backupPostgres(
  database: PostgresConfig,
  outFile: string,
): Promise<BackupReport> {
  const started = performance.now();
  await mkdir(path.dirname(outFile), { recursive: true });
  const temp = tempBeside(outFile, 'backup');
  try {
    await run(
      'pg_dump',
      ['--format=custom', '--no-owner', '--no-privileges', `--file=${temp}`, ...pgArgs(database)],
      { maxBuffer: TOOL_MAX_BUFFER },
    );
    const migrations = await verifyPostgresDump(temp);
    await rename(temp, outFile);
    const { size } = await stat(outFile);
    return {
      dialect: 'postgres',
      file: outFile,
      bytes: size,
      ms: Math.round(performance.now() - started),
      migrations,
    };
  } catch (error) {
    await rm(temp, { force: true });
    throw error instanceof BackupError
      ? error
      : new BackupError(`pg_dump failed: ${toolError(error)}`, { cause: error });
  }
}

/**
 * Checks a custom-format dump: pg_restore can read its table of contents and it holds the data of
 * ATLAS's migration table. Returns nothing more precise than "present" for migrations, since the
 * rows themselves are compressed inside the dump: returns [] or ['kysely_migration'].
 */
export async function verifyPostgresDump(file: string): Promise<string[]> {
  let list: string;
  try {
    list = (await run('pg_restore', ['--list', file], { maxBuffer: TOOL_MAX_BUFFER })).stdout;
  } catch (error) {
    throw new BackupError(`${file} is not a readable pg_dump archive: ${toolError(error)}`, {
      cause: error,
    });
  }
  if (!/\bTABLE DATA \S+ kysely_migration\b/.test(list)) {
    throw new BackupError(`${file} is not an ATLAS backup (no kysely_migration data)`);
  }
  return ['kysely_migration'];
}

/**
 * pg_restore into the configured database: drops and recreates the dumped objects in one
 * transaction. Stop the API and worker processes first: their open transactions would block the
 * drops, and they would see a half-restored database between statements otherwise.
 */
export async function restorePostgres(database: PostgresConfig, file: string): Promise<void> {
  await verifyPostgresDump(file);
  try {
    await run(
      'pg_restore',
      [
        '--clean',
        '--if-exists',
        '--no-owner',
        '--no-privileges',
        '--single-transaction',
        '--exit-on-error',
        `--dbname=${database.url}`,
        file,
      ],
      { maxBuffer: TOOL_MAX_BUFFER },
    );
  } catch (error) {
    throw new BackupError(`pg_restore failed: ${toolError(error)}`, { cause: error });
  }
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** execFile errors carry the tool's stderr, which says what actually went wrong. */
function toolError(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'stderr' in error) {
    const stderr = String(error.stderr).trim();
    if (stderr !== '') return stderr.split('\n').slice(0, 5).join(' | ');
  }
  return errorText(error);
}
