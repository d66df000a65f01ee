/**
 * The user's preferences (spec application.md section 3 'Preferences', section 6 'Preferences
 * sync'): kept locally for everyone (localStorage `preferences`, plus `performanceMode`,
 * `postProcessingEnabled`, `atlas_saved_topics` and `atlas_saved_regions` as the spec names them)
 * and, when signed in, synced with the account through PUT /api/preferences: every change is sent
 * with its write time, and on sign-in the locally changed fields are sent with theirs, so the
 * server keeps the newer write per field (data/preferences.ts mergePreferences) and both sides
 * adopt its answer. Guests stay local.
 */
import { effect, signal } from '@preact/signals-core';
import {
  DEFAULT_PREFERENCES,
  mergePreferences,
  savedList,
  type Preferences,
  type PreferencesUpdate,
  type SyncedField,
} from '../../data/preferences';
import { api, auth } from '../auth/authState';

export const PREFERENCES_KEY = 'preferences';
export const SAVED_TOPICS_KEY = 'atlas_saved_topics';
export const SAVED_REGIONS_KEY = 'atlas_saved_regions';

function read(key: string): unknown {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? undefined : (JSON.parse(raw) as unknown);
  } catch {
    return undefined;
  }
}

function write(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage denied or full: the page keeps the value in memory.
  }
}

function loadLocal(): Preferences {
  const p = mergePreferences(read(PREFERENCES_KEY), undefined);
  const topics = read(SAVED_TOPICS_KEY);
  const regions = read(SAVED_REGIONS_KEY);
  if (Array.isArray(topics)) p.savedTopics = savedList(topics);
  if (Array.isArray(regions)) p.savedRegions = savedList(regions);
  return p;
}

function storeLocal(p: Preferences): void {
  write(PREFERENCES_KEY, p);
  write('performanceMode', p.performanceMode);
  write('postProcessingEnabled', p.postProcessingEnabled);
  write(SAVED_TOPICS_KEY, p.savedTopics);
  write(SAVED_REGIONS_KEY, p.savedRegions);
}

/** The preferences in force (local, or the account's once synced). */
export const preferences = signal<Preferences>(loadLocal());
/** 'local' (guest), 'syncing', 'synced' or 'error' (the last sync failed; kept locally). */
export const syncStatus = signal<'local' | 'syncing' | 'synced' | 'error'>('local');

function signedIn(): boolean {
  return auth.isAuthenticated.peek();
}

async function push(update: PreferencesUpdate): Promise<void> {
  syncStatus.value = 'syncing';
  try {
    const merged = await api.putPreferences(update);
    preferences.value = merged;
    storeLocal(merged);
    syncStatus.value = 'synced';
  } catch {
    syncStatus.value = 'error';
  }
}

/** Changes one field now (stamped), locally and on the account when signed in. */
export function setPreference<K extends SyncedField>(field: K, value: Preferences[K]): void {
  const now = Date.now();
  const next: Preferences = {
    ...preferences.peek(),
    [field]: value,
    updatedAt: { ...preferences.peek().updatedAt, [field]: now },
  };
  const clean = mergePreferences(next, undefined);
  preferences.value = clean;
  storeLocal(clean);
  if (signedIn()) {
    void push({ [field]: clean[field], updatedAt: { [field]: now } });
  }
}

/** The locally changed (stamped) fields, for the sign-in merge. */
function stampedUpdate(p: Preferences): PreferencesUpdate {
  const update: Record<string, unknown> = {};
  const times: Partial<Record<SyncedField, number>> = {};
  for (const [field, at] of Object.entries(p.updatedAt) as [SyncedField, number][]) {
    update[field] = p[field];
    times[field] = at;
  }
  if (Object.keys(times).length > 0) update['updatedAt'] = times;
  return update;
}

let started = false;

/** Syncs on sign-in (and on load when already signed in); back to local-only on sign-out. */
export function startPreferencesSync(): void {
  if (started) return;
  started = true;
  let lastUser: string | null = null;
  effect(() => {
    const u = auth.user.value;
    const id = auth.isAuthenticated.value && u !== null ? u.id : null;
    if (id === lastUser) return;
    const previous = lastUser;
    lastUser = id;
    if (id === null) {
      syncStatus.value = 'local';
      // Signing out leaves the account's preferences with the account.
      if (previous !== null) {
        const fresh = { ...DEFAULT_PREFERENCES, globe: { ...DEFAULT_PREFERENCES.globe } };
        preferences.value = mergePreferences(fresh, undefined);
        storeLocal(preferences.value);
      }
      return;
    }
    void push(stampedUpdate(preferences.peek()));
  });
}
