/**
 * Per-role API rate limits (spec section 6, RELIABILITY.md R2), our own small plugin instead of
 * @fastify/rate-limit, whose memory store is a 5,000-key LRU that resets evicted keys.
 *
 * - Limits per window: data/permissions.ts RATE_LIMITS (guest 100, user 1000, admin unlimited)
 *   per WINDOW_MS, fixed windows.
 * - Key: `user:<id>` when signed in, else `ip:<request.ip>`. trustProxy stays false in app.ts, so
 *   X-Forwarded-For cannot choose the key.
 * - Scope: /api/* except /api/health. Static files, geo assets and the SPA are not limited.
 * - Headers: x-ratelimit-limit, x-ratelimit-remaining, x-ratelimit-reset (seconds until the
 *   window ends). Over the limit: 429 {success:false, message:'Too many requests, retry in N s'}
 *   with retry-after (seconds). Unlimited roles get no headers.
 * - Store: MemoryStore, or RedisStore (falling back to memory while Redis is down) when REDIS_URL
 *   is set, so several API processes share counts.
 * Runs as an onRequest hook after the identity hook (it needs request.auth).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { RATE_LIMITS, type Role } from '../../data/permissions';
import { isApiPathname, requestPath } from './canonicalPath';
import type { RateLimitStore } from './rateLimitStore';

export const WINDOW_MS = 60_000;
/** Paths never limited: load balancers poll health. */
export const RATE_LIMIT_EXEMPT_PATHS: readonly string[] = ['/api/health'];

export interface RateLimitSettings {
  windowMs: number;
  /** Requests per window per role; negative = unlimited. */
  limits: Readonly<Record<Role, number>>;
}

export const DEFAULT_RATE_LIMITS: RateLimitSettings = { windowMs: WINDOW_MS, limits: RATE_LIMITS };

export function tooManyRequests(reply: FastifyReply, retryAfterSeconds: number): FastifyReply {
  return reply
    .code(429)
    .header('retry-after', String(retryAfterSeconds))
    .send({ success: false, message: `Too many requests, retry in ${retryAfterSeconds} s` });
}

/** Whole seconds until `resetAt` (at least 1, so a client never retries in a busy loop). */
export function secondsUntil(resetAt: number, now = Date.now()): number {
  return Math.max(1, Math.ceil((resetAt - now) / 1000));
}

export function registerRateLimit(
  app: FastifyInstance,
  store: RateLimitStore,
  settings: RateLimitSettings = DEFAULT_RATE_LIMITS,
): void {
  app.addHook('onRequest', async (request, reply) => {
    // request.url is canonical (app.ts rewriteUrl): the path the router matched (issue #28 V1).
    const pathname = requestPath(request);
    if (!isApiPathname(pathname)) return undefined;
    if (RATE_LIMIT_EXEMPT_PATHS.includes(pathname)) return undefined;
    const { user, role } = request.auth;
    const limit = settings.limits[role];
    if (limit < 0) return undefined;

    const key = user === null ? `ip:${request.ip}` : `user:${user.id}`;
    const result = await store.hit(key, settings.windowMs);
    const retryAfter = secondsUntil(result.resetAt);
    const remaining = result.refused ? 0 : Math.max(0, limit - result.count);
    void reply.headers({
      'x-ratelimit-limit': String(limit),
      'x-ratelimit-remaining': String(remaining),
      'x-ratelimit-reset': String(retryAfter),
    });
    if (result.refused || result.count > limit) {
      if (result.refused) request.log.warn({ key }, 'rate-limit store full: refusing a new key');
      return tooManyRequests(reply, retryAfter);
    }
    return undefined;
  });
}
