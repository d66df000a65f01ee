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
/** New labels covering more than this (a quarter of the atlas) are uploaded whole. */
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
  /** Rectangles drawn since the last upload (each uploaded on its own when partial). */
  private pending: AtlasRect[] = [];
  private pendingTexels = 0;
  /** Partial and full uploads so far (tests and the profiler read them). */
  partialUploads = 0;
  fullUploads = 0;

  constructor(scene: Scene, scale: number) {
    this.scale = scale;
    // A CPU-backed canvas (willReadFrequently): text is rasterised in the page and each new
    // label's texels are read back with getImageData for a small upload. A GPU-backed 2D canvas
    // would make every upload a cross-context copy that waits on the GPU process (measured:
    // the largest single cost of a camera flight under 4x CPU throttling on SwiftShader).
    const canvas = document.createElement('canvas');
    canvas.width = LABEL_ATLAS_PX;
    canvas.height = LABEL_ATLAS_PX;
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    if (ctx === null) throw new Error('the label atlas needs a 2D canvas');
    this.ctx = ctx;
    this.texture = new DynamicTexture(
      'labelAtlas',
      canvas,
      scene,
      false,
      Texture.BILINEAR_SAMPLINGMODE,
    );
    this.texture.hasAlpha = true;
    this.ctx.clearRect(0, 0, LABEL_ATLAS_PX, LABEL_ATLAS_PX);
  }

  /** Size of a label in texels (what `rectFor` will allocate), without drawing it. */
  measure(text: string, kind: number): { w: number; h: number } {
    const ctx = this.ctx;
    ctx.save();
    this.applyFont(kind);
    const w = ctx.measureText(displayText(text, kind)).width;
    ctx.restore();
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
    this.pending.push(r);
    this.pendingTexels += r.w * r.h;
  }

  /** Forgets every label (the owner redraws those still in use). */
  clear(): void {
    this.rects.clear();
    this.shelfX = this.shelfY = this.shelfH = 0;
    this.ctx.clearRect(0, 0, LABEL_ATLAS_PX, LABEL_ATLAS_PX);
    this.dirtyAll = true;
    this.pending.length = 0;
    this.pendingTexels = 0;
  }

  get entries(): number {
    return this.rects.size;
  }

  /**
   * Uploads newly drawn labels (once per frame at most): each new label's own rectangle, read
   * from the CPU canvas with getImageData and written with texSubImage2D. Re-uploading the whole
   * 2048x2048 canvas (16 MB) each time a new label came into view cost ~1 ms of main thread per
   * upload here (~5 ms at 4x CPU throttling) and as much again in the GPU process.
   */
  update(): void {
    if (!this.dirtyAll && this.pending.length === 0) return;
    const partial =
      !this.dirtyAll && this.pendingTexels <= PARTIAL_UPLOAD_MAX_TEXELS && this.uploadRects();
    if (!partial) {
      this.texture.update(false, true);
      this.fullUploads++;
    }
    this.dirtyAll = false;
    this.pending.length = 0;
    this.pendingTexels = 0;
  }

  /** Uploads the pending rectangles in place; false when it cannot (no WebGL2 context). */
  private uploadRects(): boolean {
    const internal = this.texture.getInternalTexture();
    const engine = this.texture.getScene()?.getEngine() as unknown as
      | { _gl?: WebGL2RenderingContext; _bindTextureDirectly?: (t: number, tex: unknown) => void }
      | undefined;
    const gl = engine?._gl;
    if (internal === null || gl === undefined || engine?._bindTextureDirectly === undefined) {
      return false;
    }
    engine._bindTextureDirectly(gl.TEXTURE_2D, internal);
    gl.pixelStorei(gl.UNPACK_FLIP_Y_WEBGL, false);
    gl.pixelStorei(gl.UNPACK_PREMULTIPLY_ALPHA_WEBGL, true);
    for (const r of this.pending) {
      const pixels = this.ctx.getImageData(r.x, r.y, r.w, r.h);
      gl.texSubImage2D(gl.TEXTURE_2D, 0, r.x, r.y, gl.RGBA, gl.UNSIGNED_BYTE, pixels);
    }
    gl.pixelStorei(gl.UNPACK_PREMULTIPLY_ALPHA_WEBGL, false);
    engine._bindTextureDirectly(gl.TEXTURE_2D, null);
    this.partialUploads++;
    return true;
  }

  dispose(): void {
    this.texture.dispose();
  }
}
