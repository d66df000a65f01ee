/**
 * GET /api/gazetteer/combined/labels against a real server on 127.0.0.1: the document's shape,
 * consistency with the committed static files, the skip rules on crafted files, caching headers
 * and the OpenAPI entry.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, makeTempDir, removeDir, startTestServer, type TestServer } from './helpers';

const LISTS = ['continents', 'countries', 'capitals', 'states', 'regions', 'cities', 'towns'];
const PATH = '/api/gazetteer/combined/labels';

interface Label {
  name: string;
  coordinates: { lat: number; lon: number };
  population?: number;
  country?: string;
  capital_name?: string | null;
}
type Doc = Record<string, Label[]>;

describe('combined labels from the committed gazetteer', () => {
  let dir: string;
  let server: TestServer;
  let doc: Doc;

  beforeAll(async () => {
    dir = await makeTempDir('gazetteer');
    const distDir = path.join(dir, 'dist');
    await mkdir(distDir);
    server = await startTestServer({ dir, distDir, publicDir: path.join(REPO_ROOT, 'public') });
    const res = await fetch(`${server.url}${PATH}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    doc = (await res.json()) as Doc;
  });

  afterAll(async () => {
    await server.close();
    await removeDir(dir);
  });

  it('has every list, each item a name and in-range coordinates', () => {
    expect(Object.keys(doc).sort()).toEqual([...LISTS].sort());
    for (const list of LISTS) {
      const items = doc[list] ?? [];
      expect(items.length, list).toBeGreaterThan(0);
      for (const item of items) {
        expect(typeof item.name).toBe('string');
        expect(item.name.trim()).toBe(item.name);
        expect(item.name.length).toBeGreaterThan(0);
        expect(Math.abs(item.coordinates.lat)).toBeLessThanOrEqual(90);
        expect(Math.abs(item.coordinates.lon)).toBeLessThanOrEqual(180);
      }
    }
    expect(doc['continents']?.map((c) => c.name)).toContain('Europe');
    const france = doc['countries']?.find((c) => c.name === 'France');
    expect(france).toMatchObject({ capital_name: 'Paris', country: 'FR' });
    expect(doc['capitals']?.find((c) => c.capital_name === 'Paris')?.coordinates.lat).toBeCloseTo(
      48.86,
      1,
    );
    expect(doc['cities']?.find((c) => c.name === 'Shanghai')?.population).toBeGreaterThan(1e7);
  });

  it('matches the static /data/gazetteer files entry for entry', async () => {
    for (const list of LISTS) {
      const file = JSON.parse(
        await readFile(path.join(REPO_ROOT, 'public/data/gazetteer', `${list}.json`), 'utf8'),
      ) as Label[];
      const served = doc[list] ?? [];
      // The committed data is clean: nothing is skipped, order and names are the same.
      expect(served.length, list).toBe(file.length);
      served.forEach((item, i) => {
        expect(item.name).toBe(file[i]?.name);
        expect(item.coordinates).toEqual(file[i]?.coordinates);
      });
    }
    // And the static path serves those very files.
    const res = await fetch(`${server.url}/data/gazetteer/capitals.json`);
    expect(res.status).toBe(200);
    const staticCapitals = (await res.json()) as Label[];
    expect(staticCapitals.map((c) => c.name)).toEqual(doc['capitals']?.map((c) => c.name));
  });

  it('is gzipped on request and revalidates with its ETag', async () => {
    const gz = await fetch(`${server.url}${PATH}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.status).toBe(200);
    const plain = await fetch(`${server.url}${PATH}`, {
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers.get('content-encoding')).toBeNull();
    // fetch decodes the gzip body: it must be the same document as the plain one.
    expect(await gz.text()).toBe(await plain.text());
    const etag = gz.headers.get('etag');
    expect(etag).toMatch(/^"/);
    expect(gz.headers.get('cache-control')).toContain('max-age');
    const again = await fetch(`${server.url}${PATH}`, { headers: { 'if-none-match': etag ?? '' } });
    expect(again.status).toBe(304);
  });

  it('is documented in the OpenAPI document with its response schema', async () => {
    const res = await fetch(`${server.url}/api/docs/openapi.json`);
    const openapi = (await res.json()) as { paths: Record<string, Record<string, unknown>> };
    const op = JSON.stringify(openapi.paths[PATH]?.['get']);
    expect(op).toContain('capital_name');
    expect(op).toContain('towns');
  });
});

describe('skip rules on crafted files', () => {
  let dir: string;
  let server: TestServer;

  beforeAll(async () => {
    dir = await makeTempDir('gazetteer-bad');
    const publicDir = path.join(dir, 'public');
    const gaz = path.join(publicDir, 'data', 'gazetteer');
    await mkdir(gaz, { recursive: true });
    await mkdir(path.join(dir, 'dist'));
    const ok = { lat: 10, lon: 20 };
    await writeFile(
      path.join(gaz, 'cities.json'),
      JSON.stringify([
        { name: 'Good', coordinates: ok, population: 5, country: 'XX' },
        { name: '  Padded  ', coordinates: { lat: -90, lon: 180 } },
        { name: '', coordinates: ok },
        { name: '   ', coordinates: ok },
        { coordinates: ok },
        { name: 42, coordinates: ok },
        { name: 'x'.repeat(81), coordinates: ok },
        { name: 'NoCoords' },
        { name: 'LatHigh', coordinates: { lat: 90.5, lon: 0 } },
        { name: 'LonLow', coordinates: { lat: 0, lon: -180.01 } },
        { name: 'StringLat', coordinates: { lat: '10', lon: 20 } },
        { name: 'Null', coordinates: { lat: null, lon: 20 } },
        null,
        'a string',
        { name: 'Good', coordinates: ok, population: 5, country: 'XX' },
        { name: 'BadPop', coordinates: ok, population: -3, country: 7 },
      ]),
    );
    await writeFile(
      path.join(gaz, 'countries.json'),
      JSON.stringify([
        { name: 'Land', coordinates: ok, iso2: 'LA', capital_name: 'Town' },
        { name: 'NoCapital', coordinates: ok, iso2: 'NC' },
      ]),
    );
    // Not an array: counts as empty, like a missing file (continents.json etc. are absent).
    await writeFile(path.join(gaz, 'towns.json'), JSON.stringify({ name: 'oops' }));
    server = await startTestServer({ dir, distDir: path.join(dir, 'dist'), publicDir });
  });

  afterAll(async () => {
    await server.close();
    await removeDir(dir);
  });

  it('keeps only named entries with valid coordinates, once each', async () => {
    const res = await fetch(`${server.url}${PATH}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(res.status).toBe(200);
    const doc = (await res.json()) as Doc;
    expect(doc['cities']).toEqual([
      { name: 'Good', coordinates: { lat: 10, lon: 20 }, population: 5, country: 'XX' },
      { name: 'Padded', coordinates: { lat: -90, lon: 180 } },
      { name: 'BadPop', coordinates: { lat: 10, lon: 20 } },
    ]);
    expect(doc['countries']).toEqual([
      { name: 'Land', coordinates: { lat: 10, lon: 20 }, country: 'LA', capital_name: 'Town' },
      { name: 'NoCapital', coordinates: { lat: 10, lon: 20 }, country: 'NC', capital_name: null },
    ]);
    for (const list of ['continents', 'capitals', 'states', 'regions', 'towns']) {
      expect(doc[list], list).toEqual([]);
    }
  });

  it('answers 500 on a corrupt file and recovers once it is fixed', async () => {
    const d2 = await makeTempDir('gazetteer-corrupt');
    const publicDir = path.join(d2, 'public');
    await mkdir(path.join(publicDir, 'data/gazetteer'), { recursive: true });
    await mkdir(path.join(d2, 'dist'));
    const corrupt = path.join(publicDir, 'data/gazetteer/regions.json');
    await writeFile(corrupt, '[{"name":');
    const s2 = await startTestServer({ dir: d2, distDir: path.join(d2, 'dist'), publicDir });
    try {
      expect((await fetch(`${s2.url}${PATH}`)).status).toBe(500);
      await writeFile(
        corrupt,
        JSON.stringify([{ name: 'Sahel', coordinates: { lat: 14, lon: 0 } }]),
      );
      const ok = await fetch(`${s2.url}${PATH}`);
      expect(ok.status).toBe(200);
      expect(((await ok.json()) as Doc)['regions']?.[0]?.name).toBe('Sahel');
    } finally {
      await s2.close();
      await removeDir(d2);
    }
  });
});
