/**
 * The combined-labels document (spec application.md section 7: GET
 * /api/gazetteer/combined/labels): continents, countries (with `capital_name`), capitals, states,
 * regions, cities and towns, each with a name and `coordinates.lat/lon`. Built by the server from
 * the same committed files as the static /data/gazetteer/*.json, and read by the client's label
 * loader. Pure code: the server and the browser share the skip rules below.
 *
 * Skip rules (an entry is left out, never "repaired"):
 * - not an object, or `name` not a string, or empty/blank after trimming, or over
 *   MAX_NAME_LENGTH characters (a label that long is a data error, not a place name);
 * - `coordinates` missing, or lat/lon not finite numbers, or lat outside -90..90, or lon outside
 *   -180..180;
 * - an exact repeat (same name and coordinates) of an entry already kept in the same list.
 * Names are trimmed; optional fields of the wrong type are dropped rather than the entry.
 */

/** Longest accepted place name (the longest in the committed data is well under 60). */
export const MAX_NAME_LENGTH = 80;

export interface LabelCoordinates {
  lat: number;
  lon: number;
}

export interface GazetteerLabel {
  name: string;
  coordinates: LabelCoordinates;
  /** People living there (cities, towns, capitals); used for label priority. */
  population?: number;
  /** ISO 3166-1 alpha-2 code of the country the place is in (or of the country itself). */
  country?: string;
  /** Cities and towns: the name of their state or province. */
  state?: string;
  /** Continents list: 'continent' or 'ocean' (the file lists the five oceans too). */
  type?: string;
  /** Cities and towns: a national capital (`capital`) or the seat of its state (`admin_seat`):
   * both raise the label's importance (data/labels/importance.ts). */
  capital?: boolean;
  adminSeat?: boolean;
}

export interface CountryLabel extends GazetteerLabel {
  /** Name of the capital city; null for the few territories without one. */
  capital_name: string | null;
}

export interface CapitalLabel extends GazetteerLabel {
  capital_name: string;
}

export interface CombinedLabels {
  continents: GazetteerLabel[];
  countries: CountryLabel[];
  capitals: CapitalLabel[];
  states: GazetteerLabel[];
  regions: GazetteerLabel[];
  cities: GazetteerLabel[];
  towns: GazetteerLabel[];
}

/** The lists of the document, in the order of the static files they come from. */
export const LABEL_LISTS = [
  'continents',
  'countries',
  'capitals',
  'states',
  'regions',
  'cities',
  'towns',
] as const;
export type LabelList = (typeof LABEL_LISTS)[number];

export function emptyCombinedLabels(): CombinedLabels {
  return {
    continents: [],
    countries: [],
    capitals: [],
    states: [],
    regions: [],
    cities: [],
    towns: [],
  };
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The trimmed name, or null when the entry must be skipped for its name. */
export function validName(v: unknown): string | null {
  if (typeof v !== 'string') return null;
  const name = v.trim();
  return name.length === 0 || name.length > MAX_NAME_LENGTH ? null : name;
}

/** The coordinates, or null when missing, non-numeric or out of range. */
export function validCoordinates(v: unknown): LabelCoordinates | null {
  if (!isRecord(v)) return null;
  const { lat, lon } = v;
  if (typeof lat !== 'number' || typeof lon !== 'number') return null;
  if (!Number.isFinite(lat) || !Number.isFinite(lon)) return null;
  if (lat < -90 || lat > 90 || lon < -180 || lon > 180) return null;
  return { lat, lon };
}

/** One entry reduced to the document's fields, or null when a skip rule applies. */
export function toLabel(list: LabelList, raw: unknown): GazetteerLabel | null {
  if (!isRecord(raw)) return null;
  const name = validName(raw['name']);
  const coordinates = validCoordinates(raw['coordinates']);
  if (name === null || coordinates === null) return null;
  const out: GazetteerLabel = { name, coordinates };
  const population = raw['population'];
  if (typeof population === 'number' && Number.isFinite(population) && population >= 0) {
    out.population = population;
  }
  const country = list === 'countries' ? (raw['iso2'] ?? raw['country']) : raw['country'];
  if (typeof country === 'string' && country.length > 0) out.country = country;
  const state = raw['state'];
  if ((list === 'cities' || list === 'towns') && typeof state === 'string' && state.length > 0) {
    out.state = state;
  }
  if (list === 'cities' || list === 'towns') {
    if (raw['capital'] === true) out.capital = true;
    if (raw['admin_seat'] === true) out.adminSeat = true;
  }
  const type = raw['type'];
  if (list === 'continents' && typeof type === 'string' && type.length > 0) out.type = type;
  if (list === 'countries') {
    const capital = validName(raw['capital_name']);
    (out as CountryLabel).capital_name = capital;
  } else if (list === 'capitals') {
    // A capital's label is its capital_name; fall back to the entry's name.
    (out as CapitalLabel).capital_name = validName(raw['capital_name']) ?? name;
  }
  return out;
}

/** Keeps the valid entries of one static file's array (anything else counts as empty). */
export function buildLabelList(list: LabelList, raw: unknown): GazetteerLabel[] {
  if (!Array.isArray(raw)) return [];
  const out: GazetteerLabel[] = [];
  const seen = new Set<string>();
  for (const entry of raw) {
    const label = toLabel(list, entry);
    if (label === null) continue;
    const key = `${label.name}|${label.coordinates.lat}|${label.coordinates.lon}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(label);
  }
  return out;
}

/** The whole document from the parsed static files (a missing file counts as empty). */
export function buildCombinedLabels(files: Partial<Record<LabelList, unknown>>): CombinedLabels {
  const doc = emptyCombinedLabels();
  for (const list of LABEL_LISTS) {
    (doc[list] as GazetteerLabel[]) = buildLabelList(list, files[list]);
  }
  return doc;
}

/**
 * Reads a combined-labels document from untrusted JSON (the client's view of the endpoint):
 * every list goes through the same skip rules; a list that is missing or not an array is empty.
 */
export function parseCombinedLabels(json: unknown): CombinedLabels {
  if (!isRecord(json)) return emptyCombinedLabels();
  const files: Partial<Record<LabelList, unknown>> = {};
  for (const list of LABEL_LISTS) files[list] = json[list];
  return buildCombinedLabels(files);
}
