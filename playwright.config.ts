/**
 * Browser tests (tests/e2e) against the real production server and the built client in dist/,
 * in Debian's Chromium (never a downloaded browser: see scripts/ensure-chromium.mjs).
 *
 * Order of events: this file is evaluated by the runner (it resets the test database and rebuilds
 * dist/ when stale, because Playwright starts `webServer` BEFORE `globalSetup`), then the server
 * starts, then tests/e2e/globalSetup.ts (re-checks dist/ is fresh), then the specs.
 */
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { buildIfStale } from './scripts/lib/buildIfStale';
import { CHROMIUM_ARGS, VIEWPORT, chromiumExecutable } from './scripts/lib/chromium';

const ROOT = import.meta.dirname;
const PORT = Number(process.env['ATLAS_E2E_PORT'] ?? 3123);
const BASE_URL = `http://127.0.0.1:${PORT}`;
// Override when two runs share a checkout (each needs its own database).
const DB_FILE = process.env['ATLAS_E2E_DB'] ?? 'var/test-e2e.db';
/** Specs of the phone and tablet projects (issue #22). */
const RESPONSIVE_SPECS = ['**/mobile.spec.ts', '**/responsive.spec.ts'];

// Playwright also loads this file in every worker process; only the runner prepares.
if (process.env['TEST_WORKER_INDEX'] === undefined) {
  mkdirSync(path.join(ROOT, 'var'), { recursive: true });
  for (const suffix of ['', '-wal', '-shm', '-journal']) {
    rmSync(path.join(ROOT, DB_FILE + suffix), { force: true });
  }
  const { rebuilt, reason } = await buildIfStale(ROOT);
  if (!rebuilt) console.log(`[e2e] ${reason}`);
}

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  // Artifacts (screenshots, traces) go to test-results/e2e: Playwright empties its outputDir at
  // start, so it must not be test-results/ itself (that holds vitest.json from the same run).
  outputDir: 'test-results/e2e',
  globalSetup: './tests/e2e/globalSetup.ts',
  fullyParallel: false,
  workers: 1, // 2-core machines: the browser and SwiftShader need the other core
  // One retry in CI: 2 cores shared by Chromium, SwiftShader and the server make a timing miss
  // possible; a test that fails twice fails the run, and `npm test` reports retried ones as flaky.
  retries: process.env['CI'] !== undefined ? 1 : 0,
  forbidOnly: process.env['CI'] !== undefined,
  timeout: 60_000, // software WebGL is slow to compile shaders
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  use: {
    browserName: 'chromium',
    baseURL: BASE_URL,
    headless: true,
    viewport: VIEWPORT,
    launchOptions: {
      executablePath: chromiumExecutable(),
      args: [...CHROMIUM_ARGS],
    },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
  },
  // Phones and tablets (issue #22) run only the responsive specs: the phone globe screen, touch,
  // and every route's layout (CI time). Every other spec runs in the desktop project.
  projects: [
    { name: 'desktop', testIgnore: RESPONSIVE_SPECS },
    {
      name: 'phone',
      testMatch: RESPONSIVE_SPECS,
      use: {
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        deviceScaleFactor: 3,
      },
    },
    {
      name: 'tablet',
      testMatch: ['**/responsive.spec.ts'],
      use: { viewport: { width: 768, height: 1024 }, hasTouch: true },
    },
    {
      name: 'tablet-landscape',
      testMatch: ['**/responsive.spec.ts'],
      use: { viewport: { width: 1024, height: 768 }, hasTouch: true },
    },
  ],
  webServer: {
    command: 'node --import tsx server/main.ts',
    cwd: ROOT,
    url: `${BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${DB_FILE}`,
      ATLAS_SEED_SYNTHETIC: '500',
      // The globe tests use the synthetic set; nothing in a test leaves loopback.
      ATLAS_INGEST: 'off',
      ATLAS_STARTER: 'off',
      LOG_LEVEL: 'warn',
    },
  },
});
