/**
 * The three views of the news (issue 26) from the synthetic starter data: the Intelligence graph
 * (nodes > 20; a node click lists its articles and moves the camera; the renderer is released
 * when the page is left), the Layers catalogue (complete against the engine's layer list; a
 * toggle changes window.atlas.layers), and Analytics (charts drawn, CSV export equal to the API,
 * counters that move on a socket `article:new` without a reload, the globe's choropleth switched
 * from the view: every country of the API filled, its legend over the globe on /app); a view's
 * honest states under failure (issue #32: loading, failed with Retry, stale, offline).
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { createArticle, registerUser, signIn, uniqueWord } from './articleSession';
import { requireWebGL2, waitForFrames } from './helpers';

async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await requireWebGL2(page);
  await page.evaluate(() => window.atlas?.whenReady());
}

const camera = (page: Page) =>
  page.evaluate(() => window.atlas?.camera.get() ?? { lat: 0, lon: 0, distance: 0 });

test.describe('views of the news', () => {
  test('intelligence graph and layer catalogue (guest)', async ({ page }) => {
    test.setTimeout(150_000);
    const errors: string[] = [];
    page.on('pageerror', (e) => {
      errors.push(e.message);
      console.log(`[views] page error: ${e.message}`);
    });
    await page.addInitScript(() => localStorage.setItem('atlas_walkthrough_seen', 'true'));
    await open(page, '/intelligence');

    const graph = page.getByTestId('intel-graph');
    await expect(graph.locator('canvas.sigma-nodes')).toBeAttached({ timeout: 45_000 });
    const nodes = Number(await graph.getAttribute('data-nodes'));
    expect(nodes).toBeGreaterThan(20);
    await expect(page.getByTestId('intel-trending').locator('li').first()).toBeVisible();
    // Guests see the graph, not the AI insights.
    await expect(page.getByTestId('intel-insights-locked')).toBeVisible();

    // The heaviest country node: click it where sigma drew it.
    const target = await graph.evaluate((el) => {
      const handle = (
        el as unknown as {
          atlasGraph?: { viewportOf(id: string): { x: number; y: number } | null };
        }
      ).atlasGraph;
      const nodesUrl = '/api/intelligence/knowledge-graph?hours=24&limit=150';
      return fetch(nodesUrl)
        .then((r) => r.json() as Promise<{ nodes: { id: string; type: string }[] }>)
        .then((body) => {
          const node = body.nodes.find((n) => n.type === 'country');
          if (node === undefined || handle === undefined) return null;
          return { id: node.id, at: handle.viewportOf(node.id) };
        });
    });
    expect(target?.at).not.toBeNull();
    const before = await camera(page);
    const box = await graph.boundingBox();
    if (target?.at == null || box === null) throw new Error('no node position');
    await page.mouse.move(box.x + target.at.x, box.y + target.at.y);
    await page.mouse.click(box.x + target.at.x, box.y + target.at.y);
    const selection = page.getByTestId('intel-selection');
    await expect(selection.getByTestId('feed-card').first()).toBeVisible({ timeout: 15_000 });
    const api = (await (
      await page.request.get(
        `/api/intelligence/entity-articles?id=${encodeURIComponent(target.id)}&hours=24&limit=30`,
      )
    ).json()) as { articles: { id: string }[] };
    const shown = await selection
      .getByTestId('feed-card')
      .evaluateAll((cards) => cards.map((c) => c.getAttribute('data-id')));
    expect(shown).toEqual(api.articles.map((a) => a.id));
    // The globe flies to the node's articles (distance 420 from the background's 600).
    await expect
      .poll(async () => (await camera(page)).distance, { timeout: 20_000 })
      .toBeLessThan(before.distance - 100);

    // Layers: client-side navigation, so the same engine (and the graph's release) is checked.
    await page.getByRole('link', { name: 'Layers' }).first().click();
    await expect(page.getByTestId('layers-page')).toBeVisible();
    await expect(page.locator('[data-testid="intel-graph"] canvas')).toHaveCount(0);
    const engineLayers = await page.evaluate(() => Object.keys(window.atlas?.layers.get() ?? {}));
    const cards = await page
      .getByTestId('layer-card')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-layer')));
    expect([...cards].sort()).toEqual([...engineLayers].sort());
    const gridBefore = await page.evaluate(() => window.atlas?.layers.get().grid);
    await page.getByTestId('layer-toggle-grid').click();
    await waitForFrames(page);
    await expect.poll(() => page.evaluate(() => window.atlas?.layers.get().grid)).toBe(!gridBefore);
    await expect(page.getByTestId('layer-toggle-grid')).toHaveAttribute(
      'aria-checked',
      String(!gridBefore),
    );
    await expect(page.getByTestId('layers-cost')).toContainText('draw calls');
    expect(errors).toEqual([]);
  });

  test('analytics: charts, CSV equal to the API, live counters', async ({ page, request }) => {
    test.setTimeout(120_000);
    const session = await registerUser(request, 'analytics');
    await signIn(page, session);
    await open(page, '/analytics');
    await expect(page.getByTestId('chart-categories').locator('canvas')).toBeAttached({
      timeout: 20_000,
    });
    await expect(page.getByTestId('chart-sentiment').locator('canvas')).toBeAttached();
    await expect(page.getByTestId('table-countries').locator('tbody tr').first()).toBeVisible();

    // CSV export: the same numbers as the API.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    const csv = await readFile(await download.path(), 'utf8');
    const api = (await (await request.get('/api/analytics/overview?hours=24')).json()) as {
      total: number;
      countries: { country: string; count: number }[];
      bySource: Record<string, number>;
      byRisk: Record<string, number>;
    };
    const rows = csv
      .trim()
      .split('\r\n')
      .slice(1)
      .map((l) => l.split(','));
    const table = (name: string): Record<string, number> => {
      const out: Record<string, number> = {};
      for (const r of rows) if (r[0] === name && r[1] !== undefined) out[r[1]] = Number(r[2]);
      return out;
    };
    expect(table('summary')['total']).toBe(api.total);
    expect(table('country')).toEqual(
      Object.fromEntries(api.countries.map((c) => [c.country, c.count])),
    );
    expect(table('source')).toEqual(api.bySource);
    expect(table('risk')).toEqual(api.byRisk);

    // Live: a new article over the socket moves the counters without a reload.
    const total = Number(await page.getByTestId('counter-total').textContent());
    // Wait until the socket is subscribed (the shell's client connects on start).
    await page.waitForTimeout(1500);
    await createArticle(request, session, {
      title: `${uniqueWord('analytics')} counter moves`,
      url: `https://news.example.org/${uniqueWord('counter')}`,
      latitude: 10,
      longitude: 20,
      country: 'Chad',
    });
    await expect(page.getByTestId('counter-live')).toHaveText('1', { timeout: 15_000 });
    await expect(page.getByTestId('counter-total')).toHaveText(String(total + 1));

    // The choropleth, switched on from this view: one fill per country code the API names, the
    // countries drawn on the globe, the legend here and over the globe on /app.
    const choropleth = () => page.evaluate(() => window.atlas?.layers.choropleth());
    const apiCodes = async (): Promise<number> => {
      const body = (await (await request.get('/api/analytics/overview?hours=24')).json()) as {
        countries: { iso2: string | null }[];
      };
      return new Set(body.countries.map((c) => c.iso2).filter((c) => c !== null)).size;
    };
    await page.getByTestId('choropleth-toggle').click();
    await expect.poll(() => page.evaluate(() => window.atlas?.layers.get().choropleth)).toBe(true);
    await expect
      .poll(async () => ((await choropleth())?.fills ?? 0) === (await apiCodes()), {
        timeout: 20_000,
      })
      .toBe(true);
    await expect.poll(async () => (await choropleth())?.filled ?? 0).toBeGreaterThan(0);
    const counted = await choropleth();
    expect(counted?.filled).toBeLessThanOrEqual(counted?.fills ?? 0);
    const legend = page.getByTestId('choropleth-legend-inline');
    await expect(legend).toContainText('Articles by country, last 24 h');
    await page.getByRole('button', { name: 'Highest risk', exact: true }).click();
    await expect(legend).toContainText('Highest risk by country');
    await expect(legend).toContainText('critical');
    expect((await choropleth())?.fills ?? 0).toBeLessThanOrEqual(counted?.fills ?? 0);
    await page.getByRole('button', { name: 'Articles', exact: true }).click();
    await expect(legend).toContainText('Articles by country');
    const panel = page.getByTestId('choropleth-panel');
    await panel.scrollIntoViewIfNeeded();
    await panel.screenshot({ path: 'docs/screenshots/analytics-choropleth.png' });
    // Over the globe: the layer stays on, the legend floats.
    await page.getByRole('link', { name: 'Globe' }).first().click();
    const floating = page.getByTestId('choropleth-legend');
    await expect(floating).toBeVisible();
    await expect(floating).toContainText('countries filled');
    await waitForFrames(page);
    await page.screenshot({ path: 'docs/screenshots/choropleth-desktop.png' });
    // Off from the layer list: the fills are cleared and the legend goes.
    await page.evaluate(() => window.atlas?.layers.set('choropleth', false));
    await expect(floating).toHaveCount(0);
    await expect.poll(async () => (await choropleth())?.fills).toBe(0);
  });
});

/** 'HH:MM' of the page's clock `agoMs` ago (the app's clockTime). */
function clockTime(page: Page, agoMs = 0): Promise<string> {
  return page.evaluate((ago) => {
    const d = new Date(Date.now() - ago);
    const pad = (n: number): string => String(n).padStart(2, '0');
    return `${pad(d.getHours())}:${pad(d.getMinutes())}`;
  }, agoMs);
}

/**
 * A view's honest states on one page load (/analytics; /intelligence uses the same hook and
 * notice): loading while a 503 is retried, failed with Retry, recovered, stale after its 10 min
 * refresh fails, and offline.
 */
test('a view: loading, failed with Retry, recovered, stale after a failed refresh, offline', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  let failing = true;
  let calls = 0;
  await page.route('**/api/analytics/overview?**', async (route) => {
    calls += 1;
    if (failing) await route.fulfill({ status: 503, json: { message: 'down' } });
    else await route.continue();
  });
  await page.addInitScript(() => localStorage.setItem('atlas_walkthrough_seen', 'true'));
  await page.clock.install();
  await page.goto('/analytics');
  const state = page.getByTestId('view-state');
  const counters = page.getByTestId('counter-total');
  // A 503 is retried after 1 s and 2 s before it is said, with a Retry.
  await expect(state).toContainText('Loading analytics...', { timeout: 30_000 });
  await expect(state).toHaveAttribute('data-kind', 'failed', { timeout: 30_000 });
  await expect(state).toContainText('Failed to load analytics: HTTP error! status: 503');
  expect(calls).toBe(3);

  failing = false;
  await state.getByRole('button', { name: 'Retry' }).click();
  await expect(counters).toBeVisible({ timeout: 30_000 });
  await expect(state).toHaveCount(0);
  const shown = await counters.textContent();
  const loadedAt = [await clockTime(page, 5000), await clockTime(page)];

  // The view refreshes every 10 min (its cache time); that refresh fails: the figures stay,
  // said to be from when they arrived.
  failing = true;
  const before = calls;
  await page.clock.fastForward('10:00');
  await expect(state).toHaveAttribute('data-kind', 'stale', { timeout: 30_000 });
  expect(calls - before).toBe(3);
  const text = (await state.textContent()) ?? '';
  expect(text).toMatch(/^Could not refresh - showing analytics from \d\d:\d\d/);
  expect(loadedAt).toContain(/(\d\d:\d\d)/.exec(text)?.[1]);
  await expect(counters).toHaveText(shown ?? '');

  await context.setOffline(true);
  await expect(state).toHaveAttribute('data-kind', 'offline');
  await expect(state).toHaveText(/^Offline - showing analytics from \d\d:\d\d$/);
  await context.setOffline(false);
  failing = false;
  await state.getByRole('button', { name: 'Retry' }).click();
  await expect(state).toHaveCount(0, { timeout: 30_000 });
  await expect(counters).toBeVisible();
});
