/**
 * Pure pieces of the spatial workspace: the globe switcher's list (every variant route of
 * ui/routes.ts), the LIVE DATA tabs' filters, the user's recent places (localStorage, starting
 * from the spec's Paris, Sydney, Tokyo) and the user's vocabulary (key terms saved from articles).
 */
import type { NormalizedArticle } from '../../data/articleNormalizer';
import { ROUTES, type RouteDef } from '../routes';

export type VariantStatus = NonNullable<RouteDef['variant']>['status'];
export type SwitcherFilter = 'all' | VariantStatus;
export const SWITCHER_FILTERS: readonly SwitcherFilter[] = [
  'all',
  'active',
  'optimized',
  'test',
  'experimental',
  'specialized',
];

export interface SwitcherEntry {
  path: string;
  title: string;
  status: VariantStatus;
  /** Spec: /spatial is 'main production'. */
  note: string | null;
}

/** Every globe variant route, in the route table's order, /spatial first. */
export function switcherEntries(filter: SwitcherFilter): SwitcherEntry[] {
  const all: SwitcherEntry[] = [];
  for (const r of ROUTES) {
    if (r.variant === undefined) continue;
    all.push({
      path: r.path,
      title: r.title,
      status: r.variant.status,
      note: r.path === '/spatial' ? 'main production' : null,
    });
  }
  all.sort((a, b) => Number(b.path === '/spatial') - Number(a.path === '/spatial'));
  return filter === 'all' ? all : all.filter((e) => e.status === filter);
}

export type LiveTab = 'news' | 'weather' | 'transit' | 'events';
/** Spec: news shows all; weather and events filter by category containing weather or event;
 * transit has no specific filter. */
export function tabFilter(tab: LiveTab, a: NormalizedArticle): boolean {
  if (tab === 'weather') return a.categories.some((c) => c.toLowerCase().includes('weather'));
  if (tab === 'events') return a.categories.some((c) => c.toLowerCase().includes('event'));
  return true;
}

export interface Place {
  name: string;
  country: string;
  lat: number;
  lon: number;
}

export const DEFAULT_RECENT_PLACES: readonly Place[] = [
  { name: 'Paris', country: 'France', lat: 48.8566, lon: 2.3522 },
  { name: 'Sydney', country: 'Australia', lat: -33.8688, lon: 151.2093 },
  { name: 'Tokyo', country: 'Japan', lat: 35.6762, lon: 139.6503 },
];
export const RECENT_PLACES_KEY = 'atlas.recentPlaces';
export const MAX_RECENT_PLACES = 5;

interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

function isPlace(v: unknown): v is Place {
  if (typeof v !== 'object' || v === null) return false;
  const p = v as Record<string, unknown>;
  return (
    typeof p['name'] === 'string' &&
    typeof p['country'] === 'string' &&
    typeof p['lat'] === 'number' &&
    typeof p['lon'] === 'number' &&
    Math.abs(p['lat']) <= 90 &&
    Math.abs(p['lon']) <= 180
  );
}

/** The stored list, or the spec's three when nothing (valid) is stored. */
export function readRecentPlaces(storage: StorageLike | null): Place[] {
  try {
    const raw = storage?.getItem(RECENT_PLACES_KEY);
    if (raw !== null && raw !== undefined) {
      const list = (JSON.parse(raw) as unknown[]).filter(isPlace);
      if (list.length > 0) return list.slice(0, MAX_RECENT_PLACES);
    }
  } catch {
    // Corrupt: fall back to the defaults.
  }
  return [...DEFAULT_RECENT_PLACES];
}

/** Puts `place` first (once), keeps MAX_RECENT_PLACES, stores and returns the list. */
export function rememberPlace(storage: StorageLike | null, place: Place): Place[] {
  const same = (p: Place): boolean => p.name === place.name && p.country === place.country;
  const list = [place, ...readRecentPlaces(storage).filter((p) => !same(p))].slice(
    0,
    MAX_RECENT_PLACES,
  );
  try {
    storage?.setItem(RECENT_PLACES_KEY, JSON.stringify(list));
  } catch {
    // Storage full or blocked: the list still shows for this page.
  }
  return list;
}

export const VOCABULARY_KEY = 'atlas.vocabulary';
export function readVocabulary(storage: StorageLike | null): string[] {
  try {
    const raw = storage?.getItem(VOCABULARY_KEY);
    const list = raw === null || raw === undefined ? [] : (JSON.parse(raw) as unknown[]);
    return list.filter((v): v is string => typeof v === 'string');
  } catch {
    return [];
  }
}
/** Adds terms (case-insensitively new ones), stores and returns the list. */
export function addVocabulary(storage: StorageLike | null, terms: readonly string[]): string[] {
  const list = readVocabulary(storage);
  const seen = new Set(list.map((t) => t.toLowerCase()));
  for (const t of terms) {
    const v = t.trim();
    if (v !== '' && !seen.has(v.toLowerCase())) {
      seen.add(v.toLowerCase());
      list.push(v);
    }
  }
  try {
    storage?.setItem(VOCABULARY_KEY, JSON.stringify(list));
  } catch {
    // Blocked storage: nothing kept.
  }
  return list;
}

export function safeStorage(): StorageLike | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
