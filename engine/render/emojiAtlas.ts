/**
 * The emoji texture atlas: every emoji the data uses, drawn once into a canvas texture on first
 * use (cells of CELL_PX). Where the platform has no colour emoji font (headless Linux without
 * fonts-noto-color-emoji), a readable fallback glyph is drawn instead: the category's initial.
 */
import { DynamicTexture } from '@babylonjs/core/Materials/Textures/dynamicTexture';
import { Texture } from '@babylonjs/core/Materials/Textures/texture';
import type { Scene } from '@babylonjs/core/scene';

/** Cell size in texture pixels: crisp at the largest marker size (20 units) up close. */
export const CELL_PX = 64;
export const ATLAS_PX = 1024;
export const ATLAS_COLS = ATLAS_PX / CELL_PX;
const FONT = `${Math.round(CELL_PX * 0.78)}px "Noto Color Emoji","Apple Color Emoji","Segoe UI Emoji",sans-serif`;

/** True when an emoji drawn with the platform fonts comes out in colour. */
export function hasColorEmoji(): boolean {
  const c = document.createElement('canvas');
  c.width = c.height = 32;
  const ctx = c.getContext('2d', { willReadFrequently: true });
  if (!ctx) return false;
  ctx.font = '26px "Noto Color Emoji","Apple Color Emoji","Segoe UI Emoji",sans-serif';
  ctx.textBaseline = 'middle';
  ctx.textAlign = 'center';
  ctx.fillStyle = '#000';
  ctx.fillText('🌍', 16, 17);
  const d = ctx.getImageData(0, 0, 32, 32).data;
  for (let i = 0; i < d.length; i += 4) {
    const r = d[i] as number;
    const g = d[i + 1] as number;
    const b = d[i + 2] as number;
    if ((d[i + 3] as number) > 0 && (Math.abs(r - g) > 24 || Math.abs(g - b) > 24)) return true;
  }
  return false;
}

export class EmojiAtlas {
  readonly texture: DynamicTexture;
  readonly colorEmoji: boolean;
  private readonly cells = new Map<string, number>();
  private readonly ctx: CanvasRenderingContext2D;
  private dirty = false;

  constructor(scene: Scene) {
    this.texture = new DynamicTexture(
      'emojiAtlas',
      { width: ATLAS_PX, height: ATLAS_PX },
      scene,
      // No mipmaps: at the sizes markers are drawn, mip levels blend neighbouring cells together.
      false,
      Texture.BILINEAR_SAMPLINGMODE,
    );
    this.texture.hasAlpha = true;
    this.ctx = this.texture.getContext() as unknown as CanvasRenderingContext2D;
    this.colorEmoji = hasColorEmoji();
    this.ctx.clearRect(0, 0, ATLAS_PX, ATLAS_PX);
    // Uploaded once empty, so the texture is ready at start: the shader warm-up
    // (engine/render/shaderWarmup.ts) can compile the marker programs before any article exists.
    this.texture.update(false, true);
  }

  /** The cell for an emoji, drawing it on first use; the last cell is reused when full. */
  cellFor(emoji: string, category: string): number {
    const key = this.colorEmoji ? emoji : `fallback:${category.charAt(0).toUpperCase()}`;
    return this.cell(key, (ctx, x, y) => {
      if (this.colorEmoji) {
        ctx.font = FONT;
        ctx.fillText(emoji, x, y + CELL_PX * 0.04);
      } else {
        ctx.font = `bold ${Math.round(CELL_PX * 0.62)}px sans-serif`;
        ctx.fillStyle = '#ffffff';
        ctx.fillText(key.slice('fallback:'.length) || '•', x, y + CELL_PX * 0.03);
      }
    });
  }

  /** A cell with plain text (cluster counts), bold white, shrunk to fit the cell. */
  cellForText(text: string): number {
    return this.cell(`text:${text}`, (ctx, x, y) => {
      ctx.fillStyle = '#ffffff';
      let px = Math.round(CELL_PX * 0.5);
      ctx.font = `bold ${px}px sans-serif`;
      while (px > 10 && ctx.measureText(text).width > CELL_PX * 0.86) {
        px -= 2;
        ctx.font = `bold ${px}px sans-serif`;
      }
      ctx.fillText(text, x, y + CELL_PX * 0.03);
    });
  }

  /** Looks a cell up by key, or allocates it and draws it centred at (x, y). */
  private cell(
    key: string,
    draw: (ctx: CanvasRenderingContext2D, x: number, y: number) => void,
  ): number {
    const known = this.cells.get(key);
    if (known !== undefined) return known;
    const cell = Math.min(this.cells.size, ATLAS_COLS * ATLAS_COLS - 1);
    this.cells.set(key, cell);
    const ctx = this.ctx;
    ctx.save();
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    draw(
      ctx,
      (cell % ATLAS_COLS) * CELL_PX + CELL_PX / 2,
      Math.floor(cell / ATLAS_COLS) * CELL_PX + CELL_PX / 2,
    );
    ctx.restore();
    this.dirty = true;
    return cell;
  }

  /** Uploads newly drawn cells (once per frame at most). */
  update(): void {
    if (!this.dirty) return;
    this.dirty = false;
    this.texture.update(false, true);
  }
}
