/**
 * Compressed delivery (issue #29) against a real server: precompressed siblings written by the
 * build step are sent as they are, hashed assets are immutable, API JSON is compressed per
 * response and carries a weak ETag that answers 304.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressFile, precompressDir } from '../../scripts/lib/precompress';
import {
  makeTempDir,
  removeDir,
  startTestServer,
  writeFakeClient,
  type TestServer,
} from './helpers';

let dir = '';
let server: TestServer;
const BIG_JS = `export const words = ${JSON.stringify(Array.from({ length: 4000 }, (_, i) => `word${i % 50}`))};\n`;

beforeAll(async () => {
  dir = await makeTempDir('compress');
  const client = await writeFakeClient(dir);
  await writeFile(path.join(client.distDir, 'assets', 'big-abc123.js'), BIG_JS);
  const r = await precompressDir(client.distDir);
  // Only the big file is worth compressing: the fake client's other files are under 1 KB.
  expect(r.files).toBe(1);
  server = await startTestServer({ dir, ...client, articles: 60 });
});

afterAll(async () => {
  await server.close();
  await removeDir(dir);
});

describe('precompress', () => {
  it('writes .br and .gz siblings that decode to the original, skipping small files', async () => {
    const file = path.join(dir, 'dist', 'assets', 'big-abc123.js');
    expect(brotliDecompressSync(await readFile(`${file}.br`)).toString()).toBe(BIG_JS);
    expect(gunzipSync(await readFile(`${file}.gz`)).toString()).toBe(BIG_JS);
    expect(await compressFile(path.join(dir, 'dist', 'index.html'))).toBeNull();
  });
});

describe('served compressed', () => {
  it('sends the brotli or gzip sibling by Accept-Encoding, immutable for hashed assets', async () => {
    const url = `${server.url}/assets/big-abc123.js`;
    const br = await fetch(url, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(br.headers.get('vary')?.toLowerCase()).toContain('accept-encoding');
    expect(br.headers.get('content-type')).toMatch(/javascript/);
    expect(await br.text()).toBe(BIG_JS);
    expect(Number(br.headers.get('content-length'))).toBeLessThan(BIG_JS.length / 5);
    const gz = await fetch(url, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(await gz.text()).toBe(BIG_JS);
    const plain = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(BIG_JS);
  });

  it('compresses API JSON and answers an unchanged list with 304 by its ETag', async () => {
    const url = `${server.url}/api/public/all-articles?limit=50&sort=-createdAt`;
    const first = await fetch(url, { headers: { 'accept-encoding': 'br' } });
    expect(first.status).toBe(200);
    expect(first.headers.get('content-encoding')).toBe('br');
    // Decoded by fetch: the whole list, well over the 1 KB threshold.
    expect((await first.text()).length).toBeGreaterThan(5000);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^W\/"/);
    const again = await fetch(url, { headers: { 'if-none-match': etag ?? '' } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const other = await fetch(`${server.url}/api/public/all-articles?limit=5&sort=-createdAt`, {
      headers: { 'if-none-match': etag ?? '' },
    });
    expect(other.status).toBe(200);
    expect(other.headers.get('etag')).not.toBe(etag);
  });

  it('leaves small JSON uncompressed', async () => {
    const res = await fetch(`${server.url}/api/nope`, { headers: { 'accept-encoding': 'br' } });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-encoding')).toBeNull();
  });
});
