/**
 * Takes screenshots of running ATLAS pages for docs and for looking at what we build:
 *   npx tsx scripts/screenshot.ts <baseUrl> <out.png> [path] [lat,lon,distance]
 * Waits for engine-ready, optionally sets the camera, waits a few frames, then captures.
 */
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, VIEWPORT, chromiumExecutable } from './lib/chromium';

const [baseUrl = 'http://127.0.0.1:3000', out = 'tmp/shot.png', path = '/app', cam] =
  process.argv.slice(2);

const browser = await chromium.launch({
  executablePath: chromiumExecutable(),
  args: [...CHROMIUM_ARGS],
});
try {
  const page = await browser.newPage({ viewport: VIEWPORT });
  page.on('console', (m) => console.log(`[page ${m.type()}] ${m.text()}`));
  page.on('pageerror', (e) => console.log(`[page error] ${e.message}`));
  await page.goto(baseUrl + path);
  await page.evaluate(() => window.atlas?.whenReady());
  if (cam !== undefined) {
    const [lat, lon, distance] = cam.split(',').map(Number);
    await page.evaluate((v) => window.atlas?.camera.set(v), {
      ...(lat !== undefined && !Number.isNaN(lat) ? { lat } : {}),
      ...(lon !== undefined && !Number.isNaN(lon) ? { lon } : {}),
      ...(distance !== undefined && !Number.isNaN(distance) ? { distance } : {}),
    });
  }
  await page.waitForTimeout(1500);
  await page.screenshot({ path: out });
  console.log(JSON.stringify(await page.evaluate(() => window.atlas?.stats())));
  console.log(`wrote ${out}`);
} finally {
  await browser.close();
}
