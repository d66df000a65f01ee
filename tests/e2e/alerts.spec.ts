/**
 * Server-side alerts in the browser (issue #24 item 5): user A saves a topic on /account; user B
 * posts an article about it (POST /api/articles: the same transaction and `article:new` event as
 * ingestion); A's open /account page gets the socket `notification` (a toast) and lists the
 * alert, unread, with a 'View on globe' link to /app with the article selected; after a reload
 * the list comes from the server; 'Mark read' marks it read there too. Screenshots of the list at
 * phone, tablet and desktop sizes go to docs/screenshots/ (nothing covers the row at any size).
 * Then a box drawn from the globe (Share View -> Watch this area) raises a region alert.
 */
import { expect, test, type Page } from '@playwright/test';
import { waitForFrames } from './helpers';

const PASSWORD = 'globe-trotter-42';
const SHOTS = 'docs/screenshots';

async function signIn(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).not.toHaveURL(/\/login$/);
}

test('/account lists a live server alert for the user whose topic matches', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const stamp = Date.now();
  const emailA = `alerts-a-${stamp}@example.org`;
  for (const email of [emailA, `alerts-b-${stamp}@example.org`]) {
    const res = await request.post('/api/auth/register', {
      data: { email, password: PASSWORD, name: 'Alert Tester' },
    });
    expect(res.status()).toBe(201);
  }
  const login = await request.post('/api/auth/login', {
    data: { email: `alerts-b-${stamp}@example.org`, password: PASSWORD },
  });
  const tokenB = ((await login.json()) as { token: string }).token;

  await signIn(page, emailA);
  await page.goto('/account');
  const topics = page.getByTestId('saved-topics');
  await expect(topics).toBeVisible({ timeout: 30_000 });
  await topics.getByRole('textbox').fill('quokka');
  await topics.getByRole('textbox').press('Enter');
  await expect(page.getByTestId('sync-status')).toHaveText('Synced with your account.');
  const panel = page.getByTestId('alerts');
  await expect(panel).toHaveAttribute('data-source', 'account');
  await expect(panel).toContainText('appear here');

  const created = await request.post('/api/articles', {
    headers: { authorization: `Bearer ${tokenB}` },
    data: {
      title: `Quokka census on Rottnest Island finds record numbers ${stamp}`,
      url: `https://example.org/quokka-${stamp}`,
      description: 'Rangers counted the animals over three days.',
      latitude: -32.0,
      longitude: 115.5,
      country: 'Australia',
    },
  });
  expect(created.status()).toBe(201);
  const articleId = (await created.json()) as { id?: string; article?: { id: string } };
  const id = articleId.article?.id ?? articleId.id ?? '';

  // Live: the toast and the list entry, unread.
  await expect(page.getByText(/Alert \(quokka\): Quokka census/)).toBeVisible({ timeout: 30_000 });
  const item = panel.getByTestId('alert-item');
  await expect(item).toHaveCount(1);
  await expect(item).toHaveAttribute('data-read', 'false');
  await expect(panel).toContainText('Alerts (1 unread)');
  const link = item.getByRole('link', { name: 'View on globe' });
  await expect(link).toHaveAttribute(
    'href',
    new RegExp(`^/app\\?lat=-32\\.0000&lon=115\\.5000.*article=${id}`),
  );

  // From the server after a reload; Mark read is kept there.
  await page.reload();
  // (A page load boots the globe again: slow on a busy machine.)
  await expect(panel.getByTestId('alert-item')).toHaveCount(1, { timeout: 30_000 });
  await expect(panel).toContainText('Topic “quokka”');
  for (const [name, size] of [
    ['desktop', { width: 1280, height: 800 }],
    ['tablet', { width: 768, height: 1024 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(size);
    await panel.scrollIntoViewIfNeeded();
    await panel.screenshot({ path: `${SHOTS}/account-alerts-${name}.png` });
    // Nothing of the page's chrome (bars, a settings button) lies over the alert row.
    const covered = await panel.getByTestId('alert-item').evaluate((row) => {
      const r = row.getBoundingClientRect();
      const out: string[] = [];
      for (const [x, y] of [
        [r.right - 4, r.top + 4],
        [r.right - 4, r.top + r.height / 2],
        [r.right - 4, r.bottom - 4],
        [r.left + 4, r.bottom - 4],
      ] as const) {
        const hit = document.elementFromPoint(x, y);
        if (hit !== null && !row.contains(hit))
          out.push(`${hit.outerHTML.slice(0, 80)} at ${x},${y}`);
      }
      return out;
    });
    expect(covered, name).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      size.width,
    );
  }
  await panel.getByRole('button', { name: 'Mark read' }).click();
  await expect(panel.getByTestId('alert-item')).toHaveAttribute('data-read', 'true');
  await expect
    .poll(async () => {
      const res = await page.request.get('/api/alerts', {
        headers: {
          authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('atlas_auth_token') ?? '')}`,
        },
      });
      return ((await res.json()) as { unread?: number }).unread;
    })
    .toBe(0);

  // A box drawn from the globe: A frames Bavaria and watches it (Share View); B's article from
  // Munich (no saved topic in it) raises a region alert for A.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/app');
  await page.waitForFunction(() => window.atlas !== undefined);
  await page.evaluate(() => window.atlas?.whenReady());
  await page.evaluate(() => window.atlas?.camera.set({ lat: 48.1, lon: 11.6, distance: 300 }));
  await waitForFrames(page);
  await page.getByRole('button', { name: 'Share View' }).click();
  await page.getByTestId('share-watch-area').click();
  await page
    .getByTestId('share-watch')
    .getByRole('link', { name: 'Account & Preferences' })
    .click();
  await expect(page.getByTestId('sync-status')).toHaveText('Synced with your account.');
  const munich = await request.post('/api/articles', {
    headers: { authorization: `Bearer ${tokenB}` },
    data: {
      title: `City council approves the new tram line ${stamp}`,
      url: `https://example.org/tram-${stamp}`,
      description: 'The line opens in three years.',
      latitude: 48.137,
      longitude: 11.575,
      country: 'Germany',
    },
  });
  expect(munich.status()).toBe(201);
  const regionAlert = panel.getByTestId('alert-item').filter({ hasText: 'tram line' });
  await expect(regionAlert).toHaveCount(1, { timeout: 30_000 });
  await expect(regionAlert).toContainText(/Region “Area \d+\.\d° N to \d+\.\d° N/);
  await expect(regionAlert).toHaveAttribute('data-read', 'false');
});
