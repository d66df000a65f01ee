/**
 * Builds the Fastify app: API routes, geo routes, static client, JSON errors, security headers.
 * No listening and no process handling here (main.ts does that), so tests can build an app on a
 * temp database and listen on port 0.
 */
import { STATUS_CODES } from 'node:http';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from './config';
import type { Database, Dialect } from './db/schema';
import { registerArticleRoutes } from './http/articleRoutes';
import { registerGeoRoutes } from './http/geoRoutes';
import { registerHealthRoutes } from './http/healthRoutes';
import { registerSecurityHeaders } from './http/securityHeaders';
import { registerStaticFiles } from './http/staticFiles';
import { readPackageVersion } from './version';

export interface AppDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  /** Reported by /api/health; defaults to package.json's version. */
  version?: string;
}

export type AppConfig = Pick<Config, 'logLevel' | 'distDir' | 'publicDir'>;

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
  const app = Fastify({
    logger: { level: config.logLevel },
    requestTimeout: REQUEST_TIMEOUT_MS,
    bodyLimit: BODY_LIMIT_BYTES,
    // Fastify closes idle keep-alive sockets on close() so shutdown is not held by idle clients.
    forceCloseConnections: 'idle',
    // Behind a proxy this must become an explicit list; trusting X-Forwarded-For from anyone
    // would let clients choose their own rate-limit key (R2).
    trustProxy: false,
  });

  registerSecurityHeaders(app);

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
  registerArticleRoutes(app, { db: deps.db });
  await registerGeoRoutes(app, { publicDir: config.publicDir });

  const spa = await registerStaticFiles(app, {
    distDir: config.distDir,
    publicDir: config.publicDir,
  });

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = (request.url.split('?', 1)[0] ?? '/').slice(0, MAX_ECHOED_PATH);
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
