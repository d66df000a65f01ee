import { describe, expect, it } from 'vitest';
import { state } from '../engine/bridge/state';
import { sendCommand } from '../engine/commands';
import type { ControlsPlatform, PointerSample } from '../engine/controls';
import { runPipeline } from '../engine/pipeline';
import type { AtlasWorld } from '../engine/world';
import { CountryIndex } from '../data/globe/countryIndex';
import { cameraSystem } from './cameraSystem';
import { commandSystem } from './commandSystem';
import { controlsPublishSystem } from './controlsPublishSystem';
import { controlsSystem } from './controlsSystem';
import { countrySystem } from './countrySystem';
import { pickingSystem } from './pickingSystem';
import { createTestWorld, TEST_VIEW } from './testWorld';

const steps = [
  { name: 'commands', run: commandSystem },
  { name: 'controls', run: controlsSystem },
  { name: 'camera', run: cameraSystem },
  { name: 'picking', run: pickingSystem },
  { name: 'country', run: countrySystem },
  { name: 'controlsPublish', run: controlsPublishSystem },
];

const CX = TEST_VIEW.width / 2;
const CY = TEST_VIEW.height / 2;

/** A world on `view` at (0, 0, 600) (the test render's fixed camera), clock at 0. */
function setup(view: 'app' | 'landing' | 'background' = 'app') {
  const t = createTestWorld();
  sendCommand({ type: 'setView', view });
  sendCommand({ type: 'setCamera', lat: 0, lon: 0, distance: 600 });
  runPipeline(t.world, 0, steps);
  return { ...t, clock: { now: 0 } };
}

/** Runs frames of `stepMs` until `untilMs`. */
function run(world: AtlasWorld, clock: { now: number }, untilMs: number, stepMs = 50): void {
  while (clock.now < untilMs) {
    clock.now = Math.min(untilMs, clock.now + stepMs);
    runPipeline(world, clock.now, steps);
  }
}

function key(world: AtlasWorld, k: string, code = '', opts: { shift?: boolean } = {}): void {
  const shift = opts.shift ?? false;
  world.controls.input.keys.push({ key: k, code, down: true, repeat: false, shift });
  world.controls.input.keys.push({ key: k, code, down: false, repeat: false, shift });
}

function pointer(
  world: AtlasWorld,
  type: PointerSample['type'],
  t: number,
  x: number,
  y: number,
  kind: PointerSample['kind'] = 'mouse',
): void {
  world.controls.input.pointers.push({ type, t, x, y, kind, button: 0 });
}

/** One "country" covering lat/lon -20..20 around (0, 0), labelled at (5, 5). */
function squareCountry(): CountryIndex {
  return new CountryIndex({
    positions: [-20, -20, 20, -20, 20, 20, -20, 20],
    features: [
      {
        polygons: [{ rings: [{ start: 0, count: 4 }] }],
        properties: { name: 'Squareland', iso2: 'SQ', labelLat: 5, labelLon: 5 },
      },
    ],
  });
}

describe('keyboard', () => {
  it('R resets to distance 600 over 1.5 s, keeping the place', () => {
    const { world, clock } = setup();
    sendCommand({ type: 'setCamera', lat: 30, lon: 40, distance: 300 });
    run(world, clock, 100);
    key(world, 'r', 'KeyR');
    run(world, clock, 150);
    run(world, clock, 900); // halfway: ease-in-out cubic is at 0.5
    expect(world.camera.distance).toBeCloseTo(450, 0);
    run(world, clock, 1700);
    expect(world.camera.distance).toBeCloseTo(600, 6);
    expect(world.camera.lat).toBeCloseTo(30, 6);
    expect(world.camera.lon).toBeCloseTo(40, 6);
    expect(world.flyTo).toBeNull();
  });

  it('reduced motion (instantFly): R, N and H jump in one frame instead of flying', () => {
    const { world, clock } = setup();
    sendCommand({ type: 'setCameraSettings', camera: { autoRotate: false, instantFly: true } });
    sendCommand({ type: 'setCamera', lat: 30, lon: 40, distance: 300 });
    run(world, clock, 100);
    key(world, 'r', 'KeyR');
    run(world, clock, 150);
    run(world, clock, 200);
    expect(world.camera.distance).toBeCloseTo(600, 6);
    expect(world.flyTo).toBeNull();
    key(world, 'n', 'KeyN');
    run(world, clock, 300);
    expect(world.camera.lat).toBeCloseTo(0, 6);
  });

  it('N brings the camera back to the equator plane (north up) in 1 s', () => {
    const { world, clock } = setup();
    sendCommand({ type: 'setCamera', lat: 60, lon: 10, distance: 700 });
    run(world, clock, 100);
    key(world, 'n', 'KeyN');
    run(world, clock, 1200);
    expect(world.camera.lat).toBeCloseTo(0, 6);
    expect(world.camera.lon).toBeCloseTo(10, 6);
    expect(world.camera.distance).toBeCloseTo(700, 6);
  });

  it('arrows and W/A rotate 5 degrees a press at distance 600, Shift a fifth of that', () => {
    const { world, clock } = setup();
    key(world, 'ArrowLeft', 'ArrowLeft');
    run(world, clock, 1000);
    expect(world.camera.lon).toBeCloseTo(-5, 6);
    key(world, 'ArrowUp', 'ArrowUp');
    key(world, 'w', 'KeyW');
    run(world, clock, 2000);
    expect(world.camera.lat).toBeCloseTo(10, 6);
    key(world, 'ArrowRight', 'ArrowRight', { shift: true });
    run(world, clock, 3000);
    expect(world.camera.lon).toBeCloseTo(-4, 6);
  });

  it('+ and - zoom by 0.8 of the height above the surface, within the limits', () => {
    const { world, clock } = setup();
    key(world, '=', 'Equal');
    run(world, clock, 1000);
    expect(world.camera.distance).toBeCloseTo(200 + 400 * 0.8, 6);
    key(world, '-', 'Minus');
    key(world, '-', 'Minus');
    run(world, clock, 2000);
    expect(world.camera.distance).toBeCloseTo(200 + 400 / 0.8, 6);
    for (let i = 0; i < 10; i++) key(world, '-', 'Minus');
    run(world, clock, 3000);
    expect(world.camera.distance).toBe(1000); // the app's far limit
  });

  it('G, L, T, M toggle layers; S and D toggle on a tap and rotate when held', () => {
    const { world, clock } = setup();
    const grid = world.layers.grid;
    key(world, 'g', 'KeyG');
    key(world, 't', 'KeyT');
    run(world, clock, 100);
    expect(world.layers.grid).toBe(!grid);
    expect(world.layers.timezones).toBe(true);
    const solar = world.layers.solarSystem;
    key(world, 's', 'KeyS');
    run(world, clock, 200);
    expect(world.layers.solarSystem).toBe(!solar);
    expect(world.camera.lat).toBeCloseTo(0, 9);
    // Held: auto-repeat rotates (south), and the release does not toggle.
    const input = world.controls.input.keys;
    input.push({ key: 's', code: 'KeyS', down: true, repeat: false, shift: false });
    for (let i = 0; i < 5; i++) {
      input.push({ key: 's', code: 'KeyS', down: true, repeat: true, shift: false });
    }
    input.push({ key: 's', code: 'KeyS', down: false, repeat: false, shift: false });
    run(world, clock, 1200);
    expect(world.layers.solarSystem).toBe(!solar);
    expect(world.camera.lat).toBeCloseTo(-5, 6); // five repeats of a fifth of a step
  });

  it('? toggles the shortcuts dialog and Escape closes it (published)', () => {
    const { world, clock } = setup();
    key(world, '?', 'Slash', { shift: true });
    run(world, clock, 100);
    expect(state.shortcutsOpen.value).toBe(true);
    key(world, 'Escape', 'Escape');
    run(world, clock, 200);
    expect(state.shortcutsOpen.value).toBe(false);
    key(world, '?', 'Slash');
    run(world, clock, 300);
    expect(state.shortcutsOpen.value).toBe(true);
    sendCommand({ type: 'setShortcutsOpen', open: false }); // the backdrop
    run(world, clock, 400);
    expect(state.shortcutsOpen.value).toBe(false);
  });

  it('does nothing to the background globe behind static pages', () => {
    const { world, clock } = setup('background');
    sendCommand({ type: 'setAutoRotate', on: false });
    run(world, clock, 1000); // auto-rotation fades out
    const lon = world.camera.lon;
    key(world, 'r', 'KeyR');
    key(world, 'ArrowLeft', 'ArrowLeft');
    key(world, 'g', 'KeyG');
    const grid = world.layers.grid;
    run(world, clock, 2000);
    expect(world.camera.lon).toBe(lon);
    expect(world.camera.distance).toBe(600);
    expect(world.layers.grid).toBe(grid);
  });
});

describe('camera animations', () => {
  it('H goes home: (0, 0, 600) by default, the saved home after Locate Me', () => {
    const { world, clock } = setup();
    let saved = 0;
    const platform: ControlsPlatform = {
      requestLocation(c) {
        c.located = { lat: 48.8566, lon: 2.3522, accuracy: 20 };
      },
      saveUserLocation() {
        saved++;
      },
    };
    world.controls.platform = platform;
    sendCommand({ type: 'setCamera', lat: 20, lon: 30, distance: 800 });
    run(world, clock, 100);
    key(world, 'h', 'KeyH');
    run(world, clock, 2200);
    expect(world.camera).toMatchObject({ distance: 600 });
    expect(world.camera.lat).toBeCloseTo(0, 6);
    expect(world.camera.lon).toBeCloseTo(0, 6);

    sendCommand({ type: 'locateMe' });
    run(world, clock, 4400);
    expect(world.camera.lat).toBeCloseTo(48.8566, 6);
    expect(world.camera.distance).toBeCloseTo(280, 6); // Locate Me: distance 280
    expect(saved).toBe(1);
    expect(state.userLocation.value).toMatchObject({ lat: 48.8566, lon: 2.3522 });
    sendCommand({ type: 'setCamera', lat: 0, lon: 100, distance: 900 });
    sendCommand({ type: 'goHome' });
    run(world, clock, 6600);
    expect(world.camera.lat).toBeCloseTo(48.8566, 6);
    expect(world.camera.distance).toBeCloseTo(450, 6); // home saved at 450
  });

  it('publishes geolocation failures, and "camera not ready" off an interactive globe', () => {
    const { world, clock } = setup('background');
    world.controls.platform = {
      requestLocation(c) {
        c.located = { lat: 1, lon: 2, accuracy: 30 };
      },
      saveUserLocation() {},
    };
    sendCommand({ type: 'locateMe' });
    run(world, clock, 100);
    expect(state.controlsNotice.value?.message).toContain('(Camera not ready)');
    // The default platform (no browser): unsupported.
    const t = setup();
    sendCommand({ type: 'locateMe' });
    run(t.world, t.clock, 100);
    expect(state.controlsNotice.value?.message).toBe(
      'Geolocation is not supported by your browser',
    );
    sendCommand({ type: 'clearNotice' });
    run(t.world, t.clock, 200);
    expect(state.controlsNotice.value).toBeNull();
  });

  it('a selected location flies to distance 200 + zoom (default 300) in 2 s, then clears', () => {
    const { world, clock } = setup();
    sendCommand({ type: 'goToLocation', lat: 35.68, lon: 139.69 });
    run(world, clock, 1100);
    expect(world.controls.selectedLocation).not.toBeNull();
    run(world, clock, 2200);
    expect(world.camera.lat).toBeCloseTo(35.68, 6);
    expect(world.camera.distance).toBeCloseTo(500, 6);
    expect(world.controls.selectedLocation).toBeNull();
  });
});

describe('auto-rotation through the systems', () => {
  it('on /app with auto-rotate on: stops on interaction, resumes after 20 s idle beyond 400', () => {
    const { world, rig, clock } = setup();
    sendCommand({ type: 'setAutoRotate', on: true });
    run(world, clock, 2000);
    expect(world.controls.autoRotateFactor).toBeGreaterThan(0.9);
    world.controls.input.wheel++;
    run(world, clock, 2600); // fades out over 500 ms
    expect(world.controls.autoRotateFactor).toBe(0);
    const a = rig.alpha;
    run(world, clock, 22_000);
    expect(rig.alpha).toBe(a); // 19.4 s idle: still stopped
    run(world, clock, 22_700); // 20 s after the wheel, plus 100 ms of fade-in
    expect(world.controls.autoRotateFactor).toBeGreaterThan(0);
    expect(world.controls.autoRotateFactor).toBeLessThan(1);
    run(world, clock, 24_200); // fading up over 1500 ms
    expect(world.controls.autoRotateFactor).toBe(1);
    expect(state.autoRotating.value).toBe(true);
  });

  it('never turns at or inside distance 400', () => {
    const { world, clock } = setup();
    sendCommand({ type: 'setAutoRotate', on: true });
    sendCommand({ type: 'setCamera', distance: 400 });
    run(world, clock, 25_000);
    expect(world.controls.autoRotateFactor).toBe(0);
  });

  it('landing: resumes after 30 s, not while an article is selected', () => {
    const { world, clock } = setup('landing');
    pointer(world, 'down', 100, CX, CY);
    pointer(world, 'up', 150, CX, CY);
    run(world, clock, 29_000);
    expect(world.controls.autoRotateFactor).toBe(0);
    world.markers.selected = 3;
    run(world, clock, 32_000);
    expect(world.controls.autoRotateFactor).toBe(0);
    world.markers.selected = -1;
    run(world, clock, 34_000);
    expect(world.controls.autoRotateFactor).toBe(1);
  });
});

describe('pointer gestures', () => {
  it('a double click zooms to 300 beyond 400, else to 600, over 500 ms', () => {
    const { world, clock } = setup();
    pointer(world, 'down', 0, CX, CY);
    pointer(world, 'up', 60, CX, CY);
    pointer(world, 'down', 150, CX + 5, CY);
    pointer(world, 'up', 200, CX + 5, CY);
    run(world, clock, 50);
    expect(world.flyTo?.durationMs).toBe(500);
    run(world, clock, 600);
    expect(world.camera.distance).toBeCloseTo(300, 6);
    pointer(world, 'down', 700, CX, CY, 'touch');
    pointer(world, 'up', 720, CX, CY, 'touch');
    pointer(world, 'down', 900, CX, CY, 'touch');
    pointer(world, 'up', 950, CX, CY, 'touch');
    run(world, clock, 1300);
    expect(world.camera.distance).toBeCloseTo(600, 6);
  });

  it('taps too far apart in time or space are not a double tap', () => {
    const { world, clock } = setup();
    pointer(world, 'down', 0, CX, CY);
    pointer(world, 'up', 50, CX, CY);
    pointer(world, 'down', 400, CX, CY);
    pointer(world, 'up', 450, CX, CY);
    pointer(world, 'down', 500, CX + 80, CY);
    pointer(world, 'up', 550, CX + 80, CY);
    run(world, clock, 1200);
    expect(world.camera.distance).toBe(600);
  });

  it('publishes a long press (500 ms, touch)', () => {
    const { world, clock } = setup();
    pointer(world, 'down', 0, 100, 100, 'touch');
    run(world, clock, 600);
    expect(state.gesture.value).toMatchObject({ type: 'longpress', x: 100, y: 100 });
  });

  it('a long press reports the point of the globe under the finger and its country', () => {
    const { world, clock } = setup();
    world.controls.country.index = squareCountry();
    pointer(world, 'down', 0, CX, CY, 'touch');
    run(world, clock, 600);
    const g = state.gesture.value;
    expect(g).toMatchObject({ type: 'longpress', place: 'Squareland' });
    expect(g?.lat).toBeCloseTo(0, 0);
    expect(g?.lon).toBeCloseTo(0, 0);
  });

  it("a two-finger pinch zooms by the ratio of the fingers' spread, within the limits", () => {
    const { world, clock } = setup();
    world.controls.input.pinch = 2; // fingers twice as far apart: half the distance
    run(world, clock, 100);
    expect(world.camera.distance).toBeCloseTo(300, 5);
    world.controls.input.pinch = 0.1; // pinched far in: clamped to the view's outer limit
    run(world, clock, 200);
    expect(world.camera.distance).toBe(world.rig.upperRadiusLimit);
    expect(world.controls.input.pinch).toBe(1);
  });

  it('touch drags coast with momentum after release', () => {
    const { world, clock } = setup();
    run(world, clock, 100);
    pointer(world, 'down', 100, 400, 300, 'touch');
    for (let i = 1; i <= 5; i++) pointer(world, 'move', 100 + i * 16, 400 + i * 15, 300, 'touch');
    pointer(world, 'up', 200, 475, 300, 'touch');
    run(world, clock, 250);
    expect(world.controls.momentum.active).toBe(true);
    const lon = world.camera.lon;
    run(world, clock, 600);
    // Dragging right turns the camera west: the camera longitude decreases.
    expect(world.camera.lon).toBeLessThan(lon);
    run(world, clock, 5000);
    expect(world.controls.momentum.active).toBe(false);
  });
});

describe('countries', () => {
  it('a click selects the country under it after the double-tap window and zooms to 500', () => {
    const { world, clock, render } = setup();
    world.controls.country.index = squareCountry();
    world.pointer.inside = true;
    world.pointer.x = CX;
    world.pointer.y = CY;
    run(world, clock, 100);
    expect(render.cursor).toBe('pointer'); // hovering land
    pointer(world, 'down', 100, CX, CY);
    pointer(world, 'up', 200, CX, CY);
    run(world, clock, 300);
    expect(world.controls.country.selected).toBe(-1); // waiting for a second tap
    run(world, clock, 600);
    expect(state.selectedCountry.value).toEqual({ name: 'Squareland', iso2: 'SQ' });
    run(world, clock, 2700);
    expect(world.camera.distance).toBeCloseTo(500, 6);
    expect(world.camera.lat).toBeCloseTo(5, 6);
    sendCommand({ type: 'selectCountry', iso2: null });
    run(world, clock, 2800);
    expect(state.selectedCountry.value).toBeNull();
  });

  it('a drag (over 20 px) or a click on a marker does not select', () => {
    const { world, clock, render } = setup();
    world.controls.country.index = squareCountry();
    pointer(world, 'down', 0, CX, CY);
    pointer(world, 'move', 50, CX + 25, CY);
    run(world, clock, 50);
    expect(render.cursor).toBe('grabbing');
    pointer(world, 'up', 100, CX + 25, CY);
    run(world, clock, 800);
    expect(world.controls.country.selected).toBe(-1);
    expect(render.cursor).toBe('grab');
    world.markers.hovered = 7; // the picking system's marker under the pointer
    pointer(world, 'down', 900, CX, CY);
    pointer(world, 'up', 950, CX, CY);
    run(world, clock, 1600);
    expect(world.controls.country.selected).toBe(-1);
  });

  it('a click on the ocean selects nothing; a double click zooms instead of selecting', () => {
    const { world, clock } = setup();
    world.controls.country.index = squareCountry();
    pointer(world, 'down', 0, 20, 20); // off the globe
    pointer(world, 'up', 50, 20, 20);
    run(world, clock, 500);
    expect(world.controls.country.selected).toBe(-1);
    pointer(world, 'down', 600, CX, CY);
    pointer(world, 'up', 650, CX, CY);
    pointer(world, 'down', 700, CX, CY);
    pointer(world, 'up', 750, CX, CY);
    run(world, clock, 1500);
    expect(world.controls.country.selected).toBe(-1);
    expect(world.camera.distance).toBeCloseTo(300, 6);
  });
});

describe('user marker', () => {
  it("shows 'Your Location' on hover for 2 s; a double click zooms to it in 1 s", () => {
    const { world, clock } = setup();
    const updates: number[][] = [];
    world.controls.userMarkerRender = {
      update: (lat, lon, visible, size, pulse) =>
        updates.push([lat, lon, visible ? 1 : 0, size, pulse]),
    };
    world.controls.userLocation = { lat: 0, lon: 0, name: 'Here', accuracy: 5 };
    world.controls.version++;
    world.pointer.inside = true;
    world.pointer.x = CX + 3;
    world.pointer.y = CY;
    run(world, clock, 100);
    expect(updates.length).toBeGreaterThan(0);
    expect(state.userLocationTooltip.value).toMatchObject({ lat: 0, lon: 0 });
    run(world, clock, 2200);
    expect(state.userLocationTooltip.value).toBeNull();
    pointer(world, 'down', 2300, CX, CY);
    pointer(world, 'up', 2350, CX, CY);
    pointer(world, 'down', 2400, CX, CY);
    pointer(world, 'up', 2450, CX, CY);
    run(world, clock, 2500);
    expect(world.flyTo?.durationMs).toBe(1000);
    run(world, clock, 3600);
    expect(world.camera.distance).toBeCloseTo(250, 6);
  });
});

describe('view options', () => {
  it('publishes drag-to-rotate and the debug crosshair', () => {
    const { world, clock } = setup();
    sendCommand({ type: 'setViewOption', option: 'debugCrosshair', on: true });
    run(world, clock, 100);
    expect(state.viewOptions.value).toEqual({ dragToRotate: false, debugCrosshair: true });
  });
});
