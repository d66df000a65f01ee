import { describe, expect, it } from 'vitest';
import {
  decodeGeoAsset,
  decodeLineSet,
  decodeMesh,
  encodeLineSet,
  encodeMesh,
  GEO_HEADER_BYTES,
  GeoCodecError,
  LAT_STEP_DEG,
  LON_STEP_DEG,
  lineSegmentIndices,
  MAX_LAT_ERROR_DEG,
  MAX_LON_ERROR_DEG,
  readGeoHeader,
} from './codec.ts';
import type { LonLat, Polygon } from './triangulate.ts';
import {
  gridCellDeg,
  polygonArea,
  ringArea,
  toPlanarPolygons,
  triangulatePolygon,
} from './triangulate.ts';
import { mulberry32 as rng } from '../random';

/** Random polylines, including the +-180 / +-90 extremes and big jumps between vertices. */
function randomLines(seed: number, count: number): { positions: number[]; starts: number[] } {
  const r = rng(seed);
  const extremes = [-180, 180, -90, 90, 0];
  const positions: number[] = [];
  const starts = [0];
  for (let l = 0; l < count; l++) {
    const n = 1 + Math.floor(r() * 40);
    let lon = r() * 360 - 180;
    let lat = r() * 180 - 90;
    for (let i = 0; i < n; i++) {
      const pick = r();
      if (pick < 0.1) {
        lon = (extremes[Math.floor(r() * 2)] as number) * 1;
        lat = (extremes[2 + Math.floor(r() * 3)] as number) * 1;
      } else if (pick < 0.2) {
        lon = r() * 360 - 180;
        lat = r() * 180 - 90;
      } else {
        lon = Math.max(-180, Math.min(180, lon + (r() - 0.5) * 0.2));
        lat = Math.max(-90, Math.min(90, lat + (r() - 0.5) * 0.2));
      }
      positions.push(lon, lat);
    }
    starts.push(positions.length / 2);
  }
  return { positions, starts };
}

function expectWithinQuantisation(decoded: Float32Array, original: readonly number[]): void {
  expect(decoded.length).toBe(original.length);
  let worstLon = 0;
  let worstLat = 0;
  for (let i = 0; i < original.length; i += 2) {
    worstLon = Math.max(worstLon, Math.abs((decoded[i] as number) - (original[i] as number)));
    worstLat = Math.max(
      worstLat,
      Math.abs((decoded[i + 1] as number) - (original[i + 1] as number)),
    );
  }
  expect(worstLon).toBeLessThanOrEqual(MAX_LON_ERROR_DEG);
  expect(worstLat).toBeLessThanOrEqual(MAX_LAT_ERROR_DEG);
}

describe('quantisation bounds', () => {
  it('are half a grid step (about 306 m / 153 m at the equator)', () => {
    expect(LON_STEP_DEG).toBeCloseTo(180 / 32767, 12);
    expect(LAT_STEP_DEG).toBeCloseTo(90 / 32767, 12);
    expect(MAX_LON_ERROR_DEG).toBeLessThan(0.00276);
    expect(MAX_LAT_ERROR_DEG).toBeLessThan(0.00139);
  });
});

describe('line sets', () => {
  it('round-trip random polylines within the quantisation error', () => {
    for (const seed of [1, 2, 3]) {
      const { positions, starts } = randomLines(seed, 200);
      const features = [
        { lineStart: 0, lineCount: 3, properties: { name: 'Nile', labelLon: 32.6 } },
        { lineStart: 10, lineCount: 0, properties: { name: 'empty', flag: true, none: null } },
      ];
      const buf = encodeLineSet({ positions, starts, features });
      const decoded = decodeLineSet(buf);
      expect(Array.from(decoded.starts)).toEqual(starts);
      expectWithinQuantisation(decoded.positions, positions);
      expect(decoded.features).toEqual(features);
    }
  });

  it('keeps the exact extremes +-180 and +-90', () => {
    const positions = [-180, -90, 180, 90, -180, 90, 180, -90, 0, 0];
    const decoded = decodeLineSet(encodeLineSet({ positions, starts: [0, 5] }));
    expect(Array.from(decoded.positions)).toEqual(positions);
  });

  it('handles empty sets and one-vertex lines', () => {
    const empty = decodeLineSet(encodeLineSet({ positions: [], starts: [0] }));
    expect(empty.positions.length).toBe(0);
    expect(Array.from(empty.starts)).toEqual([0]);
    const single = decodeLineSet(encodeLineSet({ positions: [10, 20], starts: [0, 1, 1] }));
    expect(Array.from(single.starts)).toEqual([0, 1, 1]);
  });

  it('rejects invalid input when encoding', () => {
    expect(() => encodeLineSet({ positions: [181, 0], starts: [0, 1] })).toThrow(RangeError);
    expect(() => encodeLineSet({ positions: [0, -90.5], starts: [0, 1] })).toThrow(/latitude/);
    expect(() => encodeLineSet({ positions: [NaN, 0], starts: [0, 1] })).toThrow(/finite/);
    expect(() => encodeLineSet({ positions: [0, 0], starts: [0, 2] })).toThrow(/starts/);
    expect(() =>
      encodeLineSet({
        positions: [0, 0],
        starts: [0, 1],
        features: [{ lineStart: 0, lineCount: 2, properties: {} }],
      }),
    ).toThrow(/exceeds/);
  });

  it('builds GL line-segment indices', () => {
    const starts = Uint32Array.from([0, 3, 4, 6]);
    expect(Array.from(lineSegmentIndices(starts))).toEqual([0, 1, 1, 2, 4, 5]);
    expect(lineSegmentIndices(starts)).toBeInstanceOf(Uint16Array);
    expect(lineSegmentIndices(Uint32Array.from([0, 70000]))).toBeInstanceOf(Uint32Array);
  });
});

describe('meshes', () => {
  const square: number[] = [0, 0, 10, 0, 10, 10, 0, 10];

  it('round-trip positions, indices, features and rings', () => {
    const r = rng(7);
    const positions: number[] = [];
    for (let i = 0; i < 500; i++) positions.push(r() * 360 - 180, r() * 180 - 90);
    const indices: number[] = [];
    for (let i = 0; i < 900; i++) indices.push(Math.floor(r() * 500));
    const features = [
      {
        vertexStart: 0,
        vertexCount: 300,
        indexStart: 0,
        indexCount: 600,
        polygons: [
          {
            rings: [
              { start: 0, count: 100 },
              { start: 100, count: 5 },
            ],
          },
        ],
        properties: { name: 'A', iso2: 'AA' },
      },
      {
        vertexStart: 300,
        vertexCount: 200,
        indexStart: 600,
        indexCount: 300,
        polygons: [],
        properties: { name: 'Ünïcödé 名' },
      },
    ];
    const decoded = decodeMesh(encodeMesh({ positions, indices, features }));
    expectWithinQuantisation(decoded.positions, positions);
    expect(Array.from(decoded.indices)).toEqual(indices);
    expect(decoded.indices).toBeInstanceOf(Uint16Array);
    expect(decoded.features).toEqual(features);
  });

  it('switches to Uint32 indices at 65536 vertices', () => {
    const positions = new Array<number>(70000 * 2)
      .fill(0)
      .map((_, i) => (i % 2 === 0 ? (i % 360) - 180 : 0));
    const decoded = decodeMesh(encodeMesh({ positions, indices: [0, 1, 69999] }));
    expect(decoded.indices).toBeInstanceOf(Uint32Array);
    expect(Array.from(decoded.indices)).toEqual([0, 1, 69999]);
  });

  it('decodes meshes without features to an empty feature list', () => {
    const decoded = decodeMesh(encodeMesh({ positions: square, indices: [0, 1, 2, 0, 2, 3] }));
    expect(decoded.features).toEqual([]);
  });

  it('rejects bad indices and ranges when encoding', () => {
    expect(() => encodeMesh({ positions: square, indices: [0, 1, 4] })).toThrow(/outside/);
    expect(() => encodeMesh({ positions: square, indices: [0, 1] })).toThrow(/multiple of 3/);
    expect(() =>
      encodeMesh({
        positions: square,
        indices: [0, 1, 2],
        features: [
          {
            vertexStart: 0,
            vertexCount: 2,
            indexStart: 0,
            indexCount: 3,
            polygons: [{ rings: [{ start: 1, count: 3 }] }],
            properties: {},
          },
        ],
      }),
    ).toThrow(/ring/);
  });
});

describe('bad input', () => {
  const good = new Uint8Array(
    encodeMesh({
      positions: [0, 0, 10, 0, 10, 10],
      indices: [0, 1, 2],
      features: [
        { vertexStart: 0, vertexCount: 3, indexStart: 0, indexCount: 3, properties: { a: 1 } },
      ],
    }),
  );

  it('throws a clear error on a wrong magic', () => {
    const bad = good.slice();
    bad[0] = 0x58;
    expect(() => decodeMesh(bad)).toThrow(GeoCodecError);
    expect(() => decodeMesh(bad)).toThrow(/Not a geo asset: magic is "XGEO"/);
  });

  it('throws a clear error on a wrong version', () => {
    const bad = good.slice();
    new DataView(bad.buffer).setUint16(4, 99, true);
    expect(() => decodeGeoAsset(bad)).toThrow(/Unsupported geo asset version 99/);
  });

  it('throws on every truncation and on trailing bytes', () => {
    for (let len = 0; len < good.length; len++) {
      expect(() => decodeMesh(good.subarray(0, len))).toThrow(GeoCodecError);
    }
    expect(() => decodeMesh(good.subarray(0, GEO_HEADER_BYTES - 1))).toThrow(/truncated/);
    expect(() => decodeMesh(good.subarray(0, good.length - 1))).toThrow(/truncated/);
    const longer = new Uint8Array(good.length + 1);
    longer.set(good);
    expect(() => decodeMesh(longer)).toThrow(/trailing bytes/);
  });

  it('throws when the body is corrupt even if the length header is patched', () => {
    const cut = good.slice(0, good.length - 2);
    new DataView(cut.buffer).setUint32(8, cut.length, true);
    expect(() => decodeMesh(cut)).toThrow(GeoCodecError);
  });

  it('throws when the asset kind does not match', () => {
    const lines = encodeLineSet({ positions: [0, 0], starts: [0, 1] });
    expect(() => decodeMesh(lines)).toThrow(/line set, not a polygon mesh/);
    expect(() => decodeLineSet(good)).toThrow(/polygon mesh, not a line set/);
    expect(decodeGeoAsset(lines).kind).toBe('lines');
    expect(readGeoHeader(good)).toMatchObject({ kind: 2, vertexCount: 3, primitiveCount: 3 });
  });
});

/** Sum of triangle areas (square degrees) and the longest edge of a triangulation. */
function measure(t: { positions: number[]; indices: number[] }): { area: number; maxEdge: number } {
  const p = t.positions;
  let area = 0;
  let maxEdge = 0;
  for (let i = 0; i < t.indices.length; i += 3) {
    const [a, b, c] = [t.indices[i], t.indices[i + 1], t.indices[i + 2]] as [
      number,
      number,
      number,
    ];
    const cross =
      ((p[2 * b] as number) - (p[2 * a] as number)) *
        ((p[2 * c + 1] as number) - (p[2 * a + 1] as number)) -
      ((p[2 * b + 1] as number) - (p[2 * a + 1] as number)) *
        ((p[2 * c] as number) - (p[2 * a] as number));
    expect(cross).toBeGreaterThan(0); // counter-clockwise
    area += cross / 2;
    for (const [u, v] of [
      [a, b],
      [b, c],
      [c, a],
    ] as const) {
      const len = Math.hypot(
        (p[2 * u] as number) - (p[2 * v] as number),
        (p[2 * u + 1] as number) - (p[2 * v + 1] as number),
      );
      maxEdge = Math.max(maxEdge, len);
    }
  }
  return { area, maxEdge };
}

/** A star-shaped (concave) ring around a centre, counter-clockwise. */
function star(
  cx: number,
  cy: number,
  r0: number,
  r1: number,
  points: number,
  seed: number,
): LonLat[] {
  const r = rng(seed);
  const ring: LonLat[] = [];
  for (let i = 0; i < points; i++) {
    const a = (i / points) * Math.PI * 2;
    const rad = r0 + (r1 - r0) * r();
    ring.push([cx + rad * Math.cos(a), cy + rad * Math.sin(a)]);
  }
  return ring;
}

describe('triangulation', () => {
  const EDGE_SLACK = 1e-9;

  it('covers the polygon area and keeps every edge within the limit', () => {
    for (const [maxEdgeDeg, seed] of [
      [2, 1],
      [3, 2],
      [2, 3],
    ] as const) {
      const outer = star(20, 30, 5, 25, 300, seed);
      const hole = star(20, 30, 1, 3, 40, seed + 10).reverse();
      const polygon: Polygon = [outer, hole];
      const t = triangulatePolygon(polygon, { maxEdgeDeg });
      const { area, maxEdge } = measure(t);
      expect(Math.abs(area - polygonArea(polygon)) / polygonArea(polygon)).toBeLessThan(1e-9);
      expect(maxEdge).toBeLessThanOrEqual(maxEdgeDeg + EDGE_SLACK);
      // Ring vertices come first, in order, so rings can be rebuilt from the ranges.
      expect(t.rings).toEqual([
        { start: 0, count: 300 },
        { start: 300, count: 40 },
      ]);
      expect(t.positions.slice(0, 2)).toEqual([...(outer[0] as LonLat)]);
    }
  });

  it('splits long edges of a big square (a grid inside, no sliver fans)', () => {
    const polygon: Polygon = [
      [
        [-60, -40],
        [60, -40],
        [60, 40],
        [-60, 40],
      ],
    ];
    const t = triangulatePolygon(polygon, { maxEdgeDeg: 2 });
    const { area, maxEdge } = measure(t);
    expect(area).toBeCloseTo(120 * 80, 6);
    expect(maxEdge).toBeLessThanOrEqual(2 + EDGE_SLACK);
    const cell = gridCellDeg(2);
    expect(cell * Math.SQRT2).toBeLessThanOrEqual(2);
    // About two triangles per grid cell.
    expect(t.indices.length / 3).toBeLessThan(2.2 * ((120 * 80) / (cell * cell)));
  });

  it('cuts a ring that crosses the antimeridian into pieces inside +-180', () => {
    // Fiji-like island from 179 to -179 (181 east).
    const ring: LonLat[] = [
      [179, -17],
      [-179, -17],
      [-179, -16],
      [179, -16],
    ];
    const pieces = toPlanarPolygons([ring]);
    expect(pieces).toHaveLength(2);
    let area = 0;
    for (const piece of pieces) {
      for (const p of piece.flat()) {
        expect(p[0]).toBeGreaterThanOrEqual(-180);
        expect(p[0]).toBeLessThanOrEqual(180);
      }
      expect(ringArea(piece[0] as LonLat[])).toBeGreaterThan(0);
      area += measure(triangulatePolygon(piece, { maxEdgeDeg: 2 })).area;
    }
    expect(area).toBeCloseTo(2, 9);
  });

  it('keeps holes with their piece when a polygon with a hole crosses the antimeridian', () => {
    const outer: LonLat[] = [
      [170, -10],
      [-170, -10],
      [-170, 10],
      [170, 10],
    ];
    const hole: LonLat[] = [
      [-175, -2],
      [-175, 2],
      [-177, 2],
      [-177, -2],
    ];
    const pieces = toPlanarPolygons([outer, hole]);
    const total = pieces.reduce(
      (s, p) => s + measure(triangulatePolygon(p, { maxEdgeDeg: 2 })).area,
      0,
    );
    expect(total).toBeCloseTo(20 * 20 - 2 * 4, 9);
    expect(pieces.some((p) => p.length === 2)).toBe(true);
  });

  it('closes a ring around the south pole along lat -90 and drops pole caps (Antarctica)', () => {
    // Coast at -70 all round, starting off the antimeridian, plus the cap ring world-atlas adds.
    const coast: LonLat[] = [];
    for (let lon = -170; lon < 190; lon += 10) coast.push([lon > 180 ? lon - 360 : lon, -70]);
    const cap: LonLat[] = [];
    for (let lon = 180; lon > -180; lon -= 45) cap.push([lon, -89.999]);
    const pieces = toPlanarPolygons([cap, coast]);
    let area = 0;
    for (const piece of pieces) {
      const t = triangulatePolygon(piece, { maxEdgeDeg: 2 });
      const m = measure(t);
      expect(m.maxEdge).toBeLessThanOrEqual(2 + EDGE_SLACK);
      area += m.area;
      expect(piece[0]?.some((p) => p[1] === -90)).toBe(true);
    }
    expect(area).toBeCloseTo(360 * 20, 6);
  });

  it('handles a ring that crosses the antimeridian twice (Russia and Chukotka)', () => {
    const ring: LonLat[] = [
      [160, 60],
      [175, 60],
      [-175, 62],
      [-170, 66],
      [-175, 68],
      [175, 70],
      [160, 70],
    ];
    const pieces = toPlanarPolygons([ring]);
    expect(pieces).toHaveLength(2);
    const unwrapped = ring.map((p): LonLat => [p[0] < 0 ? p[0] + 360 : p[0], p[1]]);
    const total = pieces.reduce(
      (s, p) => s + measure(triangulatePolygon(p, { maxEdgeDeg: 2 })).area,
      0,
    );
    expect(total).toBeCloseTo(Math.abs(ringArea(unwrapped)), 9);
  });

  it('rejects a non-positive edge limit', () => {
    expect(() =>
      triangulatePolygon(
        [
          [
            [0, 0],
            [1, 0],
            [0, 1],
          ],
        ],
        { maxEdgeDeg: 0 },
      ),
    ).toThrow(RangeError);
  });
});
