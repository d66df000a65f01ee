/**
 * Test hooks, honoured only in a browser under automation (`navigator.webdriver`, which
 * Playwright, WebDriver and Puppeteer set), like the other URL switches of the automation surface
 * (docs/automation.md): a normal visitor cannot crash a panel from a link.
 *
 * - `?crash=<area>`: the named error-boundary area throws while rendering (shows 'Component Error').
 * - `window.__atlasRenders`: render counts of the shell components, to prove that engine numbers
 *   reach the page through signals without re-rendering React every frame.
 */

declare global {
  interface Window {
    __atlasRenders?: Record<string, number>;
  }
}

function automated(): boolean {
  return typeof navigator !== 'undefined' && navigator.webdriver;
}

/** Counts a render of `name` (a no-op outside automation). */
export function countRender(name: string): void {
  if (!automated()) return;
  const counts = (window.__atlasRenders ??= {});
  counts[name] = (counts[name] ?? 0) + 1;
}

export function crashRequested(area: string): boolean {
  return automated() && new URLSearchParams(window.location.search).get('crash') === area;
}

/** Whether the first-run walkthrough may open by itself: not under automation (it would cover
 * the globe in every browser test) unless the test asks with `?walkthrough=1`. */
export function walkthroughAllowed(): boolean {
  return !automated() || new URLSearchParams(window.location.search).get('walkthrough') === '1';
}
