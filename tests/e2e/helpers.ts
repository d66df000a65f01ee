import { expect, type Page } from '@playwright/test';

/**
 * Throws unless the page can create a WebGL2 context; returns the unmasked renderer string
 * (WEBGL_debug_renderer_info), e.g. "ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device ...))".
 * Log it with every result: suites that pass while drawing nothing are a known trap.
 */
export async function requireWebGL2(page: Page): Promise<string> {
  const info = await page.evaluate(() => {
    const gl = document.createElement('canvas').getContext('webgl2');
    if (gl === null) return null;
    const debug = gl.getExtension('WEBGL_debug_renderer_info');
    const renderer: unknown = gl.getParameter(
      debug === null ? gl.RENDERER : debug.UNMASKED_RENDERER_WEBGL,
    );
    // Free the context now: a page keeps at most 16 live WebGL contexts.
    gl.getExtension('WEBGL_lose_context')?.loseContext();
    return { renderer: String(renderer) };
  });
  if (info === null) {
    throw new Error(
      'WebGL2 is not available in this browser: check the Chromium flags ' +
        '(--enable-unsafe-swiftshader --use-angle=swiftshader --ignore-gpu-blocklist)',
    );
  }
  return info.renderer;
}

/** The engine's frame counter (window.atlas.stats().frame; 0 before the engine runs). */
export function frameCount(page: Page): Promise<number> {
  return page.evaluate(() => window.atlas?.stats().frame ?? 0);
}

/**
 * Waits until the engine has drawn more than `n` further frames: commands apply at the next frame,
 * and on a loaded 2-core machine SwiftShader may draw only a frame or two a second.
 */
export async function waitForFrames(page: Page, n = 3): Promise<void> {
  const start = await frameCount(page);
  await expect.poll(() => frameCount(page), { timeout: 30_000 }).toBeGreaterThan(start + n);
}
