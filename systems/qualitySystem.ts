/**
 * qualitySystem - adaptive quality: feeds the frame interval to the quality controller
 * (data/quality/adaptiveQuality.ts: smoothed FPS, step down fast / up slowly, dynamic resolution,
 * stepwise degradation, culling level, toasts) and applies the render pixel ratio when it changes.
 * Reads: time, camera movement (flyTo, pointer drag), world.quality. Writes: world.quality state,
 * the render pixel ratio, the backdrop resolution scale (under the shell's blur), the render-side
 * quality effects (animations, sphere segments, texture size) when they change. Order: after
 * camera. Cadence: every frame.
 */
import type { AtlasWorld } from '../engine/world';
import { TEXTURE_SIZE } from '../data/quality/deviceProfile';

/** A change of the pixel ratio smaller than this is not worth a framebuffer resize. */
export const PIXEL_RATIO_EPSILON = 0.02;

/** The resolution scale under a 6-8 px backdrop blur. */
export const BACKDROP_SCALE = 0.5;

/**
 * Render resolution under the shell's CSS blur (spec blur steps 8/6/4/2/0 px): a 6-8 px blur hides
 * everything finer than half the resolution, so the engine renders a quarter of the pixels - on a
 * software GPU that is most of a frame's cost behind the landing and static pages. The scene goes
 * into a half-size texture stretched onto the canvas (RenderBindings.setBackdropScale), not into a
 * smaller drawing buffer: resizing the drawing buffer when the blur lifts waited ~450 ms on the GPU
 * process (busy compositing the blurred frame) at the moment the user entered the app.
 */
export function backdropResolutionScale(blurPx: number): number {
  return blurPx >= 6 ? BACKDROP_SCALE : 1;
}

export function qualitySystem(world: AtlasWorld): void {
  const q = world.quality;
  if (q === null) return;
  if (q.simulatedLoadMs > 0) {
    // Forced slow frames for tests and the quality-recovery benchmark (atlas.quality.simulateLoad).
    const until = performance.now() + q.simulatedLoadMs;
    while (performance.now() < until) {
      /* busy-wait on purpose */
    }
  }
  if (world.time.dt <= 0) return;
  const c = world.camera;
  const p = q.lastCamera;
  q.context.cameraMoving =
    world.flyTo !== null || c.lat !== p.lat || c.lon !== p.lon || c.distance !== p.distance;
  q.lastCamera = c;
  const s = q.controller.frame(world.time.now, world.time.dt * 1000, q.context);
  if (Math.abs(s.pixelRatio - q.appliedPixelRatio) > PIXEL_RATIO_EPSILON) {
    q.appliedPixelRatio = s.pixelRatio;
    world.render.setPixelRatio(s.pixelRatio);
  }
  const backdrop = backdropResolutionScale(q.backdropBlurPx);
  if (backdrop !== q.appliedBackdropScale) {
    q.appliedBackdropScale = backdrop;
    world.render.setBackdropScale(backdrop);
  }
  // Degradation and low battery: animations off, then (step 2 on) low textures, then (step 3 on)
  // fewer sphere segments. The placement spacing (placementMs) is read by the label and
  // marker-culling systems themselves.
  const applied = q.appliedEffects;
  const textureSize = TEXTURE_SIZE[s.textureQuality];
  if (
    applied === null ||
    applied.animations !== s.animations ||
    applied.segments !== s.segments ||
    applied.textureSize !== textureSize
  ) {
    q.appliedEffects = { animations: s.animations, segments: s.segments, textureSize };
    world.render.setQualityEffects(q.appliedEffects);
  }
}
