/**
 * gridSystem - the hierarchical latitude/longitude grid ("XGrid", data/globe/gridLevels.ts):
 * picks the level from the altitude, runs emergency mode from the FPS, and rebuilds the one
 * merged line mesh only when the view key changes (level, emergency, the camera's ground point
 * leaving its key cell: half a tile, or more when much of the globe is in view) - not every frame.
 * Reads: earth.parts (PART_GRID), camera, stats.fps. Writes: earth.grid*; earthRender.setGrid.
 * Order: after earthLayer. Cadence: every frame a key compare; a rebuild (milliseconds for
 * tens of thousands of segments) only when the key changes.
 */
import {
  DEFAULT_FOV_DEG,
  EXTENDED_LEVEL_CAP,
  GRID_MAJOR_OPACITY,
  GRID_MINOR_OPACITY,
  buildGridView,
  tileSizeDeg,
  visibleGroundRadiusDeg,
  zoomLevelForDistance,
} from '../data/globe/gridLevels';
import { GLOBE_RADIUS, latLonToXyzInto } from '../data/geoMath';
import type { AtlasWorld } from '../engine/world';
import { PART_GRID } from './earthLayerSystem';

/** Grid line radius: above the borders (200.32) so lines are not hidden by them. */
export const GRID_RADIUS = GLOBE_RADIUS + 0.4;
/** The camera's ground point is quantised to at least this fraction of a tile: moving less
 * keeps the grid; the view is built wider so the quantisation never shows a gap. */
export const GRID_KEY_STEP_TILES = 0.5;
/** Aspect used for the visible-ground test: the 16:9 viewport plus the quantisation margin. */
export const GRID_VIEW_ASPECT = 16 / 9 + 1;
/** Level cap: the spec's extended 14 (altitude 12.5 m and closer). The app's 200.1 minimum
 * distance is 3 km up (level 11); the cap matters only for views that go lower. */
export const GRID_LEVEL_CAP = EXTENDED_LEVEL_CAP;

/** The key step grows with the visible ground (power-of-two multiples of half a tile, up to this
 * fraction of the visible radius), so a far camera orbiting rebuilds every few tens of degrees. */
export const GRID_KEY_STEP_OF_VIEW = 0.4;
/** Largest ground radius built (degrees): beyond a hemisphere and a bit nothing is visible. */
const MAX_BUILD_RADIUS_DEG = 90;

/** Quantisation step (degrees) of the camera's ground point for a level and visible radius. */
export function gridKeyStepDeg(level: number, visibleDeg: number): number {
  const half = tileSizeDeg(level) * GRID_KEY_STEP_TILES;
  let step = half;
  while (step * 2 <= visibleDeg * GRID_KEY_STEP_OF_VIEW && step * 2 <= 45) step *= 2;
  return step;
}

/**
 * Key of the grid view for a camera: equal keys give the same grid, so nothing is rebuilt.
 * Levels 0..14, emergency 0/1, quantised ground point (rows and columns of `step` degrees,
 * {@link gridKeyStepDeg}: at least half a tile).
 */
export function gridViewKey(
  lat: number,
  lon: number,
  level: number,
  emergency: boolean,
  step: number = tileSizeDeg(level) * GRID_KEY_STEP_TILES,
): number {
  const row = Math.floor((lat + 90) / step);
  const col = Math.floor((lon + 180) / step);
  const cols = Math.ceil(360 / step) + 1;
  // level < 16, emergency 1 bit, step as a power-of-two multiple of half a tile (< 2^6);
  // rows * cols stays far below 2^53 for the smallest tiles.
  const stepCode = Math.round(Math.log2(step / (tileSizeDeg(level) * GRID_KEY_STEP_TILES)));
  return (((row * cols + col) * 64 + stepCode) * 2 + (emergency ? 1 : 0)) * 16 + level;
}

/** Quantised ground point (the centre of the key cell), so the build matches the key. */
function keyCentre(v: number, offset: number, step: number): number {
  return (Math.floor((v + offset) / step) + 0.5) * step - offset;
}

let positions = new Float32Array(0);
let alphas = new Float32Array(0);

export function gridSystem(world: AtlasWorld): void {
  const e = world.earth;
  if ((e.parts & PART_GRID) === 0) {
    // Off: forget the view so turning it back on rebuilds; emergency mode keeps its state.
    e.gridKey = -1;
    return;
  }
  const cam = world.camera;
  const level = zoomLevelForDistance(cam.distance, GRID_LEVEL_CAP);
  const emergency = e.gridEmergency.update(world.stats.fps, level);
  const visible = visibleGroundRadiusDeg(cam.distance, DEFAULT_FOV_DEG, GRID_VIEW_ASPECT);
  const step = gridKeyStepDeg(level, visible);
  const key = gridViewKey(cam.lat, cam.lon, level, emergency, step);
  if (key === e.gridKey) return;
  e.gridKey = key;
  e.gridLevel = level;
  e.gridBuilds++;
  // Build from the key cell's centre, for a view wide enough to cover any camera in the cell:
  // the visible radius plus the cell's half diagonal (a farther build distance widens it).
  const want = Math.min(MAX_BUILD_RADIUS_DEG, visible + step * Math.SQRT1_2);
  let buildDistance = cam.distance;
  for (let i = 0; i < 40; i++) {
    if (visibleGroundRadiusDeg(buildDistance, DEFAULT_FOV_DEG, GRID_VIEW_ASPECT) >= want) break;
    buildDistance *= 1.15;
  }
  const view = buildGridView(
    {
      lat: Math.max(-90, Math.min(90, keyCentre(cam.lat, 90, step))),
      lon: keyCentre(cam.lon, 180, step),
      distance: buildDistance,
      aspect: GRID_VIEW_ASPECT,
    },
    { level, emergency },
  );
  const majorPts = view.major.length / 2;
  const minorPts = view.minor.length / 2;
  const n = majorPts + minorPts;
  if (positions.length < n * 3) {
    positions = new Float32Array(n * 3 * 2);
    alphas = new Float32Array(n * 2);
  }
  for (let p = 0; p < majorPts; p++) {
    latLonToXyzInto(
      view.major[p * 2 + 1] as number,
      view.major[p * 2] as number,
      GRID_RADIUS,
      positions,
      p * 3,
    );
    alphas[p] = GRID_MAJOR_OPACITY;
  }
  for (let p = 0; p < minorPts; p++) {
    latLonToXyzInto(
      view.minor[p * 2 + 1] as number,
      view.minor[p * 2] as number,
      GRID_RADIUS,
      positions,
      (majorPts + p) * 3,
    );
    alphas[majorPts + p] = GRID_MINOR_OPACITY;
  }
  world.earthRender.setGrid(positions, alphas, n);
}
