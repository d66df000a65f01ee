import { describe, expect, it } from 'vitest';
import { sendCommand } from '../engine/commands';
import { runPipeline } from '../engine/pipeline';
import { LOD_10M, LOD_110M, LOD_50M, LOD_ANY, spawnGeoLayer } from '../engine/world';
import { cameraSystem } from './cameraSystem';
import { SOLAR_VIEW_DISTANCE } from './earthLayerSystem';
import { commandSystem } from './commandSystem';
import {
  LOD_10M_ENTER,
  LOD_10M_EXIT,
  LOD_50M_ENTER,
  LOD_50M_EXIT,
  lodSystem,
  nextGeoLod,
} from './lodSystem';
import { renderSyncSystem } from './renderSyncSystem';
import { createTestWorld } from './testWorld';

const steps = [
  { name: 'commands', run: commandSystem },
  { name: 'camera', run: cameraSystem },
  { name: 'lod', run: lodSystem },
  { name: 'renderSync', run: renderSyncSystem },
];

describe('geo LOD hysteresis', () => {
  it('switches to 50m inside the enter distance and back only beyond the exit distance', () => {
    expect(nextGeoLod(LOD_110M, LOD_50M_ENTER + 1)).toBe(LOD_110M);
    expect(nextGeoLod(LOD_110M, LOD_50M_ENTER - 1)).toBe(LOD_50M);
    expect(nextGeoLod(LOD_50M, (LOD_50M_ENTER + LOD_50M_EXIT) / 2)).toBe(LOD_50M);
    expect(nextGeoLod(LOD_50M, LOD_50M_EXIT + 1)).toBe(LOD_110M);
  });

  it('never flickers while the distance jitters around one threshold', () => {
    let lod = LOD_110M;
    let switches = 0;
    for (let i = 0; i < 1000; i++) {
      const next = nextGeoLod(lod, LOD_50M_ENTER + Math.sin(i) * 20);
      if (next !== lod) switches++;
      lod = next;
    }
    expect(switches).toBe(1);
  });
});

describe('lod + renderSync systems', () => {
  it('shows one LOD at a time, keeps 110m until 50m has loaded, and touches only changes', () => {
    const { world, render } = createTestWorld();
    const ocean = spawnGeoLayer(world, 'ocean', LOD_ANY, 0);
    spawnGeoLayer(world, 'coastline', LOD_110M, 1);
    spawnGeoLayer(world, 'coastline', LOD_50M, 2);
    sendCommand({ type: 'setView', view: 'app' });
    runPipeline(world, 0, steps);
    expect(ocean).toBeGreaterThanOrEqual(0);
    expect(render.visible.get(0)).toBe(true);
    expect(render.visible.get(1)).toBe(true);
    expect(render.visible.get(2)).toBe(false);
    const calls = render.calls;
    runPipeline(world, 16, steps);
    expect(render.calls).toBe(calls); // nothing changed, nothing touched

    sendCommand({ type: 'setCamera', distance: 300 });
    runPipeline(world, 32, steps);
    expect(render.requested).toEqual([LOD_50M]);
    expect(render.visible.get(1)).toBe(true); // 50m not loaded yet: keep 110m
    world.loadedLods |= 1 << LOD_50M;
    runPipeline(world, 48, steps);
    expect(render.visible.get(1)).toBe(false);
    expect(render.visible.get(2)).toBe(true);

    sendCommand({ type: 'setLayer', layer: 'coastline', on: false });
    runPipeline(world, 64, steps);
    expect(render.visible.get(2)).toBe(false);
    expect(render.visible.get(0)).toBe(true);
  });
});

describe('three LOD tiers (110m, 50m, 10m)', () => {
  it('steps to 10m inside 300 and back to 50m only beyond 340, to 110m beyond 520', () => {
    expect(nextGeoLod(LOD_50M, LOD_10M_ENTER + 1)).toBe(LOD_50M);
    expect(nextGeoLod(LOD_50M, LOD_10M_ENTER - 1)).toBe(LOD_10M);
    expect(nextGeoLod(LOD_10M, (LOD_10M_ENTER + LOD_10M_EXIT) / 2)).toBe(LOD_10M);
    expect(nextGeoLod(LOD_10M, LOD_10M_EXIT + 1)).toBe(LOD_50M);
    // Jumps: far to close and back in one frame.
    expect(nextGeoLod(LOD_110M, 230)).toBe(LOD_10M);
    expect(nextGeoLod(LOD_10M, 600)).toBe(LOD_110M);
    expect(nextGeoLod(LOD_10M, 500)).toBe(LOD_50M); // inside the 50m hysteresis band
  });

  it('never flickers while the distance jitters around the 10m threshold', () => {
    let lod = LOD_50M;
    let switches = 0;
    for (let i = 0; i < 1000; i++) {
      const next = nextGeoLod(lod, LOD_10M_ENTER + Math.sin(i) * 18);
      if (next !== lod) switches++;
      lod = next;
    }
    expect(switches).toBe(1);
    expect(lod).toBe(LOD_10M);
  });

  it('a slow zoom in and out switches each tier exactly once each way', () => {
    let lod = LOD_110M;
    const seen: number[] = [];
    const path = [
      ...Array.from({ length: 200 }, (_, i) => 1000 - i * 4), // 1000 -> 204
      ...Array.from({ length: 200 }, (_, i) => 204 + i * 4), // 204 -> 1000
    ];
    for (const d of path) {
      const next = nextGeoLod(lod, d);
      if (next !== lod) seen.push(next);
      lod = next;
    }
    expect(seen).toEqual([LOD_50M, LOD_10M, LOD_50M, LOD_110M]);
  });

  it('draws 10m coastline close up, keeps the 50m land fill, and 50m lines until 10m loads', () => {
    const { world, render } = createTestWorld();
    spawnGeoLayer(world, 'land', LOD_110M, 0);
    spawnGeoLayer(world, 'coastline', LOD_110M, 1);
    spawnGeoLayer(world, 'land', LOD_50M, 2);
    spawnGeoLayer(world, 'coastline', LOD_50M, 3);
    world.loadedLods |= (1 << LOD_110M) | (1 << LOD_50M);
    sendCommand({ type: 'setView', view: 'app' });
    sendCommand({ type: 'setCamera', distance: 230 });
    runPipeline(world, 0, steps);
    expect(world.geoLod).toBe(LOD_10M);
    expect(render.requested).toContain(LOD_10M);
    // 10m not loaded yet: 50m everything.
    expect([0, 1, 2, 3].map((h) => render.visible.get(h))).toEqual([false, false, true, true]);

    spawnGeoLayer(world, 'coastline', LOD_10M, 4);
    world.loadedLods |= 1 << LOD_10M;
    runPipeline(world, 16, steps);
    // 10m coastline, and the land keeps its 50m fill (there is no 10m land).
    expect([0, 1, 2, 3, 4].map((h) => render.visible.get(h))).toEqual([
      false,
      false,
      true,
      false,
      true,
    ]);

    // Out to 320 (inside the hysteresis band): still 10m. Then 400: 50m again.
    sendCommand({ type: 'setCamera', distance: 320 });
    runPipeline(world, 32, steps);
    expect(render.visible.get(4)).toBe(true);
    sendCommand({ type: 'setCamera', distance: 400 });
    runPipeline(world, 48, steps);
    expect([2, 3, 4].map((h) => render.visible.get(h))).toEqual([true, true, false]);
    sendCommand({ type: 'setCamera', distance: 700 });
    runPipeline(world, 64, steps);
    expect([0, 1, 2, 3, 4].map((h) => render.visible.get(h))).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
  });

  it('draws no coastline or border lines on the far-off Earth of the solar-system view', () => {
    const { world, render } = createTestWorld();
    spawnGeoLayer(world, 'land', LOD_110M, 0);
    spawnGeoLayer(world, 'coastline', LOD_110M, 1);
    spawnGeoLayer(world, 'borders', LOD_110M, 2);
    spawnGeoLayer(world, 'ocean', LOD_ANY, 3);
    sendCommand({ type: 'setView', view: 'solar' });
    sendCommand({ type: 'setCamera', distance: SOLAR_VIEW_DISTANCE - 100 });
    runPipeline(world, 0, steps);
    expect([0, 1, 2, 3].map((h) => render.visible.get(h))).toEqual([true, true, true, true]);
    sendCommand({ type: 'setCamera', distance: 8000 });
    runPipeline(world, 16, steps);
    expect(world.camera.distance).toBe(8000);
    // The land fill and the ocean stay: the continents still show on the small globe.
    expect([0, 1, 2, 3].map((h) => render.visible.get(h))).toEqual([true, false, false, true]);
    sendCommand({ type: 'setCamera', distance: 1000 });
    runPipeline(world, 32, steps);
    expect([0, 1, 2, 3].map((h) => render.visible.get(h))).toEqual([true, true, true, true]);
  });
});
