import { describe, expect, it } from 'vitest';
import { layerState, simTime } from '../engine/signals';
import { createTestWorld } from './testWorld';
import { UI_PUBLISH_MS, uiPublishSystem } from './uiPublishSystem';

describe('uiPublishSystem: layers and simulated time', () => {
  it('publishes them a few times a second, not every frame, and only when they change', () => {
    const { world } = createTestWorld();
    let now = 10_000;
    const publish = (): void => {
      world.time.now = now;
      uiPublishSystem(world);
    };
    publish();
    expect(layerState.value?.timezones).toBe(false);
    expect(simTime.value).toEqual({ timeMs: world.simTime, mode: 'realtime', simulated: false });
    const layers = layerState.value;

    // Within one publish period a change is not published yet.
    world.layers.timezones = true;
    world.simTime += 3_600_000;
    world.simClock = { ...world.simClock, mode: '100days', simulated: true };
    now += UI_PUBLISH_MS / 2;
    publish();
    expect(layerState.value).toBe(layers);
    expect(simTime.value.mode).toBe('realtime');

    now += UI_PUBLISH_MS;
    publish();
    expect(layerState.value?.timezones).toBe(true);
    expect(simTime.value).toEqual({ timeMs: world.simTime, mode: '100days', simulated: true });

    // Nothing changed: the same objects stay (no re-render for their readers).
    const [l, t] = [layerState.value, simTime.value];
    now += UI_PUBLISH_MS * 2;
    publish();
    expect(layerState.value).toBe(l);
    expect(simTime.value).toBe(t);
  });
});
