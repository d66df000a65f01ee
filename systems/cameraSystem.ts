/**
 * cameraSystem - moves the orbit camera: fly-to animations, keyboard steps (eased), touch
 * momentum, auto-rotation (data/globe/autoRotate.ts), and derives the camera state other systems
 * read. Also keeps the rig's input tuning in step with the view and the distance.
 * Reads: rig (after Babylon's input handling), flyTo, controls (key steps, momentum, auto-rotate
 * controller), autoRotate, preset, view, markers.selected, time.
 * Writes: rig (alpha/beta/radius while animating or rotating; configure on view or distance
 * change), controls.autoRotate/autoRotateFactor/keyAlpha/keyBeta/keyZoom, world.camera.
 * Order: after commands and controls, before anything that depends on the camera.
 * Cadence: every frame.
 */
import { autoRotateRadPerSec } from '../engine/layers';
import type { AtlasWorld, OrbitRig } from '../engine/world';
import { createAutoRotate } from '../data/globe/autoRotate';
import { GLOBE_RADIUS, clamp, easeInOutCubic, wrapLon, type LatLonDistance } from '../data/geoMath';

/** Fly-to duration (spec globe.md: 2000 ms ease-in-out cubic). */
export const FLY_TO_DEFAULT_MS = 2000;
/** Polar limits: 5%..95% of the half turn (spec globe.md section 9), as beta in radians. */
export const BETA_MIN = Math.PI * 0.05;
export const BETA_MAX = Math.PI * 0.95;

/** Orbit tuning of the globe controls (spec globe.md section 9): rotate speed 0.5, zoom speed 1,
 * damping 0.1 (range 0.05-0.1); the landing preset overrides them (1.2, 1.5, 0.08). */
export const DEFAULT_ROTATE_SPEED = 0.5;
export const DEFAULT_ZOOM_SPEED = 1;
export const DEFAULT_DAMPING = 0.1;
/** Drag that turns the globe 360 degrees x rotateSpeed, CSS px (three.js uses the canvas height;
 * ours is a fixed reference so systems need no DOM). */
export const ROTATE_REF_HEIGHT_PX = 800;
/** Rotation per pixel follows the height above the surface, relative to this distance (ours:
 * the start distance 600 turns at the nominal speed; nearer the surface it turns slower). */
export const ROTATE_SCALE_REF_DISTANCE = 600;
export const ROTATE_SCALE_MIN = 0.05;
export const ROTATE_SCALE_MAX = 2;
/** The rig's rotate scale is re-sent when it drifts more than this fraction (ours). */
const RIG_SCALE_EPSILON = 0.02;
/** Keyboard steps ease in with this time constant, s (ours: ~0.25 s to settle). */
export const KEY_EASE_S = 0.08;

const DEG = Math.PI / 180;

/** Orbit angles -> geographic camera position (see data/geoMath.ts for the axis convention). */
export function rigToCamera(rig: OrbitRig): LatLonDistance {
  return {
    lat: 90 - rig.beta / DEG,
    lon: wrapLon(90 - rig.alpha / DEG),
    distance: rig.radius,
  };
}

/** Geographic camera position -> orbit angles, clamped to the polar limits. */
export function applyCameraToRig(cam: LatLonDistance, rig: OrbitRig): void {
  rig.alpha = (90 - cam.lon) * DEG;
  rig.beta = clamp((90 - cam.lat) * DEG, BETA_MIN, BETA_MAX);
  rig.radius = clamp(cam.distance, rig.lowerRadiusLimit, rig.upperRadiusLimit);
}

/** Shortest signed longitude difference b - a, in (-180, 180]. */
function lonDelta(a: number, b: number): number {
  return wrapLon(b - a);
}

/** Rotation scale for a camera distance: height above the surface relative to 600's. */
export function rotateScaleFor(distance: number): number {
  return clamp(
    (distance - GLOBE_RADIUS) / (ROTATE_SCALE_REF_DISTANCE - GLOBE_RADIUS),
    ROTATE_SCALE_MIN,
    ROTATE_SCALE_MAX,
  );
}

/** Radians of orbit per CSS pixel of drag in this view at this distance. */
export function radiansPerPixel(world: AtlasWorld): number {
  const speed = world.preset.rotateSpeed ?? DEFAULT_ROTATE_SPEED;
  return ((2 * Math.PI) / ROTATE_REF_HEIGHT_PX) * speed * rotateScaleFor(world.camera.distance);
}

/** Sends the view's tuning to the rig (view change, distance drift, drag-to-rotate toggled). */
export function configureRig(world: AtlasWorld, scale: number): void {
  const p = world.preset;
  world.controls.rigScale = scale;
  world.rig.configure?.({
    rotateSpeed: p.rotateSpeed ?? DEFAULT_ROTATE_SPEED,
    zoomSpeed: p.zoomSpeed ?? DEFAULT_ZOOM_SPEED,
    damping: p.damping ?? DEFAULT_DAMPING,
    rotateScale: scale,
    leftButtonOnly: world.controls.options.dragToRotate,
  });
}

/**
 * Keeps the auto-rotation controller and the rig tuning in step with the view: a new view gets a
 * fresh controller of its variant (landing: 30 s; otherwise 20 s), active at first when the view
 * auto-rotates.
 */
function syncView(world: AtlasWorld): void {
  const c = world.controls;
  const now = world.time.now;
  if (c.autoRotateView !== world.view) {
    c.autoRotateView = world.view;
    c.autoRotate = createAutoRotate({
      variant: world.preset.autoRotateVariant ?? 'controls',
      enabled: world.autoRotate,
      baseSpeed: world.preset.autoRotateSpeed,
    });
    c.autoRotateEnabled = world.autoRotate;
    configureRig(world, rotateScaleFor(world.camera.distance));
  }
  c.lastSelected = world.markers.selected;
  if (world.autoRotate !== c.autoRotateEnabled) {
    c.autoRotateEnabled = world.autoRotate;
    c.autoRotate.setEnabled(world.autoRotate, now);
  }
  const scale = rotateScaleFor(world.camera.distance);
  if (Math.abs(scale - c.rigScale) > RIG_SCALE_EPSILON * c.rigScale) configureRig(world, scale);
}

/** Applies the eased share of the pending keyboard rotation and zoom. */
function applyKeySteps(world: AtlasWorld): void {
  const c = world.controls;
  if (c.keyAlpha === 0 && c.keyBeta === 0 && c.keyZoom === 0) return;
  const rig = world.rig;
  const dt = world.time.dt;
  let f = dt > 0 ? 1 - Math.exp(-dt / KEY_EASE_S) : 0;
  // The last small remainder goes at once, so a step ends exactly where it should.
  if (Math.abs(c.keyAlpha) + Math.abs(c.keyBeta) + Math.abs(c.keyZoom) < 1e-4) f = 1;
  const da = c.keyAlpha * f;
  const db = c.keyBeta * f;
  const dz = c.keyZoom * f;
  c.keyAlpha -= da;
  c.keyBeta -= db;
  c.keyZoom -= dz;
  if (f === 1) c.keyAlpha = c.keyBeta = c.keyZoom = 0;
  rig.alpha += da;
  rig.beta = clamp(rig.beta + db, BETA_MIN, BETA_MAX);
  if (dz !== 0) {
    const h = (rig.radius - GLOBE_RADIUS) * Math.exp(dz);
    rig.radius = clamp(GLOBE_RADIUS + h, rig.lowerRadiusLimit, rig.upperRadiusLimit);
  }
  rig.stopInertia();
}

/** Touch momentum after a drag (spec: decay 0.95 per frame, max 20 px per frame). */
function applyMomentum(world: AtlasWorld): void {
  const m = world.controls.momentum;
  if (!m.active) return;
  const rig = world.rig;
  if (rig.pointerDown) {
    m.stop();
    return;
  }
  const { dx, dy } = m.step(world.time.dt * 1000);
  const k = radiansPerPixel(world);
  // Same sense as Babylon's drag in our right-handed scene: the surface follows the finger, so
  // pulling right turns the camera west (alpha up), pulling down turns it north (beta down).
  rig.alpha += dx * k;
  rig.beta = clamp(rig.beta - dy * k, BETA_MIN, BETA_MAX);
}

export function cameraSystem(world: AtlasWorld): void {
  const rig = world.rig;
  const c = world.controls;
  syncView(world);
  const fly = world.flyTo;
  if (fly) {
    const t = easeInOutCubic((world.time.now - fly.startMs) / fly.durationMs);
    const cam = {
      lat: fly.from.lat + (fly.to.lat - fly.from.lat) * t,
      lon: wrapLon(fly.from.lon + lonDelta(fly.from.lon, fly.to.lon) * t),
      distance: fly.from.distance + (fly.to.distance - fly.from.distance) * t,
    };
    applyCameraToRig(cam, rig);
    rig.stopInertia();
    if (t >= 1) world.flyTo = null;
  } else {
    applyKeySteps(world);
    applyMomentum(world);
  }
  const factor = c.autoRotate.update(
    world.time.now,
    world.camera.distance,
    world.markers.selected >= 0,
  );
  c.autoRotateFactor = factor;
  if (!fly && factor > 0) {
    // Turning the camera westward makes the surface drift west-to-east, as the Earth spins.
    rig.alpha += autoRotateRadPerSec(world.preset.autoRotateSpeed) * factor * world.time.dt;
  }
  // Keep alpha bounded so float precision never degrades over long sessions.
  if (rig.alpha > Math.PI * 4 || rig.alpha < -Math.PI * 4) rig.alpha %= Math.PI * 2;
  const cur = world.camera;
  const next = rigToCamera(rig);
  if (cur.lat !== next.lat || cur.lon !== next.lon || cur.distance !== next.distance) {
    world.camera = next;
  }
}
