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
 * - connect-src ws: wss: socket.io; allows any host, kept from the design brief; narrow it to
 *   the page's own origin once the socket client is in and tested in Safari.
 * - style-src 'unsafe-inline': React style={{...}} attributes and Vite's injected CSS need it
 *   for now; to remove it, move inline styles to classes and use nonces/hashes.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "worker-src 'self' blob:",
  "img-src 'self' data: blob:",
  "connect-src 'self' ws: wss:",
  "style-src 'self' 'unsafe-inline'",
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
