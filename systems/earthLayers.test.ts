import { describe, expect, it } from 'vitest';
import {
  PLANETS,
  julianCenturies,
  SUN_DISTANCE_SIMPLIFIED,
  solarSystemLayout,
  sunDirection,
  sunEcliptic,
} from '../data/globe/astro';
import { EMERGENCY_MAX_CELLS, GRID_DIVISIONS } from '../data/globe/gridLevels';
import { sendCommand } from '../engine/commands';
import { LAYER_NAMES, LAYERS_OFF_BY_DEFAULT, VIEW_PRESETS } from '../engine/layers';
import { runPipeline } from '../engine/pipeline';
import { LOD_50M, type AtlasWorld, type EarthRender } from '../engine/world';
import { cameraSystem } from './cameraSystem';
import { commandSystem } from './commandSystem';
import {
  LINE_PARTS,
  PART_BACKGROUND_GRID,
  PART_CITY_LIGHTS,
  PART_GRID,
  PART_LAKES,
  PART_PLANETS,
  PART_RIVERS,
  PART_STATES,
  PART_SUN,
  PART_SUNLIGHT,
  PART_TIMEZONES,
  SOLAR_VIEW_DISTANCE,
  earthLayerSystem,
  earthParts,
  solarViewSwitch,
} from './earthLayerSystem';
import { GRID_KEY_STEP_TILES, gridKeyStepDeg, gridSystem, gridViewKey } from './gridSystem';
import { lodSystem } from './lodSystem';
import {
  SKY_UPDATE_SIM_MS,
  SUN_UPDATE_SIM_MS,
  eclipticToGlobeMatrix,
  planetOrbitRings,
  skyNeedsUpdate,
  skySystem,
  sunNeedsUpdate,
} from './skySystem';
import { createTestWorld } from './testWorld';

interface EarthRecorder extends EarthRender {
  parts: number[];
  sun: { x: number; y: number; z: number; lit: boolean }[];
  grids: number[];
  skies: number;
  solar: boolean[];
}

function recorder(): EarthRecorder {
  return {
    parts: [],
    sun: [],
    grids: [],
    skies: 0,
    solar: [],
    setParts(mask) {
      this.parts.push(mask);
    },
    setSun(x, y, z, lit) {
      this.sun.push({ x, y, z, lit });
    },
    setGrid(_p, _a, n) {
      this.grids.push(n);
    },
    setSky() {
      this.skies++;
    },
    setSolarView(on) {
      this.solar.push(on);
    },
  };
}

const steps = [
  { name: 'commands', run: commandSystem },
  { name: 'camera', run: cameraSystem },
  { name: 'lod', run: lodSystem },
  { name: 'earthLayer', run: earthLayerSystem },
  { name: 'grid', run: gridSystem },
  { name: 'sky', run: skySystem },
];

function setup(): { world: AtlasWorld; rec: EarthRecorder } {
  const { world } = createTestWorld();
  const rec = recorder();
  world.earthRender = rec;
  sendCommand({ type: 'setView', view: 'app' });
  return { world, rec };
}

let clock = 0;
const frame = (world: AtlasWorld): void => {
  clock += 16;
  runPipeline(world, clock, steps);
};

describe('layer bookkeeping', () => {
  it('lists every new layer once and starts the Earth-and-sky layers off', () => {
    expect(new Set(LAYER_NAMES).size).toBe(LAYER_NAMES.length);
    const { world } = setup();
    for (const l of LAYERS_OFF_BY_DEFAULT) expect(world.layers[l]).toBe(false);
    expect(world.layers.land).toBe(true);
    expect(VIEW_PRESETS.solar.maxDistance).toBe(50000);
  });

  it('sends the part mask only when it changes', () => {
    const { world, rec } = setup();
    frame(world);
    expect(rec.parts).toEqual([0]);
    frame(world);
    expect(rec.parts).toEqual([0]);
    sendCommand({ type: 'setLayer', layer: 'rivers', on: true });
    sendCommand({ type: 'setLayer', layer: 'lakes', on: true });
    frame(world);
    expect(rec.parts).toEqual([0, PART_RIVERS | PART_LAKES]);
    frame(world);
    expect(rec.parts.length).toBe(2);
  });

  it('shows state lines only in the 50m LOD (close up, with its hysteresis)', () => {
    const { world } = setup();
    world.layers.states = true;
    expect(earthParts(world) & PART_STATES).toBe(0);
    world.geoLod = LOD_50M;
    expect(earthParts(world) & PART_STATES).toBe(PART_STATES);
    expect(PART_STATES & LINE_PARTS).toBeTruthy();
  });

  it('draws city lights only with the day/night light, and the background grid only behind pages', () => {
    const { world } = setup();
    world.layers.cityLights = true;
    world.layers.backgroundGrid = true;
    expect(earthParts(world) & PART_CITY_LIGHTS).toBe(0);
    world.layers.dayNight = true;
    expect(earthParts(world) & (PART_CITY_LIGHTS | PART_SUNLIGHT)).toBe(
      PART_CITY_LIGHTS | PART_SUNLIGHT,
    );
    world.view = 'app';
    expect(earthParts(world) & PART_BACKGROUND_GRID).toBe(0);
    world.view = 'background';
    expect(earthParts(world) & PART_BACKGROUND_GRID).toBe(PART_BACKGROUND_GRID);
  });

  it('switches to the solar view with the solarSystem layer and shows planets beyond 5000', () => {
    expect(solarViewSwitch(false, true, 'app')).toBe('solar');
    expect(solarViewSwitch(true, false, 'solar')).toBe('app');
    expect(solarViewSwitch(false, true, 'background')).toBeNull();
    const { world, rec } = setup();
    frame(world);
    sendCommand({ type: 'setLayer', layer: 'solarSystem', on: true });
    frame(world); // layer on: queues setView solar
    frame(world); // view applied
    expect(world.view).toBe('solar');
    expect(world.rig.upperRadiusLimit).toBe(50000);
    expect(earthParts(world) & PART_SUN).toBe(PART_SUN);
    expect(earthParts(world) & PART_PLANETS).toBe(0);
    sendCommand({ type: 'setCamera', distance: SOLAR_VIEW_DISTANCE + 3000 });
    frame(world);
    expect(world.camera.distance).toBe(SOLAR_VIEW_DISTANCE + 3000);
    expect(earthParts(world) & PART_PLANETS).toBe(PART_PLANETS);
    expect(rec.solar.at(-1)).toBe(true);
    // Out there the Earth is under ~70 px across: no river or time-zone lines on it.
    world.layers.rivers = true;
    world.layers.timezones = true;
    world.layers.lakes = true;
    expect(earthParts(world) & (PART_RIVERS | PART_TIMEZONES | PART_LAKES)).toBe(PART_LAKES);
    sendCommand({ type: 'setCamera', distance: SOLAR_VIEW_DISTANCE - 1000 });
    frame(world);
    expect(earthParts(world) & (PART_RIVERS | PART_TIMEZONES)).toBe(PART_RIVERS | PART_TIMEZONES);
    sendCommand({ type: 'setLayer', layer: 'solarSystem', on: false });
    frame(world);
    frame(world);
    expect(world.view).toBe('app');
    expect(world.camera.distance).toBe(1000);
    expect(rec.solar.at(-1)).toBe(false);
  });
});

describe('grid rebuild decisions', () => {
  it('keys equal views equally and changes the key with level, emergency or a half-tile move', () => {
    const k = gridViewKey(10, 20, 5, false);
    expect(gridViewKey(10.01, 20.01, 5, false)).toBe(k);
    expect(gridViewKey(10, 20, 6, false)).not.toBe(k);
    expect(gridViewKey(10, 20, 5, true)).not.toBe(k);
    // Level 5 tiles are 2 degrees: a half tile is 1 degree.
    expect(GRID_KEY_STEP_TILES).toBe(0.5);
    expect(gridViewKey(10, 21.5, 5, false)).not.toBe(k);
    // A far camera (most of a hemisphere in view) quantises coarser: fewer rebuilds when orbiting.
    expect(gridKeyStepDeg(2, 70)).toBe(15);
    expect(gridKeyStepDeg(5, 2)).toBe(1);
  });

  it('rebuilds only when the camera moves enough, not every frame', () => {
    const { world, rec } = setup();
    sendCommand({ type: 'setLayer', layer: 'grid', on: true });
    sendCommand({ type: 'setCamera', lat: 10, lon: 20, distance: 600 });
    frame(world);
    expect(rec.grids.length).toBe(1);
    expect(rec.grids[0]).toBeGreaterThan(0);
    for (let i = 0; i < 10; i++) frame(world);
    expect(rec.grids.length).toBe(1);
    // A small move inside the same half tile (level 2: 15 deg tiles) keeps the grid...
    sendCommand({ type: 'setCamera', lon: 21 });
    frame(world);
    expect(rec.grids.length).toBe(1);
    // ...a bigger one rebuilds it once.
    sendCommand({ type: 'setCamera', lon: 40 });
    frame(world);
    frame(world);
    expect(rec.grids.length).toBe(2);
    // Zooming in changes the level.
    sendCommand({ type: 'setCamera', distance: 260 });
    frame(world);
    expect(rec.grids.length).toBe(3);
    expect(world.earth.gridLevel).toBeGreaterThan(2);
    // Off: nothing is built; on again: rebuilt.
    sendCommand({ type: 'setLayer', layer: 'grid', on: false });
    frame(world);
    expect(world.earth.parts & PART_GRID).toBe(0);
    sendCommand({ type: 'setLayer', layer: 'grid', on: true });
    frame(world);
    expect(rec.grids.length).toBe(4);
  });

  it('caps cells in emergency mode (FPS under 30 at level 10+) until FPS is over 45', () => {
    const { world, rec } = setup();
    sendCommand({ type: 'setLayer', layer: 'grid', on: true });
    sendCommand({ type: 'setCamera', lat: 0, lon: 0, distance: 201 }); // ~32 km: level 11
    world.stats.fps = 60;
    frame(world);
    const full = rec.grids.at(-1) ?? 0;
    expect(world.earth.gridEmergency.active).toBe(false);
    world.stats.fps = 20;
    frame(world);
    expect(world.earth.gridEmergency.active).toBe(true);
    const capped = rec.grids.at(-1) ?? 0;
    expect(capped).toBeLessThan(full);
    // At most EMERGENCY_MAX_CELLS cells: one tile's interior lines at most.
    expect(EMERGENCY_MAX_CELLS).toBe(GRID_DIVISIONS * GRID_DIVISIONS);
    world.stats.fps = 40;
    frame(world);
    expect(world.earth.gridEmergency.active).toBe(true);
    world.stats.fps = 50;
    frame(world);
    expect(world.earth.gridEmergency.active).toBe(false);
    expect(rec.grids.at(-1)).toBe(full);
  });
});

describe('sun, night and sky', () => {
  it('recomputes the sun every 10 simulated seconds and the sky every simulated minute', () => {
    expect(sunNeedsUpdate(0, -Infinity)).toBe(true);
    expect(sunNeedsUpdate(SUN_UPDATE_SIM_MS - 1, 0)).toBe(false);
    expect(sunNeedsUpdate(SUN_UPDATE_SIM_MS, 0)).toBe(true);
    expect(skyNeedsUpdate(0, 0, -Infinity)).toBe(false); // no sky part drawn
    expect(skyNeedsUpdate(PART_SUN, 0, -Infinity)).toBe(true);
    expect(skyNeedsUpdate(PART_SUN, SKY_UPDATE_SIM_MS - 1, 0)).toBe(false);
  });

  it('lights the globe by the sun only with the dayNight layer, and follows simulated time', () => {
    const { world, rec } = setup();
    frame(world);
    expect(rec.sun.at(-1)?.lit).toBe(false);
    const sent = rec.sun.length;
    frame(world);
    expect(rec.sun.length).toBe(sent); // nothing moved, nothing sent
    sendCommand({ type: 'setLayer', layer: 'dayNight', on: true });
    frame(world);
    expect(rec.sun.at(-1)?.lit).toBe(true);
    // A manual time: the June solstice at 12:00 UTC puts the sun over ~23.4N, ~0E.
    const t = Date.UTC(2026, 5, 21, 12);
    sendCommand({ type: 'setSimTime', timeMs: t });
    frame(world);
    expect(Math.abs(world.simTime - t)).toBeLessThan(1000);
    const s = rec.sun.at(-1);
    const want = sunDirection(new Date(world.simTime));
    expect(s?.x).toBeCloseTo(want[0], 4);
    expect(s?.y).toBeCloseTo(want[1], 4);
    expect(Math.asin(s?.y ?? 0) / (Math.PI / 180)).toBeCloseTo(23.44, 0);
    // 100 simulated days per real minute: one real second moves the sim clock ~40 hours.
    sendCommand({ type: 'setSimTime', mode: '100days' });
    frame(world);
    const before = world.simTime;
    clock += 1000;
    runPipeline(world, clock, steps);
    expect((world.simTime - before) / 3_600_000).toBeGreaterThan(39);
    sendCommand({ type: 'setSimTime', timeMs: null });
    frame(world);
    expect(world.simClock.simulated).toBe(false);
  });

  it('places the planets orbit rings on the planets (ecliptic matrix matches astro.ts)', () => {
    const date = new Date(Date.UTC(2026, 10, 22, 1, 30));
    const m = eclipticToGlobeMatrix(date);
    // The sun's ecliptic longitude (of date, taken back to J2000 by the precession the matrix
    // applies) mapped through the matrix gives the sun's direction.
    const precession = (5029.0966 / 3600) * julianCenturies(date);
    const lon = ((sunEcliptic(date).lon - precession) * Math.PI) / 180;
    const x = Math.cos(lon);
    const y = Math.sin(lon);
    const dir = sunDirection(date);
    expect((m[0] ?? 0) * x + (m[1] ?? 0) * y).toBeCloseTo(dir[0], 3);
    expect((m[3] ?? 0) * x + (m[4] ?? 0) * y).toBeCloseTo(dir[1], 3);
    expect((m[6] ?? 0) * x + (m[7] ?? 0) * y).toBeCloseTo(dir[2], 3);
    // Each planet sits on its ring: within a few ring segments of some ring point.
    const seg = 128;
    const rings = planetOrbitRings(seg);
    const layout = solarSystemLayout(date, 'simplified');
    const sun = layout.sun.position;
    PLANETS.forEach((p, k) => {
      const pos = layout.planets[k]?.position ?? [0, 0, 0];
      let best = Infinity;
      for (let i = 0; i < seg; i++) {
        const o = (k * seg + i) * 3;
        const rx = rings[o] ?? 0;
        const ry = rings[o + 1] ?? 0;
        const rz = rings[o + 2] ?? 0;
        const gx = sun[0] + (m[0] ?? 0) * rx + (m[1] ?? 0) * ry + (m[2] ?? 0) * rz;
        const gy = sun[1] + (m[3] ?? 0) * rx + (m[4] ?? 0) * ry + (m[5] ?? 0) * rz;
        const gz = sun[2] + (m[6] ?? 0) * rx + (m[7] ?? 0) * ry + (m[8] ?? 0) * rz;
        best = Math.min(best, Math.hypot(gx - pos[0], gy - pos[1], gz - pos[2]));
      }
      const ringRadius = SUN_DISTANCE_SIMPLIFIED * Math.sqrt(p.distanceRatio);
      // A segment is 2 pi r / 128 long: the nearest ring point is within about half of one.
      expect(best / ringRadius, p.name).toBeLessThan((Math.PI / seg) * 1.2);
    });
  });
});
