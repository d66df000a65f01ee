/**
 * Web Worker: fetches a geo asset, decodes it and projects it onto the globe
 * (data/geo/geometry.ts), then hands the typed arrays back (transferred, not copied). The main
 * thread only builds the mesh from them.
 */
import {
  geometryFromAsset,
  type GeoGeometryRequest,
  type GeoGeometryResponse,
} from '../../data/geo/geometry';

function post(msg: GeoGeometryResponse, transfer: Transferable[] = []): void {
  (self as unknown as { postMessage(m: unknown, t: Transferable[]): void }).postMessage(
    msg,
    transfer,
  );
}

self.onmessage = (ev: MessageEvent<GeoGeometryRequest>) => {
  const { id, url, kind, radius } = ev.data;
  fetch(url)
    .then(async (res) => {
      if (!res.ok) throw new Error(`HTTP error! status: ${res.status} (${url})`);
      const geometry = geometryFromAsset(await res.arrayBuffer(), kind, radius);
      post({ id, ok: true, geometry }, [geometry.positions.buffer, geometry.indices.buffer]);
    })
    .catch((err: unknown) => {
      post({ id, ok: false, error: err instanceof Error ? err.message : String(err) });
    });
};
