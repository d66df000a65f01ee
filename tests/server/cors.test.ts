/**
 * Exact-origin CORS (RELIABILITY.md R8) against a real server: listed origins get their own
 * origin back (never `*`, never credentials), preflights from them get 204 with methods, headers
 * and max-age; other origins get no CORS headers and 403 preflights; no Origin, no CORS headers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startAuthServer, type AuthTestServer } from './authTestServer';

const ALLOWED = 'https://news.example.org';
const OTHER = 'https://evil.example.com';
let server: AuthTestServer;

beforeAll(async () => {
  server = await startAuthServer({ corsOrigins: [ALLOWED, 'http://localhost:5173'] });
});
afterAll(async () => {
  await server.close();
});

const preflight = (origin: string, path = '/api/auth/login'): Promise<Response> =>
  fetch(server.url + path, {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'authorization, content-type',
    },
  });

describe('CORS', () => {
  it('an allowed origin gets exactly its origin back, with Vary: Origin', async () => {
    const res = await call(server.url, 'GET', '/api/public/all-articles?limit=1', {
      headers: { origin: ALLOWED },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    expect(res.headers.get('vary')).toMatch(/Origin/);
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    expect(res.headers.get('access-control-expose-headers')).toMatch(/x-ratelimit-remaining/);
  });

  it('errors from an allowed origin are readable too (401 with the CORS header)', async () => {
    const res = await call(server.url, 'GET', '/api/auth/me', {
      headers: { origin: ALLOWED },
      token: 'junk',
    });
    expect(res.status).toBe(401);
    expect(res.headers.get('access-control-allow-origin')).toBe(ALLOWED);
  });

  it.each([OTHER, 'https://news.example.org.evil.com', 'http://news.example.org', 'null'])(
    'another origin (%s) gets no CORS headers',
    async (origin) => {
      const res = await call(server.url, 'GET', '/api/public/all-articles?limit=1', {
        headers: { origin },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
      expect(res.headers.get('access-control-allow-methods')).toBeNull();
    },
  );

  it('a same-origin request without Origin gets no CORS headers', async () => {
    const res = await call(server.url, 'GET', '/api/public/all-articles?limit=1');
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answers preflights from an allowed origin with 204, methods, headers and max-age', async () => {
    const res = await preflight(ALLOWED);
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    expect(res.headers.get('access-control-allow-methods')).toMatch(/\bPOST\b/);
    expect(res.headers.get('access-control-allow-methods')).toMatch(/\bPUT\b/);
    const allowHeaders = (res.headers.get('access-control-allow-headers') ?? '').toLowerCase();
    expect(allowHeaders).toContain('authorization');
    expect(allowHeaders).toContain('content-type');
    expect(Number(res.headers.get('access-control-max-age'))).toBeGreaterThan(0);
    expect(res.headers.get('vary')).toMatch(/Origin/);
  });

  it('refuses preflights from other origins with 403 and no CORS headers', async () => {
    const res = await preflight(OTHER);
    expect(res.status).toBe(403);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(res.headers.get('access-control-allow-methods')).toBeNull();
    expect(await res.json()).toEqual({ success: false, message: 'Origin not allowed' });
  });

  it('preflights are not counted against the rate limit', async () => {
    for (let i = 0; i < 120; i++) {
      const res = await preflight(ALLOWED, '/api/preferences');
      expect(res.status).toBe(204);
    }
    const after = await fetch(`${server.url}/api/public/all-articles?limit=1`, {
      headers: { origin: ALLOWED },
    });
    expect(after.status).toBe(200);
  });
});
