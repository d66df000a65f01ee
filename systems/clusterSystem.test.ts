import { describe, expect, it } from 'vitest';
import { CLUSTER_STRIDE } from '../data/markers/clusterProtocol';
import { sendCommand } from '../engine/commands';
import { runPipeline, type PipelineEntry } from '../engine/pipeline';
import type { ClusterService } from '../engine/world';
import { cameraSystem } from './cameraSystem';
import { CLUSTER_MIN_MARKERS, clusterLabel, clusterSystem } from './clusterSystem';
import { commandSystem } from './commandSystem';
import { markerFilterSystem } from './markerFilterSystem';
import { markerSpawnSystem } from './markerSpawnSystem';
import { pickingSystem } from './pickingSystem';
import { createTestWorld } from './testWorld';

const steps: PipelineEntry[] = [
  { name: 'commands', run: commandSystem },
  { name: 'markerSpawn', run: markerSpawnSystem },
  { name: 'camera', run: cameraSystem },
  { name: 'markerFilter', run: markerFilterSystem },
  { name: 'cluster', run: clusterSystem },
  { name: 'picking', run: pickingSystem },
];

/** A worker stand-in: records loads and queries; the test decides when and what it answers. */
function fakeService() {
  const loads: number[] = [];
  const queries: { id: number; generation: number; zoom: number }[] = [];
  let next = 1;
  const service: ClusterService = {
    load(generation) {
      loads.push(generation);
    },
    query(generation, zoom) {
      const id = next++;
      queries.push({ id, generation, zoom });
      return id;
    },
  };
  return { service, loads, queries };
}

function setup() {
  const t = createTestWorld();
  const f = fakeService();
  t.world.clusters.service = f.service;
  sendCommand({ type: 'setView', view: 'app' });
  sendCommand({ type: 'setCamera', lat: 0, lon: 0, distance: 600 });
  let clock = 0;
  const frame = (ms = 16) => {
    clock += ms;
    runPipeline(t.world, clock, steps);
  };
  const now = Date.now();
  const articles = Array.from({ length: CLUSTER_MIN_MARKERS + 10 }, (_, i) => ({
    id: `a${i}`,
    title: `t${i}`,
    latitude: (i % 20) - 10,
    longitude: Math.floor(i / 20) - 10,
    publishedAt: new Date(now - i * 1000).toISOString(),
  }));
  sendCommand({ type: 'setArticles', articles });
  sendCommand({ type: 'setMarkerFilter', filter: { maxMarkers: 10_000 } });
  frame();
  return { ...t, ...f, frame };
}

describe('clusterSystem', () => {
  it('sends the drawn markers to the worker and asks for the zoom of the camera distance', () => {
    const { loads, queries, world } = setup();
    expect(loads).toEqual([1]);
    expect(queries).toHaveLength(1);
    expect(queries[0]?.generation).toBe(1);
    expect(world.clusters.active).toBe(false); // no reply yet
  });

  it('shows only the reply to the newest request, hides the markers, and labels counts', () => {
    const { queries, world, render, frame } = setup();
    const q1 = queries[0];
    if (!q1) throw new Error('no query');
    sendCommand({ type: 'setCamera', distance: 900 }); // a new zoom level: a newer query
    frame();
    const q2 = queries[1];
    if (!q2) throw new Error('no second query');
    // The stale reply to the first query arrives late: dropped.
    world.clusters.reply = {
      requestId: q1.id,
      generation: q1.generation,
      zoom: q1.zoom,
      data: new Float64Array([0, 0, 300, 7]),
    };
    frame();
    expect(world.clusters.active).toBe(false);
    const data = new Float64Array(2 * CLUSTER_STRIDE);
    data.set([10, 20, 250, 99, 30, 40, 1, world.markers.filtered[0] as number]);
    world.clusters.reply = { requestId: q2.id, generation: q2.generation, zoom: q2.zoom, data };
    frame();
    expect(world.clusters.active).toBe(true);
    expect(world.clusters.itemCount).toBe(2);
    expect(render.clusters.markersHidden).toBe(true);
    expect(render.clusters.count).toBe(2);
    expect(render.clusters.texts).toContain('200+');
  });

  it('goes back to individual markers when the camera comes close (with hysteresis)', () => {
    const { queries, world, render, frame } = setup();
    const q = queries[0];
    if (!q) throw new Error('no query');
    world.clusters.reply = {
      requestId: q.id,
      generation: q.generation,
      zoom: q.zoom,
      data: new Float64Array([0, 0, 5, 1]),
    };
    frame();
    expect(world.clusters.active).toBe(true);
    sendCommand({ type: 'setCamera', distance: 320 }); // between exit (300) and enter (340): stays
    frame();
    expect(world.clusters.active).toBe(true);
    sendCommand({ type: 'setCamera', distance: 280 });
    frame();
    expect(world.clusters.active).toBe(false);
    expect(render.clusters.markersHidden).toBe(false);
  });

  it('clicking a cluster flies in on it', () => {
    const { queries, world, frame } = setup();
    const q = queries[0];
    if (!q) throw new Error('no query');
    world.clusters.reply = {
      requestId: q.id,
      generation: q.generation,
      zoom: q.zoom,
      data: new Float64Array([0, 0, 42, 3]),
    };
    frame();
    Object.assign(world.pointer, { x: 640, y: 360, inside: true, moved: true, clicked: true });
    frame(100);
    expect(world.flyTo?.to.distance).toBeCloseTo(600 * 0.55, 6);
    expect(world.flyTo?.to.lat).toBeCloseTo(0, 6);
  });
});

describe('clusterLabel', () => {
  it('is exact below 100 and rounded down above', () => {
    expect(clusterLabel(7)).toBe('7');
    expect(clusterLabel(99)).toBe('99');
    expect(clusterLabel(250)).toBe('200+');
    expect(clusterLabel(4321)).toBe('4k+');
    expect(clusterLabel(123_456)).toBe('120k+');
  });
});
