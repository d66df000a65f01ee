import { describe, expect, it } from 'vitest';
import { FADE_IN_MS, FADE_OUT_MS, HOLD_FRAMES, stepLife, type LabelLife } from './fade';

/** Drives a label frame by frame with a fake clock of `frameMs` per frame. */
function run(
  life: LabelLife,
  qualified: boolean[],
  startFrame: number,
  frameMs: number,
): boolean[] {
  return qualified.map((q, i) => stepLife(life, q, startFrame + i, frameMs));
}

describe('label fade timing', () => {
  it('fades in over FADE_IN_MS while qualifying', () => {
    const life: LabelLife = { lastQualifiedFrame: 0, alpha: 0 };
    const frames = Math.ceil(FADE_IN_MS / 16);
    run(life, Array<boolean>(frames - 1).fill(true), 1, 16);
    expect(life.alpha).toBeGreaterThan(0.8);
    expect(life.alpha).toBeLessThan(1);
    stepLife(life, true, frames, 16);
    expect(life.alpha).toBe(1);
  });

  it('stays fully shown exactly 3 frames after it last qualified, then fades to 0', () => {
    expect(HOLD_FRAMES).toBe(3);
    const life: LabelLife = { lastQualifiedFrame: 10, alpha: 1 };
    // Frames 11, 12, 13: within the hold, untouched whatever the clock says.
    for (const f of [11, 12, 13]) {
      expect(stepLife(life, false, f, 1000)).toBe(true);
      expect(life.alpha).toBe(1);
    }
    // Frame 14: the fade starts; 100 ms of a 300 ms fade.
    expect(stepLife(life, false, 14, 100)).toBe(true);
    expect(life.alpha).toBeCloseTo(1 - 100 / FADE_OUT_MS, 10);
    expect(stepLife(life, false, 15, 100)).toBe(true);
    expect(life.alpha).toBeCloseTo(1 - 200 / FADE_OUT_MS, 10);
    // The last step reaches 0 and reports the label gone.
    expect(stepLife(life, false, 16, 100)).toBe(false);
    expect(life.alpha).toBe(0);
  });

  it('a label that qualifies again during the fade comes back and restarts its hold', () => {
    const life: LabelLife = { lastQualifiedFrame: 0, alpha: 1 };
    run(life, [false, false, false, false], 1, 100); // hold 3, then one fade step
    expect(life.alpha).toBeCloseTo(1 - 100 / FADE_OUT_MS, 10);
    stepLife(life, true, 5, 100);
    expect(life.alpha).toBe(1);
    expect(life.lastQualifiedFrame).toBe(5);
    expect(stepLife(life, false, 8, 500)).toBe(true);
    expect(life.alpha).toBe(1);
  });

  it('the fade length does not depend on the frame rate', () => {
    for (const frameMs of [8, 16.7, 33, 50]) {
      const life: LabelLife = { lastQualifiedFrame: 0, alpha: 1 };
      let frame = 1;
      let elapsed = 0;
      while (stepLife(life, false, frame, frameMs)) {
        if (frame > HOLD_FRAMES) elapsed += frameMs;
        frame++;
      }
      elapsed += frameMs;
      expect(elapsed).toBeGreaterThanOrEqual(FADE_OUT_MS);
      expect(elapsed).toBeLessThan(FADE_OUT_MS + frameMs + 1e-9);
    }
  });
});
