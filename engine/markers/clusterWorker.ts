/**
 * Web Worker: builds the marker cluster index off the main thread (supercluster; ~0.2 s for 100k
 * points, ~1.5 s for 1M on these machines) and answers zoom queries with the clusters of the
 * whole globe at that zoom. The index code is data/markers/clusterIndex.ts, which the main thread
 * also runs when this worker fails (engine/markers/clusterClient.ts).
 */
import { buildClusterIndex, clustersAt, type ClusterIndex } from '../../data/markers/clusterIndex';
import type { ClusterRequest, ClusterResponse } from '../../data/markers/clusterProtocol';

let index: ClusterIndex | null = null;
let generation = -1;

function post(msg: ClusterResponse, transfer: Transferable[] = []): void {
  (self as unknown as { postMessage(m: unknown, t: Transferable[]): void }).postMessage(
    msg,
    transfer,
  );
}

self.onmessage = (ev: MessageEvent<ClusterRequest>) => {
  const msg = ev.data;
  const t0 = performance.now();
  if (msg.type === 'load') {
    index = buildClusterIndex(msg.lonLat, msg.ids);
    generation = msg.generation;
    post({ type: 'loaded', generation, points: msg.ids.length, ms: performance.now() - t0 });
    return;
  }
  const data = clustersAt(msg.generation === generation ? index : null, msg.zoom);
  post(
    {
      type: 'clusters',
      requestId: msg.requestId,
      generation: msg.generation,
      zoom: msg.zoom,
      data,
      ms: performance.now() - t0,
    },
    [data.buffer],
  );
};
