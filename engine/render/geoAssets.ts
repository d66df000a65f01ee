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

/** One geo worker for the page, started on first use; null once it cannot run. */
let worker: Worker | null | undefined;
const pending = new Map<number, Pending>();
let nextId = 1;

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
      if (msg.ok) p.resolve(msg.geometry);
      else p.reject(new Error(msg.error));
    };
    w.onerror = (e) => {
      // The worker itself failed (it did not load): everything goes through the main thread.
      console.warn('ATLAS: the geo worker failed; geo assets are decoded on the main thread', e);
      worker = null;
      w.terminate();
      for (const p of pending.values()) {
        geometryHere(p.request.url, p.request.kind, p.request.radius).then(p.resolve, p.reject);
      }
      pending.clear();
    };
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
    w.postMessage(request);
  });
}
