/**
 * What the WebGL renderer string says about the device. Software rasterisers (SwiftShader,
 * llvmpipe) are treated as the lowest GPU tier; the same code path runs, with cheaper settings.
 */

const SOFTWARE = /swiftshader|llvmpipe|softpipe|software rasterizer|microsoft basic render/i;

export function isSoftwareRenderer(renderer: string): boolean {
  return SOFTWARE.test(renderer);
}
