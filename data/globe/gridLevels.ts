/**
 * The hierarchical latitude/longitude grid ("XGrid" in the spec) and the background globe's grid.
 *
 * Model. A zoom level (0 = far, 14 = a few metres up) comes from the camera altitude (spec
 * globe.md section 9). Each level has a tile size in degrees; each tile is split into
 * {@link GRID_DIVISIONS} x {@link GRID_DIVISIONS} cells (spec: "config 10 divisions"). For a camera
 * we pick the tiles whose area can be on screen, nearest first, at most {@link MAX_TILES} (spec:
 * "XGrid max tiles 8000"); cell lines are drawn inside the nearest tiles until the cell budget is
 * spent ({@link MAX_CELLS}, spec: "max 500000 cells"; {@link EMERGENCY_MAX_CELLS} = 100 in
 * emergency mode). Farther tiles keep only their outline.
 *
 * Output: line segments as flat `[lon0, lat0, lon1, lat1, ...]` arrays in degrees, tile edges
 * ("major") and cell edges ("minor") separately so they can be two merged line meshes with their
 * own opacity. Float64: at level 14 a cell is 2e-6 deg, below float32's resolution of longitudes
 * near 180 (1.5e-5 deg). Convert with {@link segmentsToPositions} (float32 xyz is fine: at radius
 * 200 its step is 1.5e-5 units, a cell is 7e-3 units). Lines longer than
 * {@link MAX_SEGMENT_DEG} are split so parallels (small circles) follow the sphere instead of
 * cutting chords through it; shorter ones stay one segment, which keeps the buffers small.
 *
 * Pure and allocation-light: meant to be rebuilt when the level changes or the camera moved by
 * a tile, not every frame.
 */

import { angularDistanceDeg, clamp, distanceToKm, latLonToXyzInto, wrapLon } from '../geoMath';

const DEG = Math.PI / 180;

// ---------------------------------------------------------------------------------------------
// Zoom level from altitude

/**
 * Altitude band upper bounds in km (spec globe.md section 9: "Zoom levels 0 to 11 from altitude
 * bands 50, 100, 200, 400, 800, 1500, 3000, 6000, 12000, 25000, 50000"). Closer is finer: at or
 * under 50 km is level 11, over 50000 km is level 0; band k (0-based) maps to level 11 - k.
 */
export const ALTITUDE_BANDS_KM: readonly number[] = [
  50, 100, 200, 400, 800, 1500, 3000, 6000, 12000, 25000, 50000,
];

/** The finest level reached by the altitude bands alone. */
export const BANDS_MAX_LEVEL = 11;

/**
 * Extreme close-up rule (spec globe.md section 9): altitude 100 m or less is level 11, 50 m or less
 * level 12, 25 m or less level 13; "extended to 14" continues the halving: 12.5 m or less is 14.
 * Ordered from the finest.
 */
export const CLOSE_UP_LEVELS: readonly { maxAltitudeM: number; level: number }[] = [
  { maxAltitudeM: 12.5, level: 14 },
  { maxAltitudeM: 25, level: 13 },
  { maxAltitudeM: 50, level: 12 },
  { maxAltitudeM: 100, level: 11 },
];

/** Normal level cap (spec: "zoom levels capped at 12"). */
export const LEVEL_CAP = 12;
/** Extended level cap (spec: "extended to 14"). */
export const EXTENDED_LEVEL_CAP = 14;

/**
 * Zoom level for an altitude above the surface in km, capped at `cap` ({@link LEVEL_CAP} normally,
 * {@link EXTENDED_LEVEL_CAP} when the extended levels are on).
 */
export function zoomLevelForAltitude(altitudeKm: number, cap: number = LEVEL_CAP): number {
  return Math.min(uncappedLevel(altitudeKm), clamp(Math.floor(cap), 0, EXTENDED_LEVEL_CAP));
}

function uncappedLevel(altitudeKm: number): number {
  const altM = altitudeKm * 1000;
  for (const c of CLOSE_UP_LEVELS) if (altM <= c.maxAltitudeM) return c.level;
  for (let k = 0; k < ALTITUDE_BANDS_KM.length; k++) {
    if (altitudeKm <= (ALTITUDE_BANDS_KM[k] ?? Infinity)) return BANDS_MAX_LEVEL - k;
  }
  return 0;
}

/** Zoom level for a camera at `distance` scene units from the centre (spec altitude formula). */
export function zoomLevelForDistance(distance: number, cap: number = LEVEL_CAP): number {
  return zoomLevelForAltitude(distanceToKm(distance), cap);
}

// ---------------------------------------------------------------------------------------------
// Tile and cell sizes

/** Cells per tile side (spec: XGrid "config 10 divisions"). */
export const GRID_DIVISIONS = 10;
/** Tiles drawn at most (spec: "XGrid max tiles 8000"). */
export const MAX_TILES = 8000;
/** Cells drawn at most (spec: "Grid: max 500000 cells"). */
export const MAX_CELLS = 500_000;
/** Cell cap while emergency mode is on (spec: emergency mode "caps cells at 100"). */
export const EMERGENCY_MAX_CELLS = 100;
/**
 * Longest straight segment, degrees. A 2 deg chord sags 200 (1 - cos 1 deg) = 0.03 units below the
 * sphere: invisible from the altitudes where tiles are that large (level 5 and coarser, 1500 km+).
 */
export const MAX_SEGMENT_DEG = 2;

/** Tile candidates examined at most, so a degenerate view (a pole at level 14) stays bounded. */
const MAX_CANDIDATES = 4 * MAX_TILES;

/** Grid line colour (spec: "default colour cyan"). */
export const GRID_COLOR = '#00ffff';
/** Opacity of tile edges (spec: grid "opacity 0.7"). */
export const GRID_MAJOR_OPACITY = 0.7;
/** Opacity of cell edges (spec: XGrid "config ... opacity 0.3"). */
export const GRID_MINOR_OPACITY = 0.3;
/** Hierarchy depth of the original XGrid config (spec: "3 levels"); see the module notes. */
export const XGRID_CONFIG_LEVELS = 3;

/**
 * Tile size in degrees per level, 1-2-5 steps so lines fall on round coordinates, and 180 and
 * 360 divide evenly. Chosen from the view width at each band's far end with fov 45: the view is
 * 0.37 deg wide at 50 km (level 11, tiles 0.02), 3 deg at 400 km (level 8, 0.2), 51 deg at
 * 6000 km (level 4, 5); levels 0-2 see a whole hemisphere. So a view spans some 4-20 tiles.
 * Levels 12-14 (50 m and closer; the view is under 41 m wide) jump to metre-scale tiles.
 */
export const TILE_SIZE_DEG: readonly number[] = [
  30, 20, 15, 10, 5, 2, 1, 0.5, 0.2, 0.1, 0.05, 0.02, 0.0001, 0.00005, 0.00002,
];

/** Tile size in degrees for a level (clamped to 0..14). */
export function tileSizeDeg(level: number): number {
  return TILE_SIZE_DEG[clamp(Math.round(level), 0, TILE_SIZE_DEG.length - 1)] ?? 30;
}

/** Cell size in degrees for a level: a tile split {@link GRID_DIVISIONS} ways. */
export function cellSizeDeg(level: number): number {
  return tileSizeDeg(level) / GRID_DIVISIONS;
}

// ---------------------------------------------------------------------------------------------
// Visibility

/** Default vertical field of view in degrees (spec globe.md section 9: "Field of view 45"). */
export const DEFAULT_FOV_DEG = 45;

/** An orbit camera looking at the globe centre from above (lat, lon). */
export interface GridCamera {
  lat: number;
  lon: number;
  /** Distance from the globe centre, scene units (globe radius 200). */
  distance: number;
  /** Vertical field of view, degrees. Default 45. */
  fovDeg?: number;
  /** Viewport width / height. Default 1. */
  aspect?: number;
}

/**
 * Angular radius (degrees, at the globe centre) of the ground that can be on screen: where the
 * frustum's corner ray meets the sphere, or the horizon when it misses.
 */
export function visibleGroundRadiusDeg(
  distance: number,
  fovDeg: number = DEFAULT_FOV_DEG,
  aspect = 1,
  radius = 200,
): number {
  if (distance <= radius) return 0;
  const halfV = (fovDeg / 2) * DEG;
  const corner = Math.atan(Math.tan(halfV) * Math.sqrt(1 + aspect * aspect));
  const s = (distance * Math.sin(corner)) / radius;
  if (s >= 1) return Math.acos(radius / distance) / DEG;
  return (Math.asin(s) - corner) / DEG;
}

/** A grid tile: the square [lat0, lat0 + size] x [lon0, lon0 + size] in degrees. */
export interface GridTile {
  /** Column, 0 at lon -180. */
  i: number;
  /** Row, 0 at lat -90. */
  j: number;
  lat0: number;
  lon0: number;
  size: number;
  /** Angular distance from the camera's ground point to the tile centre, degrees. */
  distanceDeg: number;
  /** Whether cell lines are drawn inside this tile (the cell budget allowed it). */
  hasCells: boolean;
}

export interface GridOptions {
  /** Level cap (default {@link LEVEL_CAP}); pass {@link EXTENDED_LEVEL_CAP} for close-ups. */
  levelCap?: number;
  /** Force a level instead of deriving it from the altitude. */
  level?: number;
  /** Emergency mode: cells capped at {@link EMERGENCY_MAX_CELLS}. */
  emergency?: boolean;
  /** Override the tile cap (default {@link MAX_TILES}). */
  maxTiles?: number;
  /** Override the cell cap (default {@link MAX_CELLS}, or 100 in emergency). */
  maxCells?: number;
}

export interface GridView {
  level: number;
  tileSizeDeg: number;
  cellSizeDeg: number;
  /** Nearest first. */
  tiles: GridTile[];
  /** Cells drawn (tiles with cells x divisions^2). */
  cellCount: number;
  /** True when the tile cap cut visible tiles. */
  truncated: boolean;
  /** Tile edges, `[lon0, lat0, lon1, lat1, ...]`, degrees. */
  major: Float64Array;
  /** Cell edges inside tiles with cells, same layout. */
  minor: Float64Array;
}

/**
 * The grid for a camera: level, visible tiles (nearest first, capped), and the line segments.
 */
export function buildGridView(camera: GridCamera, options: GridOptions = {}): GridView {
  const level =
    options.level ?? zoomLevelForDistance(camera.distance, options.levelCap ?? LEVEL_CAP);
  const size = tileSizeDeg(level);
  const cols = Math.round(360 / size);
  const rows = Math.round(180 / size);
  const maxTiles = options.maxTiles ?? MAX_TILES;
  const maxCells = options.maxCells ?? (options.emergency ? EMERGENCY_MAX_CELLS : MAX_CELLS);

  const theta = visibleGroundRadiusDeg(
    camera.distance,
    camera.fovDeg ?? DEFAULT_FOV_DEG,
    camera.aspect ?? 1,
  );
  // Half the tile diagonal bounds how far a visible tile's centre can be from the visible cap.
  const reach = theta + size * Math.SQRT1_2;
  const lat = clamp(camera.lat, -90, 90);
  const lon = wrapLon(camera.lon);

  const j0 = clamp(Math.floor((lat + 90) / size), 0, rows - 1);
  const i0 = clamp(Math.floor((lon + 180) / size), 0, cols - 1);
  const rowSpan = Math.ceil(reach / size) + 1;
  const poleInView = Math.abs(lat) + reach >= 90;
  const lonReach = poleInView
    ? 180
    : Math.asin(Math.min(1, Math.sin(reach * DEG) / Math.cos(lat * DEG))) / DEG;
  const colSpan = Math.min(Math.ceil(cols / 2), Math.ceil(lonReach / size) + 1);

  const tiles: GridTile[] = [];
  let examined = 0;
  // Centre-outward rows and columns, so the candidate budget keeps the nearest tiles.
  outer: for (let dj = 0; dj <= rowSpan; dj++) {
    for (const sj of dj === 0 ? [0] : [1, -1]) {
      const j = j0 + sj * dj;
      if (j < 0 || j >= rows) continue;
      const lat0 = -90 + j * size;
      for (let di = 0; di <= colSpan; di++) {
        for (const si of di === 0 ? [0] : [1, -1]) {
          if (si === -1 && di * 2 >= cols) continue; // the +di side already wrapped round
          const i = (((i0 + si * di) % cols) + cols) % cols;
          if (++examined > MAX_CANDIDATES) break outer;
          const lon0 = -180 + i * size;
          const d = angularDistanceDeg(lat, lon, lat0 + size / 2, lon0 + size / 2);
          if (d <= reach) {
            tiles.push({ i, j, lat0, lon0, size, distanceDeg: d, hasCells: false });
          }
        }
      }
    }
  }
  tiles.sort((a, b) => a.distanceDeg - b.distanceDeg);
  const truncated = tiles.length > maxTiles || examined > MAX_CANDIDATES;
  if (tiles.length > maxTiles) tiles.length = maxTiles;

  const cellsPerTile = GRID_DIVISIONS * GRID_DIVISIONS;
  let cellCount = 0;
  for (const t of tiles) {
    if (cellCount + cellsPerTile > maxCells) break;
    t.hasCells = true;
    cellCount += cellsPerTile;
  }

  return {
    level,
    tileSizeDeg: size,
    cellSizeDeg: size / GRID_DIVISIONS,
    tiles,
    cellCount,
    truncated,
    major: tileEdges(tiles, cols),
    minor: cellEdges(tiles),
  };
}

/** Segments per line of `lengthDeg` so none exceeds {@link MAX_SEGMENT_DEG}. */
function partsFor(lengthDeg: number): number {
  return Math.max(1, Math.ceil(lengthDeg / MAX_SEGMENT_DEG - 1e-9));
}

/** Appends a line from (lon0, lat0) to (lon1, lat1) split into `parts` segments. */
function pushLine(
  out: Float64Array,
  at: number,
  lon0: number,
  lat0: number,
  lon1: number,
  lat1: number,
  parts: number,
): number {
  let o = at;
  for (let k = 0; k < parts; k++) {
    out[o++] = lon0 + ((lon1 - lon0) * k) / parts;
    out[o++] = lat0 + ((lat1 - lat0) * k) / parts;
    out[o++] = lon0 + ((lon1 - lon0) * (k + 1)) / parts;
    out[o++] = lat0 + ((lat1 - lat0) * (k + 1)) / parts;
  }
  return o;
}

/**
 * Tile outlines without duplicates: each tile draws its south and west edges, and its north or
 * east edge only when that neighbour is not in the set. Edges along a pole are points: skipped.
 */
function tileEdges(tiles: readonly GridTile[], cols: number): Float64Array {
  const present = new Set<number>();
  for (const t of tiles) present.add(t.j * cols + t.i);
  const n = partsFor(tiles[0]?.size ?? 0);
  // Bit 0 south, 1 west, 2 north, 3 east.
  const masks = new Uint8Array(tiles.length);
  let lines = 0;
  tiles.forEach((t, k) => {
    const top = t.lat0 + t.size >= 90 - 1e-9;
    let m = 0b0010;
    if (t.lat0 > -90 + 1e-9) m |= 0b0001;
    if (!top && !present.has((t.j + 1) * cols + t.i)) m |= 0b0100;
    if (!present.has(t.j * cols + ((t.i + 1) % cols))) m |= 0b1000;
    masks[k] = m;
    for (let b = m; b !== 0; b >>= 1) lines += b & 1;
  });
  const out = new Float64Array(lines * n * 4);
  let o = 0;
  tiles.forEach((t, k) => {
    const m = masks[k] ?? 0;
    const { lat0, lon0, size } = t;
    const lat1 = Math.min(90, lat0 + size);
    const lon1 = lon0 + size;
    if (m & 0b0001) o = pushLine(out, o, lon0, lat0, lon1, lat0, n);
    if (m & 0b0010) o = pushLine(out, o, lon0, lat0, lon0, lat1, n);
    if (m & 0b0100) o = pushLine(out, o, lon0, lat1, lon1, lat1, n);
    if (m & 0b1000) o = pushLine(out, o, lon1, lat0, lon1, lat1, n);
  });
  return out;
}

/** Interior cell lines of the tiles that have cells. */
function cellEdges(tiles: readonly GridTile[]): Float64Array {
  const n = GRID_DIVISIONS;
  const parts = partsFor(tiles[0]?.size ?? 0);
  let count = 0;
  for (const t of tiles) if (t.hasCells) count++;
  const out = new Float64Array(count * 2 * (n - 1) * parts * 4);
  let o = 0;
  for (const t of tiles) {
    if (!t.hasCells) continue;
    const { lat0, lon0, size } = t;
    const step = size / n;
    for (let k = 1; k < n; k++) {
      o = pushLine(out, o, lon0, lat0 + k * step, lon0 + size, lat0 + k * step, parts);
      o = pushLine(out, o, lon0 + k * step, lat0, lon0 + k * step, lat0 + size, parts);
    }
  }
  return out;
}

/**
 * Converts `[lon0, lat0, lon1, lat1, ...]` segments to xyz endpoints `[x0, y0, z0, x1, y1, z1, ...]`
 * on a sphere of `radius`, the globe's axes (data/geoMath.ts), ready for a line-list vertex buffer.
 */
export function segmentsToPositions(
  lonLat: Float64Array | Float32Array,
  radius: number,
  out: Float32Array = new Float32Array((lonLat.length / 2) * 3),
): Float32Array {
  const points = lonLat.length / 2;
  for (let p = 0; p < points; p++) {
    latLonToXyzInto(lonLat[p * 2 + 1] ?? 0, lonLat[p * 2] ?? 0, radius, out, p * 3);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Emergency mode

/** Emergency mode turns on below this FPS (spec: "when FPS under 30 at zoom level 10 or higher"). */
export const EMERGENCY_ON_FPS = 30;
/** ... at this level or finer. */
export const EMERGENCY_MIN_LEVEL = 10;
/** Emergency mode turns off above this FPS (spec: "off when FPS over 45"). */
export const EMERGENCY_OFF_FPS = 45;

/**
 * Next emergency state. The gap between 30 and 45 FPS is the hysteresis: inside it the state does
 * not change, so the grid does not flap between full and capped. A non-positive FPS means "not
 * measured yet" and changes nothing. Leaving the fine levels does not end emergency mode by
 * itself (the spec turns it off only on FPS); it simply matters less there.
 */
export function nextEmergencyState(active: boolean, fps: number, level: number): boolean {
  if (!(fps > 0)) return active;
  if (!active) return fps < EMERGENCY_ON_FPS && level >= EMERGENCY_MIN_LEVEL;
  return fps <= EMERGENCY_OFF_FPS;
}

export interface EmergencyMode {
  /** Feeds a (smoothed) FPS sample and the current level; returns whether emergency mode is on. */
  update(fps: number, level: number): boolean;
  readonly active: boolean;
  reset(): void;
}

export function createEmergencyMode(): EmergencyMode {
  let active = false;
  return {
    update(fps, level) {
      active = nextEmergencyState(active, fps, level);
      return active;
    },
    get active() {
      return active;
    },
    reset() {
      active = false;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Background globe grid

/** Background globe: latitude lines (spec globe.md section 1: "16 latitude and 32 longitude lines"). */
export const BACKGROUND_LAT_LINES = 16;
/** Background globe: longitude lines (spec globe.md section 1). */
export const BACKGROUND_LON_LINES = 32;
/** Segments per full parallel; meridians get half (they span 180 deg). 5.6 deg steps sag 0.1%. */
export const BACKGROUND_SEGMENTS_PER_CIRCLE = 64;

/**
 * The background globe's grid as `[lon0, lat0, lon1, lat1, ...]` segments: `latLines` parallels
 * evenly spaced strictly between the poles (the poles count as the boundaries, so the spacing is
 * 180 / (latLines + 1): 10.6 deg for 16), and `lonLines` meridians every 360 / lonLines deg from
 * the prime meridian (11.25 deg for 32), pole to pole.
 */
export function backgroundGridLines(
  latLines = BACKGROUND_LAT_LINES,
  lonLines = BACKGROUND_LON_LINES,
  segmentsPerCircle = BACKGROUND_SEGMENTS_PER_CIRCLE,
): Float64Array {
  const half = Math.max(1, Math.round(segmentsPerCircle / 2));
  const out = new Float64Array((latLines * segmentsPerCircle + lonLines * half) * 4);
  let o = 0;
  for (let k = 1; k <= latLines; k++) {
    const lat = -90 + (180 * k) / (latLines + 1);
    o = pushLine(out, o, -180, lat, 180, lat, segmentsPerCircle);
  }
  for (let k = 0; k < lonLines; k++) {
    const lon = wrapLon((360 * k) / lonLines);
    o = pushLine(out, o, lon, -90, lon, 90, half);
  }
  return out;
}
