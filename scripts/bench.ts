/**
 * `npm run bench [-- options]`: performance of the globe in headless Chromium (SwiftShader).
 *
 * Builds dist/ if stale, starts the production server (server/main.ts) on a free port with a
 * fresh SQLite database seeded with synthetic articles, then for each scenario in
 * tests/bench/scenarios.ts opens a fresh 1280x720 page in a fresh browser, warms up, and measures
 * over a fixed window (or over a scripted scenario's steps): main-thread CPU per frame, GPU-process
 * CPU per frame, frame intervals, long tasks, draw calls and per-system ms from
 * window.atlas.stats(), JS heap after load, at the end of the window and (--soak S) S seconds
 * later, and time to first frame.
 * Why these figures and not FPS: see docs / PERFORMANCE.md (FPS is pinned at 60 in headless).
 *
 * Fails (exit 1, no table) when WebGL2 is missing, the renderer is not the one the run expects
 * (--expect-renderer, SwiftShader by default), nothing is drawn (drawCalls 0), or a scripted
 * scenario's step fails (e.g. quality-recovery's rung does not step down or recover in time).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type CDPSession, type Page } from '@playwright/test';
import type { AtlasStats } from '../data/automation';
import { SCENARIOS, type BenchScenario } from '../tests/bench/scenarios';
import { requireWebGL2 } from '../tests/e2e/helpers';
import { buildIfStale } from './lib/buildIfStale';
import { compareRuns, comparisonTable, parseBaseline } from './lib/compare';
import { CHROMIUM_ARGS, VIEWPORT, chromiumExecutable } from './lib/chromium';
import {
  FRAME_CPU_TRACE_CATEGORIES,
  frameCpu,
  framesBySteps,
  type FrameCpu,
  type StepFrameCpu,
  type TraceEvent,
} from './lib/frameCpu';
import {
  NAME_SHIM_SCRIPT,
  clockTicksPerSecond,
  collectGarbage,
  cpuTicks,
  enableThreadTicks,
  findBusiestRenderer,
  findGpuProcess,
  mainThreadTicks,
  benchInitScript,
  getMetrics,
  intervals,
  mean,
  meanRecord,
  median,
  percentile,
  perFrame,
  startRecording,
  stopRecording,
  rendererMismatch,
  summariseLongTasks,
  ticksToMs,
  timeToReady,
} from './lib/measure';

const ROOT = path.resolve(import.meta.dirname, '..');
// Per process, so two benches in one checkout never share (and delete) each other's database.
const DB_FILE = `var/bench-${process.pid}.db`;
const SERVER_LOG = `var/bench-server-${process.pid}.log`;
const SERVER_START_TIMEOUT_MS = 120_000;
/** window.atlas.stats() samples spread over the measurement window. */
const STATS_SAMPLES = 10;
/**
 * A scripted scenario's window is sampled this often instead. Each sample is a page.evaluate that
 * the page's main thread pays for inside the window: a trace of the throttled tour showed 50
 * samples at 500 ms costing ~4 ms of thread time each (~200 ms, ~0.9 ms a frame), counted as the
 * app's. Every 2 s still gives a dozen samples over the tour.
 */
const SCRIPTED_SAMPLE_MS = 2000;
/** How long window.atlas may take to appear after the page loaded (the landing mounts its globe
 * after 500 ms). */
const ATLAS_APPEAR_MS = 15_000;
/** Longest a scripted scenario's run may take. */
const RUN_TIMEOUT_MS = 900_000;
/** What the Chromium flags ask for (scripts/lib/chromium.ts): the default --expect-renderer. */
const DEFAULT_EXPECTED_RENDERER = 'SwiftShader';
/** Longest a single in-page step (setup, whenReady, a stats() call) may take. */
const STEP_TIMEOUT_MS = 60_000;
const MB = 1024 * 1024;

const USAGE = `Usage: npm run bench -- [options]
  --scenario NAME   run only this scenario (repeatable; default: all)
  --seconds S       measurement window in seconds (default 5)
  --warmup S        warm-up before the window in seconds (default 2)
  --runs N          runs per scenario, each in a fresh browser; reports the median (default 1)
  --throttle RATE   CDP Emulation.setCPUThrottlingRate (e.g. 4 = low-end phone); a scenario
                    with its own rate (tour-throttled: 4) keeps it
  --soak S          after the window, keep the scenario running S more seconds and record the
                    JS heap again (after a GC), e.g. --soak 60: heap growth shows a leak
  --expect-renderer REGEX
                    fail unless the WebGL renderer matches (case-insensitive; default
                    "${DEFAULT_EXPECTED_RENDERER}", what the Chromium flags ask for; "." accepts any)
  --seed N          ATLAS_SEED_SYNTHETIC articles in the bench database (default 500)
  --markers N       markers for the 'markers' scenario (default 10000)
  --marker-path P   marker render path: merged (default) or thin (thin instances, ?markerPath=thin)
  --marker-clustering on|off
                    'markers' scenario: off draws every marker individually (default on)
  --compare FILE    print ratios to a saved run (bench JSON) and flag regressions over 15%
                    (exit code 3 when any)
  --out DIR         output folder (default bench-results/)
  --frame-cpu on|off
                    after the measured runs, one more run per scenario under a light trace
                    (${FRAME_CPU_TRACE_CATEGORIES}) gives each frame's main-thread CPU: the
                    per-frame median and p95 beside the mean (default on)
  --trace           also record a Chrome trace of each measured window (trace-<scenario>-<run>.json
                    in the output folder; open it in the browser's performance panel), and keep
                    the per-frame run's light trace (trace-<scenario>-frames.json). Tracing
                    costs main-thread time of its own: do not compare traced figures with untraced
                    ones. BENCH_TRACE_EXTRA=cat1,cat2 adds trace categories, e.g.
                    disabled-by-default-v8.cpu_profiler for JavaScript samples
  --base-url URL    measure an already running server instead of starting one
  --list            list the scenarios and exit
Scenarios: ${SCENARIOS.map((s) => s.name).join(', ')}`;

function onOff(v: string | undefined, name: string, fallback: boolean): boolean {
  if (v === undefined) return fallback;
  if (v === 'on' || v === 'off') return v === 'on';
  throw new BenchFailure(`--${name} must be on or off, got "${v}"`);
}

function markerPathOption(v: string | undefined): 'merged' | 'thin' {
  if (v === undefined || v === 'merged' || v === 'thin') return v ?? 'merged';
  throw new BenchFailure(`--marker-path must be merged or thin, got "${v}"`);
}

interface Options {
  scenarios: BenchScenario[];
  seconds: number;
  warmup: number;
  runs: number;
  throttle: number | null;
  /** Seconds to keep running after the window before the second heap reading (0: none). */
  soak: number;
  /** Regular expression the WebGL renderer must match (null: any). */
  expectRenderer: string | null;
  seed: number;
  /** Markers for the marker scenarios (`--markers`). */
  markers: number;
  /** Marker render path (`--marker-path`): 'merged' (default) or 'thin'. */
  markerPath: 'merged' | 'thin';
  /** `--marker-clustering on|off` for the 'markers' scenario (default on). */
  markerClustering: boolean;
  /** A saved bench JSON to compare with (`--compare`). */
  compare: string | null;
  out: string;
  baseUrl: string | null;
  /** `--trace`: record a Chrome trace of each measured window. */
  trace: boolean;
  /** `--frame-cpu`: one extra, lightly traced run per scenario for the per-frame distribution. */
  frameCpu: boolean;
}

/** One measured window. Figures that could not be measured are null. */
interface RunResult {
  renderer: string;
  frames: number;
  windowMs: number;
  mainMsPerFrame: number;
  gpuMsPerFrame: number | null;
  /**
   * The renderer's main thread as the OS saw it (/proc), in percent of one core over the window:
   * with CPU throttling this includes the throttler's spinning outside tasks, which
   * mainMsPerFrame (CDP TaskDuration) does not count but which the GPU process loses CPU to.
   */
  rendererMainPct: number | null;
  frameIntervalMedianMs: number;
  frameIntervalP95Ms: number;
  drawCalls: number;
  triangles: number | null;
  entities: number;
  fps: number;
  systemsMs: Record<string, number>;
  heapMB: number;
  /** JS heap after load (after a GC, just before the window). */
  heapLoadMB: number;
  /** JS heap after the soak (after a GC), null without --soak. */
  heapSoakMB: number | null;
  /** Long tasks (PerformanceObserver 'longtask') that started in the window; null if unsupported. */
  longTasks: number | null;
  longTaskMs: number | null;
  /** CPU throttling rate the run used (1 = none). */
  cpuThrottle: number;
  /** Figures a scripted scenario returned (e.g. quality step-down and recovery times). */
  extra: Record<string, number>;
  timeToFirstFrameMs: number;
  /** false when the ready time was taken after the fact (an upper bound). */
  timeToFirstFrameExact: boolean;
  pageErrors: string[];
}

/** Each frame's main-thread CPU in the traced run (scripts/lib/frameCpu.ts), with the number of
 * frames instead of the list. Its mean is the traced run's own (tracing costs thread time: compare
 * with the untraced mainMsPerFrame to see how much). */
type FrameCpuResult = Omit<FrameCpu, 'frames' | 'at'> & {
  frames: number;
  /** A scripted scenario's steps (its step marks in the trace), in order; empty without marks. */
  steps: Record<string, StepFrameCpu>;
};

interface ScenarioResult {
  name: string;
  description: string;
  url: string;
  runs: RunResult[];
  median: RunResult;
  /** From one extra traced run (`--frame-cpu`), null when off or when that run failed. */
  frameCpu: FrameCpuResult | null;
}

class BenchFailure extends Error {}
/** A scenario's own assertion failed (e.g. no quality recovery): the other scenarios still run,
 * the table lists it as FAILED and the bench exits 1. */
class ScenarioFailure extends BenchFailure {}
/** The per-frame trace could not be read (no frames, no task durations): that run fails. */
class FrameCpuFailure extends BenchFailure {}

function number(raw: string | undefined, name: string, fallback: number, min: number, max: number) {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min || value > max) {
    throw new BenchFailure(`--${name} must be a number between ${min} and ${max}, got "${raw}"`);
  }
  return value;
}

function parseOptions(argv: string[]): Options | null {
  const { values } = parseArgs({
    args: argv,
    options: {
      scenario: { type: 'string', multiple: true },
      seconds: { type: 'string' },
      warmup: { type: 'string' },
      runs: { type: 'string' },
      throttle: { type: 'string' },
      seed: { type: 'string' },
      markers: { type: 'string' },
      'marker-path': { type: 'string' },
      'marker-clustering': { type: 'string' },
      soak: { type: 'string' },
      'expect-renderer': { type: 'string' },
      compare: { type: 'string' },
      out: { type: 'string' },
      'base-url': { type: 'string' },
      trace: { type: 'boolean' },
      'frame-cpu': { type: 'string' },
      list: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help === true) {
    console.log(USAGE);
    return null;
  }
  if (values.list === true) {
    for (const s of SCENARIOS)
      console.log(`${s.name.padEnd(20)} ${s.url.padEnd(12)} ${s.description}`);
    return null;
  }
  const names = values.scenario ?? SCENARIOS.map((s) => s.name);
  const scenarios = names.map((name) => {
    const found = SCENARIOS.find((s) => s.name === name);
    if (found === undefined) {
      throw new BenchFailure(
        `unknown scenario "${name}"; known: ${SCENARIOS.map((s) => s.name).join(', ')}`,
      );
    }
    return found;
  });
  const throttle =
    values.throttle === undefined ? null : number(values.throttle, 'throttle', 1, 1, 20);
  return {
    scenarios,
    seconds: number(values.seconds, 'seconds', 5, 0.5, 600),
    warmup: number(values.warmup, 'warmup', 2, 0, 120),
    runs: Math.round(number(values.runs, 'runs', 1, 1, 25)),
    throttle: throttle === 1 ? null : throttle,
    soak: number(values.soak, 'soak', 0, 0, 3600),
    expectRenderer:
      values['expect-renderer'] === undefined
        ? DEFAULT_EXPECTED_RENDERER
        : values['expect-renderer'] === '.'
          ? null
          : values['expect-renderer'],
    seed: Math.round(number(values.seed, 'seed', 500, 0, 1_000_000)),
    markers: Math.round(number(values.markers, 'markers', 10_000, 0, 2_000_000)),
    markerPath: markerPathOption(values['marker-path']),
    markerClustering: onOff(values['marker-clustering'], 'marker-clustering', true),
    compare: values.compare === undefined ? null : path.resolve(values.compare),
    out: path.resolve(ROOT, values.out ?? 'bench-results'),
    baseUrl: values['base-url']?.replace(/\/+$/, '') ?? null,
    trace: values.trace === true,
    frameCpu: onOff(values['frame-cpu'], 'frame-cpu', true),
  };
}

// ---------------------------------------------------------------------------------------------
// Resources to release on every exit path (normal end, error, SIGINT/SIGTERM).

let server: ChildProcess | null = null;
let browser: Browser | null = null;
/** Reported by the first browser launched. */
let browserVersion = '';

async function stopServer(): Promise<void> {
  const child = server;
  server = null;
  if (child === null || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

async function cleanup(): Promise<void> {
  const b = browser;
  browser = null;
  await b?.close().catch(() => undefined);
  await stopServer();
  removeDatabase();
}

function removeDatabase(): void {
  for (const suffix of ['', '-wal', '-shm', '-journal']) {
    rmSync(path.join(ROOT, DB_FILE + suffix), { force: true });
  }
}

let interrupted = false;
/** A function, so control-flow analysis does not assume the signal handler never ran. */
const wasInterrupted = (): boolean => interrupted;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\n[bench] ${signal}: stopping`);
    void cleanup().finally(() => process.exit(130));
  });
}

/** Starts server/main.ts on a free port; resolves with its base URL once it logs it. */
async function startServer(seed: number): Promise<string> {
  mkdirSync(path.join(ROOT, 'var'), { recursive: true });
  removeDatabase();
  const log = createWriteStream(path.join(ROOT, SERVER_LOG));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: '0',
      DATABASE_URL: `sqlite:${DB_FILE}`,
      ATLAS_SEED_SYNTHETIC: String(seed),
      ATLAS_INGEST: 'off',
      ATLAS_STARTER: 'off',
      LOG_LEVEL: 'info', // the "listening" line must be logged
    },
  });
  server = child;
  const tail: string[] = [];
  return new Promise<string>((resolve, reject) => {
    let settled = false;
    const fail = (why: string): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      reject(
        new BenchFailure(`${why}\n--- last server output (${SERVER_LOG}):\n${tail.join('\n')}`),
      );
    };
    const timer = setTimeout(() => {
      fail(
        `the server did not log "ATLAS listening on" within ${SERVER_START_TIMEOUT_MS / 1000} s`,
      );
    }, SERVER_START_TIMEOUT_MS);
    const onLine = (line: string): void => {
      log.write(`${line}\n`);
      tail.push(line);
      if (tail.length > 30) tail.shift();
      const match = /ATLAS listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(line);
      if (match?.[1] !== undefined && !settled) {
        settled = true;
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    createInterface({ input: child.stdout }).on('line', onLine);
    createInterface({ input: child.stderr }).on('line', onLine);
    child.on('error', (err) => fail(`cannot start the server: ${err.message}`));
    child.on('exit', (code, signal) => {
      log.end();
      if (settled && server === child && !interrupted) {
        console.error(`[bench] the server exited during the bench (see ${SERVER_LOG})`);
      }
      fail(`the server exited before listening (${signal ?? `exit code ${code ?? '?'}`})`);
    });
  });
}

// ---------------------------------------------------------------------------------------------
// One run: fresh browser, fresh page, warm-up, measured window.

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** page.evaluate has no timeout of its own: a page that never settles must not hang the bench. */
async function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      reject(new BenchFailure(`${what} did not finish within ${ms / 1000} s`));
    }, ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function readStats(page: Page): Promise<AtlasStats> {
  return page.evaluate(() => {
    const atlas = window.atlas;
    if (atlas === undefined) throw new Error('window.atlas is missing');
    return atlas.stats();
  });
}

/** Trace categories of `--trace`: the timeline the performance panel shows, plus GPU and
 * compositor slices (where a frame waits on the GPU process). */
const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'v8.execute',
  'blink.user_timing',
  'toplevel',
  'gpu',
  'cc',
  'viz',
  'latencyInfo',
  ...(process.env['BENCH_TRACE_EXTRA'] ?? '').split(',').filter(Boolean),
].join(',');

/** Starts a CDP trace; the returned function ends it and gives its events. */
async function startTrace(
  cdp: CDPSession,
  categories: string,
): Promise<() => Promise<TraceEvent[]>> {
  const events: TraceEvent[] = [];
  // CDP types trace events as plain objects; Chrome's events carry TraceEvent's fields.
  const onData = (e: { value: object[] }): void => {
    events.push(...(e.value as TraceEvent[]));
  };
  cdp.on('Tracing.dataCollected', onData);
  await cdp.send('Tracing.start', { categories, transferMode: 'ReportEvents' });
  return async () => {
    const done = new Promise<void>((resolve) =>
      cdp.once('Tracing.tracingComplete', () => resolve()),
    );
    await cdp.send('Tracing.end');
    await done;
    cdp.off('Tracing.dataCollected', onData);
    return events;
  };
}

function writeTrace(file: string, events: readonly TraceEvent[]): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify({ traceEvents: events }));
  console.log(`[bench] trace: ${path.relative(process.cwd(), file)} (${events.length} events)`);
}

/** What a run traces: `full` (--trace: the performance panel's categories, written to a file),
 * `frames` (the light trace of the per-frame run, kept in memory) or nothing. */
type RunTrace = 'none' | 'full' | 'frames';

async function measureRun(
  baseUrl: string,
  scenario: BenchScenario,
  opts: Options,
  runIndex: number,
  traced: RunTrace = opts.trace ? 'full' : 'none',
): Promise<RunResult & { frameCpu: FrameCpuResult | null }> {
  const launched = await chromium.launch({
    executablePath: chromiumExecutable(),
    args: [...CHROMIUM_ARGS],
    headless: true,
  });
  browser = launched;
  browserVersion ||= launched.version();
  const params = { markers: opts.markers, markerClustering: opts.markerClustering, baseUrl };
  try {
    // A scenario may emulate a device (mobile-tour: a phone's viewport, scale and touch).
    const context = await launched.newContext({ viewport: VIEWPORT, ...scenario.context });
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (err) => pageErrors.push(err.message));
    page.on('console', (msg) => {
      // A missing favicon is not the app's error.
      if (msg.type() === 'error' && !msg.location().url.endsWith('/favicon.ico')) {
        pageErrors.push(msg.text());
      }
    });
    await page.addInitScript({ content: NAME_SHIM_SCRIPT });
    await page.addInitScript(benchInitScript);
    const cdp = await context.newCDPSession(page);
    await enableThreadTicks(cdp);
    const throttle = scenario.cpuThrottle ?? opts.throttle;
    if (throttle !== null && throttle !== 1) {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
    }
    if (scenario.prepare !== undefined) {
      await withTimeout(
        scenario.prepare(page, params),
        STEP_TIMEOUT_MS,
        `${scenario.name}: prepare`,
      );
    }

    const url =
      opts.markerPath === 'merged'
        ? scenario.url
        : `${scenario.url}${scenario.url.includes('?') ? '&' : '?'}markerPath=${opts.markerPath}`;
    const response = await page.goto(baseUrl + url, { waitUntil: 'load' });
    if (response !== null && !response.ok()) {
      throw new BenchFailure(`${scenario.url} answered HTTP ${response.status()}`);
    }
    let renderer: string;
    try {
      renderer = await requireWebGL2(page);
    } catch (err) {
      throw new BenchFailure(err instanceof Error ? err.message : String(err));
    }
    console.log(`[bench] ${scenario.name}: WebGL renderer: ${renderer}`);
    const mismatch = rendererMismatch(renderer, opts.expectRenderer);
    if (mismatch !== null) throw new BenchFailure(`${scenario.name}: ${mismatch}`);
    const hasAtlas = await page
      .waitForFunction(() => window.atlas !== undefined, undefined, { timeout: ATLAS_APPEAR_MS })
      .then(
        () => true,
        () => false,
      );
    if (!hasAtlas) {
      throw new BenchFailure(
        `window.atlas is missing at ${scenario.url} ${ATLAS_APPEAR_MS / 1000} s after load: the engine did not start` +
          (pageErrors.length > 0 ? ` (page errors: ${pageErrors.join(' | ')})` : ''),
      );
    }
    try {
      await withTimeout(scenario.setup(page, params), STEP_TIMEOUT_MS, `${scenario.name}: setup`);
    } catch (err) {
      // A setup that cannot bring the page into its state fails this scenario, not the suite:
      // the others still run and the table is written (the bench exits 1).
      if (err instanceof BenchFailure) throw err;
      throw new ScenarioFailure(
        `${scenario.name}: setup: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
    const ready = await withTimeout(timeToReady(page), STEP_TIMEOUT_MS, 'window.atlas.whenReady()');
    const warmup = scenario.warmup ?? opts.warmup;
    console.log(
      `[bench] ${scenario.name}: ready ${fmt(ready.ms, 0)} ms after navigation start; ` +
        `warming up ${warmup} s, then measuring ` +
        (scenario.run === undefined ? `${opts.seconds} s` : 'the scripted steps') +
        (throttle === null || throttle === 1 ? '' : ` (CPU throttled ${throttle}x)`),
    );
    await sleep(warmup * 1000);

    const gpuPid = await findGpuProcess(process.pid);
    if (gpuPid === null) console.warn('[bench] no --type=gpu-process found: GPU CPU not measured');
    const rendererPid = await findBusiestRenderer(process.pid);
    const rendererTicks = (): Promise<number | null> =>
      rendererPid === null ? Promise.resolve(null) : mainThreadTicks(rendererPid).catch(() => null);

    // Heap after load: after a full GC, before the window (so the GC pause is not in it).
    await collectGarbage(cdp);
    const heapLoad = (await getMetrics(cdp))['JSHeapUsedSize'] ?? Number.NaN;

    // Measured window. The frame counter brackets the CPU readings on both sides the same way.
    const endTrace =
      traced === 'none'
        ? null
        : await startTrace(cdp, traced === 'full' ? TRACE_CATEGORIES : FRAME_CPU_TRACE_CATEGORIES);
    await startRecording(page);
    const t0 = performance.now();
    const [m0, g0, r0] = await Promise.all([
      getMetrics(cdp),
      gpuPid === null ? null : cpuTicks(gpuPid),
      rendererTicks(),
    ]);
    const samples: AtlasStats[] = [];
    let extra: Record<string, number> = {};
    if (scenario.run === undefined) {
      const sampleEvery = (opts.seconds * 1000) / STATS_SAMPLES;
      for (let i = 0; i < STATS_SAMPLES; i++) {
        const due = t0 + sampleEvery * (i + 1);
        await sleep(Math.max(0, due - performance.now()));
        samples.push(await withTimeout(readStats(page), STEP_TIMEOUT_MS, 'window.atlas.stats()'));
      }
    } else {
      // The window is the run; stats are sampled alongside it (a sample that lands while the
      // page is between states is skipped).
      // An object, so control-flow analysis does not assume the flag never changes.
      const run = { going: true };
      const stillGoing = (): boolean => run.going;
      // The sampler's pause ends early when the run does, so the window does not go on with idle
      // frames (cheap ones, which would lower the figures per frame) until the next sample is due.
      let wake = (): void => undefined;
      const pause = (ms: number): Promise<void> =>
        new Promise((resolve) => {
          const timer = setTimeout(resolve, ms);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      const sampler = (async (): Promise<void> => {
        while (stillGoing()) {
          await pause(SCRIPTED_SAMPLE_MS);
          if (!stillGoing()) break;
          const s = await readStats(page).catch(() => null);
          if (s !== null) samples.push(s);
        }
      })();
      try {
        extra = await withTimeout(
          scenario.run(page, params),
          RUN_TIMEOUT_MS,
          `${scenario.name}: the scripted run`,
        );
      } catch (err) {
        if (err instanceof BenchFailure) throw err;
        throw new ScenarioFailure(
          `${scenario.name}: ${err instanceof Error ? err.message : String(err)}`,
        );
      } finally {
        run.going = false;
        wake();
        await sampler;
      }
      samples.push(await withTimeout(readStats(page), STEP_TIMEOUT_MS, 'window.atlas.stats()'));
    }
    const [m1, g1, r1] = await Promise.all([
      getMetrics(cdp),
      gpuPid === null ? null : cpuTicks(gpuPid),
      rendererTicks(),
    ]);
    const windowMs = performance.now() - t0;
    const recording = await stopRecording(page);
    const traceEvents = endTrace === null ? null : await endTrace();
    // --trace also keeps the per-frame run's light trace (its frames and tasks without the
    // heavier categories' overhead).
    if (opts.trace && traceEvents !== null) {
      const which = traced === 'frames' ? 'frames' : String(runIndex);
      writeTrace(path.join(opts.out, `trace-${scenario.name}-${which}.json`), traceEvents);
    }
    let perFrameCpu: FrameCpuResult | null = null;
    if (traced === 'frames' && traceEvents !== null) {
      let f: ReturnType<typeof frameCpu>;
      try {
        f = frameCpu(traceEvents);
      } catch (err) {
        throw new FrameCpuFailure(err instanceof Error ? err.message : String(err));
      }
      perFrameCpu = {
        median: f.median,
        p95: f.p95,
        mean: f.mean,
        frames: f.frames.length,
        steps: framesBySteps(f, traceEvents),
      };
    }

    let heapSoak: number | null = null;
    if (opts.soak > 0) {
      console.log(
        `[bench] ${scenario.name}: soaking ${opts.soak} s before the second heap reading`,
      );
      await sleep(opts.soak * 1000);
      await collectGarbage(cdp);
      heapSoak = (await getMetrics(cdp))['JSHeapUsedSize'] ?? Number.NaN;
    }

    const timestamps = recording.frames;
    const frames = timestamps.length;
    const gaps = intervals(timestamps);
    const taskSeconds = (m1['TaskDuration'] ?? Number.NaN) - (m0['TaskDuration'] ?? Number.NaN);
    const drawCalls = mean(samples.map((s) => s.drawCalls));
    if (!samples.some((s) => s.drawCalls > 0)) {
      throw new BenchFailure(
        `${scenario.name}: window.atlas.stats().drawCalls was 0 in every sample: nothing is drawn`,
      );
    }
    if (frames < 2) {
      throw new BenchFailure(`${scenario.name}: ${frames} animation frame(s) in the window`);
    }
    const long =
      recording.longTasks === null
        ? null
        : summariseLongTasks(recording.longTasks, recording.from, recording.to);
    const triangles = samples.flatMap((s) => (s.triangles === undefined ? [] : [s.triangles]));
    const last = samples.at(-1);
    return {
      renderer,
      frames,
      windowMs,
      mainMsPerFrame: perFrame(taskSeconds * 1000, frames),
      gpuMsPerFrame:
        g0 === null || g1 === null
          ? null
          : perFrame(ticksToMs(g1 - g0, clockTicksPerSecond()), frames),
      rendererMainPct:
        r0 === null || r1 === null || windowMs <= 0
          ? null
          : (100 * ticksToMs(r1 - r0, clockTicksPerSecond())) / windowMs,
      frameIntervalMedianMs: median(gaps),
      frameIntervalP95Ms: percentile(gaps, 95),
      drawCalls,
      triangles: triangles.length > 0 ? mean(triangles) : null,
      entities: last?.entities ?? Number.NaN,
      fps: mean(samples.map((s) => s.fps)),
      systemsMs: meanRecord(samples.map((s) => s.systems)),
      heapMB: (m1['JSHeapUsedSize'] ?? Number.NaN) / MB,
      heapLoadMB: heapLoad / MB,
      heapSoakMB: heapSoak === null ? null : heapSoak / MB,
      longTasks: long?.count ?? null,
      longTaskMs: long?.totalMs ?? null,
      cpuThrottle: throttle ?? 1,
      extra,
      timeToFirstFrameMs: ready.ms,
      timeToFirstFrameExact: ready.hooked,
      pageErrors,
      frameCpu: perFrameCpu,
    };
  } finally {
    if (browser === launched) browser = null;
    await launched.close().catch(() => undefined);
  }
}

// ---------------------------------------------------------------------------------------------
// Aggregation and output

function medianOrNull(values: readonly (number | null)[]): number | null {
  const present = values.filter((v): v is number => v !== null);
  return present.length === 0 ? null : median(present);
}

function medianRun(runs: readonly RunResult[]): RunResult {
  const m = (pick: (r: RunResult) => number): number => median(runs.map(pick));
  const keys = [...new Set(runs.flatMap((r) => Object.keys(r.systemsMs)))];
  const systemsMs: Record<string, number> = {};
  for (const key of keys) {
    systemsMs[key] = median(
      runs.flatMap((r) => (key in r.systemsMs ? [r.systemsMs[key] ?? 0] : [])),
    );
  }
  return {
    renderer: runs[0]?.renderer ?? '',
    frames: m((r) => r.frames),
    windowMs: m((r) => r.windowMs),
    mainMsPerFrame: m((r) => r.mainMsPerFrame),
    gpuMsPerFrame: medianOrNull(runs.map((r) => r.gpuMsPerFrame)),
    rendererMainPct: medianOrNull(runs.map((r) => r.rendererMainPct)),
    frameIntervalMedianMs: m((r) => r.frameIntervalMedianMs),
    frameIntervalP95Ms: m((r) => r.frameIntervalP95Ms),
    drawCalls: m((r) => r.drawCalls),
    triangles: medianOrNull(runs.map((r) => r.triangles)),
    entities: m((r) => r.entities),
    fps: m((r) => r.fps),
    systemsMs,
    heapMB: m((r) => r.heapMB),
    heapLoadMB: m((r) => r.heapLoadMB),
    heapSoakMB: medianOrNull(runs.map((r) => r.heapSoakMB)),
    longTasks: medianOrNull(runs.map((r) => r.longTasks)),
    longTaskMs: medianOrNull(runs.map((r) => r.longTaskMs)),
    cpuThrottle: runs[0]?.cpuThrottle ?? 1,
    extra: Object.fromEntries(
      [...new Set(runs.flatMap((r) => Object.keys(r.extra)))].map((k) => [
        k,
        median(runs.flatMap((r) => (k in r.extra ? [r.extra[k] ?? Number.NaN] : []))),
      ]),
    ),
    timeToFirstFrameMs: m((r) => r.timeToFirstFrameMs),
    timeToFirstFrameExact: runs.every((r) => r.timeToFirstFrameExact),
    pageErrors: runs.flatMap((r) => r.pageErrors),
  };
}

const fmt = (v: number | null, digits = 1, unit = ''): string =>
  v === null || !Number.isFinite(v)
    ? 'n/a'
    : `${v.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })}${unit}`;

function scenarioTable(s: ScenarioResult, runs: number): string {
  const r = s.median;
  const f = s.frameCpu;
  const rows: [string, string][] = [
    ['main-thread CPU per frame', fmt(r.mainMsPerFrame, 2, ' ms')],
    [
      'main-thread CPU per frame: median / p95 of frames (traced run)',
      f === null
        ? 'not measured (--frame-cpu on)'
        : `${fmt(f.median, 2, ' ms')} / ${fmt(f.p95, 2, ' ms')} (traced mean ${fmt(f.mean, 2, ' ms')}, ${f.frames} frames)`,
    ],
    ['GPU-process CPU per frame', fmt(r.gpuMsPerFrame, 2, ' ms')],
    [
      'renderer main thread, OS view (throttler spin included)',
      fmt(r.rendererMainPct, 0, '% of a core'),
    ],
    ['frame interval median', fmt(r.frameIntervalMedianMs, 1, ' ms')],
    ['frame interval p95', fmt(r.frameIntervalP95Ms, 1, ' ms')],
    ['frames in window', `${fmt(r.frames, 0)} in ${fmt(r.windowMs / 1000, 1, ' s')}`],
    ['draw calls', fmt(r.drawCalls, 1)],
    ['triangles', fmt(r.triangles, 0)],
    ['entities', fmt(r.entities, 0)],
    ['fps (engine)', fmt(r.fps, 1)],
    [
      'long tasks in window',
      r.longTasks === null ? 'n/a' : `${fmt(r.longTasks, 0)} (${fmt(r.longTaskMs, 0, ' ms')})`,
    ],
    ['JS heap after load (after GC)', fmt(r.heapLoadMB, 1, ' MB')],
    ['JS heap (end of window)', fmt(r.heapMB, 1, ' MB')],
    [
      'JS heap after soak (after GC)',
      r.heapSoakMB === null
        ? 'not measured (--soak S)'
        : `${fmt(r.heapSoakMB, 1, ' MB')} (${fmt(r.heapSoakMB - r.heapLoadMB, 1, ' MB')} since load)`,
    ],
    ['CPU throttling', r.cpuThrottle === 1 ? 'none' : `${r.cpuThrottle}x`],
    [
      'time to first frame',
      fmt(r.timeToFirstFrameMs, 0, ' ms') + (r.timeToFirstFrameExact ? '' : ' (upper bound)'),
    ],
    ...Object.entries(r.systemsMs)
      .sort(([, a], [, b]) => b - a)
      .map(([name, ms]): [string, string] => [`system ${name}`, fmt(ms, 3, ' ms')]),
    ...Object.entries(r.extra).map(([name, v]): [string, string] => [
      name,
      fmt(v, name.endsWith('ms/frame') ? 2 : 0),
    ]),
    ...Object.entries(f?.steps ?? {}).map(([name, st]): [string, string] => [
      `step ${name} main ms, frame median / p95 (traced run)`,
      `${fmt(st.median, 2)} / ${fmt(st.p95, 2)} (${st.frames} frames)`,
    ]),
    ['renderer', r.renderer.replaceAll('|', '\\|')],
  ];
  const lines = [
    `### ${s.name}${runs > 1 ? ` (median of ${runs} runs)` : ''}`,
    '',
    s.description,
    '',
    '| metric | value |',
    '|---|---|',
    ...rows.map(([k, v]) => `| ${k} | ${v} |`),
  ];
  if (r.pageErrors.length > 0) {
    lines.push('', `Page errors (${r.pageErrors.length}): ${r.pageErrors.slice(0, 5).join(' | ')}`);
  }
  return lines.join('\n');
}

function summaryTable(results: readonly ScenarioResult[]): string {
  return [
    '| scenario | main ms/frame | main ms, frame median / p95 | GPU ms/frame | interval median | interval p95 | long tasks (ms) | draw calls | heap MB load / end / soak | first frame | frames |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
    ...results.map(
      ({ name, median: r, frameCpu: f }) =>
        `| ${name}${r.cpuThrottle === 1 ? '' : ` (CPU ${r.cpuThrottle}x)`} | ${fmt(r.mainMsPerFrame, 2)} | ` +
        `${f === null ? '-' : `${fmt(f.median, 2)} / ${fmt(f.p95, 2)}`} | ${fmt(r.gpuMsPerFrame, 2)} | ` +
        `${fmt(r.frameIntervalMedianMs, 1)} ms | ${fmt(r.frameIntervalP95Ms, 1)} ms | ` +
        `${r.longTasks === null ? 'n/a' : `${fmt(r.longTasks, 0)} (${fmt(r.longTaskMs, 0)})`} | ${fmt(r.drawCalls, 0)} | ` +
        `${fmt(r.heapLoadMB, 1)} / ${fmt(r.heapMB, 1)} / ${r.heapSoakMB === null ? '-' : fmt(r.heapSoakMB, 1)} | ` +
        `${fmt(r.timeToFirstFrameMs, 0)} ms | ${fmt(r.frames, 0)} in ${fmt(r.windowMs / 1000, 1)} s |`,
    ),
  ].join('\n');
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const opts = parseOptions(process.argv.slice(2));
  if (opts === null) return;

  let baseUrl = opts.baseUrl;
  if (baseUrl === null) {
    const { rebuilt, reason } = await buildIfStale(ROOT);
    if (!rebuilt) console.log(`[bench] ${reason}`);
    console.log(`[bench] starting the server (ATLAS_SEED_SYNTHETIC=${opts.seed})`);
    baseUrl = await startServer(opts.seed);
  }
  console.log(`[bench] server: ${baseUrl}`);

  const started = new Date();
  const results: ScenarioResult[] = [];
  const failures: { name: string; reason: string }[] = [];
  for (const scenario of opts.scenarios) {
    const runs: RunResult[] = [];
    for (let i = 0; i < opts.runs; i++) {
      if (interrupted) return;
      console.log(`[bench] ${scenario.name}: run ${i + 1}/${opts.runs}`);
      let run: RunResult;
      try {
        run = await measureRun(baseUrl, scenario, opts, i + 1);
      } catch (err) {
        if (!(err instanceof ScenarioFailure)) throw err;
        console.error(`[bench] ${scenario.name}: FAILED: ${err.message}`);
        failures.push({ name: scenario.name, reason: err.message });
        break;
      }
      runs.push(run);
      console.log(
        `[bench] ${scenario.name}: main ${fmt(run.mainMsPerFrame, 2)} ms/frame, GPU ${fmt(run.gpuMsPerFrame, 2)} ms/frame, ` +
          `${run.frames} frames, ${fmt(run.drawCalls, 0)} draw calls`,
      );
    }
    if (runs.length < opts.runs) continue;
    let perFrameCpu: FrameCpuResult | null = null;
    if (opts.frameCpu && !interrupted) {
      console.log(
        `[bench] ${scenario.name}: one more run, traced for each frame's main-thread CPU`,
      );
      try {
        perFrameCpu = (await measureRun(baseUrl, scenario, opts, opts.runs + 1, 'frames')).frameCpu;
      } catch (err) {
        if (!(err instanceof ScenarioFailure) && !(err instanceof FrameCpuFailure)) throw err;
        console.error(`[bench] ${scenario.name}: FAILED (per-frame run): ${err.message}`);
        failures.push({ name: `${scenario.name} (per-frame run)`, reason: err.message });
      }
      if (perFrameCpu !== null) {
        console.log(
          `[bench] ${scenario.name}: main-thread CPU per frame: median ${fmt(perFrameCpu.median, 2)} ms, ` +
            `p95 ${fmt(perFrameCpu.p95, 2)} ms, mean ${fmt(perFrameCpu.mean, 2)} ms (traced, ${perFrameCpu.frames} frames)`,
        );
        for (const [step, st] of Object.entries(perFrameCpu.steps)) {
          console.log(
            `[bench] ${scenario.name}: step ${step}: frame median ${fmt(st.median, 2)} ms, ` +
              `p95 ${fmt(st.p95, 2)} ms (${st.frames} frames)`,
          );
        }
      }
    }
    results.push({
      name: scenario.name,
      description: scenario.description,
      url: scenario.url,
      runs,
      median: medianRun(runs),
      frameCpu: perFrameCpu,
    });
  }
  const meta = {
    date: started.toISOString(),
    chromium: `${chromiumExecutable()} ${browserVersion}`,
    node: process.version,
    cpu: `${os.cpus()[0]?.model ?? 'unknown'} x${os.cpus().length}`,
    viewport: `${VIEWPORT.width}x${VIEWPORT.height}`,
    windowSeconds: opts.seconds,
    warmupSeconds: opts.warmup,
    runs: opts.runs,
    cpuThrottlingRate: opts.throttle ?? 1,
    markerPath: opts.markerPath,
    markerClustering: opts.markerClustering,
    soakSeconds: opts.soak,
    expectRenderer: opts.expectRenderer,
    renderers: [...new Set(results.flatMap((r) => r.runs.map((run) => run.renderer)))],
    seedSynthetic: opts.baseUrl === null ? opts.seed : null,
    baseUrl,
  };
  const md = [
    `## ATLAS bench ${meta.date}`,
    '',
    `Chromium ${browserVersion} (${chromiumExecutable()}), ${meta.cpu}, ${meta.viewport}, ` +
      `window ${opts.seconds} s after ${opts.warmup} s warm-up, ${opts.runs} run(s)` +
      (opts.throttle === null ? '' : `, CPU throttling x${opts.throttle}`) +
      (opts.soak > 0 ? `, heap soak ${opts.soak} s` : '') +
      (opts.markerPath === 'merged' ? '' : `, marker path ${opts.markerPath}`) +
      (opts.markerClustering ? '' : ', marker clustering off') +
      (meta.seedSynthetic === null
        ? `, server ${baseUrl}`
        : `, ${meta.seedSynthetic} synthetic articles`),
    '',
    ...results.flatMap((r) => [scenarioTable(r, opts.runs), '']),
    '### Summary',
    '',
    `Renderer: ${meta.renderers.join(' / ').replaceAll('|', '\\|')}`,
    '',
    summaryTable(results),
    '',
    ...failures.map((f) => `**FAILED** ${f.name}: ${f.reason}\n`),
  ].join('\n');
  console.log(`\n${md}`);

  mkdirSync(opts.out, { recursive: true });
  const stamp = meta.date.replace(/[:.]/g, '-');
  const jsonFile = path.join(opts.out, `bench-${stamp}.json`);
  writeFileSync(jsonFile, `${JSON.stringify({ meta, scenarios: results, failures }, null, 2)}\n`);
  writeFileSync(path.join(opts.out, 'latest.md'), md);
  console.log(
    `[bench] wrote ${path.relative(ROOT, jsonFile)} and ${path.relative(ROOT, path.join(opts.out, 'latest.md'))}`,
  );
  if (failures.length > 0) {
    console.error(
      `[bench] FAILED: ${failures.length} scenario(s): ${failures.map((f) => f.name).join(', ')}`,
    );
    process.exitCode = 1;
  }
  if (opts.compare !== null) {
    const baseline = parseBaseline(readFileSync(opts.compare, 'utf8'), opts.compare);
    const rows = compareRuns(results, baseline);
    console.log(
      `\n### Compared with ${path.relative(ROOT, opts.compare)}\n\n${comparisonTable(rows)}\n`,
    );
    const regressions = rows.filter((r) => r.regression).length;
    if (regressions > 0) {
      console.error(`[bench] ${regressions} regression(s) over 15% against the baseline`);
      process.exitCode ??= 3;
    }
  }
}

try {
  await main();
} catch (err) {
  if (wasInterrupted()) {
    // SIGINT/SIGTERM: the handler reports and exits.
  } else if (err instanceof BenchFailure) {
    console.error(`[bench] FAILED: ${err.message}`);
  } else {
    console.error('[bench] FAILED:', err);
  }
  process.exitCode = 1;
} finally {
  await cleanup();
}
