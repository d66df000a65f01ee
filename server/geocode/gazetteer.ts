/**
 * The in-memory gazetteer: the built file (buildGazetteer.ts) loaded into typed arrays plus name
 * indexes keyed by nameKey(). Built on first use when the file is missing or stale, so a clean
 * clone (tests, first server start) works without the postinstall step having run.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GAZETTEER_VERSION, writeGazetteer, type GazetteerFile } from './buildGazetteer';
import { DEMONYMS, EXACT_CASE_ALIASES } from './lexicon';
import { distanceKm, nameKey } from './text';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const DEFAULT_GAZETTEER_PATH = join(REPO_ROOT, 'var/gazetteer/gazetteer.json');

export interface CountryEntry {
  cc: string;
  name: string;
  lat: number;
  lon: number;
}

export interface Admin1Entry {
  cc: string;
  code: string;
  name: string;
  lat: number;
  lon: number;
  population: number;
}

export interface Gazetteer {
  countries: Map<string, CountryEntry>;
  admin1: Admin1Entry[];
  /** "CC.code" -> admin1 entry. */
  admin1ByCode: Map<string, Admin1Entry>;
  placeName: string[];
  placeCc: string;
  placeAdmin: string[];
  placeFeature: Uint8Array;
  placePopulation: Uint32Array;
  placeLat: Float32Array;
  placeLon: Float32Array;
  /**
   * nameKey -> place refs (index * 2 + 1 for a weak alternate name, index * 2 otherwise); a
   * single ref is stored bare (most names are unique), read it through placeRefs().
   */
  placeIndex: Map<string, number | number[]>;
  /** nameKey -> admin1 refs (index * 2 + 1 for a shortened alias, index * 2 for the name). */
  adminIndex: Map<string, number[]>;
  /** nameKey -> alpha-2, for names matched case-insensitively. */
  countryIndex: Map<string, string>;
  /** Exact spelling -> alpha-2 for aliases that are words in other cases ("US", "UK"). */
  exactCountry: Map<string, string>;
  /** nameKey -> alpha-2. */
  demonymIndex: Map<string, string>;
  /** Longest name in tokens, bounding span lookups. */
  maxNameTokens: number;
}

const NO_REFS: readonly number[] = [];

/** The place refs stored under a name key. */
export function placeRefs(g: Gazetteer, key: string): readonly number[] {
  const v = g.placeIndex.get(key);
  return v === undefined ? NO_REFS : typeof v === 'number' ? [v] : v;
}

function pushRef(map: Map<string, number | number[]>, key: string, value: number): void {
  const v = map.get(key);
  if (v === undefined) map.set(key, value);
  else if (typeof v === 'number') {
    if (v !== value) map.set(key, [v, value]);
  } else if (!v.includes(value)) v.push(value);
}

export function placeCountry(g: Gazetteer, i: number): string {
  return g.placeCc.slice(i * 2, i * 2 + 2);
}

function push<K>(map: Map<K, number[]>, key: K, value: number): void {
  const arr = map.get(key);
  if (arr === undefined) map.set(key, [value]);
  else if (!arr.includes(value)) arr.push(value);
}

/** Turns the file form into indexes. */
export function gazetteerFromFile(file: GazetteerFile): Gazetteer {
  const n = file.places.name.length;
  const placeIndex = new Map<string, number | number[]>();
  let maxNameTokens = 1;
  const noteTokens = (key: string): void => {
    let t = 1;
    for (let k = key.indexOf(' '); k >= 0; k = key.indexOf(' ', k + 1)) t++;
    if (t > maxNameTokens) maxNameTokens = t;
  };
  const keys = file.places.key;
  for (let i = 0; i < n; i++) {
    // Keys are precomputed at build time where folding changes more than case.
    const stored = keys[i];
    const key =
      stored !== undefined && stored !== '' ? stored : (file.places.name[i] ?? '').toLowerCase();
    pushRef(placeIndex, key, i * 2);
    noteTokens(key);
  }
  for (const [alias, i, curated] of file.aliases) {
    const key = nameKey(alias);
    pushRef(placeIndex, key, i * 2 + (curated === 1 ? 0 : 1));
    noteTokens(key);
  }
  const adminIndex = new Map<string, number[]>();
  const admin1: Admin1Entry[] = [];
  const admin1ByCode = new Map<string, Admin1Entry>();
  file.admin1.forEach((a, j) => {
    const entry = {
      cc: a.cc,
      code: a.code,
      name: a.name,
      lat: a.lat,
      lon: a.lon,
      population: a.population,
    };
    admin1.push(entry);
    admin1ByCode.set(`${a.cc}.${a.code}`, entry);
    [a.name, ...a.aliases].forEach((name, n) => {
      const key = nameKey(name);
      push(adminIndex, key, j * 2 + (n === 0 ? 0 : 1));
      noteTokens(key);
    });
  });
  const countries = new Map<string, CountryEntry>();
  const countryIndex = new Map<string, string>();
  const exactCountry = new Map<string, string>();
  for (const c of file.countries) {
    countries.set(c.cc, { cc: c.cc, name: c.name, lat: c.lat, lon: c.lon });
    for (const name of [c.name, ...c.aliases]) {
      if (EXACT_CASE_ALIASES.has(name) || /^\p{Lu}{2,3}$/u.test(name)) {
        exactCountry.set(name, c.cc);
        continue;
      }
      const key = nameKey(name);
      if (!countryIndex.has(key)) countryIndex.set(key, c.cc);
      noteTokens(key);
    }
  }
  const demonymIndex = new Map<string, string>();
  for (const [word, cc] of Object.entries(DEMONYMS)) demonymIndex.set(nameKey(word), cc);

  return {
    countries,
    admin1,
    admin1ByCode,
    placeName: file.places.name,
    placeCc: file.places.cc,
    placeAdmin: file.places.admin,
    placeFeature: Uint8Array.from(file.places.feature),
    placePopulation: Uint32Array.from(file.places.population),
    placeLat: scaled(file.places.lat),
    placeLon: scaled(file.places.lon),
    placeIndex,
    adminIndex,
    countryIndex,
    exactCountry,
    demonymIndex,
    maxNameTokens: Math.min(maxNameTokens, 6),
  };
}

function scaled(values: readonly number[]): Float32Array {
  const out = new Float32Array(values.length);
  for (let i = 0; i < values.length; i++) out[i] = (values[i] ?? 0) / 1e4;
  return out;
}

function readFile(path: string): GazetteerFile | null {
  if (!existsSync(path)) return null;
  try {
    const file = JSON.parse(readFileSync(path, 'utf8')) as GazetteerFile;
    return file.version === GAZETTEER_VERSION ? file : null;
  } catch {
    return null;
  }
}

/**
 * Loads the gazetteer, building the file first when it is missing, unreadable or from an older
 * layout (lazy path for clean clones; the postinstall script normally built it already).
 */
export function loadGazetteer(path: string = DEFAULT_GAZETTEER_PATH): Gazetteer {
  let file = readFile(path);
  if (file === null) {
    writeGazetteer(REPO_ROOT, path);
    file = readFile(path);
    if (file === null) throw new Error(`gazetteer build did not produce a readable ${path}`);
  }
  return gazetteerFromFile(file);
}

/** A 1-degree grid over places for nearest-place lookups (feed coordinates); built on demand. */
export class PlaceGrid {
  private readonly cells = new Map<number, number[]>();

  constructor(private readonly g: Gazetteer) {
    const n = g.placeName.length;
    for (let i = 0; i < n; i++) {
      const key = PlaceGrid.cell(g.placeLat[i] ?? 0, g.placeLon[i] ?? 0);
      const arr = this.cells.get(key);
      if (arr === undefined) this.cells.set(key, [i]);
      else arr.push(i);
    }
  }

  private static cell(lat: number, lon: number): number {
    return (Math.floor(lat) + 90) * 400 + (Math.floor(lon) + 180);
  }

  /** Nearest place within maxKm (searching rings of cells outward), or null. */
  nearest(lat: number, lon: number, maxKm: number): { index: number; km: number } | null {
    let best = -1;
    let bestKm = Infinity;
    const latCell = Math.floor(lat);
    const lonCell = Math.floor(lon);
    const cosLat = Math.max(0.05, Math.cos((lat * Math.PI) / 180));
    const maxRing = Math.min(180, Math.ceil(maxKm / 111 / cosLat) + 1);
    for (let ring = 0; ring <= maxRing; ring++) {
      for (let dy = -ring; dy <= ring; dy++) {
        for (let dx = -ring; dx <= ring; dx++) {
          if (Math.max(Math.abs(dx), Math.abs(dy)) !== ring) continue;
          const cy = latCell + dy;
          if (cy < -90 || cy > 89) continue;
          const cx = ((((lonCell + dx + 180) % 360) + 360) % 360) - 180;
          for (const i of this.cells.get(PlaceGrid.cell(cy, cx)) ?? []) {
            const km = distanceKm(lat, lon, this.g.placeLat[i] ?? 0, this.g.placeLon[i] ?? 0);
            if (km < bestKm || (km === bestKm && i < best)) {
              bestKm = km;
              best = i;
            }
          }
        }
      }
      // Cells in the next ring are at least `ring` degrees of latitude away.
      if (best >= 0 && bestKm < ring * 111 * cosLat) break;
    }
    return best >= 0 && bestKm <= maxKm ? { index: best, km: bestKm } : null;
  }
}
