/**
 * Process entry: config -> database (migrated) -> optional synthetic seed -> app -> listen, and a
 * graceful shutdown on SIGTERM/SIGINT. Run directly (`tsx server/main.ts`) or through
 * scripts/start.ts, which calls main().
 */
import { realpathSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { createOfflineAnalyser } from './analysis/offline/index';
import { createLlmAnalyser } from './analysis/llm/index';
import { resolveJwtSecret } from './auth/secret';
import { ConfigError, describeDatabase, loadConfig, type Config } from './config';
import { createDb, type AtlasDb } from './db/createDb';
import { seedSyntheticArticles } from './db/seed';
import { JobQueue } from './jobs/queue';
import type { JobRunner } from './jobs/runner';
import {
  createPipelineRuntime,
  type PipelineRuntime,
  type PipelineSetup,
} from './pipeline/runtime';
import { ArticleEventLog } from './realtime/articleEventLog';
import type { Analyser } from './analysis/analyser';
import { buildWorkerApp, runsJobs, servesApi, startJobRunner, type JobRunnerSetup } from './worker';
import { AtlasMetrics } from './metrics/metrics';

/** After a shutdown signal, in-flight requests get this long before the process exits anyway. */
export const FORCE_EXIT_AFTER_MS = 10_000;
/** Fixed so that two benchmark runs with the same ATLAS_SEED_SYNTHETIC see the same articles. */
export const SYNTHETIC_SEED = 20_240_601;

export interface RunningServer {
  app: FastifyInstance;
  atlasDb: AtlasDb;
  /** e.g. http://127.0.0.1:3000 (0.0.0.0 is shown as 127.0.0.1, which is where it is reachable). */
  url: string;
  /** The background job runner (roles 'all' and 'worker'; null for 'api'). */
  jobs: JobRunner | null;
  /** Stops accepting, lets in-flight requests finish, then closes the database. Idempotent. */
  close(): Promise<void>;
}

export interface StartOptions {
  /** Job handlers and tuning for roles that run jobs (server/worker.ts). */
  jobs?: JobRunnerSetup;
  /** Replaces the configured analyser (tests: a poison-aware wrapper). */
  analyser?: Analyser;
  /** Pipeline tuning (scheduler tick, starter folder) for tests. */
  pipeline?: PipelineSetup;
}

/** How often an 'api' process reads the event log for a separate worker's events. */
export const EVENT_LOG_TAIL_MS = 500;

export async function startServer(
  config: Config,
  options: StartOptions = {},
): Promise<RunningServer> {
  const bootStart = performance.now();
  const atlasDb = await createDb(config);
  const events = new ArticleEventLog(atlasDb.db);
  // POST /api/articles/:id/analyze and the pipeline run the offline analyser (no network, no
  // model) unless a test or the configuration says otherwise.
  const analyser = options.analyser ?? configuredAnalyser(config, atlasDb, () => app.log);
  // One metrics registry per process, shared by the HTTP app and the job runner (/metrics).
  const metrics = new AtlasMetrics();
  let app: FastifyInstance;
  try {
    // ATLAS_ROLE=worker serves only /api/health (server/worker.ts).
    app = servesApi(config.role)
      ? await buildApp(config, {
          db: atlasDb.db,
          dialect: atlasDb.dialect,
          // ATLAS_JWT_SECRET, else generated once into var/ (server/auth/secret.ts).
          jwtSecret: await resolveJwtSecret(config),
          analyser,
          events,
          metrics,
          ...(atlasDb.poolStats === undefined ? {} : { poolStats: atlasDb.poolStats }),
          // A separate worker writes events this process must deliver (server/pipeline).
          ...(config.role === 'api' ? { realtime: { tailLogMs: EVENT_LOG_TAIL_MS } } : {}),
        })
      : await buildWorkerApp(config, { db: atlasDb.db, dialect: atlasDb.dialect, metrics });
  } catch (error) {
    await atlasDb.close();
    throw error;
  }
  try {
    app.log.info({ database: describeDatabase(config.database) }, 'database ready');
    if (config.seedSynthetic > 0) await seedIfEmpty(app, atlasDb, config.seedSynthetic);
  } catch (error) {
    await app.close();
    await atlasDb.close();
    throw error;
  }

  const queue = new JobQueue(atlasDb.db, atlasDb.dialect, options.jobs?.queue);
  let pipeline: PipelineRuntime | null = null;
  try {
    // Before listening: a first run stores the starter set now, so the first page is populated.
    if (runsJobs(config.role)) {
      pipeline = await createPipelineRuntime(
        config,
        { db: atlasDb.db, events, queue, analyser, log: app.log },
        options.pipeline,
      );
    }
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close();
    await atlasDb.close();
    throw error;
  }

  const address = app.server.address() as AddressInfo;
  const shownHost =
    address.address === '0.0.0.0' || address.address === '::'
      ? '127.0.0.1'
      : address.family === 'IPv6'
        ? `[${address.address}]`
        : address.address;
  const url = `http://${shownHost}:${address.port}`;
  const jobs =
    pipeline === null
      ? null
      : startJobRunner(
          { db: atlasDb.db, dialect: atlasDb.dialect, log: app.log },
          {
            ...options.jobs,
            onJobDone: (kind, outcome, ms) => metrics.jobFinished(kind, outcome, ms),
            handlers: { ...pipeline.handlers, ...options.jobs?.handlers },
          },
          queue,
        );
  pipeline?.start();
  app.log.info(
    { url, role: config.role, bootMs: Math.round(performance.now() - bootStart) },
    'ATLAS ready',
  );
  // A plain line for humans and for tests that start the server on port 0 and parse the port.
  process.stdout.write(`ATLAS listening on ${url}\n`);

  let closing: Promise<void> | null = null;
  return {
    app,
    atlasDb,
    url,
    jobs,
    close: () =>
      (closing ??= (async () => {
        try {
          // The job in flight finishes (or is aborted and left to its lease) before the DB closes.
          pipeline?.stop();
          await jobs?.stop();
          await app.close();
        } finally {
          await atlasDb.close();
        }
      })()),
  };
}

/**
 * The offline analyser, or with ATLAS_LLM_URL the LLM analyser with the offline one as its
 * field-by-field fallback (server/analysis/llm). The logger is read lazily: the app that owns it
 * is built after the analyser.
 */
function configuredAnalyser(
  config: Config,
  atlasDb: AtlasDb,
  log: () => FastifyInstance['log'],
): Analyser {
  const offline = createOfflineAnalyser();
  if (config.llm === undefined) return offline;
  return createLlmAnalyser({
    db: atlasDb.db,
    config: config.llm,
    offline,
    log: {
      warn: (details, message) => log().warn(details, message),
      info: (details, message) => log().info(details, message),
    },
  });
}

async function seedIfEmpty(app: FastifyInstance, atlasDb: AtlasDb, count: number): Promise<void> {
  const { n } = await atlasDb.db
    .selectFrom('articles')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  if (n > 0) {
    app.log.info({ existing: n }, 'ATLAS_SEED_SYNTHETIC ignored: articles table not empty');
    return;
  }
  const started = performance.now();
  const inserted = await seedSyntheticArticles(atlasDb.db, { count, seed: SYNTHETIC_SEED });
  app.log.info(
    { inserted, ms: Math.round(performance.now() - started) },
    'seeded synthetic articles',
  );
}

/** Exits 0 after a clean shutdown; a second signal or the deadline exits 1 at once. */
export function exitOnSignals(server: RunningServer): void {
  let shuttingDown = false;
  const onSignal = (signal: NodeJS.Signals): void => {
    if (shuttingDown) {
      server.app.log.warn({ signal }, 'second signal: exiting without waiting');
      process.exit(1);
    }
    shuttingDown = true;
    server.app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      server.app.log.error(`shutdown took over ${FORCE_EXIT_AFTER_MS} ms: forcing exit`);
      process.exit(1);
    }, FORCE_EXIT_AFTER_MS);
    force.unref();
    server.close().then(
      () => {
        server.app.log.info('shutdown complete');
        process.exit(0);
      },
      (error: unknown) => {
        server.app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}

/** Reads the config from the environment, starts, and exits on signals. */
export async function main(): Promise<RunningServer> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const server = await startServer(config);
  exitOnSignals(server);
  return server;
}

function isEntryPoint(): boolean {
  const entry = process.argv[1];
  if (entry === undefined) return false;
  try {
    return realpathSync(path.resolve(entry)) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isEntryPoint()) {
  main().catch((error: unknown) => {
    process.stderr.write(
      `ATLAS failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  });
}
