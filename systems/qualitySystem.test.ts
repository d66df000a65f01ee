import { describe, expect, it } from 'vitest';
import { runPipeline } from '../engine/pipeline';
import type { AtlasWorld } from '../engine/world';
import { sendCommand } from '../engine/commands';
import { commandSystem } from './commandSystem';
import { backdropResolutionScale, qualitySystem } from './qualitySystem';
import { createTestWorld, testQuality } from './testWorld';

/** Adaptive quality as boot sets it up on a 'high' device with a pixel ratio of 2. */
function highQuality(world: AtlasWorld): NonNullable<AtlasWorld['quality']> {
  return testQuality(world, 'high', 2);
}

describe('qualitySystem', () => {
  it('applies the dynamic pixel ratio when the frame rate falls, and restores it', () => {
    const { world, render } = createTestWorld();
    world.quality = highQuality(world);
    const steps = [{ name: 'quality', run: qualitySystem }];
    let t = 0;
    for (let i = 0; i < 40; i++) runPipeline(world, (t += 100), steps); // 10 FPS for 4 s
    expect(render.pixelRatio).toBe(1);
    expect(world.quality.controller.state.mode).not.toBe('high');
    for (let i = 0; i < 300; i++) runPipeline(world, (t += 16), steps); // 60 FPS for ~5 s
    expect(render.pixelRatio).toBe(2);
  });

  it('turns animations off, then the textures to low, then cuts the sphere segments, as the frame rate stays low; undoes them on recovery', () => {
    const { world, render } = createTestWorld();
    world.quality = highQuality(world);
    const steps = [{ name: 'quality', run: qualitySystem }];
    let t = 0;
    runPipeline(world, (t += 16), steps);
    runPipeline(world, (t += 16), steps);
    expect(render.qualityEffects).toEqual({ animations: true, segments: 64, textureSize: 2048 });
    // 10 FPS: a degradation step every 2 s (animations, textures, then segments).
    for (let i = 0; i < 35; i++) runPipeline(world, (t += 100), steps);
    expect(render.qualityEffects?.animations).toBe(false);
    expect(render.qualityEffects?.segments).toBe(64);
    for (let i = 0; i < 50; i++) runPipeline(world, (t += 100), steps);
    expect(world.quality.controller.state.degradation).toBeGreaterThanOrEqual(3);
    expect(render.qualityEffects?.segments).toBe(51);
    expect(render.qualityEffects?.textureSize).toBe(512);
    // 60 FPS: one step undone per 5 s.
    for (let i = 0; i < 60 * 40; i++) runPipeline(world, (t += 1000 / 60), steps);
    expect(world.quality.controller.state.degradation).toBe(0);
    expect(render.qualityEffects).toEqual({ animations: true, segments: 64, textureSize: 2048 });
  });

  it('sets low textures at degradation step 2 whatever the rung, and the rung texture size below it', () => {
    const { world, render } = createTestWorld();
    world.quality = highQuality(world);
    // The user keeps the high rung: only the degradation steps can lower the textures.
    world.quality.controller.setOverride('high', 0);
    const steps = [{ name: 'quality', run: qualitySystem }];
    let t = 0;
    runPipeline(world, (t += 16), steps);
    runPipeline(world, (t += 16), steps);
    const state = world.quality.controller.state;
    const sizes: [number, number | undefined][] = [];
    for (let i = 0; i < 70 && state.degradation < 3; i++) {
      runPipeline(world, (t += 100), steps);
      sizes.push([state.degradation, render.qualityEffects?.textureSize]);
    }
    expect(sizes.filter(([d]) => d < 2).every(([, size]) => size === 2048)).toBe(true);
    expect(sizes.filter(([d]) => d >= 2).every(([, size]) => size === 512)).toBe(true);
    expect(sizes.some(([d]) => d === 2)).toBe(true);
  });

  it('does nothing before boot has profiled the device', () => {
    const { world, render } = createTestWorld();
    runPipeline(world, 0, [{ name: 'quality', run: qualitySystem }]);
    runPipeline(world, 100, [{ name: 'quality', run: qualitySystem }]);
    expect(render.pixelRatio).toBe(1);
  });

  it('renders at half resolution under the 8 px backdrop blur and at full once it is 4 px or less', () => {
    const { world, render } = createTestWorld();
    world.quality = highQuality(world);
    render.pixelRatio = 2;
    const steps = [
      { name: 'commands', run: commandSystem },
      { name: 'quality', run: qualitySystem },
    ];
    let t = 0;
    const frames = (n: number): void => {
      for (let i = 0; i < n; i++) runPipeline(world, (t += 16), steps);
    };
    frames(3);
    expect(render.pixelRatio).toBe(2);
    expect(render.backdropScale).toBe(1);
    // Behind the blur the scene is drawn at half resolution; the drawing buffer keeps its ratio.
    sendCommand({ type: 'setBackdropBlur', px: 8 });
    frames(3);
    expect(render.backdropScale).toBe(0.5);
    expect(render.pixelRatio).toBe(2);
    sendCommand({ type: 'setBackdropBlur', px: 4 });
    frames(3);
    expect(render.backdropScale).toBe(1);
    sendCommand({ type: 'setBackdropBlur', px: 0 });
    frames(3);
    expect(render.backdropScale).toBe(1);
    expect(render.pixelRatio).toBe(2);
  });

  it('maps the spec blur steps to resolution scales', () => {
    expect([8, 6, 4, 2, 0].map(backdropResolutionScale)).toEqual([0.5, 0.5, 1, 1, 1]);
    expect(backdropResolutionScale(-1)).toBe(1);
  });
});
