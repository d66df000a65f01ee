/**
 * The lines joining fanned-out markers to their shared place (spec: "fanned-out markers are
 * joined to their shared place by lines"), for both marker render paths (markerMesh, the merged
 * buffer; thinMarkerMesh, thin instances).
 *
 * markerSyncSystem rewrites them whenever the zoom scale moves by 5%: every other frame while the
 * camera zooms. So the vertex buffer is created once per capacity (doubling) and updated in place;
 * the draw range follows the count. Rebuilding the mesh each time (new vertex and index buffers)
 * was ~6% of the frame callback's samples in a profile of the 4x-throttled tour's zoom out.
 */
import { Color3 } from '@babylonjs/core/Maths/math.color';
import { Mesh } from '@babylonjs/core/Meshes/mesh';
import { SubMesh } from '@babylonjs/core/Meshes/subMesh';
import { VertexBuffer } from '@babylonjs/core/Buffers/buffer';
import { VertexData } from '@babylonjs/core/Meshes/mesh.vertexData';
import type { Scene } from '@babylonjs/core/scene';
import { lineMaterial } from './materials';

/** Floats per line: two xyz ends. */
const FLOATS_PER_LINE = 6;
/** Smallest capacity (lines) the buffer is made with. */
export const FAN_LINES_MIN_CAPACITY = 64;

export class FanLines {
  private mesh: Mesh | null = null;
  private positions = new Float32Array(0);
  private count = 0;
  /** Lines the draw range covers (-1: none set on the current buffer). */
  private drawn = -1;
  private hidden = false;
  /** Lines the current vertex buffer holds. */
  capacity = 0;
  /** Vertex buffers made so far (tests read it). */
  builds = 0;

  constructor(
    private readonly scene: Scene,
    private readonly name: string,
    private readonly parent: Mesh,
  ) {}

  /** Draws `count` lines from `positions` (6 floats each); 0 hides them. */
  set(positions: Float32Array, count: number): void {
    this.count = count;
    if (count === 0) {
      if (this.mesh !== null) this.mesh.isVisible = false;
      return;
    }
    const mesh = this.mesh ?? this.create();
    const floats = count * FLOATS_PER_LINE;
    if (count > this.capacity) {
      let cap = Math.max(FAN_LINES_MIN_CAPACITY, this.capacity);
      while (cap < count) cap *= 2;
      this.positions = new Float32Array(cap * FLOATS_PER_LINE);
      this.positions.set(positions.subarray(0, floats));
      const indices = new Uint32Array(cap * 2);
      for (let i = 0; i < indices.length; i++) indices[i] = i;
      const vd = new VertexData();
      vd.positions = this.positions;
      vd.indices = indices;
      vd.applyToMesh(mesh, true);
      this.capacity = cap;
      this.builds++;
      this.drawn = -1; // the new buffer came with a draw range over all of it
    } else {
      this.positions.set(positions.subarray(0, floats));
      mesh.updateVerticesData(VertexBuffer.PositionKind, this.positions, false, false);
    }
    // Only the first `count` lines are drawn; the rest of the buffer is left as it was. The range
    // is remade only when the count changes (a zoom rewrites the same lines at new places).
    if (count !== this.drawn) {
      mesh.releaseSubMeshes();
      SubMesh.AddToMesh(0, 0, count * 2, 0, count * 2, mesh);
      this.drawn = count;
    }
    mesh.isVisible = !this.hidden;
  }

  get drawnCount(): number {
    return this.mesh?.isVisible === true ? this.count : 0;
  }

  setHidden(hidden: boolean): void {
    this.hidden = hidden;
    if (this.mesh !== null) this.mesh.isVisible = this.count > 0 && !hidden;
  }

  dispose(): void {
    this.mesh?.dispose();
    this.mesh = null;
  }

  private create(): Mesh {
    const mesh = new Mesh(this.name, this.scene);
    mesh.parent = this.parent; // enabled/disabled with the markers layer
    mesh.isPickable = false;
    mesh.alwaysSelectAsActiveMesh = true;
    mesh.material = lineMaterial(`${this.name}Mat`, this.scene, new Color3(0.85, 0.9, 1), 0.55);
    this.mesh = mesh;
    return mesh;
  }
}
