/**
 * controlsSystem - the globe's controls: keyboard shortcuts, pointer gestures (drag, click,
 * double tap, long press, swipe, touch momentum), camera animations (reset, north up, home,
 * Locate Me, selected location, country zoom, double-tap zoom, user-marker zoom) and the
 * auto-rotation interactions.
 * Reads: controls.input (keys, pointer samples, wheel, gathered between frames by
 * engine/render/keyboardInput.ts and pointerInput.ts), controls.located (geolocation answers),
 * rig.pointerDown, camera, preset, layers, markers.hovered, countries.
 * Writes: controls (key steps, momentum, dragging, pending country click, home, user location,
 * notices, shortcutsOpen), flyTo, layers, auto-rotate interactions.
 * Order: after commands (and markerSpawn), before camera. Cadence: every frame; work only when
 * input arrived or an animation request is waiting.
 *
 * Also here: `applyControlsCommand` (called by the command system) and `flyCamera`.
 */
import type { ControlsCommand } from '../engine/commands';
import type { ControlsState, KeyInput, PointerSample } from '../engine/controls';
import { isLayerName } from '../engine/layers';
import type { AtlasWorld, Ray } from '../engine/world';
import { GLOBE_RADIUS, clamp, latLonToXyzInto, wrapLon } from '../data/geoMath';
import type { GestureEvent } from '../data/globe/gestures';
import {
  KEY_REPEAT_FACTOR,
  KEY_ROTATE_STEP_DEG,
  KEY_SHIFT_FACTOR,
  KEY_ZOOM_STEP,
  cameraNotReadyMessage,
  keyAction,
} from '../data/globe/keymap';
import { FLY_TO_DEFAULT_MS, configureRig, rotateScaleFor } from './cameraSystem';
import { pickMarker, raySphere } from './pickingSystem';

/** Reset view: distance 600 over 1.5 s (spec globe.md sections 2 and 4). */
export const RESET_DISTANCE = 600;
export const RESET_MS = 1500;
/** North up animation, ms (ours). */
export const NORTH_UP_MS = 1000;
/** Home without a saved one: position (0, 0, 600) (spec application.md section 4). */
export const DEFAULT_HOME = { lat: 0, lon: 0, distance: 600 } as const;
/** Locate Me: camera to distance 280, home saved at 450 (spec). */
export const LOCATE_DISTANCE = 280;
export const HOME_SAVED_DISTANCE = 450;
/** Locate Me rotates the camera over 2 s with cubic easing (spec location flow). */
export const LOCATE_MS = 2000;
/** Selected location: distance 200 + zoom, zoom default 300, over 2000 ms (spec feed click). */
export const SELECTED_LOCATION_BASE = 200;
export const SELECTED_LOCATION_DEFAULT_ZOOM = 300;
/** Country click: zoom to 2.5x the globe radius (spec: distance 500). */
export const COUNTRY_ZOOM_DISTANCE = GLOBE_RADIUS * 2.5;
/** Double-click on the user marker zooms in over 1 s (spec) to this distance (ours). */
export const USER_MARKER_ZOOM_MS = 1000;
export const USER_MARKER_ZOOM_DISTANCE = 250;
/** The user marker's hit radius, CSS px (ours). */
export const USER_MARKER_HIT_PX = 14;
/** A click waits this long for a second tap before it selects a country, ms (spec double tap
 * window: 300 ms), so a double click zooms instead of also selecting. */
export const COUNTRY_CLICK_DELAY_MS = 300;
/** Time the user-location name takes when no reverse geocoder is used (spec fallback). */
export const LOCATION_DEFAULT_NAME = 'Location Detected';

const DEG = Math.PI / 180;
const ray: Ray = { ox: 0, oy: 0, oz: 0, dx: 0, dy: 0, dz: 0 };
const scratch = new Float64Array(3);
const screen = { x: 0, y: 0 };

/** Starts a fly-to from the current camera (ease-in-out cubic); cancels key steps and momentum. */
export function flyCamera(
  world: AtlasWorld,
  lat: number,
  lon: number,
  distance: number,
  durationMs: number = FLY_TO_DEFAULT_MS,
): void {
  const c = world.controls;
  c.keyAlpha = c.keyBeta = c.keyZoom = 0;
  c.momentum.stop();
  world.flyTo = {
    from: { ...world.camera },
    to: {
      lat: clamp(lat, -90, 90),
      lon: wrapLon(lon),
      distance: clamp(distance, world.preset.minDistance, world.preset.maxDistance),
    },
    startMs: world.time.now,
    // Reduced motion (settings: engine/settings.ts instantFly): the flight is one frame long.
    durationMs: world.cameraSettings.instantFly === true ? 1 : durationMs,
  };
}

function notify(c: ControlsState, message: string, kind: 'error' | 'info'): void {
  c.notice = { message, kind, at: Date.now() };
  c.version++;
}

function toggleLayer(world: AtlasWorld, name: string): void {
  if (!isLayerName(name)) return;
  world.layers[name] = !world.layers[name];
}

/** Where the ray through CSS pixel (x, y) meets the globe, as lat/lon; false when it misses. */
export function screenToLatLon(
  world: AtlasWorld,
  x: number,
  y: number,
  out: { lat: number; lon: number },
): boolean {
  world.render.pickRay(x, y, ray);
  const t = raySphere(ray, GLOBE_RADIUS);
  if (t < 0) return false;
  const hx = ray.ox + ray.dx * t;
  const hy = ray.oy + ray.dy * t;
  const hz = ray.oz + ray.dz * t;
  const hr = Math.hypot(hx, hy, hz);
  // raySphere answers a miss with the closest approach: that point is off the sphere.
  if (hr > GLOBE_RADIUS * 1.001) return false;
  out.lat = Math.asin(Math.max(-1, Math.min(1, hy / hr))) / DEG;
  out.lon = Math.atan2(hx, hz) / DEG;
  return true;
}

const hit = { lat: 0, lon: 0 };

/** Index of the country under CSS pixel (x, y), or -1. */
export function countryAtScreen(world: AtlasWorld, x: number, y: number): number {
  const index = world.controls.country.index;
  if (index === null || !screenToLatLon(world, x, y, hit)) return -1;
  return index.find(hit.lat, hit.lon);
}

/** Screen position of the user marker (false when there is none or it is over the horizon). */
export function userMarkerScreen(world: AtlasWorld, out: { x: number; y: number }): boolean {
  const u = world.controls.userLocation;
  if (u === null) return false;
  latLonToXyzInto(u.lat, u.lon, GLOBE_RADIUS, scratch);
  const cam = world.camera;
  const px = scratch[0] ?? 0;
  const py = scratch[1] ?? 0;
  const pz = scratch[2] ?? 0;
  latLonToXyzInto(cam.lat, cam.lon, cam.distance, scratch);
  const facing =
    px * (scratch[0] ?? 0) + py * (scratch[1] ?? 0) + pz * (scratch[2] ?? 0) >
    GLOBE_RADIUS * GLOBE_RADIUS;
  return facing && world.render.project(px, py, pz, out);
}

function onUserMarker(world: AtlasWorld, x: number, y: number): boolean {
  return (
    userMarkerScreen(world, screen) && Math.hypot(screen.x - x, screen.y - y) <= USER_MARKER_HIT_PX
  );
}

/** Selects country `i` of the index (or clears with -1) and zooms to it. */
export function selectCountry(world: AtlasWorld, i: number, fly = true): void {
  const cs = world.controls.country;
  const country = i >= 0 ? cs.index?.countries[i] : undefined;
  cs.selected = country === undefined ? -1 : i;
  world.controls.version++;
  if (country !== undefined && fly) {
    flyCamera(world, country.lat, country.lon, COUNTRY_ZOOM_DISTANCE);
  }
}

// ---------------------------------------------------------------------------------------------
// Commands

export function applyControlsCommand(world: AtlasWorld, cmd: ControlsCommand): void {
  const c = world.controls;
  const cam = world.camera;
  switch (cmd.type) {
    case 'resetView':
      flyCamera(world, cam.lat, cam.lon, RESET_DISTANCE, RESET_MS);
      break;
    case 'northUp':
      flyCamera(world, 0, cam.lon, cam.distance, NORTH_UP_MS);
      break;
    case 'goHome': {
      const h = c.home ?? DEFAULT_HOME;
      flyCamera(world, h.lat, h.lon, h.distance);
      break;
    }
    case 'locateMe':
      c.platform.requestLocation(c);
      break;
    case 'goToLocation':
      c.selectedLocation = {
        lat: cmd.lat,
        lon: cmd.lon,
        zoom: cmd.zoom ?? SELECTED_LOCATION_DEFAULT_ZOOM,
      };
      c.selectedLocationFlying = false;
      c.version++;
      break;
    case 'selectCountry': {
      const index = c.country.index;
      const country = cmd.iso2 === null || index === null ? null : index.byIso2(cmd.iso2);
      selectCountry(world, country === null ? -1 : (index?.countries.indexOf(country) ?? -1));
      break;
    }
    case 'setViewOption':
      c.options = { ...c.options, [cmd.option]: cmd.on };
      if (cmd.option === 'dragToRotate') configureRig(world, rotateScaleFor(cam.distance));
      c.version++;
      break;
    case 'setShortcutsOpen':
      c.shortcutsOpen = cmd.open;
      c.version++;
      break;
    case 'clearNotice':
      c.notice = null;
      c.version++;
      break;
    case 'setUserLocation':
      c.userLocation = { lat: cmd.lat, lon: cmd.lon, name: cmd.name, accuracy: 0 };
      c.home = { lat: cmd.lat, lon: cmd.lon, distance: HOME_SAVED_DISTANCE };
      c.version++;
      break;
  }
}

// ---------------------------------------------------------------------------------------------
// Keyboard

/** Handles one key event; true when it moved (or will move) the camera. */
function handleKey(world: AtlasWorld, k: KeyInput): boolean {
  const c = world.controls;
  const act = keyAction(k.key, k.code);
  if (act === null) return false;
  if (!k.down) {
    // S and D: a tap (no auto-repeat before release) toggles their layer.
    if (act.kind === 'tapLayerHoldRotate' && c.held.get(k.code) === false) {
      toggleLayer(world, act.layer);
    }
    c.held.delete(k.code);
    return false;
  }
  if (!k.repeat) c.held.set(k.code, false);
  if (act.kind === 'escape') {
    if (c.shortcutsOpen) {
      c.shortcutsOpen = false;
      c.version++;
    }
    return false;
  }
  if (!world.preset.interactive) return false; // the background globe behind static pages
  const slow = (k.shift ? KEY_SHIFT_FACTOR : 1) * (k.repeat ? KEY_REPEAT_FACTOR : 1);
  const cam = world.camera;
  switch (act.kind) {
    case 'tapLayerHoldRotate':
      if (!k.repeat) return false;
      c.held.set(k.code, true);
      stepRotate(world, act.dLon, act.dLat, slow);
      return true;
    case 'rotate':
      stepRotate(world, act.dLon, act.dLat, slow);
      return true;
    case 'zoom':
      world.flyTo = null;
      c.keyZoom += act.dir * Math.log(KEY_ZOOM_STEP) * slow;
      return true;
    case 'reset':
      if (!k.repeat) flyCamera(world, cam.lat, cam.lon, RESET_DISTANCE, RESET_MS);
      return true;
    case 'north':
      if (!k.repeat) flyCamera(world, 0, cam.lon, cam.distance, NORTH_UP_MS);
      return true;
    case 'home': {
      if (k.repeat) return true;
      const h = c.home ?? DEFAULT_HOME;
      flyCamera(world, h.lat, h.lon, h.distance);
      return true;
    }
    case 'layer':
      if (!k.repeat) toggleLayer(world, act.layer);
      return false;
    case 'shortcuts':
      if (!k.repeat) {
        c.shortcutsOpen = !c.shortcutsOpen;
        c.version++;
      }
      return false;
    case 'fullscreen':
      // Needs the key event's user activation: engine/render/keyboardInput.ts does it.
      return false;
  }
}

function stepRotate(world: AtlasWorld, dLon: number, dLat: number, slow: number): void {
  const c = world.controls;
  world.flyTo = null;
  const step = KEY_ROTATE_STEP_DEG * DEG * slow * rotateScaleFor(world.camera.distance);
  // lon = 90 - alpha and lat = 90 - beta (cameraSystem.rigToCamera).
  c.keyAlpha -= dLon * step;
  c.keyBeta -= dLat * step;
}

// ---------------------------------------------------------------------------------------------
// Pointer gestures

function handleGesture(world: AtlasWorld, ev: GestureEvent): void {
  const c = world.controls;
  switch (ev.type) {
    case 'dragstart':
      c.dragging = true;
      c.country.pending = null;
      break;
    case 'dragend':
      c.dragging = false;
      if (c.pressKind === 'touch') {
        // Touch coasts with the spec's momentum (decay 0.95, max 20) instead of the rig's damping.
        world.rig.stopInertia();
        c.momentum.release(ev.vx, ev.vy);
      }
      break;
    case 'click': {
      c.country.pending = null;
      // A click on a marker belongs to the picking system; on the user marker, to its tooltip.
      if (world.markers.hovered >= 0) break;
      if (pickMarker(world, ev.x, ev.y, c.pressKind === 'touch') >= 0) break;
      if (onUserMarker(world, ev.x, ev.y)) break;
      // Countries belong to the globe's controls; the landing globe is a showcase.
      if (c.country.index === null || world.view === 'landing') break;
      c.country.pending = {
        x: ev.x,
        y: ev.y,
        touch: c.pressKind === 'touch',
        at: world.time.now + COUNTRY_CLICK_DELAY_MS,
      };
      break;
    }
    case 'doubletap': {
      c.country.pending = null;
      const u = c.userLocation;
      if (u !== null && onUserMarker(world, ev.x, ev.y)) {
        flyCamera(world, u.lat, u.lon, USER_MARKER_ZOOM_DISTANCE, USER_MARKER_ZOOM_MS);
      } else {
        flyCamera(world, world.camera.lat, world.camera.lon, ev.targetDistance, ev.durationMs);
      }
      break;
    }
    case 'longpress': {
      // Spec: a long press shows what is under the finger (the UI reads the place from here).
      const on = screenToLatLon(world, ev.x, ev.y, hit);
      const index = c.country.index;
      const ci = on && index !== null ? index.find(hit.lat, hit.lon) : -1;
      c.gesture = {
        type: 'longpress',
        x: ev.x,
        y: ev.y,
        direction: '',
        at: Date.now(),
        lat: on ? hit.lat : null,
        lon: on ? hit.lon : null,
        place: ci >= 0 && index !== null ? (index.countries[ci]?.name ?? '') : '',
      };
      c.version++;
      break;
    }
    case 'swipe':
      c.gesture = { type: 'swipe', x: ev.dx, y: ev.dy, direction: ev.direction, at: Date.now() };
      c.version++;
      break;
  }
}

function handleEvents(world: AtlasWorld, events: readonly GestureEvent[]): void {
  for (const ev of events) handleGesture(world, ev);
}

/** Feeds one pointer sample to the recogniser; true when it is a camera interaction. */
function handlePointer(world: AtlasWorld, s: PointerSample): boolean {
  const c = world.controls;
  const g = c.gestures;
  switch (s.type) {
    case 'down':
      if (!world.preset.interactive) return false;
      c.pressKind = s.kind;
      c.momentum.stop();
      world.flyTo = null;
      c.keyAlpha = c.keyBeta = c.keyZoom = 0;
      handleEvents(world, g.down(s.t, s.x, s.y, s.kind));
      return true;
    case 'move':
      handleEvents(world, g.move(s.t, s.x, s.y));
      return c.dragging;
    case 'up':
      handleEvents(world, g.up(s.t, s.x, s.y, world.camera.distance));
      c.dragging = false;
      return false;
    case 'cancel':
      g.cancel();
      c.dragging = false;
      return true;
  }
}

// ---------------------------------------------------------------------------------------------
// The system

export function controlsSystem(world: AtlasWorld): void {
  const c = world.controls;
  const input = c.input;
  const now = world.time.now;
  let interacted = false;

  if (input.keys.length > 0) {
    // Settings can switch the single-key shortcuts off: the keys are dropped unread.
    if (!world.controls.options.keyShortcuts) input.keys.length = 0;
    for (const k of input.keys) if (handleKey(world, k)) interacted = true;
    input.keys.length = 0;
  }
  if (input.pointers.length > 0) {
    for (const s of input.pointers) if (handlePointer(world, s)) interacted = true;
    input.pointers.length = 0;
  }
  handleEvents(world, c.gestures.tick(now));
  const pinch = input.pinch ?? 1;
  if (pinch !== 1) {
    // Two fingers spreading apart zoom in by the same ratio (the rig clamps to the view's limits).
    input.pinch = 1;
    if (world.preset.interactive && Number.isFinite(pinch) && pinch > 0) {
      interacted = true;
      world.flyTo = null;
      world.rig.stopInertia();
      const r = world.rig.radius / pinch;
      world.rig.radius = Math.min(
        world.rig.upperRadiusLimit,
        Math.max(world.rig.lowerRadiusLimit, r),
      );
    }
  }
  if (input.wheel > 0) {
    input.wheel = 0;
    if (world.preset.interactive) {
      interacted = true;
      world.flyTo = null;
    }
  }
  // Holding the globe (Babylon's own drag, pinch) counts for as long as it lasts.
  if (world.rig.pointerDown) interacted = true;
  if (interacted) c.autoRotate.interact(now);

  // A geolocation answer: fly there, save home, place the user marker (spec Locate Me).
  const loc = c.located;
  if (loc !== null) {
    c.located = null;
    if (!world.preset.interactive) {
      notify(c, cameraNotReadyMessage(loc.lat, loc.lon, loc.accuracy), 'error');
    } else {
      c.userLocation = {
        lat: loc.lat,
        lon: loc.lon,
        name: LOCATION_DEFAULT_NAME,
        accuracy: loc.accuracy,
      };
      c.home = { lat: loc.lat, lon: loc.lon, distance: HOME_SAVED_DISTANCE };
      c.platform.saveUserLocation(c.userLocation);
      flyCamera(world, loc.lat, loc.lon, LOCATE_DISTANCE, LOCATE_MS);
      c.version++;
    }
  }

  // A selected location (feed click): fly there on an interactive globe, then clear it.
  const sel = c.selectedLocation;
  if (sel !== null && world.preset.interactive) {
    if (!c.selectedLocationFlying) {
      c.selectedLocationFlying = true;
      flyCamera(world, sel.lat, sel.lon, SELECTED_LOCATION_BASE + sel.zoom);
    } else if (world.flyTo === null) {
      c.selectedLocation = null;
      c.selectedLocationFlying = false;
      c.version++;
    }
  }
}
