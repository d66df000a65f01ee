/**
 * The globe's controls in a real browser: keyboard shortcuts, auto-rotation stopping on
 * interaction, double click / double tap zoom, a country click, the shortcuts dialog. Camera
 * state is read through `window.atlas.camera.get()` (docs/automation.md).
 */
import { expect, test, type Page } from '@playwright/test';
import { requireWebGL2, waitForFrames } from './helpers';

type Cam = { lat: number; lon: number; distance: number };

async function camera(page: Page): Promise<Cam> {
  return page.evaluate(() => {
    const c = window.atlas?.camera.get();
    if (!c) throw new Error('no atlas handle');
    return c;
  });
}

/** Puts the camera somewhere and waits until it is there. */
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

/** Waits for the automation handle, then for the first frame with the globe. */
async function ready(page: Page): Promise<void> {
  await page.waitForFunction(() => window.atlas !== undefined);
  await page.evaluate(() => window.atlas?.whenReady());
}

async function openApp(page: Page, path = '/app'): Promise<void> {
  await page.goto(path);
  const renderer = await requireWebGL2(page);
  test.info().annotations.push({ type: 'renderer', description: renderer });
  await ready(page);
}

test.describe('globe controls', () => {
  test('keys: R reset, N north, arrows rotate, +/- zoom, G grid, ? shortcuts', async ({ page }) => {
    await openApp(page);
    await place(page, { lat: 30, lon: 20, distance: 800 });

    await page.keyboard.press('r');
    await expect
      .poll(async () => (await camera(page)).distance, { timeout: 15_000 })
      .toBeCloseTo(600, 1);
    expect((await camera(page)).lat).toBeCloseTo(30, 1);

    await page.keyboard.press('n');
    await expect.poll(async () => (await camera(page)).lat, { timeout: 15_000 }).toBeCloseTo(0, 1);

    const before = await camera(page);
    await page.keyboard.press('ArrowLeft');
    await expect
      .poll(async () => (await camera(page)).lon, { timeout: 15_000 })
      .toBeCloseTo(before.lon - 5, 1);
    await page.keyboard.press('ArrowUp');
    await expect.poll(async () => (await camera(page)).lat, { timeout: 15_000 }).toBeCloseTo(5, 1);

    await page.keyboard.press('Equal');
    await expect
      .poll(async () => (await camera(page)).distance, { timeout: 15_000 })
      .toBeCloseTo(200 + 400 * 0.8, 1);
    await page.keyboard.press('Minus');
    await expect
      .poll(async () => (await camera(page)).distance, { timeout: 15_000 })
      .toBeCloseTo(600, 1);

    const grid = await page.evaluate(() => window.atlas?.layers.get()['grid']);
    await page.keyboard.press('g');
    await expect.poll(() => page.evaluate(() => window.atlas?.layers.get()['grid'])).toBe(!grid);
    await page.keyboard.press('g');
    await expect.poll(() => page.evaluate(() => window.atlas?.layers.get()['grid'])).toBe(grid);

    await page.keyboard.press('?');
    await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeHidden();
  });

  test('keys typed into a text field do not reach the globe', async ({ page }) => {
    await openApp(page);
    await place(page, { lat: 10, lon: 10, distance: 800 });
    await page.evaluate(() => {
      const input = document.createElement('input');
      input.id = 'typing';
      input.style.position = 'fixed';
      input.style.pointerEvents = 'auto';
      document.getElementById('root')?.appendChild(input);
    });
    await page.locator('#typing').fill('');
    await page.locator('#typing').press('r');
    await waitForFrames(page, 5);
    expect((await camera(page)).distance).toBeCloseTo(800, 3);
  });

  test('auto-rotation on the landing globe stops when the globe is grabbed', async ({ page }) => {
    // The landing's location prompt (a modal after 2 s) answered, so the canvas can be pressed.
    await page.addInitScript(() => localStorage.setItem('atlas_location_asked', 'true'));
    await openApp(page, '/');
    const a = (await camera(page)).lon;
    await expect
      .poll(async () => Math.abs((await camera(page)).lon - a), { timeout: 15_000 })
      .toBeGreaterThan(0.3);
    // A press on the canvas, off the globe (top-left): an interaction, no drag. Dispatched on the
    // canvas itself: the landing's panels sit over that corner.
    await page.evaluate(() => {
      const canvas = document.getElementById('atlas-globe');
      if (canvas === null) throw new Error('no canvas');
      const at = { clientX: 30, clientY: 200, pointerId: 1, pointerType: 'mouse', isPrimary: true };
      canvas.dispatchEvent(new PointerEvent('pointerdown', { ...at, bubbles: true, button: 0 }));
      canvas.dispatchEvent(new PointerEvent('pointerup', { ...at, bubbles: true, button: 0 }));
    });
    // Fades to 0 over 500 ms, then stays still (it would resume only after 30 s idle).
    await page.waitForTimeout(1200);
    await waitForFrames(page, 2);
    const b = (await camera(page)).lon;
    await page.waitForTimeout(1500);
    await waitForFrames(page, 2);
    expect(Math.abs((await camera(page)).lon - b)).toBeLessThan(0.01);
  });

  test('a double click zooms in to 300, and out to 600 from near', async ({ page }) => {
    await openApp(page);
    await page.evaluate(() => window.atlas?.layers.set('markers', false));
    await place(page, { lat: -30, lon: -20, distance: 600 });
    await page.mouse.dblclick(640, 360);
    await expect
      .poll(async () => (await camera(page)).distance, { timeout: 15_000 })
      .toBeCloseTo(300, 1);
    await waitForFrames(page, 2);
    await page.mouse.dblclick(640, 360);
    await expect
      .poll(async () => (await camera(page)).distance, { timeout: 15_000 })
      .toBeCloseTo(600, 1);
  });

  test('a click on a country selects it and zooms to distance 500', async ({ page }) => {
    await openApp(page);
    await page.evaluate(() => window.atlas?.layers.set('markers', false));
    // Mongolia under the centre of the screen.
    await place(page, { lat: 46.8, lon: 103, distance: 800 });
    await page.mouse.move(640, 360);
    await waitForFrames(page, 2);
    await expect
      .poll(() => page.evaluate(() => document.getElementById('atlas-globe')?.style.cursor))
      .toBe('pointer');
    await page.mouse.click(640, 360);
    await expect(page.getByTestId('selected-country')).toContainText('Mongolia');
    // Its news over the last 24 h, as the by-country call counts them.
    const news = (await (
      await page.request.get('/api/news-markers/by-country/MN?hours=24&limit=50')
    ).json()) as { total: number };
    await expect(page.getByTestId('country-news')).toHaveText(
      ` · ${news.total} ${news.total === 1 ? 'story' : 'stories'} in 24 h`,
    );
    await expect
      .poll(async () => (await camera(page)).distance, { timeout: 15_000 })
      .toBeCloseTo(500, 1);
    // A drag is not a click: nothing new gets selected.
    await page.getByRole('button', { name: 'Clear country' }).click();
    await expect(page.getByTestId('selected-country')).toBeHidden();
    await page.mouse.move(640, 360);
    await page.mouse.down();
    await page.mouse.move(700, 380, { steps: 4 });
    await page.mouse.up();
    await page.waitForTimeout(800);
    await expect(page.getByTestId('selected-country')).toBeHidden();
  });

  test('restores the camera from share parameters (altitude default 400)', async ({ page }) => {
    await openApp(page, '/app?lat=35.6762&lon=139.6503');
    await expect.poll(async () => (await camera(page)).distance).toBeCloseTo(400, 1);
    const c = await camera(page);
    expect(c.lat).toBeCloseTo(35.6762, 2);
    expect(c.lon).toBeCloseTo(139.6503, 2);
  });

  test('the debug crosshair shows the camera target', async ({ page }) => {
    await openApp(page, '/app?debug=crosshair&lat=10&lon=20&altitude=700');
    await expect(page.getByTestId('camera-crosshair')).toBeVisible();
    await expect(page.getByText('Camera Target')).toBeVisible();
    await expect(page.getByText('Lat/Lon: 10.0000, 20.0000')).toBeVisible();
  });
});

test.describe('touch', () => {
  test.use({ hasTouch: true });

  test('a double tap zooms in to 300', async ({ page }) => {
    await openApp(page);
    await page.evaluate(() => window.atlas?.layers.set('markers', false));
    await place(page, { lat: -30, lon: -20, distance: 600 });
    // Two taps as touch pointer events dispatched in one go: under SwiftShader each CDP touch
    // event waits for a frame (~200 ms), which would stretch two taps past the 300 ms window.
    await page.evaluate(() => {
      const canvas = document.getElementById('atlas-globe');
      if (!canvas) throw new Error('no canvas');
      const at = {
        clientX: 640,
        clientY: 360,
        pointerId: 7,
        pointerType: 'touch',
        isPrimary: true,
      };
      for (let i = 0; i < 2; i++) {
        canvas.dispatchEvent(new PointerEvent('pointerdown', { ...at, bubbles: true, button: 0 }));
        canvas.dispatchEvent(new PointerEvent('pointerup', { ...at, bubbles: true, button: 0 }));
      }
    });
    await expect
      .poll(async () => (await camera(page)).distance, { timeout: 15_000 })
      .toBeCloseTo(300, 1);
  });
});

test.describe('Locate Me', () => {
  test.use({ geolocation: { latitude: 48.8566, longitude: 2.3522 }, permissions: ['geolocation'] });

  test('flies to distance 280, places the user marker, saves home at 450', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await openApp(page);
    await page.evaluate(() => window.atlas?.layers.set('markers', false));
    await page.getByRole('button', { name: 'Locate Me' }).click();
    await expect
      .poll(async () => (await camera(page)).distance, { timeout: 15_000 })
      .toBeCloseTo(280, 1);
    const c = await camera(page);
    expect(c.lat).toBeCloseTo(48.8566, 2);
    expect(c.lon).toBeCloseTo(2.3522, 2);
    // The marker sits under the centre of the screen: hovering it shows 'Your Location'.
    await page.mouse.move(600, 300);
    await page.mouse.move(640, 360, { steps: 2 });
    await expect(page.getByTestId('user-location-tooltip')).toContainText('Your Location');
    await expect(page.getByTestId('user-location-tooltip')).toContainText('48.8566, 2.3522');
    await page.screenshot({ path: test.info().outputPath('user-marker.png') });
    await page.evaluate(() => window.atlas?.camera.set({ lat: 0, lon: 0, distance: 800 }));
    // Single-key shortcuts never fire while a button has focus (Locate Me still has it).
    await page.evaluate(() => {
      if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
    });
    await page.keyboard.press('h');
    await expect
      .poll(async () => (await camera(page)).distance, { timeout: 15_000 })
      .toBeCloseTo(450, 1);
    expect(errors).toEqual([]);
  });
});

test.describe('Locate Me without permission', () => {
  test('shows the spec message as a toast', async ({ page, context }) => {
    await context.clearPermissions();
    await openApp(page);
    await page.getByRole('button', { name: 'Locate Me' }).click();
    await expect(page.getByTestId('controls-toast')).toContainText(
      'Unable to get your location. Permission denied. Please enable location access in your browser settings.',
    );
  });
});
