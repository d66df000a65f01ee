/**
 * `npm run restore -- <backup-file>`: replaces the database DATABASE_URL names with a backup made
 * by `npm run backup`. Stop every ATLAS process using the database first; with SQLite the restore
 * refuses while the file is open elsewhere, and keeps the old database as `<file>.pre-restore`.
 * PostgreSQL: pg_restore --clean --single-transaction. Details: docs/operations.md.
 */
import { open } from 'node:fs/promises';
import path from 'node:path';
import { ConfigError, describeDatabase, loadConfig } from '../server/config';
import { BackupError, restorePostgres, restoreSqlite } from '../server/db/backup';

const args = process.argv.slice(2).filter((arg) => arg !== '--');
const input = args[0];
if (input === undefined || input.startsWith('-') || args.length > 1) {
  console.error('usage: npm run restore -- <backup-file>   (database from DATABASE_URL)');
  process.exit(2);
}
const backupFile = path.resolve(process.env['INIT_CWD'] ?? process.cwd(), input);

/** 'sqlite' | 'postgres' from the file's magic bytes, so a mix-up fails with a clear message. */
async function backupKind(file: string): Promise<'sqlite' | 'postgres' | 'unknown'> {
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(16), 0, 16, 0);
    const head = buffer.subarray(0, bytesRead).toString('latin1');
    if (head.startsWith('SQLite format 3')) return 'sqlite';
    if (head.startsWith('PGDMP')) return 'postgres';
    return 'unknown';
  } finally {
    await handle.close();
  }
}

try {
  const { database } = loadConfig();
  const kind = await backupKind(backupFile);
  console.log(`[restore] ${backupFile} (${kind}) -> ${describeDatabase(database)}`);
  if (kind !== database.kind) {
    throw new BackupError(
      kind === 'unknown'
        ? `${backupFile} is neither a SQLite database nor a pg_dump custom-format archive`
        : `${backupFile} is a ${kind} backup but DATABASE_URL names a ${database.kind} database`,
    );
  }
  if (database.kind === 'sqlite') {
    if (database.file === ':memory:') throw new BackupError('cannot restore into :memory:');
    const report = await restoreSqlite(backupFile, database.file);
    const rows = Object.entries(report.rows)
      .map(([table, n]) => `${table}=${n}`)
      .join(' ');
    console.log(
      `[restore] ok: rows ${rows}` +
        (report.previous === null ? '' : `; previous database kept as ${report.previous}`),
    );
  } else {
    await restorePostgres(database, backupFile);
    console.log('[restore] ok');
  }
} catch (error) {
  if (error instanceof ConfigError || error instanceof BackupError) {
    console.error(`[restore] FAILED: ${error.message}`);
    process.exit(1);
  }
  throw error;
}
