/**
 * Operator metrics in Prometheus' text format (prom-client), served at /metrics
 * (server/http/metricsRoutes.ts). One registry per process (not prom-client's global one, so
 * tests can build many apps in one process). What is counted where:
 *
 * - HTTP: a latency histogram by method, route pattern and status class (an onResponse hook),
 *   and the rate limiter's 429s by role.
 * - Sockets: connected clients (read at scrape time) and socket.io event frames sent (engine.io's
 *   packetCreate on each connection).
 * - Jobs (ingest, analysis): outcomes and durations by kind (the job runner's onJobDone), queue
 *   depth by kind and status (read from the jobs table at scrape time).
 * - Feeds: feeds whose last fetch failed and their consecutive failures (feeds table, at scrape).
 * - Database: the PostgreSQL pool's total/idle/waiting clients; SQLite has no pool.
 * - Process: prom-client's default Node metrics (CPU, memory, event-loop lag, GC).
 *
 * Scrape-time reads are bounded (two small GROUP BY queries) and cached for 5 s, so a tight
 * scrape interval cannot load the database.
 */
import type { Kysely } from 'kysely';
import {
  Counter,
  Gauge,
  Histogram,
  Registry,
  collectDefaultMetrics,
  type CounterConfiguration,
} from 'prom-client';
import type { Database } from '../db/schema';

export interface PoolStats {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

export interface MetricsSources {
  db?: Kysely<Database>;
  socketClients?: () => number;
  pool?: () => PoolStats | null;
}

/** Scrape-time database reads are reused for this long. */
const DB_READ_CACHE_MS = 5000;

const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const JOB_BUCKETS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

export class AtlasMetrics {
  readonly registry = new Registry();
  readonly httpDuration: Histogram<'method' | 'route' | 'status'>;
  readonly rateLimited: Counter<'role'>;
  readonly socketEventsSent: Counter;
  readonly jobsDone: Counter<'kind' | 'outcome'>;
  readonly jobDuration: Histogram<'kind' | 'outcome'>;
  private sources: MetricsSources = {};
  private dbRead: {
    at: number;
    value: Promise<{ jobs: JobRow[]; feeds: { failing: number; failures: number } }>;
  } | null = null;

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: 'atlas_' });
    const counter = <L extends string>(cfg: CounterConfiguration<L>): Counter<L> =>
      new Counter({ ...cfg, registers: [this.registry] });
    this.httpDuration = new Histogram({
      name: 'atlas_http_request_duration_seconds',
      help: 'HTTP request latency by method, route pattern and status class',
      labelNames: ['method', 'route', 'status'],
      buckets: HTTP_BUCKETS,
      registers: [this.registry],
    });
    this.rateLimited = counter({
      name: 'atlas_http_rate_limited_total',
      help: 'Requests refused with 429 by the per-role rate limit',
      labelNames: ['role'],
    });
    this.socketEventsSent = counter({
      name: 'atlas_socket_events_sent_total',
      help: 'socket.io event frames sent to clients',
    });
    this.jobsDone = counter({
      name: 'atlas_jobs_total',
      help: 'Jobs finished by kind (ingest, analyse...) and outcome (done, retried, dead, lost)',
      labelNames: ['kind', 'outcome'],
    });
    this.jobDuration = new Histogram({
      name: 'atlas_job_duration_seconds',
      help: 'Job run time by kind and outcome',
      labelNames: ['kind', 'outcome'],
      buckets: JOB_BUCKETS,
      registers: [this.registry],
    });

    // collect() runs with the gauge as `this`; these reach the metrics object.
    const sources = (): MetricsSources => this.sources;
    const readDb = () => this.readDb();
    new Gauge({
      name: 'atlas_socket_clients',
      help: 'Sockets connected to this process',
      registers: [this.registry],
      collect() {
        this.set(sources().socketClients?.() ?? 0);
      },
    });
    new Gauge({
      name: 'atlas_job_queue_depth',
      help: 'Jobs in the queue by kind and status (queued, running, dead)',
      labelNames: ['kind', 'status'],
      registers: [this.registry],
      async collect() {
        const read = await readDb();
        this.reset();
        for (const row of read?.jobs ?? []) this.set({ kind: row.kind, status: row.status }, row.n);
      },
    });
    new Gauge({
      name: 'atlas_feeds_failing',
      help: 'Enabled feeds whose last fetch failed',
      registers: [this.registry],
      async collect() {
        this.set((await readDb())?.feeds.failing ?? 0);
      },
    });
    new Gauge({
      name: 'atlas_feed_failures',
      help: 'Consecutive failures summed over enabled feeds',
      registers: [this.registry],
      async collect() {
        this.set((await readDb())?.feeds.failures ?? 0);
      },
    });
    new Gauge({
      name: 'atlas_db_pool_clients',
      help: 'PostgreSQL pool clients by state (absent on SQLite)',
      labelNames: ['state'],
      registers: [this.registry],
      collect() {
        const pool = sources().pool?.() ?? null;
        this.reset();
        if (pool === null) return;
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
  }

  /** Where scrape-time values come from (set once the app and database exist). */
  attach(sources: MetricsSources): void {
    this.sources = { ...this.sources, ...sources };
  }

  /** The job runner's hook: one finished job. */
  jobFinished(kind: string, outcome: string, ms: number): void {
    this.jobsDone.inc({ kind, outcome });
    this.jobDuration.observe({ kind, outcome }, ms / 1000);
  }

  async text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  private readDb(): Promise<{
    jobs: JobRow[];
    feeds: { failing: number; failures: number };
  } | null> {
    const db = this.sources.db;
    if (db === undefined) return Promise.resolve(null);
    const now = Date.now();
    if (this.dbRead === null || now - this.dbRead.at > DB_READ_CACHE_MS) {
      this.dbRead = { at: now, value: readDbCounts(db) };
    }
    return this.dbRead.value.catch(() => null);
  }
}

interface JobRow {
  kind: string;
  status: string;
  n: number;
}

async function readDbCounts(
  db: Kysely<Database>,
): Promise<{ jobs: JobRow[]; feeds: { failing: number; failures: number } }> {
  const [jobs, feeds] = await Promise.all([
    db
      .selectFrom('jobs')
      .select(['kind', 'status', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('status', '!=', 'done')
      .groupBy(['kind', 'status'])
      .execute(),
    db
      .selectFrom('feeds')
      .select([
        (eb) => eb.fn.countAll<number | string>().as('failing'),
        (eb) => eb.fn.sum<number | string | null>('failures').as('failures'),
      ])
      .where('enabled', '=', 1)
      .where('last_error', 'is not', null)
      .executeTakeFirst(),
  ]);
  return {
    jobs: jobs.map((r) => ({ kind: r.kind, status: r.status, n: Number(r.n) })),
    feeds: { failing: Number(feeds?.failing ?? 0), failures: Number(feeds?.failures ?? 0) },
  };
}
