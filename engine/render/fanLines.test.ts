import { describe, expect, it } from 'vitest';
import { NullEngine } from '@babylonjs/core/Engines/nullEngine';
import { Mesh } from '@babylonjs/core/Meshes/mesh';
import { VertexBuffer } from '@babylonjs/core/Buffers/buffer';
import { Scene } from '@babylonjs/core/scene';
import { FAN_LINES_MIN_CAPACITY, FanLines } from './fanLines';

function setup(): { lines: FanLines; mesh: () => Mesh } {
  const scene = new Scene(new NullEngine());
  const parent = new Mesh('markers', scene);
  const lines = new FanLines(scene, 'markersFanLines', parent);
  return {
    lines,
    mesh: () => {
      const m = scene.getMeshByName('markersFanLines');
      if (!(m instanceof Mesh)) throw new Error('no fan-line mesh');
      return m;
    },
  };
}

/** `n` lines whose coordinates encode their index (line i: 6 floats from i * 6). */
function positions(n: number, base = 0): Float32Array {
  return Float32Array.from({ length: n * 6 }, (_, k) => base + k);
}

describe('FanLines', () => {
  it('makes no mesh until there is a line to draw', () => {
    const { lines } = setup();
    lines.set(new Float32Array(0), 0);
    expect(lines.builds).toBe(0);
    expect(lines.drawnCount).toBe(0);
  });

  it('updates one buffer in place and draws only the current count', () => {
    const { lines, mesh } = setup();
    lines.set(positions(3), 3);
    expect(lines.builds).toBe(1);
    expect(lines.capacity).toBe(FAN_LINES_MIN_CAPACITY);
    expect(mesh().subMeshes[0]?.indexCount).toBe(6);
    expect(lines.drawnCount).toBe(3);

    // Fewer lines, new places: same buffer, new data, shorter draw range.
    lines.set(positions(2, 1000), 2);
    expect(lines.builds).toBe(1);
    expect(mesh().subMeshes[0]?.indexCount).toBe(4);
    const data = mesh().getVerticesData(VertexBuffer.PositionKind);
    expect(Array.from(data?.slice(0, 12) ?? [])).toEqual(Array.from(positions(2, 1000)));
    expect(mesh().getTotalIndices()).toBe(FAN_LINES_MIN_CAPACITY * 2);

    // The same count at new places: the draw range is kept, the data rewritten.
    const range = mesh().subMeshes[0];
    lines.set(positions(2, 2000), 2);
    expect(mesh().subMeshes[0]).toBe(range);
    const moved = mesh().getVerticesData(VertexBuffer.PositionKind);
    expect(Array.from(moved?.slice(0, 12) ?? [])).toEqual(Array.from(positions(2, 2000)));
  });

  it('grows by doubling when the lines outnumber the buffer', () => {
    const { lines, mesh } = setup();
    lines.set(positions(10), 10);
    lines.set(positions(FAN_LINES_MIN_CAPACITY * 3), FAN_LINES_MIN_CAPACITY * 3);
    expect(lines.builds).toBe(2);
    expect(lines.capacity).toBe(FAN_LINES_MIN_CAPACITY * 4);
    expect(mesh().subMeshes[0]?.indexCount).toBe(FAN_LINES_MIN_CAPACITY * 6);
    const data = mesh().getVerticesData(VertexBuffer.PositionKind);
    expect(data?.[FAN_LINES_MIN_CAPACITY * 18 - 1]).toBe(FAN_LINES_MIN_CAPACITY * 18 - 1);
  });

  it('hides with no lines and while the markers are hidden', () => {
    const { lines, mesh } = setup();
    lines.set(positions(4), 4);
    lines.setHidden(true);
    expect(mesh().isVisible).toBe(false);
    lines.set(positions(5), 5);
    expect(mesh().isVisible).toBe(false);
    lines.setHidden(false);
    expect(mesh().isVisible).toBe(true);
    expect(lines.drawnCount).toBe(5);
    lines.set(positions(0), 0);
    expect(mesh().isVisible).toBe(false);
    lines.setHidden(false);
    expect(mesh().isVisible).toBe(false);
  });
});
