/**
 * Body deadline (RELIABILITY.md R10). Node's `requestTimeout` cuts clients that drip their
 * headers, but once a request has been handed to the app it no longer applies (measured on Node
 * 20: a client dripping a body one byte per 100 ms was kept for as long as it liked). This hook
 * gives every request the same whole-request deadline: a body still incomplete when it passes
 * gets a 408 JSON answer and the connection is closed.
 */
import type { FastifyInstance } from 'fastify';

export function registerRequestDeadline(app: FastifyInstance, timeoutMs: number): void {
  app.addHook('onRequest', (request, reply, done) => {
    const raw = request.raw;
    // Only requests that announce a body need watching (GETs are the bulk of the traffic).
    const length = raw.headers['content-length'];
    const hasBody =
      raw.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
    if (!hasBody || raw.complete) {
      done();
      return;
    }
    // Captured now: once the response is done, Node detaches the socket from the request.
    const socket = raw.socket;
    // light-my-request (app.inject) hands in a socket stand-in without destroy().
    const close = (): void => {
      if (typeof socket.destroy === 'function') socket.destroy();
    };
    const timer = setTimeout(() => {
      if (raw.complete || socket.destroyed) return;
      request.log.info('request body not received within the deadline; closing');
      if (!reply.raw.headersSent) {
        const body = JSON.stringify({
          success: false,
          statusCode: 408,
          error: 'Request Timeout',
          message: 'Request body not received in time',
        });
        reply.raw.writeHead(408, {
          'content-type': 'application/json; charset=utf-8',
          'content-length': Buffer.byteLength(body),
          connection: 'close',
        });
        reply.raw.end(body, close);
      } else {
        close();
      }
    }, timeoutMs);
    timer.unref();
    const clear = (): void => clearTimeout(timer);
    raw.once('end', clear);
    raw.once('close', clear);
    done();
  });
}
