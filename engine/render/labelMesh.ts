/**
 * All place-name labels in ONE merged mesh (one draw call): four vertices per label, sized in
 * screen pixels in the vertex shader and snapped to the pixel grid so the atlas (drawn at the
 * device pixel ratio) maps texel for pixel: crisp at every zoom. Far-side labels are dropped in
 * the shader; the label system hides those near the limb. Not DOM nodes, not GUI controls: a
 * merged buffer like the markers' (engine/render/markerMesh.ts explains why not thin instances).
 * Only the slots the label system rewrites are uploaded.
 */
import { Constants } from '@babylonjs/core/Engines/constants';
import type { ArcRotateCamera } from '@babylonjs/core/Cameras/arcRotateCamera';
import { ShaderMaterial } from '@babylonjs/core/Materials/shaderMaterial';
import { Mesh } from '@babylonjs/core/Meshes/mesh';
import { SubMesh } from '@babylonjs/core/Meshes/subMesh';
import { VertexData } from '@babylonjs/core/Meshes/mesh.vertexData';
import type { Scene } from '@babylonjs/core/scene';
import type { LabelGpu, LabelViewport } from '../labelState';
import { LABEL_ATLAS_PX, LabelAtlas } from './labelAtlas';
import { PIXEL_RATIO_CAP } from './globeScene';
import { canvasCssSize } from './canvasSize';

const labelVertex = /* glsl */ `
precision highp float;
attribute vec3 position;
attribute vec4 ldata;  // atlas u0, v0 (top), u1, v1 (bottom)
attribute vec4 lsize;  // width, height (texels), alpha (+2: a sky label), packed offset (CSS px)
uniform mat4 view;
uniform mat4 projection;
uniform vec3 cameraPosition;
uniform vec2 viewportPx;
uniform float texelToPx;
uniform float cssToPx;
varying vec2 vUv;
varying float vAlpha;
void main(void) {
  int corner = gl_VertexID - (gl_VertexID / 4) * 4;
  vec2 c = vec2(corner == 1 || corner == 2 ? 1.0 : 0.0, corner >= 2 ? 1.0 : 0.0);
  vec4 clip = projection * view * vec4(position, 1.0);
  // Far side (the label's normal points away from the camera), hidden slots, behind the camera.
  // A sky label (sun, moon, planets: alpha + 2) is not on the globe: no far-side test.
  bool sky = lsize.z > 1.5;
  float alpha = sky ? lsize.z - 2.0 : lsize.z;
  float facing = sky ? 1.0 : dot(normalize(position), normalize(cameraPosition - position));
  if (alpha <= 0.0 || facing < 0.0 || clip.w <= 0.0) {
    gl_Position = vec4(2.0, 2.0, 2.0, 1.0);
    return;
  }
  // Offset from the anchor chosen by the placement, whole CSS px: (x + 2048) * 4096 + y + 2048.
  float ox = floor((lsize.w + 0.5) / 4096.0);
  float oy = lsize.w - ox * 4096.0 - 2048.0;
  ox -= 2048.0;
  vec2 px = (clip.xy / clip.w * 0.5 + 0.5) * viewportPx;
  px.x += ox * cssToPx;
  px.y -= oy * cssToPx; // screen y grows downward, clip y upward
  vec2 sizePx = lsize.xy * texelToPx;
  // Whole-pixel origin: with texelToPx 1 every texel lands on exactly one pixel.
  vec2 origin = floor(px - sizePx * 0.5 + 0.5);
  vec2 p = origin + c * sizePx;
  gl_Position = vec4(p / viewportPx * 2.0 - 1.0, 0.0, 1.0);
  vUv = vec2(mix(ldata.x, ldata.z, c.x), mix(ldata.w, ldata.y, c.y));
  vAlpha = alpha;
}
`;

const labelFragment = /* glsl */ `
precision highp float;
uniform sampler2D atlas;
varying vec2 vUv;
varying float vAlpha;
void main(void) {
  vec4 t = texture2D(atlas, vUv);
  if (t.a < 0.004) discard;
  gl_FragColor = t * vAlpha; // premultiplied
}
`;

const POS = 3;
const ZERO_OFFSET = 2048 * 4096 + 2048;
const DATA = 4;
const SIZE = 4;

interface SlotText {
  text: string;
  kind: number;
  alpha: number;
  /** Packed offset (packOffset) and the sky flag (2 added to the alpha written). */
  offset: number;
  sky: number;
}

/** Offsets (CSS px, whole, within +-2047) packed into one float exactly (under 2^24). */
export function packOffset(offsetX: number, offsetY: number): number {
  const clamp = (v: number): number => Math.max(-2047, Math.min(2047, Math.round(v)));
  return (clamp(offsetX) + 2048) * 4096 + clamp(offsetY) + 2048;
}

export class LabelMesh implements LabelGpu {
  readonly mesh: Mesh;
  readonly atlas: LabelAtlas;
  private readonly material: ShaderMaterial;
  private capacity = 0;
  private count = 0;
  private on = true;
  private pos = new Float32Array(0);
  private data = new Float32Array(0);
  private size = new Float32Array(0);
  private slots: SlotText[] = [];
  private dirtyMin = Infinity;
  private dirtyMax = -1;
  /** Atlas rebuilds so far (the atlas filled up). */
  rebuilds = 0;

  constructor(
    private readonly scene: Scene,
    private readonly camera: ArcRotateCamera,
    pixelRatio = Math.min(globalThis.devicePixelRatio || 1, PIXEL_RATIO_CAP),
  ) {
    this.atlas = new LabelAtlas(scene, pixelRatio);
    this.mesh = new Mesh('labels', scene);
    this.mesh.isPickable = false;
    this.mesh.alwaysSelectAsActiveMesh = true;
    this.mesh.doNotSyncBoundingInfo = true;
    // After the other transparent Earth layers (alphaIndex 0-6), before the markers (default).
    this.mesh.alphaIndex = 7;
    this.material = new ShaderMaterial(
      'labelsMat',
      scene,
      { vertexSource: labelVertex, fragmentSource: labelFragment },
      {
        attributes: ['position', 'ldata', 'lsize'],
        uniforms: ['view', 'projection', 'cameraPosition', 'viewportPx', 'texelToPx', 'cssToPx'],
        samplers: ['atlas'],
        needAlphaBlending: true,
      },
    );
    this.material.backFaceCulling = false;
    this.material.alphaMode = Constants.ALPHA_PREMULTIPLIED;
    this.material.disableDepthWrite = true;
    // Text sits on top of the globe; the far side is culled in the shader instead.
    this.material.depthFunction = Constants.ALWAYS;
    this.material.setTexture('atlas', this.atlas.texture);
    this.material.onBindObservable.add(() => {
      const engine = this.scene.getEngine();
      const w = engine.getRenderWidth();
      const h = engine.getRenderHeight();
      const css = canvasCssSize(engine.getRenderingCanvas()).width || w;
      const effect = this.material.getEffect();
      effect.setFloat2('viewportPx', w, h);
      effect.setFloat('texelToPx', w / Math.max(1, css) / this.atlas.scale);
      effect.setFloat('cssToPx', w / Math.max(1, css));
    });
    this.mesh.material = this.material;
    this.mesh.isVisible = false;
    this.ensureCapacity(256);
  }

  private ensureCapacity(n: number): void {
    if (n <= this.capacity) return;
    let cap = Math.max(256, this.capacity);
    while (cap < n) cap *= 2;
    const pos = new Float32Array(cap * 4 * POS);
    const data = new Float32Array(cap * 4 * DATA);
    const size = new Float32Array(cap * 4 * SIZE);
    pos.set(this.pos);
    data.set(this.data);
    size.set(this.size);
    this.pos = pos;
    this.data = data;
    this.size = size;
    const indices = new Uint32Array(cap * 6);
    for (let s = 0; s < cap; s++) {
      const v = s * 4;
      indices.set([v, v + 1, v + 2, v, v + 2, v + 3], s * 6);
    }
    const vd = new VertexData();
    vd.positions = pos;
    vd.indices = indices;
    vd.applyToMesh(this.mesh, true);
    this.mesh.setVerticesData('ldata', data, true, DATA);
    this.mesh.setVerticesData('lsize', size, true, SIZE);
    this.capacity = cap;
    this.dirtyMin = Infinity;
    this.dirtyMax = -1;
    this.applyCount();
  }

  private applyCount(): void {
    this.mesh.releaseSubMeshes();
    SubMesh.AddToMesh(0, 0, Math.max(4, this.count * 4), 0, Math.max(6, this.count * 6), this.mesh);
    this.mesh.isVisible = this.count > 0 && this.on;
  }

  measure(text: string, kind: number, out: { width: number; height: number }): void {
    const m = this.atlas.measure(text, kind);
    out.width = m.w / this.atlas.scale;
    out.height = m.h / this.atlas.scale;
  }

  viewport(out: LabelViewport): void {
    const css = canvasCssSize(this.scene.getEngine().getRenderingCanvas());
    out.width = css.width;
    out.height = css.height;
    out.fovY = this.camera.fov;
  }

  setCount(count: number): void {
    if (count > this.capacity) this.ensureCapacity(count);
    if (count === this.count) return;
    this.count = count;
    this.applyCount();
  }

  setVisible(on: boolean): void {
    this.on = on;
    this.mesh.isVisible = this.count > 0 && on;
  }

  writeSlot(
    slot: number,
    x: number,
    y: number,
    z: number,
    text: string,
    kind: number,
    alpha: number,
    offsetX: number,
    offsetY: number,
    sky = false,
  ): void {
    if (slot >= this.capacity) this.ensureCapacity(slot + 1);
    this.slots[slot] = {
      text,
      kind,
      alpha,
      offset: packOffset(offsetX, offsetY),
      sky: sky ? 2 : 0,
    };
    for (let k = 0; k < 4; k++) {
      const v = slot * 4 + k;
      this.pos[v * POS] = x;
      this.pos[v * POS + 1] = y;
      this.pos[v * POS + 2] = z;
    }
    this.writeAppearance(slot);
  }

  /** Atlas rectangle and opacity of a slot (the atlas is rebuilt when full). */
  private writeAppearance(slot: number): void {
    const s = this.slots[slot];
    let u0 = 0;
    let v0 = 0;
    let u1 = 0;
    let v1 = 0;
    let w = 0;
    let h = 0;
    const alpha = s?.alpha ?? 0;
    if (s !== undefined && alpha > 0) {
      let rect = this.atlas.rectFor(s.text, s.kind);
      if (rect === null) {
        this.rebuildAtlas();
        rect = this.atlas.rectFor(s.text, s.kind);
      }
      if (rect !== null) {
        u0 = rect.x / LABEL_ATLAS_PX;
        v0 = rect.y / LABEL_ATLAS_PX;
        u1 = (rect.x + rect.w) / LABEL_ATLAS_PX;
        v1 = (rect.y + rect.h) / LABEL_ATLAS_PX;
        w = rect.w;
        h = rect.h;
      }
    }
    for (let k = 0; k < 4; k++) {
      const v = slot * 4 + k;
      this.data[v * DATA] = u0;
      this.data[v * DATA + 1] = v0;
      this.data[v * DATA + 2] = u1;
      this.data[v * DATA + 3] = v1;
      this.size[v * SIZE] = w;
      this.size[v * SIZE + 1] = h;
      this.size[v * SIZE + 2] = w > 0 ? alpha + (s?.sky ?? 0) : 0;
      this.size[v * SIZE + 3] = s?.offset ?? ZERO_OFFSET;
    }
    if (slot < this.dirtyMin) this.dirtyMin = slot;
    if (slot > this.dirtyMax) this.dirtyMax = slot;
  }

  /** The atlas is full: start it again with only the labels drawn now. */
  private rebuildAtlas(): void {
    this.rebuilds++;
    this.atlas.clear();
    // Recursion-free: labels that still do not fit stay blank until rewritten.
    this.slots.forEach((s, slot) => {
      if (s.alpha > 0) this.writeAppearanceNoRebuild(slot);
    });
  }

  private writeAppearanceNoRebuild(slot: number): void {
    const s = this.slots[slot];
    if (s === undefined) return;
    const rect = s.alpha > 0 ? this.atlas.rectFor(s.text, s.kind) : null;
    if (rect === null) s.alpha = 0;
    for (let k = 0; k < 4; k++) {
      const v = slot * 4 + k;
      this.data[v * DATA] = rect ? rect.x / LABEL_ATLAS_PX : 0;
      this.data[v * DATA + 1] = rect ? rect.y / LABEL_ATLAS_PX : 0;
      this.data[v * DATA + 2] = rect ? (rect.x + rect.w) / LABEL_ATLAS_PX : 0;
      this.data[v * DATA + 3] = rect ? (rect.y + rect.h) / LABEL_ATLAS_PX : 0;
      this.size[v * SIZE] = rect ? rect.w : 0;
      this.size[v * SIZE + 1] = rect ? rect.h : 0;
      this.size[v * SIZE + 2] = rect ? s.alpha + s.sky : 0;
      this.size[v * SIZE + 3] = s.offset;
    }
    if (slot < this.dirtyMin) this.dirtyMin = slot;
    if (slot > this.dirtyMax) this.dirtyMax = slot;
  }

  flush(): void {
    this.atlas.update();
    if (this.dirtyMax < 0) return;
    const v0 = this.dirtyMin * 4;
    const v1 = (this.dirtyMax + 1) * 4;
    this.mesh
      .getVertexBuffer('position')
      ?.updateDirectly(this.pos.subarray(v0 * POS, v1 * POS), v0 * POS);
    this.mesh
      .getVertexBuffer('ldata')
      ?.updateDirectly(this.data.subarray(v0 * DATA, v1 * DATA), v0 * DATA);
    this.mesh
      .getVertexBuffer('lsize')
      ?.updateDirectly(this.size.subarray(v0 * SIZE, v1 * SIZE), v0 * SIZE);
    this.dirtyMin = Infinity;
    this.dirtyMax = -1;
  }

  dispose(): void {
    this.mesh.dispose();
    this.material.dispose();
    this.atlas.dispose();
  }
}
