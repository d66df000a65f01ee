import type { Page } from '@playwright/test';

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
