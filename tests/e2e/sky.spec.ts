/**
 * The solar-system time panel ('SOLAR SYSTEM TIME (BERMUDA)') and the time-zone clocks, in a
 * real browser: the panel drives the sky's simulated time through the setSimTime command, and the
 * sun (window.atlas.sky, the day/night light on the canvas) follows it; the clocks tick through
 * signals without re-rendering the page.
 * With ATLAS_SKY_SCREENSHOTS=1 the tests also write docs/screenshots/time-panel.png and
 * docs/screenshots/timezones.png.
 */
import { expect, test, type Page } from '@playwright/test';
import { sunDirection, type Vec3 } from '../../data/globe/astro';
import { formatClock } from '../../data/globe/timezones';
import { WORLD_CLOCKS } from '../../data/globe/worldClocks';
import { requireWebGL2, waitForFrames } from './helpers';
import { brightestPixel } from './canvasPixels';

const SCREENSHOTS = process.env['ATLAS_SKY_SCREENSHOTS'] === '1';
const DEG = 180 / Math.PI;

interface Sky {
  timeMs: number;
  mode: string;
  simulated: boolean;
  sun: Vec3;
  subsolar: { lat: number; lon: number };
}

const sky = (page: Page): Promise<Sky> =>
  page.evaluate(() => {
    const s = window.atlas?.sky.get();
    if (!s) throw new Error('no atlas handle');
    return s;
  });

/** Angle between two unit vectors, degrees. */
function angleDeg(a: Vec3, b: Vec3): number {
  const d = a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
  return Math.acos(Math.max(-1, Math.min(1, d))) * DEG;
}

/** Angle between the engine's sun and the real sun now. */
async function sunOffNowDeg(page: Page): Promise<number> {
  return angleDeg((await sky(page)).sun, sunDirection(new Date()));
}

/** Simulated seconds per real second over about `ms`, measured in the page. */
async function speed(page: Page, ms: number): Promise<number> {
  const a = await page.evaluate(() => ({ t: window.atlas?.sky.get().timeMs ?? 0, r: Date.now() }));
  await page.waitForTimeout(ms);
  await waitForFrames(page, 2);
  const b = await page.evaluate(() => ({ t: window.atlas?.sky.get().timeMs ?? 0, r: Date.now() }));
  return (b.t - a.t) / (b.r - a.r);
}

async function openApp(page: Page): Promise<void> {
  await page.goto('/app');
  const renderer = await requireWebGL2(page);
  test.info().annotations.push({ type: 'renderer', description: renderer });
  await page.evaluate(() => window.atlas?.whenReady());
}

async function setLayer(page: Page, name: string, on: boolean): Promise<void> {
  await page.evaluate(([n, v]) => window.atlas?.layers.set(n, v), [name, on] as const);
  await expect.poll(() => page.evaluate((n) => window.atlas?.layers.get()[n], name)).toBe(on);
  await waitForFrames(page);
}

/** Seconds between two "HH:MM:SS" clock texts, on a 24 h circle. */
function clockDiffS(a: string, b: string): number {
  const s = (t: string): number => {
    const [h = 0, m = 0, sec = 0] = t.split(':').map(Number);
    return h * 3600 + m * 60 + sec;
  };
  const d = Math.abs(s(a) - s(b)) % 86_400;
  return Math.min(d, 86_400 - d);
}

test.describe('solar-system time panel', () => {
  test('modes, manual time, reset: the panel drives the sky and shows Bermuda time', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await openApp(page);
    const panel = page.getByTestId('solar-time-panel');
    const indicator = page.getByTestId('solar-time-indicator');
    const display = page.getByTestId('solar-time-display');
    await expect(panel).toBeHidden();

    // Reached from the globe controls.
    await page.getByRole('button', { name: 'Solar System' }).click();
    await expect(panel).toBeVisible();
    await expect(page.getByRole('heading', { name: 'SOLAR SYSTEM TIME (BERMUDA)' })).toHaveText(
      'SOLAR SYSTEM TIME (BERMUDA)',
    );
    expect(await page.evaluate(() => window.atlas?.layers.get()['solarSystem'])).toBe(true);
    await expect(indicator).toHaveText('LIVE ASTRONOMICAL DATA');
    await expect(page.getByRole('button', { name: 'RETURN TO REAL-TIME' })).toBeDisabled();

    // Live: the engine's sun is the real sun; the panel shows it one hour ahead of New York.
    expect(await sunOffNowDeg(page)).toBeLessThan(0.5);
    await expect
      .poll(async () => {
        const shown = (await display.locator('.solar-time__time').textContent()) ?? '';
        const ny = formatClock(new Date(), 'America/New_York', { seconds: true }).text;
        const h = Number(ny.slice(0, 2));
        return clockDiffS(shown, `${String((h + 1) % 24).padStart(2, '0')}${ny.slice(2)}`);
      })
      .toBeLessThanOrEqual(2);

    // The day/night light: look straight down on 0 N 0 E.
    await setLayer(page, 'markers', false);
    await setLayer(page, 'grid', false); // its lines cross at 0 N 0 E
    await setLayer(page, 'dayNight', true);
    await page.evaluate(() => window.atlas?.camera.set({ lat: 0, lon: 0, distance: 600 }));
    await waitForFrames(page);

    // A manual time (Bermuda wall time, ADT = UTC-3): noon UTC at the March equinox.
    const input = page.getByLabel('Manual time (Bermuda)');
    await input.fill('2024-03-20 09:00');
    await input.press('Enter');
    await expect(indicator).toHaveText('SIMULATED TIME');
    await expect(display).toContainText('2024-03-20');
    await expect(display).toContainText('09:00:');
    await expect(display).toContainText('ADT');
    const noon = await sky(page);
    expect(noon.simulated).toBe(true);
    expect(Math.abs(noon.timeMs - Date.UTC(2024, 2, 20, 12))).toBeLessThan(10_000);
    expect(Math.abs(noon.subsolar.lat)).toBeLessThan(1);
    expect(Math.abs(noon.subsolar.lon)).toBeLessThan(3);
    await waitForFrames(page, 3);
    const day = await brightestPixel(page, 640, 360, 2);

    // An invalid date is ignored: no change, no crash.
    await input.fill('2023-02-29 10:00');
    await input.press('Enter');
    await expect(page.getByText('Not a valid date: ignored')).toBeVisible();
    await waitForFrames(page, 3);
    const after = await sky(page);
    expect(Math.abs(after.timeMs - noon.timeMs)).toBeLessThan(10_000);
    await expect(display).toContainText('2024-03-20');

    // Midnight UTC: the same spot goes dark.
    await input.fill('2024-03-20 21:00');
    await input.press('Enter');
    await expect(display).toContainText('21:00:');
    await expect.poll(async () => Math.abs((await sky(page)).subsolar.lon)).toBeGreaterThan(170);
    await waitForFrames(page, 3);
    const night = await brightestPixel(page, 640, 360, 2);
    expect(night, `day ${day} vs night ${night}`).toBeLessThan(day - 60);
    if (SCREENSHOTS) {
      // The solar-system view at that simulated time: the camera 20 degrees below the anti-solar
      // point, so the sun stands above the Earth in the middle of the picture.
      const { subsolar } = await sky(page);
      await page.evaluate((c) => window.atlas?.camera.set(c), {
        lat: -subsolar.lat - 20,
        lon: subsolar.lon > 0 ? subsolar.lon - 180 : subsolar.lon + 180,
        distance: 8000,
      });
      await waitForFrames(page, 6);
      await page.screenshot({ path: 'docs/screenshots/time-panel.png' });
      await page.evaluate(() => window.atlas?.camera.set({ lat: 0, lon: 0, distance: 600 }));
    }

    // RETURN TO REAL-TIME: live again, the real sun.
    await page.getByRole('button', { name: 'RETURN TO REAL-TIME' }).click();
    await expect(indicator).toHaveText('LIVE ASTRONOMICAL DATA');
    await expect.poll(() => sunOffNowDeg(page)).toBeLessThan(0.5);

    // The speeds: 1440x, 14400x, 144000x.
    for (const [label, mode, x] of [
      ['1 DAY', '1day', 1440],
      ['10 DAYS', '10days', 14_400],
      ['100 DAYS', '100days', 144_000],
    ] as const) {
      await page.getByRole('button', { name: new RegExp(`^${label}`) }).click();
      await expect(indicator).toHaveText('SIMULATED TIME');
      await expect
        .poll(async () => (await sky(page)).mode, { message: `${mode} applied` })
        .toBe(mode);
      await expect(page.getByRole('button', { name: new RegExp(`^${label}`) })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      const v = await speed(page, 1500);
      expect(v / x, `${mode}: ${v.toFixed(0)}x`).toBeGreaterThan(0.7);
      expect(v / x, `${mode}: ${v.toFixed(0)}x`).toBeLessThan(1.3);
    }

    // At 100days the sun sweeps round: over a second of frames it moves measurably.
    const a = await sky(page);
    await page.waitForTimeout(1000);
    await waitForFrames(page, 3);
    const b = await sky(page);
    expect(b.timeMs - a.timeMs).toBeGreaterThan(20 * 3_600_000);
    expect(angleDeg(a.sun, b.sun), 'sun moved').toBeGreaterThan(5);
    await page.screenshot({ path: test.info().outputPath('simulated.png') });

    // RESET TO NOW returns it.
    await page.getByRole('button', { name: 'RESET TO NOW' }).click();
    await expect(indicator).toHaveText('LIVE ASTRONOMICAL DATA');
    await expect.poll(async () => (await sky(page)).mode).toBe('realtime');
    await expect.poll(() => sunOffNowDeg(page)).toBeLessThan(0.5);
    expect(Math.abs((await sky(page)).timeMs - Date.now())).toBeLessThan(5_000);
    await expect(page.getByRole('button', { name: /^REALTIME/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    // The layer off hides the panel.
    await page.getByRole('button', { name: 'Solar System' }).click();
    await expect(panel).toBeHidden();
    expect(errors).toEqual([]);
  });
});

test.describe('time-zone clocks', () => {
  test('T shows live clocks for major zones along the bottom edge; they tick without re-rendering the page', async ({
    page,
  }) => {
    await openApp(page);
    const strip = page.getByTestId('timezone-clocks');
    await expect(strip).toBeHidden();
    await page.keyboard.press('t');
    await expect
      .poll(() => page.evaluate(() => window.atlas?.layers.get()['timezones']))
      .toBe(true);
    await expect(strip).toBeVisible();
    const times = strip.getByTestId('tz-clock-time');
    await expect(times).toHaveCount(WORLD_CLOCKS.length);
    for (const [i, city] of WORLD_CLOCKS.entries()) {
      await expect(strip.locator('li').nth(i)).toContainText(city.name);
    }

    // Each clock shows its zone's wall time now.
    const shown = await times.allTextContents();
    const now = new Date();
    for (const [i, city] of WORLD_CLOCKS.entries()) {
      const want = formatClock(now, city.zone, { seconds: true }).text;
      expect(clockDiffS(shown[i] ?? '', want), `${city.name}: ${shown[i]} vs ${want}`).toBeLessThan(
        3,
      );
    }
    await expect(strip).toContainText('UTC+9');

    // Clear of the globe's centre: a strip along the bottom edge.
    const box = await strip.boundingBox();
    expect(box).not.toBeNull();
    if (box) {
      expect(box.y).toBeGreaterThan(600);
      expect(box.y + box.height).toBeLessThanOrEqual(720);
    }

    // They tick (signals, a 1 s timer) while the page and the strip do not re-render.
    const renders = (): Promise<Record<string, number>> =>
      page.evaluate(() => ({ ...(window.__atlasRenders ?? {}) }));
    // The shell renders once more when its fade-in ends (the blur steps after the first frame).
    await expect(page.getByTestId('app-shell')).not.toHaveClass(/app-shell--hidden/);
    const before = await renders();
    const first = await times.first().textContent();
    await expect.poll(() => times.first().textContent(), { timeout: 5_000 }).not.toBe(first);
    await page.waitForTimeout(1200);
    const after = await renders();
    expect(after['AppPage']).toBe(before['AppPage']);
    expect(after['TimezoneClocks']).toBe(before['TimezoneClocks']);

    if (SCREENSHOTS) {
      await page.evaluate(() => {
        window.atlas?.layers.set('dayNight', true);
        // The terminator in view: 75 degrees east of the subsolar point.
        const sun = window.atlas?.sky.get().subsolar;
        const lon = (((sun?.lon ?? 0) + 75 + 540) % 360) - 180;
        window.atlas?.camera.set({ lat: 25, lon, distance: 640 });
      });
      await waitForFrames(page, 6);
      await page.screenshot({ path: 'docs/screenshots/timezones.png' });
    }

    // The Time Zones button in the globe controls turns them off again.
    await page.getByRole('button', { name: 'Time Zones' }).click();
    await expect(strip).toBeHidden();
    expect(await page.evaluate(() => window.atlas?.layers.get()['timezones'])).toBe(false);
  });
});
