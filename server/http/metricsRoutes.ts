/**
 * GET /metrics: Prometheus text format (server/metrics/metrics.ts), for operators only - an
 * admin's bearer token, or a request from an address in ATLAS_METRICS_ALLOW. Anyone else gets 401
 * (no token) or 403. Also the hooks that feed the HTTP and socket metrics.
 */
import { BlockList, isIP } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { bearerToken } from '../auth/identity';
import type { AtlasMetrics } from '../metrics/metrics';

export const METRICS_PATH = '/metrics';

export interface MetricsRouteOptions {
  metrics: AtlasMetrics;
  /** Addresses / CIDR ranges allowed without a token (validated by server/config.ts). */
  allow?: readonly string[];
}

function allowList(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', bits] = entry.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return list;
}

function allowed(list: BlockList, ip: string): boolean {
  // An IPv4 peer on a dual-stack socket reads as ::ffff:a.b.c.d.
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  const family = isIP(v4);
  if (family === 0) return false;
  return list.check(v4, family === 6 ? 'ipv6' : 'ipv4');
}

export function registerMetricsRoutes(app: FastifyInstance, options: MetricsRouteOptions): void {
  const { metrics } = options;
  const list = allowList(options.allow ?? []);

  app.addHook('onResponse', async (request, reply) => {
    const status = reply.statusCode;
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.httpDuration.observe(
      { method: request.method, route, status: `${Math.floor(status / 100)}xx` },
      reply.elapsedTime / 1000,
    );
    if (status === 429 && app.hasRequestDecorator('auth')) {
      metrics.rateLimited.inc({ role: request.auth.role });
    }
  });

  app.addHook('onReady', (done) => {
    // A worker process (ATLAS_ROLE=worker) has no sockets.
    const io = app.hasDecorator('realtime') ? app.realtime.server : null;
    if (io === null) {
      done();
      return;
    }
    // Every socket.io event frame leaves as an engine.io 'message' packet.
    io.engine.on(
      'connection',
      (socket: { on(e: 'packetCreate', cb: (p: { type: string }) => void): void }) => {
        socket.on('packetCreate', (packet) => {
          if (packet.type === 'message') metrics.socketEventsSent.inc();
        });
      },
    );
    done();
  });

  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!allowed(list, request.ip)) {
      const header = request.headers.authorization;
      const token = header === undefined ? null : bearerToken(header);
      if (token === null) {
        return reply.code(401).send({
          statusCode: 401,
          error: 'Unauthorized',
          message: 'An admin bearer token is required (or an address in ATLAS_METRICS_ALLOW)',
        });
      }
      // A worker process has no accounts: only its allow-list can read its metrics.
      const user = app.hasDecorator('accounts') ? await app.accounts.tokens.verify(token) : null;
      if (user?.role !== 'admin') {
        return reply.code(403).send({
          statusCode: 403,
          error: 'Forbidden',
          message: 'Metrics are for admins',
        });
      }
    }
    reply.type(metrics.contentType);
    return metrics.text();
  });
}
