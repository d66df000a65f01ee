import { describe, expect, it } from 'vitest';
import { frameCpu, framesBySteps, STEP_MARK, type TraceEvent } from './frameCpu';

const MAIN = { pid: 10, tid: 11 };

/** A top-level task on the page's main thread: start and wall duration in ms, thread ms. */
function task(name: string, startMs: number, wallMs: number, threadMs: number): TraceEvent {
  return {
    ...MAIN,
    name,
    ph: 'X',
    ts: startMs * 1000,
    dur: wallMs * 1000,
    tdur: threadMs * 1000,
  };
}

/** A frame task at `startMs` holding a FireAnimationFrame (and a nested event, not counted twice). */
function frame(startMs: number, threadMs: number): TraceEvent[] {
  return [
    task('ThreadControllerImpl::RunTask', startMs, 4, threadMs),
    task('FireAnimationFrame', startMs + 1, 2, threadMs / 2),
  ];
}

describe('frameCpu', () => {
  it('gives each frame its frame task plus the tasks since the previous frame', () => {
    const events = [
      task('RunTask', 0, 1, 5), // before the first frame: not bracketed, left out
      ...frame(10, 3), // frame 0: its start is not bracketed, left out
      task('RunTask', 20, 1, 2), // belongs to frame 1
      task('RunTask', 25, 1, 1), // belongs to frame 1
      ...frame(30, 4), // frame 1: 4 + 2 + 1 = 7
      ...frame(50, 6), // frame 2: 6
      task('RunTask', 60, 1, 10), // belongs to frame 3
      ...frame(70, 2), // frame 3: 12
      task('RunTask', 80, 1, 50), // after the last frame: left out
    ];
    const r = frameCpu(events);
    expect(r.frames).toEqual([7, 6, 12]);
    expect(r.at).toEqual([31_000, 51_000, 71_000]);
    expect(r.median).toBe(7);
    expect(r.mean).toBeCloseTo(25 / 3, 9);
    // Sorted 6, 7, 12: rank 0.95 * 2 = 1.9, between 7 and 12.
    expect(r.p95).toBeCloseTo(7 + (12 - 7) * 0.9, 9);
  });

  it('reads only the thread with the most frames', () => {
    const other = { pid: 20, tid: 21 };
    const events = [
      ...frame(0, 1),
      ...frame(10, 2),
      ...frame(20, 3),
      { ...other, name: 'FireAnimationFrame', ph: 'X', ts: 5000, dur: 1000, tdur: 900 },
      { ...other, name: 'RunTask', ph: 'X', ts: 4000, dur: 5000, tdur: 99_000 },
    ];
    expect(frameCpu(events).frames).toEqual([2, 3]);
  });

  it('fails without frames or without thread durations', () => {
    expect(() => frameCpu([task('RunTask', 0, 1, 1)])).toThrow(/no FireAnimationFrame/);
    const noTdur: TraceEvent[] = [
      { ...MAIN, name: 'FireAnimationFrame', ph: 'X', ts: 0, dur: 10 },
      { ...MAIN, name: 'FireAnimationFrame', ph: 'X', ts: 100, dur: 10 },
    ];
    expect(() => frameCpu(noTdur)).toThrow(/thread duration/);
    expect(() => frameCpu(frame(0, 1))).toThrow(/fewer than two frames/);
  });

  it('splits the frames by the step marks', () => {
    const mark = (name: string, atMs: number): TraceEvent => ({
      ...MAIN,
      name: 'TimeStamp',
      ph: 'I',
      ts: atMs * 1000,
      args: { data: { message: STEP_MARK + name } },
    });
    const f = {
      frames: [1, 2, 3, 10, 20, 99],
      at: [10, 20, 30, 40, 50, 60].map((ms) => ms * 1000),
    };
    const steps = framesBySteps(f, [
      mark('fly', 45), // out of order in the trace: sorted by time
      mark('landing', 25),
      mark('empty', 46),
      { ...MAIN, name: 'TimeStamp', ph: 'I', ts: 35_000, args: { data: { message: 'other' } } },
      mark('solar', 55),
    ]);
    expect(steps).toEqual({
      landing: { frames: 2, median: 1.5, p95: 1.95 },
      fly: { frames: 2, median: 6.5, p95: 3 + 7 * 0.95 },
      solar: { frames: 1, median: 20, p95: 20 },
    });
    expect(framesBySteps(f, [])).toEqual({});
  });
});
