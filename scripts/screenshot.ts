/**
 * Takes screenshots of running ATLAS pages for docs and for looking at what we build:
 *   npx tsx scripts/screenshot.ts <baseUrl> <out.png> [path] [lat,lon,distance] [options]
 * Waits for engine-ready, optionally sets layers and the camera, waits a few frames, captures.
 *
 * Options (after the positional arguments):
 *   --layers=a,b,-c   turn layers a and b on and c off (window.atlas.layers.set) before the camera
 *   --wait=MS         wait this long before the capture (default 1500)
 * The camera may also be `day,<distance>` or `night,<distance>`: over a populated region where it
 * is now broad day, or night near the terminator (from the real sun, data/globe/astro.ts).
 */
import { chromium } from '@playwright/test';
import { solarElevationDeg } from '../data/globe/astro';
import { CHROMIUM_ARGS, VIEWPORT, chromiumExecutable } from './lib/chromium';

const args = process.argv.slice(2);
const positional = args.filter((a) => !a.startsWith('--'));
const option = (name: string): string | undefined =>
  args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);

const [baseUrl = 'http://127.0.0.1:3000', out = 'tmp/shot.png', path = '/app', cam] = positional;
const layers = (option('layers') ?? '').split(',').filter((s) => s !== '');
const waitMs = Number(option('wait') ?? 1500);

/** Populated regions to look at for `day`/`night` cameras (lat, lon). */
const REGIONS: readonly [number, number][] = [
  [48, 10], // Europe
  [38, -88], // eastern North America
  [23, 80], // India
  [32, 115], // eastern China
  [-18, -50], // Brazil
  [5, 20], // central Africa
  [36, 138], // Japan
  [-25, 134], // Australia
];

function cameraFor(spec: string): { lat?: number; lon?: number; distance?: number } {
  const [a, b, c] = spec.split(',');
  if (a === 'day' || a === 'night') {
    const now = new Date();
    const want = a === 'day' ? 60 : -28;
    let best = REGIONS[0] ?? [0, 0];
    for (const r of REGIONS) {
      const e = solarElevationDeg(r[0], r[1], now);
      if (Math.abs(e - want) < Math.abs(solarElevationDeg(best[0], best[1], now) - want)) best = r;
    }
    const distance = Number(b ?? 600);
    return { lat: best[0], lon: best[1], ...(Number.isNaN(distance) ? {} : { distance }) };
  }
  const [lat, lon, distance] = [a, b, c].map(Number);
  return {
    ...(lat !== undefined && !Number.isNaN(lat) ? { lat } : {}),
    ...(lon !== undefined && !Number.isNaN(lon) ? { lon } : {}),
    ...(distance !== undefined && !Number.isNaN(distance) ? { distance } : {}),
  };
}

const browser = await chromium.launch({
  executablePath: chromiumExecutable(),
  args: [...CHROMIUM_ARGS],
});
try {
  const page = await browser.newPage({ viewport: VIEWPORT });
  page.on('console', (m) => console.log(`[page ${m.type()}] ${m.text()}`));
  page.on('pageerror', (e) => console.log(`[page error] ${e.message}\n${e.stack ?? ''}`));
  await page.goto(baseUrl + path);
  await page.evaluate(() => window.atlas?.whenReady());
  if (layers.length > 0) {
    await page.evaluate((list) => {
      for (const l of list) {
        const off = l.startsWith('-');
        window.atlas?.layers.set(off ? l.slice(1) : l, !off);
      }
    }, layers);
    // Layer switches apply at the next frame and may switch the view (solarSystem widens the
    // camera's range a frame later): wait for the layers, then a few frames, whatever the rate.
    await page.waitForFunction((list) => {
      const on = window.atlas?.layers.get() ?? {};
      return list.every((l) => on[l.replace(/^-/, '')] === !l.startsWith('-'));
    }, layers);
    const frame = await page.evaluate(() => window.atlas?.stats().frame ?? 0);
    await page.waitForFunction((f) => (window.atlas?.stats().frame ?? 0) >= f + 3, frame);
  }
  if (cam !== undefined) {
    const v = cameraFor(cam);
    console.log(`camera ${JSON.stringify(v)}`);
    await page.evaluate((c) => window.atlas?.camera.set(c), v);
  }
  await page.waitForTimeout(waitMs);
  await page.screenshot({ path: out });
  console.log(JSON.stringify(await page.evaluate(() => window.atlas?.stats())));
  console.log(`wrote ${out}`);
} finally {
  await browser.close();
}
