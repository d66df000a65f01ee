/**
 * Benchmark scenarios for `npm run bench` (scripts/bench.ts). Each one opens `url` in a fresh
 * page, then `setup` brings the page into the state to measure. Two kinds:
 * - steady scenarios leave the page animating (the bench measures the `--seconds` that follow);
 * - scripted scenarios have a `run`: the measured window is exactly the run, whatever
 *   `--seconds` says (a tour from the landing page to the solar system, the quality recovery).
 * Keep motion deterministic (driven per animation frame in the page, not by wall-clock time) so
 * runs compare; a scripted step that waits for the app (a dialog, a rung change) waits on a
 * condition with a stated limit and throws when it is not met, which fails the bench.
 *
 * In-page functions run in the browser: they may use `window.atlas` (data/automation.ts) but
 * nothing from Node.
 */
import type { Page } from '@playwright/test';
import { EARTH_LAYERS } from '../../engine/layers';
import type {} from '../../data/automation';
import { enableThreadTicks, getMetrics, recordedFrames } from '../../scripts/lib/measure';
import { STEP_MARK } from '../../scripts/lib/frameCpu';

export interface BenchScenario {
  /** Short id for `--scenario` and the summary table. */
  name: string;
  description: string;
  /** Path on the bench server, e.g. '/app'. */
  url: string;
  /** Before navigation: data through the API, sign-in init scripts. */
  prepare?: (page: Page, params: ScenarioParams) => Promise<void>;
  /** After the page loaded, before the warm-up. */
  setup: (page: Page, params: ScenarioParams) => Promise<void>;
  /**
   * A scripted window: the bench measures from its start to its end (no warm-up unless
   * `warmup` says so). Returns extra figures for the table (name -> value, with the unit in the
   * name). Throwing fails the bench.
   */
  run?: (page: Page, params: ScenarioParams) => Promise<Record<string, number>>;
  /** CPU throttling (CDP Emulation.setCPUThrottlingRate) this scenario always runs with. */
  cpuThrottle?: number;
  /** Warm-up seconds for this scenario, instead of `--warmup`. */
  warmup?: number;
}

/** Run-wide parameters from the command line. */
export interface ScenarioParams {
  /** `--markers N` (default 10000). */
  markers: number;
  /** `--marker-clustering on|off` (default on): off draws every marker individually. */
  markerClustering: boolean;
  /** The bench server, e.g. http://127.0.0.1:41234 (for API calls in `prepare`). */
  baseUrl: string;
}

/** Resolves after the engine has drawn `n` more frames (its own count: no rAF loop here). */
export async function waitFrames(page: Page, n: number): Promise<void> {
  await page.evaluate(async (count) => {
    const atlas = window.atlas;
    if (atlas === undefined) throw new Error('window.atlas is missing: the engine did not start');
    await atlas.frames.wait(count);
  }, n);
}

/** Polls `check` every 100 ms until it is true; throws `what` after `timeoutMs`. */
async function waitFor(
  page: Page,
  check: () => Promise<boolean>,
  timeoutMs: number,
  what: string | (() => string),
): Promise<number> {
  const t0 = Date.now();
  for (;;) {
    if (await check()) return Date.now() - t0;
    if (Date.now() - t0 > timeoutMs) {
      throw new Error(
        `${typeof what === 'string' ? what : what()}: not within ${timeoutMs / 1000} s`,
      );
    }
    await page.waitForTimeout(100);
  }
}

async function ready(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const atlas = window.atlas;
    if (atlas === undefined) throw new Error('window.atlas is missing: the engine did not start');
    await atlas.whenReady();
  });
}

/** Loads `count` seeded synthetic markers through the automation handle and checks they drew. */
async function loadMarkers(page: Page, count: number): Promise<void> {
  const res = await page.evaluate(async (n) => {
    const atlas = window.atlas;
    if (atlas === undefined) throw new Error('window.atlas is missing: the engine did not start');
    await atlas.whenReady();
    return atlas.scenario.load({ markers: n, seed: 1 });
  }, count);
  if (res.drawn !== count) throw new Error(`scenario.load drew ${res.drawn} of ${count} markers`);
  console.log(`[bench] loaded ${count} markers in ${res.loadMs.toFixed(0)} ms`);
}

async function setLayers(page: Page, layers: readonly string[]): Promise<void> {
  await page.evaluate(async (names) => {
    const atlas = window.atlas;
    if (atlas === undefined) throw new Error('window.atlas is missing: the engine did not start');
    await atlas.whenReady();
    for (const l of names) atlas.layers.set(l, true);
  }, layers);
}

/** Degrees of longitude the orbit advances each animation frame. */
const ORBIT_DEG_PER_FRAME = 0.2;

/** Orbit the camera at a fixed latitude and distance, one step per animation frame. */
async function orbit(
  page: Page,
  lat: number,
  distance: number,
  step = ORBIT_DEG_PER_FRAME,
  lon0 = 0,
): Promise<void> {
  await page.evaluate(
    async ({ lat, distance, step, lon0 }) => {
      const atlas = window.atlas;
      if (atlas === undefined) throw new Error('window.atlas is missing: the engine did not start');
      await atlas.whenReady();
      let lon = lon0;
      const frame = (): void => {
        lon += step;
        if (lon > 180) lon -= 360;
        atlas.camera.set({ lat, lon, distance });
        requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    },
    { lat, distance, step, lon0 },
  );
}

/**
 * Zoom in and out over Europe (distance 250-900, one cycle per ~630 frames) while drifting east
 * and west: the camera moves every frame, so the label system runs a placement pass every frame
 * (its worst case) and every label kind comes into range.
 */
async function zoomOverEurope(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const atlas = window.atlas;
    if (atlas === undefined) throw new Error('window.atlas is missing: the engine did not start');
    await atlas.whenReady();
    let t = 0;
    const frame = (): void => {
      t++;
      atlas.camera.set({
        lat: 50,
        lon: 10 + 8 * Math.sin(t * 0.005),
        distance: 575 + 325 * Math.cos(t * 0.01),
      });
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}

/**
 * Moves the camera to `to` over `frames` engine frames (atlas.camera.animate: ease-in-out cubic,
 * the spec's fly-to curve, longitude the short way round, distance geometric). Resolves once the
 * last pose is drawn.
 */
async function animateCamera(
  page: Page,
  to: { lat: number; lon: number; distance: number },
  frames: number,
): Promise<void> {
  await page.evaluate(
    async ({ to, frames }) => {
      const atlas = window.atlas;
      if (atlas === undefined) throw new Error('window.atlas is missing');
      await atlas.camera.animate(to, frames);
    },
    { to, frames },
  );
}

// ---------------------------------------------------------------------------------------------
// The tour: landing page -> app -> fly to a story -> open it -> close it -> solar system.

/** A remote place, away from the seeded articles' cities, so the story's marker stands alone. */
const TOUR_PLACE = { lat: -49.35, lon: 70.22, name: 'Kerguelen Islands' };
/** Frames per tour step (deterministic: the same frames whatever the machine's speed). */
const TOUR_FRAMES = { landing: 20, fly: 60, read: 10, toSolar: 90, solarHold: 20 } as const;
/** Camera distance of the solar-system step (planets show beyond 5000). */
const TOUR_SOLAR_DISTANCE = 8000;

/** The story each tour page opens (made in `prepare` through the API). */
const tourStories = new WeakMap<Page, string>();

/**
 * Registers a user and stores one story at TOUR_PLACE through the API (as tests/e2e/article
 * does), then signs the page in the way the app keeps a session (localStorage, read at start):
 * opening an article needs a signed-in user; guests get the restriction notice.
 */
async function prepareTour(page: Page, { baseUrl }: ScenarioParams): Promise<void> {
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const reg = await page.request.post(`${baseUrl}/api/auth/register`, {
    data: {
      email: `bench-tour-${stamp}@example.org`,
      password: 'correct horse battery',
      name: 'Bench Tour',
    },
  });
  if (reg.status() !== 201) throw new Error(`register: HTTP ${reg.status()} ${await reg.text()}`);
  const session = (await reg.json()) as { token: string; user: unknown };
  const created = await page.request.post(`${baseUrl}/api/articles`, {
    headers: { Authorization: `Bearer ${session.token}` },
    data: {
      title: `Bench tour ${stamp}: climate station opens`,
      url: `https://news.example.org/bench-${stamp}`,
      description: `A new climate station opens on the ${TOUR_PLACE.name}.`,
      content: `A new climate monitoring station opened on the ${TOUR_PLACE.name} on Monday.`,
      source: 'Bench Observer',
      publishedAt: new Date().toISOString(),
      latitude: TOUR_PLACE.lat,
      longitude: TOUR_PLACE.lon,
      locationName: TOUR_PLACE.name,
      category: 'environment',
    },
  });
  if (created.status() !== 201) {
    throw new Error(`create article: HTTP ${created.status()} ${await created.text()}`);
  }
  const body = (await created.json()) as { _id?: string; id?: string };
  const id = body._id ?? body.id;
  if (id === undefined) throw new Error('the created article has no id');
  tourStories.set(page, id);
  await page.addInitScript(
    ([token, user]) => {
      localStorage.setItem('atlas_auth_token', token);
      localStorage.setItem('atlas_auth_user', user);
      localStorage.setItem('atlas_walkthrough_seen', 'true');
    },
    [session.token, JSON.stringify(session.user)] as const,
  );
}

/** Clicks the story's marker as a person would (retried: a lagging frame can move it);
 * resolves with the number of clicks it took. */
async function openStory(page: Page, id: string): Promise<number> {
  const dialog = page.getByTestId('article-dialog');
  for (let attempt = 1; ; attempt++) {
    await page.evaluate(
      ({ lat, lon }) => window.atlas?.camera.set({ lat, lon, distance: 420 }),
      TOUR_PLACE,
    );
    await waitFrames(page, 3);
    const p = await page.evaluate((i) => window.atlas?.markers.screenPosition(i) ?? null, id);
    if (p !== null) {
      await page.mouse.move(p.x, p.y);
      // The hover pick runs in the frame (throttled to 50 ms): let a few frames see the pointer,
      // however slow they are (4x CPU throttling), before pressing.
      await waitFrames(page, 3);
      await page.mouse.down();
      await page.mouse.up();
      try {
        await dialog.waitFor({ state: 'visible', timeout: 5_000 });
        return attempt;
      } catch (error) {
        if (attempt >= 3) throw error;
        console.log(`[bench] tour: click ${attempt} on the story's marker missed, again`);
        await page.keyboard.press('Escape');
      }
    } else if (attempt >= 3) {
      throw new Error(`the story's marker ${id} is not on screen at ${TOUR_PLACE.name}`);
    }
  }
}

async function tour(page: Page): Promise<Record<string, number>> {
  const id = tourStories.get(page);
  if (id === undefined) throw new Error('tour: prepare did not run');
  const steps: Record<string, number> = {};
  // Each step's wall time, frames and main-thread CPU per frame (its own CDP session, thread
  // time as the bench's), to show where a slow tour spends its time.
  const cdp = await page.context().newCDPSession(page);
  await enableThreadTicks(cdp);
  const reading = async (): Promise<{ wall: number; task: number; frames: number }> => {
    const task = (await getMetrics(cdp))['TaskDuration'] ?? Number.NaN;
    return { wall: Date.now(), task: task * 1000, frames: await recordedFrames(page) };
  };
  let last = await reading();
  const step = async (name: string): Promise<void> => {
    // The step's end in the traced per-frame run (scripts/lib/frameCpu.ts splits frames by it).
    await page.evaluate((mark) => console.timeStamp(mark), STEP_MARK + name);
    const now = await reading();
    const frames = now.frames - last.frames;
    steps[`step ${name} (ms)`] = now.wall - last.wall;
    steps[`step ${name} frames`] = frames;
    steps[`step ${name} main ms/frame`] = frames > 0 ? (now.task - last.task) / frames : Number.NaN;
    last = now;
  };
  // 1. The landing page's globe.
  await waitFrames(page, TOUR_FRAMES.landing);
  await step('landing');
  // 2. Launch: the landing's 'Enter ATLAS' (atlasStartLoading, then /app in the same document).
  await page.getByRole('link', { name: 'Enter ATLAS' }).click();
  await page.waitForURL((u) => u.pathname === '/app', { timeout: 30_000 });
  await ready(page);
  await waitFor(
    page,
    () => page.evaluate((i) => window.atlas?.markers.ids().includes(i) ?? false, id),
    30_000,
    `tour: the story ${id} drawn on /app`,
  );
  await step('launch');
  // 3. Fly to the story.
  await animateCamera(page, { ...TOUR_PLACE, distance: 420 }, TOUR_FRAMES.fly);
  await step('fly');
  // 4. Open it from its marker; read for a moment.
  steps['story clicks'] = await openStory(page, id);
  await page.getByTestId('article-title').waitFor({ state: 'visible', timeout: 10_000 });
  await waitFrames(page, TOUR_FRAMES.read);
  await step('open');
  // 5. Close it.
  await page.keyboard.press('Escape');
  await page.getByTestId('article-dialog').waitFor({ state: 'hidden', timeout: 10_000 });
  await step('close');
  // 6. Out to the solar system: the layer switches /app to the solar view (camera to 50000).
  await page.evaluate(() => window.atlas?.layers.set('solarSystem', true));
  await waitFor(
    page,
    () => page.evaluate(() => window.atlas?.layers.get()['solarSystem'] === true),
    10_000,
    'tour: solarSystem layer on',
  );
  await waitFrames(page, 5);
  await animateCamera(
    page,
    { lat: 20, lon: TOUR_PLACE.lon, distance: TOUR_SOLAR_DISTANCE },
    TOUR_FRAMES.toSolar,
  );
  await waitFrames(page, TOUR_FRAMES.solarHold);
  const distance = await page.evaluate(() => window.atlas?.camera.get().distance ?? 0);
  if (distance < 5000) {
    throw new Error(`tour: the camera reached ${distance.toFixed(0)}, not the solar system`);
  }
  await step('solar');
  await cdp.detach();
  return steps;
}

// ---------------------------------------------------------------------------------------------
// Adaptive quality under forced slow frames.

/** Busy-wait per frame while forcing (atlas.quality.simulateLoad): ~6 FPS at most. */
const FORCED_LOAD_MS = 150;
/** Adaptive quality must react within this after forcing starts... */
const STEP_DOWN_LIMIT_MS = 10_000;
/** ...and be back where it started within this after it stops (degradation steps are undone one
 * per 5 s above 45 FPS, data/quality/adaptiveQuality.ts). */
const RECOVER_LIMIT_MS = 40_000;
/** Before forcing, the page must run at full rate (culling 'full' needs over 55 FPS) for this. */
const FULL_RATE_LIMIT_MS = 20_000;
/**
 * The scenario's own viewport and layers: small and nearly empty, so a software renderer runs at
 * the full 60 FPS the adaptive quality needs to show a recovery (at 1280x720 with the default
 * layers SwiftShader gives ~10 FPS: already the lowest state, nothing left to step down from). On
 * this machine 320x180 with the ocean alone runs at 60 FPS (with the land too, 49-53: too close to
 * the 55 that culling 'full' needs).
 */
export const QUALITY_VIEWPORT = { width: 320, height: 180 } as const;
const QUALITY_LAYERS_OFF = [
  'stars',
  'atmosphere',
  'markers',
  'labels',
  'land',
  'coastline',
  'borders',
];

interface QualityReading {
  mode: string;
  detected: string;
  fps: number;
  culling: string;
  degradation: number;
  reason: string;
}

async function qualityState(page: Page): Promise<QualityReading> {
  return page.evaluate(() => {
    const q = window.atlas?.quality.get();
    if (q === undefined) throw new Error('window.atlas is missing');
    return {
      mode: q.mode,
      detected: q.detected,
      fps: q.fps,
      culling: q.culling,
      degradation: q.degradation,
      reason: q.reason,
    };
  });
}

const RUNG: Readonly<Record<string, number>> = { low: 0, medium: 1, high: 2 };
const CULLING: Readonly<Record<string, number>> = { emergency: 0, reduced: 1, full: 2 };

/** The rung or the degradation ladder went down: both need a sustained dip (2 s or more), unlike
 * the culling level, which follows the smoothed FPS and flaps around 48-55 here on its own. */
function steppedDown(top: QualityReading, now: QualityReading): boolean {
  return (RUNG[now.mode] ?? 0) < (RUNG[top.mode] ?? 0) || now.degradation > top.degradation;
}

/** Back where it started: rung, degradation and culling. */
function recovered(top: QualityReading, now: QualityReading): boolean {
  return !steppedDown(top, now) && (CULLING[now.culling] ?? 0) >= (CULLING[top.culling] ?? 0);
}

/** Readings in a row (100 ms apart) that must show the full rate before forcing starts. */
const STEADY_READINGS = 10;

function describeQuality(q: QualityReading): string {
  return `rung ${q.mode}, degradation ${q.degradation}, culling ${q.culling}, ${q.fps.toFixed(0)} FPS`;
}

/** The state forcing started from (set by the setup, read by the run). */
const qualityStart = new WeakMap<Page, QualityReading>();

/**
 * Adaptive quality ('auto', the detected rung) on a small, nearly empty page until it runs at the
 * full rate with nothing degraded: the state a forced slow spell must leave and come back to.
 */
async function qualitySetup(page: Page): Promise<void> {
  await page.setViewportSize(QUALITY_VIEWPORT);
  await ready(page);
  await page.evaluate((off) => {
    const atlas = window.atlas;
    if (atlas === undefined) throw new Error('window.atlas is missing');
    for (const l of off) atlas.layers.set(l, false);
    atlas.quality.set('auto');
  }, QUALITY_LAYERS_OFF);
  let last: QualityReading | null = null;
  let steady = 0;
  await waitFor(
    page,
    async () => {
      last = await qualityState(page);
      steady = last.culling === 'full' && last.degradation === 0 ? steady + 1 : 0;
      return steady >= STEADY_READINGS;
    },
    FULL_RATE_LIMIT_MS,
    () =>
      `quality-recovery: the page never ran at the full rate before forcing (${last === null ? 'no reading' : describeQuality(last)}): nothing to recover to`,
  );
  qualityStart.set(page, await qualityState(page));
}

async function qualityRecovery(page: Page): Promise<Record<string, number>> {
  const top = qualityStart.get(page);
  if (top === undefined) throw new Error('quality-recovery: setup did not run');
  console.log(`[bench] quality-recovery: before forcing: ${describeQuality(top)}`);
  await page.evaluate((ms) => window.atlas?.quality.simulateLoad(ms), FORCED_LOAD_MS);
  let down = top;
  const stepDownMs = await waitFor(
    page,
    async () => {
      down = await qualityState(page);
      return steppedDown(top, down);
    },
    STEP_DOWN_LIMIT_MS,
    () =>
      `adaptive quality took no degradation step and kept its rung under ${FORCED_LOAD_MS} ms of forced load per frame (last: ${describeQuality(down)})`,
  );
  console.log(
    `[bench] quality-recovery: stepped down after ${stepDownMs} ms: ${describeQuality(down)} (${down.reason})`,
  );
  const held = await qualityState(page);
  await page.evaluate(() => window.atlas?.quality.simulateLoad(0));
  let up = held;
  const recoverMs = await waitFor(
    page,
    async () => {
      up = await qualityState(page);
      return recovered(top, up);
    },
    RECOVER_LIMIT_MS,
    () =>
      `stepped down to ${describeQuality(held)}, but did not come back to ${describeQuality(top)} within ${RECOVER_LIMIT_MS / 1000} s of the load stopping (last: ${describeQuality(up)}; ${up.reason})`,
  );
  console.log(
    `[bench] quality-recovery: back after ${recoverMs} ms: ${describeQuality(up)} (${up.reason})`,
  );
  return {
    'quality step-down (ms)': stepDownMs,
    'quality degradation steps taken': held.degradation - top.degradation,
    'quality recovery (ms)': recoverMs,
  };
}

export const SCENARIOS: readonly BenchScenario[] = [
  {
    name: 'bare-globe',
    description: `Globe with the default layers at /app, orbiting at lat 20, distance 600, ${ORBIT_DEG_PER_FRAME} deg/frame`,
    url: '/app',
    setup: (page) => orbit(page, 20, 600),
  },
  {
    name: 'full-earth',
    description:
      'Every Earth layer on (states, rivers, lakes, urban, cities, city lights, grid, time zones, day/night, clouds), orbiting like bare-globe',
    url: '/app',
    setup: async (page) => {
      await setLayers(page, EARTH_LAYERS);
      // Let the layer assets (admin-1, rivers, lakes, urban areas, gazetteer) load and build.
      await page.waitForTimeout(3000);
      await orbit(page, 20, 600);
    },
  },
  {
    name: 'markers',
    description:
      'Seeded synthetic markers (--markers, default 10000), all drawn, orbiting at lat 20, distance 600; --marker-clustering off draws every marker individually (the far side hidden in the shader) to compare the marker render paths (--marker-path)',
    url: '/app',
    setup: async (page, { markers, markerClustering }) => {
      if (!markerClustering) {
        await page.evaluate(async () => {
          const atlas = window.atlas;
          if (atlas === undefined)
            throw new Error('window.atlas is missing: the engine did not start');
          await atlas.whenReady();
          atlas.markers.setClustering(false);
        });
      }
      await loadMarkers(page, markers);
      await orbit(page, 20, 600);
    },
  },
  {
    name: 'labels-dense',
    description:
      'Every Earth layer and all label kinds on, zooming in and out over Europe (distance 250-900): a label placement pass every frame',
    url: '/app',
    setup: async (page) => {
      await setLayers(page, [...EARTH_LAYERS, 'labels']);
      // Layer assets and the gazetteer load; labels show 2 s after start.
      await page.waitForTimeout(3000);
      await zoomOverEurope(page);
    },
  },
  {
    name: 'borders-10m',
    description:
      '10m borders and coastline close up: distance 230 over Europe (lat 48, from lon 0), orbiting 0.05 deg/frame',
    url: '/app',
    setup: async (page) => {
      await setLayers(page, ['borders', 'coastline']);
      await page.evaluate(() => window.atlas?.camera.set({ lat: 48, lon: 0, distance: 230 }));
      // The 10m tier loads when the camera comes closer than 300 (fetched and decoded in the geo
      // worker); wait until its meshes are in, then a few frames.
      await waitFor(
        page,
        () => page.evaluate(() => window.atlas?.globe.get().geoTiers.includes('10m') ?? false),
        30_000,
        'borders-10m: the 10m coastline and borders were not loaded',
      );
      await waitFrames(page, 5);
      await orbit(page, 48, 230, 0.05, 0);
    },
  },
  {
    name: 'tour',
    description:
      "Full-app tour, measured whole: landing '/' (20 frames), 'Enter ATLAS' to /app, fly to a story (60 frames), open it from its marker (signed in), read (10 frames), close (Escape), solar system on and out to distance 8000 (90 + 20 frames)",
    url: '/',
    prepare: prepareTour,
    setup: ready,
    run: tour,
    warmup: 0,
  },
  {
    name: 'tour-throttled',
    description: 'The tour with the CPU throttled 4x (always, whatever --throttle says)',
    url: '/',
    prepare: prepareTour,
    setup: ready,
    run: tour,
    warmup: 0,
    cpuThrottle: 4,
  },
  {
    name: 'quality-recovery',
    description: `Adaptive quality at ${QUALITY_VIEWPORT.width}x${QUALITY_VIEWPORT.height} with the ocean only ('auto', running at the full rate first): ${FORCED_LOAD_MS} ms of forced load per frame (atlas.quality.simulateLoad) must step it down (the rung or a degradation step) within ${STEP_DOWN_LIMIT_MS / 1000} s, and after the load stops everything must come back within ${RECOVER_LIMIT_MS / 1000} s, or the scenario fails`,
    url: '/app',
    setup: qualitySetup,
    run: qualityRecovery,
    warmup: 0,
  },
];
