/**
 * User preferences (spec application.md section 3: Preferences and Globe toggles), shared by the
 * client (local storage for guests) and the server (users.preferences for signed-in users).
 * The server validates PUT /api/preferences against these value lists and merges partial updates
 * into the stored object, so adding a field here means adding it to the server's JSON schema.
 */

export const THEMES = ['dark', 'light'] as const;
export type Theme = (typeof THEMES)[number];

export const QUALITY_PREFERENCES = ['auto', 'high', 'medium', 'low'] as const;
export type QualityPreference = (typeof QUALITY_PREFERENCES)[number];

export const PERFORMANCE_MODES = ['auto', 'quality', 'performance'] as const;
export type PerformanceMode = (typeof PERFORMANCE_MODES)[number];

/** The globe's layer switches a user can keep between sessions. */
export const GLOBE_TOGGLES = [
  'grid',
  'labels',
  'timezone',
  'clocks',
  'dayNight',
  'moon',
  'solarSystem',
  'markers',
] as const;
export type GlobeToggle = (typeof GLOBE_TOGGLES)[number];
export type GlobeToggles = Record<GlobeToggle, boolean>;

export interface Preferences {
  theme: Theme;
  quality: QualityPreference;
  crtEffect: boolean;
  soundEnabled: boolean;
  performanceMode: PerformanceMode;
  postProcessingEnabled: boolean;
  globe: GlobeToggles;
  /** Saved topics and regions (spec application.md section 5; alerts match them). */
  savedTopics: string[];
  savedRegions: string[];
  /** When each field was last written (ms since the epoch): the newer write wins per field. */
  updatedAt: Partial<Record<SyncedField, number>>;
}

/** Fields that carry a write time (every field but the timestamps themselves). */
export const SYNCED_FIELDS = [
  'theme',
  'quality',
  'crtEffect',
  'soundEnabled',
  'performanceMode',
  'postProcessingEnabled',
  'globe',
  'savedTopics',
  'savedRegions',
] as const;
export type SyncedField = (typeof SYNCED_FIELDS)[number];

/** Bounds of a saved list (the server refuses more). */
export const SAVED_LIST_MAX_ITEMS = 100;
export const SAVED_ITEM_MAX_LENGTH = 200;

/** A partial update as sent by PUT /api/preferences (globe toggles may be partial too). */
export type PreferencesUpdate = Partial<Omit<Preferences, 'globe'>> & {
  globe?: Partial<GlobeToggles>;
};

/**
 * Spec defaults: theme dark, quality auto, crtEffect true, soundEnabled true, performanceMode
 * auto. postProcessingEnabled has no spec default; true matches the client's 'auto' quality,
 * which turns effects off itself on weak devices. Globe toggles: spec globe.md display defaults
 * (gridEnabled, labelsEnabled, showClocks, moonEnabled, markersEnabled true; timezoneEnabled,
 * dayNightEnabled, solarSystemEnabled false).
 */
export const DEFAULT_PREFERENCES: Readonly<Preferences> = Object.freeze({
  theme: 'dark',
  quality: 'auto',
  crtEffect: true,
  soundEnabled: true,
  performanceMode: 'auto',
  postProcessingEnabled: true,
  globe: Object.freeze({
    grid: true,
    labels: true,
    timezone: false,
    clocks: true,
    dayNight: false,
    moon: true,
    solarSystem: false,
    markers: true,
  }),
  savedTopics: [],
  savedRegions: [],
  updatedAt: {},
});

/**
 * `base` with `update` applied; unknown or ill-typed fields in either are ignored, so a stored
 * object from an older version (or hand-edited JSON) still yields a complete, valid Preferences.
 */
export function mergePreferences(base: unknown, update: unknown): Preferences {
  const result: Preferences = {
    ...DEFAULT_PREFERENCES,
    globe: { ...DEFAULT_PREFERENCES.globe },
    savedTopics: [],
    savedRegions: [],
    updatedAt: {},
  };
  const baseTimes = isRecord(base) ? times(base['updatedAt']) : {};
  for (const raw of [base, update]) {
    if (!isRecord(raw)) continue;
    // Last write wins per field: a field the update stamps older than the stored one is skipped.
    const stamps = times(raw['updatedAt']);
    const source: Record<string, unknown> = {};
    for (const key of Object.keys(raw)) {
      const field = SYNCED_FIELDS.find((f) => f === key);
      if (field === undefined) continue;
      const at = stamps[field];
      const had = baseTimes[field];
      if (raw !== base && at !== undefined && had !== undefined && at < had) continue;
      source[field] = raw[field];
      if (at !== undefined) result.updatedAt[field] = at;
    }
    for (const list of ['savedTopics', 'savedRegions'] as const) {
      const v = source[list];
      if (Array.isArray(v)) result[list] = savedList(v);
    }
    const theme = pick(source['theme'], THEMES);
    if (theme !== undefined) result.theme = theme;
    const quality = pick(source['quality'], QUALITY_PREFERENCES);
    if (quality !== undefined) result.quality = quality;
    const mode = pick(source['performanceMode'], PERFORMANCE_MODES);
    if (mode !== undefined) result.performanceMode = mode;
    if (typeof source['crtEffect'] === 'boolean') result.crtEffect = source['crtEffect'];
    if (typeof source['soundEnabled'] === 'boolean') result.soundEnabled = source['soundEnabled'];
    if (typeof source['postProcessingEnabled'] === 'boolean') {
      result.postProcessingEnabled = source['postProcessingEnabled'];
    }
    const globe = source['globe'];
    if (isRecord(globe)) {
      for (const toggle of GLOBE_TOGGLES) {
        const value = globe[toggle];
        if (typeof value === 'boolean') result.globe[toggle] = value;
      }
    }
  }
  return result;
}

function times(v: unknown): Partial<Record<SyncedField, number>> {
  const out: Partial<Record<SyncedField, number>> = {};
  if (!isRecord(v)) return out;
  for (const f of SYNCED_FIELDS) {
    const t = Object.prototype.hasOwnProperty.call(v, f) ? v[f] : undefined;
    if (typeof t === 'number' && Number.isFinite(t) && t >= 0) out[f] = t;
  }
  return out;
}

/** A saved topic/region list: strings trimmed, empty ones dropped, bounded. */
export function savedList(v: readonly unknown[]): string[] {
  const out: string[] = [];
  for (const item of v) {
    if (typeof item !== 'string') continue;
    const t = item.trim().slice(0, SAVED_ITEM_MAX_LENGTH);
    if (t !== '') out.push(t);
    if (out.length >= SAVED_LIST_MAX_ITEMS) break;
  }
  return out;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function pick<T extends string>(value: unknown, allowed: readonly T[]): T | undefined {
  return allowed.find((candidate) => candidate === value);
}
