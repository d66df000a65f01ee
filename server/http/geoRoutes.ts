/**
 * The spec's static GeoJSON paths (application.md section 7, globe.md "calls"):
 *
 *   /geojson/{countries,states_provinces,rivers,cities,urban_areas,land}.json
 *   /data/geoJSON/{ne_50m_urban_areas,ne_50m_populated_places}.json, world_highways.geojson
 *
 * The globe itself loads the compact binary assets (public/geo/*.bin, data/geo/codec.ts); these
 * routes exist for anyone who calls the GeoJSON paths. Each document is generated on first
 * request from the binary assets and gazetteer files under `publicDir`, then kept in memory
 * (plain and gzip) with a strong ETag, so later requests cost a header compare. A failed build
 * (missing or corrupt file) answers 500 and is retried on the next request.
 *
 * /data/gazetteer/*.json are plain files in public/ and are served by the static file server.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Feature, FeatureCollection, Geometry, Position } from 'geojson';
import { decodeLineSet, decodeMesh } from '../../data/geo/codec';
import type { LineSet, MeshFeature, PolygonMesh } from '../../data/geo/codec';

export interface GeoRoutesOptions {
  /** Folder holding geo/*.bin and data/gazetteer/*.json (the project's public/). */
  publicDir: string;
}

/**
 * The data changes only with a deploy: an hour of browser caching, then an ETag revalidation
 * (a 304 without a body).
 */
const CACHE_CONTROL = 'public, max-age=3600';
/** Decimals kept in GeoJSON coordinates: 4 (11 m) is finer than the assets' 0.0055 deg grid. */
const COORD_DECIMALS = 4;
/** Documents smaller than this are not worth gzipping. */
const GZIP_MIN_BYTES = 1024;

type Properties = Record<string, string | number | boolean | null>;
type GeoFeature = Feature<Geometry, Properties>;

interface GazetteerEntry {
  name: string;
  coordinates: { lat: number; lon: number };
  country?: string;
  state?: string;
  population?: number;
  capital?: boolean;
  admin_seat?: boolean;
  iso_3166_2?: string;
  iso2?: string;
}

interface CachedDocument {
  body: Buffer;
  gzip: Buffer | null;
  etag: string;
}

const round = (v: number): number => {
  const f = 10 ** COORD_DECIMALS;
  const r = Math.round(v * f) / f;
  return r === 0 ? 0 : r;
};

function point(positions: Float32Array, vertex: number): Position {
  return [round(positions[2 * vertex] as number), round(positions[2 * vertex + 1] as number)];
}

/** A closed GeoJSON ring from a mesh ring range, or null when too few distinct points remain. */
function ringCoordinates(positions: Float32Array, start: number, count: number): Position[] | null {
  const ring: Position[] = [];
  for (let v = start; v < start + count; v++) {
    const p = point(positions, v);
    const last = ring[ring.length - 1];
    if (last === undefined || last[0] !== p[0] || last[1] !== p[1]) ring.push(p);
  }
  // Rounding may have merged the last point into the first; the ring is closed explicitly below.
  const first = ring[0];
  const last = ring[ring.length - 1];
  if (
    first !== undefined &&
    last !== undefined &&
    ring.length > 1 &&
    last[0] === first[0] &&
    last[1] === first[1]
  ) {
    ring.pop();
  }
  if (first === undefined || ring.length < 3) return null;
  ring.push([first[0] as number, first[1] as number]);
  return ring;
}

/** Polygon or MultiPolygon of a mesh feature's stored rings (already antimeridian-cut). */
function featureGeometry(mesh: PolygonMesh, feature: MeshFeature): Geometry | null {
  const polygons: Position[][][] = [];
  for (const polygon of feature.polygons) {
    const rings: Position[][] = [];
    for (const [i, range] of polygon.rings.entries()) {
      const ring = ringCoordinates(mesh.positions, range.start, range.count);
      if (ring === null) {
        if (i === 0) break;
        continue;
      }
      rings.push(ring);
    }
    if (rings.length > 0) polygons.push(rings);
  }
  if (polygons.length === 0) return null;
  return polygons.length === 1
    ? { type: 'Polygon', coordinates: polygons[0] as Position[][] }
    : { type: 'MultiPolygon', coordinates: polygons };
}

function lineCoordinates(lines: LineSet, line: number): Position[] | null {
  const coords: Position[] = [];
  for (let v = lines.starts[line] as number; v < (lines.starts[line + 1] as number); v++) {
    const p = point(lines.positions, v);
    const last = coords[coords.length - 1];
    if (last === undefined || last[0] !== p[0] || last[1] !== p[1]) coords.push(p);
  }
  return coords.length >= 2 ? coords : null;
}

function lineGeometry(lines: LineSet, first: number, count: number): Geometry | null {
  const parts: Position[][] = [];
  for (let l = first; l < first + count; l++) {
    const coords = lineCoordinates(lines, l);
    if (coords !== null) parts.push(coords);
  }
  if (parts.length === 0) return null;
  return parts.length === 1
    ? { type: 'LineString', coordinates: parts[0] as Position[] }
    : { type: 'MultiLineString', coordinates: parts };
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

function collection(features: GeoFeature[]): FeatureCollection<Geometry, Properties> {
  return { type: 'FeatureCollection', features };
}

/** Builders for each path, reading from `publicDir`. */
function documentBuilders(publicDir: string): Record<string, () => Promise<object>> {
  const geo = async (name: string): Promise<Buffer> =>
    readFile(path.join(publicDir, 'geo', `${name}.bin`));
  const gazetteer = async (name: string): Promise<GazetteerEntry[]> =>
    JSON.parse(
      await readFile(path.join(publicDir, 'data', 'gazetteer', `${name}.json`), 'utf8'),
    ) as GazetteerEntry[];

  const polygonsOf = async (
    asset: string,
    props: (f: MeshFeature) => Properties,
  ): Promise<object> => {
    const mesh = decodeMesh(await geo(asset));
    const features: GeoFeature[] = [];
    for (const f of mesh.features) {
      const geometry = featureGeometry(mesh, f);
      if (geometry !== null) features.push({ type: 'Feature', properties: props(f), geometry });
    }
    return collection(features);
  };

  const urbanAreas = (): Promise<object> =>
    polygonsOf('urban-50m', (f) => {
      const name = str(f.properties.name);
      return { NAME: name, name, featurecla: 'Urban area' };
    });

  const countryNames = async (): Promise<Map<string, string>> =>
    new Map(
      (await gazetteer('countries'))
        .filter((c) => str(c.iso2) !== '')
        .map((c): [string, string] => [str(c.iso2), c.name]),
    );

  return {
    '/geojson/countries.json': () =>
      polygonsOf('countries-50m', (f) => {
        const p = f.properties;
        const name = str(p.name);
        return {
          NAME: name,
          name,
          ISO_A2: str(p.iso2),
          ISO_A3: str(p.iso3),
          ISO_N3: str(p.isoN3),
          CONTINENT: str(p.continent),
          LABEL_X: num(p.labelLon),
          LABEL_Y: num(p.labelLat),
        };
      }),

    '/geojson/land.json': async () => {
      // One feature per polygon, as Natural Earth's land layer has.
      const mesh = decodeMesh(await geo('land-50m'));
      const features: GeoFeature[] = [];
      for (const f of mesh.features) {
        for (const polygon of f.polygons) {
          const geometry = featureGeometry(mesh, { ...f, polygons: [polygon] });
          if (geometry !== null) {
            features.push({ type: 'Feature', properties: { featurecla: 'Land' }, geometry });
          }
        }
      }
      return collection(features);
    },

    '/geojson/states_provinces.json': async () => {
      // Boundary lines between the states of each country (one feature per country), then one
      // point per state with its name at its label position.
      const lines = decodeLineSet(await geo('admin1-50m'));
      const features: GeoFeature[] = [];
      for (const f of lines.features) {
        const geometry = lineGeometry(lines, f.lineStart, f.lineCount);
        if (geometry === null) continue;
        features.push({
          type: 'Feature',
          properties: {
            kind: 'boundary',
            country: str(f.properties.country),
            country_name: str(f.properties.name),
          },
          geometry,
        });
      }
      for (const s of await gazetteer('states')) {
        features.push({
          type: 'Feature',
          properties: {
            kind: 'label',
            name: s.name,
            NAME: s.name,
            country: str(s.country),
            iso_3166_2: str(s.iso_3166_2),
          },
          geometry: { type: 'Point', coordinates: [s.coordinates.lon, s.coordinates.lat] },
        });
      }
      return collection(features);
    },

    '/geojson/rivers.json': async () => {
      const lines = decodeLineSet(await geo('rivers-50m'));
      const features: GeoFeature[] = [];
      const named = new Uint8Array(lines.starts.length);
      for (const f of lines.features) {
        for (let l = f.lineStart; l < f.lineStart + f.lineCount; l++) named[l] = 1;
        const geometry = lineGeometry(lines, f.lineStart, f.lineCount);
        const name = str(f.properties.name);
        if (geometry !== null) {
          features.push({ type: 'Feature', properties: { name, NAME: name }, geometry });
        }
      }
      for (let l = 0; l + 1 < lines.starts.length; l++) {
        if (named[l] === 1) continue;
        const geometry = lineGeometry(lines, l, 1);
        if (geometry !== null) {
          features.push({ type: 'Feature', properties: { name: null, NAME: null }, geometry });
        }
      }
      return collection(features);
    },

    '/geojson/cities.json': async () =>
      collection(
        (await gazetteer('cities')).map((c): GeoFeature => ({
          type: 'Feature',
          properties: {
            NAME: c.name,
            name: c.name,
            population: num(c.population),
            country: str(c.country),
            state: str(c.state),
            capital: c.capital === true,
          },
          geometry: { type: 'Point', coordinates: [c.coordinates.lon, c.coordinates.lat] },
        })),
      ),

    '/geojson/urban_areas.json': urbanAreas,
    '/data/geoJSON/ne_50m_urban_areas.json': urbanAreas,

    '/data/geoJSON/ne_50m_populated_places.json': async () => {
      const names = await countryNames();
      return collection(
        (await gazetteer('cities')).map((c): GeoFeature => {
          const country = str(c.country);
          return {
            type: 'Feature',
            properties: {
              NAME: c.name,
              name: c.name,
              FEATURECLA:
                c.capital === true
                  ? 'Admin-0 capital'
                  : c.admin_seat === true
                    ? 'Admin-1 capital'
                    : 'Populated place',
              ISO_A2: country,
              ADM0NAME: names.get(country) ?? '',
              ADM1NAME: str(c.state),
              POP_MAX: num(c.population),
              population: num(c.population),
              LATITUDE: c.coordinates.lat,
              LONGITUDE: c.coordinates.lon,
            },
            geometry: { type: 'Point', coordinates: [c.coordinates.lon, c.coordinates.lat] },
          };
        }),
      );
    },

    // Highways are an optional layer we have no data for: an empty, valid collection keeps the
    // client's layer code on its normal path instead of its error path.
    '/data/geoJSON/world_highways.geojson': () => Promise.resolve(collection([])),
  };
}

function etagMatches(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  return header
    .split(',')
    .map((t) => t.trim().replace(/^W\//, ''))
    .some((t) => t === etag || t === '*');
}

function acceptsGzip(request: FastifyRequest): boolean {
  const header = request.headers['accept-encoding'];
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  return value.split(',').some((token) => {
    const [coding = '', ...params] = token.trim().toLowerCase().split(';');
    if (coding.trim() !== 'gzip' && coding.trim() !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/** Registers the GeoJSON routes. Documents are built lazily, once, and kept in memory. */
export function registerGeoRoutes(app: FastifyInstance, opts: GeoRoutesOptions): Promise<void> {
  const builders = documentBuilders(opts.publicDir);
  const cache = new Map<string, Promise<CachedDocument>>();

  const load = (route: string, build: () => Promise<object>): Promise<CachedDocument> => {
    let pending = cache.get(route);
    if (pending === undefined) {
      pending = build().then((doc) => {
        const body = Buffer.from(JSON.stringify(doc), 'utf8');
        const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
        const gzip = body.length >= GZIP_MIN_BYTES ? gzipSync(body) : null;
        return { body, gzip, etag };
      });
      // Do not keep a failure: the next request tries again (e.g. after a rebuild of the files).
      void pending.catch(() => cache.delete(route));
      cache.set(route, pending);
    }
    return pending;
  };

  for (const [route, build] of Object.entries(builders)) {
    app.get(route, async (request: FastifyRequest, reply: FastifyReply) => {
      const doc = await load(route, build);
      reply.header('cache-control', CACHE_CONTROL);
      reply.header('etag', doc.etag);
      reply.header('vary', 'accept-encoding');
      if (etagMatches(request.headers['if-none-match'], doc.etag)) {
        return reply.code(304).send();
      }
      reply.type('application/json; charset=utf-8');
      if (doc.gzip !== null && acceptsGzip(request)) {
        reply.header('content-encoding', 'gzip');
        return reply.send(doc.gzip);
      }
      return reply.send(doc.body);
    });
  }
  return Promise.resolve();
}
