/**
 * The accessibility gate (issue #30 item 5, WCAG 2.2 AA): axe (@axe-core/playwright, every rule
 * axe runs by default: the WCAG 2.0-2.2 A/AA rules and its best practices) on every route of
 * ui/routes.ts at desktop (1280x800) and phone size (390x844, isMobile, hasTouch), failing on any
 * serious or critical violation (rule ids and targets in the message). Every page also has one
 * <main> and exactly one <h1>, and every <nav> a name. Routes are visited by in-app navigation
 * (one engine boot per size and identity, as a user moves between pages): the guest routes as a
 * guest, the login-only ones (and /admin) as an admin. The WebGL canvas itself is judged by axe
 * too (a named, focusable role=application on globe views; aria-hidden behind other pages).
 *
 * Then the globe by keyboard: Tab reaches it, its focus ring is drawn, ArrowRight turns it; and
 * the live regions: toasts in a polite region, errors in an assertive one.
 *
 * A table of violations per route and size (by impact) is printed to stdout.
 */
import AxeBuilder from '@axe-core/playwright';
import path from 'node:path';
import {
  expect,
  test,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test';
import { ROUTES, pageTitle, type RouteDef } from '../../ui/routes';
import { createOrPromoteAdmin } from '../../server/auth/createAdmin';
import { createDb } from '../../server/db/createDb';
import { createArticle, registerUser, uniqueWord } from './articleSession';
import { waitForFrames } from './helpers';
import { REPO_ROOT } from './spawnServer';

const SIZES: Record<'desktop' | 'phone', BrowserContextOptions> = {
  desktop: { viewport: { width: 1280, height: 800 } },
  phone: {
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 3,
  },
};

type Impact = 'critical' | 'serious' | 'moderate' | 'minor';
const IMPACTS: readonly Impact[] = ['critical', 'serious', 'moderate', 'minor'];

interface RouteResult {
  path: string;
  size: string;
  counts: Record<Impact, number>;
  /** Serious and critical: rule id, impact and targets. */
  blocking: string[];
  /** Moderate and minor rule ids (reported, not gating). */
  other: string[];
  structure: string[];
  /** The route whose identical page (fingerprint()) gave this result. */
  sameAs?: string;
}

const results: RouteResult[] = [];

interface Admin {
  token: string;
  user: unknown;
}

/** An admin account: registered through the API, promoted in the e2e database as
 * scripts/create-admin.ts does, then signed in (promotion revokes the first token). */
async function makeAdmin(baseURL: string): Promise<Admin> {
  const email = `a11y-admin-${Date.now()}@example.org`;
  const password = 'correct horse battery';
  const reg = await fetch(`${baseURL}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, name: 'A11y Admin' }),
  });
  expect(reg.status, await reg.clone().text()).toBe(201);
  const file = path.resolve(REPO_ROOT, process.env['ATLAS_E2E_DB'] ?? 'var/test-e2e.db');
  const atlasDb = await createDb({ database: { kind: 'sqlite', file } }, { migrate: false });
  try {
    await createOrPromoteAdmin(atlasDb.db, { email });
  } finally {
    await atlasDb.close();
  }
  const login = await fetch(`${baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(login.status, await login.clone().text()).toBe(200);
  const body = (await login.json()) as { token: string; user: { role: string } };
  expect(body.user.role).toBe('admin');
  return { token: body.token, user: body.user };
}

async function openContext(
  browser: Browser,
  size: BrowserContextOptions,
  admin: Admin | null,
  before?: (page: Page) => Promise<void>,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(size);
  const page = await context.newPage();
  await page.addInitScript((session) => {
    // The globe's frames are held while axe runs (window.__holdFrames): axe judges the DOM, and
    // software WebGL drawing at full rate would take the 2-core machine from it.
    const raf = window.requestAnimationFrame.bind(window);
    const held: FrameRequestCallback[] = [];
    const w = window as unknown as { __holdFrames: boolean; __releaseFrames: () => void };
    w.__holdFrames = false;
    w.__releaseFrames = () => {
      w.__holdFrames = false;
      for (const cb of held.splice(0)) raf(cb);
    };
    window.requestAnimationFrame = (cb) => {
      if (!w.__holdFrames) return raf(cb);
      held.push(cb);
      return 0;
    };
    localStorage.setItem('atlas_walkthrough_seen', 'true');
    localStorage.setItem('atlas_mobile_tips_seen', 'true');
    if (session !== null) {
      localStorage.setItem('atlas_auth_token', session.token);
      localStorage.setItem('atlas_auth_user', JSON.stringify(session.user));
    }
  }, admin);
  // Less animation to wait for (auto-rotation, fades); the pages are the same.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await before?.(page);
  await page.goto('/app');
  await page.waitForFunction(() => window.atlas !== undefined);
  return { context, page };
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

async function visit(page: Page, route: RouteDef): Promise<void> {
  await page.evaluate((p) => {
    history.pushState(null, '', p);
    dispatchEvent(new PopStateEvent('popstate'));
  }, route.path);
  await expect(page).toHaveTitle(new RegExp(`^${escapeRe(pageTitle(route))}$`), {
    timeout: 15_000,
  });
  // The page's heading (lazily loaded pages show a loading state first); a page without one is
  // reported by structure() below, not waited for long.
  await page
    .locator('h1')
    .first()
    .waitFor({ state: 'attached', timeout: 5_000 })
    .catch(() => undefined);
  // The UI reveal (ui/shell/blur.ts) fades the shell in: judge contrast once it is opaque.
  await expect(page.locator('.app-shell--hidden')).toHaveCount(0, { timeout: 15_000 });
}

async function structure(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const mains = document.querySelectorAll('main, [role="main"]').length;
    if (mains !== 1) problems.push(`${mains} <main> landmarks`);
    const h1 = document.querySelectorAll('h1').length;
    if (h1 !== 1) problems.push(`${h1} <h1>`);
    for (const nav of document.querySelectorAll('nav, [role="navigation"]')) {
      if (!nav.getAttribute('aria-label') && !nav.getAttribute('aria-labelledby')) {
        problems.push(`unnamed nav .${nav.className}`);
      }
    }
    return problems;
  });
}

/**
 * A fingerprint of the rendered page: every element's tag and attributes (the root's and body's
 * too: layout and variant attributes change styles) and its text, digits masked (live counters,
 * FPS, times). axe's result depends on the DOM and the stylesheets only, so a route whose
 * fingerprint equals an audited route's at the same size (the globe variants render the same
 * /app page) takes that result instead of running axe again.
 */
function fingerprint(page: Page): Promise<string> {
  return page.evaluate(() => {
    let hash = 0x811c9dc5;
    const add = (text: string): void => {
      for (let i = 0; i < text.length; i += 1) {
        hash ^= text.charCodeAt(i);
        hash = Math.imul(hash, 0x01000193) >>> 0;
      }
    };
    const walker = document.createTreeWalker(
      document.documentElement,
      NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT,
    );
    for (let node = walker.currentNode; ;) {
      if (node instanceof Element) {
        add(`<${node.tagName}`);
        for (const a of node.attributes) add(` ${a.name}=${a.value.replace(/[0-9.]+/g, '#')}`);
      } else if (node.parentElement?.tagName !== 'TITLE') {
        // (The title names the route; it is checked on each visit.)
        add((node.textContent ?? '').replace(/[0-9.,]+/g, '#'));
      }
      const next = walker.nextNode();
      if (next === null) break;
      node = next;
    }
    return hash.toString(16);
  });
}

async function audit(page: Page, route: RouteDef, size: string): Promise<RouteResult> {
  await page.evaluate(() => {
    (window as unknown as { __holdFrames: boolean }).__holdFrames = true;
  });
  // Only violations are collected in full (axe's resultTypes): much less work on long pages.
  const axe = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
  await page.evaluate(() => {
    (window as unknown as { __releaseFrames: () => void }).__releaseFrames();
  });
  const counts: Record<Impact, number> = { critical: 0, serious: 0, moderate: 0, minor: 0 };
  const blocking: string[] = [];
  const other: string[] = [];
  for (const v of axe.violations) {
    const impact: Impact = v.impact ?? 'minor';
    counts[impact] += v.nodes.length;
    if (impact === 'critical' || impact === 'serious') {
      const targets = v.nodes.map((n) => n.target.join(' ')).slice(0, 6);
      blocking.push(`${v.id} (${impact}, ${v.nodes.length}): ${targets.join(' | ')}`);
    } else {
      other.push(`${v.id}(${v.nodes.length})`);
    }
  }
  return { path: route.path, size, counts, blocking, other, structure: await structure(page) };
}

function table(): string {
  const rows = ['| route | size | critical | serious | moderate | minor | moderate/minor rules |'];
  rows.push('|---|---|---|---|---|---|---|');
  for (const r of results) {
    const c = IMPACTS.map((i) => String(r.counts[i]));
    const path = r.sameAs === undefined ? r.path : `${r.path} (page as ${r.sameAs})`;
    rows.push(`| ${path} | ${r.size} | ${c.join(' | ')} | ${r.other.join(', ') || '-'} |`);
  }
  return rows.join('\n');
}

/** While fixing: ATLAS_A11Y_ROUTES=/feeds,/app and ATLAS_A11Y_SIZES=phone narrow the run. */
const ONLY_ROUTES = process.env['ATLAS_A11Y_ROUTES']?.split(',');
const ONLY_SIZES = process.env['ATLAS_A11Y_SIZES']?.split(',');
const ROUTES_TO_CHECK = ROUTES.filter(
  (r) => r.access !== 'disabled' && (ONLY_ROUTES?.includes(r.path) ?? true),
);
const GUEST_ROUTES = ROUTES_TO_CHECK.filter((r) => r.access !== 'login');
const LOGIN_ROUTES = ROUTES_TO_CHECK.filter((r) => r.access === 'login');

test.describe('accessibility gate', () => {
  test.afterAll(() => {
    if (results.length > 0) console.log(`\naxe results per route\n${table()}\n`);
  });

  for (const [size, options] of Object.entries(SIZES)) {
    if (ONLY_SIZES !== undefined && !ONLY_SIZES.includes(size)) continue;
    test(`axe: every route at ${size} size, 0 serious or critical`, async ({
      browser,
      baseURL,
    }) => {
      test.setTimeout(900_000);
      const admin = await makeAdmin(baseURL ?? '');
      const failures: string[] = [];
      const audited = new Map<string, RouteResult>();
      for (const [identity, routes] of [
        [null, GUEST_ROUTES],
        [admin, LOGIN_ROUTES],
      ] as const) {
        if (routes.length === 0) continue;
        const { context, page } = await openContext(browser, options, identity);
        for (const route of routes) {
          const started = Date.now();
          await visit(page, route);
          const visited = Date.now();
          const print = await fingerprint(page);
          const same = audited.get(print);
          const r =
            same === undefined
              ? await audit(page, route, size)
              : { ...same, path: route.path, sameAs: same.path, structure: await structure(page) };
          if (same === undefined) audited.set(print, r);
          results.push(r);
          for (const b of r.blocking) failures.push(`${size} ${route.path}: ${b}`);
          if (r.blocking.length + r.structure.length > 0) {
            console.log([...r.blocking, ...r.structure].map((b) => `  ${b}`).join('\n'));
          }
          for (const s of r.structure) failures.push(`${size} ${route.path}: ${s}`);
          console.log(`${size} ${route.path} ${visited - started} + ${Date.now() - visited} ms`);
        }
        await context.close();
      }
      expect(results.filter((r) => r.size === size)).toHaveLength(ROUTES_TO_CHECK.length);
      expect(failures, failures.join('\n')).toEqual([]);
    });
  }
});

interface Cam {
  lat: number;
  lon: number;
  distance: number;
}

function camera(page: Page): Promise<Cam> {
  return page.evaluate(() => {
    const c = window.atlas?.camera.get();
    if (!c) throw new Error('no atlas handle');
    return c;
  });
}

test.describe('keyboard and live regions', () => {
  test('the globe by keyboard: Tab reaches it, its focus ring shows, arrows and + turn and zoom', async ({
    browser,
  }) => {
    // A globe boot and up to 60 Tab presses: past a minute on a busy machine (SwiftShader).
    test.setTimeout(150_000);
    const { context, page } = await openContext(browser, SIZES.desktop, null);
    await page.evaluate(() => window.atlas?.whenReady());
    const globe = page.getByRole('application', {
      name: 'Interactive globe: arrow keys rotate, + and - zoom',
    });
    await expect(globe).toHaveCount(1);
    // The canvas itself is pixels only: hidden from assistive technology, not a tab stop.
    await expect(page.locator('#atlas-globe')).toHaveAttribute('aria-hidden', 'true');
    await expect(page.locator('#atlas-globe')).toHaveAttribute('tabindex', '-1');
    await expect(page.getByTestId('app-shell')).not.toHaveClass(/app-shell--hidden/);

    // Tab from the top of the page until the globe has focus.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    let presses = 0;
    for (; presses < 60; presses += 1) {
      if (await globe.evaluate((el) => el === document.activeElement)) break;
      await page.keyboard.press('Tab');
    }
    expect(presses, 'Tab presses until the globe has focus').toBeLessThan(60);
    const ring = await globe.evaluate((el) => {
      const s = getComputedStyle(el);
      return {
        focusVisible: el.matches(':focus-visible'),
        style: s.outlineStyle,
        width: s.outlineWidth,
        color: s.outlineColor,
      };
    });
    // The kit's --focus-ring (#93c5fd), 3 px, drawn inside the screen's edge.
    expect(ring).toEqual({
      focusVisible: true,
      style: 'solid',
      width: '3px',
      color: 'rgb(147, 197, 253)',
    });
    console.log(`[a11y] the globe is reached after ${presses} Tab presses`);
    await page.screenshot({ path: test.info().outputPath('globe-focus-ring.png') });

    // The keys act while the globe has focus (they are read on window).
    await page.evaluate(() => window.atlas?.camera.set({ lat: 10, lon: 20, distance: 800 }));
    await expect.poll(async () => (await camera(page)).lon).toBeCloseTo(20, 1);
    await waitForFrames(page, 2);
    expect((await camera(page)).lon).toBeCloseTo(20, 1); // nothing turns it by itself
    await expect(globe).toBeFocused();
    // One press turns it a step east (the step grows with the distance: controls.spec.ts).
    await page.keyboard.press('ArrowRight');
    await expect
      .poll(async () => (await camera(page)).lon, { timeout: 15_000 })
      .toBeGreaterThan(21);
    await page.keyboard.press('+');
    await expect
      .poll(async () => (await camera(page)).distance, { timeout: 15_000 })
      .toBeLessThan(800);
    await expect(globe).toBeFocused();
    await context.close();
  });

  test('live regions: toasts polite, errors assertive, new articles counted politely', async ({
    browser,
    request,
  }) => {
    // Two page loads, each booting the globe first (tens of seconds in SwiftShader when busy).
    test.setTimeout(150_000);
    // A guest whose article call fails: the error toast lands in the assertive region.
    const guest = await openContext(browser, SIZES.desktop, null, async (page) => {
      await page.route('**/api/public/all-articles**', (route) =>
        route.fulfill({ status: 500, body: '{"error":"down for the test"}' }),
      );
    });
    const polite = guest.page.getByTestId('toasts-polite');
    const assertive = guest.page.getByTestId('toasts-assertive');
    await expect(polite).toHaveAttribute('role', 'status');
    await expect(polite).toHaveAttribute('aria-live', 'polite');
    await expect(assertive).toHaveAttribute('role', 'alert');
    await expect(assertive).toHaveAttribute('aria-live', 'assertive');
    await expect(assertive).toContainText('Failed to load articles', { timeout: 30_000 });
    await guest.context.close();

    // A signed-in user: the connection toast is polite, and a live article is counted in the
    // visually hidden polite region.
    const session = await registerUser(request, 'a11y-live');
    const user = await openContext(browser, SIZES.desktop, session);
    const arrivals = user.page.getByTestId('live-arrivals');
    await expect(arrivals).toHaveAttribute('role', 'status');
    await expect(arrivals).toHaveClass(/visually-hidden/);
    await expect(user.page.getByTestId('toasts-polite')).toContainText(
      'Real-time connection established',
      { timeout: 30_000 },
    );
    await expect(arrivals).toHaveText('');
    const word = uniqueWord('a11ylive');
    await createArticle(request, session, {
      title: `${word} harbour reopens`,
      url: `https://example.org/${word}`,
      description: 'A live article for the announcement test.',
      latitude: 59.9,
      longitude: 10.7,
      locationName: 'Oslo',
    });
    await expect(arrivals).toHaveText('1 new article arrived', { timeout: 30_000 });
    await user.context.close();
  });
});
