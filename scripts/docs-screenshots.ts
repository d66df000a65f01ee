/**
 * Regenerates the application screenshots in docs/screenshots/ the way a first-time user sees
 * the product: a fresh server with the bundled starter set (fictional sample articles, run
 * through the real pipeline and analysers), a signed-in user, the globe, search, the article
 * dialog, the feed page and the sign-in page.
 *   npx tsx scripts/docs-screenshots.ts [--port=3399]
 */
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, VIEWPORT, chromiumExecutable } from './lib/chromium';

const ROOT = path.resolve(import.meta.dirname, '..');
const OUT = path.join(ROOT, 'docs', 'screenshots');
const port = Number(
  process.argv.find((a) => a.startsWith('--port='))?.slice('--port='.length) ?? 3399,
);
const dbFile = path.join(ROOT, 'var', 'docs-screenshots.db');
for (const suffix of ['', '-wal', '-shm']) rmSync(dbFile + suffix, { force: true });
mkdirSync(OUT, { recursive: true });

const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  cwd: ROOT,
  stdio: ['ignore', 'pipe', 'inherit'],
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DATABASE_URL: `sqlite:${dbFile}`,
    ATLAS_INGEST: 'off',
    ATLAS_STARTER: 'on',
    ATLAS_SEED_SYNTHETIC: '0',
  },
});
const base = `http://127.0.0.1:${port}`;
await new Promise<void>((resolve, reject) => {
  const timer = setTimeout(() => reject(new Error('server did not start in 90 s')), 90_000);
  createInterface({ input: server.stdout }).on('line', (line) => {
    if (line.startsWith('ATLAS listening on')) {
      clearTimeout(timer);
      resolve();
    }
  });
});

async function settle(page: Page, ms = 2500): Promise<void> {
  await page.waitForTimeout(ms);
}

try {
  // Let the analysis jobs of the starter set finish (~120 articles, well under a second each).
  await new Promise((resolve) => setTimeout(resolve, 8_000));
  const register = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `analyst-${Date.now()}@example.org`,
      password: 'correct horse battery',
      name: 'Ada Analyst',
    }),
  });
  const session = (await register.json()) as { token: string; user: unknown };

  const browser = await chromium.launch({
    executablePath: chromiumExecutable(),
    args: [...CHROMIUM_ARGS],
  });
  const context = await browser.newContext({ viewport: VIEWPORT });
  const page = await context.newPage();

  await page.goto(`${base}/login`);
  await settle(page, 1500);
  await page.screenshot({ path: path.join(OUT, 'login.png') });

  await page.addInitScript(
    ([token, user]) => {
      localStorage.setItem('atlas_auth_token', token);
      localStorage.setItem('atlas_auth_user', user);
      localStorage.setItem('atlas_walkthrough_seen', 'true');
    },
    [session.token, JSON.stringify(session.user)] as const,
  );
  await page.goto(`${base}/app`);
  await page.evaluate(() => window.atlas?.whenReady());
  await page.evaluate(() => window.atlas?.camera.set({ lat: 25, lon: 15, distance: 520 }));
  await settle(page, 3000);
  await page.screenshot({ path: path.join(OUT, 'app-shell.png') });

  await page.keyboard.press('Control+k');
  await page.getByTestId('search-input').fill('flood');
  await settle(page, 1200);
  await page.screenshot({ path: path.join(OUT, 'search.png') });

  await page.getByTestId('search-result').first().click();
  await settle(page, 3000);
  await page.screenshot({ path: path.join(OUT, 'article-dialog.png') });
  await page.getByRole('tab', { name: 'AI Analysis' }).click();
  await settle(page, 800);
  await page.screenshot({ path: path.join(OUT, 'article-dialog-analysis.png') });
  await page.keyboard.press('Escape');

  await page.goto(`${base}/feeds`);
  await settle(page, 3000);
  await page.screenshot({ path: path.join(OUT, 'feeds.png') });

  await browser.close();
  console.log(`screenshots written to ${OUT}`);
} finally {
  server.kill('SIGTERM');
}
