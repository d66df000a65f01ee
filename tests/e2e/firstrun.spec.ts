/**
 * The first run as a new user gets it: a fresh server with no network and no configuration
 * besides its port and database ingests the bundled starter set through the pipeline. The globe
 * is populated at once, every sample is marked as sample data, and near-duplicate stories from
 * two sample outlets show as one story with corroboration.
 */
import { expect, test } from '@playwright/test';
import { spawnServer, type SpawnedServer } from './spawnServer';

let server: SpawnedServer;
let baseUrl = '';

test.beforeAll(async () => {
  test.setTimeout(120_000);
  // Defaults otherwise (starter set on); feeds off only because tests stay on loopback.
  server = await spawnServer('e2e-firstrun.db', { ATLAS_INGEST: 'off' });
  baseUrl = server.url;
});

test.afterAll(async () => {
  await server.stop();
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
