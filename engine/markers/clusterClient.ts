/**
 * The engine's side of the cluster worker: posts loads and queries, stores replies in the world.
 *
 * Spec section 8 "Worker failure or timeout: fall back to main-thread processing": when the worker
 * cannot start, throws (an `error` event: a script that fails to load or a message that crashes
 * it), cannot read a message, or leaves a message unanswered for CLUSTER_WORKER_TIMEOUT_MS, it is
 * terminated and the same index code (data/markers/clusterIndex.ts) runs on the main thread from
 * then on. The points already went to the worker (transferred), so the cluster system is told to
 * send the current set again; the clusters drawn are the same either way. The index code
 * (supercluster) is imported only then, so a first visit does not download it for the main thread.
 */
import type * as ClusterIndexCode from '../../data/markers/clusterIndex';
import type { ClusterIndex } from '../../data/markers/clusterIndex';
import {
  CLUSTER_WORKER_TIMEOUT_MS,
  type ClusterRequest,
  type ClusterResponse,
} from '../../data/markers/clusterProtocol';
import type { ClusterService, ClusterState } from '../world';

export type ClusterPath = 'worker' | 'main-thread';

type IndexCode = typeof ClusterIndexCode;

/** What the client needs of a Worker (a fake in unit tests). */
export interface ClusterWorkerLike {
  onmessage: ((ev: MessageEvent<ClusterResponse>) => void) | null;
  onerror: ((ev: ErrorEvent) => void) | null;
  onmessageerror: ((ev: MessageEvent) => void) | null;
  postMessage(message: ClusterRequest, transfer: Transferable[]): void;
  terminate(): void;
}

export interface ClusterClientOptions {
  /** Starts the worker; throws or returns null when there is none. */
  createWorker?: () => ClusterWorkerLike | null;
  timeoutMs?: number;
  log?: (message: string, detail?: unknown) => void;
}

function startWorker(): ClusterWorkerLike | null {
  if (typeof Worker === 'undefined') return null;
  return new Worker(new URL('./clusterWorker.ts', import.meta.url), { type: 'module' });
}

export class ClusterClient implements ClusterService {
  private worker: ClusterWorkerLike | null = null;
  /** The main-thread index once the worker is gone. */
  private local: { generation: number; index: ClusterIndex } | null = null;
  /** The index code for the main thread, imported at the fallback. */
  private code: IndexCode | null = null;
  private codeLoading: Promise<void> | null = null;
  private nextRequestId = 1;
  /** Messages posted to the worker and not answered yet (each gets exactly one reply). */
  private unanswered = 0;
  private watchdog: ReturnType<typeof setTimeout> | null = null;
  private readonly timeoutMs: number;
  private readonly log: (message: string, detail?: unknown) => void;
  /** Where clustering runs now. */
  path: ClusterPath = 'worker';
  /** Last index build, for the profiler and logs. */
  lastBuild: { points: number; ms: number } | null = null;

  constructor(
    private readonly state: ClusterState,
    options: ClusterClientOptions = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? CLUSTER_WORKER_TIMEOUT_MS;
    this.log = options.log ?? ((m, d) => console.warn(m, d));
    let worker: ClusterWorkerLike | null;
    try {
      worker = (options.createWorker ?? startWorker)();
    } catch (error) {
      this.fallBack('could not start', error);
      return;
    }
    if (worker === null) {
      this.fallBack('is not available');
      return;
    }
    this.worker = worker;
    worker.onmessage = (ev) => this.receive(ev.data);
    worker.onerror = (ev) => {
      ev.preventDefault();
      this.fallBack('failed', ev.message);
    };
    worker.onmessageerror = () => this.fallBack('could not read a message');
  }

  private receive(msg: ClusterResponse): void {
    if (this.worker === null) return;
    this.unanswered = Math.max(0, this.unanswered - 1);
    this.disarm();
    if (this.unanswered > 0) this.arm();
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
  }

  private arm(): void {
    if (this.watchdog !== null) return;
    this.watchdog = setTimeout(() => {
      this.watchdog = null;
      if (this.unanswered > 0) {
        this.fallBack(`did not answer within ${Math.round(this.timeoutMs / 1000)} s`);
      }
    }, this.timeoutMs);
  }

  private disarm(): void {
    if (this.watchdog !== null) clearTimeout(this.watchdog);
    this.watchdog = null;
  }

  /** From now on the main thread clusters; the cluster system resends the current points. */
  private fallBack(reason: string, detail?: unknown): void {
    if (this.path === 'main-thread') return;
    this.path = 'main-thread';
    this.log(`ATLAS: the cluster worker ${reason}; clustering on the main thread`, detail);
    this.disarm();
    this.unanswered = 0;
    const w = this.worker;
    this.worker = null;
    w?.terminate();
    // The worker held (and may have lost) the point set: build it again here, once the index
    // code is in (load and query wait for it, then the cluster system is asked to send again).
    this.state.sourceVersion = -1;
    this.state.requestedGeneration = -1;
    void this.mainThreadReady();
  }

  /** Resolves when the main thread can cluster (the index code is loaded). */
  mainThreadReady(): Promise<void> {
    this.codeLoading ??= import('../../data/markers/clusterIndex').then(
      (code) => {
        this.code = code;
        this.state.sourceVersion = -1;
        this.state.requestedGeneration = -1;
      },
      (error: unknown) => {
        this.codeLoading = null;
        this.log('ATLAS: the main-thread cluster index could not load', error);
      },
    );
    return this.codeLoading;
  }

  private post(msg: ClusterRequest, transfer: Transferable[] = []): void {
    const w = this.worker;
    if (w === null) return;
    this.unanswered += 1;
    this.arm();
    try {
      w.postMessage(msg, transfer);
    } catch (error) {
      this.fallBack('could not be sent a message', error);
    }
  }

  load(generation: number, lonLat: Float32Array, ids: Int32Array): void {
    if (this.worker !== null) {
      this.post({ type: 'load', generation, lonLat, ids }, [lonLat.buffer, ids.buffer]);
      return;
    }
    const code = this.code;
    if (code === null) return;
    const t0 = performance.now();
    this.local = { generation, index: code.buildClusterIndex(lonLat, ids) };
    this.lastBuild = { points: ids.length, ms: performance.now() - t0 };
    this.state.loadedGeneration = Math.max(this.state.loadedGeneration, generation);
  }

  query(generation: number, zoom: number): number {
    const requestId = this.nextRequestId++;
    if (this.worker !== null) {
      this.post({ type: 'query', requestId, generation, zoom });
      return requestId;
    }
    const code = this.code;
    if (code === null) return requestId;
    const index = this.local?.generation === generation ? this.local.index : null;
    this.state.reply = { requestId, generation, zoom, data: code.clustersAt(index, zoom) };
    return requestId;
  }

  dispose(): void {
    this.disarm();
    this.worker?.terminate();
    this.worker = null;
  }
}
