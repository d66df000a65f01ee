import { expect, test, type Page } from '@playwright/test';

/** Finds a drawn marker well inside the viewport, away from the navbar and the readout. */
async function visibleMarker(page: Page): Promise<{ id: string; x: number; y: number }> {
  const found = await page.evaluate(() => {
    const a = window.atlas;
    if (!a) return null;
    for (const id of a.markers.ids()) {
      const p = a.markers.screenPosition(id);
      if (p && p.x > 300 && p.x < 980 && p.y > 150 && p.y < 600) return { id, x: p.x, y: p.y };
    }
    return null;
  });
  if (!found) throw new Error('no marker in view');
  return found;
}

async function openApp(page: Page): Promise<void> {
  await page.goto('/app');
  await page.evaluate(() => window.atlas?.whenReady());
  await expect
    .poll(() => page.evaluate(() => window.atlas?.markers.count().drawn ?? 0))
    .toBeGreaterThan(0);
  await page.evaluate(() => window.atlas?.camera.set({ lat: 30, lon: 20, distance: 450 }));
  await page.waitForTimeout(500);
}

test.describe('article markers', () => {
  test('the server articles are drawn as markers, capped at maxMarkers 100 by default', async ({
    page,
  }) => {
    await openApp(page);
    const count = await page.evaluate(() => window.atlas?.markers.count());
    expect(count?.articles).toBeGreaterThan(100);
    expect(count?.drawn).toBe(100);
    const stats = await page.evaluate(() => window.atlas?.stats());
    // All markers are one merged mesh: one more draw call, whatever their number.
    expect(stats?.drawCalls).toBeLessThanOrEqual(8);
  });

  test('hovering a marker shows its tooltip', async ({ page }) => {
    await openApp(page);
    const m = await visibleMarker(page);
    await page.mouse.move(m.x, m.y);
    const tooltip = page.getByTestId('marker-tooltip');
    await expect(tooltip).toBeVisible();
    await expect(tooltip).toContainText(/Just now|\d+m ago|\d+h ago|\d+d ago/);
    const box = await tooltip.boundingBox();
    expect(box?.width).toBeLessThanOrEqual(300);
    await page.screenshot({ path: test.info().outputPath('marker-hover.png') });
    await page.mouse.move(5, 700);
    await expect(tooltip).toBeHidden();
  });

  test('a guest clicking a marker gets the restriction, not the article', async ({ page }) => {
    await openApp(page);
    const m = await visibleMarker(page);
    await page.mouse.move(m.x, m.y);
    await page.mouse.down();
    await page.mouse.up();
    await expect(page.getByTestId('marker-restricted')).toBeVisible();
    await expect(page.getByTestId('article-panel')).toHaveCount(0);
  });

  test('a scenario of 10,000 seeded markers loads and draws in one extra draw call', async ({
    page,
  }) => {
    await openApp(page);
    const before = await page.evaluate(() => window.atlas?.stats().drawCalls ?? 0);
    const res = await page.evaluate(() =>
      window.atlas?.scenario.load({ markers: 10_000, seed: 7 }),
    );
    expect(res?.drawn).toBe(10_000);
    await page.waitForTimeout(300);
    const after = await page.evaluate(() => window.atlas?.stats().drawCalls ?? 0);
    expect(after).toBe(before);
  });
});
