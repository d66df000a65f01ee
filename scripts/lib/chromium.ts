/**
 * The one browser configuration shared by the Playwright suite (playwright.config.ts) and the
 * benchmark runner (scripts/bench.ts). We only ever use Debian's Chromium, never a downloaded
 * one: scripts/ensure-chromium.mjs installs it with apt when it is missing.
 */

/** Debian's Chromium, unless ATLAS_CHROMIUM points elsewhere. */
export const DEFAULT_CHROMIUM = '/usr/bin/chromium';

export function chromiumExecutable(env: NodeJS.ProcessEnv = process.env): string {
  const fromEnv = env['ATLAS_CHROMIUM'];
  return fromEnv !== undefined && fromEnv !== '' ? fromEnv : DEFAULT_CHROMIUM;
}

/**
 * Headless flags. WebGL2 comes from ANGLE on SwiftShader (machines have no GPU): without
 * --enable-unsafe-swiftshader / --use-angle=swiftshader / --ignore-gpu-blocklist there is no
 * WebGL at all. The rest keeps the browser off the network and quiet.
 */
export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--enable-unsafe-swiftshader',
  '--use-angle=swiftshader',
  '--ignore-gpu-blocklist',
];

export const VIEWPORT = { width: 1280, height: 720 } as const;
