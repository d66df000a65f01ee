/**
 * appearanceSystem - the globe sphere (ON/OFF, style), the ocean sphere's scale, the colour tint,
 * the background globe's activity circles, and the globe-variant presets applied on route entry.
 * Reads: appearance (version, settings, variant), view. Writes: appearanceRender.apply (only when
 * the version moved), appearanceRender.setActivityCircles (on view edges), the `globeAppearance`
 * signal (on change).
 * Commands (called by the command system): setGlobeSphere, setTrueScale, enterXr, and setView's
 * variant (applyVariant: layers, quality rung, sphere, sky scale; undone when the variant is left).
 * Order: after sky, before renderSync. Cadence: every frame two compares; work only on change.
 */
import { state } from '../engine/bridge/state';
import {
  clampOceanScalePercent,
  type AppearanceState,
  type SavedSettings,
  type SphereStyle,
  type XrMode,
} from '../engine/appearance';
import { GLOBE_VARIANTS, type GlobeVariantName } from '../engine/globeVariants';
import { LAYER_NAMES, VIEW_PRESETS, type ViewName, type ViewPreset } from '../engine/layers';
import type { AtlasWorld } from '../engine/world';
import { clamp } from '../data/geoMath';
import { applyCameraToRig } from './cameraSystem';

/** The view preset with a variant's camera limits over it (allocates: route changes only). */
export function presetFor(view: ViewName, variant: GlobeVariantName | null): ViewPreset {
  const base = VIEW_PRESETS[view];
  const cam = variant === null ? undefined : GLOBE_VARIANTS[variant].camera;
  if (cam === undefined) return base;
  return {
    ...base,
    minDistance: cam.minDistance ?? base.minDistance,
    maxDistance: cam.maxDistance ?? base.maxDistance,
    startDistance: cam.startDistance ?? base.startDistance,
  };
}

function touch(a: AppearanceState): void {
  a.version++;
}

/** Puts back what the current variant changed. */
function restoreVariant(world: AtlasWorld): void {
  const a = world.appearance;
  const s = a.saved;
  a.saved = null;
  if (s === null) return;
  for (const name of LAYER_NAMES) {
    const was = s.layers[name];
    if (was !== undefined) world.layers[name] = was;
  }
  if (s.quality !== undefined) world.quality?.controller.setOverride(s.quality, world.time.now);
  if (s.sphere !== undefined) a.sphere = s.sphere;
  if (s.style !== undefined) a.style = s.style;
  if (s.oceanScalePercent !== undefined) a.oceanScalePercent = s.oceanScalePercent;
  if (s.trueScale !== undefined) a.trueScale = s.trueScale;
  if (s.tint !== undefined) a.tint = s.tint;
  touch(a);
}

/**
 * Switches the globe-variant preset: undoes the previous one, then applies `name`'s layers,
 * quality rung, sphere settings, sky scale and start distance (the camera limits come with the
 * view preset, see presetFor). The same variant again changes nothing.
 */
export function applyVariant(world: AtlasWorld, name: GlobeVariantName | null): void {
  const a = world.appearance;
  if (name === a.variant) return;
  restoreVariant(world);
  a.variant = name;
  if (name === null) return;
  const v = GLOBE_VARIANTS[name];
  const saved: SavedSettings = { layers: {}, quality: undefined };
  for (const layer of LAYER_NAMES) {
    const on = v.layers[layer];
    if (on === undefined) continue;
    saved.layers[layer] = world.layers[layer];
    world.layers[layer] = on;
  }
  const q = world.quality?.controller;
  if (v.quality !== undefined && q !== undefined) {
    saved.quality = q.state.override;
    q.setOverride(v.quality, world.time.now);
  }
  if (v.sphere !== undefined) {
    saved.sphere = a.sphere;
    a.sphere = v.sphere;
  }
  if (v.style !== undefined) {
    saved.style = a.style;
    a.style = v.style;
  }
  if (v.oceanScalePercent !== undefined) {
    saved.oceanScalePercent = a.oceanScalePercent;
    a.oceanScalePercent = v.oceanScalePercent;
  }
  if (v.trueScale !== undefined) {
    saved.trueScale = a.trueScale;
    a.trueScale = v.trueScale;
  }
  if (v.tint !== undefined) {
    saved.tint = a.tint;
    a.tint = v.tint;
  }
  a.saved = saved;
  touch(a);
  const start = v.camera?.startDistance;
  if (start !== undefined) {
    const distance = clamp(start, world.preset.minDistance, world.preset.maxDistance);
    world.flyTo = null;
    world.camera = { ...world.camera, distance };
    applyCameraToRig(world.camera, world.rig);
    world.rig.stopInertia();
  }
}

/** The setGlobeSphere command: omitted fields keep their value; the scale is clamped. */
export function applyGlobeSphere(
  world: AtlasWorld,
  c: { on?: boolean; style?: SphereStyle; oceanScalePercent?: number },
): void {
  const a = world.appearance;
  if (c.on !== undefined) a.sphere = c.on;
  if (c.style !== undefined) a.style = c.style;
  if (c.oceanScalePercent !== undefined && Number.isFinite(c.oceanScalePercent)) {
    a.oceanScalePercent = clampOceanScalePercent(c.oceanScalePercent);
  }
  touch(a);
}

export function applyTrueScale(world: AtlasWorld, on: boolean): void {
  world.appearance.trueScale = on;
  touch(world.appearance);
}

/** The enterXr command: asks the render side for an immersive-vr session. */
export function applyEnterXr(world: AtlasWorld, mode: XrMode = 'immersive-vr'): void {
  const a = world.appearance;
  if (a.xr.state === 'entering' || a.xr.state === 'active') return;
  a.xr = { state: 'entering', message: '' };
  touch(a);
  void world.appearanceRender.enterXr(mode).then((error) => {
    a.xr = error === null ? { state: 'active', message: '' } : { state: 'failed', message: error };
    touch(a);
  });
}

export function appearanceSystem(world: AtlasWorld): void {
  const a = world.appearance;
  const circles = world.view === 'background';
  if (circles !== a.circlesOn) {
    a.circlesOn = circles;
    world.appearanceRender.setActivityCircles(circles);
  }
  if (a.version === a.appliedVersion) return;
  a.appliedVersion = a.version;
  world.appearanceRender.apply({
    sphere: a.sphere,
    style: a.style,
    oceanScale: a.oceanScalePercent / 100,
    tint: a.tint,
  });
  state.globeAppearance.value = {
    sphere: a.sphere,
    style: a.style,
    oceanScalePercent: a.oceanScalePercent,
    trueScale: a.trueScale,
    tint: a.tint,
    variant: a.variant,
    xr: a.xr,
  };
}
