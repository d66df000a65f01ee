/**
 * All article markers in ONE merged mesh (one draw call): four vertices per marker, billboarded
 * in the vertex shader, far-side hiding, state scaling and colours on the GPU. Chosen over thin
 * instances because SwiftShader rasterises every instance separately (10k thin instances ~238 ms
 * of GPU-process CPU per frame vs ~47 ms merged, ../shared/PERFORMANCE.md), and a merged buffer
 * is just as cheap on real GPUs. The CPU rewrites only the slots that changed.
 */
import { Constants } from '@babylonjs/core/Engines/constants';
import { ShaderMaterial } from '@babylonjs/core/Materials/shaderMaterial';
import { Color3 } from '@babylonjs/core/Maths/math.color';
import { Mesh } from '@babylonjs/core/Meshes/mesh';
import { SubMesh } from '@babylonjs/core/Meshes/subMesh';
import { VertexData } from '@babylonjs/core/Meshes/mesh.vertexData';
import type { Scene } from '@babylonjs/core/scene';
import {
  DEFAULT_MARKER_DISPLAY,
  SENTIMENTS,
  SENTIMENT_COLORS,
  markerEffectsUniform,
  type MarkerDisplay,
} from '../../data/markers/markerStyle';
import type { ClusterGpu, MarkerGpu } from '../world';
import { ATLAS_COLS, EmojiAtlas } from './emojiAtlas';
import { FanLines } from './fanLines';

/** Vertex shader of the merged path; thinInstanceMesh.ts derives the thin-instance one from it. */
export const markerVertex = /* glsl */ `
precision highp float;
attribute vec3 position;
attribute vec4 mdata;   // atlas cell, size (scene units), state, intensity
attribute vec4 mcolor;  // category rgb, sentiment index + 4 x detail level
uniform mat4 view;
uniform mat4 projection;
uniform vec3 cameraPosition;
uniform float farSideCutoff;
uniform float horizonMargin;
varying vec2 vUv;
varying vec4 vColor;
varying vec4 vData;
void main(void) {
  int corner = gl_VertexID - (gl_VertexID / 4) * 4;
  vec2 c = vec2(corner == 1 || corner == 2 ? 1.0 : -1.0, corner >= 2 ? 1.0 : -1.0);
  // Far side: hidden unless the dot product with the camera direction exceeds the cutoff (spec).
  // Markers well below the horizon are hidden by the globe anyway; dropping them here saves their
  // fragments (a software rasteriser shades them before the depth test rejects them).
  float camDist = length(cameraPosition);
  float facing = dot(normalize(position), cameraPosition / camDist);
  float horizon = 200.0 / camDist - horizonMargin;
  float lod = floor(mcolor.a / 4.0 + 0.01);
  if (facing < max(farSideCutoff, horizon) || mdata.y <= 0.0 || lod > 3.5) {
    gl_Position = vec4(2.0, 2.0, 2.0, 1.0);
    return;
  }
  float scale = mdata.z > 1.5 ? 2.0 : (mdata.z > 0.5 ? 1.5 : 1.0); // selected 2x, hovered 1.5x
  // Same as systems/markerGeometry.ts markerScale(): smaller in scene units as the camera nears.
  scale *= clamp((camDist - 200.0) / 400.0, 0.2, 2.0);
  // Without a halo (not live, not hovered/selected) nothing is drawn past the outline at r 0.78:
  // shrink the quad to it, a third fewer fragments.
  bool halo = mdata.w > 0.21 || mdata.z > 0.5;
  // A dot (detail level 3, not hovered) has neither halo nor outline: shrink to the disc.
  bool dot = lod > 2.5 && mdata.z < 0.5;
  float extent = dot ? 0.66 : (halo ? 1.0 : 0.8);
  vec4 vp = view * vec4(position, 1.0);
  vp.xy += c * (mdata.y * scale * 0.5 * extent);
  gl_Position = projection * vp;
  vUv = c * extent * 0.5 + 0.5;
  vColor = mcolor;
  vData = mdata;
}
`;

export const markerFragment = /* glsl */ `
precision highp float;
uniform sampler2D atlas;
uniform float atlasCols;
uniform vec3 sentimentColors[4];
uniform float time;
// Display switches (data/markers/markerStyle.ts): x emoji only, y pulse, z glow.
uniform vec3 effects;
varying vec2 vUv;
varying vec4 vColor;
varying vec4 vData;
void main(void) {
  vec2 p = vUv * 2.0 - 1.0;
  float r = length(p);
  if (r > 1.0) discard;
  float state = vData.z;
  float live = clamp((vData.w - 0.2) / 0.8, 0.0, 1.0);
  // Detail level (data/markers/markerLod.ts): 0-1 everything, 2 no emoji, 3 a dot. A hovered or
  // selected marker is always drawn in full.
  float lod = floor(vColor.a / 4.0 + 0.01);
  vec3 sentiment = sentimentColors[int(vColor.a - lod * 4.0 + 0.5)];
  if (state > 0.5) lod = 1.0;
  if (lod > 2.5) {
    float disc = 1.0 - smoothstep(0.58, 0.64, r);
    if (disc < 0.02) discard;
    gl_FragColor = vec4(mix(sentiment, vColor.rgb, 0.6), disc);
    return;
  }
  bool flash = state > 2.5;
  // Halo: live articles glow (pulsing), hovered and selected markers too.
  float liveGlow = effects.z * live * (0.75 + 0.25 * sin(time * 6.0) * effects.y);
  float glowAmt = max(liveGlow, state > 0.5 ? 0.7 : 0.0);
  vec3 glowColor = flash ? vec3(1.0, 0.92, 0.2) : mix(sentiment, vec3(1.0), 0.35);
  float halo = (1.0 - smoothstep(0.62, 1.0, r)) * glowAmt;
  // Badge: category colour, a sentiment ring, a white/grey outline (spec shades).
  float inside = 1.0 - smoothstep(0.60, 0.64, r);
  float ring = (1.0 - smoothstep(0.68, 0.72, r)) - inside;
  float outline = (1.0 - smoothstep(0.74, 0.78, r)) - (1.0 - smoothstep(0.68, 0.72, r));
  vec3 badge = vColor.rgb * 0.55 + 0.08;
  vec3 col = badge;
  if (lod < 1.5) {
    vec2 cellOrigin = vec2(mod(vData.x, atlasCols), floor(vData.x / atlasCols));
    vec2 euv = clamp(p / 1.2 + 0.5, 0.0, 1.0);
    vec4 emoji = texture2D(atlas, (cellOrigin + vec2(euv.x, 1.0 - euv.y)) / atlasCols);
    col = mix(badge, emoji.rgb, emoji.a * inside);
  }
  if (effects.x > 0.5 && lod < 1.5) {
    // Emoji only: the glyph without badge and ring; hovered/selected keep the outline.
    vec2 cellOrigin = vec2(mod(vData.x, atlasCols), floor(vData.x / atlasCols));
    vec2 euv = clamp(p / 1.5 + 0.5, 0.0, 1.0);
    vec4 emoji = texture2D(atlas, (cellOrigin + vec2(euv.x, 1.0 - euv.y)) / atlasCols);
    float edge = state > 0.5 ? outline : 0.0;
    vec3 c = emoji.rgb * emoji.a + vec3(1.0) * edge;
    float ea = clamp(emoji.a + edge, 0.0, 1.0);
    vec3 fc = c + glowColor * halo * (1.0 - ea);
    float fa = max(ea, halo * 0.85);
    if (fa < 0.02) discard;
    gl_FragColor = vec4(fc, fa);
    return;
  }
  vec3 ringColor = flash ? vec3(1.0, 0.9, 0.1) : sentiment;
  float outlineShade = state > 0.5 ? 1.0 : 0.8; // 204 normally, white when hovered/selected
  vec3 outColor = col * inside + ringColor * ring + vec3(outlineShade) * outline;
  float a = clamp(inside + ring + outline, 0.0, 1.0);
  vec3 finalColor = outColor + glowColor * halo * (1.0 - a);
  float alpha = max(a, halo * 0.85);
  if (alpha < 0.02) discard;
  gl_FragColor = vec4(finalColor, alpha);
}
`;

/** Floats per vertex in each buffer. */
const POS = 3;
const DATA = 4;
const COLOR = 4;
/** Spec: far-side markers hidden unless dot(camera direction) exceeds -0.3. */
export const FAR_SIDE_CUTOFF = -0.3;
/** Markers stand 5 units up and are up to 20 wide: keep those within this much (in cosine) below
 * the ground horizon, where they can still peek over the limb. */
export const HORIZON_MARGIN = 0.08;

/** What a marker material reads when it binds: its clock origin and the display switches. */
export interface MarkerMaterialSource {
  readonly start: number;
  readonly display: Readonly<MarkerDisplay>;
  /** Adaptive quality's animations switch: off stills the live glow's pulse. */
  readonly animations: boolean;
}

/** Reused for the `effects` uniform at every bind (no allocation per frame). */
const effectsScratch: [number, number, number] = [0, 0, 0];

/**
 * The marker material of both render paths (merged buffer and thin instances): the same fragment
 * shader, uniforms and per-bind values; only the vertex shader and its attributes differ.
 */
export function createMarkerMaterial(
  scene: Scene,
  name: string,
  vertexSource: string,
  attributes: string[],
  atlas: EmojiAtlas,
  source: MarkerMaterialSource,
): ShaderMaterial {
  const material = new ShaderMaterial(
    name,
    scene,
    { vertexSource, fragmentSource: markerFragment },
    {
      attributes,
      uniforms: [
        'view',
        'projection',
        'cameraPosition',
        'farSideCutoff',
        'horizonMargin',
        'atlasCols',
        'sentimentColors',
        'time',
        'effects',
      ],
      samplers: ['atlas'],
      needAlphaBlending: true,
    },
  );
  material.backFaceCulling = false;
  material.alphaMode = Constants.ALPHA_COMBINE;
  material.setTexture('atlas', atlas.texture);
  material.setFloat('atlasCols', ATLAS_COLS);
  material.setFloat('farSideCutoff', FAR_SIDE_CUTOFF);
  material.setFloat('horizonMargin', HORIZON_MARGIN);
  material.setColor3Array(
    'sentimentColors',
    SENTIMENTS.map((s) => {
      const [r, g, b] = SENTIMENT_COLORS[s];
      return new Color3(r, g, b);
    }),
  );
  material.onBindObservable.add(() => {
    const effect = material.getEffect();
    effect.setFloat('time', (performance.now() - source.start) / 1000);
    const [emojiOnly, pulse, glow] = markerEffectsUniform(source.display, effectsScratch);
    effect.setFloat3('effects', emojiOnly, source.animations ? pulse : 0, glow);
  });
  return material;
}

export class MarkerMesh implements MarkerGpu {
  readonly mesh: Mesh;
  readonly atlas: EmojiAtlas;
  private readonly material: ShaderMaterial;
  private capacity = 0;
  private count = 0;
  private pos = new Float32Array(0);
  private data = new Float32Array(0);
  private color = new Float32Array(0);
  private dirtyMin = Infinity;
  private dirtyMax = -1;
  readonly start = performance.now();
  /** Display switches, read at bind time; boot points this at `world.markers.display`. */
  display: Readonly<MarkerDisplay> = DEFAULT_MARKER_DISPLAY;
  /** Adaptive quality's animations switch, read at bind time. */
  animations = true;

  /** Hidden while cluster badges stand in for the markers. */
  private hidden = false;
  /** Lines from a shared place to each marker fanned out around it (one draw call). */
  private readonly fanLines: FanLines;

  constructor(scene: Scene, atlas?: EmojiAtlas, name = 'markers') {
    this.atlas = atlas ?? new EmojiAtlas(scene);
    this.mesh = new Mesh(name, scene);
    this.mesh.isPickable = false;
    this.mesh.alwaysSelectAsActiveMesh = true;
    this.fanLines = new FanLines(scene, `${name}FanLines`, this.mesh);
    this.mesh.doNotSyncBoundingInfo = true;
    this.material = createMarkerMaterial(
      scene,
      `${name}Mat`,
      markerVertex,
      ['position', 'mdata', 'mcolor'],
      this.atlas,
      this,
    );
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
    const color = new Float32Array(cap * 4 * COLOR);
    pos.set(this.pos);
    data.set(this.data);
    color.set(this.color);
    this.pos = pos;
    this.data = data;
    this.color = color;
    const indices = new Uint32Array(cap * 6);
    for (let s = 0; s < cap; s++) {
      const v = s * 4;
      const i = s * 6;
      indices[i] = v;
      indices[i + 1] = v + 1;
      indices[i + 2] = v + 2;
      indices[i + 3] = v;
      indices[i + 4] = v + 2;
      indices[i + 5] = v + 3;
    }
    const vd = new VertexData();
    vd.positions = pos;
    vd.indices = indices;
    vd.applyToMesh(this.mesh, true);
    this.mesh.setVerticesData('mdata', data, true, DATA);
    this.mesh.setVerticesData('mcolor', color, true, COLOR);
    this.capacity = cap;
    this.dirtyMin = Infinity;
    this.dirtyMax = -1;
    this.applyCount();
  }

  private applyCount(): void {
    this.mesh.releaseSubMeshes();
    SubMesh.AddToMesh(0, 0, Math.max(4, this.count * 4), 0, Math.max(6, this.count * 6), this.mesh);
    this.mesh.isVisible = this.count > 0 && !this.hidden;
  }

  setHidden(hidden: boolean): void {
    this.hidden = hidden;
    this.mesh.isVisible = this.count > 0 && !hidden;
    this.fanLines.setHidden(hidden);
  }

  setFanLines(positions: Float32Array, count: number): void {
    this.fanLines.set(positions, count);
  }

  setCount(count: number): void {
    if (count > this.capacity) this.ensureCapacity(count);
    if (count === this.count) return;
    this.count = count;
    this.applyCount();
  }

  get colorEmoji(): boolean {
    return this.atlas.colorEmoji;
  }

  cellFor(emoji: string, category: string): number {
    return this.atlas.cellFor(emoji, category);
  }

  writeSlot(
    slot: number,
    x: number,
    y: number,
    z: number,
    cell: number,
    size: number,
    state: number,
    intensity: number,
    r: number,
    g: number,
    b: number,
    sentiment: number,
  ): void {
    if (slot >= this.capacity) this.ensureCapacity(slot + 1);
    for (let k = 0; k < 4; k++) {
      const v = slot * 4 + k;
      this.pos[v * POS] = x;
      this.pos[v * POS + 1] = y;
      this.pos[v * POS + 2] = z;
      this.data[v * DATA] = cell;
      this.data[v * DATA + 1] = size;
      this.data[v * DATA + 2] = state;
      this.data[v * DATA + 3] = intensity;
      this.color[v * COLOR] = r;
      this.color[v * COLOR + 1] = g;
      this.color[v * COLOR + 2] = b;
      this.color[v * COLOR + 3] = sentiment;
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
      .getVertexBuffer('mdata')
      ?.updateDirectly(this.data.subarray(v0 * DATA, v1 * DATA), v0 * DATA);
    this.mesh
      .getVertexBuffer('mcolor')
      ?.updateDirectly(this.color.subarray(v0 * COLOR, v1 * COLOR), v0 * COLOR);
    this.dirtyMin = Infinity;
    this.dirtyMax = -1;
  }

  dispose(): void {
    this.fanLines.dispose();
    this.mesh.dispose();
    this.material.dispose();
    this.atlas.texture.dispose();
  }
}

/** What the cluster mesh needs of the markers' mesh, whichever path draws them. */
export interface MarkerLayer {
  readonly atlas: EmojiAtlas;
  setHidden(hidden: boolean): void;
}

/** Cluster badges: a second merged mesh sharing the markers' atlas (singles keep their emoji). */
export class ClusterMesh extends MarkerMesh implements ClusterGpu {
  constructor(
    scene: Scene,
    private readonly markers: MarkerLayer,
  ) {
    super(scene, markers.atlas, 'clusters');
  }

  cellForText(text: string): number {
    return this.atlas.cellForText(text);
  }

  setMarkersHidden(hidden: boolean): void {
    this.markers.setHidden(hidden);
  }

  override dispose(): void {
    this.mesh.dispose();
  }
}
