/**
 * The real-time socket against a real server (127.0.0.1:0, SQLite file, real access tokens),
 * with socket.io-client from Node: Origin checks (R8), guest/user/expired/revoked tokens, every
 * server event and its payload, unsubscribe, catch-up with `since` (exactly the missed events, in
 * order, no duplicates; paged replays), replay-before-live under concurrent publishing, a small
 * fan-out (50 clients x 20 events, 0 lost), and the client in data/realtime/socketClient.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_REPLAY_EVENTS,
  REALTIME_TEXT,
  type ArticleNewEvent,
  type MetricsUpdate,
  type RealtimeNotification,
  type SubscribeAck,
} from '../../data/realtime/protocol';
import { createRealtimeClient, type ConnectionStatus } from '../../data/realtime/socketClient';
import { makeTempDir, removeDir, type TestServer } from './helpers';
import {
  connectRaw,
  createUserToken,
  makeArticle,
  sleep,
  startRealtimeServer,
  waitFor,
  type RawClient,
} from './realtimeHelpers';

const ALLOWED_ORIGIN = 'https://news.example.org';
const METRICS_MS = 200;

let dir: string;
let server: TestServer;
let userToken: string;
const sockets: RawClient[] = [];
let articleCounter = 0;

beforeAll(async () => {
  dir = await makeTempDir('realtime');
  server = await startRealtimeServer({
    dir,
    corsOrigins: [ALLOWED_ORIGIN],
    realtime: { metricsIntervalMs: METRICS_MS },
  });
  userToken = (await createUserToken(server)).token;
});

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await server.close();
  await removeDir(dir);
});

function track(socket: RawClient): RawClient {
  sockets.push(socket);
  return socket;
}

async function connected(options: Parameters<typeof connectRaw>[1] = {}): Promise<RawClient> {
  const { socket, connected: ready } = connectRaw(server.url, options);
  track(socket);
  await ready;
  return socket;
}

/** Connection attempt outcome: 'connected' or the connect_error message. */
async function attempt(options: Parameters<typeof connectRaw>[1]): Promise<string> {
  const { socket, connected: ready } = connectRaw(server.url, options);
  track(socket);
  try {
    await ready;
    return 'connected';
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    socket.disconnect();
  }
}

function subscribe(socket: RawClient, since?: number): Promise<SubscribeAck> {
  return socket
    .timeout(5_000)
    .emitWithAck(
      'subscribe',
      since === undefined ? { channel: 'articles' } : { channel: 'articles', since },
    );
}

async function publishArticle(): Promise<number> {
  articleCounter += 1;
  const event = await server.app.articleEvents.publish({
    kind: 'article:new',
    articleId: `rt-${articleCounter}`,
    payload: makeArticle(articleCounter),
  });
  return event.seq;
}

function collectNew(socket: RawClient): number[] {
  const seqs: number[] = [];
  socket.on('article:new', (event) => seqs.push(event.seq));
  return seqs;
}

describe('handshake: Origin (R8)', () => {
  it('refuses a foreign Origin and accepts the own, a configured and a missing one', async () => {
    expect(await attempt({ origin: 'https://evil.example.com' })).not.toBe('connected');
    expect(await attempt({ origin: 'null' })).not.toBe('connected');
    // Same host, other port: a different origin.
    expect(await attempt({ origin: 'http://127.0.0.1:1' })).not.toBe('connected');
    expect(await attempt({ origin: server.url })).toBe('connected');
    expect(await attempt({ origin: ALLOWED_ORIGIN })).toBe('connected');
    expect(await attempt({})).toBe('connected');
  });
});

describe('handshake and subscribe: tokens and roles', () => {
  it('lets a guest connect but not subscribe, with the exact error', async () => {
    const guest = await connected();
    expect(await subscribe(guest)).toEqual({ ok: false, error: REALTIME_TEXT.needsAccount });
    expect(REALTIME_TEXT.needsAccount).toBe('Real-time data requires a signed-in account');
  });

  it('lets a user and an admin subscribe', async () => {
    const user = await connected({ token: userToken });
    const ack = await subscribe(user);
    expect(ack).toMatchObject({ ok: true, replayed: 0, complete: true });
    const admin = await connected({
      token: (await createUserToken(server, { role: 'admin' })).token,
    });
    expect(await subscribe(admin)).toMatchObject({ ok: true });
  });

  it('refuses expired, garbage and wrongly typed tokens at the handshake', async () => {
    const expired = await createUserToken(server, { lifetimeMs: -5_000 });
    expect(await attempt({ token: expired.token })).toBe(REALTIME_TEXT.tokenInvalid);
    expect(await attempt({ token: 'not.a.jwt' })).toBe(REALTIME_TEXT.tokenInvalid);
    expect(await attempt({ token: `${userToken.slice(0, -4)}AAAA` })).toBe(
      REALTIME_TEXT.tokenInvalid,
    );
  });

  it('drops the socket when its token expires', async () => {
    const { token } = await createUserToken(server, { lifetimeMs: 1_500 });
    const socket = await connected({ token });
    expect(await subscribe(socket)).toMatchObject({ ok: true });
    const notices: RealtimeNotification[] = [];
    socket.on('notification', (n) => notices.push(n));
    let reason = '';
    socket.on('disconnect', (r) => (reason = r));
    await waitFor(() => reason !== '', 5_000, 'disconnect at token expiry');
    expect(reason).toBe('io server disconnect');
    expect(notices).toContainEqual({ type: 'warning', message: REALTIME_TEXT.tokenExpired });
  });

  it('drops a revoked token (token_version bumped) at its next request', async () => {
    const { userId, token } = await createUserToken(server);
    const socket = await connected({ token });
    expect(await subscribe(socket)).toMatchObject({ ok: true });
    await server.atlasDb.db
      .updateTable('users')
      .set((eb) => ({ token_version: eb('token_version', '+', 1) }))
      .where('id', '=', userId)
      .execute();
    let reason = '';
    socket.on('disconnect', (r) => (reason = r));
    expect(await subscribe(socket)).toEqual({ ok: false, error: REALTIME_TEXT.tokenInvalid });
    await waitFor(() => reason !== '', 2_000, 'disconnect after revocation');
    expect(reason).toBe('io server disconnect');
  });
});

describe('events', () => {
  it('delivers article:new, article:update and article:analyzed with their payloads and seq', async () => {
    const socket = await connected({ token: userToken });
    await subscribe(socket);
    const got: { name: string; body: unknown }[] = [];
    socket.on('article:new', (body) => got.push({ name: 'article:new', body }));
    socket.on('article:update', (body) => got.push({ name: 'article:update', body }));
    socket.on('article:analyzed', (body) => got.push({ name: 'article:analyzed', body }));

    const article = makeArticle(9_001);
    const events = server.app.articleEvents;
    const a = await events.publish({
      kind: 'article:new',
      articleId: article.id,
      payload: article,
    });
    const b = await events.publish({
      kind: 'article:update',
      articleId: article.id,
      payload: { id: article.id, updates: { title: 'Updated title' } },
    });
    const analysis = { contentSummary: { summary: 'Short' }, confidenceScore: 0.8 };
    const c = await events.publish({
      kind: 'article:analyzed',
      articleId: article.id,
      payload: { articleId: article.id, analysis },
    });
    await waitFor(() => got.length === 3, 3_000, 'three events');
    expect(got).toEqual([
      { name: 'article:new', body: { ...article, seq: a.seq } },
      {
        name: 'article:update',
        body: { id: article.id, updates: { title: 'Updated title' }, seq: b.seq },
      },
      { name: 'article:analyzed', body: { articleId: article.id, analysis, seq: c.seq } },
    ]);
    expect(b.seq).toBeGreaterThan(a.seq);
    expect(c.seq).toBeGreaterThan(b.seq);
  });

  it('stops delivery after unsubscribe', async () => {
    const leaving = await connected({ token: userToken });
    const staying = await connected({ token: userToken });
    await subscribe(leaving);
    await subscribe(staying);
    const leftSeqs = collectNew(leaving);
    const stayedSeqs = collectNew(staying);
    const first = await publishArticle();
    await waitFor(() => leftSeqs.includes(first) && stayedSeqs.includes(first), 3_000, 'first');
    expect(
      await leaving.timeout(5_000).emitWithAck('unsubscribe', { channel: 'articles' }),
    ).toEqual({ ok: true });
    const second = await publishArticle();
    await waitFor(() => stayedSeqs.includes(second), 3_000, 'second reaches the subscriber');
    await sleep(100);
    expect(leftSeqs).toEqual([first]);
  });

  it('rejects malformed subscribe requests', async () => {
    const socket = await connected({ token: userToken });
    const bad = [{ channel: 'other' }, { channel: 'articles', since: -1 }, 'articles', null];
    for (const body of bad) {
      expect(await socket.timeout(5_000).emitWithAck('subscribe', body as never)).toEqual({
        ok: false,
        error: REALTIME_TEXT.badRequest,
      });
    }
  });

  it('sends metrics:update to subscribers with the documented shape', async () => {
    await publishArticle();
    const socket = await connected({ token: userToken });
    const metrics: MetricsUpdate[] = [];
    socket.on('metrics:update', (m) => metrics.push(m));
    await subscribe(socket);
    await waitFor(() => metrics.length > 0, 3_000, 'metrics:update');
    const m = metrics[0];
    expect(Object.keys(m ?? {}).sort()).toEqual(
      [
        'articlesLastHour',
        'articlesTotal',
        'at',
        'connectedClients',
        'eventsPerMinute',
        'uptimeSeconds',
      ].sort(),
    );
    expect(m?.connectedClients).toBeGreaterThanOrEqual(1);
    expect(m?.eventsPerMinute).toBeGreaterThanOrEqual(1);
    expect(Number.isNaN(Date.parse(m?.at ?? ''))).toBe(false);
    const articles = await server.atlasDb.db
      .selectFrom('articles')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(m?.articlesTotal).toBe(articles.n);
  });

  it('does not send metrics to a socket that is not subscribed', async () => {
    const socket = await connected({ token: userToken });
    let count = 0;
    socket.on('metrics:update', () => (count += 1));
    await sleep(METRICS_MS * 3);
    expect(count).toBe(0);
  });

  it('sends notifications to subscribers', async () => {
    const socket = await connected({ token: userToken });
    await subscribe(socket);
    const notices: RealtimeNotification[] = [];
    socket.on('notification', (n) => notices.push(n));
    server.app.realtime.notify({ type: 'info', message: 'Maintenance at noon' });
    await waitFor(() => notices.length === 1, 3_000, 'notification');
    expect(notices[0]).toEqual({ type: 'info', message: 'Maintenance at noon' });
  });
});

describe('catch-up', () => {
  it('replays exactly the missed events, in order, then continues live', async () => {
    const socket = await connected({ token: userToken });
    await subscribe(socket);
    const seqs = collectNew(socket);
    const before = await publishArticle();
    await waitFor(() => seqs.includes(before), 3_000, 'event before disconnect');
    socket.disconnect();

    const missed: number[] = [];
    for (let i = 0; i < 25; i += 1) missed.push(await publishArticle());

    socket.connect();
    await waitFor(() => socket.connected, 3_000, 'reconnect');
    const ack = await subscribe(socket, before);
    expect(ack).toMatchObject({ ok: true, replayed: 25, complete: true, latestSeq: missed.at(-1) });
    const live = await publishArticle();
    await waitFor(() => seqs.includes(live), 3_000, 'live event after catch-up');
    expect(seqs).toEqual([before, ...missed, live]);
  });

  it('replays before live events with no gap and no duplicate while publishing goes on', async () => {
    const since = await publishArticle();
    const socket = await connected({ token: userToken });
    const seqs = collectNew(socket);
    for (let i = 0; i < 300; i += 1) await publishArticle();
    // Publish concurrently with the subscribe's replay.
    const state = { publishing: true };
    const publisher = (async () => {
      while (state.publishing) {
        await publishArticle();
        await sleep(1);
      }
    })();
    const ack = await subscribe(socket, since);
    await sleep(50);
    state.publishing = false;
    await publisher;
    const last = await publishArticle();
    await waitFor(() => seqs.includes(last), 5_000, 'final event');
    expect(ack).toMatchObject({ ok: true, complete: true });
    const logged = (await server.app.articleEvents.since(since, 1000))
      .filter((e) => e.kind === 'article:new')
      .map((e) => e.seq);
    expect(seqs).toEqual(logged);
  });

  it('pages a long absence: the client asks again until the replay is complete', async () => {
    const since = await publishArticle();
    const total = MAX_REPLAY_EVENTS + 40;
    const events = server.app.articleEvents;
    await server.atlasDb.db.transaction().execute(async (trx) => {
      for (let i = 0; i < total; i += 1) {
        articleCounter += 1;
        await events.record(trx, {
          kind: 'article:new',
          articleId: `rt-${articleCounter}`,
          payload: makeArticle(articleCounter),
        });
      }
    });
    const received: number[] = [];
    const acks: SubscribeAck[] = [];
    const client = createRealtimeClient({
      url: server.url,
      token: userToken,
      since,
      onArticleNew: (event: ArticleNewEvent) => received.push(event.seq),
    });
    try {
      // Observe the acks through a second subscribe after the automatic one completes.
      await waitFor(() => received.length === total, 15_000, `${total} replayed events`);
      acks.push(await client.subscribe());
      expect(new Set(received).size).toBe(total);
      expect(received).toEqual([...received].sort((x, y) => x - y));
      expect(received[0]).toBe(since + 1);
      expect(acks[0]).toMatchObject({ ok: true, complete: true });
    } finally {
      client.close();
    }
  });
});

describe('fan-out (small R13)', () => {
  it('50 clients x 20 events: 0 lost, 0 duplicates', async () => {
    const clients = 50;
    const eventsCount = 20;
    const received: number[][] = [];
    const all: RawClient[] = [];
    for (let i = 0; i < clients; i += 1) {
      const socket = await connected({ token: userToken });
      received.push(collectNew(socket));
      all.push(socket);
    }
    await Promise.all(all.map((socket) => subscribe(socket)));
    const published: number[] = [];
    for (let i = 0; i < eventsCount; i += 1) published.push(await publishArticle());
    await waitFor(
      () => received.every((seqs) => seqs.length >= eventsCount),
      10_000,
      'every client got every event',
    );
    await sleep(50);
    for (const seqs of received) expect(seqs).toEqual(published);
    for (const socket of all) socket.disconnect();
  });
});

describe('data/realtime/socketClient', () => {
  it('reports status and notices, subscribes on connect and dedupes by seq across reconnects', async () => {
    const statuses: ConnectionStatus[] = [];
    const notices: RealtimeNotification[] = [];
    const seqs: number[] = [];
    let subscribed = 0;
    const client = createRealtimeClient({
      url: server.url,
      token: () => userToken,
      onSubscribed: () => (subscribed += 1),
      onStatus: (status) => statuses.push(status),
      onNotification: (n) => notices.push(n),
      onArticleNew: (event) => seqs.push(event.seq),
    });
    try {
      await waitFor(() => subscribed === 1, 5_000, 'connected and subscribed');
      const first = await publishArticle();
      await waitFor(() => seqs.includes(first), 3_000, 'first event');
      // Break the transport (not a client disconnect): socket.io reconnects on its own.
      client.socket.io.engine.close();
      const missed: number[] = [];
      for (let i = 0; i < 10; i += 1) missed.push(await publishArticle());
      await waitFor(
        () => seqs.length === 11,
        8_000,
        `catch-up after reconnect (statuses ${statuses.join()}, seqs ${seqs.join()})`,
      );
      expect(seqs).toEqual([first, ...missed]);
      expect(client.lastSeq).toBe(missed.at(-1));
      expect(statuses).toContain('disconnected');
      expect(statuses.at(-1)).toBe('connected');
      expect(notices).toContainEqual({
        type: 'success',
        message: 'Real-time connection established',
      });
      expect(notices).toContainEqual({ type: 'warning', message: 'Real-time connection lost' });
    } finally {
      client.close();
    }
  });

  it('tells a guest why it gets no events', async () => {
    const errors: string[] = [];
    const client = createRealtimeClient({
      url: server.url,
      onSubscribeError: (e) => errors.push(e),
    });
    try {
      await waitFor(() => errors.length > 0, 5_000, 'subscribe error');
      expect(errors).toEqual(['Real-time data requires a signed-in account']);
    } finally {
      client.close();
    }
  });

  it('goes to status error when the server refuses the connection', async () => {
    const statuses: ConnectionStatus[] = [];
    const client = createRealtimeClient({
      url: server.url,
      token: 'garbage',
      reconnectionAttempts: 0,
      onStatus: (status) => statuses.push(status),
    });
    try {
      await waitFor(() => statuses.includes('error'), 5_000, 'error status');
      expect(statuses).not.toContain('connected');
    } finally {
      client.close();
    }
  });
});
