/**
 * The README's `/app?source=demo`: the spec's 20-city demo set instead of the server's articles,
 * drawn as 20 markers (the engine's own count through window.atlas).
 */
import { expect, test } from '@playwright/test';
import { requireWebGL2, waitForFrames } from './helpers';

test('/app?source=demo draws the 20-city demo set', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('atlas_walkthrough_seen', 'true'));
  await page.goto('/app?source=demo');
  const renderer = await requireWebGL2(page);
  await waitForFrames(page);
  await expect
    .poll(() => page.evaluate(() => window.atlas?.markers.count() ?? null), { timeout: 30_000 })
    .toEqual({ drawn: 20, articles: 20 });
  // The demo set, not the 500 seeded server articles.
  const ids = await page.evaluate(() => window.atlas?.markers.ids() ?? []);
  expect(ids.length).toBeLessThanOrEqual(20);
  console.log(`[demo] 20 demo markers drawn (${renderer})`);
});
