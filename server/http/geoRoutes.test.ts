/**
 * The GeoJSON routes against a real server on 127.0.0.1 (ephemeral port), reading the committed
 * assets in public/: every path answers 200 with a valid FeatureCollection.
 */
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerGeoRoutes } from './geoRoutes';

const PUBLIC_DIR = path.join(import.meta.dirname, '../../public');

let app: FastifyInstance;
let base: string;

beforeAll(async () => {
  app = Fastify({ logger: false });
  await registerGeoRoutes(app, { publicDir: PUBLIC_DIR });
  base = await app.listen({ host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  await app.close();
});

interface Geometry {
  type: string;
  coordinates: unknown;
}
interface Feature {
  type: string;
  properties: Record<string, unknown> | null;
  geometry: Geometry | null;
}
interface Collection {
  type: string;
  features: Feature[];
}

function checkPosition(p: unknown, where: string): void {
  if (!Array.isArray(p) || p.length !== 2) throw new Error(`${where}: position is not [lon, lat]`);
  const [lon, lat] = p as unknown[];
  if (
    typeof lon !== 'number' ||
    typeof lat !== 'number' ||
    !Number.isFinite(lon) ||
    !Number.isFinite(lat)
  ) {
    throw new Error(`${where}: non-numeric position ${JSON.stringify(p)}`);
  }
  if (Math.abs(lon) > 180 || Math.abs(lat) > 90)
    throw new Error(`${where}: out of range ${lon},${lat}`);
}

function checkRing(ring: unknown, where: string): void {
  if (!Array.isArray(ring) || ring.length < 4) throw new Error(`${where}: ring has < 4 positions`);
  ring.forEach((p, i) => checkPosition(p, `${where}[${i}]`));
  const first = ring[0] as number[];
  const last = ring[ring.length - 1] as number[];
  if (first[0] !== last[0] || first[1] !== last[1]) throw new Error(`${where}: ring not closed`);
}

function checkLine(line: unknown, where: string): void {
  if (!Array.isArray(line) || line.length < 2) throw new Error(`${where}: line has < 2 positions`);
  line.forEach((p, i) => checkPosition(p, `${where}[${i}]`));
}

/** Validates one geometry and returns its type. */
function checkGeometry(g: Geometry | null, where: string): string {
  if (g === null) throw new Error(`${where}: null geometry`);
  const c = g.coordinates as unknown[];
  switch (g.type) {
    case 'Point':
      checkPosition(c, where);
      break;
    case 'LineString':
      checkLine(c, where);
      break;
    case 'MultiLineString':
      if (c.length === 0) throw new Error(`${where}: empty MultiLineString`);
      c.forEach((l, i) => checkLine(l, `${where}/${i}`));
      break;
    case 'Polygon':
      if (c.length === 0) throw new Error(`${where}: empty Polygon`);
      c.forEach((r, i) => checkRing(r, `${where}/${i}`));
      break;
    case 'MultiPolygon':
      if (c.length === 0) throw new Error(`${where}: empty MultiPolygon`);
      c.forEach((poly, i) => {
        if (!Array.isArray(poly) || poly.length === 0)
          throw new Error(`${where}/${i}: empty polygon`);
        poly.forEach((r, j) => checkRing(r, `${where}/${i}/${j}`));
      });
      break;
    default:
      throw new Error(`${where}: unexpected geometry ${g.type}`);
  }
  return g.type;
}

async function getCollection(pathname: string): Promise<{ res: Response; body: Collection }> {
  const res = await fetch(base + pathname);
  expect(res.status, pathname).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  const body = (await res.json()) as Collection;
  expect(body.type).toBe('FeatureCollection');
  expect(Array.isArray(body.features)).toBe(true);
  return { res, body };
}

const CASES: { path: string; types: string[]; nameKey?: string; minFeatures: number }[] = [
  {
    path: '/geojson/countries.json',
    types: ['Polygon', 'MultiPolygon'],
    nameKey: 'NAME',
    minFeatures: 200,
  },
  { path: '/geojson/land.json', types: ['Polygon'], minFeatures: 100 },
  {
    path: '/geojson/states_provinces.json',
    types: ['Point', 'LineString', 'MultiLineString'],
    minFeatures: 1000,
  },
  { path: '/geojson/rivers.json', types: ['LineString', 'MultiLineString'], minFeatures: 100 },
  { path: '/geojson/cities.json', types: ['Point'], nameKey: 'NAME', minFeatures: 1000 },
  {
    path: '/geojson/urban_areas.json',
    types: ['Polygon', 'MultiPolygon'],
    nameKey: 'NAME',
    minFeatures: 1000,
  },
  {
    path: '/data/geoJSON/ne_50m_urban_areas.json',
    types: ['Polygon', 'MultiPolygon'],
    nameKey: 'NAME',
    minFeatures: 1000,
  },
  {
    path: '/data/geoJSON/ne_50m_populated_places.json',
    types: ['Point'],
    nameKey: 'NAME',
    minFeatures: 1000,
  },
];

describe('GeoJSON routes', () => {
  for (const c of CASES) {
    it(`${c.path} is a valid, non-empty FeatureCollection`, async () => {
      const { body } = await getCollection(c.path);
      expect(body.features.length).toBeGreaterThanOrEqual(c.minFeatures);
      body.features.forEach((f, i) => {
        expect(f.type).toBe('Feature');
        const type = checkGeometry(f.geometry, `${c.path}#${i}`);
        expect(c.types).toContain(type);
        if (c.nameKey !== undefined) expect(typeof f.properties?.[c.nameKey]).toBe('string');
      });
    });
  }

  it('countries carry ISO codes and continents', async () => {
    const { body } = await getCollection('/geojson/countries.json');
    const france = body.features.find((f) => f.properties?.NAME === 'France');
    expect(france?.properties).toMatchObject({ ISO_A2: 'FR', ISO_A3: 'FRA', CONTINENT: 'Europe' });
    expect(france?.geometry?.type).toBe('MultiPolygon');
    const fiji = body.features.find((f) => f.properties?.NAME === 'Fiji');
    // Cut at the antimeridian: parts on both sides, none crossing it.
    const lons =
      JSON.stringify(fiji?.geometry?.coordinates)
        .match(/-?\d+(\.\d+)?(?=,)/g)
        ?.map(Number) ?? [];
    expect(Math.min(...lons)).toBeLessThan(-179);
    expect(Math.max(...lons)).toBeGreaterThan(179);
  });

  it('names major rivers', async () => {
    const { body } = await getCollection('/geojson/rivers.json');
    const names = new Set(body.features.map((f) => f.properties?.name));
    for (const river of ['Nile', 'Amazon', 'Danube', 'Mississippi']) expect(names).toContain(river);
  });

  it('answers the optional highways layer with an empty collection', async () => {
    const { body } = await getCollection('/data/geoJSON/world_highways.geojson');
    expect(body.features).toEqual([]);
  });

  it('sends an ETag and Cache-Control, and 304 on a matching If-None-Match', async () => {
    const first = await fetch(`${base}/geojson/land.json`);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get('cache-control')).toMatch(/max-age=\d+/);
    await first.arrayBuffer();
    const again = await fetch(`${base}/geojson/land.json`, {
      headers: { 'if-none-match': etag ?? '' },
    });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  it('gzips when asked and sends plain JSON otherwise', async () => {
    const zipped = await fetch(`${base}/geojson/countries.json`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(((await zipped.json()) as Collection).type).toBe('FeatureCollection');
    const plain = await fetch(`${base}/geojson/countries.json`, {
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(((await plain.json()) as Collection).type).toBe('FeatureCollection');
  });

  it('answers 500 when the assets are missing, and recovers nothing from a failure cache', async () => {
    const broken = Fastify({ logger: false });
    await registerGeoRoutes(broken, { publicDir: path.join(PUBLIC_DIR, 'no-such-dir') });
    const url = await broken.listen({ host: '127.0.0.1', port: 0 });
    try {
      for (let i = 0; i < 2; i++) {
        const res = await fetch(`${url}/geojson/countries.json`);
        expect(res.status).toBe(500);
        await res.arrayBuffer();
      }
    } finally {
      await broken.close();
    }
  });
});
