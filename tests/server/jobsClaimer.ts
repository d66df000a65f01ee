/**
 * Child process for tests/server/jobs.test.ts: one claimer on a SQLite file. Prints "ready" once
 * the database is open, waits for a line on stdin (so two claimers start racing at the same
 * moment), then claims and completes jobs until none is left and prints the claimed ids as JSON.
 *
 *   node --import tsx tests/server/jobsClaimer.ts <sqlite-file> <kind>
 */
import { createInterface } from 'node:readline';
import { createDb } from '../../server/db/createDb';
import { JobQueue } from '../../server/jobs/queue';

const [file, kind] = process.argv.slice(2);
if (file === undefined || kind === undefined) {
  process.stderr.write('usage: jobsClaimer.ts <sqlite-file> <kind>\n');
  process.exit(2);
}
const atlasDb = await createDb({ database: { kind: 'sqlite', file } }, { migrate: false });
const queue = new JobQueue(atlasDb.db, atlasDb.dialect);
process.stdout.write('ready\n');
await new Promise<void>((resolve) => {
  createInterface({ input: process.stdin }).once('line', () => resolve());
});
const claimed: number[] = [];
for (;;) {
  const job = await queue.claim([kind]);
  if (job === null) break;
  claimed.push(job.id);
  if (!(await queue.complete(job))) throw new Error(`lost the lease of job ${job.id}`);
}
await atlasDb.close();
process.stdout.write(`${JSON.stringify(claimed)}\n`);
process.exit(0);
