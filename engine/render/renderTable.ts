/**
 * The render side as the systems see it (RenderBindings): a table of drawables addressed by the
 * handles stored in ECS components, the marker GPU buffer, and camera projection for picking.
 */
import type { ArcRotateCamera } from '@babylonjs/core/Cameras/arcRotateCamera';
import '@babylonjs/core/Culling/ray';
import { Matrix, Vector3 } from '@babylonjs/core/Maths/math.vector';
import { Texture } from '@babylonjs/core/Materials/Textures/texture';
import type { Mesh } from '@babylonjs/core/Meshes/mesh';
import { PassPostProcess } from '@babylonjs/core/PostProcesses/passPostProcess';
import type { Scene } from '@babylonjs/core/scene';
import type { ClusterGpu, MarkerGpu, QualityEffects, Ray, RenderBindings } from '../world';
import { PIXEL_RATIO_CAP } from './globeScene';
import { canvasCssSize } from './canvasSize';

export class RenderTable implements RenderBindings {
  private readonly meshes: Mesh[] = [];
  /** Called when the LOD system wants a level of detail that may not be loaded yet. */
  onRequestLod: ((lod: number) => void) | null = null;
  /** Render-side parts that follow adaptive quality (boot registers the marker meshes, the
   * globe sphere and the background's activity circles). */
  readonly qualityHooks: ((effects: QualityEffects) => void)[] = [];
  private readonly tmp = new Vector3();
  private readonly identity = Matrix.Identity();

  constructor(
    private readonly scene: Scene,
    private readonly camera: ArcRotateCamera,
    readonly markers: MarkerGpu,
    readonly clusters: ClusterGpu,
  ) {}

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

  /** CSS pixels -> render pixels (hardware scaling), as Babylon's picking expects. */
  private renderScale(): number {
    const engine = this.scene.getEngine();
    const css = canvasCssSize(engine.getRenderingCanvas()).width;
    return css > 0 ? engine.getRenderWidth() / css : 1;
  }

  pickRay(x: number, y: number, out: Ray): void {
    // Babylon divides by the hardware scaling level itself: it takes CSS pixels.
    const r = this.scene.createPickingRay(x, y, this.identity, this.camera);
    out.ox = r.origin.x;
    out.oy = r.origin.y;
    out.oz = r.origin.z;
    out.dx = r.direction.x;
    out.dy = r.direction.y;
    out.dz = r.direction.z;
  }

  project(x: number, y: number, z: number, out: { x: number; y: number }): boolean {
    const engine = this.scene.getEngine();
    const w = engine.getRenderWidth();
    const h = engine.getRenderHeight();
    this.tmp.set(x, y, z);
    const p = Vector3.Project(
      this.tmp,
      this.identity,
      this.scene.getTransformMatrix(),
      this.camera.viewport.toGlobal(w, h),
    );
    if (p.z < 0 || p.z > 1) return false;
    const s = this.renderScale();
    out.x = p.x / s;
    out.y = p.y / s;
    return true;
  }

  pixelsPerUnitAt(distance: number): number {
    const engine = this.scene.getEngine();
    const cssHeight = canvasCssSize(engine.getRenderingCanvas()).height || engine.getRenderHeight();
    return cssHeight / (2 * Math.max(1e-6, distance) * Math.tan(this.camera.fov / 2));
  }

  setPixelRatio(ratio: number): void {
    this.scene.getEngine().setHardwareScalingLevel(1 / Math.min(ratio, PIXEL_RATIO_CAP));
  }

  /** The pass that draws the scene at the backdrop scale (made on first use, then kept). */
  private backdropPass: PassPostProcess | null = null;
  /** The backdrop resolution scale now applied (1: the scene goes straight to the canvas). */
  backdropScale = 1;
  /** Render-side parts sized in render pixels that follow the backdrop scale (boot registers the
   * city points). */
  readonly backdropHooks: ((scale: number) => void)[] = [];

  /**
   * Below 1 the camera renders into a texture `scale` times the drawing buffer's size, which one
   * pass stretches over the canvas (bilinear); at 1 the pass is detached. The drawing buffer never
   * changes size, so lifting the blur costs no synchronous GPU round trip.
   */
  setBackdropScale(scale: number): void {
    const next = Math.min(1, scale);
    if (next === this.backdropScale) return;
    if (this.backdropPass !== null && this.backdropScale < 1) {
      this.camera.detachPostProcess(this.backdropPass);
    }
    this.backdropScale = next;
    for (const hook of this.backdropHooks) hook(next);
    if (next >= 1) return;
    this.camera.attachPostProcess(this.prepareBackdropPass(next));
  }

  /**
   * The pass for a backdrop scale, made now if need be but not attached: boot makes it at start,
   * so the shader warm-up compiles its program while the GPU is idle (a program linked later waits
   * behind the frame being rasterised).
   */
  prepareBackdropPass(scale: number): PassPostProcess {
    if (this.backdropPass !== null && this.backdropPassRatio !== scale) {
      if (this.backdropScale < 1) this.camera.detachPostProcess(this.backdropPass);
      this.backdropPass.dispose();
      this.backdropPass = null;
    }
    this.backdropPassRatio = scale;
    this.backdropPass ??= new PassPostProcess(
      'backdrop',
      scale,
      null,
      Texture.BILINEAR_SAMPLINGMODE,
      this.scene.getEngine(),
    );
    return this.backdropPass;
  }

  /** The ratio the backdrop pass was made with. */
  private backdropPassRatio = 1;

  setQualityEffects(effects: QualityEffects): void {
    for (const hook of this.qualityHooks) hook(effects);
  }

  setCursor(cursor: string): void {
    const canvas = this.scene.getEngine().getRenderingCanvas();
    if (canvas) canvas.style.cursor = cursor;
  }
}
