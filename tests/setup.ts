/**
 * Vitest setup for every test file: nothing in a test may reach beyond loopback
 * (RELIABILITY.md).
 * - Servers started by tests (and child processes that inherit this environment) do not poll the
 *   real feed registry unless a test turns ingestion on explicitly with loopback feeds.
 * - Any TCP connect to a non-loopback address fails at once with a clear error, so a test that
 *   would silently depend on the network fails instead.
 */
import net from 'node:net';

process.env['ATLAS_INGEST'] ??= 'off';

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|localhost|::ffff:127\.\d+\.\d+\.\d+)$/i;

type ConnectArgs = Parameters<net.Socket['connect']>;

function targetHost(args: unknown[]): string | null {
  const [first, second] = args;
  if (typeof first === 'object' && first !== null && !Array.isArray(first)) {
    const options = first as { host?: unknown; path?: unknown };
    if (typeof options.path === 'string') return null; // unix socket
    return typeof options.host === 'string' ? options.host : 'localhost';
  }
  if (Array.isArray(first)) return targetHost(first as unknown[]);
  if (typeof first === 'number') return typeof second === 'string' ? second : 'localhost';
  return null; // a unix socket path
}

const socketProto = net.Socket.prototype as unknown as {
  connect: (this: net.Socket, ...args: ConnectArgs) => net.Socket;
};
const originalConnect = socketProto.connect;
socketProto.connect = function guardedConnect(this: net.Socket, ...args: ConnectArgs) {
  const host = targetHost(args);
  if (host !== null && !LOOPBACK.test(host)) {
    throw new Error(`tests/setup.ts: connection to ${host} refused (tests stay on loopback)`);
  }
  return originalConnect.apply(this, args);
};
