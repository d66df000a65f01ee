/**
 * Counter stores for the rate limiters (server/http/rateLimit.ts, server/auth/loginLimiter.ts).
 * Fixed windows: a key's first hit opens a window of `windowMs`; hits in it add up; the window's
 * end resets the count.
 *
 * - MemoryStore: one process. Unlike @fastify/rate-limit's 5,000-key LRU (RELIABILITY.md: an
 *   evicted key silently starts again from zero, so an attacker who sprays keys resets everyone's
 *   count), it never drops a live window. Expired windows are swept periodically, so memory is
 *   bounded by the keys active within one window; past a hard cap, NEW keys are refused (the
 *   limiter answers 429) instead of evicting anyone.
 * - RedisStore: several API processes share counts (REDIS_URL). INCR + PEXPIRE run in one Lua
 *   script, so the window can never be left without an expiry. Commands fail fast while Redis is
 *   unreachable (no offline queue) and FallbackStore then counts in memory, per process, until
 *   Redis answers again: the limits stay in force, just not shared.
 */
import { Redis } from 'ioredis';

export interface WindowCount {
  count: number;
  /** Epoch ms when the window ends and the count starts again. */
  resetAt: number;
}

/** `refused`: the store is full and will not track this new key (treat as over the limit). */
export type HitResult = (WindowCount & { refused: false }) | { refused: true; resetAt: number };

export interface RateLimitStore {
  /** Adds one to `key`'s count, opening a window of `windowMs` when none is running. */
  hit(key: string, windowMs: number): Promise<HitResult>;
  /** The running window of `key`, if any, without counting. */
  get(key: string): Promise<WindowCount | null>;
  /** Forgets `key`'s window (a successful login clears its failures). */
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

/** Distinct live keys one MemoryStore tracks at most (~150 bytes each: ~30 MB). */
export const DEFAULT_MAX_KEYS = 200_000;
/** How often expired windows are swept. */
export const DEFAULT_SWEEP_INTERVAL_MS = 30_000;
/** At the cap, a refused key triggers a sweep at most this often (a sweep walks every key). */
const MIN_FORCED_SWEEP_GAP_MS = 1000;

export interface MemoryStoreOptions {
  maxKeys?: number;
  sweepIntervalMs?: number;
  now?: () => number;
}

export class MemoryStore implements RateLimitStore {
  private readonly windows = new Map<string, WindowCount>();
  private readonly maxKeys: number;
  private readonly now: () => number;
  private readonly timer: NodeJS.Timeout;
  private lastSweep = 0;

  constructor(options: MemoryStoreOptions = {}) {
    this.maxKeys = options.maxKeys ?? DEFAULT_MAX_KEYS;
    this.now = options.now ?? Date.now;
    this.timer = setInterval(() => {
      this.sweep();
    }, options.sweepIntervalMs ?? DEFAULT_SWEEP_INTERVAL_MS);
    // The sweep must never keep a process (or a test run) alive.
    this.timer.unref();
  }

  /** Live keys currently tracked (for tests and metrics). */
  get size(): number {
    return this.windows.size;
  }

  hit(key: string, windowMs: number): Promise<HitResult> {
    const now = this.now();
    let entry = this.windows.get(key);
    if (entry === undefined || entry.resetAt <= now) {
      if (entry === undefined && this.windows.size >= this.maxKeys) {
        if (now - this.lastSweep >= MIN_FORCED_SWEEP_GAP_MS) this.sweep();
        if (this.windows.size >= this.maxKeys) {
          return Promise.resolve({ refused: true, resetAt: now + windowMs });
        }
      }
      entry = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, entry);
    }
    entry.count += 1;
    return Promise.resolve({ refused: false, count: entry.count, resetAt: entry.resetAt });
  }

  get(key: string): Promise<WindowCount | null> {
    const entry = this.windows.get(key);
    if (entry === undefined || entry.resetAt <= this.now()) return Promise.resolve(null);
    return Promise.resolve({ count: entry.count, resetAt: entry.resetAt });
  }

  reset(key: string): Promise<void> {
    this.windows.delete(key);
    return Promise.resolve();
  }

  /** Drops every expired window. */
  sweep(): void {
    const now = this.now();
    this.lastSweep = now;
    for (const [key, entry] of this.windows) {
      if (entry.resetAt <= now) this.windows.delete(key);
    }
  }

  close(): Promise<void> {
    clearInterval(this.timer);
    this.windows.clear();
    return Promise.resolve();
  }
}

/**
 * INCR, and PEXPIRE when the key is new (or somehow has no expiry); returns [count, ttl ms].
 * One script, so no crash between the two commands can leave a counter that never expires.
 */
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if count == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;

export interface RedisStoreOptions {
  /** Prefix of every key this store writes (default 'atlas:rl:'). */
  keyPrefix?: string;
  /** Per-command deadline; a slow Redis must not stall every API request. */
  commandTimeoutMs?: number;
}

export const DEFAULT_REDIS_KEY_PREFIX = 'atlas:rl:';

export class RedisStore implements RateLimitStore {
  readonly redis: Redis;
  private readonly prefix: string;

  constructor(url: string, options: RedisStoreOptions = {}) {
    this.prefix = options.keyPrefix ?? DEFAULT_REDIS_KEY_PREFIX;
    this.redis = new Redis(url, {
      // Fail fast instead of queueing while disconnected: FallbackStore counts locally meanwhile.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      commandTimeout: options.commandTimeoutMs ?? 500,
      lazyConnect: false,
    });
    // Without a listener ioredis reports connection errors as unhandled 'error' events.
    this.redis.on('error', () => undefined);
  }

  async hit(key: string, windowMs: number): Promise<HitResult> {
    const now = Date.now();
    const reply = await this.redis.eval(HIT_SCRIPT, 1, this.prefix + key, String(windowMs));
    if (!Array.isArray(reply) || typeof reply[0] !== 'number' || typeof reply[1] !== 'number') {
      throw new Error('unexpected reply from the rate-limit script');
    }
    return { refused: false, count: reply[0], resetAt: now + reply[1] };
  }

  async get(key: string): Promise<WindowCount | null> {
    const now = Date.now();
    const [count, ttl] = await Promise.all([
      this.redis.get(this.prefix + key),
      this.redis.pttl(this.prefix + key),
    ]);
    if (count === null || ttl < 0) return null;
    return { count: Number(count), resetAt: now + ttl };
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }

  /** Resolves once connected (tests wait for it; the app does not need to). */
  async ready(timeoutMs = 2000): Promise<boolean> {
    if (this.redis.status === 'ready') return true;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.redis.off('ready', onReady);
        resolve(false);
      }, timeoutMs);
      const onReady = (): void => {
        clearTimeout(timer);
        resolve(true);
      };
      this.redis.once('ready', onReady);
    });
  }

  async close(): Promise<void> {
    try {
      await this.redis.quit();
    } catch {
      this.redis.disconnect();
    }
  }
}

/**
 * Uses `primary` (Redis) and, whenever it fails, `fallback` (memory) for that call, reporting the
 * failure through `onError` at most once a minute.
 */
export class FallbackStore implements RateLimitStore {
  private lastReport = 0;

  constructor(
    private readonly primary: RateLimitStore,
    private readonly fallback: RateLimitStore,
    private readonly onError: (error: unknown) => void,
  ) {}

  hit(key: string, windowMs: number): Promise<HitResult> {
    return this.attempt(
      () => this.primary.hit(key, windowMs),
      () => this.fallback.hit(key, windowMs),
    );
  }

  get(key: string): Promise<WindowCount | null> {
    return this.attempt(
      () => this.primary.get(key),
      () => this.fallback.get(key),
    );
  }

  async reset(key: string): Promise<void> {
    await Promise.all([
      this.attempt(
        () => this.primary.reset(key),
        () => Promise.resolve(),
      ),
      this.fallback.reset(key),
    ]);
  }

  async close(): Promise<void> {
    await Promise.all([this.primary.close(), this.fallback.close()]);
  }

  private async attempt<T>(primary: () => Promise<T>, fallback: () => Promise<T>): Promise<T> {
    try {
      return await primary();
    } catch (error) {
      const now = Date.now();
      if (now - this.lastReport > 60_000) {
        this.lastReport = now;
        this.onError(error);
      }
      return fallback();
    }
  }
}
