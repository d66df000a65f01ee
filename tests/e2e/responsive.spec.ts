/**
 * Every route of ui/routes.ts at phone and tablet sizes (issue #22; projects `phone` 390x844,
 * `tablet` 768x1024 and `tablet-landscape` 1024x768 in playwright.config.ts): the document never
 * scrolls sideways and no navbar, tab-bar or menu control lies outside the viewport. One page
 * load: the routes are visited by in-app navigation (the globe stays mounted, as for a user).
 * The tablet projects also open the hamburger menu and check its links and the user menu.
 */
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { ROUTES, pageTitle } from '../../ui/routes';

/** The navigation controls that must be reachable at any size. */
const CONTROLS = [
  '[data-testid="navbar"] a',
  '[data-testid="navbar"] button',
  '.mobile-tabbar a',
  '.mobile-tabbar button',
  '[role="tab"]',
  '[role="menuitem"]',
  '[data-testid="tablet-menu"] a',
].join(', ');

/** Routes photographed for docs/screenshots (the test's output folder). */
const SHOTS = ['/', '/app', '/feeds'];

interface Problem {
  scrollWidth: number;
  width: number;
  outside: string[];
}

function problems(page: Page): Promise<Problem> {
  return page.evaluate((selector) => {
    const w = window.innerWidth;
    const h = window.innerHeight;
    const outside: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(selector)) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue; // not rendered (display: none)
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden') continue;
      if (r.left < -1 || r.top < -1 || r.right > w + 1 || r.bottom > h + 1) {
        const name = (el.getAttribute('aria-label') ?? el.textContent).trim();
        outside.push(
          `${name} [${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.width)}x${Math.round(r.height)}]`,
        );
      }
    }
    return {
      scrollWidth: Math.max(document.documentElement.scrollWidth, document.body.scrollWidth),
      width: w,
      outside,
    };
  }, CONTROLS);
}

test('every route fits the screen: no sideways scroll, every nav control on screen', async ({
  page,
}) => {
  test.setTimeout(360_000);
  await page.addInitScript(() => {
    localStorage.setItem('atlas_walkthrough_seen', 'true');
    localStorage.setItem('atlas_mobile_tips_seen', 'true');
    localStorage.setItem('atlas_location_asked', 'true');
  });
  await page.goto('/app');
  await page.waitForFunction(() => window.atlas !== undefined);
  const failures: string[] = [];
  const visited: string[] = [];
  for (const route of ROUTES) {
    if (route.access === 'disabled') continue;
    await page.evaluate((path) => {
      history.pushState(null, '', path);
      dispatchEvent(new PopStateEvent('popstate'));
    }, route.path);
    // Login-only routes go to /login for the guest: its title then.
    await expect
      .poll(() => page.title(), { timeout: 15_000 })
      .toMatch(new RegExp(`^(${escape(pageTitle(route))}|Sign In \\| ATLAS)$`));
    // Lazily loaded pages and the UI reveal settle within a moment.
    await page.waitForTimeout(400);
    const p = await problems(page);
    visited.push(route.path);
    if (SHOTS.includes(route.path)) {
      await shot(page, route.path === '/' ? 'landing' : route.path.slice(1));
    }
    if (p.scrollWidth > p.width) {
      failures.push(`${route.path}: document ${p.scrollWidth} px wide in a ${p.width} px viewport`);
    }
    if (p.outside.length > 0) failures.push(`${route.path}: off-screen ${p.outside.join('; ')}`);
  }
  expect(visited.length).toBeGreaterThan(25);

  // Tablets: the hamburger menu holds the navbar's links, on screen; the user menu is reachable.
  const width = page.viewportSize()?.width ?? 0;
  if (width > 768 && width <= 1024) {
    await page.evaluate(() => {
      history.pushState(null, '', '/feeds');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.getByTestId('tablet-menu-button').click();
    const menu = page.getByTestId('tablet-menu');
    for (const name of ['Globe', 'Feeds', 'Intelligence', 'Layers', 'Analytics', 'About']) {
      await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
    }
    const p = await problems(page);
    if (p.outside.length > 0) failures.push(`tablet menu: off-screen ${p.outside.join('; ')}`);
    // The user menu (a guest has the local guest identity) or, signed out, Sign In.
    await expect(
      page.getByTestId('user-menu-button').or(page.getByRole('link', { name: 'Sign In' })),
    ).toBeInViewport();
    await menu.getByRole('link', { name: 'Analytics', exact: true }).click();
    await expect(page).toHaveURL(/\/analytics$/);
    await expect(menu).toHaveCount(0);

    // The globe screen: the side panels are buttons until pressed, so the globe keeps the screen.
    await page.getByTestId('tablet-menu-button').click();
    await menu.getByRole('link', { name: 'Globe', exact: true }).click();
    await expect(page).toHaveURL(/\/app$/);
    for (const [panel, button] of [
      ['filters-panel', 'tablet-recent-button'],
      ['globe-panel', 'tablet-globe-button'],
    ] as const) {
      await expect(page.getByTestId(panel)).toHaveCount(0);
      const b = page.getByTestId(button);
      await expect(b).toBeInViewport({ ratio: 1 });
      await b.click();
      await expect(b).toHaveAttribute('aria-expanded', 'true');
      await expect(page.getByTestId(panel)).toBeInViewport({ ratio: 1 });
      // The open panel does not cover its button.
      const pb = await page.getByTestId(panel).boundingBox();
      const bb = await b.boundingBox();
      if (pb === null || bb === null) throw new Error('no boxes');
      expect(pb.y >= bb.y + bb.height || pb.y + pb.height <= bb.y, panel).toBe(true);
    }
    await shot(page, 'app-panels-open');
    await page.getByTestId('tablet-recent-button').click();
    await expect(page.getByTestId('filters-panel')).toHaveCount(0);
  } else if (width <= 768) {
    // 768 px and less is the phone layout (spec breakpoints): the bottom navigation, no panels.
    await expect(
      page.getByTestId('mobile-bottom-nav').or(page.getByTestId('mobile-tabbar')),
    ).toBeVisible();
    await expect(page.getByTestId('filters-panel')).toHaveCount(0);
    // An open sheet (the phone globe screen's Layers sheet).
    await page.evaluate(() => {
      history.pushState(null, '', '/app');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    const tab = page.getByTestId('mobile-tab-layers');
    const box = await tab.boundingBox();
    if (box === null) throw new Error('no Layers tab');
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    const sheet = page.getByTestId('mobile-sheet-layers');
    await expect(sheet).toBeVisible();
    await expect.poll(() => sheet.evaluate((el) => getComputedStyle(el).transform)).toBe('none');
    await shot(page, 'app-sheet');
  }
  expect(failures).toEqual([]);
});

/**
 * A screenshot into the test's output folder; with ATLAS_MOBILE_SCREENSHOTS=1 also into
 * docs/screenshots/<project>-<name>.png (the committed documentation pictures).
 */
async function shot(page: Page, name: string): Promise<void> {
  const file = `${test.info().project.name}-${name}.png`;
  await page.screenshot({ scale: 'css', path: test.info().outputPath(file) });
  if (process.env['ATLAS_MOBILE_SCREENSHOTS'] === '1') {
    await page.screenshot({ scale: 'css', path: path.join('docs', 'screenshots', file) });
  }
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
