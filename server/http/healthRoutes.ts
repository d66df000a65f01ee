/**
 * GET /api/health: liveness and database reachability, for load balancers, `npm start` smoke
 * checks and the e2e tests. 503 when the database does not answer, so an orchestrator can take the
 * node out of rotation instead of serving errors.
 */
import { sql, type Kysely } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { Database, Dialect } from '../db/schema';

export interface HealthDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  version: string;
  /** Epoch ms the app was built; uptime is measured from it. */
  startedAt: number;
}

/**
 * A stuck database (PostgreSQL unreachable, SQLite lock held) must not make the health check hang
 * past a load balancer's own timeout: answer 503 instead.
 */
export const HEALTH_DB_TIMEOUT_MS = 2000;

const healthResponse = {
  type: 'object',
  required: ['status', 'version', 'database', 'uptimeSeconds'],
  properties: {
    status: { type: 'string', enum: ['ok', 'degraded'] },
    version: { type: 'string' },
    database: {
      type: 'object',
      required: ['ok', 'dialect'],
      properties: {
        ok: { type: 'boolean' },
        dialect: { type: 'string', enum: ['sqlite', 'postgres'] },
        error: { type: 'string' },
      },
    },
    uptimeSeconds: { type: 'number' },
  },
} as const;

export function registerHealthRoutes(app: FastifyInstance, deps: HealthDeps): void {
  app.get(
    '/api/health',
    { schema: { response: { 200: healthResponse, 503: healthResponse } } },
    async (_request, reply) => {
      const uptimeSeconds = Math.round((Date.now() - deps.startedAt) / 100) / 10;
      reply.header('cache-control', 'no-store');
      try {
        await withTimeout(sql`select 1`.execute(deps.db), HEALTH_DB_TIMEOUT_MS);
        return {
          status: 'ok',
          version: deps.version,
          database: { ok: true, dialect: deps.dialect },
          uptimeSeconds,
        };
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        reply.log.warn({ err: error }, 'health check: database unavailable');
        return reply.code(503).send({
          status: 'degraded',
          version: deps.version,
          database: { ok: false, dialect: deps.dialect, error: message },
          uptimeSeconds,
        });
      }
    },
  );
}

async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      reject(new Error(`database did not answer within ${ms} ms`));
    }, ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
