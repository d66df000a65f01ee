/**
 * Layer and keyboard coverage that layers.spec.ts, labels.spec.ts and controls.spec.ts leave
 * out: the base layers (ocean, land, coastline, borders, atmosphere, stars, markers) toggled at
 * run time, and the keys F, ArrowRight/ArrowDown, W A S D (hold rotates, a tap of S or D toggles
 * its layer), Shift (slower rotate and zoom), T, D, S and M. State is read through window.atlas;
 * each layer's effect is checked as a draw-call change and a changed canvas, each key's as the
 * camera or layer state it must produce.
 */
import { expect, test, type Page } from '@playwright/test';
import { subsolarPoint } from '../../data/globe/astro';
import { KEY_ROTATE_STEP_DEG, KEY_SHIFT_FACTOR, KEY_ZOOM_STEP } from '../../data/globe/keymap';
import { requireWebGL2, waitForFrames } from './helpers';
import { brightestPixel } from './canvasPixels';

type Cam = { lat: number; lon: number; distance: number };

/** Rounded to 0.1 (and -0 to 0, so toEqual can compare). */
const r1 = (v: number): number => Math.round(v * 10) / 10 + 0;

const camera = (page: Page): Promise<Cam> =>
  page.evaluate(() => {
    const c = window.atlas?.camera.get();
    if (!c) throw new Error('no atlas handle');
    return c;
  });

const drawCalls = (page: Page): Promise<number> =>
  page.evaluate(() => window.atlas?.stats().drawCalls ?? -1);

const layer = (page: Page, name: string): Promise<boolean | undefined> =>
  page.evaluate((n) => window.atlas?.layers.get()[n], name);

async function setLayer(page: Page, name: string, on: boolean): Promise<void> {
  await page.evaluate(([n, v]) => window.atlas?.layers.set(n, v), [name, on] as const);
  await expect.poll(() => layer(page, name)).toBe(on);
  await waitForFrames(page);
}

async function place(page: Page, v: Cam): Promise<void> {
  await page.evaluate((c) => window.atlas?.camera.set(c), v);
  await expect
    .poll(async () => {
      const c = await camera(page);
      return Math.abs(c.lat - v.lat) < 0.01 && Math.abs(c.distance - v.distance) < 0.01;
    })
    .toBe(true);
  await waitForFrames(page, 2);
}

async function openApp(page: Page): Promise<void> {
  await page.goto('/app');
  const renderer = await requireWebGL2(page);
  test.info().annotations.push({ type: 'renderer', description: renderer });
  await page.evaluate(() => window.atlas?.whenReady());
}

/** A checksum of the canvas (sum of sampled RGB), to tell that the picture changed. */
function canvasSum(page: Page): Promise<number> {
  return page.evaluate(() => {
    const src = document.getElementById('atlas-globe');
    if (!(src instanceof HTMLCanvasElement)) throw new Error('no globe canvas');
    const c = document.createElement('canvas');
    c.width = 160;
    c.height = 90;
    const ctx = c.getContext('2d');
    if (!ctx) throw new Error('no 2d context');
    ctx.drawImage(src, 0, 0, 160, 90);
    const d = ctx.getImageData(0, 0, 160, 90).data;
    let s = 0;
    for (let i = 0; i < d.length; i += 4) s += (d[i] ?? 0) + (d[i + 1] ?? 0) + (d[i + 2] ?? 0);
    return s;
  });
}

test.describe('base layers', () => {
  test('ocean, land, coastline, borders, atmosphere, stars and markers toggle at run time', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await openApp(page);
    // Markers of our own, so the markers layer has something to hide.
    const loaded = await page.evaluate(() =>
      window.atlas?.scenario.load({ markers: 200, seed: 3 }),
    );
    expect(loaded?.drawn).toBeGreaterThan(0);
    await place(page, { lat: 30, lon: 10, distance: 600 });
    for (const name of [
      'ocean',
      'land',
      'coastline',
      'borders',
      'atmosphere',
      'stars',
      'markers',
    ]) {
      expect(await layer(page, name), `${name} starts on`).toBe(true);
      const calls = await drawCalls(page);
      const picture = await canvasSum(page);
      await setLayer(page, name, false);
      await expect
        .poll(() => drawCalls(page), { message: `${name} off: fewer draw calls` })
        .toBeLessThan(calls);
      await expect
        .poll(() => canvasSum(page), { message: `${name} off: the picture changes` })
        .not.toBe(picture);
      await setLayer(page, name, true);
      await expect
        .poll(() => drawCalls(page), { message: `${name} back on`, timeout: 20_000 })
        .toBe(calls);
    }
    expect(errors).toEqual([]);
  });
});

test.describe('keyboard', () => {
  test('F toggles fullscreen', async ({ page }) => {
    await openApp(page);
    const full = (): Promise<boolean> => page.evaluate(() => document.fullscreenElement !== null);
    expect(await full()).toBe(false);
    await page.keyboard.press('f');
    await expect.poll(full).toBe(true);
    await page.keyboard.press('f');
    await expect.poll(full).toBe(false);
  });

  test('ArrowRight, ArrowDown and W A S D rotate; a held S or D does not toggle', async ({
    page,
  }) => {
    await openApp(page);
    const step = KEY_ROTATE_STEP_DEG;
    await place(page, { lat: 0, lon: 0, distance: 600 });
    const moves: [key: string, dLat: number, dLon: number][] = [
      ['ArrowRight', 0, step],
      ['ArrowDown', -step, 0],
      ['w', step, 0],
      ['a', 0, -step],
    ];
    for (const [key, dLat, dLon] of moves) {
      const c = await camera(page);
      await page.keyboard.press(key);
      await expect
        .poll(
          async () => {
            const n = await camera(page);
            return [r1(n.lat - c.lat), r1(n.lon - c.lon)];
          },
          { message: key, timeout: 15_000 },
        )
        .toEqual([dLat, dLon]);
    }
    // S and D held (auto-repeat): they rotate, and their layers stay as they were.
    for (const [key, name, sign, axis] of [
      ['s', 'solarSystem', -1, 'lat'],
      ['d', 'dayNight', 1, 'lon'],
    ] as const) {
      const before = await camera(page);
      const on = await layer(page, name);
      await page.keyboard.down(key);
      await page.keyboard.down(key); // repeat
      await page.keyboard.down(key); // repeat
      await page.keyboard.up(key);
      await expect
        .poll(async () => Math.sign((await camera(page))[axis] - before[axis]), {
          message: `${key} held rotates`,
          timeout: 15_000,
        })
        .toBe(sign);
      await waitForFrames(page, 2);
      expect(await layer(page, name), `${key} held does not toggle ${name}`).toBe(on);
    }
  });

  test('Shift slows rotate and zoom; H goes home', async ({ page }) => {
    await openApp(page);
    await place(page, { lat: 0, lon: 0, distance: 600 });
    await page.keyboard.press('Shift+ArrowLeft');
    const slowStep = KEY_ROTATE_STEP_DEG * KEY_SHIFT_FACTOR;
    await expect
      .poll(async () => (await camera(page)).lon, { timeout: 15_000 })
      .toBeCloseTo(-slowStep, 1);
    await page.keyboard.press('Shift+Equal');
    const slowZoom = 200 + 400 * KEY_ZOOM_STEP ** KEY_SHIFT_FACTOR;
    await expect
      .poll(async () => (await camera(page)).distance, { timeout: 15_000 })
      .toBeCloseTo(slowZoom, 0);
    // Against a full step: a slow step is a fifth of it.
    expect(600 - slowZoom).toBeLessThan((600 - (200 + 400 * KEY_ZOOM_STEP)) / 3);

    // H without a saved home: (0, 0, 600) (controls.spec.ts covers H with a saved one).
    await place(page, { lat: 30, lon: 40, distance: 800 });
    await page.keyboard.press('h');
    await expect
      .poll(
        async () => {
          const c = await camera(page);
          return [r1(c.lat), r1(c.lon), Math.round(c.distance)];
        },
        { timeout: 15_000 },
      )
      .toEqual([0, 0, 600]);
  });

  test('T time zones, M moon, D day/night, S solar system (a tap toggles)', async ({ page }) => {
    test.setTimeout(120_000);
    await openApp(page);
    await setLayer(page, 'markers', false);
    await setLayer(page, 'moon', false); // on by default (the display settings)
    await place(page, { lat: 30, lon: 10, distance: 600 });

    // T and M: one draw call each (their meshes), and back.
    for (const [key, name] of [
      ['t', 'timezones'],
      ['m', 'moon'],
    ] as const) {
      const calls = await drawCalls(page);
      await page.keyboard.press(key);
      await expect.poll(() => layer(page, name)).toBe(true);
      await expect
        .poll(() => drawCalls(page), { message: `${key} on`, timeout: 20_000 })
        .toBe(calls + 1);
      await page.keyboard.press(key);
      await expect.poll(() => layer(page, name)).toBe(false);
      await expect.poll(() => drawCalls(page), { message: `${key} off` }).toBe(calls);
    }

    // D: light from the real sun; the middle of the night goes dark. Lines and names keep their
    // colour at night: off for this check, or a border crossing the middle (over Laos at 17:00
    // UTC) keeps the brightest pixel up whatever the lighting.
    for (const name of ['borders', 'coastline', 'labels']) await setLayer(page, name, false);
    const sun = subsolarPoint(new Date());
    await place(page, {
      lat: Math.max(-80, Math.min(80, -sun.lat)),
      lon: sun.lon > 0 ? sun.lon - 180 : sun.lon + 180,
      distance: 600,
    });
    const headlight = await brightestPixel(page, 640, 360, 2);
    await page.keyboard.press('d');
    await expect.poll(() => layer(page, 'dayNight')).toBe(true);
    await expect.poll(() => brightestPixel(page, 640, 360, 2)).toBeLessThan(headlight - 30);
    await page.keyboard.press('d');
    await expect.poll(() => layer(page, 'dayNight')).toBe(false);
    await expect.poll(() => brightestPixel(page, 640, 360, 2)).toBe(headlight);
    for (const name of ['borders', 'coastline', 'labels']) await setLayer(page, name, true);

    // S: the solar-system view (its camera reaches beyond the app's 1000) and its time panel.
    await page.keyboard.press('s');
    await expect.poll(() => layer(page, 'solarSystem')).toBe(true);
    await expect(page.getByRole('heading', { name: 'SOLAR SYSTEM TIME (BERMUDA)' })).toBeVisible();
    await waitForFrames(page);
    await page.evaluate(() => window.atlas?.camera.set({ distance: 4000 }));
    await expect.poll(async () => (await camera(page)).distance).toBe(4000);
    await page.keyboard.press('s');
    await expect.poll(() => layer(page, 'solarSystem')).toBe(false);
    await expect(page.getByTestId('solar-time-panel')).toBeHidden();
    await expect.poll(async () => (await camera(page)).distance).toBe(1000);
  });
});
