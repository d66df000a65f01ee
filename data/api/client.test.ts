/**
 * The API client against a real HTTP server on 127.0.0.1 (a canned-JSON double of the ATLAS API,
 * since the real one is being built alongside): status texts, headers, bodies, timeouts and
 * aborts all go through real sockets and the runtime's fetch.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ApiClient,
  ApiError,
  cacheTtlFor,
  CACHE_TTL_MS,
  createAtlasApi,
  queryString,
} from './client';
import { withRetry } from './queryPolicy';

interface Canned {
  status?: number;
  json?: unknown;
  /** Never answer (until the server closes the socket). */
  hang?: boolean;
  /** Send headers, then stall before the body. */
  stallBody?: boolean;
}

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

let server: Server;
let base = '';
const routes = new Map<string, (seen: Seen) => Canned>();
const seen: Seen[] = [];
const hanging: ServerResponse[] = [];

function route(methodAndPath: string, reply: Canned | ((s: Seen) => Canned)): void {
  routes.set(methodAndPath, typeof reply === 'function' ? reply : () => reply);
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const s: Seen = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      seen.push(s);
      const path = s.url.split('?')[0] ?? '';
      const handler = routes.get(`${s.method} ${path}`);
      const canned = handler ? handler(s) : { status: 404, json: { message: 'no route' } };
      if (canned.hang === true) {
        hanging.push(res);
        return;
      }
      res.writeHead(canned.status ?? 200, { 'Content-Type': 'application/json' });
      if (canned.stallBody === true) {
        res.write('{"partial":');
        hanging.push(res);
        return;
      }
      res.end(JSON.stringify(canned.json ?? null));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});

afterAll(async () => {
  for (const res of hanging) res.destroy();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  routes.clear();
  seen.length = 0;
});

function makeClient(over: Partial<ConstructorParameters<typeof ApiClient>[0]> = {}) {
  const clock = { now: 1_000_000 };
  const logs: string[] = [];
  const client = new ApiClient({
    baseUrl: base,
    now: () => clock.now,
    log: (m) => logs.push(m),
    ...over,
  });
  return { client, clock, logs, api: createAtlasApi(client) };
}

async function failure(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected a failure');
}

describe('ApiClient basics', () => {
  it('sends JSON with the bearer token and parses the response', async () => {
    route('PUT /api/echo', (s) => ({ json: { got: JSON.parse(s.body) as unknown } }));
    const { client } = makeClient({ getToken: () => 'tok-123' });
    expect(await client.put('/echo', { a: 1 })).toEqual({ got: { a: 1 } });
    expect(seen[0]?.headers['authorization']).toBe('Bearer tok-123');
    expect(seen[0]?.headers['content-type']).toBe('application/json');
    expect(seen[0]?.headers['accept']).toBe('application/json');
  });

  it('sends no Authorization header without a token or with auth: false', async () => {
    route('GET /api/x', { json: 1 });
    await makeClient().client.get('/x', { cache: false });
    await makeClient({ getToken: () => 't' }).client.get('/x', { cache: false, auth: false });
    expect(seen.map((s) => s.headers['authorization'])).toEqual([undefined, undefined]);
  });

  it("reports HTTP errors as 'API error: {status} {statusText}' with the body", async () => {
    route('GET /api/missing', { status: 404, json: { message: 'gone' } });
    route('GET /api/broken', { status: 503, json: null });
    const { client } = makeClient();
    const e404 = await failure(client.get('/missing'));
    expect([e404.message, e404.status, e404.kind, e404.body]).toEqual([
      'API error: 404 Not Found',
      404,
      'http',
      { message: 'gone' },
    ]);
    expect((await failure(client.get('/broken'))).message).toBe(
      'API error: 503 Service Unavailable',
    );
  });

  it("times out after the configured time, logging 'Request timeout'", async () => {
    route('GET /api/slow', { hang: true });
    route('GET /api/stall', { stallBody: true });
    const { client, logs } = makeClient({ timeoutMs: 150 });
    const e = await failure(client.get('/slow'));
    expect([e.message, e.kind]).toEqual(['Request timeout', 'timeout']);
    // A server that sends headers and then stalls is caught too.
    expect((await failure(client.get('/stall'))).kind).toBe('timeout');
    expect(logs).toEqual(['Request timeout', 'Request timeout']);
  });

  it('does not count an answer that arrived while the thread was busy as a timeout', async () => {
    route('GET /api/quick', { json: { ok: true } });
    const { client, logs } = makeClient({ timeoutMs: 100 });
    const pending = client.get('/quick', { cache: false });
    // The answer arrives within a few ms, but the thread is busy well past the timeout and its
    // grace: the late timer must not abort a call whose answer is waiting to be read.
    const until = Date.now() + 1300;
    while (Date.now() < until) {
      // busy
    }
    expect(await pending).toEqual({ ok: true });
    expect(logs).toEqual([]);
  });

  it("says 'Request was cancelled' when the caller aborts, before or during the call", async () => {
    route('GET /api/slow', { hang: true });
    const { client, logs } = makeClient({ timeoutMs: 5000 });
    const pre = new AbortController();
    pre.abort();
    expect((await failure(client.get('/slow', { signal: pre.signal }))).message).toBe(
      'Request was cancelled',
    );
    const during = new AbortController();
    const pending = client.get('/slow', { signal: during.signal });
    setTimeout(() => during.abort(), 50);
    const e = await failure(pending);
    expect([e.message, e.kind]).toEqual(['Request was cancelled', 'cancelled']);
    expect(logs).toEqual([]);
  });

  it('reports connection failures as network errors', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const client = new ApiClient({ baseUrl: `http://127.0.0.1:${port}/api` });
    expect((await failure(client.get('/x'))).kind).toBe('network');
  });
});

describe('with the article query policy', () => {
  it('retries 5xx twice with 1000 and 2000 ms delays, and never retries a 404', async () => {
    let n = 0;
    route('GET /api/articles/geocoded', () => (++n < 3 ? { status: 503 } : { json: [{ id: 1 }] }));
    route('GET /api/articles/gone', { status: 404 });
    const { client } = makeClient();
    const waits: number[] = [];
    const sleep = (ms: number): Promise<void> => (waits.push(ms), Promise.resolve());
    expect(await withRetry(() => client.get('/articles/geocoded'), { sleep })).toEqual([{ id: 1 }]);
    expect([n, waits]).toEqual([3, [1000, 2000]]);
    seen.length = 0;
    const e = await failure(withRetry(() => client.get('/articles/gone'), { sleep }));
    expect(e.message).toBe('API error: 404 Not Found');
    expect(seen).toHaveLength(1);
    expect(waits).toEqual([1000, 2000]);
  });
});

describe('GET cache', () => {
  it('picks the lifetime by path', () => {
    expect(cacheTtlFor('/articles/geocoded?limit=1')).toBe(300_000);
    expect(cacheTtlFor('/analytics/summary')).toBe(600_000);
    expect(cacheTtlFor('/intelligence/knowledge-graph')).toBe(900_000);
    expect(cacheTtlFor('/gazetteer/x')).toBe(CACHE_TTL_MS.default);
    expect(CACHE_TTL_MS.default).toBe(300_000);
  });

  it('serves repeated GETs from the cache until the lifetime ends', async () => {
    let n = 0;
    route('GET /api/articles/geocoded', () => ({ json: [{ id: ++n }] }));
    route('GET /api/intelligence/knowledge-graph', () => ({ json: { n: ++n } }));
    const { client, clock } = makeClient();
    const first = await client.get('/articles/geocoded');
    expect(await client.get('/articles/geocoded')).toBe(first);
    clock.now += CACHE_TTL_MS.articles - 1;
    expect(await client.get('/articles/geocoded')).toBe(first);
    clock.now += 1;
    expect(await client.get('/articles/geocoded')).toEqual([{ id: 2 }]);
    expect(seen).toHaveLength(2);

    await client.get('/intelligence/knowledge-graph');
    clock.now += CACHE_TTL_MS.articles;
    await client.get('/intelligence/knowledge-graph');
    expect(seen).toHaveLength(3);
    clock.now += CACHE_TTL_MS.intelligence - CACHE_TTL_MS.articles;
    await client.get('/intelligence/knowledge-graph');
    expect(seen).toHaveLength(4);
  });

  it('keys on the query, skips non-GET and cache: false, and never caches errors', async () => {
    let n = 0;
    route('GET /api/articles', () => ({ json: ++n }));
    route('POST /api/articles', () => ({ json: ++n }));
    route('GET /api/flaky', () => (++n === 4 ? { status: 500 } : { json: n }));
    const { client } = makeClient();
    expect(await client.get('/articles', { query: { limit: 1 } })).toBe(1);
    expect(await client.get('/articles', { query: { limit: 2 } })).toBe(2);
    expect(await client.get('/articles', { query: { limit: 1 } })).toBe(1);
    expect(await client.post('/articles')).toBe(3);
    await failure(client.get('/flaky'));
    expect(await client.get('/flaky')).toBe(5);
    expect(await client.get('/articles', { query: { limit: 1 }, cache: false })).toBe(6);
  });

  it('prunes the oldest entries beyond 100', async () => {
    route('GET /api/item', (s) => ({ json: s.url }));
    const { client } = makeClient();
    for (let i = 0; i < 103; i += 1) await client.get('/item', { query: { i } });
    expect(client.cacheSize).toBe(100);
    seen.length = 0;
    await client.get('/item', { query: { i: 102 } });
    await client.get('/item', { query: { i: 3 } });
    expect(seen).toHaveLength(0);
    await client.get('/item', { query: { i: 2 } });
    expect(seen.map((s) => s.url)).toEqual(['/api/item?i=2']);
    expect(client.cacheSize).toBe(100);
  });

  it('invalidates by path prefix or entirely', async () => {
    let n = 0;
    route('GET /api/articles/a', () => ({ json: ++n }));
    route('GET /api/analytics/b', () => ({ json: ++n }));
    const { client } = makeClient();
    await client.get('/articles/a');
    await client.get('/analytics/b');
    expect(client.invalidate('/articles')).toBe(1);
    expect(await client.get('/articles/a')).toBe(3);
    expect(await client.get('/analytics/b')).toBe(2);
    expect(client.invalidate()).toBe(2);
    expect(client.cacheSize).toBe(0);
  });
});

describe('typed calls', () => {
  const user = { id: 'u1', email: 'a@example.test', name: 'Ann', role: 'user' };

  it('logs in, clearing the cache; failures use the server message or the spec texts', async () => {
    route('POST /api/auth/login', (s) => {
      const body = JSON.parse(s.body) as { password: string };
      if (body.password === 'right')
        return { json: { success: true, message: 'ok', user, token: 'T' } };
      if (body.password === 'soft') return { json: { success: false } };
      if (body.password === 'msg') return { status: 401, json: { message: 'Wrong password' } };
      return { status: 401, json: null };
    });
    route('GET /api/articles/geocoded', { json: [] });
    const { api, client } = makeClient({ getToken: () => 'old' });
    await client.get('/articles/geocoded');
    expect(await api.login('a@example.test', 'right')).toEqual({ user, token: 'T', message: 'ok' });
    expect(client.cacheSize).toBe(0);
    expect(seen.find((s) => s.url === '/api/auth/login')?.headers['authorization']).toBeUndefined();
    expect((await failure(api.login('a', 'soft'))).message).toBe('Invalid credentials');
    expect((await failure(api.login('a', 'msg'))).message).toBe('Wrong password');
    expect((await failure(api.login('a', 'none'))).message).toBe('Invalid credentials');
  });

  it('registers with the same rules', async () => {
    route('POST /api/auth/register', (s) =>
      s.body.includes('taken')
        ? { status: 409, json: { message: 'Email already registered' } }
        : s.body.includes('bad')
          ? { status: 400, json: {} }
          : { json: { success: true, user, token: 'R' } },
    );
    const { api } = makeClient();
    expect((await api.register({ email: 'n@example.test' })).token).toBe('R');
    expect((await failure(api.register({ email: 'taken' }))).message).toBe(
      'Email already registered',
    );
    expect((await failure(api.register({ email: 'bad' }))).message).toBe('Registration failed');
  });

  it("validates the token with me(); failure is 'Token invalid'", async () => {
    route('GET /api/auth/me', (s) =>
      s.headers['authorization'] === 'Bearer good'
        ? { json: { success: true, user: { ...user, id: 5, role: 'admin' } } }
        : { status: 401, json: { message: 'expired' } },
    );
    expect(await makeClient({ getToken: () => 'good' }).api.me()).toEqual({
      ...user,
      id: '5',
      role: 'admin',
    });
    expect((await failure(makeClient({ getToken: () => 'bad' }).api.me())).message).toBe(
      'Token invalid',
    );
  });

  it('logs out locally even when the server has no logout route', async () => {
    route('GET /api/articles/a', { json: 1 });
    const { api, client } = makeClient();
    await client.get('/articles/a');
    await api.logout();
    expect(client.cacheSize).toBe(0);
  });

  it('asks for geocoded articles with the no-filter defaults, or the given filters', async () => {
    route('GET /api/articles/geocoded', (s) => ({
      json: s.url.includes('hours=12') ? [{ id: 1 }] : { nope: true },
    }));
    const { api } = makeClient();
    expect(await api.geocodedArticles()).toEqual([{ id: 1 }]);
    expect(await api.geocodedArticles({ sentiment: ['positive', 'mixed'], search: 'a b' })).toEqual(
      [],
    );
    await api.geocodedV4Fallback();
    expect(seen.map((s) => s.url)).toEqual([
      '/api/articles/geocoded?limit=100&hours=12',
      '/api/articles/geocoded?search=a+b&sentiment=positive%2Cmixed',
      '/api/articles/geocoded?hasV4=true&limit=100',
    ]);
  });

  it('reads an article by id and analyses it, dropping cached article responses', async () => {
    route('GET /api/articles/a%2Fb', { json: { success: true, article: { _id: 'a/b' } } });
    route('POST /api/articles/ok/analyze', { json: { success: true } });
    route('POST /api/articles/no/analyze', { json: { success: false, message: 'Model offline' } });
    route('POST /api/articles/silent/analyze', { json: { success: false } });
    const { api, client } = makeClient();
    expect(await api.articleById('a/b')).toEqual({ _id: 'a/b' });
    expect(client.cacheSize).toBe(1);
    await api.analyzeArticle('ok');
    expect(client.cacheSize).toBe(0);
    expect((await failure(api.analyzeArticle('no'))).message).toBe('Model offline');
    expect((await failure(api.analyzeArticle('silent'))).message).toBe('Analysis failed');
  });

  it('pages v4 articles and falls back on 401', async () => {
    route('GET /api/v4/articles/public', (s) =>
      s.url.includes('limit=2')
        ? { json: { articles: [{ id: 1 }], total: 9, limit: 2, skip: 0 } }
        : { status: 401, json: {} },
    );
    route('GET /api/articles/geocoded', { json: [{ id: 'a' }, { id: 'b' }, { id: 'c' }] });
    const { api } = makeClient();
    expect(await api.v4Articles({ limit: 2, sort: '-createdAt' })).toEqual({
      articles: [{ id: 1 }],
      total: 9,
      limit: 2,
      skip: 0,
    });
    expect(await api.v4Articles({ limit: 1, skip: 1 })).toEqual({
      articles: [{ id: 'b' }],
      total: 3,
      limit: 1,
      skip: 1,
    });
  });

  it('fetches recent markers, cancelling the previous pending request', async () => {
    route('GET /api/news-markers/recent', (s) =>
      s.url.includes('hours=1&')
        ? { hang: true }
        : { json: { success: true, articles: [{ id: 'm' }] } },
    );
    const { api } = makeClient();
    const first = api.newsMarkersRecent({ hours: 1 });
    await new Promise((r) => setTimeout(r, 50));
    const second = api.newsMarkersRecent({
      bounds: { minLat: -10, maxLat: 10, minLng: 0, maxLng: 20 },
    });
    expect((await failure(first)).message).toBe('Request was cancelled');
    expect(await second).toEqual([{ id: 'm' }]);
    expect(seen[1]?.url).toBe(
      '/api/news-markers/recent?hours=12&limit=200&format=markers&minLat=-10&maxLat=10&minLng=0&maxLng=20',
    );
  });

  it("marker calls: 'HTTP error! status: N' and 'API returned unsuccessful response'", async () => {
    route('GET /api/news-markers/recent', { json: { success: false } });
    route('GET /api/news-markers/by-country/New%20Zealand', { status: 502, json: {} });
    route('GET /api/news-markers/stats', { json: { total: 3 } });
    const { api } = makeClient();
    expect((await failure(api.newsMarkersRecent())).message).toBe(
      'API returned unsuccessful response',
    );
    expect((await failure(api.newsByCountry('New Zealand'))).message).toBe(
      'HTTP error! status: 502',
    );
    expect(await api.newsMarkerStats()).toEqual({ total: 3 });
    expect(seen.map((s) => s.url.split('?')[1])).toEqual([
      'hours=12&limit=200&format=markers',
      'hours=24&limit=50',
      'hours=12',
    ]);
  });

  it('reads all-articles pages with the total', async () => {
    route('GET /api/public/all-articles', {
      json: { success: true, articles: [{ id: 1 }], pagination: { total: 42, limit: 1, page: 1 } },
    });
    const { api } = makeClient();
    expect(await api.allArticles({ limit: 1 })).toEqual({ articles: [{ id: 1 }], total: 42 });
    await api.allArticles({ limit: 1 });
    expect(seen).toHaveLength(2);
  });

  it('gets and puts preferences, merged over the defaults', async () => {
    route('GET /api/preferences', { json: { preferences: { theme: 'light', bogus: 1 } } });
    route('PUT /api/preferences', (s) => ({
      json: { ...(JSON.parse(s.body) as object), quality: 'low' },
    }));
    const { api } = makeClient({ getToken: () => 'T' });
    const prefs = await api.getPreferences();
    expect(prefs.theme).toBe('light');
    expect(prefs.crtEffect).toBe(true);
    expect('bogus' in prefs).toBe(false);
    const saved = await api.putPreferences({ soundEnabled: false });
    expect([saved.soundEnabled, saved.quality]).toEqual([false, 'low']);
    expect(seen.every((s) => s.headers['authorization'] === 'Bearer T')).toBe(true);
  });
});

describe('queryString', () => {
  it('drops null/undefined and comma-joins lists', () => {
    expect(queryString({ a: 1, b: undefined, c: null, d: ['x', 'y'], e: false })).toBe(
      '?a=1&d=x%2Cy&e=false',
    );
    expect(queryString({})).toBe('');
  });
});
