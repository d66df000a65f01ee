import { expect, test } from '@playwright/test';
import { requireWebGL2 } from './helpers';

test('the server health check answers ok', async ({ request }) => {
  const res = await request.get('/api/health');
  expect(res.status()).toBe(200);
  const body: unknown = await res.json();
  expect(body).toMatchObject({ status: 'ok', database: { ok: true } });
});

test('the page at / has WebGL2', async ({ page }) => {
  const res = await page.goto('/');
  expect(res?.status()).toBe(200);
  const renderer = await requireWebGL2(page);
  console.log(`[smoke] WebGL renderer: ${renderer}`);
  test.info().annotations.push({ type: 'webgl-renderer', description: renderer });
  expect(renderer).not.toBe('');
});
