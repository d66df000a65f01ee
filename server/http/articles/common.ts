/**
 * What the article route files share: their dependencies, the error body and handler, and the
 * query schema fragments used by more than one route (one schema per shape, see schemas.ts).
 */
import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { Kysely } from 'kysely';
import type { Analyser } from '../../analysis/analyser';
import { FilterError } from '../../articles/filters';
import { gateArticlePayload, roleClass } from '../../articles/roleGate';
import { ListBusyError, type ResponseCache } from '../../articles/responseCache';
import type { RowFragments } from '../../articles/rowFragments';
import type { Database, Dialect } from '../../db/schema';

export interface ArticleRouteDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  /** POST /api/articles/:id/analyze answers 503 without one. */
  analyser?: Analyser;
  /** Clock for the hours windows (tests); default the real one. */
  now?: () => Date;
  /** Lifetime of cached list responses (responseCache.ts); 0 turns the cache off. */
  listCacheMs?: number;
  /** Uncached list work per client, ms per second (responseCache.ts); 0 = unbounded. */
  listBudgetMsPerSecond?: number;
}

/** What route files get: the deps plus the shared list cache and per-row JSON fragments. */
export interface ArticleRouteContext extends ArticleRouteDeps {
  cache: ResponseCache;
  fragments: RowFragments;
}

/**
 * Answers with the cached serialised body for this URL, computing it (and serialising it with
 * the route's response schema) on a miss.
 */
export async function sendCached(
  cache: ResponseCache,
  request: FastifyRequest,
  reply: FastifyReply,
  compute: () => Promise<unknown>,
): Promise<FastifyReply> {
  const body = await cache.get(
    listCacheKey(request),
    async () => {
      // Role-gated fields go before serialising: the key below separates the role classes.
      const serialised = reply.serialize(gateArticlePayload(await compute(), request.auth.role));
      if (typeof serialised === 'string') return Buffer.from(serialised, 'utf8');
      return Buffer.isBuffer(serialised) ? serialised : Buffer.from(new Uint8Array(serialised));
    },
    listClient(request),
  );
  return reply.type('application/json; charset=utf-8').send(body);
}

/**
 * sendCached for routes that build their JSON bytes themselves (lists joined from row fragments,
 * server/articles/rowFragments.ts): `compute` returns the exact body the response schema would
 * give, so nothing is serialised twice.
 */
export async function sendCachedJson(
  cache: ResponseCache,
  request: FastifyRequest,
  reply: FastifyReply,
  compute: () => Promise<Buffer>,
): Promise<FastifyReply> {
  const body = await cache.get(listCacheKey(request), compute, listClient(request));
  return reply.type('application/json; charset=utf-8').send(body);
}

/**
 * The list cache key (issue #28 V2): the route, its path parameters and the values of its
 * DOCUMENTED query parameters after validation, coercion and defaults. Unknown parameters
 * (`?cachebust=123`) and spellings of one value (`limit=010`) map to one entry, so they cannot
 * force a recomputation. The role class is part of it: guests and users get different bodies
 * (server/articles/roleGate.ts).
 */
export function listCacheKey(request: FastifyRequest): string {
  const schema = request.routeOptions.schema?.querystring as
    { properties?: Record<string, unknown> } | undefined;
  const query = (request.query ?? {}) as Record<string, unknown>;
  const values = Object.keys(schema?.properties ?? {})
    .sort()
    .filter((name) => query[name] !== undefined)
    .map((name) => [name, query[name]]);
  return JSON.stringify([
    request.routeOptions.url ?? '',
    roleClass(request.auth.role),
    request.params ?? {},
    values,
  ]);
}

/** Who pays for an uncached list: the signed-in user, else the client address. */
export function listClient(request: FastifyRequest): string {
  const user = request.auth.user;
  return user === null ? `ip:${request.ip}` : `user:${user.id}`;
}

/** Error body of the article calls: the spec's {success:false, message} plus the app's fields. */
export interface ArticleErrorBody {
  success: false;
  statusCode: number;
  error: string;
  message: string;
}

export function articleError(statusCode: number, message: string): ArticleErrorBody {
  return { success: false, statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message };
}

export function sendError(reply: FastifyReply, statusCode: number, message: string): FastifyReply {
  return reply.code(statusCode).send(articleError(statusCode, message));
}

/**
 * Route-level error handler: schema failures and FilterErrors are 400 with their message; 4xx
 * from Fastify (413 body too large, 415 media type, 400 bad JSON or __proto__ keys) keep theirs;
 * anything else is logged and answered without details (no SQL, paths or stacks to clients).
 */
export function articleErrorHandler(
  error: FastifyError | FilterError | ListBusyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  if (error instanceof ListBusyError) {
    reply.header('retry-after', String(error.retryAfterSeconds));
    sendError(reply, 429, error.message);
    return;
  }
  if (error instanceof FilterError || error.validation !== undefined) {
    sendError(reply, 400, error.message);
    return;
  }
  const status =
    typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 600
      ? error.statusCode
      : 500;
  if (status >= 500) {
    request.log.error({ err: error }, 'article request failed');
    sendError(reply, status, STATUS_CODES[status] ?? 'Server Error');
    return;
  }
  sendError(reply, status, error.message);
}

/** Largest hours window (a year: the spec's "all" time range). */
export const MAX_HOURS = 8760;

export const hoursSchema = (defaultHours?: number) =>
  ({
    type: 'integer',
    minimum: 1,
    maximum: MAX_HOURS,
    ...(defaultHours === undefined ? {} : { default: defaultHours }),
    description: 'Only articles created in the last N hours',
  }) as const;

export const limitSchema = (max: number, defaultLimit: number) =>
  ({ type: 'integer', minimum: 1, maximum: max, default: defaultLimit }) as const;

/** A decimal number literal, e.g. '12', '-0.5', '1e999', or JavaScript's 'Infinity' spelling. */
const NUMERIC = /^\s*[-+]?(?:\d+\.?\d*|\.\d+|Infinity)(?:e[-+]?\d+)?\s*$/i;

/**
 * preValidation: refuses query numbers that are or overflow to Infinity ('1e999', 'Infinity',
 * '-Infinity'). Ajv's type coercion turns them into Infinity and lets them through integer and
 * range checks, and they would then reach SQL (a 500) or Date (RangeError).
 */
export function finiteQueryNumbers(
  request: FastifyRequest,
  reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  const query = request.query;
  if (typeof query === 'object' && query !== null) {
    for (const [name, value] of Object.entries(query)) {
      const values: unknown[] = Array.isArray(value) ? value : [value];
      for (const v of values) {
        if (typeof v === 'string' && NUMERIC.test(v) && !Number.isFinite(Number(v))) {
          // Answered here; not calling done() ends the request (Fastify callback-hook rule).
          sendError(reply, 400, `querystring/${name} must be a finite number`);
          return;
        }
      }
    }
  }
  done();
}

/** preValidation for JSON-only routes: any other body media type is a 415 (R10). */
export function requireJsonBody(
  request: FastifyRequest,
  reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  const type = (request.headers['content-type'] ?? '').split(';', 1)[0]?.trim().toLowerCase();
  if (type !== 'application/json') {
    sendError(reply, 415, 'Content-Type must be application/json');
    return;
  }
  done();
}
