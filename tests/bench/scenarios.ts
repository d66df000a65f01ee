/**
 * Benchmark scenarios for `npm run bench` (scripts/bench.ts). Each one opens `url` in a fresh
 * 1280x720 page, then `setup` brings the page into the state to measure (it must leave it
 * animating: the bench measures the frames that follow). Keep motion deterministic (driven per
 * frame in the page, not by wall-clock time) so runs compare.
 *
 * In-page functions run in the browser: they may use `window.atlas` (data/automation.ts) but
 * nothing from Node.
 */
import type { Page } from '@playwright/test';
import { EARTH_LAYERS } from '../../engine/layers';
import type {} from '../../data/automation';

export interface BenchScenario {
  /** Short id for `--scenario` and the summary table. */
  name: string;
  description: string;
  /** Path on the bench server, e.g. '/app'. */
  url: string;
  setup: (page: Page, params: ScenarioParams) => Promise<void>;
}

/** Run-wide parameters from the command line. */
export interface ScenarioParams {
  /** `--markers N` (default 10000). */
  markers: number;
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

/** Degrees of longitude the orbit advances each animation frame. */
const ORBIT_DEG_PER_FRAME = 0.2;

/** Orbit the camera at a fixed latitude and distance, one step per animation frame. */
async function orbit(page: Page, lat: number, distance: number): Promise<void> {
  await page.evaluate(
    async ({ lat, distance, step }) => {
      const atlas = window.atlas;
      if (atlas === undefined) throw new Error('window.atlas is missing: the engine did not start');
      await atlas.whenReady();
      let lon = 0;
      const frame = (): void => {
        lon += step;
        if (lon > 180) lon -= 360;
        atlas.camera.set({ lat, lon, distance });
        requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    },
    { lat, distance, step: ORBIT_DEG_PER_FRAME },
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

export const SCENARIOS: readonly BenchScenario[] = [
  {
    name: 'bare-globe',
    description: `Globe with the default layers at /app, orbiting at lat 20, distance 600, ${ORBIT_DEG_PER_FRAME} deg/frame`,
    url: '/app',
    setup: (page) => orbit(page, 20, 600),
  },
  {
    name: 'markers',
    description:
      'Seeded synthetic markers (--markers, default 10000), all drawn, orbiting at lat 20, distance 600',
    url: '/app',
    setup: async (page, { markers }) => {
      await loadMarkers(page, markers);
      await orbit(page, 20, 600);
    },
  },
  {
    name: 'markers-individual',
    description:
      'Like markers, with clustering off: every marker drawn individually (up to 10000 all get a slot; the far side is hidden in the shader) - compares the marker render paths (--marker-path)',
    url: '/app',
    setup: async (page, { markers }) => {
      await page.evaluate(async () => {
        const atlas = window.atlas;
        if (atlas === undefined)
          throw new Error('window.atlas is missing: the engine did not start');
        await atlas.whenReady();
        atlas.markers.setClustering(false);
      });
      await loadMarkers(page, markers);
      await orbit(page, 20, 600);
    },
  },
  {
    name: 'full-earth',
    description:
      'Every Earth layer on (states, rivers, lakes, urban, cities, city lights, grid, time zones, day/night, clouds), orbiting like bare-globe',
    url: '/app',
    setup: async (page) => {
      await page.evaluate(
        async (layers) => {
          const atlas = window.atlas;
          if (atlas === undefined) {
            throw new Error('window.atlas is missing: the engine did not start');
          }
          await atlas.whenReady();
          for (const l of layers) atlas.layers.set(l, true);
        },
        [...EARTH_LAYERS],
      );
      // Let the layer assets (admin-1, rivers, lakes, urban areas, gazetteer) load and build.
      await page.waitForTimeout(3000);
      await orbit(page, 20, 600);
    },
  },
  {
    name: 'dense-labels',
    description:
      'Every Earth layer and all label kinds on, zooming in and out over Europe (distance 250-900): a label placement pass every frame',
    url: '/app',
    setup: async (page) => {
      await page.evaluate(
        async (layers) => {
          const atlas = window.atlas;
          if (atlas === undefined) {
            throw new Error('window.atlas is missing: the engine did not start');
          }
          await atlas.whenReady();
          for (const l of layers) atlas.layers.set(l, true);
          atlas.layers.set('labels', true);
        },
        [...EARTH_LAYERS],
      );
      // Layer assets and the gazetteer load; labels show 2 s after start.
      await page.waitForTimeout(3000);
      await zoomOverEurope(page);
    },
  },
];
