/**
 * The first run as a new user gets it: a fresh server with no network and no configuration
 * besides its port and database ingests the bundled starter set through the pipeline. The globe
 * is populated at once, every sample is marked as sample data, and near-duplicate stories from
 * two sample outlets show as one story with corroboration.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { expect, test } from '@playwright/test';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const dbFile = path.join(ROOT, 'var', 'e2e-firstrun.db');
let server: ChildProcess;
let baseUrl = '';

test.beforeAll(async () => {
  test.setTimeout(120_000);
  mkdirSync(path.dirname(dbFile), { recursive: true });
  for (const suffix of ['', '-wal', '-shm']) rmSync(dbFile + suffix, { force: true });
  server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env['PATH'] ?? '',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'warn',
      DATABASE_URL: `sqlite:${dbFile}`,
      // Defaults otherwise (starter set on); feeds off only because tests stay on loopback.
      ATLAS_INGEST: 'off',
    },
  });
  const output: string[] = [];
  baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no listening line:\n${output.join('\n')}`)),
      90_000,
    );
    const onLine = (line: string): void => {
      output.push(line);
      const match = /ATLAS listening on (http:\/\/\S+)/.exec(line);
      if (match?.[1] !== undefined) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    if (server.stdout === null || server.stderr === null) throw new Error('no pipes');
    createInterface({ input: server.stdout }).on('line', onLine);
    createInterface({ input: server.stderr }).on('line', onLine);
  });
});

test.afterAll(async () => {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
});

test('a fresh start shows the starter set on the globe, marked as sample, with corroboration', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // Populated before the first page: the starter set is stored before the server listens.
  const list = await request.get(`${baseUrl}/api/public/all-articles?limit=200`);
  const body = (await list.json()) as {
    articles: { isSample: boolean; corroboration?: { count: number } }[];
    pagination: { total: number };
  };
  expect(body.pagination.total).toBeGreaterThan(100);
  expect(body.articles.every((a) => a.isSample)).toBe(true);
  expect(body.articles.filter((a) => (a.corroboration?.count ?? 0) >= 2).length).toBeGreaterThan(0);

  await page.goto(`${baseUrl}/app`);
  await page.evaluate(() => window.atlas?.whenReady());
  await expect
    .poll(() => page.evaluate(() => window.atlas?.markers.count().articles ?? 0))
    .toBeGreaterThan(100);

  const register = await request.post(`${baseUrl}/api/auth/register`, {
    data: {
      email: `firstrun-${Date.now()}@example.org`,
      password: 'correct horse battery',
      name: 'First Run',
    },
  });
  const session = (await register.json()) as { token: string; user: unknown };
  await page.addInitScript(
    ([token, user]) => {
      localStorage.setItem('atlas_auth_token', token);
      localStorage.setItem('atlas_auth_user', user);
      localStorage.setItem('atlas_walkthrough_seen', 'true');
    },
    [session.token, JSON.stringify(session.user)] as const,
  );
  await page.goto(`${baseUrl}/feeds`);
  await expect(page.getByTestId('card-sample').first()).toBeVisible({ timeout: 20_000 });
  const sources = page.getByTestId('card-sources');
  await expect(sources.first()).toBeVisible();
  await expect(sources.first()).toHaveText(/^\d+ sources$/);

  // Open a grouped story: the dialog says it is sample data and lists the other outlet.
  await sources.first().click();
  await page.waitForURL(/\/app/);
  const dialog = page.getByTestId('article-dialog');
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  await expect(dialog.getByTestId('article-sample')).toHaveText('Sample data');
  await expect(dialog.getByTestId('corroboration').locator('li')).toHaveCount(1);
  await expect(dialog.getByText(/^Also reported by 1 other outlet$/)).toBeVisible();
});
