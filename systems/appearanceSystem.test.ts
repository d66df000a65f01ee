import { describe, expect, it } from 'vitest';
import {
  SUN_DISTANCE_SIMPLIFIED,
  SUN_RADIUS_KM,
  SUN_RADIUS_SIMPLIFIED,
  MOON_DISTANCE_SIMPLIFIED,
  MOON_RADIUS_KM,
  type SolarSystemLayout,
} from '../data/globe/astro';
import { KM_PER_UNIT } from '../data/geoMath';
import { enqueue } from '../engine/bridge/commandQueue';
import { state } from '../engine/bridge/state';
import type { AppearanceRender, AppearanceSettings } from '../engine/appearance';
import { NOOP_EARTH_RENDER } from '../engine/world';
import { runPipeline } from '../engine/pipeline';
import { appearanceSystem } from './appearanceSystem';
import { commandSystem } from './commandSystem';
import { TRUE_SCALE_SKY_SHELL, sceneSkyLayout, skySystem } from './skySystem';
import { PART_MOON } from './earthLayerSystem';
import { createTestWorld, testQuality } from './testWorld';

function recordingAppearance() {
  const applied: AppearanceSettings[] = [];
  const circles: boolean[] = [];
  const render: AppearanceRender = {
    apply: (s) => applied.push(s),
    setActivityCircles: (on) => circles.push(on),
    activityCircles: () => ({ count: 0, onLand: 0, drawn: false }),
    enterXr: () => Promise.resolve('no WebXR here'),
  };
  return { render, applied, circles };
}

function setUp() {
  const t = createTestWorld();
  const rec = recordingAppearance();
  t.world.appearanceRender = rec.render;
  t.world.quality = testQuality(t.world, 'medium', 1);
  let now = 0;
  const steps = [
    { name: 'commands', run: commandSystem },
    { name: 'appearance', run: appearanceSystem },
  ];
  const frame = (): void => runPipeline(t.world, (now += 16), steps);
  return { ...t, ...rec, frame };
}

describe('globe sphere commands', () => {
  it('sets style, ON/OFF and a clamped ocean scale, applied and published once per change', () => {
    const { world, applied, frame } = setUp();
    frame();
    expect(applied).toHaveLength(1);
    expect(applied[0]).toEqual({ sphere: true, style: 'blue', oceanScale: 1, tint: 'default' });
    enqueue({ type: 'setGlobeSphere', style: 'ethereal', oceanScalePercent: 350 });
    frame();
    frame();
    expect(applied).toHaveLength(2);
    expect(applied[1]).toEqual({ sphere: true, style: 'ethereal', oceanScale: 2, tint: 'default' });
    expect(state.globeAppearance.peek().oceanScalePercent).toBe(200);
    enqueue({ type: 'setGlobeSphere', on: false, oceanScalePercent: 40 });
    frame();
    expect(world.appearance.sphere).toBe(false);
    expect(world.appearance.oceanScalePercent).toBe(100);
    expect(world.appearance.style).toBe('ethereal'); // omitted fields keep their value
    enqueue({ type: 'setGlobeSphere', oceanScalePercent: Number.NaN });
    frame();
    expect(world.appearance.oceanScalePercent).toBe(100);
    expect(state.globeAppearance.peek().sphere).toBe(false);
  });

  it('activity circles only in the background view', () => {
    const { circles, frame } = setUp();
    frame();
    expect(circles).toEqual([]);
    enqueue({ type: 'setView', view: 'background' });
    frame();
    enqueue({ type: 'setView', view: 'app' });
    frame();
    expect(circles).toEqual([true, false]);
  });
});

describe('variant presets on route entry', () => {
  it('applies layers, quality, sphere and camera limits, and undoes them when left', () => {
    const { world, rig, frame } = setUp();
    frame();
    const layersBefore = { ...world.layers };
    enqueue({ type: 'setView', view: 'app', variant: 'globe-minimal' });
    frame();
    expect(world.layers.borders).toBe(false);
    expect(world.layers.labels).toBe(false);
    expect(world.quality?.controller.state.override).toBe('low');
    expect([world.preset.minDistance, world.preset.maxDistance]).toEqual([250, 900]);
    expect([rig.lowerRadiusLimit, rig.upperRadiusLimit]).toEqual([250, 900]);

    enqueue({ type: 'setView', view: 'app', variant: 'globe-holographic' });
    frame();
    expect(world.layers.borders).toBe(true); // minimal undone first
    expect([world.appearance.style, world.appearance.tint]).toEqual(['grid', 'cyan']);
    expect(world.layers.grid).toBe(true);
    expect(world.quality?.controller.state.override).toBe(null);

    enqueue({ type: 'setView', view: 'solar', variant: 'test-solar' });
    frame();
    expect([world.appearance.style, world.appearance.tint]).toEqual(['blue', 'default']);
    expect(world.layers.solarSystem).toBe(true);
    expect(world.camera.distance).toBe(9000);
    expect(world.preset.maxDistance).toBe(50000);

    enqueue({ type: 'setView', view: 'app' });
    frame();
    expect(world.layers).toEqual(layersBefore);
    expect(world.appearance.variant).toBe(null);
    expect(world.camera.distance).toBe(1000); // clamped back into the app's limits
  });

  it('the same variant again changes nothing (a solar-view switch keeps the preset)', () => {
    const { world, frame } = setUp();
    enqueue({ type: 'setView', view: 'solar', variant: 'test-solar' });
    frame();
    world.layers.moon = false; // the user's change inside the variant
    enqueue({ type: 'setView', view: 'app', variant: 'test-solar' });
    frame();
    expect(world.layers.moon).toBe(false);
    expect(world.appearance.variant).toBe('test-solar');
    expect(world.view).toBe('app');
    expect(world.preset.maxDistance).toBe(50000);
  });

  it('the background view gets its grid and low power without a named variant', () => {
    const { world, frame } = setUp();
    enqueue({ type: 'setView', view: 'background' });
    frame();
    expect(world.appearance.variant).toBe('background');
    expect(world.layers.backgroundGrid).toBe(true);
    expect(world.quality?.controller.state.override).toBe('low');
    expect(world.autoRotate).toBe(true);
  });
});

describe('sky scale', () => {
  const date = new Date(Date.UTC(2026, 5, 21, 12));
  const dist = (p: readonly number[]) => Math.hypot(p[0] ?? 0, p[1] ?? 0, p[2] ?? 0);

  it('simplified: the spec layout (sun at 23455, radius 109; moon at 1200)', () => {
    const l = sceneSkyLayout(date, false);
    expect(l.mode).toBe('simplified');
    expect(l.sun.distance).toBeCloseTo(SUN_DISTANCE_SIMPLIFIED, 6);
    expect(dist(l.sun.position)).toBeCloseTo(SUN_DISTANCE_SIMPLIFIED, 3);
    expect(l.sun.radius).toBe(SUN_RADIUS_SIMPLIFIED);
    expect(l.moon.distance).toBeCloseTo(MOON_DISTANCE_SIMPLIFIED, 3);
  });

  it('true: real sizes and distances, far bodies on the sky shell with their apparent size', () => {
    const l = sceneSkyLayout(date, true);
    const simple = sceneSkyLayout(date, false);
    expect(l.mode).toBe('true');
    expect(l.sun.distance).toBeCloseTo(TRUE_SCALE_SKY_SHELL, 6);
    // June: the Earth is near aphelion, 1.0163 AU from the sun.
    const trueSunDistance = 1.0163 * (149_597_870.7 / KM_PER_UNIT);
    expect(l.sun.radius / l.sun.distance).toBeCloseTo(
      SUN_RADIUS_KM / KM_PER_UNIT / trueSunDistance,
      5,
    );
    // Same direction as the simplified sun.
    const dot =
      (l.sun.position[0] * simple.sun.position[0] +
        l.sun.position[1] * simple.sun.position[1] +
        l.sun.position[2] * simple.sun.position[2]) /
      (l.sun.distance * simple.sun.distance);
    expect(dot).toBeGreaterThan(0.999999);
    // The moon is inside the shell: its real distance and radius in globe units.
    expect(l.moon.distance * KM_PER_UNIT).toBeGreaterThan(356_000);
    expect(l.moon.distance * KM_PER_UNIT).toBeLessThan(407_000);
    expect(l.moon.radius).toBeCloseTo(MOON_RADIUS_KM / KM_PER_UNIT, 6);
    for (const p of l.planets) expect(p.distance).toBeLessThanOrEqual(TRUE_SCALE_SKY_SHELL + 1e-6);
  });

  it('the sky system lays the sky out again at once when the scale is switched', () => {
    const { world } = createTestWorld();
    const sent: SolarSystemLayout[] = [];
    world.earthRender = { ...NOOP_EARTH_RENDER, setSky: (l) => sent.push(l) };
    world.earth.parts = PART_MOON;
    let now = 0;
    const frame = (): void => runPipeline(world, (now += 16), [{ name: 'sky', run: skySystem }]);
    frame();
    frame();
    expect(sent.map((l) => l.mode)).toEqual(['simplified']);
    world.appearance.trueScale = true;
    frame();
    expect(sent.map((l) => l.mode)).toEqual(['simplified', 'true']);
    expect(world.appearance.sky?.mode).toBe('true');
  });
});
