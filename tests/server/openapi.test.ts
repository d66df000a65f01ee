/**
 * The OpenAPI document is generated from the route schemas: every registered /api route (read
 * from Fastify's own route table) must appear with its path and query parameters, and the
 * parameters must be the ones validation enforces.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startArticleServer, type ArticleServer } from './articlesApiFixtures';
import { makeTempDir, removeDir } from './helpers';

interface Parameter {
  in: string;
  name: string;
  required?: boolean;
  schema?: Record<string, unknown>;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: unknown;
  responses?: Record<string, unknown>;
}
interface OpenApiDoc {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
}

let dir: string;
let server: ArticleServer;
let doc: OpenApiDoc;

beforeAll(async () => {
  dir = await makeTempDir('openapi');
  server = await startArticleServer({ dir });
  const res = await fetch(`${server.url}/api/docs/openapi.json`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  doc = (await res.json()) as OpenApiDoc;
});

afterAll(async () => {
  await server.close();
  await removeDir(dir);
});

/** [method, path] of every route, from Fastify's printed route tree (no HEAD: implicit). */
function registeredRoutes(tree: string): [string, string][] {
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
      if (method !== 'HEAD') out.push([method.toLowerCase(), full]);
    }
  }
  return out;
}

describe('GET /api/docs/openapi.json', () => {
  it('is an OpenAPI 3 document for this server', () => {
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.title).toBe('ATLAS API');
  });

  it('lists every registered /api route with its path parameters', () => {
    const routes = registeredRoutes(server.app.printRoutes({ commonPrefix: false })).filter(
      ([, path]) => path.startsWith('/api/'),
    );
    // Sanity: the parser found the routes of this file's concern.
    expect(routes).toContainEqual(['get', '/api/articles/:id']);
    expect(routes).toContainEqual(['post', '/api/articles/:id/analyze']);
    expect(routes.length).toBeGreaterThanOrEqual(12);
    for (const [method, path] of routes) {
      const openApiPath = path.replace(/:(\w+)/g, '{$1}');
      const operation = doc.paths[openApiPath]?.[method];
      expect(operation, `${method.toUpperCase()} ${path} missing from the document`).toBeDefined();
      const pathParams = [...path.matchAll(/:(\w+)/g)].map((m) => m[1]);
      const documented = (operation?.parameters ?? [])
        .filter((p) => p.in === 'path')
        .map((p) => p.name);
      expect(documented.sort()).toEqual(pathParams.sort());
    }
  });

  it.each([
    [
      '/api/articles/geocoded',
      ['search', 'startDate', 'endDate', 'sentiment', 'hours', 'useEnhanced', 'hasV4', 'limit'],
    ],
    ['/api/v4/articles/public', ['limit', 'skip', 'sort', 'completeness', 'costMin', 'costMax']],
    [
      '/api/news-markers/recent',
      ['hours', 'limit', 'format', 'minLat', 'maxLat', 'minLng', 'maxLng'],
    ],
    ['/api/news-markers/by-country/{country}', ['hours', 'limit']],
    ['/api/news-markers/stats', ['hours']],
    ['/api/intelligence/knowledge-graph', ['hours', 'limit']],
    ['/api/public/all-articles', ['limit', 'page', 'skip', 'sort']],
  ])('documents the query parameters of %s', (path, names) => {
    const params = doc.paths[path]?.['get']?.parameters ?? [];
    expect(
      params
        .filter((p) => p.in === 'query')
        .map((p) => p.name)
        .sort(),
    ).toEqual([...names].sort());
  });

  it('carries the validation rules into the document', () => {
    const geocoded = doc.paths['/api/articles/geocoded']?.['get']?.parameters ?? [];
    expect(geocoded.find((p) => p.name === 'limit')?.schema).toMatchObject({
      minimum: 1,
      maximum: 500,
      default: 100,
    });
    const id = doc.paths['/api/articles/{id}']?.['get']?.parameters?.find((p) => p.name === 'id');
    expect(id).toMatchObject({ required: true, schema: { maxLength: 100 } });
    const create = doc.paths['/api/articles']?.['post'];
    expect(JSON.stringify(create?.requestBody)).toContain('"required":["title","url"]');
    expect(Object.keys(create?.responses ?? {})).toEqual(
      expect.arrayContaining(['201', '400', '401', '409', '413', '415']),
    );
    const graph = doc.paths['/api/intelligence/knowledge-graph']?.['get']?.responses?.['200'];
    expect(JSON.stringify(graph)).toContain('"nodes"');
  });
});

describe('GET /api/docs', () => {
  it('is a small HTML page without inline scripts, linking the document', async () => {
    const res = await fetch(`${server.url}/api/docs`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain('href="/api/docs/openapi.json"');
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/\son\w+=/i);
  });
});
