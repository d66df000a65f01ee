import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildClusterIndex, clustersAt } from '../../data/markers/clusterIndex';
import type { ClusterRequest, ClusterResponse } from '../../data/markers/clusterProtocol';
import type { ClusterState } from '../world';
import { ClusterClient, type ClusterWorkerLike } from './clusterClient';

function freshState(): ClusterState {
  return {
    service: null,
    active: false,
    markersHidden: false,
    generation: 3,
    loadedGeneration: -1,
    itemsGeneration: -1,
    sourceVersion: 7,
    requestedZoom: 2,
    requestedGeneration: 3,
    lastRequestId: -1,
    reply: null,
    items: new Float64Array(0),
    itemCount: 0,
    hoveredItem: -1,
    dirty: false,
    lastHovered: -1,
    lastSelected: -1,
  };
}

/** A worker that records what it is sent and answers only when told to. */
class FakeWorker implements ClusterWorkerLike {
  onmessage: ((ev: MessageEvent<ClusterResponse>) => void) | null = null;
  onerror: ((ev: ErrorEvent) => void) | null = null;
  onmessageerror: ((ev: MessageEvent) => void) | null = null;
  sent: ClusterRequest[] = [];
  terminated = false;
  postMessage(message: ClusterRequest): void {
    this.sent.push(message);
  }
  terminate(): void {
    this.terminated = true;
  }
  reply(msg: ClusterResponse): void {
    this.onmessage?.({ data: msg } as MessageEvent<ClusterResponse>);
  }
  fail(message: string): void {
    this.onerror?.({ message, preventDefault: () => undefined } as unknown as ErrorEvent);
  }
}

/** 60 points in three tight groups of 20 (rows 0..59). */
function points(): { lonLat: Float32Array; ids: Int32Array } {
  const centres = [
    [2.35, 48.85],
    [139.7, 35.7],
    [-74, 40.7],
  ];
  const lonLat = new Float32Array(60 * 2);
  const ids = new Int32Array(60);
  for (let i = 0; i < 60; i++) {
    const [lon, lat] = centres[i % 3] as [number, number];
    lonLat[i * 2] = lon + (i % 7) * 0.01;
    lonLat[i * 2 + 1] = lat + (i % 5) * 0.01;
    ids[i] = i;
  }
  return { lonLat, ids };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('ClusterClient', () => {
  it('uses the worker while it answers', () => {
    const state = freshState();
    const worker = new FakeWorker();
    const client = new ClusterClient(state, { createWorker: () => worker, log: () => undefined });
    const { lonLat, ids } = points();
    client.load(1, lonLat, ids);
    const id = client.query(1, 1);
    expect(worker.sent.map((m) => m.type)).toEqual(['load', 'query']);
    worker.reply({ type: 'loaded', generation: 1, points: 60, ms: 1 });
    worker.reply({
      type: 'clusters',
      requestId: id,
      generation: 1,
      zoom: 1,
      data: new Float64Array(4),
      ms: 1,
    });
    expect(state.loadedGeneration).toBe(1);
    expect(state.reply?.requestId).toBe(id);
    expect(client.path).toBe('worker');
  });

  it('falls back to the main thread when the worker throws, with the same clusters', async () => {
    const state = freshState();
    const worker = new FakeWorker();
    const logs: string[] = [];
    const client = new ClusterClient(state, {
      createWorker: () => worker,
      log: (m) => logs.push(m),
    });
    client.load(1, points().lonLat, points().ids);
    worker.fail('boom');
    expect(client.path).toBe('main-thread');
    expect(worker.terminated).toBe(true);
    expect(logs[0]).toContain('the cluster worker failed; clustering on the main thread');
    // The cluster system is told to send the current points again.
    expect(state.sourceVersion).toBe(-1);
    expect(state.requestedGeneration).toBe(-1);
    // Until the index code is imported nothing is built or answered.
    client.load(2, points().lonLat, points().ids);
    expect(state.loadedGeneration).toBe(-1);
    await client.mainThreadReady();
    // Then the cluster system is asked again.
    expect(state.sourceVersion).toBe(-1);
    const { lonLat, ids } = points();
    client.load(2, lonLat, ids);
    expect(state.loadedGeneration).toBe(2);
    const id = client.query(2, 1);
    expect(state.reply?.requestId).toBe(id);
    const expected = clustersAt(buildClusterIndex(points().lonLat, points().ids), 1);
    expect(Array.from(state.reply?.data ?? [])).toEqual(Array.from(expected));
    // Three groups at zoom 1.
    expect(expected.length / 4).toBe(3);
    // Nothing more goes to the dead worker.
    expect(worker.sent).toHaveLength(1);
  });

  it('falls back when a message is not answered in time', () => {
    vi.useFakeTimers();
    const state = freshState();
    const worker = new FakeWorker();
    const client = new ClusterClient(state, {
      createWorker: () => worker,
      timeoutMs: 1000,
      log: () => undefined,
    });
    client.load(1, points().lonLat, points().ids);
    vi.advanceTimersByTime(900);
    worker.reply({ type: 'loaded', generation: 1, points: 60, ms: 1 });
    // Answered: no fallback, and an idle worker is never timed out.
    vi.advanceTimersByTime(5000);
    expect(client.path).toBe('worker');
    client.query(1, 1);
    vi.advanceTimersByTime(999);
    expect(client.path).toBe('worker');
    vi.advanceTimersByTime(1);
    expect(client.path).toBe('main-thread');
    expect(worker.terminated).toBe(true);
    // A late answer from the terminated worker is ignored.
    worker.reply({
      type: 'clusters',
      requestId: 1,
      generation: 1,
      zoom: 1,
      data: new Float64Array(4),
      ms: 1,
    });
    expect(state.reply).toBeNull();
  });

  it('runs on the main thread when no worker can start', async () => {
    const state = freshState();
    const client = new ClusterClient(state, {
      createWorker: () => {
        throw new Error('no workers here');
      },
      log: () => undefined,
    });
    expect(client.path).toBe('main-thread');
    await client.mainThreadReady();
    const { lonLat, ids } = points();
    client.load(1, lonLat, ids);
    client.query(1, 12);
    // Past the index's deepest zoom every point stands alone.
    expect((state.reply?.data.length ?? 0) / 4).toBe(60);
  });
});
