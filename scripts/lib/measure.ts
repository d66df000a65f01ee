/**
 * Measurement primitives for the benchmark runner (scripts/bench.ts). See
 * /work/shared/PERFORMANCE.md / docs for why each figure is measured this way:
 * - main-thread CPU: CDP Performance metrics in the `threadTicks` time domain (wall time would
 *   count waits on the GPU process), TaskDuration delta / frames;
 * - software-GPU CPU: utime+stime of the `--type=gpu-process` Chromium process from /proc;
 * - frames and frame intervals: a requestAnimationFrame counter injected into the page.
 * The pure helpers (parsing, statistics) are unit-tested in measure.test.ts.
 */
import { execFileSync } from 'node:child_process';
import { readFile, readdir } from 'node:fs/promises';
import type { CDPSession, Page } from '@playwright/test';
import type { AtlasAutomation } from '../../data/automation';

// ---------------------------------------------------------------------------------------------
// Pure helpers

export interface ProcStat {
  pid: number;
  comm: string;
  state: string;
  ppid: number;
  /** User-mode CPU time in clock ticks (field 14). */
  utime: number;
  /** Kernel-mode CPU time in clock ticks (field 15). */
  stime: number;
}

/**
 * Parse one /proc/<pid>/stat line. The command name (field 2) is in parentheses and may itself
 * contain spaces and parentheses, so fields are counted after the LAST ')'.
 */
export function parseProcStat(line: string): ProcStat {
  const open = line.indexOf('(');
  const close = line.lastIndexOf(')');
  if (open < 0 || close < open)
    throw new Error(`not a /proc/<pid>/stat line: ${line.slice(0, 80)}`);
  const pid = Number(line.slice(0, open).trim());
  const comm = line.slice(open + 1, close);
  // After ')' come fields 3.. : state ppid pgrp session tty_nr tpgid flags minflt cminflt
  // majflt cmajflt utime stime ...
  const rest = line
    .slice(close + 1)
    .trim()
    .split(/\s+/);
  const state = rest[0];
  const ppid = Number(rest[1]);
  const utime = Number(rest[11]);
  const stime = Number(rest[12]);
  if (
    state === undefined ||
    !Number.isInteger(pid) ||
    ![ppid, utime, stime].every(Number.isFinite)
  ) {
    throw new Error(`malformed /proc/<pid>/stat line: ${line.slice(0, 80)}`);
  }
  return { pid, comm, state, ppid, utime, stime };
}

/** CPU milliseconds for a number of clock ticks. */
export function ticksToMs(ticks: number, clockTicksPerSecond: number): number {
  return (ticks * 1000) / clockTicksPerSecond;
}

/** `total / frames`, or NaN when no frame was counted (never Infinity). */
export function perFrame(total: number, frames: number): number {
  return frames > 0 ? total / frames : Number.NaN;
}

/** Differences between consecutive timestamps. */
export function intervals(timestamps: readonly number[]): number[] {
  const out: number[] = [];
  for (let i = 1; i < timestamps.length; i++) {
    out.push((timestamps[i] ?? 0) - (timestamps[i - 1] ?? 0));
  }
  return out;
}

/**
 * Percentile with linear interpolation between closest ranks (numpy's default): p in [0, 100].
 * NaN for an empty list.
 */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = (Math.min(100, Math.max(0, p)) / 100) * (sorted.length - 1);
  const lo = Math.floor(rank);
  const hi = Math.ceil(rank);
  const a = sorted[lo] ?? Number.NaN;
  const b = sorted[hi] ?? Number.NaN;
  return a + (b - a) * (rank - lo);
}

export function median(values: readonly number[]): number {
  return percentile(values, 50);
}

export function mean(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  let sum = 0;
  for (const v of values) sum += v;
  return sum / values.length;
}

/** CDP Performance.getMetrics result -> name/value record. */
export function metricsRecord(
  metrics: readonly { name: string; value: number }[],
): Record<string, number> {
  const out: Record<string, number> = {};
  for (const m of metrics) out[m.name] = m.value;
  return out;
}

/** Average each key over samples; a key missing from some samples averages over the others. */
export function meanRecord(samples: readonly Record<string, number>[]): Record<string, number> {
  const sums = new Map<string, { sum: number; n: number }>();
  for (const sample of samples) {
    for (const [key, value] of Object.entries(sample)) {
      if (!Number.isFinite(value)) continue;
      const acc = sums.get(key) ?? { sum: 0, n: 0 };
      acc.sum += value;
      acc.n += 1;
      sums.set(key, acc);
    }
  }
  const out: Record<string, number> = {};
  for (const [key, { sum, n }] of sums) out[key] = sum / n;
  return out;
}

/** A long task as the page's PerformanceObserver saw it. */
export interface LongTask {
  startTime: number;
  duration: number;
}

/** Long tasks that started inside [from, to): count and total duration (ms). */
export function summariseLongTasks(
  tasks: readonly LongTask[],
  from: number,
  to: number,
): { count: number; totalMs: number } {
  let count = 0;
  let totalMs = 0;
  for (const t of tasks) {
    if (t.startTime >= from && t.startTime < to) {
      count++;
      totalMs += t.duration;
    }
  }
  return { count, totalMs };
}

/**
 * Checks the WebGL renderer against what the run claims (`--expect-renderer`, a case-insensitive
 * regular expression; the default claims SwiftShader because scripts/lib/chromium.ts asks for it).
 * Returns the reason it does not match, or null.
 */
export function rendererMismatch(renderer: string, expected: string | null): string | null {
  if (expected === null || expected === '') return null;
  let re: RegExp;
  try {
    re = new RegExp(expected, 'i');
  } catch {
    return `--expect-renderer "${expected}" is not a valid regular expression`;
  }
  return re.test(renderer)
    ? null
    : `the WebGL renderer is "${renderer}", but this run expects /${expected}/i ` +
        '(--expect-renderer): the figures would not be what they claim to be';
}

// ---------------------------------------------------------------------------------------------
// /proc (Linux only)

let clockTicks: number | undefined;

/** Clock ticks per second (`getconf CLK_TCK`; 100 on Linux when getconf is unavailable). */
export function clockTicksPerSecond(): number {
  if (clockTicks !== undefined) return clockTicks;
  let value = 100;
  try {
    const out = execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim();
    const parsed = Number(out);
    if (Number.isInteger(parsed) && parsed > 0) value = parsed;
  } catch {
    // keep the Linux default
  }
  clockTicks = value;
  return value;
}

export async function readProcStat(pid: number): Promise<ProcStat> {
  return parseProcStat(await readFile(`/proc/${pid}/stat`, 'utf8'));
}

/** Command line of a process as one space-separated string ('' when it has exited). */
export async function readCmdline(pid: number): Promise<string> {
  try {
    return (await readFile(`/proc/${pid}/cmdline`, 'utf8')).split('\0').join(' ').trim();
  } catch {
    return '';
  }
}

/** All live descendants of `rootPid` (children, grandchildren...), from one /proc scan. */
export async function descendants(rootPid: number): Promise<number[]> {
  const children = new Map<number, number[]>();
  for (const name of await readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    let st: ProcStat;
    try {
      st = await readProcStat(Number(name));
    } catch {
      continue; // exited while scanning
    }
    const list = children.get(st.ppid) ?? [];
    list.push(st.pid);
    children.set(st.ppid, list);
  }
  const out: number[] = [];
  const queue = [rootPid];
  const seen = new Set<number>(queue);
  while (queue.length > 0) {
    const pid = queue.shift();
    if (pid === undefined) break;
    for (const child of children.get(pid) ?? []) {
      if (seen.has(child)) continue;
      seen.add(child);
      out.push(child);
      queue.push(child);
    }
  }
  return out;
}

/** PID of the Chromium GPU process under `browserPid`, or null when there is none. */
export async function findGpuProcess(browserPid: number): Promise<number | null> {
  for (const pid of await descendants(browserPid)) {
    if ((await readCmdline(pid)).includes('--type=gpu-process')) return pid;
  }
  return null;
}

/**
 * PID of the page's renderer: of the `--type=renderer` processes under `browserPid` (a spare one
 * may exist), the one that has used the most CPU so far. Null when there is none.
 */
export async function findBusiestRenderer(browserPid: number): Promise<number | null> {
  let best: number | null = null;
  let bestTicks = -1;
  for (const pid of await descendants(browserPid)) {
    const cmd = await readCmdline(pid);
    if (!cmd.includes('--type=renderer') || cmd.includes('--extension-process')) continue;
    const ticks = await cpuTicks(pid).catch(() => -1);
    if (ticks > bestTicks) {
      best = pid;
      bestTicks = ticks;
    }
  }
  return best;
}

/**
 * utime + stime of a process's main thread (the thread whose id is the process id) in clock
 * ticks. For a renderer this is what the OS saw the main thread use, including what DevTools CPU
 * throttling spins outside tasks, which CDP's TaskDuration leaves out.
 */
export async function mainThreadTicks(pid: number): Promise<number> {
  return statTicks(`/proc/${pid}/task/${pid}/stat`);
}

/** utime + stime of a process in clock ticks. */
export async function cpuTicks(pid: number): Promise<number> {
  return statTicks(`/proc/${pid}/stat`);
}

async function statTicks(statPath: string): Promise<number> {
  const st = parseProcStat(await readFile(statPath, 'utf8'));
  return st.utime + st.stime;
}

// ---------------------------------------------------------------------------------------------
// In-page code

/**
 * tsx (esbuild keepNames) wraps named functions in `__name(fn, "name")`, which does not exist in
 * the page when Playwright serialises a function for page.evaluate / addInitScript. Install this
 * first (page.addInitScript({ content: NAME_SHIM_SCRIPT })) so in-page code can be written as
 * ordinary typed TypeScript.
 */
export const NAME_SHIM_SCRIPT = 'globalThis.__name = globalThis.__name || ((fn) => fn);';

// In-page frame counter (installed with page.addInitScript before any page script runs)

/** What the init script keeps on `window.__atlasBench`. */
export interface BenchPageState {
  /** `atlas.frames.count()` when the current recording started. */
  recordFrom: number;
  /** performance.now() when recording started. */
  recordStart: number;
  /** performance.now() when window.atlas.whenReady() resolved (navigation-start based). */
  readyAt: number | null;
  /** Every long task since the page started (PerformanceObserver 'longtask', bounded). */
  longTasks: LongTask[];
  /** The long-task observer, for takeRecords() at the end of a window (null if unsupported). */
  longTaskObserver: PerformanceObserver | null;
}

/**
 * Runs in the page. Keeps the long tasks, and hooks `window.atlas` as soon as the engine assigns
 * it so `whenReady()` is timed when it resolves, not when the bench gets around to asking.
 * Frames are the engine's own (`atlas.frames`): a requestAnimationFrame loop here would be one
 * more callback a frame, and its main-thread time (~0.5 ms a frame at 4x CPU throttling) would
 * count as the app's.
 */
export function benchInitScript(): void {
  const MAX_LONG_TASKS = 100_000;
  const state: BenchPageState = {
    recordFrom: 0,
    recordStart: 0,
    readyAt: null,
    longTasks: [],
    longTaskObserver: null,
  };
  (window as unknown as { __atlasBench: BenchPageState }).__atlasBench = state;
  const keepLongTasks = (entries: PerformanceEntryList): void => {
    for (const e of entries) {
      if (state.longTasks.length < MAX_LONG_TASKS) {
        state.longTasks.push({ startTime: e.startTime, duration: e.duration });
      }
    }
  };
  try {
    const observer = new PerformanceObserver((list) => keepLongTasks(list.getEntries()));
    observer.observe({ type: 'longtask', buffered: true });
    state.longTaskObserver = observer;
  } catch {
    // no Long Tasks API: the bench reports the figure as missing
  }
  let handle: AtlasAutomation | undefined;
  const hook = (value: AtlasAutomation | undefined): void => {
    if (value === undefined) return;
    value.whenReady().then(
      () => {
        state.readyAt ??= performance.now();
      },
      () => undefined,
    );
  };
  try {
    Object.defineProperty(window, 'atlas', {
      configurable: true,
      enumerable: true,
      get: () => handle,
      set: (value: AtlasAutomation | undefined) => {
        handle = value;
        hook(value);
      },
    });
  } catch {
    // the page defined it first: the bench falls back to asking after load
  }
}

export async function startRecording(page: Page): Promise<void> {
  await page.evaluate(() => {
    const atlas = (window as unknown as { atlas?: AtlasAutomation }).atlas;
    if (atlas === undefined) throw new Error('window.atlas is missing: the engine did not start');
    const s = (window as unknown as { __atlasBench: BenchPageState }).__atlasBench;
    s.recordFrom = atlas.frames.count();
    s.recordStart = performance.now();
  });
}

/** Stops the window: the start times of its frames (the engine's) and the long tasks that
 * started in it (null when the browser has no Long Tasks API). */
export async function stopRecording(
  page: Page,
): Promise<{ frames: number[]; longTasks: LongTask[] | null; from: number; to: number }> {
  return page.evaluate(() => {
    const atlas = (window as unknown as { atlas?: AtlasAutomation }).atlas;
    if (atlas === undefined) throw new Error('window.atlas is missing: the engine did not start');
    const s = (window as unknown as { __atlasBench: BenchPageState }).__atlasBench;
    const to = performance.now();
    const frames = atlas.frames.since(s.recordFrom);
    const observer = s.longTaskObserver;
    if (observer !== null) {
      for (const e of observer.takeRecords()) {
        s.longTasks.push({ startTime: e.startTime, duration: e.duration });
      }
    }
    return {
      frames,
      longTasks: observer === null ? null : s.longTasks,
      from: s.recordStart,
      to,
    };
  });
}

/** Frames drawn so far in the current recording (scripted scenarios split their window into
 * steps with it). */
export async function recordedFrames(page: Page): Promise<number> {
  return page.evaluate(() => {
    const atlas = (window as unknown as { atlas?: AtlasAutomation }).atlas;
    if (atlas === undefined) throw new Error('window.atlas is missing: the engine did not start');
    const s = (window as unknown as { __atlasBench: BenchPageState }).__atlasBench;
    return atlas.frames.count() - s.recordFrom;
  });
}

/**
 * Time to first frame: performance.now() when window.atlas.whenReady() resolved. Uses the value
 * the init-script hook recorded; otherwise waits for whenReady here (an upper bound).
 */
export async function timeToReady(page: Page): Promise<{ ms: number; hooked: boolean }> {
  return page.evaluate(async () => {
    const s = (window as unknown as { __atlasBench: BenchPageState }).__atlasBench;
    const atlas = window.atlas;
    if (atlas === undefined) throw new Error('window.atlas is missing: the engine did not start');
    await atlas.whenReady();
    // Let the hook's own .then run first.
    await Promise.resolve();
    if (s.readyAt !== null) return { ms: s.readyAt, hooked: true };
    return { ms: performance.now(), hooked: false };
  });
}

// ---------------------------------------------------------------------------------------------
// CDP

export async function enableThreadTicks(cdp: CDPSession): Promise<void> {
  await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
}

/** A full garbage collection, so heap readings compare (growth = what stayed reachable). */
export async function collectGarbage(cdp: CDPSession): Promise<void> {
  await cdp.send('HeapProfiler.collectGarbage');
}

export async function getMetrics(cdp: CDPSession): Promise<Record<string, number>> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return metricsRecord(metrics);
}
