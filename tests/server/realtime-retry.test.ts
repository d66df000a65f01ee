/**
 * Issue #28 R14 (client side): after the spec's reconnect attempts fail, the client keeps retrying
 * in bursts with capped, jittered backoff, reports offline ('error') between bursts, and catches up
 * without gaps or duplicates once the server is reachable again. The outage is a loopback TCP
 * proxy that drops every connection and refuses new ones for longer than the first burst lasts.
 * Also: a guest whose subscription is refused is not told 'Real-time connection established'.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REALTIME_TEXT } from '../../data/realtime/protocol';
import {
  RETRY_MAX_MS,
  createRealtimeClient,
  retryDelay,
  type ConnectionStatus,
} from '../../data/realtime/socketClient';
import { makeTempDir, removeDir, type TestServer } from './helpers';
import {
  createUserToken,
  makeArticle,
  sleep,
  startRealtimeServer,
  waitFor,
} from './realtimeHelpers';

/** A TCP proxy on a fixed port that can go down (drop all, refuse) and come back. */
class Outage {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  port = 0;
  constructor(private readonly target: number) {}
  async up(): Promise<void> {
    const server = net.createServer((client) => {
      const upstream = net.connect(this.target, '127.0.0.1');
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    const address = server.address();
    if (address !== null && typeof address === 'object') this.port = address.port;
    this.server = server;
  }
  async down(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => server?.close(() => resolve()) ?? resolve());
  }
}

let dir: string;
let server: TestServer;

beforeAll(async () => {
  dir = await makeTempDir('rt-retry');
  server = await startRealtimeServer({ dir });
});
afterAll(async () => {
  await server.close();
  await removeDir(dir);
});

describe('R14: the client keeps retrying', () => {
  it('retryDelay doubles, is capped and jittered', () => {
    expect(retryDelay(1, () => 0.5)).toBe(2000);
    expect(retryDelay(2, () => 0.5)).toBe(4000);
    expect(retryDelay(20, () => 0.5)).toBe(RETRY_MAX_MS);
    expect(retryDelay(1, () => 0)).toBe(1000);
    expect(retryDelay(1, () => 0.999)).toBeLessThan(3000);
  });

  it('comes back after an outage longer than the first burst, with 0 gaps and 0 duplicates', async () => {
    const proxy = new Outage(Number(new URL(server.url).port));
    await proxy.up();
    const { token } = await createUserToken(server);
    const statuses: ConnectionStatus[] = [];
    const seqs: number[] = [];
    const client = createRealtimeClient({
      url: `http://127.0.0.1:${proxy.port}`,
      token,
      reconnectionAttempts: 2,
      reconnectionDelay: 100,
      reconnectionDelayMax: 200,
      retryDelayMs: () => 400,
      onStatus: (s) => statuses.push(s),
      onArticleNew: (e) => seqs.push(e.seq),
    });
    try {
      await waitFor(() => client.status === 'connected', 10_000, 'first connect');
      await sleep(200);
      const publish = async (from: number, to: number): Promise<void> => {
        for (let n = from; n < to; n++) {
          await server.app.articleEvents.publish({
            kind: 'article:new',
            articleId: `rt-${n}`,
            payload: makeArticle(n),
          });
        }
      };
      await publish(0, 10);
      await waitFor(() => seqs.length === 10, 10_000, 'live events');
      await proxy.down();
      await publish(10, 40);
      // Longer than the first burst (2 attempts of <= 200 ms) and two retry bursts.
      await sleep(2500);
      expect(statuses).toContain('error');
      await proxy.up();
      await publish(40, 50);
      await waitFor(() => seqs.length >= 50, 15_000, 'caught up after the outage');
      await sleep(300);
      expect(new Set(seqs).size).toBe(seqs.length);
      const sorted = [...seqs].sort((a, b) => a - b);
      expect((sorted.at(-1) ?? 0) - (sorted[0] ?? 0) + 1).toBe(50);
      expect(client.status).toBe('connected');
    } finally {
      client.close();
      await proxy.down();
    }
  }, 60_000);

  it('a guest refused a subscription is not told the connection is established', async () => {
    const messages: string[] = [];
    const errors: string[] = [];
    const client = createRealtimeClient({
      url: server.url,
      onNotification: (n) => messages.push(n.message),
      onSubscribeError: (e) => errors.push(e),
    });
    try {
      await waitFor(() => errors.length > 0, 10_000, 'refusal');
      await sleep(200);
      expect(errors).toContain(REALTIME_TEXT.needsAccount);
      expect(messages).not.toContain(REALTIME_TEXT.connected);
    } finally {
      client.close();
    }
  });
});
