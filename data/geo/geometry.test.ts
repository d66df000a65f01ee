import { describe, expect, it } from 'vitest';
import { GeoCodecError, encodeLineSet, encodeMesh } from './codec';
import { geometryFromAsset, projectLonLat } from './geometry';

describe('geo geometry from an asset', () => {
  it('projects lon/lat onto the sphere (lon 0 lat 0, the north pole, lon 90)', () => {
    const xyz = projectLonLat(new Float32Array([0, 0, 0, 90, 90, 0]), 100);
    const len = (i: number): number =>
      Math.hypot(xyz[i * 3] as number, xyz[i * 3 + 1] as number, xyz[i * 3 + 2] as number);
    for (let i = 0; i < 3; i++) expect(len(i)).toBeCloseTo(100, 3);
    // The pole is on the y axis; the equator points are 90 degrees apart.
    expect(Math.abs(xyz[4] as number)).toBeCloseTo(100, 3);
    const dot =
      (xyz[0] as number) * (xyz[6] as number) +
      (xyz[1] as number) * (xyz[7] as number) +
      (xyz[2] as number) * (xyz[8] as number);
    expect(dot).toBeCloseTo(0, 2);
  });

  it('turns a line set into segment pairs and a mesh into its triangles', () => {
    // Two polylines: 3 points (2 segments) and 2 points (1 segment).
    const lines = encodeLineSet({
      positions: [0, 0, 10, 0, 20, 0, 0, 10, 0, 20],
      starts: [0, 3, 5],
    });
    const g = geometryFromAsset(lines, 'lines', 50);
    expect(g.positions.length).toBe(5 * 3);
    expect(Array.from(g.indices)).toEqual([0, 1, 1, 2, 3, 4]);

    const square = [0, 0, 10, 0, 10, 10, 0, 10];
    const mesh = encodeMesh({ positions: square, indices: [0, 1, 2, 0, 2, 3] });
    const s = geometryFromAsset(mesh, 'surface', 50);
    expect(s.positions.length).toBe(4 * 3);
    expect(Array.from(s.indices)).toEqual([0, 1, 2, 0, 2, 3]);
  });

  it('rejects an asset of the other kind', () => {
    const mesh = encodeMesh({ positions: [0, 0, 1, 0, 1, 1], indices: [0, 1, 2] });
    expect(() => geometryFromAsset(mesh, 'lines', 50)).toThrow(GeoCodecError);
  });
});
