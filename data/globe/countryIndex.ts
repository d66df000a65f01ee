/**
 * "Which country is at (lat, lon)?" for country hover and click (spec globe.md section 2,
 * "Hovering a country shows a pointer cursor; clicking selects it"). Built once at load time from
 * the country polygons of a decoded geo mesh (`public/geo/countries-*.bin`, data/geo/codec.ts):
 * a coarse lat/lon grid over the polygons' bounding boxes gives a few candidates, then an
 * even-odd point-in-polygon test on the rings (holes included) decides.
 *
 * The rings are planar in (lon, lat) degrees and already split at the antimeridian by the source
 * data (Fiji, Russia, the United States come in pieces; Antarctica closes along lat -90), so no
 * wrapping is needed. Queries allocate nothing.
 */

/** Grid cell size in degrees (ours): 10 degrees gives 648 cells, ~3 candidates per cell. */
export const COUNTRY_GRID_CELL_DEG = 10;

/** What the index needs of a decoded mesh (a subset of data/geo/codec.ts PolygonMesh). */
export interface CountryMeshLike {
  readonly positions: ArrayLike<number>;
  readonly features: readonly {
    readonly polygons: readonly { readonly rings: readonly { start: number; count: number }[] }[];
    readonly properties: Readonly<Record<string, string | number | boolean | null>>;
  }[];
}

export interface CountryInfo {
  /** Feature index in the source mesh. */
  readonly index: number;
  readonly name: string;
  /** ISO 3166-1 alpha-2, '' when the source has none (e.g. disputed areas). */
  readonly iso2: string;
  /** Where to centre the camera: the source's label point, else the bounding-box centre. */
  readonly lat: number;
  readonly lon: number;
}

const COLS = Math.ceil(360 / COUNTRY_GRID_CELL_DEG);
const ROWS = Math.ceil(180 / COUNTRY_GRID_CELL_DEG);

function col(lon: number): number {
  return Math.min(COLS - 1, Math.max(0, Math.floor((lon + 180) / COUNTRY_GRID_CELL_DEG)));
}
function row(lat: number): number {
  return Math.min(ROWS - 1, Math.max(0, Math.floor((lat + 90) / COUNTRY_GRID_CELL_DEG)));
}

function str(v: string | number | boolean | null | undefined): string {
  return typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v);
}

export class CountryIndex {
  readonly countries: readonly CountryInfo[];
  private readonly positions: Float64Array;
  /** Per polygon: owning country, first ring, ring count, bbox. */
  private readonly polyCountry: Int32Array;
  private readonly polyRingStart: Int32Array;
  private readonly polyRingCount: Int32Array;
  private readonly polyBox: Float64Array; // minLon, minLat, maxLon, maxLat
  /** Per ring: first vertex and vertex count. */
  private readonly ringStart: Int32Array;
  private readonly ringCount: Int32Array;
  /** Per grid cell, the polygons whose bounding box touches it. */
  private readonly cells: Int32Array[];

  constructor(mesh: CountryMeshLike) {
    this.positions = Float64Array.from(mesh.positions);
    const countries: CountryInfo[] = [];
    const polyCountry: number[] = [];
    const polyRingStart: number[] = [];
    const polyRingCount: number[] = [];
    const polyBox: number[] = [];
    const ringStart: number[] = [];
    const ringCount: number[] = [];
    const p = this.positions;
    mesh.features.forEach((f, fi) => {
      if (f.polygons.length === 0) return;
      const ci = countries.length;
      let cMinLon = Infinity;
      let cMinLat = Infinity;
      let cMaxLon = -Infinity;
      let cMaxLat = -Infinity;
      for (const poly of f.polygons) {
        const outer = poly.rings[0];
        if (outer === undefined || outer.count < 3) continue;
        let minLon = Infinity;
        let minLat = Infinity;
        let maxLon = -Infinity;
        let maxLat = -Infinity;
        for (let v = outer.start; v < outer.start + outer.count; v++) {
          const lon = p[v * 2] ?? 0;
          const lat = p[v * 2 + 1] ?? 0;
          if (lon < minLon) minLon = lon;
          if (lon > maxLon) maxLon = lon;
          if (lat < minLat) minLat = lat;
          if (lat > maxLat) maxLat = lat;
        }
        polyCountry.push(ci);
        polyRingStart.push(ringStart.length);
        polyRingCount.push(poly.rings.length);
        polyBox.push(minLon, minLat, maxLon, maxLat);
        for (const r of poly.rings) {
          ringStart.push(r.start);
          ringCount.push(r.count);
        }
        cMinLon = Math.min(cMinLon, minLon);
        cMinLat = Math.min(cMinLat, minLat);
        cMaxLon = Math.max(cMaxLon, maxLon);
        cMaxLat = Math.max(cMaxLat, maxLat);
      }
      const props = f.properties;
      const labelLat = props['labelLat'];
      const labelLon = props['labelLon'];
      const iso2 = str(props['iso2']);
      countries.push({
        index: fi,
        name: str(props['name'] ?? props['NAME']) || 'Unknown',
        iso2: iso2 === '-99' ? '' : iso2,
        lat: typeof labelLat === 'number' ? labelLat : (cMinLat + cMaxLat) / 2,
        lon: typeof labelLon === 'number' ? labelLon : (cMinLon + cMaxLon) / 2,
      });
    });
    this.countries = countries;
    this.polyCountry = Int32Array.from(polyCountry);
    this.polyRingStart = Int32Array.from(polyRingStart);
    this.polyRingCount = Int32Array.from(polyRingCount);
    this.polyBox = Float64Array.from(polyBox);
    this.ringStart = Int32Array.from(ringStart);
    this.ringCount = Int32Array.from(ringCount);

    const lists: number[][] = Array.from({ length: COLS * ROWS }, () => []);
    for (let k = 0; k < polyCountry.length; k++) {
      const c0 = col(this.polyBox[k * 4] ?? 0);
      const r0 = row(this.polyBox[k * 4 + 1] ?? 0);
      const c1 = col(this.polyBox[k * 4 + 2] ?? 0);
      const r1 = row(this.polyBox[k * 4 + 3] ?? 0);
      for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) lists[r * COLS + c]?.push(k);
    }
    this.cells = lists.map((l) => Int32Array.from(l));
  }

  get size(): number {
    return this.countries.length;
  }

  /** Index into `countries` of the country containing (lat, lon), or -1 (ocean). */
  find(lat: number, lon: number): number {
    if (!Number.isFinite(lat) || !Number.isFinite(lon)) return -1;
    const cell = this.cells[row(lat) * COLS + col(lon)];
    if (cell === undefined) return -1;
    const box = this.polyBox;
    for (let i = 0; i < cell.length; i++) {
      const k = cell[i] ?? 0;
      if (
        lon < (box[k * 4] ?? 0) ||
        lat < (box[k * 4 + 1] ?? 0) ||
        lon > (box[k * 4 + 2] ?? 0) ||
        lat > (box[k * 4 + 3] ?? 0)
      ) {
        continue;
      }
      // Even-odd over all rings of the polygon: inside the outer ring and in no hole.
      let inside = false;
      const r0 = this.polyRingStart[k] ?? 0;
      const rn = this.polyRingCount[k] ?? 0;
      for (let r = r0; r < r0 + rn; r++) {
        if (this.inRing(this.ringStart[r] ?? 0, this.ringCount[r] ?? 0, lon, lat)) {
          inside = !inside;
        }
      }
      if (inside) return this.polyCountry[k] ?? -1;
    }
    return -1;
  }

  /** The country at (lat, lon), or null. */
  countryAt(lat: number, lon: number): CountryInfo | null {
    const i = this.find(lat, lon);
    return i < 0 ? null : (this.countries[i] ?? null);
  }

  /** The country with this ISO alpha-2 code (case-insensitive), or null. */
  byIso2(iso2: string): CountryInfo | null {
    const want = iso2.toUpperCase();
    return this.countries.find((c) => c.iso2 === want) ?? null;
  }

  /** Crossing-number test of (x, y) against the closed ring of `count` vertices at `start`. */
  private inRing(start: number, count: number, x: number, y: number): boolean {
    const p = this.positions;
    let inside = false;
    let j = start + count - 1;
    for (let i = start; i < start + count; j = i++) {
      const xi = p[i * 2] ?? 0;
      const yi = p[i * 2 + 1] ?? 0;
      const xj = p[j * 2] ?? 0;
      const yj = p[j * 2 + 1] ?? 0;
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
    }
    return inside;
  }
}
