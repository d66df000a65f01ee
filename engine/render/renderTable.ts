/** The render side's table of drawables, addressed by the handles stored in ECS components. */
import type { Mesh } from '@babylonjs/core/Meshes/mesh';
import type { RenderBindings } from '../world';

export class RenderTable implements RenderBindings {
  private readonly meshes: Mesh[] = [];
  /** Called when the LOD system wants a level of detail that may not be loaded yet. */
  onRequestLod: ((lod: number) => void) | null = null;

  add(mesh: Mesh): number {
    mesh.setEnabled(false);
    this.meshes.push(mesh);
    return this.meshes.length - 1;
  }

  setVisible(handle: number, visible: boolean): void {
    this.meshes[handle]?.setEnabled(visible);
  }

  requestLod(lod: number): void {
    this.onRequestLod?.(lod);
  }

  get size(): number {
    return this.meshes.length;
  }
}
