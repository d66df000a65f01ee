/**
 * The role switch (ATLAS_ROLE, server/config.ts):
 * - 'all' (default, `npm start`): the full app and the background job runner in one process.
 * - 'api': the full app (HTTP + sockets) and no background jobs; run several behind a balancer.
 * - 'worker': the job runner, plus only GET /api/health on its port for probes.
 * main.ts picks the app with buildWorkerApp / buildApp and starts the runner with
 * startJobRunner when the role runs jobs.
 */
import { STATUS_CODES } from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config, ServerRole } from './config';
import type { Database, Dialect } from './db/schema';
import { rewriteToCanonical } from './http/canonicalPath';
import { registerHealthRoutes } from './http/healthRoutes';
import { registerMetricsRoutes } from './http/metricsRoutes';
import { AtlasMetrics } from './metrics/metrics';
import { registerSecurityHeaders } from './http/securityHeaders';
import { JobQueue, type JobQueueOptions } from './jobs/queue';
import {
  JobRunner,
  type JobHandler,
  type JobRunnerLog,
  type JobRunnerOptions,
} from './jobs/runner';
import { readPackageVersion } from './version';

/** Whether this role serves the API and client (otherwise only /api/health). */
export function servesApi(role: ServerRole): boolean {
  return role !== 'worker';
}

/** Whether this role runs the background job runner. */
export function runsJobs(role: ServerRole): boolean {
  return role !== 'api';
}

/** The worker's HTTP surface: /api/health for load balancers and orchestrators, JSON 404s. */
export async function buildWorkerApp(
  config: Pick<Config, 'logLevel' | 'metricsAllow'>,
  deps: { db: Kysely<Database>; dialect: Dialect; version?: string; metrics?: AtlasMetrics },
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    requestTimeout: 30_000,
    bodyLimit: 1024,
    forceCloseConnections: 'idle',
    trustProxy: false,
    rewriteUrl: rewriteToCanonical,
  });
  registerSecurityHeaders(app);
  registerHealthRoutes(app, {
    db: deps.db,
    dialect: deps.dialect,
    version: deps.version ?? readPackageVersion(),
    startedAt: Date.now(),
  });
  // The job counters live in this process: /metrics for the allow-listed scraper.
  const metrics = deps.metrics ?? new AtlasMetrics();
  metrics.attach({ db: deps.db });
  registerMetricsRoutes(app, {
    metrics,
    ...(config.metricsAllow === undefined ? {} : { allow: config.metricsAllow }),
  });
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = (request.url.split('?', 1)[0] ?? '/').slice(0, 200);
    return reply.code(404).send({
      statusCode: 404,
      error: STATUS_CODES[404] ?? 'Not Found',
      message: `Not found: ${request.method} ${pathname} (this is an ATLAS worker; it serves only /api/health)`,
    });
  });
  app.setErrorHandler(async (error: unknown, request, reply) => {
    request.log.error({ err: error }, 'request failed');
    const error500 = STATUS_CODES[500] ?? 'Internal Server Error';
    return reply.code(500).send({ statusCode: 500, error: error500, message: error500 });
  });
  return app;
}

/**
 * Job handlers by kind that every job-running process has besides the pipeline's
 * (server/pipeline/runtime.ts adds 'feed:fetch' and 'article:analyse'); tests add their own
 * through startServer's options.
 */
export const DEFAULT_JOB_HANDLERS: Readonly<Record<string, JobHandler>> = {};

export interface JobRunnerSetup {
  handlers?: Readonly<Record<string, JobHandler>>;
  pollMs?: number;
  queue?: JobQueueOptions;
  onJobDone?: JobRunnerOptions['onJobDone'];
}

/** Creates and starts the runner over the `jobs` table. */
export function startJobRunner(
  deps: { db: Kysely<Database>; dialect: Dialect; log: JobRunnerLog },
  setup: JobRunnerSetup = {},
  queue: JobQueue = new JobQueue(deps.db, deps.dialect, setup.queue),
): JobRunner {
  const handlers = setup.handlers ?? DEFAULT_JOB_HANDLERS;
  const runner = new JobRunner(queue, {
    handlers,
    log: deps.log,
    ...(setup.pollMs === undefined ? {} : { pollMs: setup.pollMs }),
    ...(setup.onJobDone === undefined ? {} : { onJobDone: setup.onJobDone }),
  });
  runner.start();
  deps.log.info({ kinds: Object.keys(handlers) }, 'job runner started');
  return runner;
}
