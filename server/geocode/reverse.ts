/**
 * Offline reverse geocoding over the GeoNames gazetteer (spec application.md section 7 'Reverse
 * geocode' reads city/town/village, state/province and country from a public geocoder; ATLAS
 * answers from its own data instead, so no coordinate ever leaves the server).
 *
 * The answer is the nearest gazetteer place (cities1000: every place of 1,000+ people) within
 * `maxKm`, with its admin-1 region and country. A tiny place right under the point loses to a
 * much larger one close by: within 1.5x the nearest distance plus 10 km, the most populous place
 * wins - a point in a suburb names the city, as a reader expects ("Paris", not a 1,200-person
 * commune 2 km closer).
 */
import { loadGazetteer, PlaceGrid, placeCountry, type Gazetteer } from './gazetteer';
import { distanceKm } from './text';

export interface ReversePlace {
  /** The place's name (city, town or village). */
  name: string;
  /** First-level region (state, province), or null when unknown. */
  admin1: string | null;
  country: string;
  /** ISO 3166-1 alpha-2. */
  countryCode: string;
  lat: number;
  lon: number;
  population: number;
  /** Distance from the asked point to the place, km (1 decimal). */
  distanceKm: number;
}

export const REVERSE_DEFAULT_MAX_KM = 200;
/** A bigger place wins when it is within this factor of the nearest distance (plus the slack). */
const PREFER_FACTOR = 1.5;
const PREFER_SLACK_KM = 10;
/** ... and at least this many times more populous. */
const PREFER_POPULATION_RATIO = 5;

let shared: Gazetteer | null = null;

/** The process-wide gazetteer (loaded once; the pipeline's geocoder shares it). */
export function sharedGazetteer(): Gazetteer {
  shared ??= loadGazetteer();
  return shared;
}

export interface ReverseGeocoder {
  reverse(lat: number, lon: number, maxKm?: number): ReversePlace | null;
}

export function createReverseGeocoder(g: Gazetteer): ReverseGeocoder {
  const grid = new PlaceGrid(g);
  const n = g.placeName.length;
  return {
    reverse(lat, lon, maxKm = REVERSE_DEFAULT_MAX_KM) {
      const hit = grid.nearest(lat, lon, maxKm);
      if (hit === null) return null;
      // Larger places a little farther away: scan the few cells around the nearest distance.
      const reach = Math.min(maxKm, hit.km * PREFER_FACTOR + PREFER_SLACK_KM);
      let best = hit.index;
      let bestKm = hit.km;
      const cosLat = Math.max(0.05, Math.cos((lat * Math.PI) / 180));
      const dLat = reach / 111;
      const dLon = reach / (111 * cosLat);
      for (let i = 0; i < n; i++) {
        const plat = g.placeLat[i] ?? 0;
        if (Math.abs(plat - lat) > dLat) continue;
        const plon = g.placeLon[i] ?? 0;
        let dl = Math.abs(plon - lon);
        if (dl > 180) dl = 360 - dl;
        if (dl > dLon) continue;
        const km = distanceKm(lat, lon, plat, plon);
        if (km > reach) continue;
        const pop = g.placePopulation[i] ?? 0;
        const bestPop = g.placePopulation[best] ?? 0;
        if (pop >= bestPop * PREFER_POPULATION_RATIO && pop > bestPop) {
          best = i;
          bestKm = km;
        }
      }
      const cc = placeCountry(g, best);
      const adminCode = g.placeAdmin[best] ?? '';
      const admin = adminCode === '' ? undefined : g.admin1ByCode.get(`${cc}.${adminCode}`);
      return {
        name: g.placeName[best] ?? '',
        admin1: admin?.name ?? null,
        country: g.countries.get(cc)?.name ?? cc,
        countryCode: cc,
        lat: Math.round((g.placeLat[best] ?? 0) * 1e4) / 1e4,
        lon: Math.round((g.placeLon[best] ?? 0) * 1e4) / 1e4,
        population: g.placePopulation[best] ?? 0,
        distanceKm: Math.round(bestKm * 10) / 10,
      };
    },
  };
}
