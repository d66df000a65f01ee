/**
 * Builds the Fastify app: API routes, geo routes, static client, JSON errors, security headers.
 * No listening and no process handling here (main.ts does that), so tests can build an app on a
 * temp database and listen on port 0.
 */
import { STATUS_CODES } from 'node:http';
import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Analyser } from './analysis/analyser';
import { registerAccounts, type AccountsOverrides } from './auth/accounts';
import type { Config } from './config';
import type { Database, Dialect } from './db/schema';
import { registerArticleRoutes } from './http/articleRoutes';
import { registerAskRoutes } from './http/askRoutes';
import { requestPath, rewriteToCanonical } from './http/canonicalPath';
import { registerCompression } from './http/compression';
import { registerCors } from './http/cors';
import { registerFeedRoutes } from './http/feedRoutes';
import { registerGazetteerRoutes } from './http/gazetteerRoutes';
import { registerGeoRoutes } from './http/geoRoutes';
import { registerHealthRoutes } from './http/healthRoutes';
import { registerOpenApi } from './http/openapi';
import { AtlasMetrics, type PoolStats } from './metrics/metrics';
import { registerMetricsRoutes } from './http/metricsRoutes';
import { AuditLog } from './admin/audit';
import { registerAdminRoutes } from './http/adminRoutes';
import { registerAlertRoutes } from './http/alertRoutes';
import { registerReverseGeocodeRoutes } from './http/reverseGeocodeRoutes';
import { registerRequestDeadline } from './http/requestDeadline';
import { registerSecurityHeaders } from './http/securityHeaders';
import { registerSiteRoutes } from './http/siteRoutes';
import { registerStatusRoutes } from './http/statusRoutes';
import { registerStaticFiles } from './http/staticFiles';
import { ArticleEventLog } from './realtime/articleEventLog';
import { registerRealtime, type RealtimeOptions } from './realtime/socketServer';
import { socketTokenVerifier } from './realtime/tokenIdentity';
import { readPackageVersion } from './version';

declare module 'fastify' {
  interface FastifyInstance {
    /** The article event log; routes that change articles record and announce through it. */
    articleEvents: ArticleEventLog;
    /** The audit log (sign-ins, role changes, admin actions): server/admin/audit.ts. */
    audit: AuditLog;
  }
}

export interface AppDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  /** Reported by /api/health; defaults to package.json's version. */
  version?: string;
  /** Article change events (new, update, analyzed); created on `db` when not given. */
  events?: ArticleEventLog;
  /**
   * JWT secret as resolved by server/auth/secret.ts resolveJwtSecret (main.ts does this). Falls
   * back to config.jwtSecret, then to a random in-memory secret (tokens die with the process).
   */
  jwtSecret?: string;
  /** Rate-limit and login-limit overrides for tests and benchmarks (server/auth/accounts.ts). */
  accounts?: AccountsOverrides;
  /** Runs POST /api/articles/:id/analyze; without one that call answers 503. */
  analyser?: Analyser;
  /** Operator metrics (/metrics); main.ts shares one with the job runner. Created when absent. */
  metrics?: AtlasMetrics;
  /** PostgreSQL pool counts for /metrics (server/db/createDb.ts). */
  poolStats?: () => PoolStats;
  /** Overrides REQUEST_TIMEOUT_MS (tests of slow clients). */
  requestTimeoutMs?: number;
  /** Lifetime of cached public article lists (server/articles/responseCache.ts); 0 = off. */
  articleListCacheMs?: number;
  /** Uncached list work per client, ms per second (responseCache.ts); 0 = unbounded (benches). */
  articleListBudgetMs?: number;
  /** Socket tuning for tests and benchmarks (server/realtime/socketServer.ts). */
  realtime?: Partial<
    Pick<
      RealtimeOptions,
      | 'metricsIntervalMs'
      | 'revalidateIntervalMs'
      | 'maxBufferedPackets'
      | 'verifyToken'
      | 'now'
      | 'tailLogMs'
    >
  >;
}

export type AppConfig = Pick<
  Config,
  | 'logLevel'
  | 'distDir'
  | 'publicDir'
  | 'jwtSecret'
  | 'redisUrl'
  | 'corsOrigins'
  | 'redisKeyPrefix'
  | 'feedAllowPrivate'
  | 'metricsAllow'
  | 'llm'
  | 'contactEmail'
  | 'trustProxy'
> &
  // Whether the pipeline ingests (GET /api/public/status); absent counts as off.
  Partial<Pick<Config, 'ingest'>>;

/**
 * Whole-request deadline (headers + body). Node's default is none, which lets slow clients hold
 * sockets forever (RELIABILITY.md R10). The client's own timeout is 10 s; 30 s leaves room for
 * slow mobile uploads.
 */
export const REQUEST_TIMEOUT_MS = 30_000;
/** Largest accepted request body. The API takes small JSON (login, settings); nothing uploads. */
export const BODY_LIMIT_BYTES = 1024 * 1024;
/** Longest path echoed back in a 404 message. */
const MAX_ECHOED_PATH = 200;

export async function buildApp(config: AppConfig, deps: AppDeps): Promise<FastifyInstance> {
  const startedAt = Date.now();
  const events = deps.events ?? new ArticleEventLog(deps.db);
  const app = Fastify({
    // `npm run dev` sets ATLAS_LOG_PRETTY=1: readable lines through pino-pretty (a dev
    // dependency, so production stays on plain JSON lines).
    logger:
      process.env['ATLAS_LOG_PRETTY'] === '1'
        ? {
            level: config.logLevel,
            transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss' } },
          }
        : { level: config.logLevel },
    requestTimeout: deps.requestTimeoutMs ?? REQUEST_TIMEOUT_MS,
    // Node checks request deadlines only every connectionsCheckingInterval (default 30 s), which
    // would let a slow client live up to twice the deadline.
    http: {
      connectionsCheckingInterval: Math.max(
        50,
        Math.min(1000, Math.floor((deps.requestTimeoutMs ?? REQUEST_TIMEOUT_MS) / 4)),
      ),
    },
    bodyLimit: BODY_LIMIT_BYTES,
    // Fastify's defaults, stated: JSON with __proto__ or constructor.prototype keys is a 400.
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    // Fastify closes idle keep-alive sockets on close() so shutdown is not held by idle clients.
    forceCloseConnections: 'idle',
    // ATLAS_TRUST_PROXY: an explicit list of proxy addresses, never 'trust all': trusting
    // X-Forwarded-For from anyone would let clients choose their own rate-limit key (R2).
    trustProxy:
      config.trustProxy !== undefined && config.trustProxy.length > 0 ? config.trustProxy : false,
    // Issue #28 V1: one canonical path for the router and every path-keyed hook.
    rewriteUrl: rewriteToCanonical,
  });

  app.decorate('articleEvents', events);
  app.decorate(
    'audit',
    new AuditLog(deps.db, (error) => {
      app.log.error({ err: error }, 'audit log write failed');
    }),
  );
  // Before any route: the OpenAPI document is collected from routes as they are added.
  await registerOpenApi(app, { version: deps.version ?? readPackageVersion() });
  // Node's requestTimeout stops covering the body once the request reaches the app.
  registerRequestDeadline(app, deps.requestTimeoutMs ?? REQUEST_TIMEOUT_MS);
  registerSecurityHeaders(app);
  // Compressed JSON and ETags on API replies (issue #29): before any route.
  await registerCompression(app);
  // CORS, identity and rate limits are onRequest hooks: registered before every route.
  registerCors(app, { origins: config.corsOrigins });
  let jwtSecret = deps.jwtSecret ?? config.jwtSecret;
  if (jwtSecret === null) {
    app.log.warn('no JWT secret configured: using a random one; tokens end with this process');
    jwtSecret = randomBytes(48).toString('base64url');
  }
  registerAccounts(app, {
    // ATLAS_REDIS_PREFIX separates deployments sharing one Redis; counters get their own space.
    ...(config.redisKeyPrefix === undefined
      ? {}
      : { redisKeyPrefix: `${config.redisKeyPrefix}:rl:` }),
    ...deps.accounts,
    db: deps.db,
    jwtSecret,
    redisUrl: config.redisUrl,
  });
  // socket.io on app.server (attached when the app is ready, closed before the HTTP server).
  registerRealtime(app, {
    verifyToken: socketTokenVerifier(app.accounts.tokens),
    ...deps.realtime,
    db: deps.db,
    events,
    corsOrigins: config.corsOrigins,
    redisUrl: config.redisUrl,
    ...(config.redisKeyPrefix === undefined ? {} : { redisKeyPrefix: config.redisKeyPrefix }),
  });

  const metrics = deps.metrics ?? new AtlasMetrics();
  metrics.attach({
    db: deps.db,
    socketClients: () => app.realtime.localClients(),
    ...(deps.poolStats === undefined ? {} : { pool: deps.poolStats }),
  });
  registerMetricsRoutes(app, {
    metrics,
    ...(config.metricsAllow === undefined ? {} : { allow: config.metricsAllow }),
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.validation !== undefined) {
      return reply.code(400).send(errorBody(400, error.message));
    }
    const status =
      typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 600
        ? error.statusCode
        : 500;
    if (status >= 500) {
      // Details go to the log only: messages of unexpected errors can leak SQL, paths, secrets.
      request.log.error({ err: error }, 'request failed');
      return reply.code(status).send(errorBody(status, STATUS_CODES[status] ?? 'Server Error'));
    }
    return reply.code(status).send(errorBody(status, error.message));
  });

  registerHealthRoutes(app, {
    db: deps.db,
    dialect: deps.dialect,
    version: deps.version ?? readPackageVersion(),
    startedAt,
  });
  registerArticleRoutes(app, {
    db: deps.db,
    dialect: deps.dialect,
    ...(deps.analyser === undefined ? {} : { analyser: deps.analyser }),
    ...(deps.articleListCacheMs === undefined ? {} : { listCacheMs: deps.articleListCacheMs }),
    ...(deps.articleListBudgetMs === undefined
      ? {}
      : { listBudgetMsPerSecond: deps.articleListBudgetMs }),
  });
  registerFeedRoutes(app, { db: deps.db, allowPrivate: config.feedAllowPrivate ?? false });
  registerAdminRoutes(app, {
    db: deps.db,
    dialect: deps.dialect,
    audit: app.audit,
    version: deps.version ?? readPackageVersion(),
    startedAt,
    // main.ts passes the whole configuration; only the picked fields are typed here.
    config,
    allowPrivateFeeds: config.feedAllowPrivate ?? false,
  });
  await registerGeoRoutes(app, { publicDir: config.publicDir });
  registerGazetteerRoutes(app, { publicDir: config.publicDir });
  registerReverseGeocodeRoutes(app);
  // The spatial workspace's article questions (LLM when configured, else the offline answer).
  registerAskRoutes(app, { db: deps.db, llm: config.llm });
  // Alerts on saved topics and regions: matched as the socket layer delivers new articles.
  registerAlertRoutes(app, { db: deps.db });
  registerStatusRoutes(app, { db: deps.db, ingest: config.ingest ?? false });
  registerSiteRoutes(
    app,
    config.contactEmail === undefined ? {} : { contactEmail: config.contactEmail },
  );

  const spa = await registerStaticFiles(app, {
    distDir: config.distDir,
    publicDir: config.publicDir,
  });

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = requestPath(request).slice(0, MAX_ECHOED_PATH);
    if (pathname === '/api' || pathname.startsWith('/api/')) {
      return reply.code(404).send(errorBody(404, `No API route ${request.method} ${pathname}`));
    }
    if (spa.accepts(request)) return spa.send(reply);
    return reply.code(404).send(errorBody(404, `Not found: ${request.method} ${pathname}`));
  });

  return app;
}

export interface ErrorBody {
  statusCode: number;
  error: string;
  message: string;
}

function errorBody(statusCode: number, message: string): ErrorBody {
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message };
}
