/**
 * Build-time polygon triangulation in longitude/latitude space for the globe's fill meshes.
 *
 * Why lon/lat and not 3D: the fills are drawn on a sphere of radius 200 by projecting each vertex,
 * so a triangulation in the (lon, lat) plane is valid as long as no polygon crosses the
 * antimeridian and pole-encircling rings are closed along the pole. {@link toPlanarPolygons}
 * enforces both; {@link triangulatePolygon} then runs earcut and subdivides until every edge is
 * at most `maxEdgeDeg` long, so the projected fill follows the curvature instead of cutting
 * chords under the coastline.
 *
 * Pure TypeScript plus earcut: shared by the build script and its tests. Not used at run time.
 */
import earcut from 'earcut';

/** `[lon, lat]` in degrees. */
export type LonLat = readonly [number, number];
/** A ring of points; closing duplicate optional on input, never present on output. */
export type Ring = readonly LonLat[];
/** `rings[0]` is the exterior, the rest are holes. */
export type Polygon = readonly Ring[];

/** Rings lying entirely beyond this latitude (deg) are pole caps, an artefact of spherical data. */
const POLE_CAP_LAT_DEG = 89.99;
/** Rings or pieces smaller than this (square degrees) after clipping are slivers and dropped. */
const MIN_PIECE_AREA_DEG2 = 1e-9;
/** Points closer than this (deg) are treated as one when cleaning rings. */
const SAME_POINT_EPS_DEG = 1e-12;

/** Signed shoelace area in square degrees; positive when counter-clockwise (east, north). */
export function ringArea(ring: Ring): number {
  let sum = 0;
  const n = ring.length;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const a = ring[j] as LonLat;
    const b = ring[i] as LonLat;
    sum += (a[0] - b[0]) * (a[1] + b[1]);
  }
  return sum / 2;
}

/** Unsigned planar area of a polygon (exterior minus holes) in square degrees. */
export function polygonArea(polygon: Polygon): number {
  let area = 0;
  polygon.forEach((ring, i) => {
    const a = Math.abs(ringArea(ring));
    area += i === 0 ? a : -a;
  });
  return area;
}

function samePoint(a: LonLat, b: LonLat): boolean {
  return Math.abs(a[0] - b[0]) <= SAME_POINT_EPS_DEG && Math.abs(a[1] - b[1]) <= SAME_POINT_EPS_DEG;
}

/** Drops the closing duplicate and consecutive duplicates. */
function cleanRing(ring: Ring): LonLat[] {
  const out: LonLat[] = [];
  for (const p of ring) {
    const last = out[out.length - 1];
    if (last === undefined || !samePoint(last, p)) out.push(p);
  }
  while (out.length > 1 && samePoint(out[0] as LonLat, out[out.length - 1] as LonLat)) out.pop();
  return out;
}

/** Makes longitudes continuous (no step > 180 deg) starting from `startLon` for the first point. */
function unwrap(ring: readonly LonLat[], startLon: number): { points: LonLat[]; net: number } {
  const points: LonLat[] = [];
  let prevRaw = 0;
  let lon = startLon;
  ring.forEach((p, i) => {
    if (i > 0) {
      let d = p[0] - prevRaw;
      if (d > 180) d -= 360;
      else if (d < -180) d += 360;
      lon += d;
    }
    prevRaw = p[0];
    points.push([lon, p[1]]);
  });
  // The closing edge back to the first point, to learn whether the ring winds round a pole.
  let net = lon - startLon;
  const first = ring[0];
  if (first !== undefined) {
    let d = first[0] - prevRaw;
    if (d > 180) d -= 360;
    else if (d < -180) d += 360;
    net += d;
  }
  return { points, net };
}

/** Sutherland-Hodgman against one vertical half-plane: keeps x <= limit (or >= when !keepBelow). */
function clipX(ring: readonly LonLat[], limit: number, keepBelow: boolean): LonLat[] {
  const out: LonLat[] = [];
  const inside = (p: LonLat): boolean => (keepBelow ? p[0] <= limit : p[0] >= limit);
  const n = ring.length;
  for (let i = 0; i < n; i++) {
    const cur = ring[i] as LonLat;
    const prev = ring[(i + n - 1) % n] as LonLat;
    const curIn = inside(cur);
    const prevIn = inside(prev);
    if (curIn !== prevIn) {
      const t = (limit - prev[0]) / (cur[0] - prev[0]);
      out.push([limit, prev[1] + t * (cur[1] - prev[1])]);
    }
    if (curIn) out.push(cur);
  }
  return out;
}

function clipToWorld(ring: readonly LonLat[], shift: number): LonLat[] {
  const shifted = ring.map((p): LonLat => [p[0] + shift, p[1]]);
  return cleanRing(clipX(clipX(shifted, 180, true), -180, false));
}

/**
 * Turns one (possibly spherical) polygon into planar polygons that lie inside
 * [-180, 180] x [-90, 90] and can be triangulated in lon/lat:
 * - rings crossing the antimeridian are unwrapped and cut at +-180 into separate pieces;
 * - a ring that winds once round a pole (Antarctica's coast) is closed along lat -90 or +90;
 * - pole-cap rings (every point beyond 89.99 deg, as world-atlas emits for Antarctica) are
 *   dropped, and holes that wind round the pole are promoted to exteriors.
 * Exteriors come out counter-clockwise and holes clockwise (RFC 7946 order).
 */
export function toPlanarPolygons(polygon: Polygon): LonLat[][][] {
  const rings = polygon.map(cleanRing).filter((r) => r.length >= 3);
  const exteriors: { points: LonLat[]; holes: LonLat[][] }[] = [];
  let current: { points: LonLat[]; holes: LonLat[][] } | undefined;
  rings.forEach((ring, index) => {
    if (ring.every((p) => Math.abs(p[1]) >= POLE_CAP_LAT_DEG)) {
      current = undefined;
      return;
    }
    const { points, net } = unwrap(ring, (ring[0] as LonLat)[0]);
    if (Math.abs(net) > 180) {
      // Winds round a pole: whatever its role in the source, it bounds a polar region.
      const poleLat = points.reduce((s, p) => s + p[1], 0) < 0 ? -90 : 90;
      const first = points[0] as LonLat;
      const endLon = first[0] + net;
      const closed: LonLat[] = [
        ...points,
        [endLon, first[1]],
        [endLon, poleLat],
        [first[0], poleLat],
      ];
      current = { points: closed, holes: [] };
      exteriors.push(current);
      return;
    }
    if (index === 0 || current === undefined) {
      current = { points, holes: [] };
      exteriors.push(current);
    } else {
      current.holes.push(points);
    }
  });

  const out: LonLat[][][] = [];
  for (const ext of exteriors) {
    let minLon = Infinity;
    let maxLon = -Infinity;
    for (const p of ext.points) {
      if (p[0] < minLon) minLon = p[0];
      if (p[0] > maxLon) maxLon = p[0];
    }
    // Holes are unwrapped independently; move each next to its exterior before clipping.
    const holes = ext.holes.map((h) => {
      const lon0 = (h[0] as LonLat)[0];
      const shift = lon0 < minLon - 1e-9 ? 360 : lon0 > maxLon + 1e-9 ? -360 : 0;
      return shift === 0 ? h : h.map((p): LonLat => [p[0] + shift, p[1]]);
    });
    for (const shift of [-360, 0, 360]) {
      if (maxLon + shift <= -180 || minLon + shift >= 180) continue;
      const outer = clipToWorld(ext.points, shift);
      if (outer.length < 3 || Math.abs(ringArea(outer)) < MIN_PIECE_AREA_DEG2) continue;
      const piece: LonLat[][] = [ringArea(outer) < 0 ? outer.reverse() : outer];
      for (const h of holes) {
        const hole = clipToWorld(h, shift);
        if (hole.length < 3 || Math.abs(ringArea(hole)) < MIN_PIECE_AREA_DEG2) continue;
        piece.push(ringArea(hole) > 0 ? hole.reverse() : hole);
      }
      out.push(piece);
    }
  }
  return out;
}

/** Options for {@link triangulatePolygon}. */
export interface TriangulateOptions {
  /** Longest allowed edge, Euclidean in the (lon, lat) plane, in degrees (e.g. 2 at 50m). */
  readonly maxEdgeDeg: number;
}

/** Result of {@link triangulatePolygon}. */
export interface TriangulatedPolygon {
  /**
   * `[lon, lat, ...]` in degrees: first the polygon's ring vertices in ring order (exactly the
   * input rings, cleaned), then the vertices added where rings cross grid lines and at grid
   * corners inside the polygon.
   */
  readonly positions: number[];
  /** Triangle list, counter-clockwise in (east, north), indexing `positions`. */
  readonly indices: number[];
  /** Ring ranges into `positions` (vertex units): ring 0 exterior, then holes. */
  readonly rings: readonly { readonly start: number; readonly count: number }[];
}

/**
 * Side length in degrees of the global grid the polygons are cut along: the largest
 * 180/k that keeps the cell diagonal within the edge limit, so grid lines fall on 0 and +-180 and
 * every feature is cut along the same lines.
 */
export function gridCellDeg(maxEdgeDeg: number): number {
  if (!(maxEdgeDeg > 0)) throw new RangeError(`maxEdgeDeg must be > 0, got ${maxEdgeDeg}`);
  return 180 / Math.ceil((180 * Math.SQRT2) / maxEdgeDeg);
}

type Pt = readonly [number, number];

/** Tolerance, in cells, when deciding which grid cells a piece spans. */
const GRID_EPS = 1e-9;

/** Where segment p-q crosses `axis = c`; computed from the ordered endpoints so that two
 * polygons sharing the segment in opposite directions get the bit-identical point. */
function crossing(p: Pt, q: Pt, axis: 0 | 1, c: number): Pt {
  const other = axis === 0 ? 1 : 0;
  if (p[axis] === c) return p;
  if (q[axis] === c) return q;
  const forward = p[0] < q[0] || (p[0] === q[0] && p[1] <= q[1]);
  const [a, b] = forward ? [p, q] : [q, p];
  const t = (c - a[axis]) / (b[axis] - a[axis]);
  const v = a[other] + t * (b[other] - a[other]);
  return axis === 0 ? [c, v] : [v, c];
}

function pointInRing(pt: Pt, ring: readonly Pt[]): boolean {
  let inside = false;
  const n = ring.length;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const a = ring[i] as Pt;
    const b = ring[j] as Pt;
    if (a[1] > pt[1] !== b[1] > pt[1]) {
      const x = a[0] + ((pt[1] - a[1]) * (b[0] - a[0])) / (b[1] - a[1]);
      if (pt[0] < x) inside = !inside;
    }
  }
  return inside;
}

interface Chain {
  points: Pt[];
  startId: number;
  endId: number;
}

/**
 * Cuts a polygon (exterior CCW, holes CW) by the line `axis = c` into the parts below
 * (`coord < c`) and above (`coord >= c`). Each ring is cut into chains between crossing points;
 * sorted along the line, the crossings pair up into the intervals that lie inside the polygon
 * (even-odd), and each side's rings are rebuilt by walking chain -> interval -> chain.
 */
function splitPolygon(polygon: readonly Pt[][], axis: 0 | 1, c: number): [Pt[][][], Pt[][][]] {
  const side = (p: Pt): 0 | 1 => (p[axis] < c ? 0 : 1);
  const whole: [Pt[][], Pt[][]] = [[], []];
  const chains: [Chain[], Chain[]] = [[], []];
  const crossT: number[] = [];
  for (const ring of polygon) {
    const n = ring.length;
    let k = -1;
    for (let i = 0; i < n; i++) {
      if (side(ring[i] as Pt) !== side(ring[(i + n - 1) % n] as Pt)) {
        k = i;
        break;
      }
    }
    if (k < 0) {
      whole[side(ring[0] as Pt)].push(ring);
      continue;
    }
    const rot = [...ring.slice(k), ...ring.slice(0, k)];
    let cur: Chain = { points: [], startId: -1, endId: -1 };
    const first = cur;
    for (let i = 0; i < n; i++) {
      const p = rot[i] as Pt;
      const q = rot[(i + 1) % n] as Pt;
      cur.points.push(p);
      if (side(p) !== side(q)) {
        const x = crossing(p, q, axis, c);
        const id = crossT.length;
        crossT.push(x[axis === 0 ? 1 : 0]);
        cur.points.push(x);
        cur.endId = id;
        chains[side(p)].push(cur);
        if (i === n - 1) {
          first.points.unshift(x);
          first.startId = id;
        } else {
          cur = { points: [x], startId: id, endId: -1 };
        }
      }
    }
  }
  const order = crossT
    .map((_, i) => i)
    .sort((a, b) => (crossT[a] as number) - (crossT[b] as number) || a - b);
  const partner = new Int32Array(crossT.length);
  for (let r = 0; r + 1 < order.length; r += 2) {
    partner[order[r] as number] = order[r + 1] as number;
    partner[order[r + 1] as number] = order[r] as number;
  }
  const result: [Pt[][][], Pt[][][]] = [[], []];
  for (const s of [0, 1] as const) {
    const startAt = new Map<number, Chain>();
    for (const ch of chains[s]) startAt.set(ch.startId, ch);
    const used = new Set<Chain>();
    const rings: Pt[][] = [...whole[s]];
    for (const ch of chains[s]) {
      if (used.has(ch)) continue;
      const ring: Pt[] = [];
      let cur: Chain | undefined = ch;
      while (cur !== undefined && !used.has(cur)) {
        used.add(cur);
        for (const p of cur.points) ring.push(p);
        cur = startAt.get(partner[cur.endId] as number);
      }
      const cleaned = cleanRing(ring);
      if (cleaned.length >= 3) rings.push(cleaned);
    }
    const outers: Pt[][][] = [];
    const holes: Pt[][] = [];
    for (const ring of rings) {
      const area = ringArea(ring);
      if (Math.abs(area) < MIN_PIECE_AREA_DEG2) continue;
      if (area > 0) outers.push([ring]);
      else holes.push(ring);
    }
    for (const hole of holes) {
      if (outers.length === 1) {
        (outers[0] as Pt[][]).push(hole);
        continue;
      }
      const probe = hole.find((p) => p[axis] !== c) ?? hole[0];
      if (probe === undefined) continue;
      const owner = outers.find((o) => pointInRing(probe, o[0] as Pt[]));
      if (owner !== undefined) owner.push(hole);
    }
    result[s] = outers;
  }
  return result;
}

/** Cuts recursively along grid lines until every piece lies within one grid cell. */
function cutToCells(polygon: Pt[][], cell: number, out: Pt[][][]): void {
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  for (const p of polygon[0] as Pt[]) {
    if (p[0] < minX) minX = p[0];
    if (p[0] > maxX) maxX = p[0];
    if (p[1] < minY) minY = p[1];
    if (p[1] > maxY) maxY = p[1];
  }
  // Crossing points land on grid lines up to float noise; the tolerance stops a piece that only
  // touches a line from being "split" there forever.
  const x0 = Math.floor(minX / cell + GRID_EPS);
  const x1 = Math.ceil(maxX / cell - GRID_EPS);
  const y0 = Math.floor(minY / cell + GRID_EPS);
  const y1 = Math.ceil(maxY / cell - GRID_EPS);
  const nx = x1 - x0;
  const ny = y1 - y0;
  if (nx <= 1 && ny <= 1) {
    out.push(polygon);
    return;
  }
  const [axis, c] =
    nx >= ny
      ? ([0, Math.floor((x0 + x1) / 2) * cell] as const)
      : ([1, Math.floor((y0 + y1) / 2) * cell] as const);
  const [low, high] = splitPolygon(polygon, axis, c);
  for (const piece of low) cutToCells(piece, cell, out);
  for (const piece of high) cutToCells(piece, cell, out);
}

/**
 * Triangulates one planar polygon (output of {@link toPlanarPolygons}) so that no triangle edge
 * is longer than `maxEdgeDeg`: the polygon is cut along a global lon/lat grid whose cell diagonal
 * is within the limit ({@link gridCellDeg}), and each cell piece is triangulated with earcut.
 *
 * Why not earcut then midpoint subdivision: earcut on a coastline makes long slivers from the
 * coast to far vertices, and bisecting them multiplied countries-50m to 560k vertices; the grid
 * cut gives about ring vertices + 2 per cell. Neighbouring polygons (countries sharing a border)
 * are cut along the same lines at bit-identical points, so their meshes meet without cracks.
 */
export function triangulatePolygon(
  polygon: Polygon,
  options: TriangulateOptions,
): TriangulatedPolygon {
  const cell = gridCellDeg(options.maxEdgeDeg);
  const rings: Pt[][] = [];
  for (const [i, source] of polygon.entries()) {
    const ring = cleanRing(source);
    const area = ringArea(ring);
    if (ring.length < 3 || Math.abs(area) < MIN_PIECE_AREA_DEG2) {
      if (i === 0) return { positions: [], indices: [], rings: [] };
      continue;
    }
    // Exterior counter-clockwise, holes clockwise: the cut relies on it.
    rings.push((i === 0 ? area < 0 : area > 0) ? ring.reverse() : ring);
  }

  const positions: number[] = [];
  const ringRanges: { start: number; count: number }[] = [];
  const lookup = new Map<string, number>();
  const vertexOf = (p: Pt): number => {
    const key = `${p[0]},${p[1]}`;
    let index = lookup.get(key);
    if (index === undefined) {
      index = positions.length / 2;
      positions.push(p[0], p[1]);
      lookup.set(key, index);
    }
    return index;
  };
  for (const ring of rings) {
    const start = positions.length / 2;
    for (const p of ring) {
      const key = `${p[0]},${p[1]}`;
      if (!lookup.has(key)) lookup.set(key, positions.length / 2);
      positions.push(p[0], p[1]);
    }
    ringRanges.push({ start, count: ring.length });
  }

  const pieces: Pt[][][] = [];
  cutToCells(rings, cell, pieces);
  const indices: number[] = [];
  for (const piece of pieces) {
    const flat: number[] = [];
    const holeStarts: number[] = [];
    const ids: number[] = [];
    piece.forEach((ring, i) => {
      if (i > 0) holeStarts.push(ids.length);
      for (const p of ring) {
        flat.push(p[0], p[1]);
        ids.push(vertexOf(p));
      }
    });
    const tris = earcut(flat, holeStarts.length > 0 ? holeStarts : undefined, 2);
    for (let t = 0; t < tris.length; t += 3) {
      const a = ids[tris[t] as number] as number;
      const b = ids[tris[t + 1] as number] as number;
      const c = ids[tris[t + 2] as number] as number;
      const ax = positions[2 * a] as number;
      const ay = positions[2 * a + 1] as number;
      const cross =
        ((positions[2 * b] as number) - ax) * ((positions[2 * c + 1] as number) - ay) -
        ((positions[2 * b + 1] as number) - ay) * ((positions[2 * c] as number) - ax);
      if (cross > 0) indices.push(a, b, c);
      else if (cross < 0) indices.push(a, c, b);
    }
  }
  return { positions, indices, rings: ringRanges };
}
