/**
 * The real-time socket (spec application.md section 7, docs/api.md "## Real time"): socket.io on
 * the Fastify HTTP server, websocket transport only.
 *
 * - Handshake: the Origin must be the server's own origin or one of ATLAS_CORS_ORIGINS (R8); a
 *   request without Origin is accepted because browsers always send one on websocket handshakes,
 *   so its absence means a non-browser client, which could forge any Origin anyway. The bearer
 *   token (handshake `auth.token`) is verified; no token = guest.
 * - Guests may connect but not subscribe (capability realTimeData, data/permissions.ts).
 * - A token is dropped when it expires (timer), and re-verified (token_version revocation) on
 *   every subscribe/unsubscribe and every REVALIDATE_INTERVAL_MS.
 * - Fan-out: every process hears every article event exactly once (its own through
 *   app.articleEvents, the others' through the Redis adapter's serverSideEmit) and delivers it to
 *   its own subscribers. Doing the last step locally (instead of a cluster-wide room broadcast) is
 *   what lets a subscriber that is catching up buffer live events until its replay is done.
 * - Catch-up: subscribe {since} -> buffer live events, replay seq > since from the log, flush the
 *   buffered events not replayed, then go live; so replay precedes live, without gap or duplicate.
 */
import type { Server as HttpServer, IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import { Server, type Socket } from 'socket.io';
import { can, type Role } from '../../data/permissions';
import {
  ARTICLES_CHANNEL,
  MAX_REPLAY_EVENTS,
  METRICS_INTERVAL_MS,
  REALTIME_PATH,
  REALTIME_TEXT,
  parseSubscribeRequest,
  type ClientToServerEvents,
  type MetricsUpdate,
  type RealtimeNotification,
  type ServerToClientEvents,
  type SubscribeAck,
  type UnsubscribeAck,
} from '../../data/realtime/protocol';
import type { Database } from '../db/schema';
import type { ArticleEventLog, LoggedArticleEvent } from './articleEventLog';

/** What a verified token says. expiresAt: epoch milliseconds. */
export interface TokenIdentity {
  userId: string;
  role: Role;
  expiresAt: number;
}
/** Verifies a bearer token (signature, claims, expiry, token_version); null when not valid. */
export type VerifyToken = (token: string) => Promise<TokenIdentity | null>;

/** Live tokens are re-verified this often, so a revoked token loses the stream within a minute. */
export const REVALIDATE_INTERVAL_MS = 60_000;
/**
 * Slow consumers (R15): packets queued in a socket's engine.io write buffer (not yet handed to
 * the kernel) beyond which the socket is disconnected. A healthy client drains within
 * milliseconds; 1,000 packets of ~1 KB is ~1 MB per socket at most.
 */
export const MAX_BUFFERED_PACKETS = 1_000;
/** Live events held for one subscriber while its replay runs; beyond this it is disconnected. */
export const MAX_CATCH_UP_BUFFER = 10_000;
/**
 * Subscribe requests one socket may make in a burst (issue #28 V3); one more is allowed every
 * SUBSCRIBE_REFILL_MS. Past it the ack is {ok:false, error: tooManySubscribes}.
 */
export const SUBSCRIBE_BURST = 5;
export const SUBSCRIBE_REFILL_MS = 10_000;
/**
 * Replay bytes (JSON of the replayed events) per socket per minute, and twice that per user over
 * all their sockets (V3). A full replay of MAX_REPLAY_EVENTS typical events (~1 KB) fits; past it
 * the replay stops with complete:false and the client asks again later.
 */
export const REPLAY_BYTES_PER_MINUTE = 6_000_000;
const REPLAY_BUDGET_WINDOW_MS = 60_000;
/** How long a replay waits for a page to drain before it treats the socket as not reading. */
export const REPLAY_DRAIN_WAIT_MS = 2_000;
/** Rows per replay query (the log's own cap is 1,000). */
const REPLAY_PAGE = 1_000;
const ROOM = ARTICLES_CHANNEL;
const REMOTE_EVENT = 'atlas:article-event';
/** Inter-server: a user's preferences changed in another process (server/alerts index). */
const REMOTE_PREFERENCES = 'atlas:preferences';
/** Every signed-in socket joins its user's room; alerts go to it (all processes, all tabs). */
export const userRoom = (userId: string): string => `user:${userId}`;
/** setTimeout's longest delay; a longer token lifetime is re-armed when it fires. */
const MAX_TIMER_MS = 2_147_483_647;
const REDIS_READY_TIMEOUT_MS = 5_000;
/** How far behind the cursor the log tail re-reads (out-of-order commits on PostgreSQL). */
const TAIL_REREAD = 100;
/** Delivered seqs remembered for dedupe; must exceed TAIL_REREAD plus one poll's events. */
const TAIL_DEDUPE_WINDOW = 5_000;

export interface RealtimeOptions {
  db: Kysely<Database>;
  events: ArticleEventLog;
  verifyToken: VerifyToken;
  /** Exact extra origins allowed besides the server's own. */
  corsOrigins: readonly string[];
  redisUrl?: string | null;
  /** Prefix of the Redis pub/sub channels; give each deployment (or test) its own. */
  redisKeyPrefix?: string;
  metricsIntervalMs?: number;
  revalidateIntervalMs?: number;
  maxBufferedPackets?: number;
  /**
   * Poll the event log every this many ms and deliver events this process did not write (the
   * ingestion worker runs in another process when ATLAS_ROLE splits api and worker). Off by
   * default: in role 'all' every writer is in this process and announces directly.
   */
  tailLogMs?: number;
  now?: () => number;
  log?: Pick<FastifyInstance['log'], 'warn' | 'error' | 'info'>;
}

interface InterServerEvents {
  [REMOTE_EVENT]: (event: LoggedArticleEvent) => void;
  [REMOTE_PREFERENCES]: (userId: string) => void;
}

interface SocketData {
  token: string | null;
  identity: TokenIdentity | null;
}

type AtlasServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  InterServerEvents,
  SocketData
>;
type AtlasSocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  InterServerEvents,
  SocketData
>;

interface CatchUp {
  buffer: LoggedArticleEvent[];
}

interface Budget {
  windowStart: number;
  used: number;
}

export const DEFAULT_REDIS_KEY_PREFIX = 'atlas-socket.io';

export class RealtimeHub {
  private io: AtlasServer | null = null;
  private redis: { pub: Redis; sub: Redis } | null = null;
  private readonly catchingUp = new Map<string, CatchUp>();
  private readonly expiryTimers = new Map<string, NodeJS.Timeout>();
  /** Per-socket chain so two subscribe calls of one socket never interleave. */
  private readonly queues = new Map<string, Promise<void>>();
  private readonly timers: NodeJS.Timeout[] = [];
  private unsubscribeEvents: (() => void) | null = null;
  private readonly startedAt: number;
  private readonly now: () => number;
  private closed = false;
  /** Seqs delivered recently (insertion order = age), so log tailing never delivers twice. */
  private readonly deliveredSeqs = new Set<number>();
  private tailCursor = 0;
  private tailing = false;
  /** Subscribe tokens per socket (V3). */
  private readonly subscribeTokens = new Map<string, { tokens: number; at: number }>();
  /** Replay byte budgets per socket ('s:') and per user ('u:') (V3). */
  private readonly replayBudgets = new Map<string, Budget>();
  /** Per-user chain: one catch-up per user at a time, across sockets and tabs (V3). */
  private readonly userCatchUps = new Map<string, Promise<unknown>>();
  /** Sockets already cut off as slow consumers: dropped and logged once (R15). */
  private readonly cutOff = new WeakSet<object>();
  private upgradeGuard: ((req: IncomingMessage, socket: Duplex) => void) | null = null;
  /** Told of every article event this process delivers, once each (server/alerts). */
  private readonly deliveryListeners = new Set<(event: LoggedArticleEvent) => void>();
  private readonly preferenceListeners = new Set<(userId: string) => void>();

  constructor(private readonly options: RealtimeOptions) {
    this.now = options.now ?? Date.now;
    this.startedAt = this.now();
  }

  /** The socket.io server (null before start()). */
  get server(): AtlasServer | null {
    return this.io;
  }

  /** Sockets connected to this process. */
  localClients(): number {
    return this.io?.engine.clientsCount ?? 0;
  }

  async start(httpServer: HttpServer): Promise<void> {
    if (this.io !== null) return;
    const io: AtlasServer = new Server(httpServer, {
      path: REALTIME_PATH,
      transports: ['websocket'],
      serveClient: false,
      allowRequest: (req, callback) => {
        callback(null, this.originAllowed(req));
      },
    });
    this.io = io;
    // A refused Origin is a 403 (engine.io answers every refused upgrade with 400). Runs before
    // engine.io's own upgrade listener; engine.io then finds the socket destroyed.
    this.upgradeGuard = (req, socket) => {
      if (!(req.url ?? '').startsWith(`${REALTIME_PATH}/`) || this.originAllowed(req)) return;
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      socket.destroy();
    };
    httpServer.prependListener('upgrade', this.upgradeGuard);
    if (this.options.redisUrl != null && this.options.redisUrl !== '') {
      await this.attachRedis(io, this.options.redisUrl);
    }

    io.use((socket, next) => {
      this.authenticate(socket).then(
        (error) => next(error ?? undefined),
        (error: unknown) => {
          this.options.log?.error({ err: error }, 'socket handshake failed');
          next(new Error(REALTIME_TEXT.tokenInvalid));
        },
      );
    });
    io.on('connection', (socket) => this.onConnection(socket));
    io.on(REMOTE_EVENT, (event) => this.deliver(event));
    io.on(REMOTE_PREFERENCES, (userId) => {
      if (typeof userId !== 'string') return;
      for (const listener of this.preferenceListeners) listener(userId);
    });

    this.unsubscribeEvents = this.options.events.subscribe((event) => {
      this.deliver(event);
      // Other processes deliver to their own subscribers (no-op without the Redis adapter).
      if (this.redis !== null) io.serverSideEmit(REMOTE_EVENT, event);
    });

    if (this.options.tailLogMs !== undefined && this.options.tailLogMs > 0) {
      this.tailCursor = await this.options.events.latestSeq();
      this.timers.push(setInterval(() => void this.tailLog(), this.options.tailLogMs));
    }

    const metricsEvery = this.options.metricsIntervalMs ?? METRICS_INTERVAL_MS;
    this.timers.push(setInterval(() => void this.sendMetrics(), metricsEvery));
    const revalidateEvery = this.options.revalidateIntervalMs ?? REVALIDATE_INTERVAL_MS;
    this.timers.push(setInterval(() => void this.revalidateAll(), revalidateEvery));
  }

  /**
   * Calls `listener` with every article event this process delivers (its own, other processes'
   * through Redis, or the log tail), each once, after the subscribers got it.
   */
  onDelivered(listener: (event: LoggedArticleEvent) => void): () => void {
    this.deliveryListeners.add(listener);
    return () => {
      this.deliveryListeners.delete(listener);
    };
  }

  /** Sends a notification to one user's sockets (every tab, every process), nobody else's. */
  notifyUser(userId: string, notification: RealtimeNotification): void {
    this.io?.to(userRoom(userId)).emit('notification', notification);
  }

  /** Tells the other processes (Redis adapter) that a user's preferences changed. */
  announcePreferences(userId: string): void {
    if (this.io !== null && this.redis !== null) this.io.serverSideEmit(REMOTE_PREFERENCES, userId);
  }

  /** Called when another process announced a user's preferences change. */
  onRemotePreferences(listener: (userId: string) => void): () => void {
    this.preferenceListeners.add(listener);
    return () => {
      this.preferenceListeners.delete(listener);
    };
  }

  /** Sends a notification to every subscriber (all processes). */
  notify(notification: RealtimeNotification): void {
    this.io?.to(ROOM).emit('notification', notification);
  }

  /** Current metrics as sent in 'metrics:update'. */
  async metrics(): Promise<MetricsUpdate> {
    const now = this.now();
    const { db } = this.options;
    const hourAgo = new Date(now - 3_600_000).toISOString();
    const minuteAgo = new Date(now - 60_000).toISOString();
    const [total, lastHour, events] = await Promise.all([
      db
        .selectFrom('articles')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('articles')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('created_at', '>=', hourAgo)
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('article_events')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('created_at', '>=', minuteAgo)
        .executeTakeFirstOrThrow(),
    ]);
    return {
      connectedClients: this.localClients(),
      articlesTotal: total.n,
      articlesLastHour: lastHour.n,
      eventsPerMinute: events.n,
      uptimeSeconds: Math.floor((now - this.startedAt) / 1000),
      at: new Date(now).toISOString(),
    };
  }

  /**
   * Drops every connection at the transport level (clients see 'transport close' and reconnect,
   * to this process after a restart or to another one), stops timers and closes Redis.
   * The HTTP server itself is Fastify's to close.
   */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const timer of this.timers) clearInterval(timer);
    for (const timer of this.expiryTimers.values()) clearTimeout(timer);
    this.expiryTimers.clear();
    this.unsubscribeEvents?.();
    this.catchingUp.clear();
    const io = this.io;
    if (this.upgradeGuard !== null) {
      io?.httpServer.off('upgrade', this.upgradeGuard);
      this.upgradeGuard = null;
    }
    if (io !== null) {
      io.engine.close();
      // Not io.close(): that would also close the HTTP server under Fastify.
      await Promise.resolve(io.of('/').adapter.close());
    }
    if (this.redis !== null) {
      const { pub, sub } = this.redis;
      this.redis = null;
      await Promise.allSettled([pub.quit(), sub.quit()]);
    }
  }

  private async attachRedis(io: AtlasServer, url: string): Promise<void> {
    const pub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
    const sub = pub.duplicate();
    this.redis = { pub, sub };
    const onError = (error: Error): void => {
      this.options.log?.warn({ err: error }, 'redis (socket adapter) error');
    };
    pub.on('error', onError);
    sub.on('error', onError);
    const ready = Promise.all([pub.connect(), sub.connect()]);
    const timeout = new Promise<never>((_, reject) => {
      setTimeout(
        () => reject(new Error(`Redis did not answer within ${REDIS_READY_TIMEOUT_MS} ms`)),
        REDIS_READY_TIMEOUT_MS,
      ).unref();
    });
    await Promise.race([ready, timeout]);
    io.adapter(
      createAdapter(pub, sub, { key: this.options.redisKeyPrefix ?? DEFAULT_REDIS_KEY_PREFIX }),
    );
    // Commands run in order on one connection: once PING answers, the adapter's SUBSCRIBE calls
    // before it are active, so events published by other processes from now on reach us.
    await sub.ping();
  }

  private originAllowed(req: IncomingMessage): boolean {
    const origin = req.headers.origin;
    if (origin === undefined) return true;
    let normalised: string;
    try {
      normalised = new URL(origin).origin;
    } catch {
      return false;
    }
    if (normalised === 'null') return false;
    if (this.options.corsOrigins.includes(normalised)) return true;
    const host = req.headers.host;
    if (host === undefined) return false;
    return normalised === originOf('http', host) || normalised === originOf('https', host);
  }

  /** Handshake: returns an error to refuse the connection, null to accept. */
  private async authenticate(socket: AtlasSocket): Promise<Error | null> {
    const auth = socket.handshake.auth as Record<string, unknown>;
    const token = auth['token'];
    if (token === undefined || token === null || token === '') {
      socket.data.token = null;
      socket.data.identity = null;
      return null;
    }
    if (typeof token !== 'string') return new Error(REALTIME_TEXT.tokenInvalid);
    const identity = await this.options.verifyToken(token);
    if (identity === null) return new Error(REALTIME_TEXT.tokenInvalid);
    if (identity.expiresAt <= this.now()) return new Error(REALTIME_TEXT.tokenExpired);
    socket.data.token = token;
    socket.data.identity = identity;
    return null;
  }

  private onConnection(socket: AtlasSocket): void {
    if (this.closed) {
      socket.disconnect(true);
      return;
    }
    const identity = socket.data.identity;
    if (identity !== null) {
      this.armExpiry(socket, identity.expiresAt);
      // The user's own room: alerts (notifyUser) reach every tab of theirs and no one else.
      void socket.join(userRoom(identity.userId));
    }
    socket.on('disconnect', () => {
      const timer = this.expiryTimers.get(socket.id);
      if (timer !== undefined) clearTimeout(timer);
      this.expiryTimers.delete(socket.id);
      this.catchingUp.delete(socket.id);
      this.queues.delete(socket.id);
      this.subscribeTokens.delete(socket.id);
      this.replayBudgets.delete(`s:${socket.id}`);
    });
    // Wire input is untrusted: both listeners take `unknown` and validate.
    socket.on('subscribe', (raw: unknown, ack: unknown) => {
      if (typeof ack !== 'function') return;
      this.serial(socket, async () => {
        (ack as (result: SubscribeAck) => void)(await this.subscribe(socket, raw));
      });
    });
    socket.on('unsubscribe', (raw: unknown, ack: unknown) => {
      if (typeof ack !== 'function') return;
      this.serial(socket, async () => {
        (ack as (result: UnsubscribeAck) => void)(await this.unsubscribe(socket, raw));
      });
    });
  }

  private serial(socket: AtlasSocket, task: () => Promise<void>): void {
    const previous = this.queues.get(socket.id) ?? Promise.resolve();
    const next = previous.then(task).catch((error: unknown) => {
      this.options.log?.error({ err: error }, 'socket request failed');
    });
    this.queues.set(socket.id, next);
  }

  private armExpiry(socket: AtlasSocket, expiresAt: number): void {
    const delay = Math.max(0, Math.min(expiresAt - this.now(), MAX_TIMER_MS));
    const timer = setTimeout(() => {
      if (this.now() < expiresAt) {
        this.armExpiry(socket, expiresAt);
        return;
      }
      this.drop(socket, REALTIME_TEXT.tokenExpired);
    }, delay);
    this.expiryTimers.set(socket.id, timer);
  }

  /** Ends a session server-side: the client does not reconnect by itself (it must sign in). */
  private drop(socket: AtlasSocket, message: string): void {
    socket.emit('notification', { type: 'warning', message });
    socket.disconnect(true);
  }

  /** Re-verifies the socket's token; false (and the socket dropped soon) when no longer valid. */
  private async stillValid(socket: AtlasSocket): Promise<boolean> {
    const token = socket.data.token;
    if (token === null) return true;
    const identity = await this.options.verifyToken(token);
    if (identity === null || identity.expiresAt <= this.now()) {
      // After the caller's ack has gone out, so the client learns why.
      setImmediate(() => this.drop(socket, REALTIME_TEXT.tokenInvalid));
      return false;
    }
    socket.data.identity = identity;
    return true;
  }

  private async revalidateAll(): Promise<void> {
    const io = this.io;
    if (io === null) return;
    // One verification per distinct token, however many tabs share it.
    const byToken = new Map<string, AtlasSocket[]>();
    for (const socket of io.of('/').sockets.values()) {
      const token = socket.data.token;
      if (token === null) continue;
      const list = byToken.get(token) ?? [];
      list.push(socket);
      byToken.set(token, list);
    }
    for (const [token, sockets] of byToken) {
      let identity: TokenIdentity | null;
      try {
        identity = await this.options.verifyToken(token);
      } catch (error) {
        this.options.log?.warn({ err: error }, 'token revalidation failed; will retry');
        continue;
      }
      if (identity === null || identity.expiresAt <= this.now()) {
        for (const socket of sockets) this.drop(socket, REALTIME_TEXT.tokenInvalid);
      } else {
        for (const socket of sockets) socket.data.identity = identity;
      }
    }
  }

  private async subscribe(socket: AtlasSocket, raw: unknown): Promise<SubscribeAck> {
    const request = parseSubscribeRequest(raw);
    if (request === null) return { ok: false, error: REALTIME_TEXT.badRequest };
    if (!(await this.stillValid(socket))) return { ok: false, error: REALTIME_TEXT.tokenInvalid };
    const role: Role = socket.data.identity?.role ?? 'guest';
    if (!can(role, 'realTimeData')) return { ok: false, error: REALTIME_TEXT.needsAccount };

    if (!this.takeSubscribeToken(socket.id)) {
      return { ok: false, error: REALTIME_TEXT.tooManySubscribes };
    }

    const { events } = this.options;
    if (request.since === undefined) {
      this.catchingUp.delete(socket.id);
      await socket.join(ROOM);
      return { ok: true, latestSeq: await events.latestSeq(), replayed: 0, complete: true };
    }

    // One catch-up per user at a time (all their sockets): the next waits for the previous.
    const userKey = socket.data.identity?.userId ?? `socket:${socket.id}`;
    const previous = this.userCatchUps.get(userKey) ?? Promise.resolve();
    const run = previous.then(() => this.catchUp(socket, request.since ?? 0));
    const settled = run.catch(() => undefined);
    this.userCatchUps.set(userKey, settled);
    void settled.then(() => {
      if (this.userCatchUps.get(userKey) === settled) this.userCatchUps.delete(userKey);
    });
    return run;
  }

  /** Replays seq > since within the socket's and user's byte budgets, then goes live. */
  private async catchUp(socket: AtlasSocket, since: number): Promise<SubscribeAck> {
    const { events } = this.options;
    const budgetKeys = [`s:${socket.id}`, `u:${socket.data.identity?.userId ?? socket.id}`];
    const limits = [REPLAY_BYTES_PER_MINUTE, 2 * REPLAY_BYTES_PER_MINUTE];
    const bound = this.options.maxBufferedPackets ?? MAX_BUFFERED_PACKETS;
    // Buffer live events from now on, then replay the log, then flush what was not replayed.
    const catchUp: CatchUp = { buffer: [] };
    this.catchingUp.set(socket.id, catchUp);
    await socket.leave(ROOM);
    const replayedSeqs = new Set<number>();
    let cursor = since;
    let complete = false;
    let overBudget = false;
    while (replayedSeqs.size < MAX_REPLAY_EVENTS && !overBudget) {
      const want = Math.min(REPLAY_PAGE, MAX_REPLAY_EVENTS - replayedSeqs.size);
      const page = await events.since(cursor, want);
      if (!socket.connected || this.catchingUp.get(socket.id) !== catchUp) {
        return { ok: false, error: REALTIME_TEXT.badRequest };
      }
      for (const event of page) {
        if (!this.chargeReplay(budgetKeys, limits, JSON.stringify(event.payload).length)) {
          overBudget = true;
          break;
        }
        emitEvent(socket, event);
        replayedSeqs.add(event.seq);
        cursor = Math.max(cursor, event.seq);
      }
      // A socket that does not read is cut off before its replay piles up in memory (V3): a
      // reading client drains a page within the wait; one that does not is dropped.
      if (writeBufferLength(socket) > bound) await drained(socket, REPLAY_DRAIN_WAIT_MS);
      if (writeBufferLength(socket) > bound) {
        this.cutOffSlow(socket);
        this.catchingUp.delete(socket.id);
        return { ok: false, error: REALTIME_TEXT.badRequest };
      }
      if (!overBudget && page.length < want) {
        complete = true;
        break;
      }
    }
    this.catchingUp.delete(socket.id);
    if (!complete) {
      // The client asks again from `cursor`; events after it come from the log then.
      return { ok: true, latestSeq: cursor, replayed: replayedSeqs.size, complete: false };
    }
    // Synchronous from here to join(): no event can slip between the flush and the room.
    let latest = cursor;
    for (const event of catchUp.buffer) {
      if (event.seq <= since || replayedSeqs.has(event.seq)) continue;
      emitEvent(socket, event);
      latest = Math.max(latest, event.seq);
    }
    void socket.join(ROOM);
    return { ok: true, latestSeq: latest, replayed: replayedSeqs.size, complete: true };
  }

  /** Token bucket of subscribe requests per socket. */
  private takeSubscribeToken(socketId: string): boolean {
    const now = this.now();
    const bucket = this.subscribeTokens.get(socketId) ?? { tokens: SUBSCRIBE_BURST, at: now };
    const refill = Math.floor((now - bucket.at) / SUBSCRIBE_REFILL_MS);
    if (refill > 0) {
      bucket.tokens = Math.min(SUBSCRIBE_BURST, bucket.tokens + refill);
      bucket.at += refill * SUBSCRIBE_REFILL_MS;
    }
    if (bucket.tokens >= SUBSCRIBE_BURST) bucket.at = now;
    this.subscribeTokens.set(socketId, bucket);
    if (bucket.tokens <= 0) return false;
    bucket.tokens -= 1;
    return true;
  }

  /** Charges `bytes` of replay to every key; false (nothing charged) when one is spent. */
  private chargeReplay(keys: string[], limits: number[], bytes: number): boolean {
    const now = this.now();
    const budgets = keys.map((key) => {
      let budget = this.replayBudgets.get(key);
      if (budget === undefined || now - budget.windowStart >= REPLAY_BUDGET_WINDOW_MS) {
        budget = { windowStart: now, used: 0 };
        this.replayBudgets.set(key, budget);
      }
      return budget;
    });
    if (budgets.some((budget, i) => budget.used + bytes > (limits[i] ?? 0))) return false;
    for (const budget of budgets) budget.used += bytes;
    return true;
  }

  /**
   * Drops a socket that does not read (R15, V3) at once: its write buffer is discarded (no wait
   * for a drain that never comes), the TCP connection destroyed; logged once per socket.
   */
  private cutOffSlow(socket: AtlasSocket): void {
    if (this.cutOff.has(socket)) return;
    this.cutOff.add(socket);
    this.options.log?.warn({ socketId: socket.id }, 'slow socket consumer disconnected');
    const conn = socket.conn as unknown as {
      close(discard?: boolean): void;
      transport?: { socket?: { terminate?: () => void } };
    };
    const raw = conn.transport?.socket;
    conn.close(true);
    raw?.terminate?.();
  }

  private async unsubscribe(socket: AtlasSocket, raw: unknown): Promise<UnsubscribeAck> {
    if (parseSubscribeRequest(raw) === null) return { ok: false, error: REALTIME_TEXT.badRequest };
    if (!(await this.stillValid(socket))) return { ok: false, error: REALTIME_TEXT.tokenInvalid };
    this.catchingUp.delete(socket.id);
    await socket.leave(ROOM);
    return { ok: true };
  }

  /** One committed article event, to this process's subscribers. */
  private deliver(event: LoggedArticleEvent): void {
    const io = this.io;
    if (io === null || this.closed) return;
    if (this.deliveredSeqs.has(event.seq)) return;
    this.deliveredSeqs.add(event.seq);
    if (this.deliveredSeqs.size > TAIL_DEDUPE_WINDOW) {
      const oldest = this.deliveredSeqs.values().next().value;
      if (oldest !== undefined) this.deliveredSeqs.delete(oldest);
    }
    for (const [socketId, catchUp] of this.catchingUp) {
      if (catchUp.buffer.length >= MAX_CATCH_UP_BUFFER) {
        this.catchingUp.delete(socketId);
        io.of('/').sockets.get(socketId)?.disconnect(true);
        continue;
      }
      catchUp.buffer.push(event);
    }
    this.dropSlowConsumers(io);
    const room = io.local.to(ROOM);
    switch (event.kind) {
      case 'article:new':
        room.emit('article:new', { ...event.payload, seq: event.seq });
        break;
      case 'article:update':
        room.emit('article:update', { ...event.payload, seq: event.seq });
        break;
      case 'article:analyzed':
        room.emit('article:analyzed', { ...event.payload, seq: event.seq });
        break;
    }
    for (const listener of this.deliveryListeners) {
      try {
        listener(event);
      } catch (error) {
        this.options.log?.error({ err: error }, 'article event listener failed');
      }
    }
  }

  /**
   * Reads the log from a little before the cursor (a PostgreSQL sequence value can commit after a
   * larger one) and delivers what this process has not delivered yet.
   */
  private async tailLog(): Promise<void> {
    if (this.tailing || this.closed) return;
    this.tailing = true;
    try {
      const from = Math.max(0, this.tailCursor - TAIL_REREAD);
      const page = await this.options.events.since(from, REPLAY_PAGE);
      for (const event of page) {
        this.deliver(event);
        this.tailCursor = Math.max(this.tailCursor, event.seq);
      }
    } catch (error) {
      this.options.log?.warn({ err: error }, 'event log tail failed');
    } finally {
      this.tailing = false;
    }
  }

  private dropSlowConsumers(io: AtlasServer): void {
    const bound = this.options.maxBufferedPackets ?? MAX_BUFFERED_PACKETS;
    const members = io.of('/').adapter.rooms.get(ROOM);
    if (members === undefined) return;
    for (const socketId of members) {
      const socket = io.of('/').sockets.get(socketId);
      if (socket === undefined) continue;
      // Transport-level close: the client reconnects and catches up from the log.
      if (writeBufferLength(socket) > bound) this.cutOffSlow(socket);
    }
  }

  private async sendMetrics(): Promise<void> {
    const io = this.io;
    if (io === null || this.closed) return;
    if ((io.of('/').adapter.rooms.get(ROOM)?.size ?? 0) === 0) return;
    try {
      const metrics = await this.metrics();
      io.local.to(ROOM).emit('metrics:update', metrics);
    } catch (error) {
      this.options.log?.warn({ err: error }, 'metrics:update failed');
    }
  }
}

function originOf(scheme: 'http' | 'https', host: string): string | null {
  try {
    return new URL(`${scheme}://${host}`).origin;
  } catch {
    return null;
  }
}

function emitEvent(socket: AtlasSocket, event: LoggedArticleEvent): void {
  switch (event.kind) {
    case 'article:new':
      socket.emit('article:new', { ...event.payload, seq: event.seq });
      break;
    case 'article:update':
      socket.emit('article:update', { ...event.payload, seq: event.seq });
      break;
    case 'article:analyzed':
      socket.emit('article:analyzed', { ...event.payload, seq: event.seq });
      break;
  }
}

/** Resolves when the socket's write buffer drained, or after `timeoutMs`. */
function drained(socket: AtlasSocket, timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      socket.conn.off('drain', done);
      socket.conn.off('close', done);
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    socket.conn.on('drain', done);
    socket.conn.on('close', done);
  });
}

/**
 * Packets waiting in engine.io's write buffer. engine.io keeps it private in its typings but it is
 * the one measure of a client that stopped reading: the buffer grows while the kernel's send
 * buffer is full.
 */
function writeBufferLength(socket: AtlasSocket): number {
  const buffer = (socket.conn as unknown as { writeBuffer?: unknown }).writeBuffer;
  return Array.isArray(buffer) ? buffer.length : 0;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The socket.io layer; its server exists once the app is ready. */
    realtime: RealtimeHub;
  }
}

/**
 * Decorates `app.realtime` and attaches socket.io to app.server when the app becomes ready
 * (listen() readies first), and closes it before the HTTP server closes.
 */
export function registerRealtime(
  app: FastifyInstance,
  options: Omit<RealtimeOptions, 'log'>,
): RealtimeHub {
  const hub = new RealtimeHub({ ...options, log: app.log });
  app.decorate('realtime', hub);
  app.addHook('onReady', async () => {
    await hub.start(app.server);
  });
  app.addHook('preClose', async () => {
    await hub.close();
  });
  return hub;
}
