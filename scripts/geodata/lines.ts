/**
 * Polyline helpers for the geodata build: antimeridian splitting, densifying, global
 * Douglas-Peucker ranking (keep the N most significant vertices across many lines), shared-edge
 * extraction (admin-1 lines between states of one country) and a pole-of-inaccessibility label
 * point. All coordinates are `[lon, lat]` in degrees.
 */

export type Pt = [number, number];

/** Lines lying entirely beyond this latitude (deg) are pole-cap artefacts, not coastline. */
const POLE_CAP_LAT_DEG = 89.99;

/**
 * Cuts a polyline where it jumps across the antimeridian (|dlon| > 180), ending one piece at
 * +-180 and starting the next at -+180 at the interpolated latitude, so no segment spans the
 * globe when drawn. Drops pole-cap lines.
 */
export function splitAtAntimeridian(line: readonly Pt[]): Pt[][] {
  if (line.every((p) => Math.abs(p[1]) >= POLE_CAP_LAT_DEG)) return [];
  const out: Pt[][] = [];
  let cur: Pt[] = [];
  line.forEach((p, i) => {
    const prev = line[i - 1];
    if (prev !== undefined && Math.abs(p[0] - prev[0]) > 180) {
      const edge = prev[0] > 0 ? 180 : -180;
      const lonNext = p[0] + (prev[0] > 0 ? 360 : -360);
      // Both points may sit on the antimeridian itself (180 -> -180): cut at the first one.
      const t = lonNext === prev[0] ? 0 : (edge - prev[0]) / (lonNext - prev[0]);
      const lat = prev[1] + t * (p[1] - prev[1]);
      cur.push([edge, lat]);
      out.push(cur);
      cur = [[-edge, lat]];
    }
    cur.push([p[0], p[1]]);
  });
  out.push(cur);
  return out.filter((l) => l.length >= 2);
}

/**
 * Inserts evenly spaced points into segments longer than `maxSegmentDeg` (Euclidean lon/lat), so
 * a line drawn as chords on the sphere stays on the surface instead of dipping under the fill.
 */
export function densifyLine(line: readonly Pt[], maxSegmentDeg: number): Pt[] {
  const out: Pt[] = [];
  line.forEach((p, i) => {
    const prev = line[i - 1];
    if (prev !== undefined) {
      const len = Math.hypot(p[0] - prev[0], p[1] - prev[1]);
      const parts = Math.ceil(len / maxSegmentDeg);
      for (let k = 1; k < parts; k++) {
        const t = k / parts;
        out.push([prev[0] + (p[0] - prev[0]) * t, prev[1] + (p[1] - prev[1]) * t]);
      }
    }
    out.push([p[0], p[1]]);
  });
  return out;
}

/** Distance from p to segment a-b with longitude scaled by cos(latitude) (degrees of arc). */
function segmentDistance(p: Pt, a: Pt, b: Pt): number {
  const k = Math.cos((((a[1] + b[1]) / 2) * Math.PI) / 180);
  const ax = a[0] * k;
  const bx = b[0] * k;
  const px = p[0] * k;
  const dx = bx - ax;
  const dy = b[1] - a[1];
  const len2 = dx * dx + dy * dy;
  let t = len2 > 0 ? ((px - ax) * dx + (p[1] - a[1]) * dy) / len2 : 0;
  t = t < 0 ? 0 : t > 1 ? 1 : t;
  return Math.hypot(px - (ax + t * dx), p[1] - (a[1] + t * dy));
}

/**
 * Douglas-Peucker significance of every vertex: the tolerance (deg) above which DP would drop
 * it, capped by its parent's so that the ranking is monotonic. Endpoints are Infinity. Keeping
 * every vertex whose significance >= t is exactly DP with tolerance t, which lets one global
 * threshold simplify many lines to a vertex budget.
 */
export function dpSignificance(line: readonly Pt[]): Float64Array {
  const n = line.length;
  const sig = new Float64Array(n);
  if (n === 0) return sig;
  sig[0] = Infinity;
  sig[n - 1] = Infinity;
  const stack: [number, number, number][] = [[0, n - 1, Infinity]];
  for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
    const [i, j, cap] = top;
    if (j - i < 2) continue;
    let best = -1;
    let bestD = -1;
    for (let k = i + 1; k < j; k++) {
      const d = segmentDistance(line[k] as Pt, line[i] as Pt, line[j] as Pt);
      if (d > bestD) {
        bestD = d;
        best = k;
      }
    }
    const s = Math.min(bestD, cap);
    sig[best] = s;
    stack.push([i, best, s], [best, j, s]);
  }
  return sig;
}

/**
 * Simplifies many lines together to about `keepVertices` vertices in total (endpoints always
 * kept), dropping the least significant vertices first across all lines.
 */
export function simplifyToBudget(lines: readonly (readonly Pt[])[], keepVertices: number): Pt[][] {
  const sigs = lines.map(dpSignificance);
  const interior: number[] = [];
  let endpoints = 0;
  for (const s of sigs) {
    for (const v of s) {
      if (v === Infinity) endpoints++;
      else interior.push(v);
    }
  }
  const budget = Math.max(0, keepVertices - endpoints);
  interior.sort((a, b) => b - a);
  const threshold = budget === 0 ? Infinity : budget >= interior.length ? -1 : interior[budget - 1];
  return lines.map((line, i) => {
    const s = sigs[i] as Float64Array;
    return line.filter((_, k) => (s[k] as number) >= (threshold ?? Infinity));
  });
}

/**
 * Edges shared by two different polygons of one group (e.g. two states of one country), chained
 * into polylines. Polygons are given as rings of exact coordinates; neighbours must share
 * vertices bit-for-bit (true for Natural Earth admin-1). Chains break at junctions (vertices where
 * other than two shared edges meet); closed loops (enclaves) come out closed.
 */
export function sharedEdgeLines(polygons: readonly (readonly (readonly Pt[])[])[]): Pt[][] {
  const pointId = new Map<string, number>();
  const points: Pt[] = [];
  const idOf = (p: Pt): number => {
    const key = `${p[0]},${p[1]}`;
    let id = pointId.get(key);
    if (id === undefined) {
      id = points.length;
      points.push(p);
      pointId.set(key, id);
    }
    return id;
  };
  // Edge key -> first polygon seen, or -1 once shared by two different polygons.
  const edgeOwner = new Map<number, number>();
  const shared: [number, number][] = [];
  const FACTOR = 2 ** 26;
  polygons.forEach((rings, owner) => {
    for (const ring of rings) {
      for (let i = 0; i + 1 < ring.length; i++) {
        const a = idOf(ring[i] as Pt);
        const b = idOf(ring[i + 1] as Pt);
        if (a === b) continue;
        const key = a < b ? a * FACTOR + b : b * FACTOR + a;
        const prev = edgeOwner.get(key);
        if (prev === undefined) edgeOwner.set(key, owner);
        else if (prev !== owner && prev !== -1) {
          edgeOwner.set(key, -1);
          shared.push([a, b]);
        }
      }
    }
  });

  const incident = new Map<number, number[]>();
  shared.forEach(([a, b], e) => {
    for (const v of [a, b]) {
      const list = incident.get(v);
      if (list === undefined) incident.set(v, [e]);
      else list.push(e);
    }
  });
  const used = new Uint8Array(shared.length);
  const lines: Pt[][] = [];
  const walk = (start: number, firstEdge: number): void => {
    const ids = [start];
    let v = start;
    let e = firstEdge;
    for (;;) {
      used[e] = 1;
      const [a, b] = shared[e] as [number, number];
      v = a === v ? b : a;
      ids.push(v);
      const next = incident.get(v) ?? [];
      if (next.length !== 2 || v === start) break;
      const other = next[0] === e ? next[1] : next[0];
      if (other === undefined || used[other] === 1) break;
      e = other;
    }
    lines.push(ids.map((id) => points[id] as Pt));
  };
  // Open chains from junctions and ends first, then whatever is left is closed loops.
  for (const [v, edges] of incident) {
    if (edges.length === 2) continue;
    for (const e of edges) if (used[e] === 0) walk(v, e);
  }
  shared.forEach(([a], e) => {
    if (used[e] === 0) walk(a, e);
  });
  return lines;
}

/** Distance (deg) from p to the nearest ring edge (cos-lat scaled), negative outside. */
function signedDistance(p: Pt, rings: readonly (readonly Pt[])[]): number {
  let inside = false;
  let best = Infinity;
  for (const ring of rings) {
    const n = ring.length;
    for (let i = 0, j = n - 1; i < n; j = i++) {
      const a = ring[i] as Pt;
      const b = ring[j] as Pt;
      if (a[1] > p[1] !== b[1] > p[1]) {
        const x = a[0] + ((p[1] - a[1]) * (b[0] - a[0])) / (b[1] - a[1]);
        if (p[0] < x) inside = !inside;
      }
      const d = segmentDistance(p, a, b);
      if (d < best) best = d;
    }
  }
  return inside ? best : -best;
}

/**
 * A label point well inside a polygon (pole of inaccessibility, to `precisionDeg`): best-first
 * search over square cells, each bounded by the distance at its centre plus its half-diagonal,
 * so cells that cannot beat the best point found so far are never split.
 */
export function labelPoint(rings: readonly (readonly Pt[])[], precisionDeg = 0.05): Pt {
  const outer = rings[0];
  if (outer === undefined || outer.length === 0) throw new Error('labelPoint: empty polygon');
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const p of outer) {
    minX = Math.min(minX, p[0]);
    maxX = Math.max(maxX, p[0]);
    minY = Math.min(minY, p[1]);
    maxY = Math.max(maxY, p[1]);
  }
  const size = Math.max(maxX - minX, maxY - minY);
  if (size === 0) return [minX, minY];
  interface Cell {
    x: number;
    y: number;
    h: number;
    d: number;
    max: number;
  }
  const makeCell = (x: number, y: number, h: number): Cell => {
    const d = signedDistance([x, y], rings);
    return { x, y, h, d, max: d + h * Math.SQRT2 };
  };
  // Start from the bbox centre and the area centroid, whichever is deeper inside.
  let best = makeCell((minX + maxX) / 2, (minY + maxY) / 2, 0);
  let a2 = 0;
  let cx = 0;
  let cy = 0;
  for (let i = 0, j = outer.length - 1; i < outer.length; j = i++) {
    const p = outer[i] as Pt;
    const q = outer[j] as Pt;
    const f = p[0] * q[1] - q[0] * p[1];
    cx += (p[0] + q[0]) * f;
    cy += (p[1] + q[1]) * f;
    a2 += f;
  }
  if (a2 !== 0) {
    const centroid = makeCell(cx / (3 * a2), cy / (3 * a2), 0);
    if (centroid.d > best.d) best = centroid;
  }
  // Binary max-heap on `max`.
  const heap: Cell[] = [];
  const push = (c: Cell): void => {
    heap.push(c);
    let i = heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if ((heap[parent] as Cell).max >= c.max) break;
      heap[i] = heap[parent] as Cell;
      i = parent;
    }
    heap[i] = c;
  };
  const pop = (): Cell => {
    const top = heap[0] as Cell;
    const last = heap.pop() as Cell;
    if (heap.length > 0) {
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        let mMax = last.max;
        if (l < heap.length && (heap[l] as Cell).max > mMax) {
          m = l;
          mMax = (heap[l] as Cell).max;
        }
        if (r < heap.length && (heap[r] as Cell).max > mMax) m = r;
        if (m === i) break;
        heap[i] = heap[m] as Cell;
        i = m;
      }
      heap[i] = last;
    }
    return top;
  };
  const h0 = size / 2;
  for (let x = minX; x < maxX; x += size) {
    for (let y = minY; y < maxY; y += size) push(makeCell(x + h0, y + h0, h0));
  }
  let guard = 0;
  while (heap.length > 0 && guard++ < 100000) {
    const cell = pop();
    if (cell.d > best.d) best = cell;
    if (cell.max - best.d <= precisionDeg) continue;
    const h = cell.h / 2;
    push(makeCell(cell.x - h, cell.y - h, h));
    push(makeCell(cell.x + h, cell.y - h, h));
    push(makeCell(cell.x - h, cell.y + h, h));
    push(makeCell(cell.x + h, cell.y + h, h));
  }
  return [best.x, best.y];
}
