/**
 * The label atlas: each label string drawn once, whole, into one canvas texture (shelf packing),
 * at the device pixel ratio so a label quad maps texel for pixel onto the screen. Text gets a dark
 * halo (a round-joined stroke under the fill) so it reads over land, ocean and city lights.
 * When the atlas is full the owner clears it and redraws the labels still in use.
 */
import { DynamicTexture } from '@babylonjs/core/Materials/Textures/dynamicTexture';
import { Texture } from '@babylonjs/core/Materials/Textures/texture';
import type { Scene } from '@babylonjs/core/scene';
import { LABEL_KINDS, LABEL_RULES } from '../../data/labels/labelRules';

export const LABEL_ATLAS_PX = 2048;
/** Halo width in CSS px (the stroke is twice this, half of it outside the glyphs). */
export const HALO_PX = 2.5;
/** Gap between atlas entries in texels (bilinear sampling must not bleed into a neighbour). */
const GAP = 2;
/** Dirty boxes larger than this (a quarter of the atlas) are uploaded whole. */
const PARTIAL_UPLOAD_MAX_TEXELS = (LABEL_ATLAS_PX * LABEL_ATLAS_PX) / 4;
const FAMILY = '"Inter","Segoe UI","Roboto","Helvetica Neue","DejaVu Sans","Arial",sans-serif';

interface KindStyle {
  weight: string;
  italic: boolean;
  color: string;
  upper: boolean;
  /** Letter spacing in em. */
  spacing: number;
}

/** Type styles per kind: big spaced capitals for continents, italic blue for water. */
const STYLES: Record<(typeof LABEL_KINDS)[number], KindStyle> = {
  continent: { weight: '600', italic: false, color: '#f2f5fa', upper: true, spacing: 0.18 },
  ocean: { weight: '500', italic: true, color: '#9fc9f5', upper: false, spacing: 0.08 },
  country: { weight: '600', italic: false, color: '#ffffff', upper: false, spacing: 0.02 },
  capital: { weight: '600', italic: false, color: '#ffe7a3', upper: false, spacing: 0 },
  state: { weight: '400', italic: false, color: '#c9d6e8', upper: false, spacing: 0.04 },
  region: { weight: '500', italic: true, color: '#e0d3ff', upper: false, spacing: 0.04 },
  city: { weight: '500', italic: false, color: '#eef2f7', upper: false, spacing: 0 },
  lake: { weight: '500', italic: true, color: '#9fc9f5', upper: false, spacing: 0.02 },
  river: { weight: '500', italic: true, color: '#8fbcef', upper: false, spacing: 0.02 },
  town: { weight: '400', italic: false, color: '#c7ced6', upper: false, spacing: 0 },
};

export interface AtlasRect {
  /** Texel rectangle in the atlas. */
  x: number;
  y: number;
  w: number;
  h: number;
}

function style(kind: number): KindStyle {
  return STYLES[LABEL_KINDS[kind] ?? 'city'];
}

function fontFor(kind: number, scale: number): string {
  const s = style(kind);
  const px = LABEL_RULES[LABEL_KINDS[kind] ?? 'city'].fontPx * scale;
  return `${s.italic ? 'italic ' : ''}${s.weight} ${px}px ${FAMILY}`;
}

export function displayText(text: string, kind: number): string {
  return style(kind).upper ? text.toUpperCase() : text;
}

export class LabelAtlas {
  readonly texture: DynamicTexture;
  /** Texels per CSS px. */
  readonly scale: number;
  private readonly ctx: CanvasRenderingContext2D;
  private readonly rects = new Map<string, AtlasRect>();
  private shelfX = 0;
  private shelfY = 0;
  private shelfH = 0;
  /** Everything must be uploaded (first use, after clear()). */
  private dirtyAll = true;
  /** Texel box of the labels drawn since the last upload (x1 <= x0: none). */
  private dirtyX0 = 0;
  private dirtyY0 = 0;
  private dirtyX1 = 0;
  private dirtyY1 = 0;
  /** Holds one dirty box for the partial upload (a canvas is a valid WebGL2 upload source). */
  private scratch: HTMLCanvasElement | OffscreenCanvas | null = null;
  /** The kind whose font the context holds outside draw() (-1: none set yet). */
  private measureKind = -1;
  /** Partial and full uploads so far (tests and the profiler read them). */
  partialUploads = 0;
  fullUploads = 0;

  constructor(scene: Scene, scale: number) {
    this.scale = scale;
    this.texture = new DynamicTexture(
      'labelAtlas',
      { width: LABEL_ATLAS_PX, height: LABEL_ATLAS_PX },
      scene,
      false,
      Texture.BILINEAR_SAMPLINGMODE,
    );
    this.texture.hasAlpha = true;
    this.ctx = this.texture.getContext() as unknown as CanvasRenderingContext2D;
    this.ctx.clearRect(0, 0, LABEL_ATLAS_PX, LABEL_ATLAS_PX);
    // Uploaded once empty, so the texture is ready at start: the shader warm-up
    // (engine/render/shaderWarmup.ts) compiles the label program without waiting for the
    // gazetteer, and later labels go up as partial uploads.
    this.texture.update(false, true);
  }

  /** Size of a label in texels (what `rectFor` will allocate), without drawing it. */
  measure(text: string, kind: number): { w: number; h: number } {
    const ctx = this.ctx;
    // A flight measures hundreds of new names in a row, mostly of one kind: set the font only
    // when the kind changes (draw() saves and restores around its own, so this stays true).
    if (this.measureKind !== kind) {
      this.applyFont(kind);
      this.measureKind = kind;
    }
    const w = ctx.measureText(displayText(text, kind)).width;
    const halo = HALO_PX * this.scale;
    const fontPx = LABEL_RULES[LABEL_KINDS[kind] ?? 'city'].fontPx * this.scale;
    return { w: Math.ceil(w + 2 * halo + 2), h: Math.ceil(fontPx * 1.25 + 2 * halo) };
  }

  private applyFont(kind: number): void {
    const s = style(kind);
    this.ctx.font = fontFor(kind, this.scale);
    // Chromium, Safari 17+ and Firefox 115+ have canvas letterSpacing; elsewhere it is ignored.
    (this.ctx as unknown as { letterSpacing: string }).letterSpacing =
      `${s.spacing * LABEL_RULES[LABEL_KINDS[kind] ?? 'city'].fontPx * this.scale}px`;
  }

  /** The atlas rectangle of a label, drawing it on first use; null when the atlas is full. */
  rectFor(text: string, kind: number): AtlasRect | null {
    const key = `${kind}|${text}`;
    const known = this.rects.get(key);
    if (known !== undefined) return known;
    const { w, h } = this.measure(text, kind);
    if (this.shelfX + w > LABEL_ATLAS_PX) {
      this.shelfY += this.shelfH + GAP;
      this.shelfX = 0;
      this.shelfH = 0;
    }
    if (this.shelfY + h > LABEL_ATLAS_PX || w > LABEL_ATLAS_PX) return null;
    const rect = { x: this.shelfX, y: this.shelfY, w, h };
    this.shelfX += w + GAP;
    this.shelfH = Math.max(this.shelfH, h);
    this.rects.set(key, rect);
    this.draw(displayText(text, kind), kind, rect);
    return rect;
  }

  private draw(text: string, kind: number, rect: AtlasRect): void {
    const ctx = this.ctx;
    const halo = HALO_PX * this.scale;
    ctx.save();
    this.applyFont(kind);
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    const cx = rect.x + rect.w / 2;
    const cy = rect.y + rect.h / 2 + this.scale * 0.5;
    ctx.lineJoin = 'round';
    ctx.miterLimit = 2;
    ctx.strokeStyle = 'rgba(4, 8, 16, 0.88)';
    ctx.lineWidth = halo * 2;
    ctx.strokeText(text, cx, cy);
    ctx.fillStyle = style(kind).color;
    ctx.fillText(text, cx, cy);
    ctx.restore();
    this.markDirty(rect);
  }

  private markDirty(r: AtlasRect): void {
    if (this.dirtyAll) return;
    if (this.dirtyX1 <= this.dirtyX0) {
      this.dirtyX0 = r.x;
      this.dirtyY0 = r.y;
      this.dirtyX1 = r.x + r.w;
      this.dirtyY1 = r.y + r.h;
      return;
    }
    this.dirtyX0 = Math.min(this.dirtyX0, r.x);
    this.dirtyY0 = Math.min(this.dirtyY0, r.y);
    this.dirtyX1 = Math.max(this.dirtyX1, r.x + r.w);
    this.dirtyY1 = Math.max(this.dirtyY1, r.y + r.h);
  }

  /** Forgets every label (the owner redraws those still in use). */
  clear(): void {
    this.rects.clear();
    this.shelfX = this.shelfY = this.shelfH = 0;
    this.ctx.clearRect(0, 0, LABEL_ATLAS_PX, LABEL_ATLAS_PX);
    this.dirtyAll = true;
  }

  get entries(): number {
    return this.rects.size;
  }

  /**
   * Uploads newly drawn labels (once per frame at most): only the box around them, through a
   * small scratch canvas and texSubImage2D. Re-uploading the whole 2048x2048 canvas (16 MB) each
   * time a new label came into view cost ~1 ms of main thread per upload here (~5 ms at 4x CPU
   * throttling) and as much again in the GPU process.
   */
  update(): void {
    const w = this.dirtyX1 - this.dirtyX0;
    const h = this.dirtyY1 - this.dirtyY0;
    if (!this.dirtyAll && (w <= 0 || h <= 0)) return;
    const partial = !this.dirtyAll && w * h <= PARTIAL_UPLOAD_MAX_TEXELS && this.uploadBox();
    if (!partial) {
      this.texture.update(false, true);
      this.fullUploads++;
    }
    this.dirtyAll = false;
    this.dirtyX0 = this.dirtyY0 = this.dirtyX1 = this.dirtyY1 = 0;
  }

  /** Copies the dirty box to the scratch canvas and uploads it in place; false when it cannot. */
  private uploadBox(): boolean {
    const internal = this.texture.getInternalTexture();
    const engine = this.texture.getScene()?.getEngine() as unknown as
      | { _gl?: WebGL2RenderingContext; _bindTextureDirectly?: (t: number, tex: unknown) => void }
      | undefined;
    const gl = engine?._gl;
    if (internal === null || gl === undefined || engine?._bindTextureDirectly === undefined) {
      return false;
    }
    const x = this.dirtyX0;
    const y = this.dirtyY0;
    const w = this.dirtyX1 - x;
    const h = this.dirtyY1 - y;
    const scratch = this.scratchOf(w, h);
    if (scratch === null) return false;
    const sctx = scratch.getContext('2d');
    if (sctx === null) return false;
    sctx.clearRect(0, 0, w, h);
    sctx.drawImage(this.ctx.canvas, x, y, w, h, 0, 0, w, h);
    engine._bindTextureDirectly(gl.TEXTURE_2D, internal);
    gl.pixelStorei(gl.UNPACK_FLIP_Y_WEBGL, false);
    gl.pixelStorei(gl.UNPACK_PREMULTIPLY_ALPHA_WEBGL, true);
    gl.texSubImage2D(gl.TEXTURE_2D, 0, x, y, w, h, gl.RGBA, gl.UNSIGNED_BYTE, scratch);
    gl.pixelStorei(gl.UNPACK_PREMULTIPLY_ALPHA_WEBGL, false);
    engine._bindTextureDirectly(gl.TEXTURE_2D, null);
    this.partialUploads++;
    return true;
  }

  /** A scratch canvas at least w x h (grown in steps, never shrunk). */
  private scratchOf(w: number, h: number): HTMLCanvasElement | OffscreenCanvas | null {
    let c = this.scratch;
    if (c === null || c.width < w || c.height < h) {
      const cw = Math.max(w, c?.width ?? 0, 256);
      const ch = Math.max(h, c?.height ?? 0, 64);
      if (typeof OffscreenCanvas !== 'undefined') c = new OffscreenCanvas(cw, ch);
      else if (typeof document !== 'undefined') {
        c = document.createElement('canvas');
        c.width = cw;
        c.height = ch;
      } else return null;
      this.scratch = c;
    }
    return c;
  }

  dispose(): void {
    this.texture.dispose();
  }
}
