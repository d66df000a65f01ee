/**
 * Globe keyboard shortcuts (spec globe.md section 2, "Interaction details"; application.md
 * section 2, "Overlays"), as a pure key -> action table. The engine's keyboard listener forwards
 * `KeyboardEvent.key`/`code`; the controls system acts.
 *
 * Wired: R resets the camera to distance 600, N resets north, F toggles fullscreen, arrows and
 * WASD rotate, Shift slows rotate and zoom, +/- zoom, H home, G grid, L labels, T time zones,
 * D day/night, S solar system, M moon, ? the shortcuts dialog, Escape closes it.
 *
 * S and D are both "rotate" (WASD) and layer toggles (S solar system, D day/night) in the spec. We
 * keep both by how the key is used: a tap (released before the key repeats) toggles the layer; a
 * held key (auto-repeat) rotates and does not toggle. W and A rotate at once.
 */

export type KeyAction =
  | { kind: 'rotate'; dLon: number; dLat: number }
  | { kind: 'zoom'; dir: 1 | -1 }
  | { kind: 'reset' }
  | { kind: 'north' }
  | { kind: 'home' }
  | { kind: 'fullscreen' }
  | { kind: 'layer'; layer: ShortcutLayer }
  /** A tap toggles `layer`; holding the key rotates (S and D). */
  | { kind: 'tapLayerHoldRotate'; layer: ShortcutLayer; dLon: number; dLat: number }
  | { kind: 'shortcuts' }
  | { kind: 'escape' };

/** Layer names the shortcuts toggle (engine/layers.ts LAYER_NAMES must contain them). */
export const SHORTCUT_LAYERS = ['grid', 'labels', 'timezones', 'dayNight', 'solarSystem', 'moon'];
export type ShortcutLayer = 'grid' | 'labels' | 'timezones' | 'dayNight' | 'solarSystem' | 'moon';

/** Rotation step per key press (and per auto-repeat), degrees at distance 600 (ours). */
export const KEY_ROTATE_STEP_DEG = 5;
/** Zoom step per key press: distance above the surface x0.8 in, /0.8 out (ours). */
export const KEY_ZOOM_STEP = 0.8;
/** Shift slows rotate and zoom (spec) to this fraction of the step (ours). */
export const KEY_SHIFT_FACTOR = 0.2;
/** Auto-repeats of a held key step this fraction of a press (ours: at a typical 30 Hz repeat,
 * a held arrow turns ~30 degrees per second at distance 600). */
export const KEY_REPEAT_FACTOR = 0.2;

/** The action of a key, or null. `code` is the physical key (zoom uses Equal/Minus by position,
 * so Shift+'=' on a US layout is a slow zoom in rather than a different key). */
export function keyAction(key: string, code: string): KeyAction | null {
  switch (code) {
    case 'Equal':
    case 'NumpadAdd':
      return { kind: 'zoom', dir: 1 };
    case 'Minus':
    case 'NumpadSubtract':
      return { kind: 'zoom', dir: -1 };
  }
  switch (key) {
    case 'ArrowLeft':
      return { kind: 'rotate', dLon: -1, dLat: 0 };
    case 'ArrowRight':
      return { kind: 'rotate', dLon: 1, dLat: 0 };
    case 'ArrowUp':
      return { kind: 'rotate', dLon: 0, dLat: 1 };
    case 'ArrowDown':
      return { kind: 'rotate', dLon: 0, dLat: -1 };
    case '+':
    case '=':
      return { kind: 'zoom', dir: 1 };
    case '-':
    case '_':
      return { kind: 'zoom', dir: -1 };
    case '?':
      return { kind: 'shortcuts' };
    case 'Escape':
      return { kind: 'escape' };
  }
  switch (key.toLowerCase()) {
    case 'w':
      return { kind: 'rotate', dLon: 0, dLat: 1 };
    case 'a':
      return { kind: 'rotate', dLon: -1, dLat: 0 };
    case 's':
      return { kind: 'tapLayerHoldRotate', layer: 'solarSystem', dLon: 0, dLat: -1 };
    case 'd':
      return { kind: 'tapLayerHoldRotate', layer: 'dayNight', dLon: 1, dLat: 0 };
    case 'r':
      return { kind: 'reset' };
    case 'n':
      return { kind: 'north' };
    case 'f':
      return { kind: 'fullscreen' };
    case 'h':
      return { kind: 'home' };
    case 'g':
      return { kind: 'layer', layer: 'grid' };
    case 'l':
      return { kind: 'layer', layer: 'labels' };
    case 't':
      return { kind: 'layer', layer: 'timezones' };
    case 'm':
      return { kind: 'layer', layer: 'moon' };
  }
  return null;
}

/** The list the shortcuts dialog shows (spec: the keys listed for users, plus what is wired). */
export const SHORTCUT_HELP: readonly (readonly [keys: string, what: string])[] = [
  ['← ↑ → ↓ / W A S D', 'Rotate the globe (hold S or D)'],
  ['+ / −', 'Zoom in / out'],
  ['Shift', 'Slower rotate and zoom'],
  ['R', 'Reset view'],
  ['N', 'North up'],
  ['H', 'Home'],
  ['F', 'Fullscreen'],
  ['G', 'Grid'],
  ['L', 'Labels'],
  ['T', 'Time zones'],
  ['D', 'Day / night'],
  ['S', 'Solar system'],
  ['M', 'Moon'],
  ['?', 'Keyboard shortcuts'],
  ['Esc', 'Close'],
];

// ---------------------------------------------------------------------------------------------
// Locate Me messages (spec globe.md section 8; application.md section 8)

export const GEO_UNSUPPORTED = 'Geolocation is not supported by your browser';
export const GEO_ERROR_PREFIX = 'Unable to get your location. ';
export const GEO_PERMISSION_DENIED =
  'Permission denied. Please enable location access in your browser settings.';
export const GEO_UNAVAILABLE = 'Location information unavailable.';
export const GEO_TIMEOUT = 'Request timed out.';
export const GEO_CAMERA_NOT_READY = '(Camera not ready)';

/** The message for a GeolocationPositionError code (1 denied, 2 unavailable, 3 timeout). */
export function geolocationErrorMessage(code: number): string {
  const reason = code === 1 ? GEO_PERMISSION_DENIED : code === 3 ? GEO_TIMEOUT : GEO_UNAVAILABLE;
  return GEO_ERROR_PREFIX + reason;
}

/** Coordinates with 4 decimals (spec: the 'Your Location' tooltip). */
export function formatLatLon(lat: number, lon: number): string {
  return `${lat.toFixed(4)}, ${lon.toFixed(4)}`;
}

/** Located, but the camera cannot move (spec: coordinates, accuracy and '(Camera not ready)'). */
export function cameraNotReadyMessage(lat: number, lon: number, accuracyM: number): string {
  return `Your location: ${formatLatLon(lat, lon)} (accuracy ${Math.round(accuracyM)} m) ${GEO_CAMERA_NOT_READY}`;
}
