import { describe, expect, it } from 'vitest';
import {
  PLAY_STEPS,
  globeScreenHours,
  inTimeline,
  isTimelineWindow,
  playWindow,
  stepTimeline,
  timelineHours,
  timelineLabel,
  timelineWindow,
} from './timeline';

describe('timeline (spec globe.md section 9)', () => {
  it('maps positions to windows: >= 0.8 1 h, >= 0.5 6 h, >= 0.2 1 d, else 7 d', () => {
    const hours = [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1].map(timelineHours);
    expect(hours).toEqual([168, 168, 24, 24, 24, 6, 6, 6, 1, 1, 1]);
    expect(timelineWindow(0.5, 10 * 3_600_000)).toEqual({
      startMs: 4 * 3_600_000,
      endMs: 10 * 3_600_000,
    });
  });

  it('labels positions NOW, 1H AGO, 6H AGO, 1D AGO, 1W AGO', () => {
    expect([1, 0.9, 0.8, 0.6, 0.5, 0.3, 0.2, 0.1, 0].map(timelineLabel)).toEqual([
      'NOW',
      '1H AGO',
      '1H AGO',
      '6H AGO',
      '6H AGO',
      '1D AGO',
      '1D AGO',
      '1W AGO',
      '1W AGO',
    ]);
  });

  it('steps by 0.1 on the grid and clamps to 0..1', () => {
    expect(stepTimeline(1, -1)).toBe(0.9);
    expect(stepTimeline(0.7, -1)).toBe(0.6);
    expect(stepTimeline(0.2, 1)).toBe(0.3);
    expect(stepTimeline(1, 1)).toBe(1);
    expect(stepTimeline(0, -1)).toBe(0);
    let p = 0;
    for (let i = 0; i < 7; i++) p = stepTimeline(p, 1);
    expect(p).toBe(0.7);
  });

  it('globe-screen variant: position 1 is 24 h, otherwise (2 - position) x 24 h', () => {
    expect(globeScreenHours(1)).toBe(24);
    expect(globeScreenHours(0.5)).toBe(36);
    expect(globeScreenHours(0)).toBe(48);
  });

  it('plays the week from a week ago to now in PLAY_STEPS steps with a fixed start', () => {
    const now = 1_000 * 3_600_000;
    const first = playWindow(0, now);
    const last = playWindow(PLAY_STEPS, now);
    expect(first.startMs).toBe(now - 168 * 3_600_000);
    expect(first.endMs).toBe(first.startMs);
    expect(last).toEqual({ startMs: first.startMs, endMs: now });
    expect(playWindow(PLAY_STEPS / 2, now).endMs).toBe(now - 84 * 3_600_000);
  });

  it('filters by window and validates windows', () => {
    const w = { startMs: 10, endMs: 20 };
    expect([9, 10, 15, 20, 21].map((t) => inTimeline(t, w))).toEqual([
      false,
      true,
      true,
      true,
      false,
    ]);
    expect(inTimeline(0, null)).toBe(true);
    expect(isTimelineWindow(w)).toBe(true);
    expect(isTimelineWindow({ startMs: 20, endMs: 10 })).toBe(false);
    expect(isTimelineWindow({ startMs: Number.NaN, endMs: 10 })).toBe(false);
    expect(isTimelineWindow(null)).toBe(false);
  });
});
