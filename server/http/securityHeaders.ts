/**
 * Security headers on every response (pages, static files, API, errors). RELIABILITY.md R8 checks
 * them. Hand-written rather than @fastify/helmet: the policy is short, and helmet's default CSP is
 * weaker than ASVS (base-uri 'self'), so it would be overridden field by field anyway.
 */
import type { FastifyInstance } from 'fastify';

/**
 * Content Security Policy for the WebGL client.
 * - script-src 'self': Babylon core needs no eval (checked: no `new Function`/`eval` outside its
 *   optional Draco/Basis/glslang decoder assets, which we do not load). If a WebAssembly decoder
 *   is ever added, it needs 'wasm-unsafe-eval' here, not 'unsafe-eval'.
 * - worker-src blob: Babylon and Vite create workers from blob URLs.
 * - img-src data: blob: textures are decoded from blobs and data URLs.
 * - connect-src 'self': the API and the socket.io websocket are same-origin (CSP 3 lets 'self'
 *   match ws:/wss: on the page's own host), so no other host can be reached from the page.
 * - style-src 'self' (no 'unsafe-inline'): the built CSS is a file; React's style={{...}} props
 *   are applied through the CSSOM, which CSP does not restrict. tests/e2e/csp.spec.ts checks
 *   that normal use causes 0 violations.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "worker-src 'self' blob:",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "style-src 'self'",
  "font-src 'self' data:",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  // frame-ancestors covers modern browsers; X-Frame-Options covers old ones.
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  // "Locate Me" uses the browser's geolocation; nothing uses camera or microphone.
  'permissions-policy': 'geolocation=(self), camera=(), microphone=()',
};

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(SECURITY_HEADERS);
    done();
  });
}
