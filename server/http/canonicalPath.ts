/**
 * One canonical request path for the router and every check keyed on a path (issue #28 V1).
 *
 * The router (find-my-way) percent-decodes the path before matching, so `/%61pi/articles` reaches
 * the route `/api/articles`. Hooks that read the raw URL (rate limit, identity, list cache, SPA
 * fallback) saw `/%61pi/...` and skipped their work. Fastify's `rewriteUrl` runs before routing
 * and before any hook, so decoding percent-encoded UNRESERVED characters there (RFC 3986 section
 * 6.2.2.2: `%61` and `a` are the same URI) makes the raw URL, the router and every hook agree.
 * Reserved escapes (`%2F`, `%3F`...) keep their meaning and are left alone; the query is
 * untouched. Afterwards `requestPath` is the path every check must use.
 */
import type { IncomingMessage } from 'node:http';
import type { FastifyRequest } from 'fastify';

/** %XX escapes of RFC 3986 unreserved characters: ALPHA / DIGIT / "-" / "." / "_" / "~". */
const UNRESERVED_ESCAPE = /%(?:[46][1-9A-Fa-f]|[57][0-9Aa]|3[0-9]|2[DdEe]|5[Ff]|7[Ee])/g;

/** The URL with percent-encoded unreserved characters of its path decoded (query untouched). */
export function canonicalizeUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const pathname = queryAt < 0 ? url : url.slice(0, queryAt);
  if (!pathname.includes('%')) return url;
  const decoded = pathname.replace(UNRESERVED_ESCAPE, (escape) =>
    String.fromCharCode(Number.parseInt(escape.slice(1), 16)),
  );
  return queryAt < 0 ? decoded : decoded + url.slice(queryAt);
}

/** Fastify's `rewriteUrl` option: the canonical URL (requests without one keep '/'). */
export function rewriteToCanonical(req: IncomingMessage): string {
  return canonicalizeUrl(req.url ?? '/');
}

/** The canonical path of a request (after rewriteUrl), without the query. */
export function requestPath(request: Pick<FastifyRequest, 'url'>): string {
  const url = request.url;
  const queryAt = url.indexOf('?');
  return queryAt < 0 ? url : url.slice(0, queryAt);
}

/** Whether a canonical path is under /api. */
export function isApiPathname(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/');
}
