import { expect, test, type Page } from '@playwright/test';
import { requireWebGL2 } from './helpers';
import { canvasPixel } from './canvasPixels';

/** Sets the camera and waits until the engine has applied it and drawn a few frames. */
async function setCamera(page: Page, lat: number, lon: number, distance: number): Promise<void> {
  await page.evaluate((v) => window.atlas?.camera.set(v), { lat, lon, distance });
  await expect
    .poll(() =>
      page.evaluate(
        (want) => {
          const c = window.atlas?.camera.get();
          return (
            c !== undefined && Math.abs(c.lat - want.lat) < 0.5 && Math.abs(c.lon - want.lon) < 0.5
          );
        },
        { lat, lon },
      ),
    )
    .toBe(true);
  const frame = await page.evaluate(() => window.atlas?.stats().frame ?? 0);
  await expect
    .poll(() => page.evaluate(() => window.atlas?.stats().frame ?? 0))
    .toBeGreaterThan(frame + 3);
}

test.describe('the globe', () => {
  test('reaches engine-ready within 10 s on /app with WebGL2', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto('/app');
    const renderer = await requireWebGL2(page);
    test.info().annotations.push({ type: 'renderer', description: renderer });
    const ms = await page.evaluate(async () => {
      const t0 = performance.now();
      await Promise.race([
        window.atlas?.whenReady(),
        new Promise((_, reject) =>
          setTimeout(() => reject(new Error('not ready in 10 s')), 10_000),
        ),
      ]);
      return performance.now() - t0;
    });
    expect(ms).toBeLessThan(10_000);
    await expect(page.getByText('ATLAS LOADING')).toBeHidden();
    const stats = await page.evaluate(() => window.atlas?.stats());
    expect(stats?.drawCalls).toBeGreaterThan(0);
    expect(stats?.entities).toBeGreaterThan(3);
    expect(errors).toEqual([]);
    await expect(page).toHaveTitle('Globe | ATLAS');
  });

  test('draws land where land is and ocean where ocean is', async ({ page }) => {
    await page.goto('/app');
    await page.evaluate(() => window.atlas?.whenReady());
    const cx = 640;
    const cy = 360;
    // Central Africa (Congo basin) at screen centre...
    await setCamera(page, 2, 22, 600);
    const land = await canvasPixel(page, cx, cy);
    await page.screenshot({ path: test.info().outputPath('globe-africa.png') });
    // ...then the middle of the South Atlantic.
    await setCamera(page, -30, -20, 600);
    const ocean = await canvasPixel(page, cx, cy);
    await page.screenshot({ path: test.info().outputPath('globe-atlantic.png') });
    const diff =
      Math.abs(land[0] - ocean[0]) + Math.abs(land[1] - ocean[1]) + Math.abs(land[2] - ocean[2]);
    expect(diff, `land ${land.join(',')} vs ocean ${ocean.join(',')}`).toBeGreaterThan(40);
    // The ocean is blue-dominant, the land is not.
    expect(ocean[2]).toBeGreaterThan(ocean[1]);
    expect(land[1]).toBeGreaterThanOrEqual(land[2]);
    // Space outside the globe is near black.
    const space = await canvasPixel(page, 20, 700);
    expect(space[0] + space[1] + space[2]).toBeLessThan(120);
  });

  test('keeps one globe across route changes', async ({ page }) => {
    await page.goto('/app');
    await page.evaluate(() => window.atlas?.whenReady());
    await page.evaluate(() => {
      (document.getElementById('atlas-globe') as HTMLCanvasElement & { __mark?: number }).__mark =
        42;
    });
    await page.getByRole('link', { name: 'Feeds' }).click();
    await expect(page).toHaveURL(/\/feeds$/);
    await expect(page).toHaveTitle('Live Intelligence Feed | ATLAS');
    await page.getByRole('link', { name: 'Globe', exact: true }).click();
    await expect(page).toHaveURL(/\/app$/);
    const mark = await page.evaluate(
      () =>
        (document.getElementById('atlas-globe') as HTMLCanvasElement & { __mark?: number }).__mark,
    );
    expect(mark).toBe(42);
    expect(await page.locator('canvas#atlas-globe').count()).toBe(1);
  });

  test('auto-rotates on the landing view and clamps distance on /app', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => window.atlas?.whenReady());
    const a = await page.evaluate(() => window.atlas?.camera.get().lon ?? 0);
    await page.waitForTimeout(1500);
    // Turning by itself: at least half a degree, however few frames a busy machine draws.
    await expect
      .poll(
        async () => Math.abs((await page.evaluate(() => window.atlas?.camera.get().lon ?? 0)) - a),
        {
          timeout: 15_000,
        },
      )
      .toBeGreaterThan(0.5);
    await page.goto('/app');
    await page.evaluate(() => window.atlas?.whenReady());
    await page.evaluate(() => window.atlas?.camera.set({ distance: 5000 }));
    await expect.poll(() => page.evaluate(() => window.atlas?.camera.get().distance)).toBe(1000);
    await page.evaluate(() => window.atlas?.camera.set({ distance: 10 }));
    await expect
      .poll(() => page.evaluate(() => window.atlas?.camera.get().distance))
      .toBeCloseTo(200.1, 5);
  });

  test('animates the camera frame by frame and logs the frames the engine drew', async ({
    page,
  }) => {
    await page.goto('/app');
    await requireWebGL2(page);
    await page.evaluate(() => window.atlas?.whenReady());
    const r = await page.evaluate(async () => {
      const a = window.atlas;
      if (a === undefined) throw new Error('no window.atlas');
      a.camera.set({ lat: 0, lon: 0, distance: 600 });
      await a.frames.wait(2);
      const from = a.frames.count();
      const done = a.camera.animate({ lat: 30, lon: 40, distance: 400 }, 30);
      await a.frames.wait(15);
      const mid = a.camera.get();
      await done;
      const end = a.camera.get();
      const times = a.frames.since(from);
      let rejected = '';
      await a.camera.animate({ lat: 10 }, 0).catch((e: unknown) => {
        rejected = e instanceof Error ? e.message : String(e);
      });
      return {
        mid,
        end,
        drawn: times.length,
        counted: a.frames.count() - from,
        increasing: times.every((t, i) => i === 0 || t > (times[i - 1] ?? 0)),
        rejected,
      };
    });
    // Part way after half the frames, exactly at the target after all of them.
    expect(r.mid.lon).toBeGreaterThan(5);
    expect(r.mid.lon).toBeLessThan(35);
    expect(r.end.lat).toBeCloseTo(30, 3);
    expect(r.end.lon).toBeCloseTo(40, 3);
    expect(r.end.distance).toBeCloseTo(400, 3);
    // The frame log holds one start time per drawn frame, in order.
    expect(r.drawn).toBeGreaterThanOrEqual(30);
    expect(r.drawn).toBe(r.counted);
    expect(r.increasing).toBe(true);
    expect(r.rejected).toMatch(/whole number >= 1/);
  });

  test('login-required routes redirect to /login', async ({ page }) => {
    await page.goto('/timeline');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page).toHaveTitle('Sign In | ATLAS');
  });
});
