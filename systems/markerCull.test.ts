import { getAllEntities } from 'bitecs';
import { describe, expect, it } from 'vitest';
import { CLUSTER_STRIDE } from '../data/markers/clusterProtocol';
import { LOD_BADGE, LOD_FULL } from '../data/markers/markerLod';
import { syntheticGenerator } from '../data/markers/syntheticArticles';
import { sendCommand } from '../engine/commands';
import { Marker, MARKER_HOVERED } from '../engine/markers/markerComponents';
import { runPipeline, type PipelineEntry } from '../engine/pipeline';
import type { ClusterService } from '../engine/world';
import { cameraSystem } from './cameraSystem';
import { clusterSystem } from './clusterSystem';
import { commandSystem } from './commandSystem';
import { markerAnimSystem } from './markerAnimSystem';
import { CULL_MIN_MARKERS, MAX_INDIVIDUAL_MARKERS, markerCullSystem } from './markerCullSystem';
import { markerFilterSystem } from './markerFilterSystem';
import { markerLodSystem } from './markerLodSystem';
import { markerSpawnSystem } from './markerSpawnSystem';
import { markerSyncSystem } from './markerSyncSystem';
import { pickingSystem } from './pickingSystem';
import { createTestWorld } from './testWorld';

const steps: PipelineEntry[] = [
  { name: 'commands', run: commandSystem },
  { name: 'markerSpawn', run: markerSpawnSystem },
  { name: 'camera', run: cameraSystem },
  { name: 'markerFilter', run: markerFilterSystem },
  { name: 'cluster', run: clusterSystem },
  { name: 'markerCull', run: markerCullSystem },
  { name: 'picking', run: pickingSystem },
  { name: 'markerAnim', run: markerAnimSystem },
  { name: 'markerLod', run: markerLodSystem },
  { name: 'markerSync', run: markerSyncSystem },
];

const now = Date.now();

function setup(withClusters = false) {
  const t = createTestWorld();
  const loads: { generation: number; lonLat: Float32Array; ids: Int32Array }[] = [];
  const queries: { id: number; generation: number; zoom: number }[] = [];
  if (withClusters) {
    let next = 1;
    const service: ClusterService = {
      load(generation, lonLat, ids) {
        loads.push({ generation, lonLat, ids });
      },
      query(generation, zoom) {
        queries.push({ id: next, generation, zoom });
        return next++;
      },
    };
    t.world.clusters.service = service;
  }
  sendCommand({ type: 'setView', view: 'app' });
  sendCommand({ type: 'setCamera', lat: 0, lon: 0, distance: 600 });
  let clock = 0;
  const frame = (ms = 16) => {
    clock += ms;
    runPipeline(t.world, clock, steps);
  };
  frame();
  const base = getAllEntities(t.world).length;
  /** Marker entities alive now (bitecs' own count, not ours). */
  const entities = () => getAllEntities(t.world).length - base;
  return { ...t, frame, entities, loads, queries };
}

/** Loads `count` synthetic articles straight into columns, in chunks, as the scenario does. */
function loadColumns(count: number, seed = 3, chunk = 1000): void {
  sendCommand({ type: 'setDataSource', source: 'scenario' });
  sendCommand({ type: 'setArticles', source: 'scenario', articles: [] });
  sendCommand({
    type: 'setMarkerFilter',
    filter: { maxMarkers: count, hours: 24, sentiment: 'all', categories: [] },
  });
  const gen = syntheticGenerator(seed, now);
  for (let done = 0; done < count;) {
    const n = Math.min(chunk, count - done);
    done += n;
    sendCommand({
      type: 'addArticleColumns',
      source: 'scenario',
      columns: gen.next(n),
      more: done < count,
    });
  }
}

const art = (id: string, lat: number, lon: number, minutesAgo = 1) => ({
  id,
  title: `Story ${id}`,
  latitude: lat,
  longitude: lon,
  publishedAt: new Date(now - minutesAgo * 60_000).toISOString(),
});

describe('markers from the columnar store', () => {
  it('spawns an entity and a GPU slot per drawn marker straight from scenario columns', () => {
    const { world, render, frame, entities } = setup();
    loadColumns(3000);
    frame();
    expect(world.markers.store.size).toBe(3000);
    expect(world.markers.filteredCount).toBe(3000);
    expect(entities()).toBe(3000);
    expect(render.markers.count).toBe(3000);
    // Slots are dense and in newest-first order; each entity points at its row.
    const slots = world.markers.visible.map((e) => Marker.slot[e]);
    expect(slots).toEqual([...slots.keys()]);
    const times = world.markers.visible.map(
      (e) => world.markers.store.publishedMs[Marker.row[e] as number] as number,
    );
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(render.markers.slots.size).toBe(3000);
  });

  it('a loaded scenario keeps the globe when the shell later asks for its own source', () => {
    const { world, frame } = setup();
    loadColumns(500);
    frame();
    sendCommand({ type: 'setDataSource', source: 'demo' });
    sendCommand({ type: 'setArticles', source: 'demo', articles: [art('d1', 10, 10)] });
    frame();
    expect(world.markers.source).toBe('scenario');
    expect(world.markers.store.size).toBe(500);
    expect(world.markers.filteredCount).toBe(500);
  });

  it('a chunked load is filtered once, when its last chunk is in', () => {
    const { world, frame } = setup();
    sendCommand({ type: 'setDataSource', source: 'scenario' });
    const gen = syntheticGenerator(1, now);
    sendCommand({
      type: 'addArticleColumns',
      source: 'scenario',
      columns: gen.next(50),
      more: true,
    });
    frame();
    expect(world.markers.store.size).toBe(50);
    expect(world.markers.filteredCount).toBe(0);
    sendCommand({
      type: 'addArticleColumns',
      source: 'scenario',
      columns: gen.next(50),
      more: false,
    });
    frame();
    expect(world.markers.filteredCount).toBe(100);
    // Columns for another source are ignored.
    sendCommand({ type: 'addArticleColumns', source: 'real', columns: gen.next(5), more: false });
    frame();
    expect(world.markers.store.size).toBe(100);
  });

  it('filters columns by sentiment, category and time, and caps newest first', () => {
    const { world, frame, entities } = setup();
    loadColumns(2000);
    frame();
    const s = world.markers.store;
    const count = (pred: (row: number) => boolean) => {
      let n = 0;
      for (let r = 0; r < s.length; r++) if (pred(r)) n++;
      return n;
    };
    sendCommand({ type: 'setMarkerFilter', filter: { sentiment: 'negative' } });
    frame();
    expect(world.markers.filteredCount).toBe(count((r) => s.sentimentOf(r) === 'negative'));
    expect(entities()).toBe(world.markers.filteredCount);
    sendCommand({ type: 'setMarkerFilter', filter: { sentiment: 'all', categories: ['sports'] } });
    frame();
    expect(world.markers.filteredCount).toBe(count((r) => s.categoriesOf(r)[0] === 'sports'));
    sendCommand({ type: 'setMarkerFilter', filter: { categories: [], hours: 1 } });
    frame();
    expect(world.markers.filteredCount).toBe(
      count((r) => (s.publishedMs[r] as number) >= now - 3_600_000),
    );
    sendCommand({ type: 'setMarkerFilter', filter: { hours: 24, maxMarkers: 10 } });
    frame();
    const newest = [...s.publishedMs.subarray(0, s.length)].sort((a, b) => b - a).slice(0, 10);
    const drawn = world.markers.visible.map((e) => s.publishedMs[Marker.row[e] as number]);
    expect(drawn).toEqual(newest);
    expect(entities()).toBe(10);
  });

  it('never leaks entities or GPU slots over remove, update and refilter cycles', () => {
    const { world, render, frame, entities } = setup();
    const live = new Map<string, [number, number]>();
    for (let cycle = 0; cycle < 30; cycle++) {
      const add = Array.from({ length: 20 }, (_, i) => {
        const id = `c${cycle}-${i}`;
        const place: [number, number] = [(i * 7 + cycle) % 80, (i * 13) % 170];
        live.set(id, place);
        return art(id, place[0], place[1], i);
      });
      sendCommand({ type: 'upsertArticles', articles: add, live: cycle % 2 === 0 });
      // Update some (moved), remove some, refilter.
      const ids = [...live.keys()];
      const moved = ids.slice(0, 5).map((id) => art(id, 1 + cycle, 2, 3));
      moved.forEach((a) => live.set(a.id, [a.latitude, a.longitude]));
      sendCommand({ type: 'upsertArticles', articles: moved });
      const gone = ids.filter((_, i) => i % 3 === cycle % 3).slice(0, 12);
      gone.forEach((id) => live.delete(id));
      sendCommand({ type: 'removeArticles', ids: gone });
      sendCommand({
        type: 'setMarkerFilter',
        filter: { maxMarkers: cycle % 4 === 0 ? 15 : 10_000, sentiment: 'all' },
      });
      frame(50);
      const expected = Math.min(live.size, cycle % 4 === 0 ? 15 : 10_000);
      expect(world.markers.store.size).toBe(live.size);
      expect(world.markers.filteredCount).toBe(expected);
      expect(entities()).toBe(expected);
      expect(render.markers.count).toBe(expected);
      expect(world.markers.entityOfRow.size).toBe(expected);
      // Every drawn entity shows the article its row holds now.
      for (const e of world.markers.visible) {
        const id = world.markers.store.idOf(Marker.row[e] as number);
        const place = live.get(id);
        expect(place).toBeDefined();
        expect(Marker.lat[e]).toBeCloseTo(place?.[0] ?? NaN, 3);
      }
    }
    // Rows are reused: the store never holds more rows than articles ever alive at once.
    expect(world.markers.store.length).toBeLessThan(30 * 20);
    sendCommand({ type: 'setArticles', articles: [] });
    frame();
    expect(entities()).toBe(0);
    expect(render.markers.count).toBe(0);
  });

  it('culls a big set to the camera side, capped, and follows the camera', () => {
    const { world, render, frame, entities } = setup();
    sendCommand({ type: 'setMarkerClustering', on: false });
    const n = CULL_MIN_MARKERS + 2000;
    loadColumns(n, 5, 5000);
    frame();
    expect(world.markers.filteredCount).toBe(n);
    const drawn = entities();
    expect(drawn).toBeGreaterThan(0);
    expect(drawn).toBeLessThan(n);
    expect(drawn).toBeLessThanOrEqual(MAX_INDIVIDUAL_MARKERS);
    expect(render.markers.count).toBe(drawn);
    const facing = () =>
      world.markers.visible.every((e) => {
        const lat = ((Marker.lat[e] as number) * Math.PI) / 180;
        const lon = ((Marker.lon[e] as number) * Math.PI) / 180;
        const c = world.camera;
        const cl = (c.lat * Math.PI) / 180;
        const co = (c.lon * Math.PI) / 180;
        const dot =
          Math.cos(lat) * Math.cos(cl) * Math.cos(lon - co) + Math.sin(lat) * Math.sin(cl);
        return dot > 0;
      });
    expect(facing()).toBe(true);
    // Turn to the other side of the globe: the drawn set follows, still without leaks.
    sendCommand({ type: 'setCamera', lat: 0, lon: 180, distance: 600 });
    frame();
    expect(facing()).toBe(true);
    expect(entities()).toBe(world.markers.visible.length);
    expect(world.markers.entityOfRow.size).toBe(world.markers.visible.length);
  });
});

describe('markers and clusters', () => {
  it('sends rows to the worker as typed arrays and drops every entity while clustered', () => {
    const { world, render, frame, entities, loads, queries } = setup(true);
    loadColumns(1000);
    frame();
    expect(loads).toHaveLength(1);
    const load = loads[0];
    if (load === undefined) throw new Error('no load');
    expect(load.ids).toBeInstanceOf(Int32Array);
    expect(load.lonLat).toBeInstanceOf(Float32Array);
    expect(load.ids.length).toBe(1000);
    const row = load.ids[0] as number;
    expect(load.lonLat[1]).toBe(world.markers.store.lat[row]);
    // Far zoom: clusters wanted, markers hidden, no marker entity at all.
    expect(render.clusters.markersHidden).toBe(true);
    expect(entities()).toBe(0);
    expect(render.markers.count).toBe(0);
    // The reply: a badge and a single article (by row); the single is drawn from the store.
    const q = queries.at(-1);
    if (q === undefined) throw new Error('no query');
    const single = world.markers.filtered[1] as number;
    const data = new Float64Array(2 * CLUSTER_STRIDE);
    data.set([50, 50, 999, 1, 0, 0, 1, single]);
    world.clusters.reply = { requestId: q.id, generation: q.generation, zoom: q.zoom, data };
    frame();
    expect(world.clusters.active).toBe(true);
    const emoji = world.markers.store.record(single)?.emoji ?? '';
    expect(render.clusters.slots.get(1)?.[3]).toBe(render.markers.emoji.indexOf(emoji));
    // Hovering the single (at lon 0, lat 0, the screen centre) hovers its row.
    Object.assign(world.pointer, { x: 640, y: 360, inside: true, moved: true });
    frame(100);
    expect(world.markers.hovered).toBe(single);
    frame(); // the cluster system (before picking) redraws the hovered single next frame
    expect(render.clusters.slots.get(1)?.[5]).toBe(MARKER_HOVERED);
    // Close in: individual markers (and entities) come back.
    sendCommand({ type: 'setCamera', distance: 280 });
    frame();
    expect(world.clusters.active).toBe(false);
    expect(entities()).toBe(1000);
    const e = world.markers.entityOfRow.get(single);
    expect(e === undefined ? -1 : Marker.state[e]).toBe(MARKER_HOVERED);
  });
});

describe('marker LOD system', () => {
  it('gives drawn markers a detail level by distance, with hysteresis, into the GPU slot', () => {
    const { world, render, frame } = setup();
    sendCommand({ type: 'setArticles', articles: [art('front', 0, 0), art('limb', 0, 70)] });
    frame();
    const s = world.markers.store;
    const eFront = world.markers.entityOfRow.get(s.rowOf('front')) ?? -1;
    const eLimb = world.markers.entityOfRow.get(s.rowOf('limb')) ?? -1;
    // Camera at 600: the front marker is 395 away (full), the limb one ~590 (badge).
    expect(Marker.lod[eFront]).toBe(LOD_FULL);
    expect(Marker.lod[eLimb]).toBe(LOD_BADGE);
    const sentimentChannel = render.markers.slots.get(Marker.slot[eLimb] as number)?.[10];
    expect(Math.floor((sentimentChannel ?? 0) / 4)).toBe(LOD_BADGE);
    // 710 puts the front marker at 505: inside the band, no switch; 760 (555) switches.
    sendCommand({ type: 'setCamera', distance: 710 });
    frame();
    expect(Marker.lod[eFront]).toBe(LOD_FULL);
    sendCommand({ type: 'setCamera', distance: 760 });
    frame();
    expect(Marker.lod[eFront]).toBe(LOD_BADGE);
    sendCommand({ type: 'setCamera', distance: 690 });
    frame();
    expect(Marker.lod[eFront]).toBe(LOD_BADGE);
    sendCommand({ type: 'setCamera', distance: 640 });
    frame();
    expect(Marker.lod[eFront]).toBe(LOD_FULL);
  });
});

describe('the time-window re-check', () => {
  it('keeps the filtered set version when the minute re-check changes nothing', () => {
    const { world, frame } = setup();
    sendCommand({ type: 'setArticles', articles: [art('a', 1, 1), art('b', 2, 2, 23 * 60)] });
    frame();
    const v = world.markers.filterVersion;
    world.markers.rebuiltAt = 0; // the minute is up
    frame();
    expect(world.markers.filterVersion).toBe(v);
    // A window that now drops an article does bump it.
    sendCommand({ type: 'setMarkerFilter', filter: { hours: 1 } });
    frame();
    expect(world.markers.filterVersion).toBe(v + 1);
    expect(world.markers.filteredCount).toBe(1);
  });
});
