/**
 * Issue #28 V1: every path-keyed check (rate limit, identity/auth gates, list cache, SPA/static
 * fallback) sees the same canonical path the router uses. Percent-encoded unreserved characters
 * (`/%61pi/...`, `/ap%69/...`) are decoded before routing, so they can no longer reach an API
 * route past the limiter. Checked for every rate-limited route in Fastify's own route table,
 * in one process and with two processes sharing counts in Redis.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalizeUrl } from '../../server/http/canonicalPath';
import { RATE_LIMIT_EXEMPT_PATHS } from '../../server/http/rateLimit';
import { call, startAuthServer, type AuthTestServer } from './authTestServer';
import { findTestRedis, makeTempDir, removeDir } from './helpers';

/** [METHOD, path] of every route in Fastify's printed route tree (no HEAD: implicit). */
export function routeTable(tree: string): [string, string][] {
  const stack: { depth: number; path: string }[] = [];
  const out: [string, string][] = [];
  for (const line of tree.split('\n')) {
    const match = /^(.*?)[├└]── (.+?) \(([A-Z, ]+)\)$/.exec(line);
    if (match === null) continue;
    const depth = (match[1] ?? '').length;
    while (stack.length > 0 && (stack.at(-1)?.depth ?? 0) >= depth) stack.pop();
    const full = (stack.at(-1)?.path ?? '') + (match[2] ?? '');
    stack.push({ depth, path: full });
    for (const method of (match[3] ?? '').split(', ')) {
      if (method !== 'HEAD') out.push([method, full]);
    }
  }
  return out;
}

/** Every /api route the limiter covers, with its parameters filled in. */
function limitedRoutes(server: AuthTestServer): [string, string][] {
  return routeTable(server.app.printRoutes({ commonPrefix: false }))
    .filter(([, p]) => p.startsWith('/api/') && !RATE_LIMIT_EXEMPT_PATHS.includes(p))
    .map(([m, p]) => [m, p.replace(/:\w+/g, 'x').replace(/\*$/, 'x')]);
}

/** Non-canonical spellings of an /api path that decode to it. */
function encodings(pathname: string): string[] {
  const rest = pathname.slice('/api'.length);
  return [`/%61pi${rest}`, `/ap%69${rest}`, `/%61%70%69${rest}`];
}

async function send(base: string, method: string, pathname: string): Promise<Response> {
  const hasBody = method !== 'GET' && method !== 'DELETE';
  const res = await fetch(base + pathname, {
    method,
    ...(hasBody ? { headers: { 'content-type': 'application/json' }, body: '{}' } : {}),
  });
  await res.arrayBuffer();
  return res;
}

describe('canonicalizeUrl', () => {
  it('decodes percent-encoded unreserved characters in the path only', () => {
    expect(canonicalizeUrl('/%61pi/articles?q=%61')).toBe('/api/articles?q=%61');
    expect(canonicalizeUrl('/ap%69/x%2Fy')).toBe('/api/x%2Fy');
    expect(canonicalizeUrl('/%7e%2D%2e%5F')).toBe('/~-._');
    expect(canonicalizeUrl('/api/articles')).toBe('/api/articles');
    expect(canonicalizeUrl('/a%20b')).toBe('/a%20b');
  });
});

describe('V1: encoded /api prefixes meet the same limiter', () => {
  let server: AuthTestServer;

  beforeAll(async () => {
    server = await startAuthServer({
      accounts: { rateLimit: { windowMs: 60_000, limits: { guest: 100_000, user: 1, admin: -1 } } },
    });
  });
  afterAll(async () => {
    await server.close();
  });

  it('every rate-limited route counts encoded requests and answers like /api', async () => {
    const routes = limitedRoutes(server);
    expect(routes.length).toBeGreaterThan(20);
    let lastRemaining = Number.POSITIVE_INFINITY;
    const unlimited: string[] = [];
    for (const [method, pathname] of routes) {
      const plain = await send(server.url, method, pathname);
      for (const encoded of encodings(pathname)) {
        const res = await send(server.url, method, encoded);
        const remaining = Number(res.headers.get('x-ratelimit-remaining'));
        if (res.headers.get('x-ratelimit-limit') === null || !(remaining < lastRemaining)) {
          unlimited.push(`${method} ${encoded}`);
        }
        lastRemaining = remaining;
        // The same route answered (not the SPA or a 404 for an unknown path).
        expect(res.status, `${method} ${encoded}`).toBe(plain.status);
      }
    }
    expect(unlimited).toEqual([]);
  });

  it('a signed-in user is recognised through an encoded prefix (identity, auth gate, limit)', async () => {
    const email = `v1-${randomUUID()}@example.org`;
    const reg = await call(server.url, 'POST', '/api/auth/register', {
      body: { email, password: 'correct horse battery staple 42', name: 'V1' },
    });
    expect(reg.status).toBe(201);
    const token = String(reg.body['token']);
    const me = await call(server.url, 'GET', '/%61pi/auth/me', { token });
    expect(me.status).toBe(200);
    expect(me.headers.get('x-ratelimit-limit')).toBe('1');
    expect((await call(server.url, 'GET', '/ap%69/auth/me', { token })).status).toBe(429);
  });
});

/** Guest limit 5: the 6th request gets 429 whichever spelling and process it uses. */
async function expectSharedLimit(urls: string[]): Promise<void> {
  const statuses: number[] = [];
  const spellings = ['/api', '/%61pi', '/ap%69', '/%61%70%69', '/api'];
  for (let i = 0; i < 5; i++) {
    const base = urls[i % urls.length] ?? '';
    const res = await send(base, 'GET', `${spellings[i] ?? '/api'}/public/all-articles?limit=1`);
    statuses.push(res.status);
  }
  expect(statuses).toEqual([200, 200, 200, 200, 200]);
  for (const base of urls) {
    for (const prefix of ['/%61pi', '/ap%69', '/api']) {
      const res = await send(base, 'GET', `${prefix}/news-markers/recent`);
      expect(res.status, `${base}${prefix}`).toBe(429);
      expect(res.headers.get('retry-after')).not.toBeNull();
    }
  }
}

describe('V1: the limit holds across spellings', () => {
  it('one process', async () => {
    const server = await startAuthServer({
      accounts: { rateLimit: { windowMs: 60_000, limits: { guest: 5, user: 5, admin: -1 } } },
    });
    try {
      await expectSharedLimit([server.url]);
    } finally {
      await server.close();
    }
  });
});

const redisTarget = await findTestRedis();
if ('skip' in redisTarget) console.warn(`[V1 redis test] SKIPPED: ${redisTarget.skip}`);

describe.skipIf('skip' in redisTarget)('V1 in the two-process Redis mode (needs Redis)', () => {
  const url = 'url' in redisTarget ? redisTarget.url : '';
  const prefix = `atlas-test-v1:${process.pid}:${randomUUID()}:`;

  afterAll(async () => {
    const redis = new Redis(url);
    try {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
    } finally {
      redis.disconnect();
    }
  });

  it('two API processes share one count for every spelling', async () => {
    const dir = await makeTempDir('v1-redis');
    const options = {
      redisUrl: url,
      sqliteFile: `${dir}/shared.db`,
      accounts: {
        redisKeyPrefix: prefix,
        rateLimit: { windowMs: 60_000, limits: { guest: 5, user: 5, admin: -1 } },
      },
    };
    const a = await startAuthServer(options);
    const b = await startAuthServer(options);
    try {
      await expectSharedLimit([a.url, b.url]);
    } finally {
      await a.close();
      await b.close();
      await removeDir(dir);
    }
  });
});
