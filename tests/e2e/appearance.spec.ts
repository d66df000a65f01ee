/**
 * The globe's appearance (issue "The Earth and the sky"): the four globe sphere styles, Globe
 * Sphere ON/OFF, the ocean sphere's scale, true-scale sky, the variant presets of the globe
 * switcher's routes, /xr without WebXR, and the background globe's activity circles - each
 * checked by its effect (canvas pixels, camera limits, the atlas handle), with screenshots.
 */
import { expect, test, type Page } from '@playwright/test';
import { requireWebGL2, waitForFrames } from './helpers';
import { meanPixel, type Rgb } from './canvasPixels';

/** With ATLAS_APPEARANCE_SCREENSHOTS=1 the tests also write the docs/screenshots they name. */
const SCREENSHOTS = process.env['ATLAS_APPEARANCE_SCREENSHOTS'] === '1';

/** Canvas pixels that look like an activity circle (bright cyan-green, little red), inside the
 * globe's disc at distance 600 (~310 px) but clear of its rim, where the atmosphere glows. */
async function circlePixels(page: Page): Promise<number> {
  return page.evaluate(() => {
    const src = document.getElementById('atlas-globe');
    if (!(src instanceof HTMLCanvasElement)) throw new Error('no globe canvas');
    const c = document.createElement('canvas');
    c.width = src.width;
    c.height = src.height;
    const ctx = c.getContext('2d');
    if (!ctx) throw new Error('no 2d context');
    ctx.drawImage(src, 0, 0);
    const d = ctx.getImageData(0, 0, c.width, c.height).data;
    const scale = c.width / src.clientWidth;
    const cx = (src.clientWidth / 2) * scale;
    const cy = (src.clientHeight / 2) * scale;
    const rMax = 260 * scale;
    let n = 0;
    for (let i = 0; i < d.length; i += 4) {
      const px = (i / 4) % c.width;
      const py = Math.floor(i / 4 / c.width);
      if ((px - cx) ** 2 + (py - cy) ** 2 > rMax * rMax) continue;
      const r = d[i] ?? 0;
      const g = d[i + 1] ?? 0;
      const b = d[i + 2] ?? 0;
      if (r < 110 && g > 170 && b > 150) n++;
    }
    return n;
  });
}

const diff = (a: Rgb, b: Rgb): number =>
  Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]) + Math.abs(a[2] - b[2]);

async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  const renderer = await requireWebGL2(page);
  test.info().annotations.push({ type: 'renderer', description: renderer });
  await page.evaluate(() => window.atlas?.whenReady());
  await waitForFrames(page);
}

/** Client-side navigation (the engine stays, as when a user follows a link). */
async function navigate(page: Page, path: string): Promise<void> {
  await page.evaluate((p) => {
    history.pushState(null, '', p);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await waitForFrames(page);
}

type Globe = NonNullable<Window['atlas']>['globe'];
type GlobeSet = Parameters<Globe['set']>[0];

async function setGlobe(page: Page, v: GlobeSet): Promise<void> {
  await page.evaluate((s) => window.atlas?.globe.set(s), v);
  await waitForFrames(page);
}

const globe = (page: Page) => page.evaluate(() => window.atlas?.globe.get());

/** The Pacific under the camera: ocean at the centre, Africa on the far side behind it. */
async function overPacific(page: Page, distance = 600): Promise<void> {
  await page.evaluate((d) => {
    window.atlas?.layers.set('markers', false);
    window.atlas?.layers.set('labels', false);
    window.atlas?.camera.set({ lat: 0, lon: -150, distance: d });
  }, distance);
  await waitForFrames(page, 4);
}

test.describe('globe appearance', () => {
  test.describe.configure({ timeout: 180_000 });
  test('the four sphere styles look different; transparent shows the far side', async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await open(page, '/app');
    await overPacific(page);
    expect((await globe(page))?.style).toBe('blue');
    const centre: Record<string, Rgb> = {};
    for (const style of ['blue', 'ethereal', 'transparent', 'grid'] as const) {
      await setGlobe(page, { style });
      expect((await globe(page))?.style).toBe(style);
      centre[style] = await meanPixel(page, 640, 360, 6);
      if (SCREENSHOTS) await page.screenshot({ path: `docs/screenshots/sphere-${style}.png` });
    }
    const styles = Object.keys(centre);
    for (let i = 0; i < styles.length; i++) {
      for (let j = i + 1; j < styles.length; j++) {
        const a = centre[styles[i] as string] as Rgb;
        const b = centre[styles[j] as string] as Rgb;
        expect(
          diff(a, b),
          `${styles[i]} vs ${styles[j]}: ${a.join()} / ${b.join()}`,
        ).toBeGreaterThan(12);
      }
    }
    // Blue Ocean is opaque: the land behind the globe changes nothing at the centre...
    await setGlobe(page, { style: 'blue' });
    const blueWithLand = await meanPixel(page, 640, 360, 6);
    await page.evaluate(() => window.atlas?.layers.set('land', false));
    await waitForFrames(page);
    expect(diff(await meanPixel(page, 640, 360, 6), blueWithLand)).toBeLessThan(3);
    // ...Transparent lets Africa, on the far side, show through.
    await setGlobe(page, { style: 'transparent' });
    const seeThroughNoLand = await meanPixel(page, 640, 360, 6);
    await page.evaluate(() => window.atlas?.layers.set('land', true));
    await waitForFrames(page);
    const seeThroughLand = await meanPixel(page, 640, 360, 6);
    expect(
      diff(seeThroughLand, seeThroughNoLand),
      `far-side land ${seeThroughLand.join()} vs none ${seeThroughNoLand.join()}`,
    ).toBeGreaterThan(6);
    // Grid Core draws lines: pixels along a row vary far more than on the plain blue ocean.
    const rowRange = async (): Promise<number> => {
      const values: number[] = [];
      for (let x = 560; x <= 720; x += 4) values.push((await meanPixel(page, x, 330, 0))[1]);
      return Math.max(...values) - Math.min(...values);
    };
    await setGlobe(page, { style: 'blue' });
    const blueRange = await rowRange();
    await setGlobe(page, { style: 'grid' });
    const gridRange = await rowRange();
    expect(gridRange, `grid ${gridRange} vs blue ${blueRange}`).toBeGreaterThan(blueRange + 25);
    expect(errors).toEqual([]);
  });

  test('Globe Sphere OFF hides the sphere; the ocean scale grows its silhouette', async ({
    page,
  }) => {
    await open(page, '/app');
    await overPacific(page, 1000);
    const on = await meanPixel(page, 640, 360, 4);
    await setGlobe(page, { sphere: false });
    expect((await globe(page))?.sphere).toBe(false);
    const off = await meanPixel(page, 640, 360, 4);
    expect(diff(on, off), `on ${on.join()} / off ${off.join()}`).toBeGreaterThan(30);
    await setGlobe(page, { sphere: true });
    await expect.poll(async () => diff(await meanPixel(page, 640, 360, 4), on)).toBeLessThan(3);

    // At distance 1000 the 200-unit globe is ~177 px in radius: 250 px right of the centre is
    // space at 100 %, ocean at 200 % (a 400-unit sphere, ~380 px).
    const space = await meanPixel(page, 890, 360, 4);
    await setGlobe(page, { oceanScalePercent: 200 });
    expect((await globe(page))?.oceanScalePercent).toBe(200);
    const grown = await meanPixel(page, 890, 360, 4);
    expect(grown[2] - space[2], `space ${space.join()} / ocean ${grown.join()}`).toBeGreaterThan(
      20,
    );
    if (SCREENSHOTS) await page.screenshot({ path: 'docs/screenshots/ocean-scale-200.png' });
    // Out of range values clamp; nonsense is refused with a clear error.
    await setGlobe(page, { oceanScalePercent: 500 });
    expect((await globe(page))?.oceanScalePercent).toBe(200);
    await setGlobe(page, { oceanScalePercent: 20 });
    expect((await globe(page))?.oceanScalePercent).toBe(100);
    await expect(
      page.evaluate(() => window.atlas?.globe.set({ oceanScalePercent: Number.NaN })),
    ).rejects.toThrow(/oceanScalePercent must be a number from 100 to 200/);
    await expect(
      page.evaluate(() => window.atlas?.globe.set({ style: 'chrome' as 'blue' })),
    ).rejects.toThrow(/Unknown sphere style/);
    const back = await meanPixel(page, 890, 360, 4);
    expect(diff(back, space)).toBeLessThan(6);
  });

  test('the GLOBE panel drives the sphere: style, ON/OFF, ocean scale, true scale', async ({
    page,
  }) => {
    await open(page, '/app');
    const panel = page.getByTestId('globe-panel');
    await expect(panel).toBeVisible();
    for (const label of ['Blue Ocean', 'Ethereal Core', 'Transparent', 'Grid Core']) {
      await expect(panel.getByRole('radio', { name: label })).toBeVisible();
    }
    await panel.getByRole('radio', { name: 'Ethereal Core' }).click();
    await expect.poll(async () => (await globe(page))?.style).toBe('ethereal');
    await expect(panel.getByRole('radio', { name: 'Ethereal Core' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await panel.getByRole('button', { name: 'Globe Sphere ON' }).click();
    await expect.poll(async () => (await globe(page))?.sphere).toBe(false);
    await expect(panel.getByRole('button', { name: 'Globe Sphere OFF' })).toBeVisible();
    await panel.getByLabel('Ocean sphere scale').fill('150');
    await expect.poll(async () => (await globe(page))?.oceanScalePercent).toBe(150);
    await expect(panel.getByText('150 %')).toBeVisible();
    // A controlled checkbox: its state follows the engine a frame later.
    await panel.getByLabel('True scale sun, moon & planets').click();
    await expect.poll(async () => (await globe(page))?.trueScale).toBe(true);
  });

  test('true scale moves the sun and moon out; simplified is the spec layout', async ({ page }) => {
    await open(page, '/app');
    await page.evaluate(() => window.atlas?.layers.set('moon', true));
    await waitForFrames(page);
    await expect.poll(async () => (await globe(page))?.sun?.distance ?? 0).toBeCloseTo(23455, 6);
    const simple = await globe(page);
    expect(simple?.sun?.radius).toBe(109);
    expect(simple?.moon?.distance).toBeCloseTo(1200, 0);
    await setGlobe(page, { trueScale: true });
    await expect.poll(async () => (await globe(page))?.sun?.distance ?? 0).toBeCloseTo(45000, 6);
    const real = await globe(page);
    // The sun on the sky shell keeps its true apparent size: radius / distance = 695700 km / ~1 AU.
    expect((real?.sun?.radius ?? 0) / 45000).toBeGreaterThan(0.0045);
    expect((real?.sun?.radius ?? 0) / 45000).toBeLessThan(0.0048);
    // The moon at its real distance (356,000-407,000 km at 31.855 km per unit).
    expect(real?.moon?.distance).toBeGreaterThan(11000);
    expect(real?.moon?.distance).toBeLessThan(12900);
    expect(real?.moon?.radius).toBeCloseTo(1737.4 / 31.855, 1);
    await setGlobe(page, { trueScale: false });
    await expect.poll(async () => (await globe(page))?.sun?.distance ?? 0).toBeCloseTo(23455, 6);
  });

  test('the switcher routes are presets of one engine, undone when left', async ({ page }) => {
    await open(page, '/app');
    const layers = () => page.evaluate(() => window.atlas?.layers.get() ?? {});
    const quality = () => page.evaluate(() => window.atlas?.quality.get().override);
    const before = await layers();
    expect(before['borders']).toBe(true);

    await navigate(page, '/globe-minimal');
    await expect.poll(async () => (await globe(page))?.variant).toBe('globe-minimal');
    let l = await layers();
    expect([l['borders'], l['labels'], l['atmosphere']]).toEqual([false, false, false]);
    expect((await globe(page))?.cameraLimits).toEqual({ min: 250, max: 900 });
    expect(await quality()).toBe('low');
    await page.evaluate(() => window.atlas?.camera.set({ distance: 2000 }));
    await waitForFrames(page);
    expect(await page.evaluate(() => window.atlas?.camera.get().distance)).toBe(900);

    await navigate(page, '/globe-complete');
    await expect.poll(async () => (await globe(page))?.variant).toBe('globe-complete');
    l = await layers();
    for (const name of ['states', 'rivers', 'lakes', 'urban', 'cities', 'grid', 'timezones']) {
      expect(l[name], name).toBe(true);
    }
    expect(l['borders']).toBe(true); // globe-minimal's change was undone
    expect(await quality()).toBe('high');

    await navigate(page, '/globe-holographic');
    await expect.poll(async () => (await globe(page))?.variant).toBe('globe-holographic');
    const holo = await globe(page);
    expect([holo?.style, holo?.tint]).toEqual(['grid', 'cyan']);
    await page.evaluate(() => window.atlas?.camera.set({ lat: 20, lon: 10, distance: 600 }));
    await waitForFrames(page, 4);
    if (SCREENSHOTS) await page.screenshot({ path: 'docs/screenshots/globe-holographic.png' });

    await navigate(page, '/test-solar');
    await expect.poll(async () => (await globe(page))?.variant).toBe('test-solar');
    const solar = await globe(page);
    expect(solar?.view).toBe('solar');
    expect(solar?.cameraLimits.max).toBe(50000);
    expect((await layers())['solarSystem']).toBe(true);
    expect(await page.evaluate(() => window.atlas?.camera.get().distance)).toBe(9000);
    const holoGone = await globe(page);
    expect([holoGone?.style, holoGone?.tint]).toEqual(['blue', 'default']);

    await navigate(page, '/app');
    await expect.poll(async () => (await globe(page))?.variant).toBe(null);
    const after = await layers();
    expect(after).toEqual(before);
    expect(await quality()).toBe(null);
    expect((await globe(page))?.cameraLimits).toEqual({ min: 200.1, max: 1000 });
  });

  test('/xr says plainly that this browser has no WebXR', async ({ page }) => {
    await open(page, '/xr');
    await expect(page.getByTestId('xr-panel')).toContainText(
      'WebXR is not available in this browser.',
    );
    // Headless Chromium has navigator.xr but no immersive-vr session.
    expect(
      await page.evaluate(async () => {
        const xr = (
          navigator as Navigator & {
            xr?: { isSessionSupported(m: string): Promise<boolean> };
          }
        ).xr;
        return xr === undefined ? false : xr.isSessionSupported('immersive-vr');
      }),
    ).toBe(false);
    await expect(page.getByRole('button', { name: 'Enter VR' })).toHaveCount(0);
    expect((await globe(page))?.variant).toBe('xr');
  });

  test('the background globe behind /feeds: grid, blur, 500 pulsing activity circles', async ({
    page,
  }) => {
    await open(page, '/feeds');
    // Markers and labels off: only the circles are bright cyan on the canvas.
    await page.evaluate(() => {
      window.atlas?.layers.set('markers', false);
      window.atlas?.layers.set('labels', false);
    });
    await expect
      .poll(async () => (await globe(page))?.activityCircles, { timeout: 20_000 })
      .toEqual({ count: 500, onLand: 450, drawn: true });
    const g = await globe(page);
    expect([g?.view, g?.variant]).toEqual(['background', 'background']);
    expect((await page.evaluate(() => window.atlas?.layers.get()))?.['backgroundGrid']).toBe(true);
    expect(await page.evaluate(() => window.atlas?.quality.get().override)).toBe('low');
    await expect(page.locator('#atlas-globe')).toHaveCSS('filter', 'blur(8px)');
    // Circles on the canvas (the blur is CSS: the canvas pixels are sharp), over Africa and Europe
    // (the globe keeps turning slowly, one turn in 120 s).
    await page.evaluate(() => window.atlas?.camera.set({ lat: 10, lon: 20 }));
    await waitForFrames(page);
    await expect.poll(() => circlePixels(page)).toBeGreaterThan(200);
    if (SCREENSHOTS) await page.screenshot({ path: 'docs/screenshots/background-feeds.png' });
    // The globe itself, page and blur removed for the picture.
    await page.evaluate(() => {
      const root = document.getElementById('root');
      const canvas = document.getElementById('atlas-globe');
      if (root) root.style.visibility = 'hidden';
      if (canvas) {
        canvas.style.transition = 'none';
        canvas.style.filter = 'none';
      }
    });
    await waitForFrames(page);
    if (SCREENSHOTS) await page.screenshot({ path: 'docs/screenshots/background-globe.png' });
    await page.evaluate(() => {
      const root = document.getElementById('root');
      if (root) root.style.visibility = '';
    });
    // Only in the background view: gone on the app globe.
    await navigate(page, '/app');
    await expect.poll(async () => (await globe(page))?.activityCircles.drawn).toBe(false);
    // The app's lat/long grid (on by default) is cyan too.
    await page.evaluate(() => window.atlas?.layers.set('grid', false));
    await expect.poll(() => circlePixels(page)).toBeLessThan(40);
    expect((await page.evaluate(() => window.atlas?.layers.get()))?.['backgroundGrid']).toBe(false);
  });
});
