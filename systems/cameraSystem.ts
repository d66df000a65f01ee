/**
 * cameraSystem - fly-to animation, auto-rotation, and the camera state other systems read.
 * Reads: rig (after Babylon's input handling), flyTo, autoRotate, preset, time.
 * Writes: rig (alpha/beta/radius while animating or rotating), world.camera.
 * Order: after commands, before anything that depends on the camera. Cadence: every frame.
 */
import { autoRotateRadPerSec } from '../engine/layers';
import type { AtlasWorld, OrbitRig } from '../engine/world';
import { clamp, easeInOutCubic, wrapLon, type LatLonDistance } from '../data/geoMath';

/** Fly-to duration (spec globe.md: 2000 ms ease-in-out cubic). */
export const FLY_TO_DEFAULT_MS = 2000;
/** Polar limits: 5%..95% of the half turn (spec globe.md section 9), as beta in radians. */
export const BETA_MIN = Math.PI * 0.05;
export const BETA_MAX = Math.PI * 0.95;

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

export function cameraSystem(world: AtlasWorld): void {
  const rig = world.rig;
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
  } else if (world.autoRotate && !rig.pointerDown) {
    // Turning the camera westward makes the surface drift west-to-east, as the Earth spins.
    rig.alpha += autoRotateRadPerSec(world.preset.autoRotateSpeed) * world.time.dt;
  }
  // Keep alpha bounded so float precision never degrades over long sessions.
  if (rig.alpha > Math.PI * 4 || rig.alpha < -Math.PI * 4) rig.alpha %= Math.PI * 2;
  const c = world.camera;
  const next = rigToCamera(rig);
  if (c.lat !== next.lat || c.lon !== next.lon || c.distance !== next.distance) {
    world.camera = next;
  }
}
