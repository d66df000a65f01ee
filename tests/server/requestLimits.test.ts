/**
 * Request limits (RELIABILITY.md R10) on a real server: oversized bodies, prototype-pollution
 * JSON, wrong content types, slow clients, malformed query values. Every refusal is JSON with a
 * clear message and no stack trace.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES } from '../../server/app';
import { signUp, startArticleServer, type ArticleServer } from './articlesApiFixtures';
import { makeTempDir, removeDir } from './helpers';

/** Short deadline so slow-client tests finish quickly. */
const REQUEST_TIMEOUT_MS = 600;

let dir: string;
let server: ArticleServer;
let token: string;
let port: number;

beforeAll(async () => {
  dir = await makeTempDir('limits');
  server = await startArticleServer({ dir, requestTimeoutMs: REQUEST_TIMEOUT_MS });
  port = Number(new URL(server.url).port);
  token = await signUp(server.url, 'limits@example.com');
});

afterAll(async () => {
  await server.close();
  await removeDir(dir);
});

async function postRaw(body: string, contentType = 'application/json'): Promise<Response> {
  return fetch(`${server.url}/api/articles`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    body,
  });
}

async function expectJsonError(res: Response, status: number): Promise<string> {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  const text = await res.text();
  const body = JSON.parse(text) as { message?: unknown };
  expect(typeof body.message).toBe('string');
  expect(text).not.toMatch(/\bat \S+ \(|node_modules|\.ts:\d+|\.js:\d+/);
  return String(body.message);
}

async function articleCount(): Promise<number> {
  const { n } = await server.atlasDb.db
    .selectFrom('articles')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return n;
}

describe('request bodies', () => {
  it('accepts a normal JSON body (control)', async () => {
    const res = await postRaw(JSON.stringify({ title: 'ok', url: 'https://example.com/ok' }));
    expect(res.status).toBe(201);
  });

  it('answers 413 to a body over the limit', async () => {
    const big = JSON.stringify({
      title: 'big',
      url: 'https://example.com/big',
      content: 'x'.repeat(BODY_LIMIT_BYTES + 10),
    });
    const message = await expectJsonError(await postRaw(big), 413);
    expect(message).toMatch(/too large/i);
  });

  it.each([
    ['__proto__', '{"title":"p","url":"https://example.com/p1","__proto__":{"isAdmin":true}}'],
    [
      'constructor.prototype',
      '{"title":"p","url":"https://example.com/p2","constructor":{"prototype":{"isAdmin":true}}}',
    ],
    ['nested __proto__', '{"title":"p","url":"https://example.com/p3","x":{"__proto__":{"a":1}}}'],
  ])('answers 400 to JSON with %s keys and stores nothing', async (_label, body) => {
    const before = await articleCount();
    await expectJsonError(await postRaw(body), 400);
    expect(await articleCount()).toBe(before);
    expect(({} as Record<string, unknown>)['isAdmin']).toBeUndefined();
  });

  it('answers 415 to a JSON route posted as text/plain or form data', async () => {
    const body = JSON.stringify({ title: 't', url: 'https://example.com/t' });
    await expectJsonError(await postRaw(body, 'text/plain'), 415);
    await expectJsonError(await postRaw('title=t', 'application/x-www-form-urlencoded'), 415);
  });

  it('answers 400 to malformed JSON', async () => {
    await expectJsonError(await postRaw('{"title": "t", '), 400);
  });
});

describe('malformed query values', () => {
  it.each([
    '/api/articles/geocoded?limit=1e999',
    '/api/articles/geocoded?hours=12abc',
    '/api/articles/geocoded?startDate=%00',
    '/api/news-markers/recent?minLat=NaN&maxLat=1&minLng=0&maxLng=1',
    '/api/v4/articles/public?skip=1.5',
    '/api/public/all-articles?page=0',
  ])('%s -> 400 JSON', async (path) => {
    const message = await expectJsonError(await fetch(server.url + path), 400);
    expect(message.length).toBeGreaterThan(5);
  });
});

/** Opens a raw socket, sends `first`, then drips a byte every `everyMs`; resolves on close. */
function drip(
  first: string,
  everyMs: number,
  maxMs: number,
): Promise<{ closedAfterMs: number; response: string }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect({ host: '127.0.0.1', port });
    let response = '';
    let timer: NodeJS.Timeout | undefined;
    const giveUp = setTimeout(() => {
      socket.destroy();
      reject(new Error(`server kept a dripping client for ${maxMs} ms`));
    }, maxMs);
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      response += chunk;
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      clearTimeout(giveUp);
      resolve({ closedAfterMs: Date.now() - started, response });
    });
    socket.on('connect', () => {
      socket.write(first);
      timer = setInterval(() => {
        if (!socket.destroyed) socket.write('x');
      }, everyMs);
    });
  });
}

describe('slow clients', () => {
  it('cuts off a client that drips its headers', async () => {
    const { response } = await drip(
      'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ',
      100,
      10_000,
    );
    // Node answers 408 (or just closes) once the request deadline passes.
    expect(response === '' || response.startsWith('HTTP/1.1 408')).toBe(true);
  });

  it('cuts off a client that drips its body', async () => {
    const head =
      'POST /api/articles HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
      `Authorization: Bearer ${token}\r\nContent-Type: application/json\r\n` +
      'Content-Length: 100000\r\n\r\n{"title":"';
    const { response } = await drip(head, 100, 10_000);
    // server/http/requestDeadline.ts answers 408 JSON and closes.
    expect(response).toMatch(/^HTTP\/1\.1 408 /);
    expect(response).toMatch(/"message":"Request body not received in time"/);
  });

  it('still serves other clients while one drips', async () => {
    const slow = drip('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ', 100, 10_000);
    const res = await fetch(`${server.url}/api/articles/geocoded?limit=1`);
    expect(res.status).toBe(200);
    await slow;
  });
});
