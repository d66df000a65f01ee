/**
 * The thin-instance marker path, kept beside the merged one (markerMesh.ts) so the benchmark can
 * measure both (`?markerPath=thin`, `npm run bench -- --marker-path thin`): one quad mesh, one
 * thin instance per marker with per-instance centre, data and colour buffers; the same shaders
 * (the corner comes from the quad instead of gl_VertexID). Same slot interface (MarkerGpu), same
 * partial uploads. Not the default: on SwiftShader each instance is rasterised as its own draw
 * internally, see docs/benchmarks.md for the numbers.
 */
import '@babylonjs/core/Meshes/thinInstanceMesh';
import type { ShaderMaterial } from '@babylonjs/core/Materials/shaderMaterial';
import { Mesh } from '@babylonjs/core/Meshes/mesh';
import { VertexData } from '@babylonjs/core/Meshes/mesh.vertexData';
import type { Scene } from '@babylonjs/core/scene';
import { DEFAULT_MARKER_DISPLAY, type MarkerDisplay } from '../../data/markers/markerStyle';
import type { MarkerGpu } from '../world';
import { EmojiAtlas } from './emojiAtlas';
import { FanLines } from './fanLines';
import { createMarkerMaterial, markerVertex, type MarkerLayer } from './markerMesh';

/** The merged vertex shader with the corner from the quad and the centre per instance. */
function thinVertex(): string {
  const src = markerVertex
    .replace('attribute vec3 position;', 'attribute vec3 position;\nattribute vec3 mpos;')
    .replace(/int corner = [^\n]*\n[^\n]*vec2 c = [^\n]*\n/, 'vec2 c = position.xy;\n')
    .replace(/normalize\(position\)/g, 'normalize(mpos)')
    .replace('view * vec4(position, 1.0)', 'view * vec4(mpos, 1.0)');
  if (src.includes('gl_VertexID')) throw new Error('thinVertex: shader rewrite failed');
  return src;
}

const POS = 3;
const DATA = 4;
const COLOR = 4;

export class ThinMarkerMesh implements MarkerGpu, MarkerLayer {
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
  private hidden = false;
  readonly start = performance.now();
  /** Display switches, read at bind time; boot points this at `world.markers.display`. */
  display: Readonly<MarkerDisplay> = DEFAULT_MARKER_DISPLAY;
  /** Adaptive quality's animations switch, read at bind time. */
  animations = true;
  private readonly fanLines: FanLines;

  constructor(scene: Scene) {
    this.atlas = new EmojiAtlas(scene);
    this.mesh = new Mesh('markers', scene);
    this.mesh.isPickable = false;
    this.mesh.alwaysSelectAsActiveMesh = true;
    this.fanLines = new FanLines(scene, 'markersFanLines', this.mesh);
    this.mesh.doNotSyncBoundingInfo = true;
    const quad = new VertexData();
    quad.positions = [-1, -1, 0, 1, -1, 0, 1, 1, 0, -1, 1, 0];
    quad.indices = [0, 1, 2, 0, 2, 3];
    quad.applyToMesh(this.mesh, false);
    this.material = createMarkerMaterial(
      scene,
      'markersThinMat',
      thinVertex(),
      ['position', 'mpos', 'mdata', 'mcolor'],
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
    const grow = (a: Float32Array, stride: number): Float32Array<ArrayBuffer> => {
      const b = new Float32Array(cap * stride);
      b.set(a);
      return b;
    };
    this.pos = grow(this.pos, POS);
    this.data = grow(this.data, DATA);
    this.color = grow(this.color, COLOR);
    // Babylon counts thin instances by the matrix buffer; the shader ignores the matrices.
    const matrices = new Float32Array(cap * 16);
    for (let i = 0; i < cap; i++) {
      matrices[i * 16] = 1;
      matrices[i * 16 + 5] = 1;
      matrices[i * 16 + 10] = 1;
      matrices[i * 16 + 15] = 1;
    }
    this.mesh.thinInstanceSetBuffer('matrix', matrices, 16, true);
    this.mesh.thinInstanceSetBuffer('mpos', this.pos, POS, false);
    this.mesh.thinInstanceSetBuffer('mdata', this.data, DATA, false);
    this.mesh.thinInstanceSetBuffer('mcolor', this.color, COLOR, false);
    this.capacity = cap;
    this.dirtyMin = Infinity;
    this.dirtyMax = -1;
    this.applyCount();
  }

  private applyCount(): void {
    this.mesh.thinInstanceCount = this.count;
    this.mesh.isVisible = this.count > 0 && !this.hidden;
  }

  setHidden(hidden: boolean): void {
    this.hidden = hidden;
    this.mesh.isVisible = this.count > 0 && !hidden;
    this.fanLines.setHidden(hidden);
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

  setFanLines(positions: Float32Array, count: number): void {
    this.fanLines.set(positions, count);
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
    this.pos[slot * POS] = x;
    this.pos[slot * POS + 1] = y;
    this.pos[slot * POS + 2] = z;
    this.data[slot * DATA] = cell;
    this.data[slot * DATA + 1] = size;
    this.data[slot * DATA + 2] = state;
    this.data[slot * DATA + 3] = intensity;
    this.color[slot * COLOR] = r;
    this.color[slot * COLOR + 1] = g;
    this.color[slot * COLOR + 2] = b;
    this.color[slot * COLOR + 3] = sentiment;
    if (slot < this.dirtyMin) this.dirtyMin = slot;
    if (slot > this.dirtyMax) this.dirtyMax = slot;
  }

  flush(): void {
    this.atlas.update();
    if (this.dirtyMax < 0) return;
    const a = this.dirtyMin;
    const b = this.dirtyMax + 1;
    this.mesh.thinInstancePartialBufferUpdate('mpos', this.pos.subarray(a * POS, b * POS), a * POS);
    this.mesh.thinInstancePartialBufferUpdate(
      'mdata',
      this.data.subarray(a * DATA, b * DATA),
      a * DATA,
    );
    this.mesh.thinInstancePartialBufferUpdate(
      'mcolor',
      this.color.subarray(a * COLOR, b * COLOR),
      a * COLOR,
    );
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

export type MarkerPath = 'merged' | 'thin';

/** The marker path asked for by the page's query string (`?markerPath=thin`); merged otherwise. */
export function markerPathFrom(search: string): MarkerPath {
  return new URLSearchParams(search).get('markerPath') === 'thin' ? 'thin' : 'merged';
}
