/**
 * The Earth-and-sky layers: each one toggles at run time through window.atlas.layers.set and
 * shows up as a draw call (or a changed pixel); the solar-system view appears beyond 5000.
 */
import { expect, test, type Page } from '@playwright/test';
import { solarSystemLayout, subsolarPoint } from '../../data/globe/astro';
import { latLonToXyz } from '../../data/geoMath';
import { requireWebGL2, waitForFrames } from './helpers';
import { brightestPixel } from './canvasPixels';

const drawCalls = (page: Page): Promise<number> =>
  page.evaluate(() => window.atlas?.stats().drawCalls ?? -1);

async function setLayer(page: Page, name: string, on: boolean): Promise<void> {
  await page.evaluate(([n, v]) => window.atlas?.layers.set(n, v), [name, on] as const);
  await waitForFrames(page);
}

async function setCamera(page: Page, lat: number, lon: number, distance: number): Promise<void> {
  await page.evaluate((v) => window.atlas?.camera.set(v), { lat, lon, distance });
  await waitForFrames(page);
}

async function open(page: Page, path = '/app'): Promise<void> {
  await page.goto(path);
  const renderer = await requireWebGL2(page);
  test.info().annotations.push({ type: 'renderer', description: renderer });
  await page.evaluate(() => window.atlas?.whenReady());
}

/** Turns `layer` on: draw calls grow by `added` (once its assets have loaded); off: back. */
async function expectToggle(page: Page, layer: string, added = 1): Promise<void> {
  const before = await drawCalls(page);
  await setLayer(page, layer, true);
  await expect
    .poll(() => drawCalls(page), { message: `${layer} on`, timeout: 20_000 })
    .toBe(before + added);
  await setLayer(page, layer, false);
  await expect.poll(() => drawCalls(page), { message: `${layer} off` }).toBe(before);
}

test.describe('Earth and sky layers', () => {
  test('every Earth layer toggles at run time, one draw call each', async ({ page }) => {
    test.setTimeout(180_000); // a dozen toggles, each a few SwiftShader frames
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await open(page);
    const layers = await page.evaluate(() => window.atlas?.layers.get() ?? {});
    for (const l of ['rivers', 'lakes', 'urban', 'cities', 'timezones', 'clouds']) {
      expect(layers[l], l).toBe(false);
    }
    // The display settings' defaults (spec globe.md): grid and moon on in the main globe.
    expect(layers['grid']).toBe(true);
    expect(layers['moon']).toBe(true);
    await setLayer(page, 'grid', false);
    await setLayer(page, 'moon', false);
    await setCamera(page, 30, 10, 600);
    for (const l of ['rivers', 'lakes', 'urban', 'cities', 'grid', 'timezones', 'clouds', 'moon']) {
      await expectToggle(page, l);
    }
    // Rivers and time zones share one merged line mesh: both on is still one draw call.
    const base = await drawCalls(page);
    await setLayer(page, 'rivers', true);
    await setLayer(page, 'timezones', true);
    await expect.poll(() => drawCalls(page)).toBe(base + 1);
    await setLayer(page, 'rivers', false);
    await setLayer(page, 'timezones', false);
    // State lines only close up (the 50m level of detail, inside 450).
    await setLayer(page, 'states', true);
    await expect.poll(() => drawCalls(page)).toBe(base);
    await setCamera(page, 48, 5, 300);
    await expect.poll(() => drawCalls(page), { timeout: 20_000 }).toBe(base + 1);
    await setLayer(page, 'states', false);
    await expect.poll(() => drawCalls(page)).toBe(base);
    // City lights need the day/night light.
    await setLayer(page, 'dayNight', true);
    const lit = await drawCalls(page);
    await expectToggle(page, 'cityLights');
    expect(lit).toBe(base);
    await expect(page.evaluate(() => window.atlas?.layers.set('nope', true))).rejects.toThrow(
      /Unknown layer/,
    );
    expect(errors).toEqual([]);
  });

  test('day/night darkens the night side; the background grid shows behind pages', async ({
    page,
  }) => {
    await open(page);
    const sun = subsolarPoint(new Date());
    // The camera over the middle of the night, clamped to the polar limits.
    const lat = Math.max(-80, Math.min(80, -sun.lat));
    const lon = sun.lon > 0 ? sun.lon - 180 : sun.lon + 180;
    await setCamera(page, lat, lon, 600);
    // Measure the globe, not an (unlit) article marker that happens to sit at the centre. Lines
    // and names keep their colour at night too: off for this check, or a label in the middle
    // (the Arabian peninsula's at 20:05 UTC) keeps the brightest pixel white whatever the light.
    for (const name of ['markers', 'borders', 'coastline', 'labels']) {
      await setLayer(page, name, false);
    }
    await waitForFrames(page);
    const headlight = await brightestPixel(page, 640, 360, 2);
    await setLayer(page, 'dayNight', true);
    await waitForFrames(page);
    const night = await brightestPixel(page, 640, 360, 2);
    await page.screenshot({ path: test.info().outputPath('night.png') });
    expect(night, `headlight ${headlight} vs night ${night}`).toBeLessThan(headlight - 30);
    await setLayer(page, 'dayNight', false);
    await expect.poll(() => brightestPixel(page, 640, 360, 2)).toBe(headlight);

    await page.goto('/about');
    await page.waitForFunction(() => window.atlas !== undefined);
    await page.evaluate(() => window.atlas?.whenReady());
    await waitForFrames(page);
    // The background preset (engine/globeVariants.ts) turns the 16 x 32 grid on behind pages; it
    // still toggles as one draw call.
    expect((await page.evaluate(() => window.atlas?.layers.get()))?.['backgroundGrid']).toBe(true);
    const withGrid = await drawCalls(page);
    await setLayer(page, 'backgroundGrid', false);
    await expect.poll(() => drawCalls(page)).toBe(withGrid - 1);
    await setLayer(page, 'backgroundGrid', true);
    await expect.poll(() => drawCalls(page)).toBe(withGrid);
  });

  test('the solar-system view appears beyond 5000 with the sun where it should be', async ({
    page,
  }) => {
    await open(page);
    await setLayer(page, 'solarSystem', true);
    await waitForFrames(page);
    await page.evaluate(() => window.atlas?.camera.set({ distance: 4000 }));
    await waitForFrames(page);
    expect(await page.evaluate(() => window.atlas?.camera.get().distance)).toBe(4000);
    const near = await drawCalls(page);

    // Camera 20 degrees of latitude below the anti-solar point: the sun is then straight above
    // the screen centre (same meridian plane), behind and beside the Earth.
    const layout = solarSystemLayout(new Date(), 'simplified');
    const [sx, sy, sz] = layout.sun.position;
    const sunLat = (Math.asin(sy / layout.sun.distance) * 180) / Math.PI;
    const sunLon = (Math.atan2(sx, sz) * 180) / Math.PI;
    const lat = Math.max(-80, Math.min(80, -sunLat - 20));
    const lon = sunLon > 0 ? sunLon - 180 : sunLon + 180;
    const distance = 8000;
    await setCamera(page, lat, lon, distance);
    // Planets and orbits come in; the coastline and border lines go on the ~46 px Earth.
    await expect.poll(() => drawCalls(page)).toBe(near + 2 - 2);
    // The lines are not drawn out there: switching them off changes nothing.
    await setLayer(page, 'coastline', false);
    await setLayer(page, 'borders', false);
    await waitForFrames(page);
    expect(await drawCalls(page)).toBe(near);
    await setLayer(page, 'coastline', true);
    await setLayer(page, 'borders', true);

    // Project the sun with the camera model (fov 45 vertical, 1280x720, up = +y).
    const cam = latLonToXyz(lat, lon, distance);
    const f = [-cam[0], -cam[1], -cam[2]];
    const fl = Math.hypot(f[0] ?? 0, f[1] ?? 0, f[2] ?? 0);
    const fwd = f.map((v) => v / fl) as [number, number, number];
    const dotUp = fwd[1];
    const up = [-fwd[0] * dotUp, 1 - fwd[1] * dotUp, -fwd[2] * dotUp];
    const ul = Math.hypot(up[0] ?? 0, up[1] ?? 0, up[2] ?? 0);
    const [rx, ry, rz] = [sx - cam[0], sy - cam[1], sz - cam[2]];
    const depth = rx * fwd[0] + ry * fwd[1] + rz * fwd[2];
    const v = (rx * (up[0] ?? 0) + ry * (up[1] ?? 0) + rz * (up[2] ?? 0)) / ul;
    const focal = 360 / Math.tan((22.5 * Math.PI) / 180);
    const y = 360 - (focal * v) / depth;
    expect(depth).toBeGreaterThan(0);
    expect(y).toBeGreaterThan(60);
    await page.screenshot({ path: test.info().outputPath('solar.png') });
    const sunPixel = await brightestPixel(page, 640, y, 6);
    const sky = await brightestPixel(page, 640, y + 120, 0);
    expect(sunPixel, `sun at (640, ${y.toFixed(0)}): ${sunPixel}, sky ${sky}`).toBeGreaterThan(600);

    // Closer than 5000 the planets and orbits go; the layer off returns to the app view.
    await setCamera(page, lat, lon, 4000);
    await expect.poll(() => drawCalls(page)).toBe(near);
    await setLayer(page, 'solarSystem', false);
    await waitForFrames(page);
    await expect.poll(() => page.evaluate(() => window.atlas?.camera.get().distance)).toBe(1000);
  });
});
