/**
 * `npm run backup -- <out-file>`: online backup of the database DATABASE_URL names (default
 * var/atlas.db), safe while the server runs. SQLite: a consistent snapshot through SQLite's backup
 * API, integrity-checked before it gets its final name. PostgreSQL: pg_dump custom format (needs
 * pg_dump on PATH, major version >= the server's). Details: server/db/backup.ts, docs/operations.md.
 */
import path from 'node:path';
import { ConfigError, describeDatabase, loadConfig } from '../server/config';
import { BackupError, backupPostgres, backupSqlite } from '../server/db/backup';

const args = process.argv.slice(2).filter((arg) => arg !== '--');
const out = args[0];
if (out === undefined || out.startsWith('-') || args.length > 1) {
  console.error('usage: npm run backup -- <out-file>   (database from DATABASE_URL)');
  process.exit(2);
}
// npm runs scripts from the package root; a relative path means the caller's directory.
const outFile = path.resolve(process.env['INIT_CWD'] ?? process.cwd(), out);

try {
  const config = loadConfig();
  const { database } = config;
  console.log(`[backup] ${describeDatabase(database)} -> ${outFile}`);
  if (database.kind === 'sqlite' && database.file === ':memory:') {
    throw new BackupError('an in-memory database cannot be backed up');
  }
  const report =
    database.kind === 'sqlite'
      ? await backupSqlite(database.file, outFile)
      : await backupPostgres(database, outFile);
  const rows =
    report.rows === undefined
      ? ''
      : ` rows ${Object.entries(report.rows)
          .map(([table, n]) => `${table}=${n}`)
          .join(' ')}`;
  console.log(
    `[backup] ok: ${report.bytes} bytes in ${report.ms} ms, migrations ${report.migrations.join(',')}${rows}`,
  );
} catch (error) {
  if (error instanceof ConfigError || error instanceof BackupError) {
    console.error(`[backup] FAILED: ${error.message}`);
    process.exit(1);
  }
  throw error;
}
