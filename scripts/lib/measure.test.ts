import { describe, expect, it } from 'vitest';
import {
  findBusiestRenderer,
  intervals,
  mainThreadTicks,
  mean,
  meanRecord,
  median,
  metricsRecord,
  parseProcStat,
  percentile,
  perFrame,
  rendererMismatch,
  summariseLongTasks,
  ticksToMs,
} from './measure';

// A real line from a Chromium GPU process (fields 14/15 = utime/stime).
const GPU_LINE =
  '4242 (chromium) S 4200 4200 4200 0 -1 4194560 25143 0 12 0 1534 287 0 0 20 0 7 0 ' +
  '123456 1234567890 23456 18446744073709551615 1 1 0 0 0 0 0 4098 1098 0 0 0 17 1 0 0 0 0 0';

describe('parseProcStat', () => {
  it('reads pid, comm, state, ppid, utime and stime', () => {
    expect(parseProcStat(GPU_LINE)).toEqual({
      pid: 4242,
      comm: 'chromium',
      state: 'S',
      ppid: 4200,
      utime: 1534,
      stime: 287,
    });
  });

  it('copes with spaces and parentheses in the command name', () => {
    const line = GPU_LINE.replace('(chromium)', '(Web Content (x) y)');
    const st = parseProcStat(line);
    expect(st.comm).toBe('Web Content (x) y');
    expect(st.ppid).toBe(4200);
    expect(st.utime).toBe(1534);
    expect(st.stime).toBe(287);
  });

  it('tolerates a trailing newline', () => {
    expect(parseProcStat(`${GPU_LINE}\n`).stime).toBe(287);
  });

  it('rejects garbage', () => {
    expect(() => parseProcStat('hello')).toThrow(/not a \/proc/);
    expect(() => parseProcStat('12 (x) S')).toThrow(/malformed/);
  });
});

describe('statistics', () => {
  it('median of odd and even lists', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([7])).toBe(7);
  });

  it('percentile interpolates between ranks and does not reorder its input', () => {
    const values = [50, 10, 40, 20, 30];
    expect(percentile(values, 0)).toBe(10);
    expect(percentile(values, 100)).toBe(50);
    expect(percentile(values, 95)).toBeCloseTo(48);
    expect(values).toEqual([50, 10, 40, 20, 30]);
  });

  it('p95 of frame intervals picks up the slow frames', () => {
    const frames = Array.from({ length: 100 }, (_, i) => (i < 95 ? 16.7 : 50));
    expect(percentile(frames, 95)).toBeCloseTo(16.7 + (50 - 16.7) * 0.05);
    expect(median(frames)).toBeCloseTo(16.7);
  });

  it('empty lists give NaN, not 0 or a throw', () => {
    expect(median([])).toBeNaN();
    expect(percentile([], 95)).toBeNaN();
    expect(mean([])).toBeNaN();
  });

  it('intervals between timestamps', () => {
    expect(intervals([0, 16, 33, 50])).toEqual([16, 17, 17]);
    expect(intervals([5])).toEqual([]);
    expect(intervals([])).toEqual([]);
  });
});

describe('per-frame division', () => {
  it('divides CPU time by frames', () => {
    // ΔTaskDuration is in seconds: 0.66 s over 300 frames = 2.2 ms a frame.
    expect(perFrame(0.66 * 1000, 300)).toBeCloseTo(2.2);
  });

  it('is NaN when no frame was counted', () => {
    expect(perFrame(10, 0)).toBeNaN();
  });

  it('converts clock ticks to ms', () => {
    expect(ticksToMs(25, 100)).toBe(250);
    expect(ticksToMs(3, 1000)).toBe(3);
    expect(perFrame(ticksToMs(150, 100), 300)).toBe(5);
  });
});

describe('records', () => {
  it('turns CDP metrics into a record', () => {
    expect(
      metricsRecord([
        { name: 'TaskDuration', value: 1.5 },
        { name: 'JSHeapUsedSize', value: 1048576 },
      ]),
    ).toEqual({ TaskDuration: 1.5, JSHeapUsedSize: 1048576 });
  });

  it('averages per-system timings, keys missing in some samples average over the rest', () => {
    expect(meanRecord([{ a: 1, b: 4 }, { a: 3 }, { a: 2, b: Number.NaN }])).toEqual({ a: 2, b: 4 });
    expect(meanRecord([])).toEqual({});
  });
});

describe('long tasks', () => {
  const tasks = [
    { startTime: 900, duration: 120 }, // before the window
    { startTime: 1000, duration: 60 },
    { startTime: 1500, duration: 250 },
    { startTime: 2000, duration: 80 }, // starts at the window's end: not in it
  ];

  it('counts and sums the tasks that started inside the window', () => {
    expect(summariseLongTasks(tasks, 1000, 2000)).toEqual({ count: 2, totalMs: 310 });
  });

  it('is zero for a window without long tasks', () => {
    expect(summariseLongTasks(tasks, 3000, 4000)).toEqual({ count: 0, totalMs: 0 });
    expect(summariseLongTasks([], 0, 1)).toEqual({ count: 0, totalMs: 0 });
  });
});

describe('renderer check (--expect-renderer)', () => {
  const SWIFTSHADER =
    'ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)';
  const GPU = 'ANGLE (NVIDIA, NVIDIA GeForce RTX 3060 (0x00002503) Direct3D11 vs_5_0 ps_5_0)';

  it('accepts the renderer the run claims, case-insensitively', () => {
    expect(rendererMismatch(SWIFTSHADER, 'SwiftShader')).toBeNull();
    expect(rendererMismatch(SWIFTSHADER, 'swiftshader')).toBeNull();
    expect(rendererMismatch(GPU, 'nvidia|amd')).toBeNull();
  });

  it('refuses another renderer, naming both', () => {
    const why = rendererMismatch(GPU, 'SwiftShader');
    expect(why).toContain('NVIDIA GeForce');
    expect(why).toContain('/SwiftShader/i');
    expect(rendererMismatch(SWIFTSHADER, 'NVIDIA')).toMatch(/expects/);
  });

  it('accepts anything when no renderer is claimed, and reports a bad pattern', () => {
    expect(rendererMismatch(GPU, null)).toBeNull();
    expect(rendererMismatch(GPU, '')).toBeNull();
    expect(rendererMismatch(GPU, '(')).toMatch(/not a valid regular expression/);
  });
});

describe.runIf(process.platform === 'linux')('/proc readings', () => {
  it("reads a main thread's CPU ticks, which grow while it works", async () => {
    const before = await mainThreadTicks(process.pid);
    const until = Date.now() + 120;
    let x = 0;
    while (Date.now() < until) x += Math.sqrt(x + 1);
    expect(x).toBeGreaterThan(0);
    const after = await mainThreadTicks(process.pid);
    expect(before).toBeGreaterThanOrEqual(0);
    expect(after).toBeGreaterThan(before);
  });

  it('finds no renderer under a process without Chromium children', async () => {
    expect(await findBusiestRenderer(process.pid)).toBeNull();
  });
});
