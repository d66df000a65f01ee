import { describe, expect, it } from 'vitest';
import { Pn2Error, pn2Polygons, readPn2 } from './pn2.ts';

/** Big-endian byte builder for synthetic PN2 files. */
class Bytes {
  readonly data: number[] = [];
  u8(v: number): this {
    this.data.push(v & 0xff);
    return this;
  }
  i8(v: number): this {
    return this.u8(v < 0 ? v + 256 : v);
  }
  i16(v: number): this {
    const u = v < 0 ? v + 65536 : v;
    return this.u8(u >> 8).u8(u);
  }
  u32(v: number): this {
    return this.u8(v >>> 24)
      .u8(v >>> 16)
      .u8(v >>> 8)
      .u8(v);
  }
  /** A node: absolute lat/lon in degrees (multiple of 1/120) plus relative steps in 1/120 deg. */
  node(latDeg: number, lonDeg: number, rel: [number, number][] = []): this {
    this.i16(Math.round(latDeg * 120))
      .i16(Math.round(lonDeg * 120))
      .i16(rel.length);
    for (const [dLat, dLon] of rel) this.i8(dLat).i8(dLon);
    return this;
  }
  build(): Uint8Array {
    return Uint8Array.from(this.data);
  }
}

/** Version 2, 5 parts, with colours: a line, a polygon with a hole, a two-part multi record. */
function sample(): Bytes {
  const b = new Bytes().u8(2).u32(5).u8(1);
  // Record 0: line (flag 0), id 7, colour 3 (new id), 2 absolute nodes, the first with 2
  // relative nodes (both relative to the absolute node, not chained).
  b.u8(0).u32(7).u8(3).u32(2);
  b.node(10, -20, [
    [1, 2],
    [-3, -128],
  ]);
  b.node(-10.5, 179.5);
  // Record 1: outer ring, id 8, colour 4.
  b.u8(2).u32(8).u8(4).u32(1);
  b.node(0, 0, [
    [0, 120],
    [120, 120],
  ]);
  // Record 2: inner ring of the previous polygon, same id 8: no colour byte.
  b.u8(3).u32(8).u32(1);
  b.node(0.25, 0.25, [
    [30, 0],
    [30, 30],
  ]);
  // Record 3: multi-part, id 9 (colour 5), two line parts with their own ids.
  b.u8(4).u32(9).u8(5).u8(2);
  b.u8(0).u32(10).u32(1).node(-90, -180);
  b.u8(0)
    .u32(11)
    .u32(1)
    .node(90, 180, [[-1, -1]]);
  return b;
}

describe('readPn2', () => {
  it('reads lines, rings, holes and multi-part records, ending at the last byte', () => {
    const file = readPn2(sample().build());
    expect(file.version).toBe(2);
    expect(file.hasColor).toBe(true);
    expect(file.parts.map((p) => [p.flag, p.id, p.record])).toEqual([
      [0, 7, 0],
      [2, 8, 1],
      [3, 8, 2],
      [0, 10, 3],
      [0, 11, 3],
    ]);
    const line = file.parts[0];
    expect(line?.points).toEqual([
      [-20, 10],
      [-20 + 2 / 120, 10 + 1 / 120],
      [-20 - 128 / 120, 10 - 3 / 120],
      [179.5, -10.5],
    ]);
    expect(file.parts[3]?.points).toEqual([[-180, -90]]);
    expect(file.parts[4]?.points).toEqual([
      [180, 90],
      [180 - 1 / 120, 90 - 1 / 120],
    ]);
  });

  it('groups outer and inner rings into polygons', () => {
    const polygons = pn2Polygons(readPn2(sample().build()));
    expect(polygons).toHaveLength(1);
    expect(polygons[0]?.rings).toEqual([
      [
        [0, 0],
        [1, 0],
        [1, 1],
      ],
      [
        [0.25, 0.25],
        [0.25, 0.5],
        [0.5, 0.5],
      ],
    ]);
  });

  it('reads files without colours (no colour byte at all)', () => {
    const b = new Bytes().u8(2).u32(2).u8(0);
    b.u8(0).u32(1).u32(1).node(1, 2);
    b.u8(0).u32(2).u32(1).node(3, 4);
    const file = readPn2(b.build());
    expect(file.parts.map((p) => p.points)).toEqual([[[2, 1]], [[4, 3]]]);
  });

  it('rejects trailing bytes, truncation, a bad version and an unknown flag', () => {
    const good = sample().build();
    expect(() => readPn2(Uint8Array.from([...good, 0]))).toThrow(/unread bytes/);
    expect(() => readPn2(good.subarray(0, good.length - 1))).toThrow(Pn2Error);
    expect(() => readPn2(good.subarray(0, good.length - 1))).toThrow(/truncated/);
    const badVersion = Uint8Array.from(good);
    badVersion[0] = 3;
    expect(() => readPn2(badVersion)).toThrow(/version 3/);
    const badFlag = new Bytes().u8(2).u32(1).u8(0).u8(9).u32(1).build();
    expect(() => readPn2(badFlag)).toThrow(/unknown record flag 9/);
  });
});
