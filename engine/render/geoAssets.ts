/** Fetches and decodes the compact geo assets (public/geo, see data/geo/codec.ts). */
import { decodeLineSet, decodeMesh, type LineSet, type PolygonMesh } from '../../data/geo/codec';
import {
  geometryFromAsset,
  type GeoGeometry,
  type GeoGeometryKind,
  type GeoGeometryRequest,
  type GeoGeometryResponse,
} from '../../data/geo/geometry';

async function fetchBuffer(url: string): Promise<ArrayBuffer> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`HTTP error! status: ${res.status} (${url})`);
  return res.arrayBuffer();
}

export async function fetchLineSet(url: string): Promise<LineSet> {
  return decodeLineSet(await fetchBuffer(url));
}

export async function fetchSurface(url: string): Promise<PolygonMesh> {
  return decodeMesh(await fetchBuffer(url));
}

/** Geometry made on the main thread (no worker, or the worker failed). */
async function geometryHere(url: string, kind: GeoGeometryKind, radius: number) {
  return geometryFromAsset(await fetchBuffer(url), kind, radius);
}

interface Pending {
  request: GeoGeometryRequest;
  resolve: (g: GeoGeometry) => void;
  reject: (e: Error) => void;
}

/**
 * A worker that owes answers and gives none for this long counts as hung (spec section 8, "Worker
 * failure or timeout"): it is dropped and its requests run on the main thread. The wait restarts
 * at every answer; it is long because the worker also fetches (a 10m tier file on a slow link).
 */
export const GEO_WORKER_TIMEOUT_MS = 30_000;

/** One geo worker for the page, started on first use; null once it cannot run. */
let worker: Worker | null | undefined;
const pending = new Map<number, Pending>();
let nextId = 1;
let watchdog: ReturnType<typeof setTimeout> | null = null;

/** Where geo assets are decoded now (for tests and the profiler). */
export function geoDecodePath(): 'worker' | 'main-thread' | 'not started' {
  if (worker === undefined) return 'not started';
  return worker === null ? 'main-thread' : 'worker';
}

/** Drops the worker for good; what it had not answered is done on the main thread. */
function retireWorker(w: Worker, reason: string, detail?: unknown): void {
  if (worker !== w) return;
  console.warn(
    `ATLAS: the geo worker ${reason}; geo assets are decoded on the main thread`,
    detail,
  );
  worker = null;
  w.terminate();
  if (watchdog !== null) clearTimeout(watchdog);
  watchdog = null;
  for (const p of pending.values()) {
    geometryHere(p.request.url, p.request.kind, p.request.radius).then(p.resolve, p.reject);
  }
  pending.clear();
}

/** (Re)starts the timeout while the worker owes answers. */
function armWatchdog(w: Worker): void {
  if (watchdog !== null) clearTimeout(watchdog);
  watchdog = null;
  if (pending.size === 0) return;
  watchdog = setTimeout(() => {
    watchdog = null;
    retireWorker(w, `did not answer within ${GEO_WORKER_TIMEOUT_MS / 1000} s`);
  }, GEO_WORKER_TIMEOUT_MS);
}

function geoWorker(): Worker | null {
  if (worker !== undefined) return worker;
  if (typeof Worker === 'undefined') return (worker = null);
  try {
    const w = new Worker(new URL('./geoWorker.ts', import.meta.url), { type: 'module' });
    w.onmessage = (ev: MessageEvent<GeoGeometryResponse>) => {
      const msg = ev.data;
      const p = pending.get(msg.id);
      if (p === undefined) return;
      pending.delete(msg.id);
      armWatchdog(w);
      if (msg.ok) p.resolve(msg.geometry);
      else p.reject(new Error(msg.error));
    };
    // The worker itself failed (its script did not load, or it crashed): everything it owes, and
    // everything after, goes through the main thread.
    w.onerror = (e) => {
      e.preventDefault();
      retireWorker(w, 'failed', e.message);
    };
    w.onmessageerror = () => retireWorker(w, 'could not read a message');
    worker = w;
  } catch {
    worker = null;
  }
  return worker;
}

/**
 * Fetches a geo asset as globe geometry (decoded, projected onto a sphere of `radius`, indexed),
 * in the geo worker when there is one.
 */
export function fetchGeometry(
  url: string,
  kind: GeoGeometryKind,
  radius: number,
): Promise<GeoGeometry> {
  const w = geoWorker();
  const absolute = typeof location === 'undefined' ? url : new URL(url, location.href).toString();
  if (w === null) return geometryHere(absolute, kind, radius);
  return new Promise((resolve, reject) => {
    const request: GeoGeometryRequest = { id: nextId++, url: absolute, kind, radius };
    pending.set(request.id, { request, resolve, reject });
    if (watchdog === null) armWatchdog(w);
    w.postMessage(request);
  });
}
