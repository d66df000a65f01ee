/**
 * Compression and revalidation of dynamic responses (issue #29). Built files are compressed at
 * build time and sent as they are (scripts/lib/precompress.ts, server/http/staticFiles.ts); the
 * API's JSON is compressed here per response with @fastify/compress (brotli at quality 4: ~gzip's
 * speed, smaller output; gzip otherwise; nothing under 1 KB). GET /api replies with a JSON body
 * get a weak ETag over the uncompressed body, and a request whose If-None-Match matches gets a
 * 304 without a body: an unchanged article list costs a round trip, not its bytes.
 */
import { createHash } from 'node:crypto';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { constants } from 'node:zlib';

/** Bodies below this go out as they are. */
export const COMPRESS_THRESHOLD_BYTES = 1024;
/** Brotli quality for per-response compression (11 is for build time only: far too slow here). */
export const DYNAMIC_BROTLI_QUALITY = 4;

export function weakEtag(body: string | Buffer): string {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}

/**
 * ETags of body Buffers already known: a cached list body (server/articles/responseCache.ts) is
 * the same Buffer on every hit and is hashed once, and a body joined from row fragments gets its
 * tag from their digests (rememberEtag) instead of hashing 100+ KB per answer.
 */
const knownEtags = new WeakMap<Buffer, string>();

/** `body` will be sent with this weak ETag (made from `digest`, which changes with the body). */
export function rememberEtag(body: Buffer, digest: string): void {
  knownEtags.set(body, `W/"${digest}"`);
}

function etagOf(payload: string | Buffer): string {
  if (typeof payload === 'string') return weakEtag(payload);
  let etag = knownEtags.get(payload);
  if (etag === undefined) {
    etag = weakEtag(payload);
    knownEtags.set(payload, etag);
  }
  return etag;
}

function etagMatches(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const bare = etag.replace(/^W\//, '');
  return header
    .split(',')
    .map((t) => t.trim().replace(/^W\//, ''))
    .some((t) => t === bare || t === '*');
}

export async function registerCompression(app: FastifyInstance): Promise<void> {
  // Before @fastify/compress, so the tag and the 304 see the uncompressed body.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' || reply.statusCode !== 200) return payload;
    if (!request.url.startsWith('/api/')) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (reply.getHeader('etag') !== undefined) return payload;
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !type.includes('json')) return payload;
    const etag = etagOf(payload);
    reply.header('etag', etag);
    if (reply.getHeader('cache-control') === undefined) reply.header('cache-control', 'no-cache');
    if (etagMatches(request.headers['if-none-match'], etag)) {
      reply.code(304);
      reply.removeHeader('content-length');
      return '';
    }
    return payload;
  });
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY } },
  });
}
