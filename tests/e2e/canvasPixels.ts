/**
 * Reading the globe canvas in browser tests. The canvas is drawn with preserveDrawingBuffer, so
 * its pixels can be copied after a frame; positions are CSS pixels (the canvas may render at
 * another resolution: dynamic resolution, the backdrop blur).
 */
import type { Page } from '@playwright/test';

export type Rgb = [number, number, number];

/** RGBA bytes of the (2k+1)^2 canvas window centred on a CSS-pixel position, row by row. */
export async function canvasWindow(page: Page, x: number, y: number, k: number): Promise<number[]> {
  return page.evaluate(
    ([px, py, r]) => {
      const src = document.getElementById('atlas-globe');
      if (!(src instanceof HTMLCanvasElement)) throw new Error('no globe canvas');
      const scale = src.width / src.clientWidth;
      const size = 2 * r + 1;
      const c = document.createElement('canvas');
      c.width = size;
      c.height = size;
      const ctx = c.getContext('2d');
      if (!ctx) throw new Error('no 2d context');
      ctx.drawImage(src, px * scale - r, py * scale - r, size, size, 0, 0, size, size);
      return Array.from(ctx.getImageData(0, 0, size, size).data);
    },
    [x, y, k] as const,
  );
}

/** The colour of the canvas pixel at a CSS-pixel position. */
export async function canvasPixel(page: Page, x: number, y: number): Promise<Rgb> {
  const d = await canvasWindow(page, x, y, 0);
  return [d[0] ?? 0, d[1] ?? 0, d[2] ?? 0];
}

/** The brightest pixel (r + g + b) of the (2k+1)^2 window around a CSS-pixel position. */
export async function brightestPixel(page: Page, x: number, y: number, k: number): Promise<number> {
  const d = await canvasWindow(page, x, y, k);
  let best = 0;
  for (let i = 0; i < d.length; i += 4) {
    best = Math.max(best, (d[i] ?? 0) + (d[i + 1] ?? 0) + (d[i + 2] ?? 0));
  }
  return best;
}

/** The mean colour of the (2k+1)^2 window around a CSS-pixel position. */
export async function meanPixel(page: Page, x: number, y: number, k: number): Promise<Rgb> {
  const d = await canvasWindow(page, x, y, k);
  const sum: Rgb = [0, 0, 0];
  for (let i = 0; i < d.length; i += 4) {
    sum[0] += d[i] ?? 0;
    sum[1] += d[i + 1] ?? 0;
    sum[2] += d[i + 2] ?? 0;
  }
  const n = d.length / 4;
  return [sum[0] / n, sum[1] / n, sum[2] / n];
}
