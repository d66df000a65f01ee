import { describe, expect, it } from 'vitest';
import { angularDistanceDeg } from '../geoMath';
import { GeoGridIndex } from './geoGridIndex';

function brute(points: [number, number][], lat: number, lon: number, r: number): number[] {
  return points
    .map(([la, lo], i) => [i, angularDistanceDeg(lat, lon, la, lo)] as const)
    .filter(([, d]) => d <= r)
    .map(([i]) => i)
    .sort((a, b) => a - b);
}

describe('GeoGridIndex', () => {
  it('finds exactly the points a full scan finds, also across the antimeridian and near poles', () => {
    let seed = 7;
    const rand = (): number => {
      seed = (seed * 1103515245 + 12345) >>> 0;
      return seed / 4294967296;
    };
    const points: [number, number][] = [];
    for (let i = 0; i < 3000; i++) points.push([rand() * 180 - 90, rand() * 360 - 180]);
    const index = new GeoGridIndex();
    points.forEach(([la, lo], i) => index.insert(i, la, lo));
    const probes: [number, number, number][] = [
      [0, 179.5, 3],
      [10, -179.9, 5],
      [88, 40, 4],
      [-89.5, 0, 2],
      [45, 7, 0.5],
      [-20, 100, 12],
    ];
    for (const [lat, lon, r] of probes) {
      const got: number[] = [];
      index.query(lat, lon, r, (id) => got.push(id));
      expect(
        got.sort((a, b) => a - b),
        `${lat},${lon},${r}`,
      ).toEqual(brute(points, lat, lon, r));
    }
  });

  it('reports distances and clears', () => {
    const index = new GeoGridIndex();
    index.insert(5, 0, 0);
    let dist = -1;
    index.query(0, 1, 2, (_id, d) => (dist = d));
    expect(dist).toBeCloseTo(1, 6);
    index.clear();
    expect(index.size).toBe(0);
  });
});
