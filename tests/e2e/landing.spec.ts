/**
 * The front door in a real browser against the real server: the landing page (texts, the typed
 * tagline, the live counter against the API, the panels and their engine bindings, the keys), the
 * launch console (timings on Playwright's fake clock), the phone layout, the location flow with
 * geolocation granted and denied, and the public pages (About, Privacy, Terms, Docs).
 */
import { expect, test, type Page } from '@playwright/test';
import { SHORTCUT_HELP } from '../../data/globe/keymap';
import { LAYER_NAMES } from '../../engine/layers';
import { requireWebGL2, waitForFrames } from './helpers';

const TAGLINE = 'Where the Planet becomes the Platform';
/** ATLAS_LANDING_SCREENSHOTS=1 writes docs/screenshots/{landing,launch-console,docs}-*.png and the
 * README's docs/globe.png. */
const SHOTS = process.env['ATLAS_LANDING_SCREENSHOTS'] === '1';
const ASKED = 'atlas_location_asked';

async function openLanding(page: Page, opts: { asked?: boolean } = {}): Promise<void> {
  if (opts.asked !== false) {
    await page.addInitScript((key) => localStorage.setItem(key, 'true'), ASKED);
  }
  await page.goto('/');
  test.info().annotations.push({ type: 'renderer', description: await requireWebGL2(page) });
  await page.waitForFunction(() => window.atlas !== undefined);
  await page.evaluate(() => window.atlas?.whenReady());
}

/** The counter's figures as the API gives them (total, distinct countries of the 500 newest). */
async function apiCounts(page: Page): Promise<{ total: number; countries: number }> {
  const res = await page.request.get('/api/public/all-articles?limit=500&sort=-createdAt');
  const body = (await res.json()) as {
    articles: { extractedLocation?: { country?: string | null } }[];
    pagination: { total: number };
  };
  const countries = new Set(
    body.articles
      .map((a) => a.extractedLocation?.country?.toLowerCase())
      .filter((c): c is string => typeof c === 'string' && c !== ''),
  );
  return { total: body.pagination.total, countries: countries.size };
}

test.describe('landing page', () => {
  test('hero, counter, panels, footer and keys (desktop)', async ({ page }) => {
    test.setTimeout(180_000);
    await openLanding(page);
    // Fade from black: the cover fades after 1.8 s; the side panels appear after 2.5 s.
    const anim = (sel: string): Promise<string> =>
      page
        .locator(sel)
        .first()
        .evaluate((el) => getComputedStyle(el).animationDelay);
    expect(await anim('.landing__cover')).toBe('1.8s');
    expect(await anim('[data-testid="landing-data"]')).toBe('2.5s');
    expect(await anim('[data-testid="landing-controls"]')).toBe('2.5s');
    // The typed tagline ends complete; the subtitle lines and the hero.
    await expect(page.getByTestId('landing-tagline')).toHaveText(TAGLINE);
    await expect(
      page.getByText("The World's First AI Native Spatial Media Application"),
    ).toBeVisible();
    await expect(page.getByText('Real-time global news visualization powered by AI')).toBeVisible();
    // The live counter agrees with the API.
    const counts = await apiCounts(page);
    expect(counts.total).toBeGreaterThan(0);
    await expect(page.getByTestId('landing-counter')).toHaveText(
      `${counts.total} stories tracked across ${counts.countries} countries`,
    );
    if (SHOTS) {
      await page.waitForTimeout(3000); // the cover and the panels' fade-in
      await page.screenshot({ path: 'docs/screenshots/landing-desktop.png' });
      await page.screenshot({ path: 'docs/globe.png' });
    }
    // Feature cards, Perfect For, footer columns, the computed year.
    for (const t of ['3D Globe View', 'Live Feed', 'AI Analysis']) {
      await expect(page.getByRole('button', { name: new RegExp(t) })).toBeVisible();
    }
    await expect(page.getByRole('heading', { name: 'Perfect For' })).toBeVisible();
    for (const who of ['Journalists', 'Researchers', 'Analysts', 'Curious Minds']) {
      await expect(page.locator('.landing__perfect').getByText(who, { exact: true })).toHaveCount(
        1,
      );
    }
    const footer = page.getByTestId('landing-footer');
    for (const col of ['Product', 'Company', 'Legal']) {
      await expect(footer.getByRole('heading', { name: col })).toBeVisible();
    }
    const hrefs = await footer
      .locator('a')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(hrefs.sort()).toEqual(
      ['/about', '/analytics', '/docs', '/feeds', '/intelligence', '/privacy', '/terms'].sort(),
    );
    await expect(footer).toContainText(`© ${new Date().getFullYear()} ATLAS`);
    // Sound ON/OFF, remembered.
    const sound = page.getByTestId('landing-sound');
    await expect(sound).toHaveText('Sound OFF');
    await sound.click();
    await expect(sound).toHaveText('Sound ON');
    expect(await page.evaluate(() => localStorage.getItem('atlas_sound'))).toBe('on');
    await sound.click();
    await expect(sound).toHaveText('Sound OFF');

    // DATA sidebar: search box, the first 10 stories (titles cut at 60), the sample sections and
    // the real-time link's state.
    const data = page.getByTestId('landing-data');
    await expect(data.getByPlaceholder('Search locations, articles...')).toBeVisible();
    const titles = data.locator('.landing-list__title');
    await expect(titles).toHaveCount(10);
    for (const t of await titles.allTextContents()) expect(t.length).toBeLessThanOrEqual(60);
    for (const s of ['News Articles', 'Weather', 'Transit', 'Events']) {
      await expect(data.locator('summary', { hasText: s })).toBeVisible();
    }
    await expect(page.getByTestId('landing-connection')).toHaveText('Connected', {
      timeout: 30_000,
    });

    // GLOBE CONTROLS drive the engine: a layer toggle, the quality mode and the article bar's
    // length (50 at high quality, else 20), the distance readout in km.
    const layers = (): Promise<Record<string, boolean>> =>
      page.evaluate(() => window.atlas?.layers.get() ?? {});
    const grid = page.getByTestId('landing-toggle-grid');
    await expect(grid).toHaveAttribute('aria-checked', String((await layers())['grid']));
    await grid.click();
    await expect.poll(async () => (await layers())['grid']).toBe(true);
    await expect(grid).toHaveAttribute('aria-checked', 'true');
    await grid.click();
    await expect.poll(async () => (await layers())['grid']).toBe(false);
    const bar = page.getByTestId('landing-article-bar').locator('li');
    await page.getByRole('button', { name: 'Performance' }).click();
    await expect.poll(() => page.evaluate(() => window.atlas?.quality.get().mode)).toBe('low');
    await expect(bar).toHaveCount(20);
    await page.getByRole('button', { name: 'High Quality' }).click();
    await expect.poll(() => page.evaluate(() => window.atlas?.quality.get().mode)).toBe('high');
    await expect(bar).toHaveCount(50);
    const distance = await page.evaluate(() => window.atlas?.camera.get().distance ?? 0);
    await expect(page.getByTestId('landing-perf-distance')).toHaveText(
      String(Math.round((distance - 200) * 31.855)),
    );
    await expect(page.getByTestId('landing-perf-articles')).toHaveText('500');

    // The layer control filters the article bar (news off: empty); the timeline slider is there.
    await page.getByRole('button', { name: 'News', exact: true }).click();
    await expect(bar).toHaveCount(0);
    await page.getByRole('button', { name: 'News', exact: true }).click();
    await expect(bar).toHaveCount(50);
    await expect(page.getByRole('button', { name: 'Orbit' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    // A story from the bar opens as a modal; Escape closes it and clears the selection.
    await bar.first().click();
    await expect(page.getByTestId('article-dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('article-dialog')).toBeHidden();

    // A mouse drag that starts on the hero's plain text turns the globe behind it (the column
    // hands the press to the globe's canvas); auto-rotation alone moves it far less.
    const logo = await page.locator('.landing__logo').boundingBox();
    expect(logo).not.toBeNull();
    const lonOf = (): Promise<number> => page.evaluate(() => window.atlas?.camera.get().lon ?? 0);
    const lonBefore = await lonOf();
    const x0 = (logo?.x ?? 0) + (logo?.width ?? 0) / 2;
    const y0 = (logo?.y ?? 0) + (logo?.height ?? 0) / 2;
    await page.mouse.move(x0, y0);
    await page.mouse.down();
    for (let i = 1; i <= 6; i++) await page.mouse.move(x0 - i * 50, y0, { steps: 2 });
    await page.mouse.up();
    await waitForFrames(page, 3);
    const turned = Math.abs((((await lonOf()) - lonBefore + 540) % 360) - 180);
    expect(turned).toBeGreaterThan(5);
    // The text was not selected by the drag.
    expect(await page.evaluate(() => window.getSelection()?.toString() ?? '')).toBe('');

    // Keys: Ctrl+L the DATA sidebar, Ctrl+P the controls, Ctrl+B the bottom bar, Ctrl+R register.
    await page.locator('body').click({ position: { x: 640, y: 10 } });
    await page.keyboard.press('Control+l');
    await expect(data).toHaveCount(0);
    await page.keyboard.press('Control+l');
    await expect(data).toBeVisible();
    await page.keyboard.press('Control+p');
    await expect(page.getByTestId('landing-controls')).toHaveCount(0);
    await page.keyboard.press('Control+p');
    await expect(page.getByTestId('landing-controls')).toBeVisible();
    await page.keyboard.press('Control+b');
    await expect(page.getByTestId('landing-article-bar')).toHaveCount(0);
    await page.keyboard.press('Control+b');
    await expect(page.getByTestId('landing-article-bar')).toBeVisible();
    await page.keyboard.press('Control+r');
    await expect(page).toHaveURL(/\/register$/);
  });

  test('launch console: progress, log, ASCII logo, flag, then /app', async ({ page }) => {
    test.setTimeout(180_000);
    // Playwright's fake clock (time flows until paused): the console's 120 ms tick is checked
    // exactly below, on paused time.
    await page.clock.install();
    await openLanding(page);
    await page.evaluate(() => {
      window.addEventListener('atlasIntroComplete', () => {
        (window as unknown as { __intro: number }).__intro = performance.now();
      });
    });
    await page.keyboard.press('Space');
    const t0 = await page.evaluate(() => Date.now()); // the page's (fake) clock
    await expect(page.getByTestId('launch-console')).toBeVisible();
    const percent = page.getByTestId('launch-percent');
    const log = page.getByTestId('launch-log');
    await expect(log).toContainText('ATLAS boot sequence initiated');
    // Paused, the console stands still; 1.2 s of fake time later it has risen exactly 10 %.
    const readPercent = async (): Promise<number> =>
      Number((await percent.textContent())?.replace('%', ''));
    // (a moment ahead: the page's time flows while this call travels)
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 3000);
    await page.waitForTimeout(400);
    const held = await readPercent();
    await page.waitForTimeout(600);
    expect(await readPercent()).toBe(held);
    await page.clock.runFor(1200);
    await expect.poll(readPercent).toBe(held + 10);
    await page.waitForTimeout(400);
    expect(await readPercent()).toBe(held + 10);
    await page.clock.resume();
    // +1 % every 120 ms: never ahead of the clock.
    await expect(log).toContainText('Loading GeoNames gazetteer', { timeout: 20_000 });
    expect(await readPercent()).toBeGreaterThanOrEqual(24);
    await expect(log).toContainText('Loading Natural Earth geodata');
    await expect(log).toContainText('Loading GeoNames gazetteer');
    await expect(page.getByTestId('launch-ascii')).toHaveCount(0);
    await expect(log).toContainText('Welcome to ATLAS', { timeout: 30_000 });
    if (SHOTS) await page.screenshot({ path: 'docs/screenshots/launch-console-desktop.png' });
    const counts = await apiCounts(page);
    await expect(log).toContainText(
      `Indexed ${counts.total} stories across ${counts.countries} countries`,
    );
    // The ASCII logo after 99 %; then 100 % + 2 s: the flag and the event; the globe is loaded,
    // so /app follows at once.
    await expect(page.getByTestId('launch-ascii')).toBeVisible({ timeout: 10_000 });
    await expect(page).toHaveURL(/\/app$/, { timeout: 20_000 });
    // 100 % at 12 s, the flag at + 2 s, on the page's clock: never sooner.
    expect(await page.evaluate(() => Date.now())).toBeGreaterThan(t0 + 12_000 + 2000);
    expect(await page.evaluate(() => sessionStorage.getItem('atlas_ascii_phase'))).toBe('true');
    expect(
      await page.evaluate(() => (window as unknown as { __intro?: number }).__intro),
    ).toBeGreaterThan(0);
  });

  test('phone: no sidebars, Controls & Data modal, a feature card launches and skip', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    await openLanding(page);
    await expect(page.getByTestId('landing-tagline')).toHaveText(TAGLINE);
    if (SHOTS) {
      await page.waitForTimeout(3000);
      await page.screenshot({ path: 'docs/screenshots/landing-phone.png' });
    }
    await expect(page.getByTestId('landing-data')).toHaveCount(0);
    await expect(page.getByTestId('landing-controls')).toHaveCount(0);
    await page.getByTestId('landing-fab').click();
    const modal = page.getByTestId('landing-controls-modal');
    await expect(modal).toBeVisible();
    await expect(modal.getByRole('heading', { name: 'Controls & Data' })).toBeVisible();
    await expect(modal.locator('.landing-list__title')).toHaveCount(10);
    await expect(modal.getByRole('switch', { name: 'Labels' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();
    // No horizontal scrolling.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    // The AI Analysis card launches towards /intelligence; a click skips the console.
    await page.getByRole('button', { name: /AI Analysis/ }).click();
    await expect(page.getByTestId('launch-console')).toBeVisible();
    if (SHOTS) {
      await expect(page.getByTestId('launch-log')).toContainText('Loading GeoNames gazetteer', {
        timeout: 20_000,
      });
      await page.screenshot({ path: 'docs/screenshots/launch-console-phone.png' });
    }
    await page.getByTestId('launch-skip').click();
    await expect(page).toHaveURL(/\/intelligence$/);
    if (SHOTS) {
      await page.goto('/docs');
      await expect(page.getByTestId('static-page')).toBeVisible();
      await page.screenshot({ path: 'docs/screenshots/docs-phone.png' });
    }
    await context.close();
  });
});

test.describe('location', () => {
  test('granted: prompt after 2 s, saved, named, shown; reload flies there; corrupt removed', async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const paris = { latitude: 48.8566, longitude: 2.3522 };
    const context = await browser.newContext({
      permissions: ['geolocation'],
      geolocation: paris,
    });
    const page = await context.newPage();
    await page.goto('/');
    const t0 = Date.now();
    const prompt = page.getByTestId('location-prompt');
    await expect(prompt).toBeVisible({ timeout: 60_000 });
    expect(await page.evaluate(() => performance.now())).toBeGreaterThan(2000);
    expect(Date.now() - t0).toBeGreaterThan(0);
    await prompt.getByRole('button', { name: 'Share location' }).click();
    // The name comes from our own reverse geocoder (or 'Location Detected' when it fails).
    const reverse = await page.request.get(
      `/api/geo/reverse?lat=${paris.latitude.toFixed(5)}&lon=${paris.longitude.toFixed(5)}`,
    );
    const name = reverse.ok()
      ? ((await reverse.json()) as { name: string }).name
      : 'Location Detected';
    await expect(page.getByTestId('landing-place')).toContainText(name.toUpperCase());
    await expect(page.getByTestId('landing-clock')).toHaveText(/^\d\d:\d\d:\d\d$/);
    const saved = await page.evaluate(
      () => JSON.parse(localStorage.getItem('userLocation') ?? '{}') as unknown,
    );
    expect(saved).toEqual({ lat: paris.latitude, lon: paris.longitude, name });
    expect(await page.evaluate(() => localStorage.getItem('atlas_location_asked'))).toBe('true');
    await page.waitForFunction(() => window.atlas !== undefined);
    await page.evaluate(() => window.atlas?.whenReady());
    // The camera turned to the place (latitude; auto-rotation moves the longitude on).
    await expect
      .poll(() => page.evaluate(() => window.atlas?.camera.get().lat ?? 0), { timeout: 15_000 })
      .toBeGreaterThan(45);

    // Reload: the saved place, no prompt, the globe flies there after 1 s.
    await page.reload();
    await page.waitForFunction(() => window.atlas !== undefined);
    await page.evaluate(() => window.atlas?.whenReady());
    await expect(page.getByTestId('landing-place')).toContainText(name.toUpperCase());
    await expect
      .poll(() => page.evaluate(() => window.atlas?.camera.get().lat ?? 0), { timeout: 15_000 })
      .toBeGreaterThan(45);
    await expect(page.getByTestId('location-prompt')).toHaveCount(0);

    // A corrupt saved location is removed; Enable Location clears the answer and asks again.
    await page.evaluate(() => localStorage.setItem('userLocation', '{not json'));
    await page.reload();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('userLocation'))).toBeNull();
    await expect(page.getByTestId('landing-place')).toHaveCount(0);
    await page.getByTestId('landing-enable-location').click();
    await expect(page.getByTestId('location-prompt')).toBeVisible({ timeout: 60_000 });
    await context.close();
  });

  test('denied: the landing marks the prompt asked; Locate Me on /app explains', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext({ permissions: [] });
    const page = await context.newPage();
    await page.goto('/');
    const prompt = page.getByTestId('location-prompt');
    await expect(prompt).toBeVisible({ timeout: 60_000 });
    await prompt.getByRole('button', { name: 'Share location' }).click();
    await expect(prompt).toBeHidden();
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('atlas_location_asked')))
      .toBe('true');
    expect(await page.evaluate(() => localStorage.getItem('userLocation'))).toBeNull();
    await expect(page.getByTestId('landing-place')).toHaveCount(0);
    // The globe screen's Locate Me gives the error catalogue's message.
    await page.goto('/app');
    await page.waitForFunction(() => window.atlas !== undefined);
    await page.evaluate(() => window.atlas?.whenReady());
    await page
      .getByRole('button', { name: /Locate Me/ })
      .first()
      .click();
    await expect(
      page.getByText(
        'Unable to get your location. Permission denied. Please enable location access in your browser settings.',
      ),
    ).toBeVisible();
    await context.close();
  });
});

/** Routes whose pages this spec owns; the lead extends the list as the other pages land. */
const BUILT_ROUTES = ['/', '/landing', '/about', '/privacy', '/terms', '/docs'];

test('public pages: real text, contact address, docs from the key map and layer list', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const site = (await (await page.request.get('/api/public/site')).json()) as {
    contactEmail: string;
  };
  expect(site.contactEmail).toMatch(/@/);
  const expectations: Record<string, { title: string; texts: string[] }> = {
    '/about': { title: 'About ATLAS', texts: ['Natural Earth', 'GeoNames', 'CC BY 4.0'] },
    '/privacy': {
      title: 'Privacy Policy',
      texts: ['e-mail address', 'preferences', 'saved in this browser only', 'No advertising'],
    },
    '/terms': { title: 'Terms of Service', texts: ['property of their publishers', 'BBC News'] },
    '/docs': {
      title: 'Documentation',
      texts: [
        'Quick Start',
        'Globe Navigation',
        'Search & Discovery',
        'Globe Layers',
        'Sharing Views',
        'Keyboard Shortcuts',
        'Need Help',
      ],
    },
  };
  await page.goto('/about');
  for (const [path, want] of Object.entries(expectations)) {
    await page.evaluate((p) => {
      window.history.pushState(null, '', p);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    const body = page.getByTestId('static-page');
    await expect(body.getByRole('heading', { level: 1 })).toHaveText(want.title);
    for (const t of want.texts) await expect(body).toContainText(t);
    await expect(body.getByTestId('contact-email').first()).toHaveText(site.contactEmail);
    await expect(page.getByRole('link', { name: '← Back to Home' })).toHaveAttribute('href', '/');
    await expect(page.getByRole('button', { name: 'Launch ATLAS' })).toBeVisible();
    // The globe turns behind, blurred.
    expect(
      await page.evaluate(() => document.getElementById('atlas-globe')?.style.filter ?? ''),
    ).toBe('blur(8px)');
  }
  if (SHOTS) await page.screenshot({ path: 'docs/screenshots/docs-desktop.png' });
  // /docs is generated from the app's own tables.
  await expect(page.getByTestId('docs-keys').locator('tr')).toHaveCount(SHORTCUT_HELP.length);
  await expect(page.getByTestId('docs-layers').locator('li')).toHaveCount(LAYER_NAMES.length);
  await expect(page.getByTestId('docs-quick-start').locator('li')).toHaveCount(6);
  // None of these routes is a placeholder.
  for (const path of BUILT_ROUTES) {
    await page.evaluate((p) => {
      window.history.pushState(null, '', p);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    await expect(page.locator('#root')).not.toContainText('This view is being built');
  }
  // The application loading screen (/landing): planet facts while progress runs to 100, ENTER
  // ATLAS 1.5 s after 100 %, a click fades out and enters /app 1.2 s later.
  await page.evaluate(() => {
    window.history.pushState(null, '', '/landing');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByTestId('app-loading-facts').locator('li').first()).toBeVisible();
  await expect(page.getByTestId('app-loading-percent')).toHaveText('100%', { timeout: 30_000 });
  const at100 = Date.now();
  await expect(page.getByTestId('app-loading-enter')).toBeVisible();
  expect(Date.now() - at100).toBeGreaterThan(1000);
  await expect(page.getByTestId('app-loading-facts').locator('li')).toHaveCount(10);
  await page.getByTestId('app-loading-enter').click();
  await expect(page.getByTestId('app-loading')).toHaveClass(/app-loading--leaving/);
  await expect(page).toHaveURL(/\/app$/);
  await page.goto('/about');
  // Launch from a public page goes to /app.
  await page.getByRole('button', { name: 'Launch ATLAS' }).click();
  await expect(page).toHaveURL(/\/app$/);
});
