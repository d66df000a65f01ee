/**
 * A uniform lat/lon grid over points on the sphere, for picking: "which markers are within r
 * degrees of this point?" without scanning them all. Rebuilt when the drawn set changes (not per
 * frame); queries touch only the cells around the point, across the antimeridian and near poles.
 */

/** Cell size in degrees: ~220 km; a pick radius spans a handful of cells at any zoom we allow. */
export const GRID_CELL_DEG = 2;
const COLS = Math.ceil(360 / GRID_CELL_DEG);
const ROWS = Math.ceil(180 / GRID_CELL_DEG);
const DEG = Math.PI / 180;

export class GeoGridIndex {
  private readonly cells = new Map<number, number[]>();
  private readonly lats: number[] = [];
  private readonly lons: number[] = [];
  private readonly ids: number[] = [];

  clear(): void {
    this.cells.clear();
    this.lats.length = 0;
    this.lons.length = 0;
    this.ids.length = 0;
  }

  get size(): number {
    return this.ids.length;
  }

  insert(id: number, lat: number, lon: number): void {
    const k = this.ids.length;
    this.ids.push(id);
    this.lats.push(lat);
    this.lons.push(lon);
    const key = cellKey(row(lat), col(lon));
    const list = this.cells.get(key);
    if (list) list.push(k);
    else this.cells.set(key, [k]);
  }

  /** Calls `visit(id, angularDistanceDeg)` for every point within `radiusDeg` of (lat, lon). */
  query(
    lat: number,
    lon: number,
    radiusDeg: number,
    visit: (id: number, distDeg: number) => void,
  ): void {
    const r0 = row(Math.max(-90, lat - radiusDeg));
    const r1 = row(Math.min(90, lat + radiusDeg));
    const maxAbsLat = Math.min(89.999, Math.abs(lat) + radiusDeg);
    const lonRadius = Math.min(180, radiusDeg / Math.cos(maxAbsLat * DEG));
    const cSpan = lonRadius >= 180 ? COLS : Math.ceil(lonRadius / GRID_CELL_DEG) + 1;
    const c0 = col(lon);
    const seen = cSpan * 2 + 1 >= COLS;
    for (let r = r0; r <= r1; r++) {
      const n = seen ? COLS : cSpan * 2 + 1;
      for (let i = 0; i < n; i++) {
        const c = seen ? i : (((c0 - cSpan + i) % COLS) + COLS) % COLS;
        const list = this.cells.get(cellKey(r, c));
        if (!list) continue;
        for (const k of list) {
          const d = angular(lat, lon, this.lats[k] as number, this.lons[k] as number);
          if (d <= radiusDeg) visit(this.ids[k] as number, d);
        }
      }
    }
  }
}

function row(lat: number): number {
  return Math.min(ROWS - 1, Math.max(0, Math.floor((lat + 90) / GRID_CELL_DEG)));
}

function col(lon: number): number {
  return Math.min(COLS - 1, Math.max(0, Math.floor((lon + 180) / GRID_CELL_DEG)));
}

function cellKey(r: number, c: number): number {
  return r * COLS + c;
}

function angular(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const p1 = lat1 * DEG;
  const p2 = lat2 * DEG;
  const a =
    Math.sin((p2 - p1) / 2) ** 2 +
    Math.cos(p1) * Math.cos(p2) * Math.sin(((lon2 - lon1) * DEG) / 2) ** 2;
  return (2 * Math.asin(Math.min(1, Math.sqrt(a)))) / DEG;
}
