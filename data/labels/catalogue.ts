/**
 * The label catalogue: every nameable place as flat typed arrays (what the label system scans
 * each frame), in placement groups sorted by importance within a group, so a scan can stop as
 * soon as a group's caps are reached. Built once when the gazetteer arrives.
 *
 * Groups: continents, then ONE group of places - countries, capitals, cities, states, regions and
 * towns - ordered by their importance score (data/labels/importance.ts: population, capital,
 * admin seat), so a big city comes before a small neighbour's name, a micro-state's capital or a
 * département; then oceans and seas, lakes and rivers.
 */
import { latLonToXyzInto } from '../geoMath';
import type { CombinedLabels, GazetteerLabel } from './gazetteer';
import { importance, reach } from './importance';
import { LABEL_KINDS, LABEL_RULES, type LabelKind } from './labelRules';
import { WATER_NAMES, type WaterName } from './waterNames';

export interface LabelCatalogue {
  size: number;
  /** Index into LABEL_KINDS per label: how it looks and what automation reports. */
  kind: Uint8Array;
  /** Index into LABEL_KINDS of the group it is placed with (its order among groups): the kind
   * itself, except the places (PLACE_KINDS), which all form the 'country' group
   * (PLACES_GROUP). */
  group: Uint8Array;
  /** Unit vector of the label's place (x, y, z per label; scene axes, data/geoMath.ts). */
  dir: Float32Array;
  /** Importance score (or the water names' rank) for the order within a group. */
  population: Float64Array;
  /** Farthest camera distance the label shows at: its kind's maximum, more for important
   * places (importance.ts reach). */
  reach: Float32Array;
  /** Text drawn. */
  name: string[];
  /** ISO 3166-1 alpha-2 of a country label ('' for the others): the selected country's name. */
  code: string[];
  /** Per group: the nearest and farthest camera distance any of its labels shows at. */
  groupMin: Float32Array;
  groupMax: Float32Array;
  /** Labels of group k are indices start[k] .. start[k + 1] - 1, most important first. */
  start: Int32Array;
}

/**
 * Countries whose listed cities and towns hold fewer people than this (Luxembourg, Monaco, San
 * Marino, Jersey...) show only from the capitals' distance (540) in, like a capital; their score
 * already ranks them after every big city.
 */
export const MINOR_COUNTRY_POP = 1_000_000;

/** Rank of the gazetteer's oceans among the water names (above every authored sea). */
export const OCEAN_RANK = 100;

/** Two places of the same name closer than this (degrees) are one place (city = capital). */
export const SAME_PLACE_DEG = 0.5;

/** Kinds placed together, by importance, in one group (PLACES_GROUP, where the countries were). */
export const PLACE_KINDS: readonly LabelKind[] = [
  'country',
  'capital',
  'city',
  'state',
  'region',
  'town',
];
export const PLACES_GROUP = LABEL_KINDS.indexOf('country');

/** Score of a region name (Amazon Basin, Sahara...: no population; a well-known big city's). */
export const REGION_SCORE = 2_000_000;

interface Entry {
  kind: number;
  group: number;
  lat: number;
  lon: number;
  population: number;
  reach: number;
  name: string;
  code: string;
}

const placeKey = (name: string, lat: number, lon: number): string =>
  `${name.toLowerCase()}|${Math.round(lat / SAME_PLACE_DEG)}|${Math.round(lon / SAME_PLACE_DEG)}`;

/**
 * Builds the catalogue. Capitals are labelled by `capital_name`; a city or town that is also a
 * capital (same name within SAME_PLACE_DEG) is left to the capital, and a town that is also a city
 * to the city, so one place never gets two labels.
 */
export function buildCatalogue(
  labels: CombinedLabels,
  water: readonly WaterName[] = WATER_NAMES,
): LabelCatalogue {
  const entries: Entry[] = [];
  const taken = new Set<string>();
  const add = (
    kind: LabelKind,
    list: readonly GazetteerLabel[],
    dedupe: boolean,
    weight: (l: GazetteerLabel) => number = (l) => l.population ?? 0,
  ): void => {
    for (const l of list) {
      const k = LABEL_KINDS.indexOf(kind === 'continent' && l.type === 'ocean' ? 'ocean' : kind);
      const name =
        kind === 'capital' ? ((l as { capital_name?: string }).capital_name ?? l.name) : l.name;
      const { lat, lon } = l.coordinates;
      if (dedupe) {
        const key = placeKey(name, lat, lon);
        if (taken.has(key)) continue;
        taken.add(key);
      }
      const people = weight(l);
      const minor = kind === 'country' && people < MINOR_COUNTRY_POP;
      const place = PLACE_KINDS.includes(kind);
      const group = place ? PLACES_GROUP : k;
      const score = place
        ? importance({
            kind,
            population: people,
            capital: l.capital === true,
            adminSeat: l.adminSeat === true,
          })
        : people;
      const max = LABEL_RULES[LABEL_KINDS[k] as LabelKind].maxDistance;
      const far = minor ? LABEL_RULES.capital.maxDistance : place ? reach(max, score) : max;
      const code = kind === 'country' ? (l.country ?? '') : '';
      entries.push({ kind: k, group, lat, lon, population: score, reach: far, name, code });
    }
  };
  // Countries and states have no population in the gazetteer: they rank by the people in their
  // listed cities and towns (a fair proxy for how well known they are).
  const byCountry = new Map<string, number>();
  const byState = new Map<string, number>();
  for (const l of [...labels.cities, ...labels.towns]) {
    const pop = l.population ?? 0;
    if (l.country === undefined) continue;
    byCountry.set(l.country, (byCountry.get(l.country) ?? 0) + pop);
    if (l.state !== undefined) {
      const key = `${l.country}|${l.state}`;
      byState.set(key, (byState.get(key) ?? 0) + pop);
    }
  }
  add('continent', labels.continents, false, () => OCEAN_RANK);
  add('country', labels.countries, false, (l) => byCountry.get(l.country ?? '') ?? 0);
  add('capital', labels.capitals, true);
  add('state', labels.states, false, (l) => byState.get(`${l.country ?? ''}|${l.name}`) ?? 0);
  add('region', labels.regions, false, () => REGION_SCORE);
  add('city', labels.cities, true);
  add('town', labels.towns, true);
  for (const w of water) {
    entries.push({
      kind: LABEL_KINDS.indexOf(w.kind),
      group: LABEL_KINDS.indexOf(w.kind),
      lat: w.lat,
      lon: w.lon,
      population: w.rank,
      reach: LABEL_RULES[w.kind].maxDistance,
      name: w.name,
      code: '',
    });
  }
  // Stable: equal populations keep the files' order (already most populous first).
  entries.sort((a, b) => a.group - b.group || b.population - a.population);
  const n = entries.length;
  const cat: LabelCatalogue = {
    size: n,
    kind: new Uint8Array(n),
    group: new Uint8Array(n),
    dir: new Float32Array(n * 3),
    population: new Float64Array(n),
    reach: new Float32Array(n),
    name: new Array<string>(n),
    code: new Array<string>(n),
    groupMin: new Float32Array(LABEL_KINDS.length).fill(Infinity),
    groupMax: new Float32Array(LABEL_KINDS.length).fill(-Infinity),
    start: new Int32Array(LABEL_KINDS.length + 1),
  };
  const counts = new Int32Array(LABEL_KINDS.length);
  entries.forEach((e, i) => {
    cat.kind[i] = e.kind;
    cat.group[i] = e.group;
    latLonToXyzInto(e.lat, e.lon, 1, cat.dir, i * 3);
    cat.population[i] = e.population;
    cat.reach[i] = e.reach;
    cat.code[i] = e.code;
    const min = LABEL_RULES[LABEL_KINDS[e.kind] as LabelKind].minDistance;
    cat.groupMin[e.group] = Math.min(cat.groupMin[e.group] as number, min);
    cat.groupMax[e.group] = Math.max(cat.groupMax[e.group] as number, e.reach);
    cat.name[i] = e.name;
    counts[e.group] = (counts[e.group] as number) + 1;
  });
  for (let k = 0; k < LABEL_KINDS.length; k++) {
    cat.start[k + 1] = (cat.start[k] as number) + (counts[k] as number);
  }
  return cat;
}
