/**
 * The geo decode worker's fallback (spec section 8, "Worker failure or timeout: fall back to
 * main-thread processing"): a fake Worker stands in for engine/render/geoWorker.ts; the decoder
 * (data/geo/geometry.ts) is replaced by a stub that says it ran here, on the main thread.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GeoGeometryRequest, GeoGeometryResponse } from '../../data/geo/geometry';

vi.mock('../../data/geo/geometry', () => ({
  geometryFromAsset: (buffer: ArrayBuffer, kind: string, radius: number) => ({
    decodedOn: 'main-thread',
    bytes: buffer.byteLength,
    kind,
    radius,
  }),
}));

/** Every worker the module starts; each records what it is sent and answers only when told. */
const workers: FakeWorker[] = [];
class FakeWorker {
  onmessage: ((ev: MessageEvent<GeoGeometryResponse>) => void) | null = null;
  onerror: ((ev: ErrorEvent) => void) | null = null;
  onmessageerror: ((ev: MessageEvent) => void) | null = null;
  sent: GeoGeometryRequest[] = [];
  terminated = false;
  constructor() {
    workers.push(this);
  }
  postMessage(message: GeoGeometryRequest): void {
    this.sent.push(message);
  }
  terminate(): void {
    this.terminated = true;
  }
  answer(id: number): void {
    const geometry = { decodedOn: 'worker' } as unknown as Extract<
      GeoGeometryResponse,
      { ok: true }
    >['geometry'];
    this.onmessage?.({ data: { id, ok: true, geometry } } as MessageEvent<GeoGeometryResponse>);
  }
  crash(message: string): void {
    this.onerror?.({ message, preventDefault: () => undefined } as unknown as ErrorEvent);
  }
}

const fetched: string[] = [];
let warnings: string[] = [];

beforeEach(() => {
  vi.resetModules();
  workers.length = 0;
  fetched.length = 0;
  warnings = [];
  vi.stubGlobal('Worker', FakeWorker);
  vi.stubGlobal('fetch', (url: string) => {
    fetched.push(url);
    return Promise.resolve(new Response(new ArrayBuffer(16)));
  });
  vi.spyOn(console, 'warn').mockImplementation((m: unknown) => void warnings.push(String(m)));
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function load() {
  return import('./geoAssets');
}

describe('fetchGeometry: the geo worker and its main-thread fallback', () => {
  it('uses the worker while it answers', async () => {
    const geo = await load();
    const p = geo.fetchGeometry('/geo/land-110m.bin', 'surface', 100);
    const w = workers[0];
    expect(w?.sent.map((r) => r.kind)).toEqual(['surface']);
    w?.answer(w.sent[0]?.id ?? -1);
    await expect(p).resolves.toEqual({ decodedOn: 'worker' });
    expect(geo.geoDecodePath()).toBe('worker');
    expect(fetched).toEqual([]);
  });

  it('redoes on the main thread what a worker that throws owed, and everything after', async () => {
    const geo = await load();
    const land = geo.fetchGeometry('/geo/land-110m.bin', 'surface', 100);
    const coast = geo.fetchGeometry('/geo/coastline-110m.bin', 'lines', 100.1);
    workers[0]?.crash('worker broken on purpose');
    await expect(land).resolves.toMatchObject({ decodedOn: 'main-thread', kind: 'surface' });
    await expect(coast).resolves.toMatchObject({ decodedOn: 'main-thread', radius: 100.1 });
    expect(workers[0]?.terminated).toBe(true);
    expect(geo.geoDecodePath()).toBe('main-thread');
    expect(warnings.some((m) => m.includes('the geo worker failed'))).toBe(true);
    // Later tiers never go to a worker again.
    await expect(geo.fetchGeometry('/geo/borders-50m.bin', 'lines', 100.1)).resolves.toMatchObject({
      decodedOn: 'main-thread',
    });
    expect(workers).toHaveLength(1);
    expect(fetched.map((u) => u.replace(/^.*\/geo\//, ''))).toEqual([
      'land-110m.bin',
      'coastline-110m.bin',
      'borders-50m.bin',
    ]);
  });

  it('gives up on a worker that never answers after the timeout, and decodes here', async () => {
    vi.useFakeTimers();
    const geo = await load();
    let settled = false;
    const land = geo.fetchGeometry('/geo/land-110m.bin', 'surface', 100);
    void land.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(geo.GEO_WORKER_TIMEOUT_MS - 1);
    expect(settled).toBe(false);
    expect(geo.geoDecodePath()).toBe('worker');
    await vi.advanceTimersByTimeAsync(1);
    await expect(land).resolves.toMatchObject({ decodedOn: 'main-thread' });
    expect(workers[0]?.terminated).toBe(true);
    expect(geo.geoDecodePath()).toBe('main-thread');
    expect(warnings.some((m) => m.includes('did not answer within 30 s'))).toBe(true);
  });

  it('restarts the wait at every answer: a slow worker that keeps answering is kept', async () => {
    vi.useFakeTimers();
    const geo = await load();
    const a = geo.fetchGeometry('/geo/land-110m.bin', 'surface', 100);
    const b = geo.fetchGeometry('/geo/coastline-110m.bin', 'lines', 100.1);
    const w = workers[0];
    await vi.advanceTimersByTimeAsync(geo.GEO_WORKER_TIMEOUT_MS - 1000);
    w?.answer(w.sent[0]?.id ?? -1);
    await vi.advanceTimersByTimeAsync(geo.GEO_WORKER_TIMEOUT_MS - 1000);
    w?.answer(w.sent[1]?.id ?? -1);
    await expect(a).resolves.toEqual({ decodedOn: 'worker' });
    await expect(b).resolves.toEqual({ decodedOn: 'worker' });
    expect(w?.terminated).toBe(false);
    expect(geo.geoDecodePath()).toBe('worker');
  });
});
