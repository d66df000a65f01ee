/** The engine's side of the cluster worker: posts loads and queries, stores replies in the world. */
import type { ClusterRequest, ClusterResponse } from '../../data/markers/clusterProtocol';
import type { ClusterService, ClusterState } from '../world';

export class ClusterClient implements ClusterService {
  private readonly worker: Worker;
  private nextRequestId = 1;
  /** Last index build, for the profiler and logs. */
  lastBuild: { points: number; ms: number } | null = null;

  constructor(private readonly state: ClusterState) {
    this.worker = new Worker(new URL('./clusterWorker.ts', import.meta.url), { type: 'module' });
    this.worker.onmessage = (ev: MessageEvent<ClusterResponse>) => {
      const msg = ev.data;
      if (msg.type === 'loaded') {
        this.lastBuild = { points: msg.points, ms: msg.ms };
        this.state.loadedGeneration = Math.max(this.state.loadedGeneration, msg.generation);
        return;
      }
      this.state.reply = {
        requestId: msg.requestId,
        generation: msg.generation,
        zoom: msg.zoom,
        data: msg.data,
      };
    };
    this.worker.onerror = (e) => {
      console.warn('ATLAS: the cluster worker failed; markers stay unclustered', e.message);
      this.state.service = null;
    };
  }

  private post(msg: ClusterRequest, transfer: Transferable[] = []): void {
    this.worker.postMessage(msg, transfer);
  }

  load(generation: number, lonLat: Float32Array, ids: Int32Array): void {
    this.post({ type: 'load', generation, lonLat, ids }, [lonLat.buffer, ids.buffer]);
  }

  query(generation: number, zoom: number): number {
    const requestId = this.nextRequestId++;
    this.post({ type: 'query', requestId, generation, zoom });
    return requestId;
  }

  dispose(): void {
    this.worker.terminate();
  }
}
