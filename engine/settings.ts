/**
 * The settings store (spec globe.md sections 3, 5 and 9): persisted in localStorage under
 * `atlas-settings` as `{ state, version: 1 }`, groups performance, globe, display, camera, audio
 * and network. Every field is described once in {@link SETTINGS_SCHEMA} (kind, range, step,
 * enumeration, default); loading, importing and merging all go through {@link sanitizeSettings},
 * which keeps only known keys of the right type, clamps numbers to the spec's ranges and fills
 * the rest with defaults - a hostile file (wrong types, huge numbers, `__proto__` keys) gives
 * defaults, never an exception. Version 0 (or a missing version) is migrated by merging defaults.
 *
 * The engine is driven through commands only ({@link settingsCommands}); the UI reads and writes
 * the `settings` signal.
 */
import { signal } from '@preact/signals-core';
import type { Command } from './commands';
import { SPHERE_STYLES } from './appearance';

export const SETTINGS_KEY = 'atlas-settings';
export const SETTINGS_VERSION = 1;

export type FieldSpec =
  | { kind: 'number'; min: number; max: number; step: number; default: number }
  | { kind: 'boolean'; default: boolean }
  | { kind: 'enum'; values: readonly string[]; default: string }
  | { kind: 'color'; default: string };

interface NumberField {
  kind: 'number';
  min: number;
  max: number;
  step: number;
  default: number;
}
interface BooleanField {
  kind: 'boolean';
  default: boolean;
}
interface EnumField<V extends string> {
  kind: 'enum';
  values: readonly V[];
  default: V;
}

const num = (min: number, max: number, step: number, d: number): NumberField => ({
  kind: 'number',
  min,
  max,
  step,
  default: d,
});
const bool = (d: boolean): BooleanField => ({ kind: 'boolean', default: d });
const oneOf = <const V extends string>(values: readonly V[], d: NoInfer<V>): EnumField<V> => ({
  kind: 'enum',
  values,
  default: d,
});

/** Every setting: spec ranges (globe.md section 5), defaults and enumerations (section 9). */
export const SETTINGS_SCHEMA = {
  performance: {
    targetFps: num(30, 120, 1, 60),
    maxMarkers: num(1000, 10000, 500, 5000),
    cullingDistance: num(10000, 50000, 1000, 25000),
    instanceBufferMb: num(0.5, 4, 0.5, 2),
    maxArticles: num(50, 500, 10, 200),
    pixelRatio: num(0.5, 3, 0.25, 2),
    textureQuality: oneOf(['low', 'medium', 'high'], 'high'),
    antiAliasing: oneOf(['none', 'fxaa', 'msaa'], 'msaa'),
    powerPreference: oneOf(['default', 'high-performance', 'low-power'], 'high-performance'),
    enableAnimations: bool(true),
  },
  globe: {
    segments: num(32, 256, 8, 64),
    oceanScale: num(100, 200, 1, 100),
    markerBaseSize: num(0.3, 2, 0.1, 1),
    markerSize: oneOf(['small', 'medium', 'large'], 'medium'),
    hoverScale: num(1, 3, 0.1, 1.5),
    proximityThreshold: num(5, 50, 1, 25),
    markerMode: oneOf(['individual', 'accumulated', 'adaptive'], 'adaptive'),
    bloom: num(0, 3, 0.1, 1.2),
    sunIntensity: num(1, 20, 0.5, 5),
    pulseEffect: bool(true),
    glowEffect: bool(true),
    emojiOnly: bool(false),
  },
  display: {
    gridEnabled: bool(true),
    labelsEnabled: bool(true),
    timezoneEnabled: bool(false),
    showClocks: bool(true),
    /** 'auto' adapts to the device (the spec's 'medium' default is what auto picks on most). */
    qualityMode: oneOf(['auto', 'low', 'medium', 'high'], 'auto'),
    solarSystemEnabled: bool(false),
    realScaleMode: bool(true),
    moonEnabled: bool(true),
    debugMode: bool(false),
    dayNightEnabled: bool(false),
    globeSphereEnabled: bool(true),
    globeSphereStyle: oneOf(SPHERE_STYLES, 'blue'),
    markersEnabled: bool(true),
    uiOpacity: num(0.3, 1, 0.05, 0.9),
    fontSize: oneOf(['small', 'medium', 'large'], 'medium'),
    accentColor: { kind: 'color', default: '#3b82f6' },
    /** 'system' follows prefers-reduced-motion; 'reduced' / 'full' are the user's choice. */
    motion: oneOf(['system', 'reduced', 'full'], 'system'),
    keyShortcuts: bool(true),
  },
  camera: {
    fov: num(30, 120, 1, 75),
    near: num(0.01, 1, 0.01, 0.1),
    far: num(1000, 10000, 100, 1000),
    minDistance: num(1, 20, 0.5, 5),
    maxDistance: num(100, 2000, 50, 1000),
    damping: num(0.05, 1, 0.01, 0.05),
    rotateSpeed: num(0.1, 3, 0.1, 0.5),
    zoomSpeed: num(0.5, 3, 0.1, 1),
    autoRotate: bool(true),
    autoRotateSpeed: num(0.5, 10, 0.5, 0.5),
  },
  audio: {
    enabled: bool(false),
    master: num(0, 1, 0.05, 0.7),
    sfx: num(0, 1, 0.05, 0.5),
    ambient: num(0, 1, 0.05, 0.3),
    ambientEnabled: bool(false),
  },
  network: {
    dataSource: oneOf(['real', 'demo'], 'real'),
    realtime: bool(true),
    timeFrame: oneOf(['1h', '6h', '12h', '24h', '7d', '30d'], '24h'),
    updateFrequency: num(5, 300, 5, 30),
  },
} as const satisfies Record<string, Record<string, FieldSpec>>;

type Schema = typeof SETTINGS_SCHEMA;
export type SettingsGroup = keyof Schema;
type ValueOf<F> = F extends NumberField
  ? number
  : F extends BooleanField
    ? boolean
    : F extends EnumField<infer V>
      ? V
      : string;
export type Settings = {
  [G in SettingsGroup]: { [K in keyof Schema[G]]: ValueOf<Schema[G][K]> };
};

export const SETTINGS_GROUPS = Object.keys(SETTINGS_SCHEMA) as SettingsGroup[];

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Reads an own property only (never `__proto__` or anything inherited). */
function own(o: Record<string, unknown>, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(o, key) ? o[key] : undefined;
}

/** A number clamped to the field's range and snapped to its step; anything else the default. */
export function sanitizeField(spec: FieldSpec, v: unknown): number | boolean | string {
  switch (spec.kind) {
    case 'number': {
      const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
      if (typeof n !== 'number' || Number.isNaN(n)) return spec.default;
      const clamped = Math.min(spec.max, Math.max(spec.min, n));
      const snapped = spec.min + Math.round((clamped - spec.min) / spec.step) * spec.step;
      // Rounded to the step's decimals (0.1 steps must not give 0.30000000000000004).
      const decimals = Math.max(0, -Math.floor(Math.log10(spec.step)) + 1);
      return Math.min(spec.max, Number(snapped.toFixed(decimals)));
    }
    case 'boolean':
      return typeof v === 'boolean' ? v : spec.default;
    case 'enum':
      return typeof v === 'string' && spec.values.includes(v) ? v : spec.default;
    case 'color':
      return typeof v === 'string' && /^#[0-9a-fA-F]{6}$/.test(v) ? v.toLowerCase() : spec.default;
  }
}

/** Settings from anything: known keys of the right type kept (clamped), the rest defaults. */
export function sanitizeSettings(input: unknown): Settings {
  const src = isRecord(input) ? input : {};
  const out: Record<string, Record<string, unknown>> = {};
  for (const group of SETTINGS_GROUPS) {
    const g = own(src, group);
    const gsrc = isRecord(g) ? g : {};
    const fields: Record<string, FieldSpec> = SETTINGS_SCHEMA[group];
    const o: Record<string, unknown> = {};
    for (const key of Object.keys(fields)) {
      o[key] = sanitizeField(fields[key] as FieldSpec, own(gsrc, key));
    }
    out[group] = o;
  }
  return out as Settings;
}

export function defaultSettings(): Settings {
  return sanitizeSettings({});
}

/**
 * The persisted document `{ state, version }` to settings. Version 0 (or none: a bare settings
 * object) merges defaults; version 1 is sanitized the same way (clamped, unknown keys dropped).
 */
export function migrateSettings(doc: unknown): Settings {
  if (!isRecord(doc)) return defaultSettings();
  const version = own(doc, 'version');
  const state = own(doc, 'state');
  if (version === SETTINGS_VERSION || (version === 0 && isRecord(state))) {
    return sanitizeSettings(state);
  }
  // An unversioned export or an older shape: the groups at the top level.
  return sanitizeSettings(isRecord(state) ? state : doc);
}

/** Parses an imported file's text; null when it is not JSON or holds no settings object. */
export function parseSettingsFile(text: string): Settings | null {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(doc)) return null;
  const state = own(doc, 'state');
  const body = isRecord(state) ? state : doc;
  if (!SETTINGS_GROUPS.some((g) => isRecord(own(body, g)))) return null;
  return migrateSettings(doc);
}

export function serializeSettings(s: Settings): string {
  return JSON.stringify({ state: s, version: SETTINGS_VERSION }, null, 2);
}

/** Export file name: 'atlas-settings-YYYY-MM-DD.json' (spec: named with the date). */
export function exportFileName(now: Date = new Date()): string {
  return `atlas-settings-${now.toISOString().slice(0, 10)}.json`;
}

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem'>;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function loadSettings(store: Storage | null = storage()): Settings {
  const raw = store?.getItem(SETTINGS_KEY) ?? null;
  if (raw === null) return defaultSettings();
  try {
    return migrateSettings(JSON.parse(raw));
  } catch {
    return defaultSettings();
  }
}

export function saveSettings(s: Settings, store: Storage | null = storage()): void {
  try {
    store?.setItem(SETTINGS_KEY, serializeSettings(s));
  } catch {
    // Storage full or denied: the settings still apply for this page.
  }
}

/** The saved settings (what Save wrote; the dialog previews without touching this). */
export const settings = signal<Settings>(loadSettings());

/** One field changed, the rest kept (sanitized). */
export function withSetting<G extends SettingsGroup, K extends keyof Settings[G]>(
  s: Settings,
  group: G,
  key: K,
  value: Settings[G][K],
): Settings {
  return sanitizeSettings({ ...s, [group]: { ...s[group], [key]: value } });
}

// The engine side ------------------------------------------------------------------------------

/** Whether motion (auto-rotation, fly animations, pulses) is reduced for these settings. */
export function motionReduced(s: Settings, prefersReduced: boolean): boolean {
  return s.display.motion === 'reduced' || (s.display.motion === 'system' && prefersReduced);
}

/** A camera field at its default leaves each view's own tuning (FOV 45, near 1, far 50000...). */
export function cameraOverrides(s: Settings): CameraSettingsOverride {
  const d = SETTINGS_SCHEMA.camera;
  const c = s.camera;
  const o: CameraSettingsOverride = {};
  if (c.fov !== d.fov.default) o.fovDeg = c.fov;
  if (c.near !== d.near.default) o.near = c.near;
  if (c.far !== d.far.default) o.far = c.far;
  if (c.minDistance !== d.minDistance.default) o.minAltitude = c.minDistance;
  if (c.maxDistance !== d.maxDistance.default) o.maxDistance = c.maxDistance;
  if (c.damping !== d.damping.default) o.damping = c.damping;
  if (c.rotateSpeed !== d.rotateSpeed.default) o.rotateSpeed = c.rotateSpeed;
  if (c.zoomSpeed !== d.zoomSpeed.default) o.zoomSpeed = c.zoomSpeed;
  if (c.autoRotateSpeed !== d.autoRotateSpeed.default) o.autoRotateSpeed = c.autoRotateSpeed;
  return o;
}

/** The user's camera tuning over the interactive views (engine units; see cameraOverrides). */
export interface CameraSettingsOverride {
  fovDeg?: number;
  near?: number;
  /** Raised by the engine to what the view needs to draw the far side of the globe. */
  far?: number;
  /** Closest approach above the globe's surface (scene units; the globe's radius is 200). */
  minAltitude?: number;
  maxDistance?: number;
  damping?: number;
  rotateSpeed?: number;
  zoomSpeed?: number;
  autoRotateSpeed?: number;
  /** false: no view auto-rotates (the setting, or reduced motion). */
  autoRotate?: boolean;
  /** Reduced motion: fly-to animations jump instead. */
  instantFly?: boolean;
}

/** The layer switches of the display settings (also applied on entering the main globe). */
export function displayLayerCommands(s: Settings): Command[] {
  const d = s.display;
  return [
    { type: 'setLayer', layer: 'grid', on: d.gridEnabled },
    { type: 'setLayer', layer: 'labels', on: d.labelsEnabled },
    { type: 'setLayer', layer: 'timezones', on: d.timezoneEnabled },
    { type: 'setLayer', layer: 'dayNight', on: d.dayNightEnabled },
    { type: 'setLayer', layer: 'solarSystem', on: d.solarSystemEnabled },
    { type: 'setLayer', layer: 'moon', on: d.moonEnabled },
    { type: 'setLayer', layer: 'markers', on: d.markersEnabled },
  ];
}

/** The commands that make the engine match these settings (sent on load, preview and save). */
export function settingsCommands(s: Settings, prefersReduced: boolean): Command[] {
  const d = s.display;
  const g = s.globe;
  const reduced = motionReduced(s, prefersReduced);
  const camera = cameraOverrides(s);
  if (!s.camera.autoRotate || reduced) camera.autoRotate = false;
  if (reduced) camera.instantFly = true;
  return [
    ...displayLayerCommands(s),
    { type: 'setTrueScale', on: d.realScaleMode },
    { type: 'setViewOption', option: 'debugCrosshair', on: d.debugMode },
    { type: 'setViewOption', option: 'keyShortcuts', on: d.keyShortcuts },
    {
      type: 'setGlobeSphere',
      on: d.globeSphereEnabled,
      style: d.globeSphereStyle,
      oceanScalePercent: g.oceanScale,
    },
    { type: 'setQuality', mode: d.qualityMode },
    { type: 'setMarkerSize', size: g.markerSize, scale: g.markerBaseSize },
    // Marker mode: 'individual' draws every marker; accumulated and adaptive group them.
    { type: 'setMarkerClustering', on: g.markerMode !== 'individual' },
    {
      type: 'setMarkerDisplay',
      display: {
        emojiOnly: g.emojiOnly,
        pulse: g.pulseEffect && !reduced && s.performance.enableAnimations,
        glow: g.glowEffect,
      },
    },
    { type: 'setCameraSettings', camera },
    ...extraCommands(s),
  ];
}

const TIME_FRAME_HOURS: Readonly<Record<Settings['network']['timeFrame'], number>> = {
  '1h': 1,
  '6h': 6,
  '12h': 12,
  '24h': 24,
  '7d': 168,
  '30d': 720,
};

/** Marker cap and time frame: sent only once the user moved them off their defaults, so the
 * engine's own choices (quality caps, the data source's window) stand until then. */
function extraCommands(s: Settings): Command[] {
  const p = SETTINGS_SCHEMA.performance;
  const filter: { maxMarkers?: number; hours?: number } = {};
  if (s.performance.maxMarkers !== p.maxMarkers.default)
    filter.maxMarkers = s.performance.maxMarkers;
  if (s.network.timeFrame !== SETTINGS_SCHEMA.network.timeFrame.default) {
    filter.hours = TIME_FRAME_HOURS[s.network.timeFrame];
  }
  return Object.keys(filter).length > 0 ? [{ type: 'setMarkerFilter', filter }] : [];
}
