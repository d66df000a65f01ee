/**
 * HTTP behaviour of the app against a real server on 127.0.0.1 (ephemeral port), a temp SQLite
 * file and a fake built client.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Article, ArticleListResponse } from '../../data/article';
import {
  FAKE_ASSET_JS,
  FAKE_INDEX_HTML,
  REPO_ROOT,
  makeTempDir,
  removeDir,
  startTestServer,
  writeFakeClient,
  type TestServer,
} from './helpers';

const SEEDED = 120;
const packageVersion = (
  JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string }
).version;

interface ErrorJson {
  statusCode: number;
  error: string;
  message: string;
}

let dir: string;
let server: TestServer;

beforeAll(async () => {
  dir = await makeTempDir('http');
  const { distDir, publicDir } = await writeFakeClient(dir);
  server = await startTestServer({
    dir,
    distDir,
    publicDir,
    articles: SEEDED,
    beforeListen: (app) => {
      app.get('/api/test/throw', () => {
        throw new Error('secret detail: /etc/atlas/db-password');
      });
    },
  });
});

afterAll(async () => {
  await server.close();
  await removeDir(dir);
});

const get = (pathname: string, init?: RequestInit): Promise<Response> =>
  fetch(server.url + pathname, init);

describe('GET /api/health', () => {
  it('answers ok with the package version and the dialect', async () => {
    const res = await get('/api/health');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      status: 'ok',
      version: packageVersion,
      database: { ok: true, dialect: 'sqlite' },
    });
    expect(typeof body['uptimeSeconds']).toBe('number');
  });
});

describe('security headers', () => {
  it.each(['/api/health', '/', '/assets/index-abc123.js', '/api/nope'])(
    'are set on %s',
    async (p) => {
      const res = await get(p);
      const csp = res.headers.get('content-security-policy') ?? '';
      for (const directive of [
        "default-src 'self'",
        "script-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "frame-ancestors 'none'",
        "worker-src 'self' blob:",
      ]) {
        expect(csp).toContain(directive);
      }
      expect(csp).not.toContain('unsafe-eval');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    },
  );
});

describe('static client', () => {
  it('serves hashed assets with the right type and a long cache', async () => {
    const res = await get('/assets/index-abc123.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^(text|application)\/javascript/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await res.text()).toBe(FAKE_ASSET_JS);

    const css = await get('/assets/index-abc123.css');
    expect(css.headers.get('content-type')).toMatch(/^text\/css/);

    const etag = res.headers.get('etag');
    expect(etag).toBeTruthy();
    // fetch adds "cache-control: no-cache" to conditional requests unless one is given, and
    // no-cache rightly disables 304s.
    const again = await get('/assets/index-abc123.js', {
      headers: { 'if-none-match': etag ?? '', 'cache-control': 'max-age=0' },
    });
    expect(again.status).toBe(304);
  });

  it('serves index.html and other files with revalidation', async () => {
    for (const p of ['/', '/index.html']) {
      const res = await get(p, { headers: { accept: 'text/html' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toBe(FAKE_INDEX_HTML);
    }
    const svg = await get('/favicon.svg');
    expect(svg.status).toBe(200);
    expect(svg.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(svg.headers.get('cache-control')).toBe('no-cache');
  });

  it('also serves public/ files that are not in dist/', async () => {
    const res = await get('/only-in-public.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await res.text()).toBe('from public/\n');
  });

  it.each(['/app', '/feeds', '/app/', '/globe/deep/link', '/login?next=%2Fapp'])(
    'falls back to index.html for the client route %s',
    async (p) => {
      const res = await get(p, { headers: { accept: 'text/html,application/xhtml+xml' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toBe(FAKE_INDEX_HTML);
    },
  );

  it('answers HEAD on a client route', async () => {
    const res = await get('/feeds', { method: 'HEAD', headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
  });

  it.each([
    ['/assets/x.js', 'text/html'],
    ['/missing.png', 'text/html'],
    ['/feeds', 'application/json'],
    ['/socket.io.js', 'text/html'],
    ['/geojson/none', 'text/html'],
    ['/data/none', 'text/html'],
  ])('gives a JSON 404 for %s (Accept %s)', async (p, accept) => {
    const res = await get(p, { headers: { accept } });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const body = (await res.json()) as ErrorJson;
    expect(body).toMatchObject({ statusCode: 404, error: 'Not Found' });
    expect(body.message).toContain(p.split('?')[0]);
  });

  it('does not serve files outside the roots', async () => {
    const res = await get('/%2e%2e/%2e%2e/package.json');
    expect([400, 403, 404]).toContain(res.status);
    expect(await res.text()).not.toContain('"devDependencies"');
  });
});

describe('API errors', () => {
  it('answers unknown API routes with a JSON 404 naming the route', async () => {
    const res = await get('/api/nope');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'No API route GET /api/nope',
    });
    const post = await get('/api/xyz?x=1', { method: 'POST' });
    expect(post.status).toBe(404);
    expect(((await post.json()) as ErrorJson).message).toBe('No API route POST /api/xyz');
  });

  it('hides internal error details behind a JSON 500', async () => {
    const res = await get('/api/test/throw');
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      message: 'Internal Server Error',
    });
    expect(text).not.toContain('secret');
    expect(text).not.toContain('at ');
  });
});

describe('GET /api/public/all-articles', () => {
  const list = async (query = ''): Promise<ArticleListResponse> => {
    const res = await get(`/api/public/all-articles${query}`);
    expect(res.status).toBe(200);
    return (await res.json()) as ArticleListResponse;
  };

  it('lists articles newest first by default, with the total', async () => {
    const body = await list();
    expect(body.success).toBe(true);
    expect(body.pagination).toEqual({ total: SEEDED, limit: 200, page: 1 });
    expect(body.articles).toHaveLength(SEEDED);
    const created = body.articles.map((a) => a.createdAt);
    expect(created).toEqual([...created].sort().reverse());
  });

  it('honours limit, sort and page', async () => {
    const one = await list('?limit=1');
    expect(one.articles).toHaveLength(1);
    expect(one.pagination.total).toBe(SEEDED);

    const oldest = await list('?limit=5&sort=createdAt');
    const created = oldest.articles.map((a) => a.createdAt);
    expect(created).toEqual([...created].sort());

    const all = (await list('?limit=500&sort=createdAt')).articles.map((a) => a.id);
    const page2 = (await list('?limit=50&page=2&sort=createdAt')).articles.map((a) => a.id);
    expect(page2).toEqual(all.slice(50, 100));
    const page3 = await list('?limit=50&page=3&sort=createdAt');
    expect(page3.articles).toHaveLength(SEEDED - 100);
  });

  it('maps rows to the wire Article shape', async () => {
    const [article] = (await list('?limit=1')).articles;
    expect(article).toBeDefined();
    const a = article as Article;
    expect(Object.keys(a).sort()).toEqual(
      [
        'id',
        'title',
        'description',
        'url',
        'source',
        'author',
        'urlToImage',
        'publishedAt',
        'createdAt',
        'latitude',
        'longitude',
        'location',
        'extractedLocation',
        'category',
        'categories',
        'sentiment',
        'sentimentScore',
        'emoji',
        'isSample',
      ].sort(),
    );
    expect(a.isSample).toBe(true);
    expect(a.url).toMatch(/^https:\/\/example\.com\//);
    expect(typeof a.source.name).toBe('string');
    expect(a.location.lat).toBe(a.latitude);
    expect(a.location.lon).toBe(a.longitude);
    expect(a.extractedLocation.country).toBe(a.location.country);
    expect(a.categories[0]).toBe(a.category);
    expect(a.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it.each(['limit=0', 'limit=abc', 'limit=501', 'limit=-3', 'limit=1.5', 'sort=title', 'page=0'])(
    'rejects %s with a JSON 400',
    async (query) => {
      const res = await get(`/api/public/all-articles?${query}`);
      expect(res.status).toBe(400);
      const body = (await res.json()) as ErrorJson;
      expect(body.statusCode).toBe(400);
      expect(body.error).toBe('Bad Request');
      expect(body.message).toMatch(/querystring\/(limit|sort|page)/);
    },
  );
});

describe('without a built client', () => {
  let bare: TestServer;
  let bareDir: string;
  beforeAll(async () => {
    bareDir = await makeTempDir('nodist');
    bare = await startTestServer({
      dir: bareDir,
      distDir: path.join(bareDir, 'dist'),
      publicDir: path.join(bareDir, 'public'),
    });
  });
  afterAll(async () => {
    await bare.close();
    await removeDir(bareDir);
  });

  it.each(['/', '/app'])('answers %s with 503 and tells how to build', async (p) => {
    const res = await fetch(bare.url + p, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(503);
    const body = (await res.json()) as ErrorJson;
    expect(body.statusCode).toBe(503);
    expect(body.message).toContain('npm run build');
  });

  it('still serves the API', async () => {
    const res = await fetch(`${bare.url}/api/public/all-articles?limit=1`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as ArticleListResponse).pagination.total).toBe(0);
  });
});

describe('health when the database is gone', () => {
  it('answers 503 degraded with the database error', async () => {
    const degradedDir = await makeTempDir('degraded');
    const s = await startTestServer({
      dir: degradedDir,
      distDir: path.join(degradedDir, 'dist'),
      publicDir: path.join(degradedDir, 'public'),
    });
    try {
      await s.atlasDb.close();
      const res = await fetch(`${s.url}/api/health`);
      expect(res.status).toBe(503);
      const body = (await res.json()) as {
        status: string;
        database: { ok: boolean; dialect: string; error?: string };
      };
      expect(body.status).toBe('degraded');
      expect(body.database.ok).toBe(false);
      expect(body.database.dialect).toBe('sqlite');
      expect(body.database.error).toEqual(expect.any(String));
      expect(body.database.error).not.toBe('');
    } finally {
      await s.close();
      await removeDir(degradedDir);
    }
  });
});
