/**
 * Issue #28 V3, R15 and the socket Origin: replays are bounded per socket and per user (a rate on
 * subscribes with a replay, one catch-up per user at a time, a byte budget per socket), a socket
 * that does not read is cut off at once and logged once, and a bad Origin gets 403.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ARTICLES_CHANNEL, REALTIME_PATH, REALTIME_TEXT } from '../../data/realtime/protocol';
import { REPLAY_BYTES_PER_MINUTE, SUBSCRIBE_BURST } from '../../server/realtime/socketServer';
import { makeTempDir, removeDir, type TestServer } from './helpers';
import {
  connectRaw,
  createUserToken,
  makeArticle,
  sleep,
  startRealtimeServer,
  waitFor,
} from './realtimeHelpers';

let dir: string;
let server: TestServer;
let token: string;
const warnings: string[] = [];

beforeAll(async () => {
  dir = await makeTempDir('rt-hardening');
  server = await startRealtimeServer({ dir, realtime: { maxBufferedPackets: 50 } });
  // Count the slow-consumer warnings the hub writes.
  const log = server.app.log as unknown as { warn: (...args: unknown[]) => void };
  const original = log.warn.bind(log);
  log.warn = (...args: unknown[]) => {
    warnings.push(args.map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(' '));
    original(...args);
  };
  ({ token } = await createUserToken(server));
  // 5,000 events of ~1 KB each in the log: one full replay is ~5 MB.
  const padding = 'x'.repeat(700);
  for (let n = 0; n < 5000; n++) {
    await server.app.articleEvents.record(server.atlasDb.db, {
      kind: 'article:new',
      articleId: `rt-${n}`,
      payload: { ...makeArticle(n), description: padding },
    });
  }
}, 120_000);
afterAll(async () => {
  await server.close();
  await removeDir(dir);
});

describe('socket Origin (R8)', () => {
  it('a foreign Origin gets 403 on the websocket handshake', async () => {
    const { port } = new URL(server.url);
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request({
        host: '127.0.0.1',
        port,
        path: `${REALTIME_PATH}/?EIO=4&transport=websocket`,
        headers: {
          connection: 'Upgrade',
          upgrade: 'websocket',
          origin: 'https://evil.example.com',
          'sec-websocket-version': '13',
          'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
        },
      });
      req.on('response', (res) => resolve(res.statusCode ?? 0));
      req.on('upgrade', () => resolve(101));
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(403);
  });
});

describe('V3: replays are bounded', () => {
  it('30 subscribe {since: 0} on one socket replay at most the byte budget', async () => {
    const { socket, connected } = connectRaw(server.url, { token });
    await connected;
    let bytes = 0;
    let events = 0;
    socket.on('article:new', (e) => {
      events += 1;
      bytes += JSON.stringify(e).length;
    });
    const acks = (await Promise.all(
      Array.from({ length: 30 }, () =>
        socket
          .timeout(30_000)
          .emitWithAck('subscribe', { channel: ARTICLES_CHANNEL, since: 0 })
          .catch(() => ({ ok: false, error: 'timeout' })),
      ),
    )) as { ok: boolean; error?: string }[];
    await sleep(300);
    const refused = acks.filter((a) => !a.ok);
    expect(refused.length).toBeGreaterThanOrEqual(30 - SUBSCRIBE_BURST);
    expect(refused.some((a) => !a.ok && a.error === REALTIME_TEXT.tooManySubscribes)).toBe(true);
    // Today: 30 x 5,000 events (~150 MB). Bounded: the budget plus one page of slack.
    expect(bytes).toBeLessThanOrEqual(REPLAY_BYTES_PER_MINUTE + 1_000_000);
    expect(events).toBeGreaterThan(0);
    socket.disconnect();
  }, 60_000);

  it('a socket that stops reading is cut off during its replay, logged once; memory stays bounded', async () => {
    const before = process.memoryUsage().rss;
    const { port } = new URL(server.url);
    const sockets: WebSocket[] = [];
    for (let i = 0; i < 6; i++) {
      const { token: own } = await createUserToken(server);
      const ws = new WebSocket(`ws://127.0.0.1:${port}${REALTIME_PATH}/?EIO=4&transport=websocket`);
      sockets.push(ws);
      await new Promise<void>((resolve, reject) => {
        ws.once('error', reject);
        ws.on('message', (data: Buffer) => {
          const text = data.toString();
          if (text.startsWith('0')) ws.send(`40${JSON.stringify({ token: own })}`);
          else if (text.startsWith('40')) {
            ws.send(`420${JSON.stringify(['subscribe', { channel: ARTICLES_CHANNEL, since: 0 }])}`);
            // Stop reading: the kernel buffers fill, then the server's write buffer grows.
            (ws as unknown as { _socket: { pause(): void } })._socket.pause();
            resolve();
          }
        });
      });
    }
    const closed = sockets.map(
      (ws) =>
        new Promise<void>((resolve) => {
          ws.once('close', () => resolve());
        }),
    );
    // Resume nothing: the server must drop them by itself.
    await waitFor(() => server.app.realtime.localClients() === 0, 20_000, 'non-readers dropped');
    const grown = process.memoryUsage().rss - before;
    expect(grown).toBeLessThan(200 * 1024 * 1024);
    for (const ws of sockets) ws.terminate();
    await Promise.all(closed);
    const slow = warnings.filter((w) => w.includes('slow socket consumer'));
    expect(slow.length).toBeGreaterThan(0);
    expect(slow.length).toBeLessThanOrEqual(sockets.length);
  }, 60_000);
});
