/**
 * Playwright global setup: make sure dist/ is built and fresh (same rule as `npm start`, see
 * scripts/lib/buildIfStale.ts). playwright.config.ts already did this before the web server
 * started, so this is normally a quick no-op; it is the guarantee the specs rely on.
 */
import path from 'node:path';
import { buildIfStale } from '../../scripts/lib/buildIfStale';

export default async function globalSetup(): Promise<void> {
  const root = path.resolve(import.meta.dirname, '..', '..');
  const { rebuilt, reason } = await buildIfStale(root);
  if (rebuilt) console.log(`[e2e] rebuilt dist/ (${reason})`);
}
