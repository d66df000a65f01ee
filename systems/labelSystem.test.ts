/**
 * The label system on tiny worlds: a fake label GPU (fixed-width text, 1280x720 viewport) and the
 * real committed gazetteer, with a fake clock driving the frames.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runPipeline } from '../engine/pipeline';
import { setLabelCatalogue, type LabelGpu, type PlacedLabel } from '../engine/labelState';
import type { AtlasWorld } from '../engine/world';
import { angularDistanceDeg, xyzToLatLon } from '../data/geoMath';
import { buildCatalogue, type LabelCatalogue } from '../data/labels/catalogue';
import { boxesOverlap, type ScreenBox } from '../data/labels/collision';
import { FADE_OUT_MS, HOLD_FRAMES } from '../data/labels/fade';
import { LABEL_KINDS, LABEL_RULES, spotlightRadiusDeg } from '../data/labels/labelRules';
import {
  LABEL_LISTS,
  buildCombinedLabels,
  emptyCombinedLabels,
  type LabelList,
} from '../data/labels/gazetteer';
import { labelSystem } from './labelSystem';
import { qualitySystem } from './qualitySystem';
import { PART_MOON, PART_PLANETS, PART_SUN } from './earthLayerSystem';
import { sceneSkyLayout } from './skySystem';
import { createTestWorld, testQuality } from './testWorld';

interface FakeLabelGpu extends LabelGpu {
  count: number;
  visible: boolean;
  /** Last write per slot: text, kind, alpha. */
  slots: Map<number, { text: string; kind: number; alpha: number }>;
  writes: number;
  flushes: number;
}

function fakeGpu(): FakeLabelGpu {
  return {
    count: 0,
    visible: false,
    slots: new Map(),
    writes: 0,
    flushes: 0,
    measure(text, kind, out) {
      const px = LABEL_RULES[LABEL_KINDS[kind] ?? 'city'].fontPx;
      out.width = text.length * px * 0.6 + 6;
      out.height = px * 1.25 + 6;
    },
    viewport(out) {
      out.width = 1280;
      out.height = 720;
      out.fovY = Math.PI / 4;
    },
    setCount(n) {
      this.count = n;
    },
    writeSlot(slot, _x, _y, _z, text, kind, alpha) {
      this.writes++;
      this.slots.set(slot, { text, kind, alpha });
    },
    setVisible(on) {
      this.visible = on;
    },
    flush() {
      this.flushes++;
    },
  };
}

const entries = [{ name: 'labels', run: labelSystem }];
let realCatalogue: LabelCatalogue;

beforeAll(() => {
  const dir = path.join(import.meta.dirname, '../public/data/gazetteer');
  const files: Partial<Record<LabelList, unknown>> = {};
  for (const list of LABEL_LISTS) {
    files[list] = JSON.parse(readFileSync(path.join(dir, `${list}.json`), 'utf8')) as unknown;
  }
  realCatalogue = buildCatalogue(buildCombinedLabels(files));
});

function setup(
  catalogue: LabelCatalogue = realCatalogue,
  systems: typeof entries = entries,
): {
  world: AtlasWorld;
  gpu: FakeLabelGpu;
  frame: (ms?: number) => void;
  clock: { now: number };
} {
  const { world } = createTestWorld();
  const gpu = fakeGpu();
  world.labelRender = gpu;
  setLabelCatalogue(world.labels, catalogue);
  const clock = { now: 1000 };
  const frame = (ms = 16): void => {
    clock.now += ms;
    runPipeline(world, clock.now, systems);
  };
  return { world, gpu, frame, clock };
}

/** Camera over Europe at 800, past the countries' 500 ms load delay, then `settle` 16 ms frames. */
function showEurope(world: AtlasWorld, frame: (ms?: number) => void, settle = 0): void {
  world.camera = { lat: 48, lon: 10, distance: 800 };
  frame(0);
  frame(600);
  for (let i = 0; i < settle; i++) frame(16);
}

const kinds = (placed: PlacedLabel[]): Set<string> => new Set(placed.map((p) => p.kind));

function expectNoOverlap(placed: PlacedLabel[]): void {
  const boxes = placed.map((p) => ({ x0: p.x, y0: p.y, x1: p.x + p.width, y1: p.y + p.height }));
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      if (boxesOverlap(boxes[i] as ScreenBox, boxes[j] as ScreenBox)) {
        throw new Error(`${placed[i]?.name} overlaps ${placed[j]?.name}`);
      }
    }
  }
}

describe('labelSystem', () => {
  it('shows countries after 500 ms and the other kinds after 2 s', () => {
    const { world, frame } = setup();
    world.camera = { lat: 50, lon: 10, distance: 420 };
    frame(0);
    expect(world.labels.placed).toEqual([]);
    for (let t = 0; t < 450; t += 50) frame(50);
    expect(world.labels.placed).toEqual([]);
    frame(60); // 510 ms since the first frame
    expect(kinds(world.labels.placed)).toEqual(new Set(['country']));
    for (let t = 0; t < 1500; t += 100) frame(100);
    expect(kinds(world.labels.placed)).toContain('capital');
    expect(kinds(world.labels.placed)).toContain('city');
  });

  it('at distance 800 places country names but no city or town names', () => {
    const { world, frame } = setup();
    world.camera = { lat: 48, lon: 10, distance: 800 };
    frame(0);
    frame(2500);
    const countries = world.labels.placed.filter((p) => p.kind === 'country');
    expect(countries.length).toBeGreaterThanOrEqual(10);
    expect(countries.map((p) => p.name)).toContain('Spain');
    expect(kinds(world.labels.placed).has('city')).toBe(false);
    expect(kinds(world.labels.placed).has('town')).toBe(false);
    expectNoOverlap(world.labels.placed);
  });

  it('at distance 300 over Europe places city names, within the spotlight, never overlapping', () => {
    const { world, frame } = setup();
    world.camera = { lat: 49, lon: 6, distance: 300 };
    frame(0);
    frame(2500);
    const placed = world.labels.placed;
    expect(placed.filter((p) => p.kind === 'city').length).toBeGreaterThan(5);
    expect(placed.filter((p) => p.kind === 'capital').length).toBeGreaterThan(3);
    expectNoOverlap(placed);
    const cat = world.labels.catalogue;
    if (cat === null) throw new Error('no catalogue');
    const spot = spotlightRadiusDeg(300);
    for (const i of world.labels.placedIndex) {
      const ll = xyzToLatLon(
        cat.dir[i * 3] ?? NaN,
        cat.dir[i * 3 + 1] ?? NaN,
        cat.dir[i * 3 + 2] ?? NaN,
      );
      expect(angularDistanceDeg(ll.lat, ll.lon, 49, 6)).toBeLessThanOrEqual(spot + 1e-6);
    }
    for (const p of placed) {
      expect(p.x).toBeGreaterThanOrEqual(0);
      expect(p.y).toBeGreaterThanOrEqual(0);
      expect(p.x + p.width).toBeLessThanOrEqual(1280);
      expect(p.y + p.height).toBeLessThanOrEqual(720);
    }
  });

  it('respects the per-kind caps and kind priority', () => {
    // 3000 city names on a lattice around (0, 0), plus 25 continents 25 degrees apart.
    const labels = emptyCombinedLabels();
    for (let i = 0; i < 3000; i++) {
      const lat = -25 + (i % 50) * 1.0;
      const lon = -30 + Math.floor(i / 50) * 1.0;
      labels.cities.push({ name: 'x', coordinates: { lat, lon }, population: i });
    }
    for (let lat = -50; lat <= 50; lat += 25) {
      for (let lon = -50; lon <= 50; lon += 25) {
        labels.continents.push({ name: 'C', coordinates: { lat, lon } });
      }
    }
    labels.countries.push({
      name: 'Centre',
      coordinates: { lat: 0, lon: 0 },
      country: 'CE',
      capital_name: null,
    });
    // Centre is a real country (its cities hold millions), not a minor one placed with the places.
    labels.cities.push({
      name: 'y',
      coordinates: { lat: 60, lon: 120 },
      country: 'CE',
      population: 5e6,
    });
    const cat = buildCatalogue(labels, []);
    const near = setup(cat);
    // Tiny boxes (4 x 4 px): the lattice does not collide, so only the cap limits the count.
    near.gpu.measure = (_t, _k, out) => {
      out.width = 4;
      out.height = 4;
    };
    near.world.camera = { lat: 0, lon: 0, distance: 420 };
    near.frame(0);
    near.frame(2500);
    const cities = near.world.labels.placed.filter((p) => p.kind === 'city');
    expect(cities.length).toBe(LABEL_RULES.city.cap);
    // The country at the centre outranks the cities under it.
    expect(near.world.labels.placed[0]?.name).toBe('Centre');
    // Most populous first: the placed cities are the top of the list, skipping only collisions.
    const far = setup(cat);
    far.world.camera = { lat: 0, lon: 0, distance: 600 };
    far.frame(0);
    far.frame(2500);
    expect(far.world.labels.placed.filter((p) => p.kind === 'continent').length).toBe(7);
  });

  it('keeps a label 3 frames after it stops qualifying, then fades it out and frees its slot', () => {
    const { world, gpu, frame } = setup();
    showEurope(world, frame, 20); // fully faded in
    const slotOf = (name: string): number =>
      [...gpu.slots.entries()].find(([, s]) => s.text === name)?.[0] ?? -1;
    const slot = slotOf('Spain');
    expect(slot).toBeGreaterThanOrEqual(0);
    expect(gpu.slots.get(slot)?.alpha).toBe(1);
    // Turn to the other side of the globe: Spain no longer qualifies.
    world.camera = { lat: -30, lon: -170, distance: 800 };
    for (let i = 0; i < HOLD_FRAMES; i++) {
      frame(16);
      expect(gpu.slots.get(slot)).toMatchObject({ text: 'Spain', alpha: 1 });
    }
    frame(100);
    const a1 = gpu.slots.get(slot)?.alpha ?? -1;
    expect(a1).toBeCloseTo(1 - 100 / FADE_OUT_MS, 5);
    frame(100);
    frame(100);
    expect(gpu.slots.get(slot)?.alpha).toBe(0);
    expect(world.labels.freeSlots).toContain(slot);
  });

  it('empties the slot pool once every label has faded, so the mesh draws nothing', () => {
    const { world, gpu, frame } = setup();
    showEurope(world, frame, 20);
    expect(gpu.count).toBeGreaterThan(0);
    world.camera = { lat: 48, lon: 10, distance: 50000 }; // out at the solar system
    for (let i = 0; i < HOLD_FRAMES + 1; i++) frame(16);
    expect(gpu.count).toBeGreaterThan(0); // still fading out
    for (let i = 0; i < 5; i++) frame(100);
    expect(world.labels.active.size).toBe(0);
    expect(gpu.count).toBe(0);
    expect(world.labels.freeSlots).toEqual([]);
    world.camera = { lat: 48, lon: 10, distance: 800 }; // back: slots are handed out from 0 again
    frame(16);
    expect(gpu.count).toBe(world.labels.active.size);
    expect(gpu.count).toBeGreaterThan(0);
  });

  it('does no placement pass and no writes while nothing changes', () => {
    const { world, gpu, frame } = setup();
    showEurope(world, frame, 30);
    const passes = world.labels.passes;
    const writes = gpu.writes;
    for (let i = 0; i < 10; i++) frame(16);
    expect(world.labels.passes).toBe(passes);
    expect(gpu.writes).toBe(writes);
    world.camera = { lat: 48.5, lon: 10, distance: 800 };
    frame(16);
    expect(world.labels.passes).toBe(passes + 1);
  });

  it('the labels layer (L key) hides every label at once and brings them back', () => {
    const { world, gpu, frame } = setup();
    showEurope(world, frame, 1);
    expect(gpu.visible).toBe(true);
    expect(world.labels.active.size).toBeGreaterThan(0);
    world.layers.labels = false;
    frame(16);
    expect(gpu.visible).toBe(false);
    expect(world.labels.active.size).toBe(0);
    expect(world.labels.placed).toEqual([]);
    expect([...gpu.slots.values()].every((s) => s.alpha === 0)).toBe(true);
    world.layers.labels = true;
    frame(16);
    expect(gpu.visible).toBe(true);
    expect(world.labels.placed.length).toBeGreaterThan(0);
  });

  it('places no label behind the landing blur and fades them in when it lifts', () => {
    // The quality system applies the backdrop scale the label system reads, as in the pipeline.
    const { world, gpu, frame } = setup(realCatalogue, [
      { name: 'quality', run: qualitySystem },
      ...entries,
    ]);
    world.quality = testQuality(world, 'high', 1);
    world.quality.backdropBlurPx = 8;
    world.camera = { lat: 48, lon: 10, distance: 800 };
    frame(0);
    frame(2500);
    frame(16);
    expect(world.labels.placed).toEqual([]);
    expect(gpu.visible).toBe(false);
    expect(gpu.writes).toBe(0);
    world.quality.backdropBlurPx = 4; // the launch's first blur step: text is legible again
    frame(16);
    expect(gpu.visible).toBe(true);
    expect(world.labels.placed.map((p) => p.name)).toContain('Spain');
    const spain = [...gpu.slots.values()].find((v) => v.text === 'Spain');
    expect(spain?.alpha).toBeGreaterThan(0);
    expect(spain?.alpha).toBeLessThan(1); // fading in, not popping
  });

  it('shows and drops labels at once, one write each way, with the animations off', () => {
    const { world, gpu, frame } = setup();
    world.quality = testQuality(world, 'low', 1);
    // A degradation step has turned the animations off (applied by the quality system).
    world.quality.appliedEffects = { animations: false, segments: 24, textureSize: 512 };
    showEurope(world, frame);
    const slot = [...gpu.slots.entries()].find(([, v]) => v.text === 'Spain')?.[0] ?? -1;
    expect(slot).toBeGreaterThanOrEqual(0);
    expect(gpu.slots.get(slot)?.alpha).toBe(1); // no fade in
    const shown = world.labels.active.size;
    const writes = gpu.writes;
    expect(writes).toBe(shown);
    for (let i = 0; i < 5; i++) frame(16);
    expect(gpu.writes).toBe(writes);
    // Turn away: each label is kept for the hold frames, then dropped in one write.
    world.camera = { lat: -30, lon: -170, distance: 800 };
    for (let i = 0; i < HOLD_FRAMES; i++) frame(16);
    expect(gpu.slots.get(slot)).toMatchObject({ text: 'Spain', alpha: 1 });
    frame(16);
    expect(gpu.slots.get(slot)?.alpha).toBe(0);
    expect(world.labels.freeSlots).toContain(slot);
    // One write per label dropped (none of them qualifies on this side) and one per label shown.
    expect(gpu.writes - writes).toBe(shown + world.labels.active.size);
  });

  it('shows nothing without a catalogue and copes with an empty one', () => {
    const { world } = createTestWorld();
    const gpu = fakeGpu();
    world.labelRender = gpu;
    world.camera = { lat: 48, lon: 10, distance: 800 };
    runPipeline(world, 0, entries);
    runPipeline(world, 3000, entries);
    expect(world.labels.placed).toEqual([]);
    setLabelCatalogue(world.labels, buildCatalogue(emptyCombinedLabels(), []));
    runPipeline(world, 3100, entries);
    expect(world.labels.placed).toEqual([]);
    expect(gpu.count).toBe(0);
  });

  describe('importance and the one collision space', () => {
    const names = (placed: PlacedLabel[]): string[] => placed.map((p) => p.name);
    const look = (lat: number, lon: number, distance: number, before?: (w: AtlasWorld) => void) => {
      const t = setup();
      t.world.camera = { lat, lon, distance };
      before?.(t.world);
      t.frame(0);
      t.frame(2500);
      return t;
    };

    it('Germany at 300 names its big cities', () => {
      const { world } = look(51, 10, 300);
      expect(names(world.labels.placed)).toEqual(
        expect.arrayContaining(['Berlin', 'Hamburg', 'Munich', 'Köln']),
      );
      expectNoOverlap(world.labels.placed);
    });

    it('Europe at 600 names the major capitals, not the micro-states', () => {
      const { world } = look(50, 10, 600);
      const n = names(world.labels.placed);
      expect(n).toEqual(expect.arrayContaining(['Paris', 'Madrid', 'Rome', 'Berlin']));
      for (const minor of ['Monaco', 'Liechtenstein', 'Vaduz', 'San Marino', 'Andorra']) {
        expect(n).not.toContain(minor);
      }
    });

    it('keeps every label out of the UI rectangles and off the user marker', () => {
      const { world } = look(51, 10, 300, (w) => {
        // A navbar, a side panel, and the user marker in Berlin.
        const rects = [
          [0, 0, 1280, 60],
          [0, 60, 320, 720],
        ];
        rects.forEach((r, i) => w.labels.ui.set(r, i * 4));
        w.labels.uiCount = rects.length;
        w.labels.uiVersion++;
        w.controls.userLocation = { lat: 52.52, lon: 13.4, name: 'Berlin', accuracy: 0 };
      });
      const placed = world.labels.placed;
      expect(placed.length).toBeGreaterThan(10);
      const s = world.labels;
      expect(s.obstacleCount).toBe(3);
      for (const p of placed) {
        const box = { x0: p.x, y0: p.y, x1: p.x + p.width, y1: p.y + p.height };
        for (let i = 0; i < s.obstacleCount; i++) {
          const o = {
            x0: s.obstacles[i * 4] ?? 0,
            y0: s.obstacles[i * 4 + 1] ?? 0,
            x1: s.obstacles[i * 4 + 2] ?? 0,
            y1: s.obstacles[i * 4 + 3] ?? 0,
          };
          expect(boxesOverlap(box, o), `${p.name} under obstacle ${i}`).toBe(false);
        }
      }
      // Berlin is still named, moved off the user marker to a free anchor.
      const berlin = placed.find((p) => p.name === 'Berlin');
      expect(berlin).toBeDefined();
    });

    it('re-places when the UI rectangles change, without a camera move', () => {
      const t = look(51, 10, 300);
      const passes = t.world.labels.passes;
      t.world.labels.ui.set([0, 0, 1280, 720], 0);
      t.world.labels.uiCount = 1;
      t.world.labels.uiVersion++;
      t.frame(16);
      expect(t.world.labels.passes).toBe(passes + 1);
      expect(t.world.labels.placed).toEqual([]);
    });

    it('far out, no Earth label is wider than the Earth; the sun and planets are named', () => {
      const { world } = look(0, 0, 20000, (w) => {
        w.appearance.sky = sceneSkyLayout(new Date('2026-06-01T00:00:00Z'), false);
        w.earth.parts = PART_SUN | PART_MOON | PART_PLANETS;
      });
      const placed = world.labels.placed;
      expect(placed.filter((p) => p.kind !== 'sky')).toEqual([]);
      expect(placed.filter((p) => p.kind === 'sky').length).toBeGreaterThan(0);
      // At 3000 the Earth is still big enough for its continents, but never narrower than them.
      const mid = look(20, 10, 3000);
      const earthPx =
        (2 * (720 / 2 / Math.tan(Math.PI / 8)) * 200) / Math.sqrt(3000 ** 2 - 200 ** 2);
      for (const p of mid.world.labels.placed) expect(p.width).toBeLessThan(earthPx);
    });

    it('places the selected country first, marked as selected', () => {
      const t = look(51, 10, 300, (w) => {
        w.controls.country.index = {
          countries: [{ index: 0, name: 'Germany', iso2: 'DE', lat: 51, lon: 10 }],
        } as unknown as AtlasWorld['controls']['country']['index'];
        w.controls.country.selected = 0;
      });
      const first = t.world.labels.placed[0];
      expect(first).toMatchObject({ name: 'Germany', kind: 'country', selected: true });
    });
  });
});
