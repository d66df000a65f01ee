/**
 * Serves the built client (dist/) and public/, plus the single-page-app fallback: client routes
 * such as /app or /feeds have no file, so they get dist/index.html and the client router takes over.
 */
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requestPath } from './canonicalPath';

/** Vite puts a content hash in every file under assets/, so they can be cached forever. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (index.html, public/ files) must be revalidated: its name never changes. */
const REVALIDATE = 'no-cache';

/** Paths served by the API, sockets or geo routes: never answered with index.html. */
const NON_SPA_PREFIXES = ['/api', '/socket.io', '/geojson', '/data'] as const;

export interface StaticFilesOptions {
  distDir: string;
  publicDir: string;
}

export interface SpaFallback {
  /** Whether this unmatched request is a client-side route that should get index.html. */
  accepts(request: FastifyRequest): boolean;
  /** Sends dist/index.html (200), or 503 JSON when the client has not been built. */
  send(reply: FastifyReply): Promise<FastifyReply>;
}

/** Content types of the files the build precompresses (scripts/lib/precompress.ts). */
const PRECOMPRESSED_TYPES: Readonly<Record<string, string>> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
  '.bin': 'application/octet-stream',
  '.ttf': 'font/ttf',
  '.webmanifest': 'application/manifest+json',
  '.xml': 'application/xml',
};

/** The encodings the client accepts, best first, among those the build writes. */
function acceptedEncodings(header: string | string[] | undefined): ('br' | 'gzip')[] {
  const value = (Array.isArray(header) ? header.join(',') : (header ?? '')).toLowerCase();
  const accepts = (name: string): boolean =>
    value.split(',').some((part) => {
      const [token, ...params] = part.trim().split(';');
      if (token?.trim() !== name) return false;
      return !params.some((p) => /^\s*q=0(?:\.0*)?\s*$/.test(p));
    });
  const out: ('br' | 'gzip')[] = [];
  if (accepts('br')) out.push('br');
  if (accepts('gzip')) out.push('gzip');
  return out;
}

/**
 * Sends the build's .br or .gz sibling of a dist/ file when the client accepts it (issue #29).
 * @fastify/static's own `preCompressed` loses track of the encodings it tried when it moves to its
 * second root (dist/ then public/), answering 404 for files without a sibling; this stays in front
 * of it and leaves everything else to it.
 */
function registerPrecompressed(app: FastifyInstance, distDir: string, assetsDir: string): void {
  const root = path.resolve(distDir) + path.sep;
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const pathname = request.url.split('?', 1)[0] ?? '/';
    const type = PRECOMPRESSED_TYPES[path.extname(pathname)];
    if (type === undefined) return;
    const encodings = acceptedEncodings(request.headers['accept-encoding']);
    if (encodings.length === 0) return;
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return;
    }
    const file = path.resolve(root, '.' + decoded);
    if (!file.startsWith(root) || decoded.includes('\0')) return;
    for (const encoding of encodings) {
      const sibling = `${file}.${encoding === 'br' ? 'br' : 'gz'}`;
      let info;
      try {
        info = await stat(sibling);
      } catch {
        continue;
      }
      if (!info.isFile()) continue;
      const etag = `W/"${encoding}-${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
      reply
        .header('content-type', type)
        .header('content-encoding', encoding)
        .header('vary', 'accept-encoding')
        .header('etag', etag)
        .header('last-modified', info.mtime.toUTCString())
        .header('cache-control', file.startsWith(assetsDir) ? IMMUTABLE : REVALIDATE);
      const match = request.headers['if-none-match'];
      if (match !== undefined && match.split(',').some((t) => t.trim() === etag)) {
        return reply.code(304).send();
      }
      reply.header('content-length', info.size);
      if (request.method === 'HEAD') return reply.code(200).send();
      return reply.code(200).send(createReadStream(sibling));
    }
  });
}

export async function registerStaticFiles(
  app: FastifyInstance,
  { distDir, publicDir }: StaticFilesOptions,
): Promise<SpaFallback> {
  const assetsDir = path.join(path.resolve(distDir), 'assets') + path.sep;
  registerPrecompressed(app, distDir, assetsDir);
  // dist/ first: in production it holds public/ too (Vite copies it). public/ second, so files
  // generated after the last build (geo data) are still served.
  const roots = distDir === publicDir ? [distDir] : [distDir, publicDir];
  await app.register(fastifyStatic, {
    root: roots,
    wildcard: true,
    index: ['index.html'],
    // geoRoutes or a later plugin may register @fastify/static too; decorating twice would throw.
    decorateReply: false,
    // Our setHeaders decides Cache-Control; send's default (max-age=0) would override it.
    cacheControl: false,
    etag: true,
    lastModified: true,
    setHeaders: (res, filePath) => {
      res.setHeader('cache-control', filePath.startsWith(assetsDir) ? IMMUTABLE : REVALIDATE);
      // The body depends on Accept-Encoding (a .br, .gz or plain file): caches must key on it.
      res.setHeader('vary', 'accept-encoding');
    },
  });

  const indexFile = path.join(distDir, 'index.html');
  let cached: { mtimeMs: number; body: Buffer } | null = null;

  return {
    accepts(request) {
      if (request.method !== 'GET' && request.method !== 'HEAD') return false;
      const pathname = requestPath(request);
      for (const prefix of NON_SPA_PREFIXES) {
        if (pathname === prefix || pathname.startsWith(prefix + '/')) return false;
      }
      // A missing file (/assets/x.js, /favicon.ico) is a 404, not the app.
      const lastSegment = pathname.slice(pathname.lastIndexOf('/') + 1);
      if (lastSegment.includes('.')) return false;
      return acceptsHtml(request.headers.accept);
    },

    async send(reply) {
      try {
        // Re-read after a rebuild without restarting; stat is cheaper than reading every time.
        const info = await stat(indexFile);
        if (cached?.mtimeMs !== info.mtimeMs) {
          cached = { mtimeMs: info.mtimeMs, body: await readFile(indexFile) };
        }
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        cached = null;
        return reply.code(503).send({
          statusCode: 503,
          error: 'Service Unavailable',
          message: `The web client is not built (${indexFile} is missing). Run \`npm run build\`, or start with \`npm start\`, which builds it.`,
        });
      }
      return reply
        .code(200)
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', REVALIDATE)
        .send(cached.body);
    },
  };
}

/** Browsers navigating send text/html; curl and fetch send *\/*, which accepts HTML too. */
function acceptsHtml(accept: string | undefined): boolean {
  if (accept === undefined || accept === '') return true;
  return accept.includes('text/html') || accept.includes('*/*');
}
