import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeMesh } from '../geo/codec';
import { CountryIndex, type CountryMeshLike } from './countryIndex';

/** A square "country" with a square hole, and a neighbour; rings as vertex ranges. */
function tinyMesh(): CountryMeshLike {
  // prettier-ignore
  const positions = [
    0, 0, 10, 0, 10, 10, 0, 10, // 0..3 outer of A
    4, 4, 6, 4, 6, 6, 4, 6, // 4..7 hole of A (a lake)
    10, 0, 20, 0, 20, 10, 10, 10, // 8..11 B
  ];
  return {
    positions,
    features: [
      {
        polygons: [
          {
            rings: [
              { start: 0, count: 4 },
              { start: 4, count: 4 },
            ],
          },
        ],
        properties: { name: 'Alpha', iso2: 'AA' },
      },
      {
        polygons: [{ rings: [{ start: 8, count: 4 }] }],
        properties: { name: 'Beta', iso2: '-99', labelLat: 5, labelLon: 15 },
      },
      { polygons: [], properties: { name: 'No rings' } },
    ],
  };
}

describe('CountryIndex', () => {
  it('finds the polygon containing a point, honouring holes', () => {
    const idx = new CountryIndex(tinyMesh());
    expect(idx.size).toBe(2);
    expect(idx.countryAt(2, 2)?.name).toBe('Alpha');
    expect(idx.countryAt(5, 5)).toBeNull(); // in the hole
    expect(idx.countryAt(5, 15)?.name).toBe('Beta');
    expect(idx.countryAt(-5, 5)).toBeNull();
    expect(idx.countryAt(NaN, 5)).toBeNull();
  });

  it('centres on the label point, else the bounding box; drops -99 codes', () => {
    const idx = new CountryIndex(tinyMesh());
    const a = idx.byIso2('aa');
    expect(a).toMatchObject({ name: 'Alpha', iso2: 'AA', lat: 5, lon: 5 });
    const b = idx.countryAt(5, 15);
    expect(b).toMatchObject({ iso2: '', lat: 5, lon: 15 });
  });

  describe('on the real 110m countries', () => {
    const mesh = decodeMesh(readFileSync('public/geo/countries-110m.bin'));
    const idx = new CountryIndex(mesh);
    it.each([
      [48.85, 2.35, 'FR'],
      [52.52, 13.4, 'DE'],
      [-15.8, -47.9, 'BR'],
      [39.9, 116.4, 'CN'],
      [64.8, 177.5, 'RU'], // Chukotka, east of the antimeridian split
      [67.5, -177.0, 'RU'], // the part west of the antimeridian
      [-85, 0, 'AQ'], // Antarctica, closed along lat -90
      [40.7, -100, 'US'],
      [-1.3, 36.8, 'KE'],
    ])('(%f, %f) is %s', (lat, lon, iso2) => {
      expect(idx.countryAt(lat, lon)?.iso2).toBe(iso2);
    });
    it('finds the ocean as nothing', () => {
      expect(idx.countryAt(-30, -20)).toBeNull(); // South Atlantic
      expect(idx.countryAt(0, -150)).toBeNull(); // Pacific
    });
    it('answers a lookup in well under a millisecond', () => {
      const t0 = performance.now();
      for (let i = 0; i < 10_000; i++) idx.find(-60 + (i % 120), -180 + ((i * 7) % 360));
      expect((performance.now() - t0) / 10_000).toBeLessThan(0.1);
    });
  });
});
