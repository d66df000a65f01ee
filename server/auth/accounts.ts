/**
 * Wires accounts into the app, in this order of onRequest hooks (after CORS):
 *   identity (request.auth) -> per-role rate limit -> 401 for rejected tokens
 * then the account, admin and preferences routes. Exposes `app.accounts` ({users, tokens}) for
 * other server parts, e.g. the socket layer verifying a handshake token:
 *   const user = await app.accounts.tokens.verify(token); // UserRow | null
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { registerAuthRoutes } from '../http/authRoutes';
import { registerPreferencesRoutes } from '../http/preferencesRoutes';
import { DEFAULT_RATE_LIMITS, registerRateLimit, type RateLimitSettings } from '../http/rateLimit';
import {
  FallbackStore,
  MemoryStore,
  RedisStore,
  type MemoryStoreOptions,
  type RateLimitStore,
} from '../http/rateLimitStore';
import { registerIdentity, registerTokenRejection } from './identity';
import { DEFAULT_LOGIN_LIMITS, LoginLimiter, type LoginLimits } from './loginLimiter';
import { AccessTokens } from './tokens';
import { UserRepository } from './users';

declare module 'fastify' {
  interface FastifyInstance {
    /** Account repository and token service (server/auth). */
    accounts: { users: UserRepository; tokens: AccessTokens };
  }
}

/** How long app start-up waits for the rate-limit Redis connection before going on without. */
const REDIS_READY_TIMEOUT_MS = 2000;

/** Overrides for tests and benchmarks (AppDeps.accounts). */
export interface AccountsOverrides {
  /** Per-role API limits and window; false turns the per-role API limit off (login limit stays). */
  rateLimit?: Partial<RateLimitSettings> | false;
  loginLimits?: Partial<LoginLimits>;
  /** Memory-store tuning (cap on distinct keys, sweep interval). */
  memoryStore?: MemoryStoreOptions;
  /** Prefix for Redis keys (default 'atlas:rl:'); lets tests share one Redis without clashing. */
  redisKeyPrefix?: string;
  /** Clock for token times (tests of expiry). */
  now?: () => number;
}

export interface AccountsOptions extends AccountsOverrides {
  db: Kysely<Database>;
  jwtSecret: string;
  redisUrl: string | null;
}

export function registerAccounts(app: FastifyInstance, options: AccountsOptions): void {
  const users = new UserRepository(options.db);
  const tokens = new AccessTokens(options.jwtSecret, options.db, options.now);
  app.decorate('accounts', { users, tokens });

  const makeStore = (label: string): RateLimitStore => {
    const memory = new MemoryStore(options.memoryStore);
    if (options.redisUrl === null) return memory;
    const redis = new RedisStore(options.redisUrl, {
      keyPrefix: `${options.redisKeyPrefix ?? 'atlas:rl:'}${label}:`,
    });
    // Counted in Redis from the first request, not locally while the connection comes up.
    app.addHook('onReady', async () => {
      if (!(await redis.ready(REDIS_READY_TIMEOUT_MS))) {
        app.log.warn(`rate-limit store (${label}): Redis not ready yet, counting locally`);
      }
    });
    return new FallbackStore(redis, memory, (error) => {
      app.log.warn({ err: error }, `rate-limit store (${label}): Redis failed, counting locally`);
    });
  };
  const apiStore = makeStore('api');
  // Separate stores: a flood of API keys can never crowd out (or be refused for) login counts.
  const loginStore = makeStore('login');
  app.addHook('onClose', async () => {
    await Promise.all([apiStore.close(), loginStore.close()]);
  });

  registerIdentity(app, tokens);
  if (options.rateLimit !== false) {
    registerRateLimit(app, apiStore, { ...DEFAULT_RATE_LIMITS, ...options.rateLimit });
  }
  registerTokenRejection(app);

  const loginLimiter = new LoginLimiter(loginStore, {
    ...DEFAULT_LOGIN_LIMITS,
    ...options.loginLimits,
  });
  registerAuthRoutes(app, { users, tokens, loginLimiter });
  registerPreferencesRoutes(app, { users });
}
