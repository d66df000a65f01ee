/**
 * `npm start`: production mode in one process. Builds the client when dist/ is missing or older
 * than its sources (rule in scripts/lib/buildIfStale.ts, which prints why it rebuilds), then runs
 * the server (server/main.ts) in this process, so signals reach it directly.
 */
import path from 'node:path';
import { buildIfStale } from './lib/buildIfStale';

const root = path.resolve(import.meta.dirname, '..');
// dist/, public/ and var/ are resolved against the working directory; make it the repo root so
// `tsx scripts/start.ts` from elsewhere behaves like `npm start`.
process.chdir(root);

try {
  const { rebuilt, reason } = await buildIfStale(root);
  if (!rebuilt) console.log(`[start] ${reason}`);
} catch (error) {
  console.error(
    `[start] the client build failed, not starting: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
}

const { main } = await import('../server/main');
await main();
