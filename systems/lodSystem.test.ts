import { describe, expect, it } from 'vitest';
import { sendCommand } from '../engine/commands';
import { runPipeline } from '../engine/pipeline';
import { LOD_110M, LOD_50M, LOD_ANY, spawnGeoLayer } from '../engine/world';
import { cameraSystem } from './cameraSystem';
import { commandSystem } from './commandSystem';
import { LOD_50M_ENTER, LOD_50M_EXIT, lodSystem, nextGeoLod } from './lodSystem';
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
