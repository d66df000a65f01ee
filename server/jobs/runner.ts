/**
 * The worker's poll loop: claim a job of a registered kind, run its handler, complete or fail it,
 * and sleep `pollMs` when nothing is due. While a handler runs its lease is extended every third of
 * the lease, so a long job is not taken over by another worker; a handler that outlives the stop
 * deadline is aborted through its signal and its job is left to expire and be retried elsewhere.
 */
import type { ClaimedJob, JobQueue } from './queue';

export type JobHandler = (job: ClaimedJob, signal: AbortSignal) => Promise<void>;

export interface JobRunnerLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface JobRunnerOptions {
  /** Handlers by job kind; only these kinds are claimed. */
  handlers: Readonly<Record<string, JobHandler>>;
  /** Sleep between polls when the queue is empty (default 1 s). */
  pollMs?: number;
  log?: JobRunnerLog;
  /** Called once per finished job (the /metrics job counters and durations). */
  onJobDone?: (kind: string, outcome: 'done' | 'retried' | 'dead' | 'lost', ms: number) => void;
}

export const DEFAULT_POLL_MS = 1000;
/** After aborting, how long stop() still waits for the handler to give up. */
const ABORT_GRACE_MS = 1000;

async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([promise.then(() => true), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const silentLog: JobRunnerLog = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};

export class JobRunner {
  readonly #queue: JobQueue;
  readonly #handlers: Readonly<Record<string, JobHandler>>;
  readonly #kinds: string[];
  readonly #pollMs: number;
  readonly #log: JobRunnerLog;
  readonly #onJobDone: JobRunnerOptions['onJobDone'];
  #loop: Promise<void> | null = null;
  #stopping = false;
  #wake: (() => void) | null = null;
  #abort = new AbortController();
  /** Jobs this runner finished, by outcome (for logs and tests). */
  readonly stats = { done: 0, retried: 0, dead: 0, lost: 0 };

  constructor(queue: JobQueue, options: JobRunnerOptions) {
    this.#queue = queue;
    this.#handlers = options.handlers;
    this.#kinds = Object.keys(options.handlers);
    this.#pollMs = options.pollMs ?? DEFAULT_POLL_MS;
    this.#log = options.log ?? silentLog;
    this.#onJobDone = options.onJobDone;
  }

  get running(): boolean {
    return this.#loop !== null && !this.#stopping;
  }

  /** Starts polling (no-op when already started). */
  start(): void {
    if (this.#loop !== null) return;
    this.#stopping = false;
    this.#abort = new AbortController();
    this.#loop = this.#run();
  }

  /**
   * Stops claiming and waits for the job in flight up to `graceMs`; then aborts its handler through
   * the signal (the job is failed and retried later, or, if the handler ignores the signal, its
   * lease expires and another worker takes it). Idempotent.
   */
  async stop(graceMs = 8000): Promise<void> {
    const loop = this.#loop;
    if (loop === null) return;
    this.#stopping = true;
    this.#wake?.();
    if (!(await settlesWithin(loop, graceMs))) {
      this.#abort.abort(new Error('job runner stopping'));
      // A handler that honours the signal fails its job (retried later) within this second;
      // one that ignores it is left behind, and its lease expires.
      await settlesWithin(loop, ABORT_GRACE_MS);
    }
    this.#loop = null;
  }

  /** Claims and runs at most one job; returns whether one ran. */
  async runOnce(): Promise<boolean> {
    const job = await this.#queue.claim(this.#kinds);
    if (job === null) return false;
    await this.#execute(job);
    return true;
  }

  async #run(): Promise<void> {
    while (!this.#stopping) {
      let ran = false;
      try {
        ran = await this.runOnce();
      } catch (error) {
        // Database unreachable or busy: keep the worker alive and try again after a pause.
        this.#log.error({ err: error }, 'job claim failed');
      }
      if (!ran) await this.#sleep(this.#pollMs);
    }
  }

  #sleep(ms: number): Promise<void> {
    if (this.#stopping) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done(): void {
        clearTimeout(timer);
        resolve();
      }
      this.#wake = done;
    });
  }

  async #execute(job: ClaimedJob): Promise<void> {
    const handler = this.#handlers[job.kind];
    if (handler === undefined) return; // unreachable: only registered kinds are claimed
    const heartbeat = setInterval(
      () => {
        this.#queue.extend(job).then(
          (held) => {
            if (!held) this.#log.warn({ jobId: job.id }, 'job lease lost while running');
          },
          (error: unknown) => this.#log.warn({ err: error, jobId: job.id }, 'lease extend failed'),
        );
      },
      Math.max(10, Math.floor(this.#queue.leaseMs / 3)),
    );
    let failure: { error: unknown } | null = null;
    const started = performance.now();
    try {
      await handler(job, this.#abort.signal);
    } catch (error) {
      failure = { error };
    } finally {
      clearInterval(heartbeat);
    }
    const ms = Math.round(performance.now() - started);
    if (failure === null) {
      if (await this.#queue.complete(job)) {
        this.stats.done++;
        this.#onJobDone?.(job.kind, 'done', ms);
        this.#log.info({ jobId: job.id, kind: job.kind, ms }, 'job done');
      } else {
        this.stats.lost++;
        this.#onJobDone?.(job.kind, 'lost', ms);
        this.#log.warn({ jobId: job.id, kind: job.kind }, 'job finished after its lease was lost');
      }
      return;
    }
    const outcome = await this.#queue.fail(job, failure.error);
    if (outcome === 'dead') this.stats.dead++;
    else if (outcome === 'queued') this.stats.retried++;
    else this.stats.lost++;
    this.#onJobDone?.(
      job.kind,
      outcome === 'dead' ? 'dead' : outcome === 'queued' ? 'retried' : 'lost',
      ms,
    );
    this.#log.warn(
      { jobId: job.id, kind: job.kind, attempts: job.attempts, outcome, err: failure.error },
      'job failed',
    );
  }
}
