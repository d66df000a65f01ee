import { getAllEntities } from 'bitecs';
import { describe, expect, it } from 'vitest';
import { QUALITY_MARKER_CAPS, effectiveMaxMarkers } from '../data/quality/adaptiveQuality';
import { sendCommand } from '../engine/commands';
import { runPipeline, type PipelineEntry } from '../engine/pipeline';
import { Marker, MARKER_HOVERED, MARKER_SELECTED } from '../engine/markers/markerComponents';
import { cameraSystem } from './cameraSystem';
import { commandSystem } from './commandSystem';
import { markerAnimSystem } from './markerAnimSystem';
import { markerCullSystem } from './markerCullSystem';
import { markerFilterSystem } from './markerFilterSystem';
import { markerLodSystem } from './markerLodSystem';
import { markerSpawnSystem } from './markerSpawnSystem';
import { markerSyncSystem } from './markerSyncSystem';
import { pickMarkerOnRay, pickingSystem } from './pickingSystem';
import { MARKER_RADIUS } from './markerGeometry';
import { latLonToXyzInto } from '../data/geoMath';
import { createTestWorld, testQuality } from './testWorld';

const steps: PipelineEntry[] = [
  { name: 'commands', run: commandSystem },
  { name: 'markerSpawn', run: markerSpawnSystem },
  { name: 'camera', run: cameraSystem },
  { name: 'markerFilter', run: markerFilterSystem },
  { name: 'markerCull', run: markerCullSystem },
  { name: 'picking', run: pickingSystem },
  { name: 'markerAnim', run: markerAnimSystem },
  { name: 'markerLod', run: markerLodSystem },
  { name: 'markerSync', run: markerSyncSystem },
];

type World = ReturnType<typeof createTestWorld>['world'];
/** The entity drawing article `id` now (test-only: engine code never exposes one). */
const entityOf = (world: World, id: string): number =>
  world.markers.entityOfRow.get(world.markers.store.rowOf(id)) ?? -1;
const ids = (world: World, keys: Iterable<number>): string[] =>
  [...keys].map((row) => world.markers.store.idOf(row));

const now = Date.now();
const art = (id: string, lat: number, lon: number, extra: Record<string, unknown> = {}) => ({
  id,
  title: `Story ${id}`,
  latitude: lat,
  longitude: lon,
  publishedAt: new Date(now - 60_000).toISOString(),
  ...extra,
});

function setup() {
  const t = createTestWorld();
  sendCommand({ type: 'setView', view: 'app' });
  sendCommand({ type: 'setCamera', lat: 0, lon: 0, distance: 600 });
  let clock = 0;
  const frame = (ms = 16) => {
    clock += ms;
    runPipeline(t.world, clock, steps);
  };
  frame();
  return { ...t, frame };
}

describe('marker spawn and filter', () => {
  it('caps the default maxMarkers by the quality rung (50/200/500); a chosen maxMarkers is not capped', () => {
    const { world, frame } = setup();
    world.quality = testQuality(world, 'low', 1);
    sendCommand({
      type: 'setArticles',
      articles: Array.from({ length: 150 }, (_, i) => art(`a${i}`, (i % 60) - 30, i * 2 - 150)),
    });
    frame();
    expect(world.markers.filteredCount).toBe(QUALITY_MARKER_CAPS.low);
    expect(QUALITY_MARKER_CAPS.low).toBe(50);
    // The user fixes 'high': the default 100 is under its cap of 500.
    sendCommand({ type: 'setQuality', mode: 'high' });
    frame();
    frame();
    expect(world.markers.filteredCount).toBe(100);
    sendCommand({ type: 'setQuality', mode: 'low' });
    frame();
    frame();
    expect(world.markers.filteredCount).toBe(50);
    // An explicit maxMarkers wins over the rung's cap.
    sendCommand({ type: 'setMarkerFilter', filter: { maxMarkers: 120 } });
    frame();
    expect(world.markers.filteredCount).toBe(120);
    expect(effectiveMaxMarkers(100, false, 'medium')).toBe(100);
    expect(effectiveMaxMarkers(5000, false, 'medium')).toBe(200);
    expect(effectiveMaxMarkers(5000, true, 'low')).toBe(5000);
    expect(effectiveMaxMarkers(100, false, null)).toBe(100);
  });

  it('stores one row per article with a valid place and one entity per drawn marker, and frees them on replace', () => {
    const { world, render, frame } = setup();
    const before = getAllEntities(world).length;
    sendCommand({
      type: 'setArticles',
      articles: [
        art('a', 10, 10),
        art('b', 20, 20),
        art('bad', 95, 0),
        { title: 'no id', latitude: 1, longitude: 1 },
      ],
    });
    frame();
    expect(world.markers.store.size).toBe(2);
    expect(getAllEntities(world).length).toBe(before + 2);
    expect(render.markers.count).toBe(2);

    sendCommand({ type: 'setArticles', articles: [art('b', 20, 20), art('c', 30, 30)] });
    frame();
    expect(world.markers.store.rowOf('a')).toBe(-1);
    expect(
      world.markers.visible.map((e) => world.markers.store.idOf(Marker.row[e] as number)).sort(),
    ).toEqual(['b', 'c']);
    expect(getAllEntities(world).length).toBe(before + 2);

    // Churn never leaks entities or GPU slots.
    for (let i = 0; i < 20; i++) {
      sendCommand({ type: 'setArticles', articles: [art(`x${i}`, 1, 1), art(`y${i}`, 2, 2)] });
      frame();
    }
    expect(getAllEntities(world).length).toBe(before + 2);
    expect(render.markers.count).toBe(2);
    sendCommand({ type: 'removeArticles', ids: ['x19'] });
    frame();
    expect(world.markers.store.size).toBe(1);
    expect(render.markers.count).toBe(1);
    expect(getAllEntities(world).length).toBe(before + 1);
  });

  it('filters by sentiment, category and time window, newest first, capped at maxMarkers', () => {
    const { world, frame } = setup();
    sendCommand({
      type: 'setArticles',
      articles: [
        art('old', 0, 0, {
          publishedAt: new Date(now - 30 * 3600_000).toISOString(),
          sentiment: 'positive',
        }),
        art('p1', 0, 1, {
          sentiment: 'positive',
          category: 'Politics',
          publishedAt: new Date(now - 3000).toISOString(),
        }),
        art('n1', 0, 2, { sentiment: { label: 'negative' }, categories: ['Science'] }),
        art('m1', 0, 3, { analysis: { sentiment: { label: 'mixed' }, categories: ['Politics'] } }),
      ],
    });
    frame();
    const drawn = () =>
      world.markers.visible.map((e) => world.markers.store.idOf(Marker.row[e] as number));
    expect(drawn()).toEqual(
      ['p1', 'm1', 'n1'].sort((a, b) => (a === 'p1' ? -1 : b === 'p1' ? 1 : a < b ? -1 : 1)),
    );
    sendCommand({ type: 'setMarkerFilter', filter: { sentiment: 'negative' } });
    frame();
    expect(drawn()).toEqual(['n1']);
    sendCommand({
      type: 'setMarkerFilter',
      filter: { sentiment: 'all', categories: ['politics'] },
    });
    frame();
    expect(drawn().sort()).toEqual(['m1', 'p1']);
    sendCommand({ type: 'setMarkerFilter', filter: { categories: [], hours: 48 } });
    frame();
    expect(drawn()).toContain('old');
    sendCommand({ type: 'setMarkerFilter', filter: { maxMarkers: 1 } });
    frame();
    expect(drawn()).toEqual(['p1']);
  });

  it('filters by reality type and source, alone and with the other filters', () => {
    const { world, frame } = setup();
    sendCommand({
      type: 'setArticles',
      articles: [
        art('f1', 0, 1, { realityType: 'fact', source: { name: 'Atlas Wire' } }),
        art('f2', 0, 2, {
          hybridAnalysis: { realityType: 'fiction' },
          source: 'Orbit Times',
          sentiment: 'negative',
        }),
        art('f3', 0, 3, { realityType: 'Mixed', publisher: 'Atlas Wire', sentiment: 'negative' }),
        // No analysis: unverified; no source: the normaliser's 'Unknown Publisher'.
        art('f4', 0, 4),
      ],
    });
    frame();
    const drawn = () =>
      world.markers.visible.map((e) => world.markers.store.idOf(Marker.row[e] as number)).sort();
    expect(drawn()).toEqual(['f1', 'f2', 'f3', 'f4']);
    sendCommand({ type: 'setMarkerFilter', filter: { realityTypes: ['fact'] } });
    frame();
    expect(drawn()).toEqual(['f1']);
    sendCommand({ type: 'setMarkerFilter', filter: { realityTypes: ['mixed', 'unverified'] } });
    frame();
    expect(drawn()).toEqual(['f3', 'f4']);
    sendCommand({ type: 'setMarkerFilter', filter: { realityTypes: [], sources: ['Atlas Wire'] } });
    frame();
    expect(drawn()).toEqual(['f1', 'f3']);
    expect(world.markers.filteredCount).toBe(2);
    sendCommand({ type: 'setMarkerFilter', filter: { sentiment: 'negative' } });
    frame();
    expect(drawn()).toEqual(['f3']);
    sendCommand({
      type: 'setMarkerFilter',
      filter: { sentiment: 'all', sources: ['Unknown Publisher', 'Orbit Times'] },
    });
    frame();
    expect(drawn()).toEqual(['f2', 'f4']);
    // A source nobody has yet matches nothing (and is not interned by the filter).
    sendCommand({ type: 'setMarkerFilter', filter: { sources: ['Nobody'] } });
    frame();
    expect(drawn()).toEqual([]);
    expect(world.markers.store.sourceNames).not.toContain('Nobody');
    // An update that changes an article's reality type moves it in or out of the filter.
    sendCommand({ type: 'setMarkerFilter', filter: { sources: [], realityTypes: ['fact'] } });
    sendCommand({ type: 'upsertArticles', articles: [art('f4', 0, 4, { realityType: 'fact' })] });
    frame();
    expect(drawn()).toEqual(['f1', 'f4']);
  });

  it('gives synthetic scenario rows no source and no reality type of their own', () => {
    const { world } = setup();
    const store = world.markers.store;
    store.appendSynthetic({
      seed: 1,
      start: 0,
      count: 2,
      lat: new Float32Array([1, 2]),
      lon: new Float32Array([3, 4]),
      publishedMs: new Float64Array([now, now]),
      sentiment: new Uint8Array([0, 1]),
      category: new Uint8Array([0, 1]),
    });
    expect(store.realityOf(0)).toBe('unverified');
    expect(store.sourceOf(1)).toBe('Unknown Publisher');
    expect(store.record(0)).toMatchObject({
      realityType: 'unverified',
      source: 'Unknown Publisher',
    });
  });

  it('fans out markers at the same place around the first', () => {
    const { world, render, frame } = setup();
    sendCommand({
      type: 'setArticles',
      articles: [
        art('a', 48.85661, 2.35221),
        art('b', 48.85659, 2.35219),
        art('c', 48.8566, 2.3522),
      ],
    });
    frame();
    const [first, ...rest] = world.markers.visible;
    expect(Marker.fanEast[first as number]).toBe(0);
    expect(Marker.fanNorth[first as number]).toBe(0);
    for (const e of rest)
      expect(Math.hypot(Marker.fanEast[e] as number, Marker.fanNorth[e] as number)).toBeGreaterThan(
        0.5,
      );
    // Each fanned marker is joined to the shared place by one line.
    expect(render.markers.fanLines).toBe(2);
    // Picking searches as far as the widest ring.
    expect(world.markers.maxFanRadius).toBeGreaterThan(0.5);
  });
});

describe('live intensity', () => {
  it('starts at 1 and decays x0.95 per second to 0.2', () => {
    const { world, frame } = setup();
    sendCommand({ type: 'upsertArticles', articles: [art('live', 0, 0)], live: true });
    frame();
    const row = world.markers.store.rowOf('live');
    const { intensity } = world.markers.store;
    expect(intensity[row]).toBeCloseTo(1 * Math.pow(0.95, 0.016), 6);
    for (let i = 0; i < 10; i++) frame(100); // one second
    expect(intensity[row]).toBeCloseTo(Math.pow(0.95, 1.016), 4);
    for (let i = 0; i < 400; i++) frame(100); // forty seconds
    expect(intensity[row]).toBeCloseTo(0.2, 6);
    expect(world.markers.animating.has(row)).toBe(false);
  });
});

describe('picking', () => {
  it('hovers the marker under the pointer, and a guest click sets the restriction', () => {
    const { world, render, frame } = setup();
    sendCommand({ type: 'setArticles', articles: [art('centre', 0, 0), art('east', 0, 30)] });
    frame();
    const p = world.pointer;
    Object.assign(p, { x: 640, y: 360, inside: true, moved: true });
    frame(100);
    const e = entityOf(world, 'centre');
    expect(ids(world, [world.markers.hovered])).toEqual(['centre']);
    expect(Marker.state[e]).toBe(MARKER_HOVERED);
    expect(render.cursor).toBe('pointer');
    p.clicked = true;
    frame(100);
    expect(world.markers.selected).toBe(-1);
    expect(world.markers.restricted || world.markers.version > 0).toBe(true);
    // Away from any marker: hover clears.
    Object.assign(p, { x: 100, y: 100, moved: true });
    frame(100);
    expect(world.markers.hovered).toBe(-1);
    expect(render.cursor).toBe('');
  });

  it('a user click selects, flashes, and stops auto-rotation', () => {
    const { world, rig, frame } = setup();
    sendCommand({ type: 'setRole', role: 'user' });
    sendCommand({ type: 'setAutoRotate', on: true });
    sendCommand({ type: 'setArticles', articles: [art('centre', 0, 0)] });
    frame();
    Object.assign(world.pointer, { x: 641, y: 358, inside: true, moved: true, clicked: true });
    frame(100);
    const e = entityOf(world, 'centre');
    expect(ids(world, [world.markers.selected])).toEqual(['centre']);
    expect(Marker.state[e]).toBe(MARKER_SELECTED);
    expect(world.markers.flashUntil).toBeGreaterThan(world.time.now);
    // The globe stops turning while the article is selected (after the 500 ms fade-out).
    for (let i = 0; i < 10; i++) frame(100);
    const a0 = rig.alpha;
    for (let i = 0; i < 20; i++) frame(100);
    expect(Math.abs(rig.alpha - a0)).toBeLessThan(1e-3);
    sendCommand({ type: 'selectArticle', id: null });
    frame();
    expect(world.markers.selected).toBe(-1);
  });

  it('does not pick markers on the far side', () => {
    const { world, frame } = setup();
    sendCommand({ type: 'setArticles', articles: [art('back', 0, 180)] });
    frame();
    Object.assign(world.pointer, { x: 640, y: 360, inside: true, moved: true });
    frame(100);
    expect(world.markers.hovered).toBe(-1);
  });
});

describe('picking along an immersive controller ray', () => {
  /** A click with a ray from `from` toward the marker place (lat, lon). */
  function rayClick(world: World, from: [number, number, number], lat: number, lon: number): void {
    const to = new Float64Array(3);
    latLonToXyzInto(lat, lon, MARKER_RADIUS, to);
    const [ox, oy, oz] = from;
    world.pointer.ray = {
      ox,
      oy,
      oz,
      dx: (to[0] as number) - ox,
      dy: (to[1] as number) - oy,
      dz: (to[2] as number) - oz,
    };
    world.pointer.clicked = true;
  }

  it('selects the marker the ray points at, from off the camera', () => {
    const { world, frame } = setup();
    sendCommand({ type: 'setRole', role: 'user' });
    sendCommand({ type: 'setArticles', articles: [art('centre', 0, 0), art('east', 0, 30)] });
    frame();
    // A hand 0.4 units right of and below the head, which is not where the orbit camera is.
    rayClick(world, [0.4, -0.3, 590], 0.3, 30.2);
    frame(100);
    expect(ids(world, [world.markers.selected])).toEqual(['east']);
    expect(world.pointer.ray).toBe(null);
    rayClick(world, [0.4, -0.3, 590], 0, 0);
    frame(100);
    expect(ids(world, [world.markers.selected])).toEqual(['centre']);
  });

  it('misses when the ray passes far from every marker, or at the far side', () => {
    const { world, frame } = setup();
    sendCommand({ type: 'setRole', role: 'user' });
    sendCommand({ type: 'setArticles', articles: [art('north', 30, 0), art('back', 0, 180)] });
    frame();
    rayClick(world, [0, 0, 600], 20, 20);
    frame(100);
    expect(world.markers.selected).toBe(-1);
    rayClick(world, [0, 0, 600], 0, 180);
    frame(100);
    expect(world.markers.selected).toBe(-1);
  });

  it('the nearest in angle wins', () => {
    const { world, frame } = setup();
    const hit = pickMarkerOnRay;
    sendCommand({ type: 'setArticles', articles: [art('a', 0, 0), art('b', 0, 1.5)] });
    frame();
    const to = new Float64Array(3);
    latLonToXyzInto(0, 1.2, MARKER_RADIUS, to);
    const row = hit(world, {
      ox: 0,
      oy: 0,
      oz: 600,
      dx: to[0] as number,
      dy: to[1] as number,
      dz: (to[2] as number) - 600,
    });
    expect(ids(world, [row])).toEqual(['b']);
  });
});

describe('marker GPU sync', () => {
  it('rewrites only changed slots', () => {
    const { world, render, frame } = setup();
    sendCommand({ type: 'setArticles', articles: [art('a', 0, 0), art('b', 10, 10)] });
    frame();
    expect(render.markers.slots.size).toBe(2);
    render.markers.slots.clear();
    frame();
    expect(render.markers.slots.size).toBe(0);
    Object.assign(world.pointer, { x: 640, y: 360, inside: true, moved: true });
    frame(100);
    expect([...render.markers.slots.keys()]).toEqual([Marker.slot[entityOf(world, 'a')]]);
  });
});

describe('marker display switches', () => {
  it('setMarkerDisplay changes only the given switches, in the object the materials read', () => {
    const { world } = createTestWorld();
    const display = world.markers.display;
    expect(display).toEqual({ emojiOnly: false, pulse: true, glow: true });
    const steps: PipelineEntry[] = [{ name: 'commands', run: commandSystem }];
    sendCommand({ type: 'setMarkerDisplay', display: { emojiOnly: true } });
    runPipeline(world, 16, steps);
    expect(world.markers.display).toBe(display);
    expect(display).toEqual({ emojiOnly: true, pulse: true, glow: true });
    sendCommand({ type: 'setMarkerDisplay', display: { pulse: false, glow: false } });
    runPipeline(world, 32, steps);
    expect(display).toEqual({ emojiOnly: true, pulse: false, glow: false });
  });
});
