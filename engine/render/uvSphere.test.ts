import { CreateSphereVertexData } from '@babylonjs/core/Meshes/Builders/sphereBuilder';
import { describe, expect, it } from 'vitest';
import { uvSphere } from './uvSphere';

function maxDiff(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let d = 0;
  for (let i = 0; i < a.length; i++) d = Math.max(d, Math.abs((a[i] as number) - (b[i] as number)));
  return d;
}

describe('uvSphere', () => {
  it.each([3, 24, 51, 64])('matches Babylon’s sphere builder at %i segments', (segments) => {
    const radius = 100;
    const ours = uvSphere(radius, segments);
    const theirs = CreateSphereVertexData({ diameter: radius * 2, segments });
    const positions = theirs.positions as ArrayLike<number>;
    expect(ours.positions.length).toBe(positions.length);
    expect(maxDiff(ours.positions, positions)).toBeLessThan(1e-4 * radius);
    expect(maxDiff(ours.normals, theirs.normals as ArrayLike<number>)).toBeLessThan(1e-5);
    expect(maxDiff(ours.uvs, theirs.uvs as ArrayLike<number>)).toBeLessThan(1e-6);
    // Same triangles in the same order and winding (the material culls back faces).
    expect(Array.from(ours.indices)).toEqual(Array.from(theirs.indices as ArrayLike<number>));
  });

  it('puts every vertex on the sphere and uses 16-bit indices while they fit', () => {
    const s = uvSphere(2, 64);
    const p = Array.from(s.positions);
    for (let i = 0; i < p.length; i += 3) {
      const [x = NaN, y = NaN, z = NaN] = p.slice(i, i + 3);
      expect(Math.hypot(x, y, z)).toBeCloseTo(2, 5);
    }
    expect(s.indices).toBeInstanceOf(Uint16Array);
    // 2 + 254 latitude steps: (257 x 513) vertices no longer fit 16 bits.
    expect(uvSphere(1, 254).indices).toBeInstanceOf(Uint32Array);
  });
});
