/**
 * City points for the `cities` and `cityLights` layers, from the gazetteer (public/data/gazetteer
 * cities.json + capitals.json). Pure: no Babylon, so it is unit-tested directly.
 */

/** Spec globe.md section 9: "City scale 3 if population over 1,000,000, else 2". */
export const CITY_SCALE_LARGE = 3;
export const CITY_SCALE_SMALL = 2;
export const CITY_LARGE_POPULATION = 1_000_000;

export interface CityPoint {
  name: string;
  lat: number;
  lon: number;
  population: number;
  /** Spec scale: 3 above a million people, else 2. */
  scale: number;
}

function num(v: unknown): number | null {
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

/** One gazetteer entry -> a city, or null (spec: entries without numeric coordinates or a string
 * name are skipped). Accepts `coordinates {lat, lon}` or top-level `lat`/`lon`. */
export function toCity(entry: unknown): CityPoint | null {
  if (typeof entry !== 'object' || entry === null) return null;
  const e = entry as Record<string, unknown>;
  const name = typeof e['name'] === 'string' ? e['name'] : e['capital_name'];
  if (typeof name !== 'string' || name === '') return null;
  const c =
    typeof e['coordinates'] === 'object' && e['coordinates'] !== null
      ? (e['coordinates'] as Record<string, unknown>)
      : e;
  const lat = num(c['lat']);
  const lon = num(c['lon'] ?? c['lng']);
  if (lat === null || lon === null || Math.abs(lat) > 90 || Math.abs(lon) > 180) return null;
  const population = num(e['population']) ?? 0;
  return {
    name,
    lat,
    lon,
    population,
    scale: population > CITY_LARGE_POPULATION ? CITY_SCALE_LARGE : CITY_SCALE_SMALL,
  };
}

/** Cities and capitals merged, capitals already in the city list (same name within ~0.1 deg)
 * dropped, largest first. */
export function mergeCities(cities: unknown, capitals: unknown): CityPoint[] {
  const out: CityPoint[] = [];
  const seen = new Set<string>();
  const key = (c: CityPoint): string =>
    `${c.name}|${Math.round(c.lat * 10)}|${Math.round(c.lon * 10)}`;
  for (const list of [cities, capitals]) {
    if (!Array.isArray(list)) continue;
    for (const entry of list) {
      const c = toCity(entry);
      if (c === null || seen.has(key(c))) continue;
      seen.add(key(c));
      out.push(c);
    }
  }
  out.sort((a, b) => b.population - a.population);
  return out;
}

/** Night-light weight 0..1 from the population: log-scaled between 10 thousand and 20 million. */
export function lightWeight(population: number): number {
  const w = (Math.log10(Math.max(population, 1)) - 4) / (Math.log10(2e7) - 4);
  return Math.max(0.05, Math.min(1, w));
}
