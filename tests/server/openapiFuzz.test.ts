/**
 * Issue #28 F3: a bounded fuzz of every route's query and body schema, driven by the OpenAPI
 * document (so a new route is fuzzed without touching this file). fast-check builds requests from
 * each operation's documented parameters and request body, mixing schema-shaped values with
 * hostile ones (Infinity, -Infinity, NaN, 1e999, huge integers, negative numbers, odd strings,
 * unknown parameters, wrong JSON types). The server must never answer 5xx (the only documented
 * 5xx, 503 from /analyze without an analyser, excepted), and every numeric query parameter that is
 * not finite, or outside its documented range, must be a 400. Runs in-process (app.inject) as a
 * signed-in user (not admin: admin feed calls would fetch URLs) and as a guest.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startArticleServer, signUp, type ArticleServer } from './articlesApiFixtures';
import { makeTempDir, removeDir } from './helpers';

interface Schema {
  type?: string | string[];
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  properties?: Record<string, Schema>;
  items?: Schema;
}
interface Parameter {
  in: string;
  name: string;
  required?: boolean;
  schema?: Schema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}
interface OpenApiDoc {
  paths: Record<string, Record<string, Operation>>;
}

const HOSTILE_NUMBERS = [
  'Infinity',
  '-Infinity',
  '+Infinity',
  'NaN',
  '1e999',
  '-1e999',
  '1e308',
  '9007199254740993',
  '-9007199254740993',
  '0x10',
  '1_000',
  '',
  ' ',
  '-0',
  '0.0000001',
  '1.5',
  '-1',
  '0',
];

const typeOf = (schema: Schema | undefined): string => {
  const t = schema?.type;
  return (Array.isArray(t) ? t.find((x) => x !== 'null') : t) ?? 'string';
};

/** A query value for `schema`: valid-looking, edge or hostile. */
function queryValue(schema: Schema | undefined): fc.Arbitrary<string> {
  const type = typeOf(schema);
  if (type === 'integer' || type === 'number') {
    return fc.oneof(
      fc.constantFrom(...HOSTILE_NUMBERS),
      fc.integer({ min: -1_000_000, max: 1_000_000 }).map(String),
      fc.double({ noNaN: false }).map(String),
      fc.integer({ min: schema?.minimum ?? 0, max: schema?.maximum ?? 1000 }).map(String),
    );
  }
  if (schema?.enum !== undefined) {
    return fc.oneof(fc.constantFrom(...schema.enum.map(String)), fc.string({ maxLength: 20 }));
  }
  if (type === 'boolean') return fc.constantFrom('true', 'false', '1', '0', 'yes', '', 'Infinity');
  return fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.constantFrom(...HOSTILE_NUMBERS),
    fc.constantFrom('2025-01-01', '2025-13-45', 'not-a-date', '\u202Eevil', '%', '[]', '{}'),
  );
}

/** A JSON body value for `schema`, or a wrong-typed one. */
function bodyValue(schema: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  const hostile = fc.oneof(
    fc.constantFrom(null, true, -1, 0, 1e308, -1e308, 'x', '', [], {}),
    fc.double(),
    fc.string({ maxLength: 30 }),
  );
  const type = typeOf(schema);
  if (type === 'object' && schema?.properties !== undefined && depth < 3) {
    const entries = Object.entries(schema.properties).map(
      ([key, sub]) => [key, bodyValue(sub, depth + 1)] as const,
    );
    return fc.oneof(
      { weight: 4, arbitrary: fc.record(Object.fromEntries(entries), { requiredKeys: [] }) },
      { weight: 1, arbitrary: hostile },
    );
  }
  if (type === 'array')
    return fc.oneof(fc.array(bodyValue(schema?.items, depth + 1), { maxLength: 5 }), hostile);
  if (type === 'integer' || type === 'number') {
    return fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), hostile);
  }
  if (schema?.enum !== undefined) return fc.oneof(fc.constantFrom(...schema.enum), hostile);
  if (type === 'boolean') return fc.oneof(fc.boolean(), hostile);
  return fc.oneof(fc.string({ maxLength: 60 }), fc.emailAddress(), hostile);
}

/** 5xx answers a route documents on purpose. */
const DOCUMENTED_5XX: Record<string, number[]> = {
  'POST /api/articles/{id}/analyze': [503],
};

let dir: string;
let server: ArticleServer;
let doc: OpenApiDoc;
let token: string;

beforeAll(async () => {
  dir = await makeTempDir('fuzz');
  server = await startArticleServer({ dir, synthetic: 30 });
  doc = (await (await fetch(`${server.url}/api/docs/openapi.json`)).json()) as OpenApiDoc;
  token = await signUp(server.url, 'fuzz@example.org');
});
afterAll(async () => {
  await server.close();
  await removeDir(dir);
});

describe('F3: OpenAPI-driven fuzz of every route', () => {
  it('every numeric query parameter is documented with a minimum and a maximum', () => {
    const unbounded: string[] = [];
    for (const [p, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        for (const param of op.parameters ?? []) {
          const type = typeOf(param.schema);
          if (type !== 'integer' && type !== 'number') continue;
          if (param.schema?.minimum === undefined || param.schema.maximum === undefined) {
            unbounded.push(`${method.toUpperCase()} ${p} ${param.name}`);
          }
        }
      }
    }
    expect(unbounded).toEqual([]);
  });

  it('no query or body makes any API route answer 5xx; bad numbers are 400', async () => {
    // The GeoJSON routes take no input (the fake client has no geo data: they answer 500 here).
    const apiPaths = Object.entries(doc.paths).filter(([p]) => p.startsWith('/api/'));
    const operations = apiPaths.flatMap(([p, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ path: p, method: method.toUpperCase(), op })),
    );
    expect(operations.length).toBeGreaterThan(20);
    const failures: string[] = [];
    for (const { path: template, method, op } of operations) {
      const params = op.parameters ?? [];
      const query = params.filter((p) => p.in === 'query');
      const pathParams = params.filter((p) => p.in === 'path');
      const bodySchema = op.requestBody?.content?.['application/json']?.schema;
      const request = fc.record({
        query: fc.array(
          fc
            .oneof(
              {
                weight: 5,
                arbitrary: query.length === 0 ? fc.constant(null) : fc.constantFrom(...query),
              },
              { weight: 1, arbitrary: fc.constant(null) },
            )
            .chain((param) =>
              param === null
                ? fc.tuple(
                    fc.constantFrom('unknown', 'x', '__proto__', 'limit[]'),
                    fc.string({ maxLength: 10 }),
                  )
                : fc.tuple(fc.constant(param.name), queryValue(param.schema)),
            ),
          { maxLength: 6 },
        ),
        pathValues: fc.tuple(
          ...pathParams.map(() =>
            fc.oneof(
              fc.constant('x'),
              fc.string({ minLength: 1, maxLength: 30 }),
              fc.constantFrom('1e999', 'Infinity', '0'),
            ),
          ),
        ),
        body: bodySchema === undefined ? fc.constant(undefined) : bodyValue(bodySchema),
        signedIn: fc.boolean(),
      });
      const key = `${method} ${template}`;
      await fc
        .assert(
          fc.asyncProperty(request, async ({ query: pairs, pathValues, body, signedIn }) => {
            let i = 0;
            const pathname = template.replace(/\{\w+\}/g, () =>
              encodeURIComponent(pathValues[i++] ?? 'x'),
            );
            const search = new URLSearchParams(pairs.map(([k, v]) => [k, v]));
            const res = await server.app.inject({
              method: method as 'GET',
              url: `${pathname}?${search.toString()}`,
              headers: {
                ...(signedIn ? { authorization: `Bearer ${token}` } : {}),
                ...(body === undefined ? {} : { 'content-type': 'application/json' }),
              },
              ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
            });
            const allowed = DOCUMENTED_5XX[key] ?? [];
            if (res.statusCode >= 500 && !allowed.includes(res.statusCode)) {
              failures.push(
                `${res.statusCode} ${method} ${pathname}?${search} ${res.body.slice(0, 120)}`,
              );
              return false;
            }
            // A non-finite or out-of-range number for a numeric query parameter must be a 400.
            for (const [name, value] of pairs) {
              const param = query.find((p) => p.name === name);
              const type = typeOf(param?.schema);
              if (param === undefined || (type !== 'integer' && type !== 'number')) continue;
              const n = Number(value);
              const outOfRange =
                !Number.isFinite(n) ||
                (param.schema?.minimum !== undefined && n < param.schema.minimum) ||
                (param.schema?.maximum !== undefined && n > param.schema.maximum);
              if (value.trim() !== '' && outOfRange && res.statusCode < 400) {
                failures.push(
                  `${res.statusCode} for ${name}=${value}: ${method} ${pathname}?${search}`,
                );
                return false;
              }
            }
            return true;
          }),
          { numRuns: 40, seed: 28, endOnFailure: true },
        )
        .catch(() => undefined);
    }
    expect(failures).toEqual([]);
  }, 60_000);
});
