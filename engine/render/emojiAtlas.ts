/**
 * The emoji texture atlas: every emoji the data uses, drawn once into a canvas texture on first
 * use (ATLAS_COLS x ATLAS_COLS cells). The emoji come from the bundled 'Atlas Emoji' font
 * (public/fonts/atlas-emoji.ttf, declared in ui/styles.css), else from the platform's. Until the
 * font has loaded, or where no colour emoji font works at all, a readable fallback glyph is drawn
 * instead: the category's initial; when the font arrives the cells are redrawn in place. The
 * atlas size follows adaptive quality's texture size (spec: 2048 / 1024 / 512 by quality, low
 * from degradation step 2): at most ATLAS_PX, so 64 px cells at high and medium quality and 32 px
 * cells (a quarter of the texture memory and upload) at low. A resize redraws every cell in
 * place: cell numbers, and so the markers' UVs, do not change.
 */
import { DynamicTexture } from '@babylonjs/core/Materials/Textures/dynamicTexture';
import { Texture } from '@babylonjs/core/Materials/Textures/texture';
import type { Scene } from '@babylonjs/core/scene';

/** Cell size in texture pixels at full size: crisp at the largest marker size (20 units) up close. */
export const CELL_PX = 64;
/** Cells per row and column, whatever the size. */
export const ATLAS_COLS = 16;
/** The atlas at full size (64 px cells); a smaller texture size gives smaller cells. */
export const ATLAS_PX = ATLAS_COLS * CELL_PX;
/** Smallest atlas (16 px cells): below that an emoji is no longer recognisable. */
const ATLAS_MIN_PX = ATLAS_COLS * 16;
/** The bundled font first: the same glyphs everywhere (ui/styles.css declares it). */
export const EMOJI_FONT_FAMILY = 'Atlas Emoji';
const EMOJI_FAMILY = `"${EMOJI_FONT_FAMILY}","Noto Color Emoji","Apple Color Emoji","Segoe UI Emoji",sans-serif`;

/** The atlas size for a texture size (adaptive quality's 2048 / 1024 / 512): at most ATLAS_PX. */
function atlasPxFor(textureSize: number): number {
  return Math.max(ATLAS_MIN_PX, Math.min(ATLAS_PX, textureSize));
}

type DrawCell = (ctx: CanvasRenderingContext2D, x: number, y: number, cellPx: number) => void;

/** True when an emoji drawn with the platform fonts comes out in colour. */
export function hasColorEmoji(): boolean {
  const c = document.createElement('canvas');
  c.width = c.height = 32;
  const ctx = c.getContext('2d', { willReadFrequently: true });
  if (!ctx) return false;
  ctx.font = `26px ${EMOJI_FAMILY}`;
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
  /** Emoji drawn in colour (false: the category initials stand in). */
  colorEmoji: boolean;
  private readonly cells = new Map<string, { cell: number; draw: DrawCell }>();
  private ctx: CanvasRenderingContext2D;
  private dirty = false;
  /** Texture size in texels (square); boot applies the quality's size on the first frame. */
  private px = ATLAS_PX;

  constructor(scene: Scene) {
    this.texture = new DynamicTexture(
      'emojiAtlas',
      { width: this.px, height: this.px },
      scene,
      // No mipmaps: at the sizes markers are drawn, mip levels blend neighbouring cells together.
      false,
      Texture.BILINEAR_SAMPLINGMODE,
    );
    this.texture.hasAlpha = true;
    this.ctx = this.texture.getContext() as unknown as CanvasRenderingContext2D;
    this.colorEmoji = hasColorEmoji();
    if (!this.colorEmoji) this.whenFontLoads();
    this.ctx.clearRect(0, 0, this.px, this.px);
    // Uploaded once empty, so the texture is ready at start: the shader warm-up
    // (engine/render/shaderWarmup.ts) can compile the marker programs before any article exists.
    this.texture.update(false, true);
  }

  /** Cell size in texels. */
  get cellPx(): number {
    return this.px / ATLAS_COLS;
  }

  /**
   * The cell for an emoji, drawing it on first use; the last cell is reused when full. Without
   * colour emoji the cell is per emoji and category initial (the initial is what shows). Whether
   * the emoji or the initial is drawn is decided at each draw, so a font that arrives later
   * redraws those cells with their emoji.
   */
  cellFor(emoji: string, category: string): number {
    const initial = category.charAt(0).toUpperCase() || '•';
    const key = this.colorEmoji ? emoji : `${emoji}|${initial}`;
    return this.cell(key, (ctx, x, y, cellPx) => {
      if (this.colorEmoji) {
        ctx.font = `${Math.round(cellPx * 0.78)}px ${EMOJI_FAMILY}`;
        ctx.fillText(emoji, x, y + cellPx * 0.04);
      } else {
        ctx.font = `bold ${Math.round(cellPx * 0.62)}px sans-serif`;
        ctx.fillStyle = '#ffffff';
        ctx.fillText(initial, x, y + cellPx * 0.03);
      }
    });
  }

  /**
   * Asks for the bundled emoji font (a canvas does not wait for a web font: it draws with what is
   * loaded) and, once it works, redraws every cell in colour. A page without the font's
   * declaration, or a failed load, keeps the initials.
   */
  private whenFontLoads(): void {
    // Not every DOM has a FontFaceSet (jsdom in unit tests).
    const fonts = (globalThis.document as { fonts?: FontFaceSet } | undefined)?.fonts;
    if (fonts === undefined) return;
    fonts
      .load(`32px "${EMOJI_FONT_FAMILY}"`, '\u{1F4F0}')
      .then(() => {
        if (this.colorEmoji || !hasColorEmoji()) return;
        this.colorEmoji = true;
        // Between frames, and whether or not any marker changes: uploaded now.
        this.redrawAll();
      })
      .catch(() => undefined);
  }

  /** Redraws every cell in place and uploads the texture (cell numbers, and so the markers' UVs,
   * do not change). */
  private redrawAll(): void {
    this.ctx.clearRect(0, 0, this.px, this.px);
    for (const { cell, draw } of this.cells.values()) this.drawCell(cell, draw);
    this.dirty = false;
    this.texture.update(false, true);
  }

  /** A cell with plain text (cluster counts), bold white, shrunk to fit the cell. */
  cellForText(text: string): number {
    return this.cell(`text:${text}`, (ctx, x, y, cellPx) => {
      ctx.fillStyle = '#ffffff';
      let px = Math.round(cellPx * 0.5);
      const minPx = Math.max(6, Math.round(cellPx * 0.16));
      ctx.font = `bold ${px}px sans-serif`;
      while (px > minPx && ctx.measureText(text).width > cellPx * 0.86) {
        px -= 1;
        ctx.font = `bold ${px}px sans-serif`;
      }
      ctx.fillText(text, x, y + cellPx * 0.03);
    });
  }

  /**
   * Follows adaptive quality's texture size: a different atlas size resizes the texture and
   * redraws every cell at the new cell size, in place.
   */
  setTextureSize(textureSize: number): void {
    const px = atlasPxFor(textureSize);
    if (px === this.px) return;
    this.px = px;
    this.texture.scaleTo(px, px);
    this.ctx = this.texture.getContext() as unknown as CanvasRenderingContext2D;
    this.redrawAll();
  }

  /** Looks a cell up by key, or allocates it and draws it. */
  private cell(key: string, draw: DrawCell): number {
    const known = this.cells.get(key);
    if (known !== undefined) return known.cell;
    const cell = Math.min(this.cells.size, ATLAS_COLS * ATLAS_COLS - 1);
    this.cells.set(key, { cell, draw });
    this.drawCell(cell, draw);
    this.dirty = true;
    return cell;
  }

  /** Draws a cell centred in its square (cleared first: the last cell is shared when full). */
  private drawCell(cell: number, draw: DrawCell): void {
    const ctx = this.ctx;
    const size = this.cellPx;
    const x0 = (cell % ATLAS_COLS) * size;
    const y0 = Math.floor(cell / ATLAS_COLS) * size;
    ctx.save();
    ctx.clearRect(x0, y0, size, size);
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    draw(ctx, x0 + size / 2, y0 + size / 2, size);
    ctx.restore();
  }

  /** Uploads newly drawn cells (once per frame at most). */
  update(): void {
    if (!this.dirty) return;
    this.dirty = false;
    this.texture.update(false, true);
  }
}
