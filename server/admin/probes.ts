/**
 * Live checks for the admin console's System section (GET /api/admin/system): does the database
 * answer a trivial query, and does Redis answer a PING, each within a short deadline so a stuck
 * backend shows as 'not answering' instead of hanging the page. Redis is probed on its own
 * short-lived connection (no retries, no offline queue): the answer is about the configured
 * server, not about the state of a long-lived client's reconnect loop.
 */
import { Redis } from 'ioredis';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** How long a probe may take before its backend counts as not answering. */
export const PROBE_TIMEOUT_MS = 500;

export type ProbeStatus = 'answering' | 'not answering' | 'not configured';

export interface ProbeResult {
  status: ProbeStatus;
  /** Milliseconds to the answer (for Redis, connecting and the PING); null when not answered. */
  latencyMs: number | null;
  /** Why it did not answer (null when it did, or when nothing is configured). */
  error: string | null;
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Resolves with the promise or rejects once `ms` have passed, whichever comes first. */
async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** `select 1` on the app's own connection (pool), within the deadline. */
export async function probeDatabase(
  db: Kysely<Database>,
  timeoutMs = PROBE_TIMEOUT_MS,
): Promise<ProbeResult> {
  const began = performance.now();
  try {
    await within(sql`select 1`.execute(db), timeoutMs, 'the database');
    return { status: 'answering', latencyMs: Math.round(performance.now() - began), error: null };
  } catch (error) {
    return { status: 'not answering', latencyMs: null, error: message(error) };
  }
}

/** PING on a fresh connection to `url` (connect + reply within the deadline), then closed. */
export async function probeRedis(
  url: string | null | undefined,
  timeoutMs = PROBE_TIMEOUT_MS,
): Promise<ProbeResult> {
  if (url == null || url === '') return { status: 'not configured', latencyMs: null, error: null };
  let client: Redis | null = null;
  // ioredis rejects with a generic 'Connection is closed.' and reports the cause (ECONNREFUSED,
  // WRONGPASS...) as an 'error' event: keep the cause for the answer.
  let cause: unknown = null;
  const began = performance.now();
  try {
    client = new Redis(url, {
      lazyConnect: true,
      connectTimeout: timeoutMs,
      commandTimeout: timeoutMs,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
      enableReadyCheck: false,
    });
    // Without a listener ioredis would also report connection errors as unhandled events.
    client.on('error', (error: unknown) => {
      cause ??= error;
    });
    const redis = client;
    // ping() resolves only with PONG (an error reply rejects).
    await within(
      redis.connect().then(() => redis.ping()),
      timeoutMs,
      'Redis',
    );
    return { status: 'answering', latencyMs: Math.round(performance.now() - began), error: null };
  } catch (error) {
    return { status: 'not answering', latencyMs: null, error: message(cause ?? error) };
  } finally {
    client?.disconnect();
  }
}
