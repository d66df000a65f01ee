import { describe, expect, it } from 'vitest';
import { toChromeTrace, type ProfileRecording } from './profile';

const rec: ProfileRecording = {
  version: 1,
  startedAt: '2026-11-22T00:00:00.000Z',
  renderer: 'test',
  userAgent: 'test',
  frames: [
    { t: 1000, dt: 16, systems: { commands: 0.1, camera: 0.2, render: 2 }, drawCalls: 7 },
    { t: 1016, dt: 16, systems: { commands: 0.1, camera: 0.3, render: 2.5 }, drawCalls: 7 },
  ],
};

describe('toChromeTrace', () => {
  it('makes one named track per system and lays systems out back to back', () => {
    const { traceEvents } = toChromeTrace(rec);
    const threads = traceEvents
      .filter((e) => e.name === 'thread_name')
      .map((e) => e.args?.['name']);
    expect(threads).toEqual(['frame', 'commands', 'camera', 'render']);
    const f1 = traceEvents.filter((e) => e.ph === 'X' && e.cat === 'system' && e.ts < 1_016_000);
    expect(f1.map((e) => e.name)).toEqual(['commands', 'camera', 'render']);
    expect(f1[1]?.ts).toBeCloseTo(1_000_100, 6);
    expect(f1[2]?.ts).toBeCloseTo(1_000_300, 6);
    expect(f1[2]?.dur).toBeCloseTo(2000, 6);
    const frames = traceEvents.filter((e) => e.name === 'frame' && e.ph === 'X');
    expect(frames).toHaveLength(2);
    expect(frames[0]?.dur).toBeCloseTo(2300, 6);
    // Valid JSON for the Performance panel.
    const parsed: unknown = JSON.parse(JSON.stringify({ traceEvents }));
    expect(parsed).toHaveProperty('traceEvents');
  });
});
