/**
 * Build-time compression (issue #29): after `vite build`, every compressible file in dist/ (the
 * hashed assets, index.html, and public/'s geodata and gazetteer copied there) gets a brotli
 * (`.br`, quality 11) and a gzip (`.gz`, level 9) sibling. The server sends them as they are
 * (@fastify/static `preCompressed`, server/http/staticFiles.ts), so nothing is compressed per
 * request. A sibling is kept only when it is at least 10% smaller than the original.
 *
 * Brotli 11 is slow on large files (seconds per MB): files over 1 MB (the gazetteer's town list,
 * the 10m geodata) use quality 9, and every result is cached by content hash under
 * var/cache/precompress, so a rebuild compresses only what changed (public/'s
 * data never does between builds).
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Extensions worth compressing (binary geodata included: its float arrays shrink ~40-60%). */
export const COMPRESSIBLE = /\.(?:js|mjs|css|html|json|svg|txt|bin|ttf|webmanifest|xml)$/;
/** Files below this are sent as they are (a header costs about as much as the saving). */
export const MIN_BYTES = 1024;
/** Keep a compressed sibling only below this fraction of the original size. */
const KEEP_RATIO = 0.9;
/** Above this size brotli uses quality 9 instead of 11. */
const LARGE_BYTES = 1024 * 1024;
const CACHE_DIR = path.resolve(import.meta.dirname, '../../var/cache/precompress');
const CACHE_VERSION = 'v1';

async function cached(key: string, make: () => Promise<Buffer>): Promise<Buffer> {
  const file = path.join(CACHE_DIR, key);
  try {
    return await readFile(file);
  } catch {
    const body = await make();
    await mkdir(CACHE_DIR, { recursive: true });
    await writeFile(file, body);
    return body;
  }
}

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}

export interface PrecompressResult {
  files: number;
  bytes: number;
  brotliBytes: number;
  gzipBytes: number;
}

export async function compressFile(
  file: string,
): Promise<{ bytes: number; br: number; gz: number } | null> {
  const body = await readFile(file);
  if (body.length < MIN_BYTES) return null;
  const hash = createHash('sha1').update(body).digest('hex');
  const [br, gz] = await Promise.all([
    cached(`${hash}-${CACHE_VERSION}.br`, () =>
      brotli(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: body.length > LARGE_BYTES ? 9 : 11,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
    ),
    cached(`${hash}-${CACHE_VERSION}.gz`, () => gzipAsync(body, { level: 9 })),
  ]);
  const keepBr = br.length < body.length * KEEP_RATIO;
  const keepGz = gz.length < body.length * KEEP_RATIO;
  if (keepBr) await writeFile(`${file}.br`, br);
  if (keepGz) await writeFile(`${file}.gz`, gz);
  return {
    bytes: body.length,
    br: keepBr ? br.length : body.length,
    gz: keepGz ? gz.length : body.length,
  };
}

/** Writes the .br and .gz siblings under `dir`, a few files at a time. */
export async function precompressDir(dir: string, concurrency = 4): Promise<PrecompressResult> {
  const files: string[] = [];
  for await (const f of walk(dir)) {
    if (COMPRESSIBLE.test(f) && (await stat(f)).size >= MIN_BYTES) files.push(f);
  }
  const result: PrecompressResult = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < files.length) {
      const file = files[next++] as string;
      const r = await compressFile(file);
      if (r === null) continue;
      result.files += 1;
      result.bytes += r.bytes;
      result.brotliBytes += r.br;
      result.gzipBytes += r.gz;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return result;
}

/** The Vite plugin: compresses the output folder once the bundle is written. */
export function precompressPlugin(): Plugin {
  let outDir = 'dist';
  return {
    name: 'atlas-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const t0 = Date.now();
      const r = await precompressDir(outDir);
      const kb = (n: number): string => `${Math.round(n / 1024)} KB`;
      console.log(
        `[precompress] ${r.files} files, ${kb(r.bytes)} -> brotli ${kb(r.brotliBytes)}, gzip ${kb(r.gzipBytes)} in ${Date.now() - t0} ms`,
      );
    },
  };
}
