/**
 * RELIABILITY.md R2: per-role API limits with the real numbers (guest 100, user 1000, admin
 * unlimited, per 60 s window) against a real server, X-Forwarded-For spoofing, exempt paths.
 * Login limits, short windows and the stores: rateLimitStores.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../../data/permissions';
import { createOrPromoteAdmin } from '../../server/auth/createAdmin';
import { hashPassword } from '../../server/auth/passwords';
import { DEFAULT_RATE_LIMITS, WINDOW_MS } from '../../server/http/rateLimit';
import { call, startAuthServer, type AuthTestServer } from './authTestServer';

/** Sends `count` requests, `concurrency` at a time; returns the status codes in order. */
async function burst(
  count: number,
  send: (i: number) => Promise<Response>,
  concurrency = 20,
): Promise<number[]> {
  const statuses: number[] = new Array<number>(count);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < count) {
      const i = next++;
      const res = await send(i);
      await res.arrayBuffer();
      statuses[i] = res.status;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return statuses;
}

const countOf = (statuses: number[], status: number): number =>
  statuses.filter((s) => s === status).length;

async function tokenFor(server: AuthTestServer, email: string, admin = false): Promise<string> {
  if (admin) {
    const { user } = await createOrPromoteAdmin(server.atlasDb.db, {
      email,
      password: 'admin-password',
    });
    const row = await server.app.accounts.users.findById(user.id);
    if (row === null) throw new Error('admin missing');
    return server.app.accounts.tokens.issue(row);
  }
  const row = await server.app.accounts.users.create({
    email,
    name: 'Load',
    passwordHash: await hashPassword('load-password'),
  });
  if (row === null) throw new Error('user not created');
  return server.app.accounts.tokens.issue(row);
}

describe('R2: per-role limits with the real numbers', () => {
  let server: AuthTestServer;
  let userToken: string;
  let adminToken: string;

  beforeAll(async () => {
    server = await startAuthServer();
    // Sessions made without HTTP, so the guest (IP) count starts at zero.
    userToken = await tokenFor(server, 'load-user@example.org');
    adminToken = await tokenFor(server, 'load-admin@example.org', true);
  });
  afterAll(async () => {
    await server.close();
  });

  it('the plugin defaults are the spec table', () => {
    expect(DEFAULT_RATE_LIMITS).toEqual({ windowMs: 60_000, limits: RATE_LIMITS });
    expect(RATE_LIMITS).toEqual({ guest: 100, user: 1000, admin: -1 });
    expect(WINDOW_MS).toBe(60_000);
  });

  it('guest: 100 pass, the 101st gets 429 with retry-after, whatever X-Forwarded-For says', async () => {
    const first = await fetch(`${server.url}/api/public/all-articles?limit=1`);
    await first.arrayBuffer();
    expect(first.status).toBe(200);
    expect(first.headers.get('x-ratelimit-limit')).toBe('100');
    expect(first.headers.get('x-ratelimit-remaining')).toBe('99');
    const reset = Number(first.headers.get('x-ratelimit-reset'));
    expect(reset).toBeGreaterThan(0);
    expect(reset).toBeLessThanOrEqual(60);

    const statuses = await burst(99, (i) =>
      fetch(`${server.url}/api/public/all-articles?limit=1`, {
        headers: { 'x-forwarded-for': `203.0.113.${i % 250}`, 'x-real-ip': `198.51.100.${i}` },
      }),
    );
    expect(countOf(statuses, 200)).toBe(99);

    const over = await call(server.url, 'GET', '/api/public/all-articles?limit=1', {
      headers: { 'x-forwarded-for': '192.0.2.77' },
    });
    expect(over.status).toBe(429);
    const retryAfter = Number(over.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(over.body).toEqual({
      success: false,
      message: `Too many requests, retry in ${retryAfter} s`,
    });
    expect(over.headers.get('x-ratelimit-remaining')).toBe('0');
    // Unknown API paths count too (and stay limited), so scanning is no way around it.
    expect((await call(server.url, 'GET', '/api/does-not-exist')).status).toBe(429);
    // Bad tokens are counted against the IP before being refused: still 429, not 401.
    expect((await call(server.url, 'GET', '/api/auth/me', { token: 'junk' })).status).toBe(429);
  });

  it('health, static files and the SPA are not limited', async () => {
    const statuses = await burst(30, (i) =>
      fetch(`${server.url}${['/api/health', '/', '/assets/index-abc123.js'][i % 3] ?? '/'}`),
    );
    expect(countOf(statuses, 200)).toBe(30);
  });

  it('user: 1000 pass, the 1001st gets 429 (own key, unaffected by the exhausted guest)', async () => {
    const statuses = await burst(1000, () =>
      fetch(`${server.url}/api/auth/me`, { headers: { authorization: `Bearer ${userToken}` } }),
    );
    expect(countOf(statuses, 200)).toBe(1000);
    const over = await call(server.url, 'GET', '/api/auth/me', { token: userToken });
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(over.headers.get('x-ratelimit-limit')).toBe('1000');
  });

  it('admin: 1500 requests, never limited, no rate-limit headers', async () => {
    const statuses = await burst(1500, () =>
      fetch(`${server.url}/api/auth/me`, { headers: { authorization: `Bearer ${adminToken}` } }),
    );
    expect(countOf(statuses, 200)).toBe(1500);
    const res = await fetch(`${server.url}/api/auth/me`, {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(res.headers.get('x-ratelimit-limit')).toBeNull();
  });
});
