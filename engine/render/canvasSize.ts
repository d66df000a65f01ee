/**
 * The rendering canvas's CSS size, kept up to date by a ResizeObserver. Reading `clientWidth`
 * inside a frame forces a synchronous style and layout pass of the whole page whenever the
 * overlay's DOM changed since the last one - and signal-bound texts change it 4 times a second -
 * so per-frame code (label viewport, label material, picking scale) reads this cache instead. A
 * trace of the orbiting globe showed ~3 forced layouts per frame before.
 */
export interface CssSize {
  width: number;
  height: number;
}

const sizes = new WeakMap<Element, CssSize>();

/** The canvas's CSS size (clientWidth/clientHeight), read once and then on every resize. */
export function canvasCssSize(canvas: HTMLCanvasElement | OffscreenCanvas | null): CssSize {
  if (canvas === null || !isElement(canvas)) return { width: 0, height: 0 };
  const known = sizes.get(canvas);
  if (known !== undefined) return known;
  const size: CssSize = { width: canvas.clientWidth, height: canvas.clientHeight };
  sizes.set(canvas, size);
  if (typeof ResizeObserver !== 'undefined') {
    new ResizeObserver(() => {
      size.width = canvas.clientWidth;
      size.height = canvas.clientHeight;
    }).observe(canvas);
  }
  return size;
}

function isElement(c: HTMLCanvasElement | OffscreenCanvas): c is HTMLCanvasElement {
  return typeof HTMLCanvasElement !== 'undefined' && c instanceof HTMLCanvasElement;
}
