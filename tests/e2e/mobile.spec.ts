/**
 * The phone globe screen and touch on the globe (issue #22), in the `phone` project (390x844,
 * isMobile, hasTouch, device scale 3): bars and sheets tapped with real touch input
 * (page.touchscreen: CDP touch events), sheets closed by a second tab press, the backdrop, a drag
 * and the close button; an article from the list opened full-screen; search; layers, quality and
 * settings through the sheets; the 10 ms vibration; the viewport; the bottom navigation of the
 * other pages; then the globe gestures with CDP Input.dispatchTouchEvent (one-finger rotate with
 * momentum, two-finger pinch, double tap, long press). One page load per test: each does a lot.
 */
import { writeFile } from 'node:fs/promises';
import {
  expect,
  test,
  type CDPSession,
  type Locator,
  type Page,
  type Route,
} from '@playwright/test';
import { requireWebGL2, waitForFrames } from './helpers';

interface Cam {
  lat: number;
  lon: number;
  distance: number;
}

async function camera(page: Page): Promise<Cam> {
  return page.evaluate(() => {
    const c = window.atlas?.camera.get();
    if (!c) throw new Error('no atlas handle');
    return c;
  });
}

/** Records navigator.vibrate calls (headless Chromium has no vibration motor to observe). */
async function recordVibrations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const calls: unknown[] = [];
    (window as unknown as { __vibrations: unknown[] }).__vibrations = calls;
    Object.defineProperty(navigator, 'vibrate', {
      configurable: true,
      value: (pattern: unknown) => {
        calls.push(pattern);
        return true;
      },
    });
  });
}

function vibrations(page: Page): Promise<unknown[]> {
  return page.evaluate(() => (window as unknown as { __vibrations: unknown[] }).__vibrations);
}

async function openApp(page: Page, path = '/app'): Promise<void> {
  // The first-run walkthrough and the gesture tips would sit over the bars.
  await page.addInitScript(() => {
    localStorage.setItem('atlas_walkthrough_seen', 'true');
    localStorage.setItem('atlas_mobile_tips_seen', 'true');
  });
  await page.goto(path);
  const renderer = await requireWebGL2(page);
  test.info().annotations.push({ type: 'renderer', description: renderer });
  await page.waitForFunction(() => window.atlas !== undefined);
  await page.evaluate(() => window.atlas?.whenReady());
  // The cheapest rung: software WebGL on a shared machine draws a phone's screen slowly.
  await page.evaluate(() => window.atlas?.quality.set('low'));
}

/** Taps the centre of an element with a real touch (also through a modal's backdrop). */
async function tapCentre(page: Page, target: Locator): Promise<void> {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (box === null) throw new Error('element has no box');
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
}

/** The open sheet's downward offset (its transform's translateY), px. */
function sheetOffset(page: Page): Promise<number> {
  return page.evaluate(() => {
    const el = document.querySelector<HTMLElement>('dialog.kit-sheet[open]');
    if (el === null) return -1;
    return new DOMMatrixReadOnly(getComputedStyle(el).transform).m42;
  });
}

/**
 * A screenshot through CDP, for review (test output only): on a page whose clock Playwright has
 * installed, its own screenshot left the next action waiting for the page to be stable.
 */
async function capture(page: Page, name: string): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const { data } = await cdp.send('Page.captureScreenshot', { format: 'png' });
  await writeFile(test.info().outputPath(name), Buffer.from(data, 'base64'));
  await cdp.detach();
}

/** In-app navigation (the globe stays mounted, as for a user). */
async function goTo(page: Page, path: string): Promise<void> {
  await page.evaluate((p) => {
    history.pushState(null, '', p);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
}

/** The phone bottom navigation: five views plus More, each on screen. */
async function expectNavItems(page: Page): Promise<void> {
  const nav = page.getByTestId('mobile-bottom-nav');
  await expect(nav).toBeVisible();
  for (const name of ['Globe', 'Feeds', 'Intelligence', 'Layers', 'Analytics', 'More']) {
    const item = nav.getByRole(name === 'More' ? 'button' : 'link', { name, exact: true });
    await expect(item).toBeInViewport({ ratio: 1 });
  }
}

/**
 * A dialog fits the phone: inside the viewport, no sideways scrolling of the document or of the
 * dialog, and content taller than the dialog scrolls inside it (an element in it scrolls).
 */
async function expectFits(page: Page, target: Locator): Promise<void> {
  const r = await target.evaluate((el) => {
    const b = el.getBoundingClientRect();
    const scrolls = (e: Element): boolean => {
      const s = getComputedStyle(e);
      return /auto|scroll/.test(s.overflowY) && e.scrollHeight > e.clientHeight;
    };
    const overflowing = el.scrollHeight > el.clientHeight + 1;
    const inner = [el, ...el.querySelectorAll('*')].some(scrolls);
    return {
      left: b.left,
      top: b.top,
      right: b.right,
      bottom: b.bottom,
      wide: el.scrollWidth > el.clientWidth + 1,
      doc: Math.max(document.documentElement.scrollWidth, document.body.scrollWidth),
      // Taller than it shows, yet nothing in it scrolls: content cut off.
      cut: overflowing && !inner,
    };
  });
  const w = page.viewportSize()?.width ?? 0;
  const h = page.viewportSize()?.height ?? 0;
  expect(r.left, 'left edge').toBeGreaterThanOrEqual(-0.5);
  expect(r.top, 'top edge').toBeGreaterThanOrEqual(-0.5);
  expect(r.right, 'right edge').toBeLessThanOrEqual(w + 0.5);
  expect(r.bottom, 'bottom edge').toBeLessThanOrEqual(h + 0.5);
  expect(r.wide, 'scrolls sideways').toBe(false);
  expect(r.doc, 'document width').toBeLessThanOrEqual(w);
  expect(r.cut, 'content cut off').toBe(false);
}

type TouchPoint = { x: number; y: number; id?: number };

async function touch(
  cdp: CDPSession,
  type: 'touchStart' | 'touchMove' | 'touchEnd',
  points: TouchPoint[],
): Promise<void> {
  await cdp.send('Input.dispatchTouchEvent', {
    type,
    touchPoints: points.map((p, i) => ({ x: p.x, y: p.y, id: p.id ?? i })),
  });
}

test.describe('phone globe screen', () => {
  test('bars, sheets, articles, search, layers, settings, vibration, viewport', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await recordVibrations(page);
    await openApp(page);
    const vh = 844;

    // The bars at the spec's heights; the desktop navbar and panels are gone.
    const top = page.getByTestId('mobile-topbar');
    const tabs = page.getByTestId('mobile-tabbar');
    await expect(top).toBeVisible();
    expect((await top.boundingBox())?.height).toBeCloseTo(48, 0);
    expect((await tabs.boundingBox())?.height).toBeCloseTo(72, 0);
    expect((await tabs.boundingBox())?.y).toBeCloseTo(vh - 72, 0);
    await expect(page.getByTestId('navbar')).toHaveCount(0);
    await expect(page.getByTestId('globe-buttons')).toBeHidden();
    expect(await page.locator('meta[name="viewport"]').getAttribute('content')).toContain(
      'user-scalable=no',
    );

    // Layers: 60vh; a second press of the tab closes it (the press lands on the backdrop).
    const layersTab = page.getByTestId('mobile-tab-layers');
    await tapCentre(page, layersTab);
    const layers = page.getByTestId('mobile-sheet-layers');
    await expect(layers).toBeVisible();
    expect((await layers.boundingBox())?.height).toBeCloseTo(0.6 * vh, 0);
    await expect(layersTab).toHaveAttribute('aria-pressed', 'true');
    await page.screenshot({ scale: 'css', path: test.info().outputPath('phone-layers-sheet.png') });
    // A layer toggle and the quality mode go to the engine.
    // (/app shows the background grid by default: the toggle turns it off.)
    expect(await page.evaluate(() => window.atlas?.layers.get().grid)).toBe(true);
    await tapCentre(page, page.getByTestId('mobile-layer-grid'));
    await expect.poll(() => page.evaluate(() => window.atlas?.layers.get().grid)).toBe(false);
    await expect(page.getByTestId('mobile-layer-grid')).toHaveAttribute('aria-checked', 'false');
    await tapCentre(page, layers.getByRole('radio', { name: 'Low' }));
    await expect.poll(() => page.evaluate(() => window.atlas?.quality.get().override)).toBe('low');
    await tapCentre(page, layersTab);
    await expect(layers).toHaveCount(0);
    await expect(layersTab).toHaveAttribute('aria-pressed', 'false');

    // Articles: 90vh (the space above the tab bar is 772 px, 90vh is 759.6).
    await tapCentre(page, page.getByTestId('mobile-tab-articles'));
    const articles = page.getByTestId('mobile-sheet-articles');
    await expect(articles).toBeVisible();
    expect((await articles.boundingBox())?.height).toBeCloseTo(0.9 * vh, 0);
    // With Articles open, pressing Settings switches sheets.
    await tapCentre(page, page.getByTestId('mobile-tab-settings'));
    await expect(articles).toHaveCount(0);
    const settings = page.getByTestId('mobile-sheet-settings');
    await expect(settings).toBeVisible();
    await page.screenshot({
      scale: 'css',
      path: test.info().outputPath('phone-settings-sheet.png'),
    });
    await tapCentre(page, settings.getByTestId('mobile-setting-autorotate'));
    await expect(settings.getByTestId('mobile-setting-autorotate')).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await tapCentre(page, settings.getByTestId('mobile-setting-autorotate'));
    await expect(settings.getByTestId('mobile-setting-autorotate')).toHaveAttribute(
      'aria-checked',
      'false',
    );
    // The close button.
    await tapCentre(page, settings.getByRole('button', { name: 'Close' }));
    await expect(settings).toHaveCount(0);

    // A backdrop tap (above the 60vh sheet) closes.
    await tapCentre(page, layersTab);
    await expect(layers).toBeVisible();
    await page.touchscreen.tap(195, 120);
    await expect(layers).toHaveCount(0);

    // (Drag-to-close is not tested here: after a drag the sheet stopped closing once the other
    // pages were merged - a known regression, listed as open.)

    // An article from the list: the sheet closes, the article opens full-screen.
    await tapCentre(page, page.getByTestId('mobile-tab-articles'));
    const first = articles.getByTestId('mobile-article').first();
    await expect(first).toBeVisible();
    await page.screenshot({
      scale: 'css',
      path: test.info().outputPath('phone-articles-sheet.png'),
    });
    const title = (await first.locator('.mobile-article__title').textContent()) ?? '';
    expect(title).not.toBe('');
    await tapCentre(page, first);
    await expect(articles).toHaveCount(0);
    const dialog = page.getByTestId('article-dialog');
    await expect(dialog).toBeVisible();
    await expect(page.getByTestId('article-title')).toHaveText(title);
    await page.screenshot({ scale: 'css', path: test.info().outputPath('phone-article.png') });
    const box = await dialog.boundingBox();
    expect(box?.x).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
    expect(box?.width).toBeGreaterThanOrEqual(389);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await tapCentre(page, dialog.getByRole('button', { name: 'Close' }).first());
    await expect(dialog).toHaveCount(0);

    // Search: the top bar's button opens the Search sheet (60vh); a result opens the article.
    await tapCentre(page, page.getByTestId('mobile-search-button'));
    const search = page.getByTestId('mobile-sheet-search');
    await expect(search).toBeVisible();
    expect((await search.boundingBox())?.height).toBeCloseTo(0.6 * vh, 0);
    const word = title.split(/\s+/).find((w) => w.length > 4) ?? title;
    await page.getByTestId('mobile-search-input').fill(word);
    const result = search.getByTestId('mobile-article').first();
    await expect(result).toBeVisible();
    await tapCentre(page, result);
    await expect(search).toHaveCount(0);
    await expect(page.getByTestId('article-dialog')).toBeVisible();

    // Every tap above vibrated 10 ms.
    const v = await vibrations(page);
    expect(v.length).toBeGreaterThanOrEqual(12);
    expect(new Set(v)).toEqual(new Set([10]));
    expect(errors).toEqual([]);
  });

  test('the Articles sheet says loading, failed with Retry, stale and offline', async ({
    page,
    context,
  }) => {
    test.setTimeout(150_000);
    // The globe's list: held, then refused (404, not retried), then answered, then a refresh that
    // fails (500, retried twice). Its v4 fallback is refused too, and the marker feed by camera
    // box is held empty, so the sheet shows only what the list brings.
    let mode: 'hold' | 'refuse' | 'ok' | 'fail' = 'hold';
    const held: Route[] = [];
    let calls = 0;
    await page.route('**/api/public/all-articles?**', async (route) => {
      if (new URL(route.request().url()).searchParams.get('limit') !== '200') {
        await route.continue();
        return;
      }
      calls += 1;
      if (mode === 'hold') held.push(route);
      else if (mode === 'refuse') await route.fulfill({ status: 404, json: { message: 'no' } });
      else if (mode === 'fail') await route.fulfill({ status: 500, json: { message: 'boom' } });
      else await route.continue();
    });
    await page.route('**/api/v4/articles/public?**', (route) =>
      route.fulfill({ status: 404, json: { message: 'no' } }),
    );
    await page.route('**/api/news-markers/recent?**', (route) =>
      route.fulfill({ json: { success: true, articles: [] } }),
    );
    await page.clock.install();
    await openApp(page);
    await tapCentre(page, page.getByTestId('mobile-tab-articles'));
    const sheet = page.getByTestId('mobile-sheet-articles');
    const state = sheet.getByTestId('mobile-articles-state');
    // (On a loaded machine the held call may already have timed out and be retried: 'Loading
    // articles... (Request timeout - retrying)'.)
    await expect(state).toHaveAttribute('data-kind', 'loading');
    await expect(state).toContainText('Loading articles...');

    mode = 'refuse';
    await expect.poll(() => held.length, { timeout: 30_000 }).toBeGreaterThan(0);
    for (const r of held.splice(0)) {
      await r.fulfill({ status: 404, json: { message: 'no' } }).catch(() => undefined);
    }
    await expect(state).toHaveAttribute('data-kind', 'failed', { timeout: 30_000 });
    await expect(state).toContainText('Failed to load articles: HTTP error! status: 404');
    await capture(page, 'phone-articles-failed.png');

    mode = 'ok';
    const before = calls;
    await tapCentre(page, state.getByRole('button', { name: 'Retry' }));
    await expect(sheet.getByTestId('mobile-article').first()).toBeVisible({ timeout: 30_000 });
    await expect(state).toHaveCount(0);
    expect(calls - before).toBe(1);

    // The 300 s refresh fails: the list stays, said to be from when it arrived.
    mode = 'fail';
    await page.clock.fastForward('05:00');
    await expect(state).toHaveAttribute('data-kind', 'stale', { timeout: 30_000 });
    await expect(state).toContainText(/^Could not refresh - showing articles from \d\d:\d\dRetry$/);
    await expect(sheet.getByTestId('mobile-article').first()).toBeVisible();
    await capture(page, 'phone-articles-stale.png');

    await context.setOffline(true);
    await expect(state).toHaveAttribute('data-kind', 'offline');
    await expect(state).toHaveText(/^Offline - showing articles from \d\d:\d\d$/);
    await capture(page, 'phone-articles-offline.png');
    await context.setOffline(false);
  });

  test('other pages: bottom nav with More on views and public pages, settings button, landing controls, globe tips and quick bar', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await page.addInitScript(() => {
      localStorage.setItem('atlas_walkthrough_seen', 'true');
      localStorage.setItem('atlas_location_asked', 'true');
    });
    await page.goto('/feeds');
    // The cheapest rung for the globe behind the pages (software WebGL at device scale 3).
    await page.waitForFunction(() => window.atlas !== undefined);
    await page.evaluate(() => window.atlas?.quality.set('low'));
    const nav = page.getByTestId('mobile-bottom-nav');
    await expect(nav).toBeVisible();
    await page.screenshot({ scale: 'css', path: test.info().outputPath('phone-feeds.png') });
    expect((await nav.boundingBox())?.height).toBeCloseTo(72, 0);
    await expectNavItems(page);
    await expect(nav.getByRole('link', { name: 'Feeds' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByTestId('feeds-page')).toBeVisible();
    const feeds = await page.getByTestId('feeds-page').boundingBox();
    expect((feeds?.y ?? 0) + (feeds?.height ?? 0)).toBeLessThanOrEqual(844 - 72 + 1);

    // The settings button: in the top bar (a floating one covered the page's rows), opens the
    // settings dialog, which fits.
    const gear = page.getByTestId('mobile-settings-button');
    await expect(gear).toBeInViewport({ ratio: 1 });
    const gb = await gear.boundingBox();
    const topBar = await page.getByTestId('navbar').boundingBox();
    expect((gb?.y ?? 99) + (gb?.height ?? 0)).toBeLessThanOrEqual(
      (topBar?.y ?? 0) + (topBar?.height ?? 0),
    );
    await tapCentre(page, gear);
    const settings = page.getByTestId('settings-dialog');
    await expect(settings).toBeVisible();
    await expectFits(page, settings);
    await tapCentre(page, settings.getByRole('button', { name: 'Cancel' }));
    await expect(settings).toBeHidden();

    // More: account, about, docs, sign in; each public page keeps its own header and has the nav.
    for (const [name, path] of [
      ['About', '/about'],
      ['Documentation', '/docs'],
    ] as const) {
      await tapCentre(page, page.getByTestId('mobile-nav-more'));
      const more = page.getByTestId('mobile-more-sheet');
      await expect(more).toBeVisible();
      for (const n of ['Account & Preferences', 'About', 'Documentation', 'Sign In']) {
        await expect(more.getByRole('link', { name: n })).toBeVisible();
      }
      await expect(more.getByRole('button', { name: 'Settings' })).toBeVisible();
      await tapCentre(page, more.getByRole('link', { name }));
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(more).toHaveCount(0);
      await expect(page.getByTestId('static-page')).toBeVisible();
      await expect(page.getByRole('link', { name: /Back to Home/ })).toBeVisible();
      await expectNavItems(page);
    }
    // A public page (its own header, no top bar): settings from the More sheet.
    await tapCentre(page, page.getByTestId('mobile-nav-more'));
    await tapCentre(page, page.getByTestId('mobile-more-settings'));
    await expect(settings).toBeVisible();
    await expect(page.getByTestId('mobile-more-sheet')).toHaveCount(0);
    await tapCentre(page, settings.getByRole('button', { name: 'Cancel' }));
    await expect(settings).toBeHidden();
    await page.screenshot({ scale: 'css', path: test.info().outputPath('phone-docs.png') });
    // The page's end scrolls clear of the nav.
    const end = await page.getByTestId('static-page').evaluate((el) => {
      el.scrollTop = el.scrollHeight;
      const last = el.querySelector('.static-page__body');
      return last === null ? 0 : last.getBoundingClientRect().bottom;
    });
    expect(end).toBeLessThanOrEqual(844 - 72);
    for (const path of ['/privacy', '/terms']) {
      await goTo(page, path);
      await expect(page.getByTestId('static-page')).toBeVisible();
      await expectNavItems(page);
    }

    await tapCentre(page, nav.getByRole('link', { name: 'Intelligence' }));
    await expect(page).toHaveURL(/\/intelligence$/);
    await expectNavItems(page);
    // Search: full screen, within the screen.
    await tapCentre(page, page.getByTestId('navbar-search'));
    const overlay = page.getByTestId('search-overlay');
    await expect(overlay).toBeVisible();
    await expectFits(page, page.locator('.search-panel'));
    await page.keyboard.press('Escape');
    await expect(overlay).toHaveCount(0);

    // The globe screen: the gesture tips once, above the quick bar, which sits above the tab bar.
    await page.evaluate(() => localStorage.removeItem('atlas_mobile_tips_seen'));
    await tapCentre(page, nav.getByRole('link', { name: 'Globe' }));
    await expect(page).toHaveURL(/\/app$/);
    const tips = page.getByTestId('mobile-tips');
    await expect(tips).toBeVisible();
    for (const t of ['Pinch to zoom', 'Drag to rotate', 'Double tap to zoom']) {
      await expect(tips).toContainText(t);
    }
    const bar = page.getByTestId('quick-bar');
    await expect(bar).toBeVisible();
    // Every chip on screen at 390 px (the row does not need scrolling on this phone).
    for (const chip of await bar.getByRole('button').all()) {
      await expect(chip).toBeInViewport({ ratio: 1 });
    }
    const tb = await tips.boundingBox();
    const qb = await bar.boundingBox();
    const tabs = await page.getByTestId('mobile-tabbar').boundingBox();
    if (tb === null || qb === null || tabs === null) throw new Error('no boxes');
    expect(tb.y + tb.height).toBeLessThanOrEqual(qb.y);
    expect(qb.y + qb.height).toBeLessThanOrEqual(tabs.y);
    await page.screenshot({ scale: 'css', path: test.info().outputPath('phone-app-tips.png') });
    await tapCentre(page, tips.getByRole('button', { name: 'Got it' }));
    await expect(tips).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('atlas_mobile_tips_seen'))).toBe('true');
    // The quick bar's chips act on the globe; the row scrolls inside itself, never the page.
    const grid = await page.evaluate(() => window.atlas?.layers.get().grid);
    await tapCentre(page, page.getByTestId('quick-grid'));
    await expect.poll(() => page.evaluate(() => window.atlas?.layers.get().grid)).toBe(!grid);
    await expect(page.getByTestId('quick-grid')).toHaveAttribute('aria-pressed', String(!grid));
    await tapCentre(page, page.getByTestId('quick-share'));
    const share = page.getByRole('dialog', { name: 'Share View' });
    await expect(share).toBeVisible();
    await expectFits(page, share);
    await tapCentre(page, share.getByRole('button', { name: 'Close' }));
    await expect(share).toHaveCount(0);
    // Back on the globe later: the tips stay away.
    await goTo(page, '/feeds');
    await goTo(page, '/app');
    await expect(page.getByTestId('mobile-tabbar')).toBeVisible();
    await expect(tips).toHaveCount(0);

    // The landing page: the plus button opens 'Controls & Data' with 10 articles; a pick opens
    // the article as a full-screen modal.
    await goTo(page, '/');
    const plus = page.getByTestId('landing-fab');
    await expect(plus).toBeVisible({ timeout: 20_000 });
    await tapCentre(page, plus);
    const modal = page.getByTestId('landing-controls-modal');
    await expect(modal).toBeVisible();
    await expect(modal.locator('.landing-list__title')).toHaveCount(10);
    await expectFits(page, modal);
    await page.screenshot({
      scale: 'css',
      path: test.info().outputPath('phone-landing-controls.png'),
    });
    await tapCentre(page, modal.locator('.landing-list__item').first());
    await expect(modal).toBeHidden();
    const dialog = page.getByTestId('article-dialog');
    await expect(dialog).toBeVisible();
    await expectFits(page, dialog);
    expect((await dialog.boundingBox())?.width).toBeGreaterThanOrEqual(389);
  });

  test('dialogs fit a phone: walkthrough, shortcuts, sign-in, register', async ({ page }) => {
    test.setTimeout(180_000);
    await page.addInitScript(() => {
      localStorage.setItem('atlas_mobile_tips_seen', 'true');
      localStorage.setItem('atlas_location_asked', 'true');
    });
    // The first-run walkthrough (shown 2 s after the globe screen mounts; under automation only
    // when asked).
    await page.goto('/app?walkthrough=1');
    await page.waitForFunction(() => window.atlas !== undefined);
    await page.evaluate(() => window.atlas?.quality.set('low'));
    const walk = page.getByTestId('walkthrough');
    await expect(walk).toBeVisible({ timeout: 30_000 });
    await expectFits(page, walk);
    await tapCentre(page, walk.getByRole('button', { name: 'Skip' }));
    await expect(walk).toHaveCount(0);
    // The shortcuts dialog ('?').
    await page.keyboard.press('?');
    const keys = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(keys).toBeVisible();
    await expectFits(page, keys);
    await page.keyboard.press('Escape');
    await expect(keys).toHaveCount(0);
    for (const path of ['/login', '/register']) {
      await goTo(page, path);
      const card = page.locator('.auth-card');
      await expect(card).toBeVisible();
      await expectFits(page, card);
    }
  });
});

test.describe('phone sheet drag', () => {
  test('drag > 100 px closes; after a short drag springs back, tab, close button, backdrop and a long drag still close', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await openApp(page);
    const cdp = await page.context().newCDPSession(page);
    const layersTab = page.getByTestId('mobile-tab-layers');
    const layers = page.getByTestId('mobile-sheet-layers');
    const open = async (): Promise<{ hx: number; hy: number }> => {
      await tapCentre(page, layersTab);
      await expect(layers).toBeVisible();
      await expect.poll(() => sheetOffset(page)).toBe(0);
      const handle = await page.getByTestId('mobile-sheet-layers-handle').boundingBox();
      if (handle === null) throw new Error('no handle');
      return { hx: handle.x + 60, hy: handle.y + 10 };
    };
    const drag = async (hx: number, hy: number, to: number, mouse = false): Promise<void> => {
      if (mouse) {
        // A mouse (or pen) drag: pointer events of another kind, the same handling; no text
        // gets selected on the way.
        await page.mouse.move(hx, hy);
        await page.mouse.down();
        await page.mouse.move(hx, hy + to, { steps: 3 });
        await expect.poll(() => sheetOffset(page)).toBeCloseTo(to, 0);
        await page.mouse.up();
        expect(await page.evaluate(() => getSelection()?.toString() ?? '')).toBe('');
        return;
      }
      await touch(cdp, 'touchStart', [{ x: hx, y: hy }]);
      await touch(cdp, 'touchMove', [{ x: hx, y: hy + to / 2 }]);
      await touch(cdp, 'touchMove', [{ x: hx, y: hy + to }]);
      // The sheet follows the finger while it is down (moves are delivered with the next frame).
      await expect.poll(() => sheetOffset(page)).toBeCloseTo(to, 0);
      await touch(cdp, 'touchEnd', []);
    };

    // A long drag closes.
    let h = await open();
    await drag(h.hx, h.hy, 160);
    await expect(layers).toHaveCount(0);

    // A short drag springs back; then each way of closing still works.
    for (const close of ['tab', 'button', 'backdrop', 'drag'] as const) {
      h = await open();
      await drag(h.hx, h.hy, 60, close === 'tab');
      await expect(layers).toBeVisible();
      // It springs back; the next gesture aims at where it comes to rest.
      await expect.poll(() => sheetOffset(page)).toBe(0);
      if (close === 'tab') await tapCentre(page, layersTab);
      else if (close === 'button')
        await tapCentre(page, layers.getByRole('button', { name: 'Close' }));
      else if (close === 'backdrop') await page.touchscreen.tap(195, 120);
      else await drag(h.hx, h.hy, 160);
      await expect(layers, close).toHaveCount(0);
      await expect(layersTab).toHaveAttribute('aria-pressed', 'false');
    }
  });
});

test.describe('touch on the globe', () => {
  test('rotate with momentum, pinch, double tap, long press', async ({ page }) => {
    test.setTimeout(240_000);
    await openApp(page);
    await page.evaluate(() => window.atlas?.layers.set('markers', false));
    await page.evaluate(() => window.atlas?.camera.set({ lat: 10, lon: 0, distance: 600 }));
    await waitForFrames(page, 2);
    const cdp = await page.context().newCDPSession(page);
    const cx = 195;
    const cy = 420;

    // Pinch: two fingers moving apart zoom in.
    const before = (await camera(page)).distance;
    await touch(cdp, 'touchStart', [
      { x: cx - 40, y: cy, id: 1 },
      { x: cx + 40, y: cy, id: 2 },
    ]);
    for (let d = 60; d <= 160; d += 25) {
      await touch(cdp, 'touchMove', [
        { x: cx - d, y: cy, id: 1 },
        { x: cx + d, y: cy, id: 2 },
      ]);
    }
    await touch(cdp, 'touchEnd', []);
    await expect
      .poll(async () => (await camera(page)).distance, { timeout: 15_000 })
      .toBeLessThan(before - 20);

    // One finger (CDP touch): the globe follows the finger.
    await page.evaluate(() => window.atlas?.camera.set({ lat: 10, lon: 0, distance: 600 }));
    await waitForFrames(page, 2);
    await touch(cdp, 'touchStart', [{ x: 60, y: cy }]);
    for (let x = 90; x <= 330; x += 30) await touch(cdp, 'touchMove', [{ x, y: cy }]);
    await touch(cdp, 'touchEnd', []);
    expect(Math.abs((await camera(page)).lon)).toBeGreaterThan(5);

    // A fast fling coasts after release (momentum). Each CDP touch event waits for a frame (slow
    // under software WebGL), so the fling's touch pointer events are dispatched in one go.
    await page.evaluate(() => window.atlas?.camera.set({ lat: 10, lon: 0, distance: 600 }));
    await waitForFrames(page, 2);
    await page.evaluate((y) => {
      const canvas = document.getElementById('atlas-globe');
      if (!canvas) throw new Error('no canvas');
      const at = (x: number) => ({
        clientX: x,
        clientY: y,
        pointerId: 9,
        pointerType: 'touch',
        isPrimary: true,
        bubbles: true,
        button: 0,
      });
      canvas.dispatchEvent(new PointerEvent('pointerdown', at(100)));
      for (let x = 130; x <= 250; x += 30)
        canvas.dispatchEvent(new PointerEvent('pointermove', at(x)));
      canvas.dispatchEvent(new PointerEvent('pointerup', at(250)));
    }, cy);
    await waitForFrames(page, 2);
    const released = await camera(page);
    await waitForFrames(page, 3);
    const later = await camera(page);
    // Still turning after the finger left (dragging right turns the camera west).
    expect(later.lon).toBeLessThan(released.lon - 0.01);

    // Double tap (two quick taps, dispatched together so they fit in 300 ms): 600 -> 300.
    await page.evaluate(() => window.atlas?.camera.set({ lat: 10, lon: 0, distance: 600 }));
    await waitForFrames(page, 2);
    await Promise.all([
      touch(cdp, 'touchStart', [{ x: cx, y: cy }]),
      touch(cdp, 'touchEnd', []),
      touch(cdp, 'touchStart', [{ x: cx + 5, y: cy + 5 }]),
      touch(cdp, 'touchEnd', []),
    ]);
    await expect
      .poll(async () => (await camera(page)).distance, { timeout: 15_000 })
      .toBeCloseTo(300, 1);

    // Long press (500 ms held still): while the finger is down, a card says what is under it.
    await touch(cdp, 'touchStart', [{ x: cx, y: cy }]);
    const card = page.getByTestId('mobile-longpress');
    await expect(card).toBeVisible({ timeout: 20_000 });
    await expect(card).toContainText(/-?\d+\.\d{4}, -?\d+\.\d{4}/);
    await touch(cdp, 'touchEnd', []);
    await page.screenshot({ scale: 'css', path: test.info().outputPath('longpress.png') });
  });
});
