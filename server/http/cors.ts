/**
 * Exact-origin CORS (RELIABILITY.md R8). Only origins listed in ATLAS_CORS_ORIGINS get
 * `access-control-allow-origin: <that origin>`; nothing is wildcarded or reflected, and no
 * credentials header is sent (the API authenticates with bearer tokens, not cookies). Preflights
 * from listed origins get 204 with the allowed methods and headers; preflights from any other
 * origin get 403 and no CORS headers. Same-origin requests need none of this.
 * Runs as an onRequest hook before identity and rate limiting, so preflights are not counted and
 * a 401/429 from an allowed origin is still readable by its page.
 */
import type { FastifyInstance } from 'fastify';

export const CORS_ALLOWED_METHODS = 'GET, POST, PUT, PATCH, DELETE, OPTIONS';
export const CORS_ALLOWED_HEADERS = 'Authorization, Content-Type';
/** Headers a cross-origin page may read (rate-limit state for its back-off). */
export const CORS_EXPOSED_HEADERS =
  'x-ratelimit-limit, x-ratelimit-remaining, x-ratelimit-reset, retry-after';
/** How long browsers may cache a preflight answer (seconds). */
export const CORS_MAX_AGE_SECONDS = 600;

export interface CorsOptions {
  /** Exact origins (scheme://host[:port]), as validated by server/config.ts. */
  origins: readonly string[];
}

export function registerCors(app: FastifyInstance, options: CorsOptions): void {
  const allowed = new Set(options.origins);
  app.addHook('onRequest', async (request, reply) => {
    // Answers differ by Origin, so caches must key on it whenever any origin is allowed.
    if (allowed.size > 0) void reply.header('vary', 'Origin');
    const origin = request.headers.origin;
    if (origin === undefined) return undefined;
    const isAllowed = allowed.has(origin);
    const isPreflight =
      request.method === 'OPTIONS' &&
      request.headers['access-control-request-method'] !== undefined;
    if (isPreflight) {
      if (!isAllowed) {
        return reply.code(403).send({ success: false, message: 'Origin not allowed' });
      }
      return reply
        .code(204)
        .headers({
          'access-control-allow-origin': origin,
          'access-control-allow-methods': CORS_ALLOWED_METHODS,
          'access-control-allow-headers': CORS_ALLOWED_HEADERS,
          'access-control-max-age': String(CORS_MAX_AGE_SECONDS),
          vary: 'Origin',
        })
        .send();
    }
    if (isAllowed) {
      void reply.headers({
        'access-control-allow-origin': origin,
        'access-control-expose-headers': CORS_EXPOSED_HEADERS,
        vary: 'Origin',
      });
    }
    return undefined;
  });
}
