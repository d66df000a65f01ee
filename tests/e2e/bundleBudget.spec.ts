/**
 * The initial-JS budget (issue #29, scripts/lib/bundleBudget.ts) on the dist/ the suite runs
 * against: the entry script and its module preloads, in brotli bytes. No browser needed.
 */
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { INITIAL_JS_BUDGET_BYTES, measureInitialJs } from '../../scripts/lib/bundleBudget';

test('the initial JS stays within its budget, and the overlay is not in it', async () => {
  const scripts = await measureInitialJs(path.resolve(import.meta.dirname, '../../dist'));
  const total = scripts.reduce((sum, s) => sum + s.brotliBytes, 0);
  const list = scripts.map((s) => `${s.file} ${(s.brotliBytes / 1024).toFixed(1)} KB`).join(', ');
  console.log(`[budget] initial JS ${(total / 1024).toFixed(1)} KB brotli: ${list}`);
  expect(scripts.length).toBeGreaterThan(0);
  expect(total, `initial JS over budget: ${list}`).toBeLessThanOrEqual(INITIAL_JS_BUDGET_BYTES);
  // React's DOM renderer comes with the overlay, after the first frame (ui/deferredMain.ts).
  expect(scripts.some((s) => s.file.includes('/main-'))).toBe(false);
});
