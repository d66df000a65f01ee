import { describe, expect, it } from 'vitest';
import type { AutoRotate } from './autoRotate';
import {
  AUTO_ROTATE_BASE_SPEED,
  createAutoRotate,
  FADE_IN_MS,
  FADE_OUT_MS,
  IDLE_RESUME_MS,
  LANDING_IDLE_RESUME_MS,
} from './autoRotate';

const FAR = 600;

/** A fake clock stepping the controller frame by frame (16 ms). */
function run(
  ar: AutoRotate,
  fromMs: number,
  toMs: number,
  distance = FAR,
  selected = false,
): number {
  for (let t = fromMs; t < toMs; t += 16) ar.update(t, distance, selected);
  return ar.update(toMs, distance, selected);
}

describe('auto-rotate (controls)', () => {
  it('is active at first at base speed 0.5', () => {
    const ar = createAutoRotate();
    expect(ar.update(0, FAR, false)).toBe(1);
    expect(ar.speed).toBe(AUTO_ROTATE_BASE_SPEED);
    expect(AUTO_ROTATE_BASE_SPEED).toBe(0.5);
    expect(ar.phase).toBe('rotating');
  });

  it('fades to 0 over 500 ms after an interaction', () => {
    const ar = createAutoRotate();
    ar.update(1000, FAR, false);
    ar.interact(1000);
    expect(ar.update(1000, FAR, false)).toBe(1);
    expect(ar.update(1250, FAR, false)).toBeCloseTo(0.5, 12);
    expect(ar.phase).toBe('fadingOut');
    expect(ar.update(1000 + FADE_OUT_MS, FAR, false)).toBe(0);
    expect(ar.phase).toBe('stopped');
  });

  it('resumes after 20 s idle, fading up over 1500 ms', () => {
    const ar = createAutoRotate();
    ar.interact(0);
    expect(run(ar, 0, IDLE_RESUME_MS - 1)).toBe(0);
    expect(ar.update(IDLE_RESUME_MS, FAR, false)).toBe(0);
    expect(ar.phase).toBe('fadingIn');
    expect(ar.update(IDLE_RESUME_MS + 750, FAR, false)).toBeCloseTo(0.5, 12);
    expect(ar.update(IDLE_RESUME_MS + FADE_IN_MS, FAR, false)).toBe(1);
    expect(ar.phase).toBe('rotating');
  });

  it('each interaction restarts the idle timer', () => {
    const ar = createAutoRotate();
    ar.interact(0);
    run(ar, 0, 15_000);
    ar.interact(15_000);
    expect(run(ar, 15_000, 15_000 + IDLE_RESUME_MS - 1)).toBe(0);
    expect(run(ar, 35_000, 35_000 + FADE_IN_MS)).toBe(1);
  });

  it('never rotates at or inside distance 400', () => {
    const ar = createAutoRotate();
    ar.interact(0);
    expect(run(ar, 0, 60_000, 400)).toBe(0);
    expect(run(ar, 60_000, 120_000, 250)).toBe(0);
    // Moving out past 400 (e.g. a fly-to, not an interaction) lets it resume at once: long idle.
    expect(ar.update(120_000, 401, false)).toBe(0);
    expect(ar.update(120_000 + FADE_IN_MS, 401, false)).toBe(1);
    // Coming back in without touching the controls fades it out again.
    ar.update(130_000, 399, false);
    expect(ar.update(130_000 + FADE_OUT_MS, 399, false)).toBe(0);
  });

  it('stops while an article is selected', () => {
    const ar = createAutoRotate();
    ar.update(0, FAR, false);
    ar.update(100, FAR, true);
    expect(ar.update(100 + FADE_OUT_MS, FAR, true)).toBe(0);
    expect(run(ar, 600, 100_000, FAR, true)).toBe(0);
    ar.update(100_000, FAR, false);
    expect(ar.update(100_000 + FADE_IN_MS, FAR, false)).toBe(1);
  });

  it('an interaction during the fade-in reverses from the current factor without a jump', () => {
    const ar = createAutoRotate();
    ar.interact(0);
    run(ar, 0, IDLE_RESUME_MS + 300); // factor 0.2
    expect(ar.factor).toBeCloseTo(0.2, 12);
    ar.interact(IDLE_RESUME_MS + 300);
    expect(ar.factor).toBeCloseTo(0.2, 12);
    expect(ar.update(IDLE_RESUME_MS + 550, FAR, false)).toBeCloseTo(0.1, 12);
    expect(ar.update(IDLE_RESUME_MS + 800, FAR, false)).toBe(0);
  });

  it('ignores time running backwards', () => {
    const ar = createAutoRotate();
    ar.interact(5000);
    expect(ar.update(5250, FAR, false)).toBeCloseTo(0.5, 12);
    expect(ar.update(4000, FAR, false)).toBeCloseTo(0.5, 12);
  });

  it('can be disabled and re-enabled (background globe on /app is off)', () => {
    const off = createAutoRotate({ enabled: false });
    expect(off.update(0, FAR, false)).toBe(0);
    expect(run(off, 0, 60_000)).toBe(0);
    off.setEnabled(true, 60_000);
    // The fade starts at the next frame's update, which knows the distance and selection.
    expect(run(off, 60_000, 60_000 + FADE_IN_MS)).toBe(1);
    off.setEnabled(false, 70_000);
    expect(off.update(70_000 + FADE_OUT_MS, FAR, false)).toBe(0);
  });
});

describe('auto-rotate (landing)', () => {
  it('resumes after 30 s of inactivity', () => {
    const ar = createAutoRotate({ variant: 'landing' });
    ar.interact(0);
    expect(run(ar, 0, IDLE_RESUME_MS + 5000)).toBe(0);
    expect(run(ar, 25_000, LANDING_IDLE_RESUME_MS - 1)).toBe(0);
    expect(run(ar, LANDING_IDLE_RESUME_MS, LANDING_IDLE_RESUME_MS + FADE_IN_MS)).toBe(1);
  });

  it('does not resume while an article is selected', () => {
    const ar = createAutoRotate({ variant: 'landing' });
    ar.interact(0);
    expect(run(ar, 0, 120_000, FAR, true)).toBe(0);
    expect(run(ar, 120_000, 120_000 + FADE_IN_MS, FAR, false)).toBe(1);
  });
});
