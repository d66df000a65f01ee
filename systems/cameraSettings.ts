/**
 * The settings' camera tuning (engine/settings.ts `setCameraSettings`) laid over a view preset.
 * Reads: world.basePreset, world.cameraSettings, world.view. Writes: world.preset, the rig's
 * limits, lens and tuning. Runs from the command system when the view or the settings change.
 *
 * The tuning applies to the main application view ('app'); `autoRotate: false` (the setting or
 * reduced motion) to every view. Limits are engine units: the globe's radius is 200, so the
 * setting's minimum distance (1-20) is the closest approach above the surface and the maximum
 * distance (100-2000) is from the centre, never inside the closest approach. The far plane is
 * raised to what the view needs to draw the globe's far side.
 */
import { GLOBE_RADIUS, clamp } from '../data/geoMath';
import { DEFAULT_LENS, type ViewName, type ViewPreset } from '../engine/layers';
import type { CameraSettingsOverride } from '../engine/settings';
import type { AtlasWorld } from '../engine/world';
import { applyCameraToRig, configureRig, rotateScaleFor } from './cameraSystem';

/** Views the camera tab tunes. */
export const TUNED_VIEWS: readonly ViewName[] = ['app'];

export function tunedPreset(
  view: ViewName,
  base: ViewPreset,
  o: CameraSettingsOverride,
): ViewPreset {
  const p: ViewPreset = { ...base };
  if (o.autoRotate === false) p.autoRotate = false;
  if (!TUNED_VIEWS.includes(view)) return p;
  if (o.minAltitude !== undefined) p.minDistance = GLOBE_RADIUS + o.minAltitude;
  if (o.maxDistance !== undefined) p.maxDistance = Math.max(p.minDistance + 1, o.maxDistance);
  if (o.damping !== undefined) p.damping = o.damping;
  if (o.rotateSpeed !== undefined) p.rotateSpeed = o.rotateSpeed;
  if (o.zoomSpeed !== undefined) p.zoomSpeed = o.zoomSpeed;
  if (o.autoRotateSpeed !== undefined) p.autoRotateSpeed = o.autoRotateSpeed;
  return p;
}

/** The lens for the view: the settings' in tuned views, far at least past the globe's far side. */
export function lensFor(
  view: ViewName,
  preset: ViewPreset,
  o: CameraSettingsOverride,
): { fovDeg: number; near: number; far: number } {
  if (!TUNED_VIEWS.includes(view)) return { ...DEFAULT_LENS };
  const far = Math.max(o.far ?? DEFAULT_LENS.far, preset.maxDistance + 2 * GLOBE_RADIUS);
  return { fovDeg: o.fovDeg ?? DEFAULT_LENS.fovDeg, near: o.near ?? DEFAULT_LENS.near, far };
}

/** Lays the settings over the view's base preset and pushes limits, lens and tuning to the rig. */
export function applyCameraSettings(world: AtlasWorld): void {
  const preset = tunedPreset(world.view, world.basePreset, world.cameraSettings);
  const autoRotateChanged = preset.autoRotate !== world.preset.autoRotate;
  world.preset = preset;
  if (autoRotateChanged || world.cameraSettings.autoRotate === false) {
    world.autoRotate = preset.autoRotate;
  }
  world.rig.lowerRadiusLimit = preset.minDistance;
  world.rig.upperRadiusLimit = preset.maxDistance;
  const d = clamp(world.camera.distance, preset.minDistance, preset.maxDistance);
  if (d !== world.camera.distance) {
    world.camera = { ...world.camera, distance: d };
    applyCameraToRig(world.camera, world.rig);
  }
  const lens = lensFor(world.view, preset, world.cameraSettings);
  world.rig.setLens?.(lens.fovDeg, lens.near, lens.far);
  configureRig(world, rotateScaleFor(world.camera.distance));
  // A new auto-rotate speed needs a fresh controller (cameraSystem makes one per view).
  world.controls.autoRotateView = null;
}
