import { describe, expect, it } from 'vitest';
import {
  PLACEMENT_INTERVAL_MS,
  TOAST_DIP_TEXT,
  TOAST_RECOVER_TEXT,
  createQualityController,
  dynamicPixelRatio,
  type QualityContext,
} from './adaptiveQuality';

const ctx: QualityContext = {
  cameraMoving: false,
  battery: null,
  charging: null,
  devicePixelRatio: 2,
};

/** Drives the controller with a constant frame rate for `ms`, one frame per frame interval. */
function run(
  c: ReturnType<typeof createQualityController>,
  from: number,
  ms: number,
  fps: number,
  over: Partial<QualityContext> = {},
) {
  const dt = 1000 / fps;
  let t = from;
  while (t < from + ms) {
    t += dt;
    c.frame(t, dt, { ...ctx, ...over });
  }
  return t;
}

describe('dynamic resolution', () => {
  it('follows the spec bands with a floor of 1', () => {
    expect(dynamicPixelRatio(60, 2)).toBe(2);
    expect(dynamicPixelRatio(45, 2)).toBe(1.7);
    expect(dynamicPixelRatio(35, 2)).toBe(1.4);
    expect(dynamicPixelRatio(20, 2)).toBe(1);
    expect(dynamicPixelRatio(45, 1)).toBe(1);
  });
});

describe('quality steps', () => {
  it('steps down within ~1.5 s of a dip and up only after a sustained recovery', () => {
    const c = createQualityController({ detected: 'high', segments: 64, now: 0 });
    let t = run(c, 0, 2000, 60);
    expect(c.state.mode).toBe('high');
    t = run(c, t, 1000, 12);
    // The smoothed rate needs a few hundred ms to fall below 20, then 1 s must pass.
    t = run(c, t, 1000, 12);
    expect(c.state.mode).not.toBe('high');
    t = run(c, t, 3000, 10);
    expect(c.state.mode).toBe('low');
    t = run(c, t, 3000, 60);
    expect(c.state.mode).toBe('low'); // not yet: up is slow
    t = run(c, t, 3000, 60);
    expect(c.state.mode).toBe('medium');
    run(c, t, 6000, 60);
    expect(c.state.mode).toBe('high');
  });

  it('never flaps on a noisy frame rate around a threshold', () => {
    const c = createQualityController({ detected: 'high', segments: 64, now: 0 });
    let t = 0;
    let changes = 0;
    let last = c.state.mode;
    // Alternating 17 ms and 70 ms frames: a jittery ~23 FPS, above the 20 FPS step-down line.
    for (let i = 0; i < 2000; i++) {
      const dt = i % 2 === 0 ? 17 : 70;
      t += dt;
      c.frame(t, dt, ctx);
      if (c.state.mode !== last) {
        changes++;
        last = c.state.mode;
      }
    }
    expect(changes).toBe(0);
  });

  it('stays on the user override', () => {
    const c = createQualityController({ detected: 'high', segments: 64, now: 0 });
    c.setOverride('high', 0);
    run(c, 0, 5000, 10);
    expect(c.state.mode).toBe('high');
    c.setOverride(null, 5000);
    run(c, 5000, 3000, 10);
    expect(c.state.mode).not.toBe('high');
  });

  it('does not go above the detected quality', () => {
    const c = createQualityController({ detected: 'low', segments: 64, now: 0 });
    run(c, 0, 20_000, 60);
    expect(c.state.mode).toBe('low');
  });
});

describe('stepwise degradation', () => {
  it('turns animations off, then textures low, then cuts segments to a floor of 24, and recovers', () => {
    const c = createQualityController({ detected: 'medium', segments: 64, now: 0 });
    let t = run(c, 0, 3000, 15);
    expect(c.state.animations).toBe(false);
    t = run(c, t, 2100, 15);
    expect(c.state.textureQuality).toBe('low');
    t = run(c, t, 2100, 15);
    expect(c.state.segments).toBe(51);
    t = run(c, t, 20_000, 15);
    expect(c.state.segments).toBe(24);
    run(c, t, 60_000, 60);
    expect(c.state.degradation).toBe(0);
    expect(c.state.animations).toBe(true);
    expect(c.state.segments).toBe(64);
  });

  it('turns animations off on a low battery', () => {
    const c = createQualityController({ detected: 'high', segments: 64, now: 0 });
    run(c, 0, 500, 60, { battery: 0.15, charging: false });
    expect(c.state.animations).toBe(false);
    expect(c.state.updateMs).toBe(100);
    run(c, 500, 500, 60, { battery: 0.15, charging: true });
    expect(c.state.animations).toBe(true);
  });
});

describe('culling, moving camera and toasts', () => {
  it('uses emergency/reduced/full culling with a dead band', () => {
    const c = createQualityController({ detected: 'high', segments: 64, now: 0 });
    let t = run(c, 0, 3000, 15);
    expect(c.state.culling).toBe('emergency');
    t = run(c, t, 3000, 40);
    expect(c.state.culling).toBe('reduced');
    t = run(c, t, 3000, 52);
    expect(c.state.culling).toBe('reduced');
    run(c, t, 3000, 60);
    expect(c.state.culling).toBe('full');
  });

  it('spaces the placement passes by culling level, never closer than updateMs', () => {
    const c = createQualityController({ detected: 'high', segments: 64, now: 0 });
    let t = run(c, 0, 3000, 60);
    expect(c.state.placementMs).toBe(PLACEMENT_INTERVAL_MS.full);
    expect(c.state.placementMs).toBe(0);
    t = run(c, t, 3000, 40);
    expect(c.state.placementMs).toBe(PLACEMENT_INTERVAL_MS.reduced);
    t = run(c, t, 3000, 10);
    expect(c.state.culling).toBe('emergency');
    expect(c.state.placementMs).toBe(PLACEMENT_INTERVAL_MS.emergency);
    expect(PLACEMENT_INTERVAL_MS.emergency).toBeGreaterThan(PLACEMENT_INTERVAL_MS.reduced);
    // Back at full rate on a low battery: culling full, but the battery's update frequency holds.
    run(c, t, 10_000, 60, { battery: 0.1, charging: false });
    expect(c.state.culling).toBe('full');
    expect(c.state.placementMs).toBe(100);
  });

  it('lowers the resolution while the camera moves on a struggling device, and restores it after', () => {
    const c = createQualityController({ detected: 'high', segments: 64, now: 0 });
    let t = run(c, 0, 1000, 60, { cameraMoving: true });
    expect(c.state.pixelRatio).toBe(2); // at full frame rate nothing changes
    t = run(c, t, 2000, 45, { cameraMoving: true });
    expect(c.state.pixelRatio).toBeCloseTo(1.7 * 0.85, 6);
    t = run(c, t, 500, 45);
    expect(c.state.pixelRatio).toBeCloseTo(1.7 * 0.85, 6); // recovers only after a pause
    run(c, t, 700, 45);
    expect(c.state.pixelRatio).toBeCloseTo(1.7, 6);
  });

  it('never drops the moving-camera resolution below 1 (each change resizes the framebuffer)', () => {
    const c = createQualityController({ detected: 'high', segments: 64, now: 0 });
    const oneX = { cameraMoving: true, devicePixelRatio: 1 };
    let t = run(c, 0, 2000, 20, oneX);
    expect(c.state.pixelRatio).toBe(1);
    t = run(c, t, 2000, 45, { ...oneX, devicePixelRatio: 1.1 });
    expect(c.state.pixelRatio).toBe(1);
    run(c, t, 2000, 45, { ...oneX, devicePixelRatio: 3 });
    expect(c.state.pixelRatio).toBeCloseTo(3 * 0.85 * 0.85, 6);
  });

  it('shows the dip toast for 3 s and the recovery toast for 2 s', () => {
    const c = createQualityController({ detected: 'high', segments: 64, now: 0 });
    let t = run(c, 0, 1500, 30);
    expect(c.state.toast?.text).toBe(TOAST_DIP_TEXT);
    t = run(c, t, 3000, 30);
    expect(c.state.toast).toBeNull();
    t = run(c, t, 1500, 60);
    expect(c.state.toast?.text).toBe(TOAST_RECOVER_TEXT);
    run(c, t, 2100, 60);
    expect(c.state.toast).toBeNull();
  });
});
