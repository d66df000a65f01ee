/**
 * Serves the built client (dist/) and public/, plus the single-page-app fallback: client routes
 * such as /app or /feeds have no file, so they get dist/index.html and the client router takes over.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

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

export async function registerStaticFiles(
  app: FastifyInstance,
  { distDir, publicDir }: StaticFilesOptions,
): Promise<SpaFallback> {
  const assetsDir = path.join(distDir, 'assets') + path.sep;
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
    },
  });

  const indexFile = path.join(distDir, 'index.html');
  let cached: { mtimeMs: number; body: Buffer } | null = null;

  return {
    accepts(request) {
      if (request.method !== 'GET' && request.method !== 'HEAD') return false;
      const pathname = request.url.split('?', 1)[0] ?? '/';
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
