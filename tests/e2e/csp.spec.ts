import { expect, test } from '@playwright/test';

/**
 * RELIABILITY.md R7/R8: the client runs under the production CSP (no 'unsafe-inline', no
 * 'unsafe-eval') without a single violation in normal use: boot, orbit, open the overlays.
 */
test('normal use of the globe causes 0 CSP violations under the production policy', async ({
  page,
}) => {
  await page.addInitScript({
    content: `
      window.__cspViolations = [];
      document.addEventListener('securitypolicyviolation', (e) => {
        window.__cspViolations.push(e.violatedDirective + ' ' + e.blockedURI + ' ' + (e.sample || ''));
      });
    `,
  });
  const res = await page.goto('/app');
  const csp = res?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toContain('unsafe-inline');
  expect(csp).not.toContain('unsafe-eval');
  await page.waitForFunction(() => window.atlas?.stats().frame !== undefined, undefined, {
    timeout: 30_000,
  });
  await page.evaluate(() => window.atlas?.whenReady());
  // Orbit and zoom with the mouse, then open the profiler (P) and the shortcuts dialog (?).
  const box = await page.locator('#atlas-globe').boundingBox();
  if (box === null) throw new Error('no globe canvas');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 120, box.y + box.height / 2 + 30, { steps: 6 });
  await page.mouse.up();
  await page.mouse.wheel(0, -400);
  await page.keyboard.press('p');
  await page.keyboard.press('Shift+Slash');
  await page.waitForTimeout(500);
  const violations = await page.evaluate(
    () => (window as unknown as { __cspViolations: string[] }).__cspViolations,
  );
  expect(violations).toEqual([]);
});
