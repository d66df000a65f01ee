/**
 * The spatial workspace (/spatial) in one page load per layout: the panels start collapsed and
 * open, LIVE DATA (connection, tabs, news list in the timeline window, place search, recent places,
 * the globe switcher and its filters), the timeline (positions, labels, the markers drawn, play),
 * view modes (Surface moves the camera; AR disabled with the reason), the contextual panel with
 * and without a selection and the action buttons' labelled answers (offline path).
 */
import { expect, test, type Page } from '@playwright/test';
import { registerUser, signIn } from './articleSession';

const drawn = (page: Page): Promise<number> =>
  page.evaluate(() => window.atlas?.markers.count().drawn ?? -1);

async function timelineHours(page: Page): Promise<number | null> {
  return page.evaluate(() => {
    const w = window.atlas?.timeline.get() ?? null;
    return w === null ? null : Math.round((w.endMs - w.startMs) / 3_600_000);
  });
}

test('spatial workspace: panels, timeline, switcher, context and ask (desktop)', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const session = await registerUser(request, 'spatial');
  await signIn(page, session);
  await page.goto('/spatial');
  await page.evaluate(() => window.atlas?.whenReady());

  // Both panels start collapsed.
  const openLeft = page.getByRole('button', { name: /^LIVE DATA/ });
  await expect(openLeft).toHaveAttribute('aria-expanded', 'false');
  const openRight = page.getByRole('button', { name: 'CONTEXT' });
  await expect(openRight).toHaveAttribute('aria-expanded', 'false');

  // The timeline filter is in force from the start: 0.2 = 1D AGO = the last 24 h.
  await expect(page.getByTestId('ws-timeline-label')).toHaveText('1D AGO');
  await expect.poll(() => timelineHours(page)).toBe(24);

  await openLeft.click();
  const left = page.getByRole('complementary', { name: 'LIVE DATA' });
  await expect(left).toBeVisible();
  await expect(page.getByTestId('ws-connection')).toHaveText(/^(LIVE|OFFLINE)$/);
  await expect(page.getByTestId('ws-connection')).toHaveText('LIVE', { timeout: 15_000 });
  // Geometry: 320 px on desktop.
  expect((await left.boundingBox())?.width).toBe(320);

  // News list (the seeded day of articles), within the timeline window; tabs filter it.
  const news = page.getByTestId('ws-news').getByRole('listitem');
  await expect.poll(() => news.count()).toBeGreaterThan(0);
  expect(await news.count()).toBeLessThanOrEqual(20);
  const countText = async (): Promise<number> =>
    Number((await page.getByTestId('ws-news-count').textContent())?.split(' ')[0]);
  const dayCount = await countText();
  await page.getByRole('tab', { name: 'WEATHER' }).click();
  const weatherCount = await countText();
  expect(weatherCount).toBeLessThan(dayCount);
  for (const meta of await page.getByTestId('ws-news').locator('.ws-row__meta').allTextContents())
    expect(meta.toLowerCase()).toContain('weather');
  await page.getByRole('tab', { name: 'TRANSIT' }).click();
  expect(await countText()).toBe(dayCount);
  await page.getByRole('tab', { name: 'NEWS' }).click();

  // Timeline positions change the window, the markers drawn and the list.
  const markersDay = await drawn(page);
  expect(markersDay).toBeGreaterThan(0);
  const slider = page.getByTestId('ws-timeline');
  await slider.fill('0.8');
  await expect(page.getByTestId('ws-timeline-label')).toHaveText('1H AGO');
  await expect.poll(() => timelineHours(page)).toBe(1);
  await expect.poll(() => drawn(page)).toBeLessThan(markersDay);
  expect(await countText()).toBeLessThan(dayCount);
  await page.getByRole('button', { name: 'Forward', exact: true }).click();
  await page.getByRole('button', { name: 'Forward', exact: true }).click();
  await expect(page.getByTestId('ws-timeline-label')).toHaveText('NOW');
  await expect(page.getByRole('button', { name: 'Forward', exact: true })).toBeDisabled();
  for (let i = 0; i < 5; i++) await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(page.getByTestId('ws-timeline-label')).toHaveText('6H AGO');
  await expect.poll(() => timelineHours(page)).toBe(6);
  await slider.fill('0');
  await expect(page.getByTestId('ws-timeline-label')).toHaveText('1W AGO');
  await expect.poll(() => timelineHours(page)).toBe(168);
  await expect.poll(() => drawn(page)).toBeGreaterThanOrEqual(markersDay);

  // Play: a week-long time-lapse whose end advances with a fixed start.
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await expect(page.getByTestId('ws-timeline-label')).toHaveText(/^PLAYING/);
  // The first steps: the window starts a week ago and ends early in that week.
  await expect.poll(async () => (await timelineHours(page)) ?? 999).toBeLessThan(84);
  const first = await page.evaluate(() => window.atlas?.timeline.get());
  await expect
    .poll(async () => (await page.evaluate(() => window.atlas?.timeline.get()))?.endMs ?? 0)
    .toBeGreaterThan(first?.endMs ?? 0);
  const later = await page.evaluate(() => window.atlas?.timeline.get());
  expect(later?.startMs).toBe(first?.startMs);
  await page.getByRole('button', { name: 'Pause', exact: true }).click();
  await expect(page.getByTestId('ws-timeline-label')).not.toHaveText(/^PLAYING/);
  await slider.fill('0.2');

  // Recent places: the spec's three; a searched place flies there and becomes the first.
  const places = page.getByTestId('ws-recent-places').locator('.ws-row__title');
  await expect(places).toHaveText(['Paris', 'Sydney', 'Tokyo']);
  await left.getByRole('searchbox').fill('Nairobi');
  // The place (the gazetteer loads on the first keystroke), not an article that names Nairobi.
  const hit = page
    .getByTestId('ws-search-results')
    .locator('[data-kind="place"]')
    .filter({ hasText: 'Nairobi' });
  await hit.first().click();
  await expect(places.first()).toHaveText('Nairobi');
  await expect
    .poll(async () => (await page.evaluate(() => window.atlas?.camera.get()))?.lat ?? 0, {
      timeout: 10_000,
    })
    .toBeLessThan(0);
  expect(
    await page.evaluate(
      () => JSON.parse(localStorage.getItem('atlas.recentPlaces') ?? '[]') as unknown[],
    ),
  ).toHaveLength(4);

  // Globe switcher: every variant route, filtered by status.
  const switcher = page.getByTestId('ws-switcher').getByRole('listitem');
  await expect(switcher).toHaveCount(16);
  await expect(switcher.first()).toContainText('main production');
  await page.getByRole('button', { name: 'specialized', exact: true }).click();
  await expect(switcher).toHaveCount(4);
  await expect(page.getByTestId('ws-switcher')).toContainText('/xr');
  await page.getByRole('button', { name: 'experimental', exact: true }).click();
  await expect(switcher).toHaveCount(3);
  await page.getByRole('button', { name: 'all', exact: true }).click();

  // View modes: Surface brings the camera down to the ground; AR is disabled with the reason.
  await page.getByRole('button', { name: 'Surface' }).click();
  await expect
    .poll(async () => (await page.evaluate(() => window.atlas?.camera.get()))?.distance ?? 0, {
      timeout: 10_000,
    })
    .toBeLessThan(230);
  await expect(page.getByRole('button', { name: 'AR', exact: true })).toBeDisabled();
  await expect(page.getByTestId('ws-ar-reason')).toContainText(/AR/);
  await page.getByRole('button', { name: 'Orbit' }).click();

  // Contextual panel without a selection.
  await openRight.click();
  const right = page.getByRole('complementary', { name: 'Context' });
  expect((await right.boundingBox())?.width).toBe(380);
  await expect(right.getByTestId('ws-system-status')).toContainText('FPS');
  await expect(right.getByTestId('ws-system-status')).toContainText('OBJECTS');
  await expect(right.getByTestId('ws-location')).toContainText('LOCATION');
  await expect(right).toContainText('UPCOMING');
  await expect(right).toContainText('Explore the Globe');
  await page.screenshot({ path: 'docs/screenshots/spatial-desktop.png' });

  // Select an article from the list: the right panel shows it; the actions answer, labelled.
  const firstTitle =
    (await page.getByTestId('ws-news').locator('.ws-row__title').first().textContent()) ?? '';
  await page.getByTestId('ws-news').getByRole('button').first().click();
  await expect(right.getByTestId('ws-article')).toContainText(firstTitle.trim());
  await expect(right).toContainText('AI SUMMARY');
  await expect(right).toContainText('Explore further');
  await right.getByRole('button', { name: 'Explain this event' }).click();
  await expect(right.getByTestId('ws-answer-explain')).toContainText(
    'not written by a language model',
  );
  await expect(right.getByTestId('ws-answer-provenance-explain')).toHaveText('template');
  await right.getByRole('button', { name: 'What is historical context?' }).click();
  await expect(right.getByTestId('ws-answer-history')).toBeVisible();
  await page.screenshot({ path: 'docs/screenshots/spatial-desktop-selected.png' });
  await right.getByRole('button', { name: 'Close article' }).click();
  await expect(right.getByTestId('ws-system-status')).toBeVisible();

  // Leaving the workspace clears the timeline filter for the other pages.
  await page.evaluate(() => {
    history.pushState(null, '', '/app');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect.poll(() => page.evaluate(() => window.atlas?.timeline.get() ?? null)).toBeNull();
});

test('spatial workspace on a tablet: both panels fit, guests are asked to sign in', async ({
  page,
}) => {
  // 1024 x 768: the 'tablet' layout (768 px and narrower is the phone's).
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.goto('/spatial');
  await page.evaluate(() => window.atlas?.whenReady());
  await page.getByRole('button', { name: /^LIVE DATA/ }).click();
  await page.getByRole('button', { name: 'CONTEXT' }).click();
  const news = page.getByTestId('ws-news').getByRole('button');
  await expect.poll(() => news.count()).toBeGreaterThan(0);
  await news.first().click();
  const right = page.getByRole('complementary', { name: 'Context' });
  await right.getByRole('button', { name: 'How does it impact region?' }).click();
  await expect(right).toContainText('Sign in to ask ATLAS about this event.');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > innerWidth);
  expect(overflow).toBe(false);
  await page.screenshot({ path: 'docs/screenshots/spatial-tablet.png' });
});

test('desktop globe screen (/globe): 320 / 380 / 80 px, fade-in, its timeline formula', async ({
  page,
}) => {
  await page.goto('/globe');
  await page.evaluate(() => window.atlas?.whenReady());
  const screen = page.getByTestId('globe-screen');
  await expect(screen).toHaveCSS('opacity', '1');
  const box = async (name: string) =>
    page.getByRole('complementary', { name, exact: true }).boundingBox();
  expect((await box('Articles'))?.width).toBe(320);
  expect((await box('Article detail'))?.width).toBe(380);
  expect((await page.getByRole('contentinfo', { name: 'Timeline' }).boundingBox())?.height).toBe(
    80,
  );
  for (const name of ['Reset View', 'Locate Me', 'Share View', 'Help'])
    await expect(page.getByRole('button', { name, exact: true })).toBeVisible();
  // Position 1 = the last 24 h; otherwise (2 - position) x 24 h.
  await expect(page.getByTestId('gs-timeline-label')).toHaveText('Last 24 h');
  await expect.poll(() => timelineHours(page)).toBe(24);
  await page.getByTestId('gs-timeline').fill('0.5');
  await expect(page.getByTestId('gs-timeline-label')).toHaveText('Last 36 h');
  await expect.poll(() => timelineHours(page)).toBe(36);
  const list = page.getByRole('complementary', { name: 'Articles', exact: true });
  await expect.poll(() => list.getByRole('button').count()).toBeGreaterThan(0);
  await list.getByRole('button').first().click();
  await expect(page.getByTestId('ws-article')).toBeVisible();
  await page.screenshot({ path: 'docs/screenshots/globe-desktop.png' });
});
