import { describe, expect, it } from 'vitest';
import { sendCommand } from '../engine/commands';
import { runPipeline } from '../engine/pipeline';
import { cameraSystem, applyCameraToRig, rigToCamera, BETA_MIN } from './cameraSystem';
import { commandSystem } from './commandSystem';
import { controlsSystem } from './controlsSystem';
import { createTestRig, createTestWorld } from './testWorld';

const steps = [
  { name: 'commands', run: commandSystem },
  { name: 'camera', run: cameraSystem },
];
const withControls = [
  { name: 'commands', run: commandSystem },
  { name: 'controls', run: controlsSystem },
  { name: 'camera', run: cameraSystem },
];

describe('camera rig conversion', () => {
  it('round-trips lat/lon/distance through orbit angles', () => {
    const rig = createTestRig();
    applyCameraToRig({ lat: 35.5, lon: -120.25, distance: 750 }, rig);
    const c = rigToCamera(rig);
    expect(c.lat).toBeCloseTo(35.5, 9);
    expect(c.lon).toBeCloseTo(-120.25, 9);
    expect(c.distance).toBe(750);
  });

  it('clamps to the polar limits and the distance limits', () => {
    const rig = createTestRig();
    applyCameraToRig({ lat: 90, lon: 0, distance: 100 }, rig);
    expect(rig.beta).toBeCloseTo(BETA_MIN, 12);
    expect(rig.radius).toBe(200.1);
  });
});

describe('cameraSystem', () => {
  it('applies setCamera at the next frame, clamped to the view', () => {
    const { world } = createTestWorld();
    sendCommand({ type: 'setView', view: 'app' });
    sendCommand({ type: 'setCamera', lat: 10, lon: 20, distance: 5000 });
    runPipeline(world, 0, steps);
    expect(world.camera.lat).toBeCloseTo(10, 9);
    expect(world.camera.lon).toBeCloseTo(20, 9);
    expect(world.camera.distance).toBe(1000);
  });

  it('auto-rotates at speed 0.5 = one turn per 120 s; holding the globe fades it out in 500 ms', () => {
    const { world, rig } = createTestWorld();
    sendCommand({ type: 'setView', view: 'landing' });
    runPipeline(world, 0, withControls);
    const a0 = rig.alpha;
    // 1 s in 10 frames of 100 ms.
    for (let i = 1; i <= 10; i++) runPipeline(world, i * 100, withControls);
    expect(rig.alpha - a0).toBeCloseTo((2 * Math.PI) / 120, 9);
    rig.pointerDown = true;
    runPipeline(world, 1100, withControls);
    runPipeline(world, 1200, withControls);
    // Fading: still turning, but slower than full speed.
    expect(world.controls.autoRotateFactor).toBeGreaterThan(0);
    expect(world.controls.autoRotateFactor).toBeLessThan(1);
    for (let t = 1300; t <= 1700; t += 100) runPipeline(world, t, withControls);
    expect(world.controls.autoRotateFactor).toBe(0);
    const a1 = rig.alpha;
    runPipeline(world, 1800, withControls);
    expect(rig.alpha).toBe(a1);
  });

  it('does not rotate on /app by default', () => {
    const { world, rig } = createTestWorld();
    sendCommand({ type: 'setView', view: 'app' });
    runPipeline(world, 0, steps);
    const a0 = rig.alpha;
    runPipeline(world, 100, steps);
    expect(rig.alpha).toBe(a0);
  });

  it('flies along the shorter way round with ease-in-out over 2000 ms', () => {
    const { world } = createTestWorld();
    sendCommand({ type: 'setView', view: 'app' });
    sendCommand({ type: 'setCamera', lat: 0, lon: 170, distance: 600 });
    runPipeline(world, 0, steps);
    sendCommand({ type: 'flyTo', lat: 10, lon: -170, distance: 300 });
    runPipeline(world, 1, steps); // the fly-to starts at t = 1 ms
    runPipeline(world, 1001, steps); // halfway
    expect(world.camera.lat).toBeCloseTo(5, 6);
    expect(Math.abs(world.camera.lon)).toBeCloseTo(180, 6); // crossed the antimeridian
    expect(world.camera.distance).toBeCloseTo(450, 6);
    runPipeline(world, 1500, steps);
    runPipeline(world, 2001, steps);
    expect(world.camera.lon).toBeCloseTo(-170, 6);
    expect(world.camera.distance).toBeCloseTo(300, 6);
    expect(world.flyTo).toBeNull();
  });

  it('caps the frame step so a backgrounded tab does not jump', () => {
    const { world } = createTestWorld();
    runPipeline(world, 0, steps);
    runPipeline(world, 60_000, steps);
    expect(world.time.dt).toBe(0.1);
  });
});
