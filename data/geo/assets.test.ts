/**
 * Checks the committed assets in public/geo against their manifest: bytes and sha256 match,
 * every asset decodes, counts agree, coordinates are in range and no mesh edge or line segment
 * is longer than the build's limit (plus quantisation).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeGeoAsset, MAX_LAT_ERROR_DEG, MAX_LON_ERROR_DEG } from './codec.ts';

interface ManifestAsset {
  name: string;
  file: string;
  kind: 'lines' | 'mesh';
  bytes: number;
  vertices: number;
  lines?: number;
  triangles?: number;
  features: number;
  sha256: string;
}

interface Manifest {
  meshMaxEdgeDeg: Record<string, number>;
  lineMaxSegmentDeg: Record<string, number>;
  assets: ManifestAsset[];
  gazetteer: { name: string; file: string; entries: number; bytes: number; sha256: string }[];
}

const PUBLIC = join(import.meta.dirname, '../../public');
const manifest = JSON.parse(readFileSync(join(PUBLIC, 'geo/manifest.json'), 'utf8')) as Manifest;
/** Two endpoints, each off by the quantisation error. */
const EDGE_SLACK_DEG = 2 * Math.hypot(MAX_LON_ERROR_DEG, MAX_LAT_ERROR_DEG);

const REQUIRED = [
  'land-110m',
  'land-50m',
  'countries-110m',
  'countries-50m',
  'coastline-110m',
  'coastline-50m',
  'borders-110m',
  'borders-50m',
  'coastline-10m',
  'borders-10m',
  'admin1-50m',
  'rivers-50m',
  'lakes-50m',
  'urban-50m',
];

function limitFor(name: string, kind: 'lines' | 'mesh'): number {
  const resolution = name.endsWith('110m') ? '110m' : name.endsWith('10m') ? '10m' : '50m';
  const limit = (kind === 'lines' ? manifest.lineMaxSegmentDeg : manifest.meshMaxEdgeDeg)[
    resolution
  ];
  if (limit === undefined) throw new Error(`no limit for ${resolution}`);
  return limit + EDGE_SLACK_DEG;
}

describe('public/geo assets', () => {
  it('lists every required asset', () => {
    expect(manifest.assets.map((a) => a.name).sort()).toEqual([...REQUIRED].sort());
  });

  for (const asset of manifest.assets) {
    it(`${asset.name} matches its manifest entry and decodes`, () => {
      const bytes = readFileSync(join(PUBLIC, 'geo', asset.file));
      expect(bytes.length).toBe(asset.bytes);
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(asset.sha256);
      const decoded = decodeGeoAsset(bytes);
      expect(decoded.kind).toBe(asset.kind);
      const positions = decoded.kind === 'lines' ? decoded.lines.positions : decoded.mesh.positions;
      expect(positions.length / 2).toBe(asset.vertices);
      for (let i = 0; i < positions.length; i += 2) {
        const lon = positions[i] as number;
        const lat = positions[i + 1] as number;
        if (!(Math.abs(lon) <= 180 && Math.abs(lat) <= 90))
          throw new Error(`bad vertex ${lon},${lat}`);
      }
      const limit = limitFor(asset.name, asset.kind);
      let longest = 0;
      const edge = (a: number, b: number): void => {
        const len = Math.hypot(
          (positions[2 * a] as number) - (positions[2 * b] as number),
          (positions[2 * a + 1] as number) - (positions[2 * b + 1] as number),
        );
        if (len > longest) longest = len;
      };
      if (decoded.kind === 'lines') {
        const { starts, features } = decoded.lines;
        expect(starts.length - 1).toBe(asset.lines);
        expect(features.length).toBe(asset.features);
        for (let l = 0; l + 1 < starts.length; l++) {
          for (let v = (starts[l] as number) + 1; v < (starts[l + 1] as number); v++)
            edge(v - 1, v);
        }
      } else {
        const { indices, features } = decoded.mesh;
        expect(indices.length / 3).toBe(asset.triangles);
        expect(features.length).toBe(asset.features);
        for (let t = 0; t < indices.length; t += 3) {
          const a = indices[t] as number;
          const b = indices[t + 1] as number;
          const c = indices[t + 2] as number;
          edge(a, b);
          edge(b, c);
          edge(c, a);
        }
      }
      expect(longest).toBeLessThanOrEqual(limit);
    });
  }

  it('countries-50m carries names and ISO codes for all 241 features', () => {
    const asset = decodeGeoAsset(readFileSync(join(PUBLIC, 'geo/countries-50m.bin')));
    if (asset.kind !== 'mesh') throw new Error('countries-50m is not a mesh');
    const features = asset.mesh.features;
    expect(features).toHaveLength(241);
    for (const f of features) {
      expect(typeof f.properties.name).toBe('string');
      expect(f.polygons.length).toBeGreaterThan(0);
      expect(f.indexCount).toBeGreaterThan(0);
    }
    const byName = new Map(features.map((f) => [f.properties.name, f.properties]));
    expect(byName.get('France')).toMatchObject({ iso2: 'FR', iso3: 'FRA', isoN3: '250' });
    expect(byName.get('Kosovo')).toMatchObject({ iso2: 'XK', continent: 'Europe' });
    expect(byName.get('Somaliland')).toMatchObject({ iso2: '', parent: 'SO', continent: 'Africa' });
    expect(byName.get('Antarctica')).toMatchObject({ iso2: 'AQ', continent: 'Antarctica' });
  });

  it('gazetteer files match the manifest and hold only named, placed entries', () => {
    expect(manifest.gazetteer.map((g) => g.name).sort()).toEqual(
      ['capitals', 'cities', 'continents', 'countries', 'regions', 'states', 'towns'].sort(),
    );
    for (const g of manifest.gazetteer) {
      const bytes = readFileSync(join(PUBLIC, g.file));
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(g.sha256);
      const entries = JSON.parse(bytes.toString('utf8')) as {
        name: unknown;
        coordinates: { lat: unknown; lon: unknown };
      }[];
      expect(entries).toHaveLength(g.entries);
      for (const e of entries) {
        if (typeof e.name !== 'string' || e.name === '')
          throw new Error(`${g.name}: unnamed entry`);
        const { lat, lon } = e.coordinates;
        if (
          typeof lat !== 'number' ||
          typeof lon !== 'number' ||
          Math.abs(lat) > 90 ||
          Math.abs(lon) > 180
        ) {
          throw new Error(`${g.name}: ${e.name} has bad coordinates`);
        }
      }
    }
  });
});
