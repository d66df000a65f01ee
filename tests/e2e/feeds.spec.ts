/**
 * The Live Intelligence Feed (/feeds) against the real server and database: filters (search,
 * time range, sentiment), the empty state, a live article arriving over the socket without a
 * reload, and a card click flying the globe to the story on /app; under failure (issue #32) the
 * list failing with Retry, offline and back, the socket reconnecting.
 */
import { expect, test } from '@playwright/test';
import { createArticle, registerUser, signIn, uniqueWord, type Session } from './articleSession';

const HOUR = 3_600_000;

test.describe('live intelligence feed', () => {
  let session: Session;
  const tag = uniqueWord('feedtest');
  const titles = {
    fresh: `${tag} harbour reopens after repairs`,
    gloomy: `${tag} floods force evacuations`,
    old: `${tag} archive story from three days ago`,
  };

  test.beforeAll(async ({ request }) => {
    session = await registerUser(request, 'feeds');
    const now = Date.now();
    const base = { source: 'Feed Test Wire', category: 'environment', country: 'Chile' };
    await createArticle(request, session, {
      ...base,
      title: titles.fresh,
      url: `https://news.example.org/${tag}/fresh`,
      description: 'The harbour is open again.',
      publishedAt: new Date(now - 1 * HOUR).toISOString(),
      latitude: -27.11,
      longitude: -109.35,
      locationName: 'Easter Island',
      sentiment: 'positive',
    });
    await createArticle(request, session, {
      ...base,
      title: titles.gloomy,
      url: `https://news.example.org/${tag}/gloomy`,
      description: 'Rivers burst their banks.',
      publishedAt: new Date(now - 2 * HOUR).toISOString(),
      latitude: -37.11,
      longitude: -12.28,
      locationName: 'Tristan da Cunha',
      sentiment: 'negative',
    });
    await createArticle(request, session, {
      ...base,
      title: titles.old,
      url: `https://news.example.org/${tag}/old`,
      description: 'Older news.',
      publishedAt: new Date(now - 72 * HOUR).toISOString(),
      latitude: -54.42,
      longitude: 3.35,
      locationName: 'Bouvet Island',
      sentiment: 'neutral',
    });
  });

  test('filters by search, time range and sentiment; shows the empty state', async ({ page }) => {
    await signIn(page, session);
    await page.goto('/feeds');
    await expect(page.getByRole('heading', { name: 'Live Intelligence Feed' })).toBeVisible();
    await expect(page.getByTestId('live-indicator')).toHaveText('Live', { timeout: 15_000 });
    const cards = page.getByTestId('feed-card');
    await expect(cards.first()).toBeVisible();
    await expect(page.getByTestId('feed-count')).toHaveText(/^\d+ articles?$/);

    await page.getByTestId('feed-search').fill(tag);
    // Default window 24 h: the 3-day-old story is out.
    await expect(cards).toHaveCount(2);
    await expect(page.getByTestId('feed-count')).toHaveText('2 articles');
    await expect(page.getByText(titles.old)).toHaveCount(0);
    // Newest first at equal (unscored) engagement.
    await expect(cards.nth(0)).toContainText(titles.fresh);
    await expect(cards.nth(1)).toContainText(titles.gloomy);
    // Card contents: sentiment, the three percentages, place, time ago.
    await expect(cards.nth(0)).toContainText('Engagement');
    await expect(cards.nth(0)).toContainText(/Trust\s*50%/);
    await expect(cards.nth(0)).toContainText('Easter Island');
    await expect(cards.nth(0)).toContainText('1h ago');
    await expect(cards.nth(0).getByTestId('card-sentiment')).toHaveText('positive');

    await page.getByRole('button', { name: '7d', exact: true }).click();
    await expect(cards).toHaveCount(3);
    await expect(page.getByTestId('feed-hours-label')).toHaveText('Last 7d');
    await page.getByRole('button', { name: '1H', exact: true }).click();
    // 1 hour: the 1-hour-old story is at the edge; the 2-hour-old one is out.
    await expect(page.getByText(titles.gloomy)).toHaveCount(0);
    // The slider (6..720 h, step 6): 97 snaps to 96 h.
    await page.getByTestId('feed-hours').fill('97');
    await expect(page.getByTestId('feed-hours-label')).toHaveText('Last 4d');
    await expect(cards).toHaveCount(3);

    await page.getByRole('button', { name: 'Advanced' }).click();
    await page.getByTestId('feed-sentiment').selectOption('negative');
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText(titles.gloomy);
    await page.getByTestId('feed-search').fill('');
    // Every remaining card, seeded ones included, is negative.
    const labels = await page.getByTestId('card-sentiment').allTextContents();
    expect(labels.length).toBeGreaterThan(1);
    expect(new Set(labels)).toEqual(new Set(['negative']));

    await page.getByTestId('feed-search').fill(uniqueWord('nomatch'));
    await expect(page.getByTestId('feed-empty')).toContainText('No articles found');
    await expect(page.getByTestId('feed-empty')).toContainText(
      'Try adjusting your filters or search query',
    );
  });

  test('a new article appears live, and a card click flies to it on /app', async ({
    page,
    request,
  }) => {
    await signIn(page, session);
    await page.goto('/feeds');
    await expect(page.getByTestId('live-indicator')).toHaveText('Live', { timeout: 15_000 });
    await expect(page.getByTestId('feed-card').first()).toBeVisible();
    const liveTitle = `${uniqueWord('livewire')} volcano alert raised`;
    // Let the subscription settle, then publish while the page is open.
    await page.waitForTimeout(500);
    await createArticle(request, session, {
      title: liveTitle,
      url: `https://news.example.org/${uniqueWord('live')}`,
      description: 'Authorities raised the alert level.',
      source: 'Feed Test Wire',
      publishedAt: new Date().toISOString(),
      latitude: -53.1,
      longitude: 73.5,
      locationName: 'Heard Island',
      category: 'environment',
      sentiment: 'negative',
    });
    // No reload: the 120 s poll cannot be the source within this timeout; the socket is.
    const card = page.getByTestId('feed-card').filter({ hasText: liveTitle });
    await expect(card).toBeVisible({ timeout: 10_000 });
    await expect(card).toHaveClass(/feed-card--fresh/);
    await page.screenshot({ path: test.info().outputPath('feeds.png') });

    await card.click();
    await expect(page).toHaveURL(/\/app$/);
    await page.evaluate(() => window.atlas?.whenReady());
    // Spec: the selected location flies to distance 200 + zoom (300) over 2 s.
    await expect
      .poll(
        async () => {
          const c = await page.evaluate(() => window.atlas?.camera.get());
          return c === undefined ? 999 : Math.abs(c.lat + 53.1) + Math.abs(c.lon - 73.5);
        },
        { timeout: 10_000 },
      )
      .toBeLessThan(1);
    await expect(page.getByTestId('article-title')).toHaveText(liveTitle);
  });

  /**
   * /feeds on one page load, signed in: the list failing (retried, then said with Retry), Retry
   * recovering it; offline (the page and the live indicator say so) and back online: the socket
   * reconnects (Live again) and an article published after the reconnect arrives live.
   */
  test('failed with Retry, offline and back, the socket reconnects and a live article arrives', async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1280, height: 800 });
    let failing = true;
    await page.route('**/api/public/all-articles?**', async (route) => {
      if (new URL(route.request().url()).searchParams.get('limit') !== '200') {
        await route.continue();
        return;
      }
      if (failing) await route.fulfill({ status: 503, json: { message: 'down' } });
      else await route.continue();
    });
    // The globe's v4 fallback would fill the shared store; here it fails too.
    await page.route('**/api/v4/articles/public?**', (route) =>
      route.fulfill({ status: 503, json: { message: 'down' } }),
    );
    await signIn(page, session);
    await page.goto('/feeds');
    const state = page.getByTestId('feed-state');
    const live = page.getByTestId('live-indicator');
    await expect(state).toContainText('Loading articles...', { timeout: 30_000 });
    await expect(state).toHaveAttribute('data-kind', 'failed', { timeout: 30_000 });
    await expect(state).toContainText('Failed to load articles: ');
    await expect(page.getByTestId('feed-card')).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('feeds-failed-1280.png') });

    failing = false;
    await state.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByTestId('feed-card').first()).toBeVisible({ timeout: 30_000 });
    await expect(state).toHaveCount(0);
    // The globe's list, which failed as well, was asked again: nothing is listed as not loaded.
    await expect(page.getByTestId('load-status')).toHaveCount(0, { timeout: 30_000 });
    await expect(live).toHaveText('Live', { timeout: 30_000 });

    await context.setOffline(true);
    await expect(state).toHaveAttribute('data-kind', 'offline');
    await expect(state).toHaveText(/^Offline - showing articles from \d\d:\d\d$/);
    await expect(live).toHaveText(/^(Offline|Reconnecting)$/, { timeout: 30_000 });
    await expect(page.getByTestId('feed-card').first()).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('feeds-offline-1280.png') });

    await context.setOffline(false);
    await expect(live).toHaveText('Live', { timeout: 30_000 });
    await expect(state).toHaveCount(0);
    const title = `${uniqueWord('back')} ferry service resumes`;
    await createArticle(request, session, {
      title,
      url: `https://news.example.org/${uniqueWord('back')}`,
      description: 'Published after the reader came back online.',
      publishedAt: new Date().toISOString(),
      latitude: 62.01,
      longitude: -6.77,
      locationName: 'Torshavn',
      country: 'Faroe Islands',
    });
    // The 120 s poll cannot be the source within this timeout; the reconnected socket is.
    await expect(page.getByTestId('feed-card').filter({ hasText: title })).toBeVisible({
      timeout: 15_000,
    });
  });
});
