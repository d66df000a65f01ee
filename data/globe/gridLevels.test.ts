import { describe, expect, it } from 'vitest';
import { angularDistanceDeg, KM_PER_UNIT, latLonToXyz } from '../geoMath';
import {
  backgroundGridLines,
  buildGridView,
  cellSizeDeg,
  createEmergencyMode,
  EMERGENCY_MAX_CELLS,
  EXTENDED_LEVEL_CAP,
  GRID_DIVISIONS,
  MAX_CELLS,
  MAX_SEGMENT_DEG,
  MAX_TILES,
  nextEmergencyState,
  segmentsToPositions,
  TILE_SIZE_DEG,
  tileSizeDeg,
  visibleGroundRadiusDeg,
  zoomLevelForAltitude,
  zoomLevelForDistance,
} from './gridLevels';
import type { GridView } from './gridLevels';

/** Camera distance (scene units) for an altitude in km (spec readout formula inverted). */
const distanceForKm = (km: number): number => 200 + km / KM_PER_UNIT;

/** Seeded PRNG (mulberry32) so failures reproduce. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function segmentKeys(view: GridView, which: 'major' | 'minor'): string[] {
  const a = view[which];
  const keys: string[] = [];
  for (let k = 0; k < a.length; k += 4) {
    const p = `${(a[k] ?? 0).toFixed(9)},${(a[k + 1] ?? 0).toFixed(9)}`;
    const q = `${(a[k + 2] ?? 0).toFixed(9)},${(a[k + 3] ?? 0).toFixed(9)}`;
    keys.push(p < q ? `${p}|${q}` : `${q}|${p}`);
  }
  return keys;
}

describe('zoom level from altitude', () => {
  it('maps the spec bands to levels 11..0, closer is finer', () => {
    const cases: [number, number][] = [
      [80_000, 0],
      [50_001, 0],
      [50_000, 1],
      [25_001, 1],
      [25_000, 2],
      [12_000, 3],
      [6_000, 4],
      [3_000, 5],
      [1_500, 6],
      [800, 7],
      [400, 8],
      [200, 9],
      [100, 10],
      [50.01, 10],
      [50, 11],
      [3, 11],
      [0.1, 11],
    ];
    for (const [km, level] of cases) expect(zoomLevelForAltitude(km), `${km} km`).toBe(level);
  });

  it('applies the extreme close-up rule: 50 m -> 12, 25 m -> 13, 12.5 m -> 14, capped at 12 unless extended', () => {
    expect(zoomLevelForAltitude(0.05)).toBe(12);
    expect(zoomLevelForAltitude(0.025)).toBe(12);
    expect(zoomLevelForAltitude(0.001)).toBe(12);
    expect(zoomLevelForAltitude(0.05, EXTENDED_LEVEL_CAP)).toBe(12);
    expect(zoomLevelForAltitude(0.025, EXTENDED_LEVEL_CAP)).toBe(13);
    expect(zoomLevelForAltitude(0.0125, EXTENDED_LEVEL_CAP)).toBe(14);
    expect(zoomLevelForAltitude(0, EXTENDED_LEVEL_CAP)).toBe(14);
    expect(zoomLevelForAltitude(0.001, 99)).toBe(14);
    expect(zoomLevelForAltitude(0.001, 9)).toBe(9);
  });

  it('never gets coarser as the camera comes closer', () => {
    let prev = 0;
    for (let km = 100_000; km > 0.001; km *= 0.97) {
      const level = zoomLevelForAltitude(km, EXTENDED_LEVEL_CAP);
      expect(level).toBeGreaterThanOrEqual(prev);
      prev = level;
    }
    expect(prev).toBe(14);
  });

  it('derives the level from camera distance: the default 600 is level 2', () => {
    expect(zoomLevelForDistance(600)).toBe(2);
    expect(zoomLevelForDistance(distanceForKm(45))).toBe(11);
    expect(zoomLevelForDistance(200.1)).toBe(11);
  });
});

describe('tile and cell sizes', () => {
  it('shrink with the level, divide 180 and 360 evenly, and cells are a tenth of a tile', () => {
    expect(TILE_SIZE_DEG).toHaveLength(15);
    for (let level = 0; level <= 14; level++) {
      const s = tileSizeDeg(level);
      if (level > 0) expect(s).toBeLessThan(tileSizeDeg(level - 1));
      expect(Math.abs(180 / s - Math.round(180 / s))).toBeLessThan(1e-6);
      expect(cellSizeDeg(level)).toBeCloseTo(s / GRID_DIVISIONS, 15);
    }
    expect(tileSizeDeg(-3)).toBe(30);
    expect(tileSizeDeg(99)).toBe(0.00002);
  });
});

describe('visible ground radius', () => {
  it('is the horizon far away and the frustum corner close up', () => {
    expect(visibleGroundRadiusDeg(20_000)).toBeCloseTo(
      (Math.acos(200 / 20_000) * 180) / Math.PI,
      9,
    );
    // 50 km up, fov 45, square viewport: the corner ray reaches about 0.27 deg away.
    const r = visibleGroundRadiusDeg(distanceForKm(50));
    expect(r).toBeGreaterThan(0.2);
    expect(r).toBeLessThan(0.35);
    expect(visibleGroundRadiusDeg(200)).toBe(0);
    expect(visibleGroundRadiusDeg(300, 45, 2)).toBeGreaterThan(visibleGroundRadiusDeg(300, 45, 1));
  });
});

describe('buildGridView', () => {
  it('covers the visible ground with unique tiles, nearest first, within the caps', () => {
    const random = rng(7);
    const misses: string[] = [];
    let checked = 0;
    const kms = [0.3, 3, 30, 60, 150, 300, 600, 1200, 2500, 5000, 10_000, 20_000, 40_000, 90_000];
    for (const km of kms) {
      for (const [lat, lon] of [
        [0, 0],
        [48.85, 2.35],
        [-33.9, 151.2],
        [0, 179.999],
        [0, -180],
        [89.99, 10],
        [-90, 0],
        [65, -150],
      ] as const) {
        const camera = { lat, lon, distance: distanceForKm(km) };
        const view = buildGridView(camera);
        const where = `${km} km at ${lat},${lon}`;
        expect(view.tiles.length, where).toBeGreaterThan(0);
        expect(view.tiles.length, where).toBeLessThanOrEqual(MAX_TILES);
        expect(view.cellCount, where).toBeLessThanOrEqual(MAX_CELLS);
        const keys = new Set(view.tiles.map((t) => `${t.i},${t.j}`));
        expect(keys.size, where).toBe(view.tiles.length);
        const d = view.tiles.map((t) => t.distanceDeg);
        expect(
          d.every((v, k) => k === 0 || v >= (d[k - 1] ?? 0)),
          where,
        ).toBe(true);
        if (view.truncated) continue;
        // Any ground point that can be on screen lies in a listed tile.
        const theta = visibleGroundRadiusDeg(camera.distance);
        const size = view.tileSizeDeg;
        const cols = Math.round(360 / size);
        const rows = Math.round(180 / size);
        for (let s = 0; s < 200; s++) {
          // Uniform-ish sample in the visible cap.
          const pLat = Math.max(-90, Math.min(90, lat + (random() * 2 - 1) * theta));
          const pLon = lon + (random() * 2 - 1) * theta * 3;
          if (angularDistanceDeg(lat, lon, pLat, pLon) > theta) continue;
          const wrapped = ((((pLon + 180) % 360) + 360) % 360) - 180;
          const i = Math.min(cols - 1, Math.floor((wrapped + 180) / size));
          const j = Math.min(rows - 1, Math.floor((pLat + 90) / size));
          checked++;
          if (!keys.has(`${i},${j}`)) misses.push(`${where}: ${pLat},${pLon}`);
        }
      }
    }
    expect(misses).toEqual([]);
    expect(checked).toBeGreaterThan(2000);
  });

  it('draws 100 cells per tile for the nearest tiles and every segment stays short and in range', () => {
    const view = buildGridView({ lat: 40, lon: -100, distance: 600 });
    expect(view.level).toBe(2);
    expect(view.cellCount).toBe(view.tiles.filter((t) => t.hasCells).length * 100);
    let bad = 0;
    for (const arr of [view.major, view.minor]) {
      expect(arr.length % 4).toBe(0);
      for (let k = 0; k < arr.length; k += 4) {
        const lon0 = arr[k] ?? 0;
        const lat0 = arr[k + 1] ?? 0;
        const lon1 = arr[k + 2] ?? 0;
        const lat1 = arr[k + 3] ?? 0;
        const short = Math.abs(lon1 - lon0) + Math.abs(lat1 - lat0) <= MAX_SEGMENT_DEG + 1e-9;
        const inRange = Math.abs(lat0) <= 90 && Math.abs(lat1) <= 90 && lon0 >= -180 && lon1 <= 180;
        if (!short || !inRange) bad++;
      }
    }
    expect(bad).toBe(0);
    // 18 interior lines per tile with cells, each split into 2 deg pieces (tiles are 15 deg).
    expect(view.minor.length / 4).toBe(view.tiles.filter((t) => t.hasCells).length * 18 * 8);
  });

  it('shares tile edges between neighbours instead of drawing them twice', () => {
    for (const distance of [600, distanceForKm(300), distanceForKm(30)]) {
      const view = buildGridView({ lat: 10, lon: 20, distance });
      const keys = segmentKeys(view, 'major');
      expect(new Set(keys).size).toBe(keys.length);
      expect(keys.length).toBeGreaterThan(0);
    }
  });

  it('caps cells at 100 in emergency mode: only the nearest tile keeps its cells', () => {
    const camera = { lat: 51.5, lon: -0.1, distance: distanceForKm(80) };
    const normal = buildGridView(camera);
    expect(normal.level).toBe(10);
    expect(normal.cellCount).toBeGreaterThan(EMERGENCY_MAX_CELLS);
    const emergency = buildGridView(camera, { emergency: true });
    expect(emergency.cellCount).toBe(EMERGENCY_MAX_CELLS);
    expect(emergency.tiles.filter((t) => t.hasCells)).toEqual([emergency.tiles[0]]);
    expect(emergency.tiles.length).toBe(normal.tiles.length);
    expect(emergency.minor.length / 4).toBe(18);
  });

  it('keeps the nearest tiles when the tile cap cuts', () => {
    const full = buildGridView({ lat: 0, lon: 0, distance: 600 });
    const capped = buildGridView({ lat: 0, lon: 0, distance: 600 }, { maxTiles: 10 });
    expect(capped.truncated).toBe(true);
    expect(capped.tiles).toHaveLength(10);
    expect(capped.tiles.map((t) => `${t.i},${t.j}`)).toEqual(
      full.tiles.slice(0, 10).map((t) => `${t.i},${t.j}`),
    );
  });

  it('wraps across the antimeridian', () => {
    const view = buildGridView({ lat: 0, lon: 179.99, distance: distanceForKm(150) });
    const cols = Math.round(360 / view.tileSizeDeg);
    const is = new Set(view.tiles.map((t) => t.i));
    expect(is.has(0)).toBe(true);
    expect(is.has(cols - 1)).toBe(true);
  });

  it('stays bounded over a pole at level 14 (degenerate meridians)', () => {
    const t0 = performance.now();
    const view = buildGridView(
      { lat: 90, lon: 0, distance: distanceForKm(0.01) },
      { levelCap: EXTENDED_LEVEL_CAP },
    );
    expect(view.level).toBe(14);
    expect(view.tiles.length).toBeLessThanOrEqual(MAX_TILES);
    expect(view.cellCount).toBeLessThanOrEqual(MAX_CELLS);
    expect(performance.now() - t0).toBeLessThan(2000);
  });

  it('accepts a forced level', () => {
    const view = buildGridView({ lat: 0, lon: 0, distance: 600 }, { level: 3 });
    expect(view.level).toBe(3);
    expect(view.tileSizeDeg).toBe(10);
  });
});

describe('emergency mode', () => {
  it('turns on under 30 FPS at level 10 or finer and off only above 45 FPS', () => {
    expect(nextEmergencyState(false, 29, 10)).toBe(true);
    expect(nextEmergencyState(false, 29, 9)).toBe(false);
    expect(nextEmergencyState(false, 30, 12)).toBe(false);
    expect(nextEmergencyState(true, 45, 12)).toBe(true);
    expect(nextEmergencyState(true, 45.1, 12)).toBe(false);
    expect(nextEmergencyState(true, 0, 12)).toBe(true);
    expect(nextEmergencyState(false, 0, 12)).toBe(false);
  });

  it('does not flap inside the 30..45 hysteresis band', () => {
    const em = createEmergencyMode();
    const fps = [60, 40, 31, 29, 31, 40, 44, 45, 44, 46, 40, 31, 29.9];
    const states = fps.map((f) => em.update(f, 11));
    expect(states).toEqual([
      false,
      false,
      false,
      true,
      true,
      true,
      true,
      true,
      true,
      false,
      false,
      false,
      true,
    ]);
    expect(em.active).toBe(true);
    em.reset();
    expect(em.active).toBe(false);
    expect(em.update(Number.NaN, 11)).toBe(false);
  });
});

describe('background globe grid', () => {
  it('has 16 parallels and 32 meridians', () => {
    const seg = backgroundGridLines();
    const lats = new Set<string>();
    const lons = new Set<string>();
    for (let k = 0; k < seg.length; k += 4) {
      if (seg[k + 1] === seg[k + 3]) lats.add((seg[k + 1] ?? 0).toFixed(6));
      else lons.add((seg[k] ?? 0).toFixed(6));
    }
    expect(lats.size).toBe(16);
    expect(lons.size).toBe(32);
    expect(seg.length / 4).toBe(16 * 64 + 32 * 32);
    const sorted = [...lats].map(Number).sort((a, b) => a - b);
    expect(sorted[0]).toBeCloseTo(-90 + 180 / 17, 6);
    expect(sorted[15]).toBeCloseTo(90 - 180 / 17, 6);
    expect(lons.has('0.000000')).toBe(true);
  });

  it('converts segments to xyz on the globe axes', () => {
    const seg = new Float64Array([0, 0, 90, 0, 10, 45, 10, 46]);
    const xyz = segmentsToPositions(seg, 200);
    expect(xyz).toHaveLength(12);
    const expected = [
      latLonToXyz(0, 0),
      latLonToXyz(0, 90),
      latLonToXyz(45, 10),
      latLonToXyz(46, 10),
    ].flat();
    expected.forEach((v, k) => expect(xyz[k]).toBeCloseTo(v, 3));
    const out = new Float32Array(12);
    expect(segmentsToPositions(seg, 1, out)).toBe(out);
  });
});
