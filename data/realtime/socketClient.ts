/**
 * The real-time client (browser and Node): socket.io-client over websocket only, the spec's
 * reconnect settings, subscription to 'articles' on every connect with `since` = what it has seen,
 * and de-duplication by seq, so callers get every logged article event once. No DOM and no Node
 * APIs here (data/ is shared).
 */
import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import {
  ARTICLES_CHANNEL,
  CATCH_UP_MARGIN,
  CONNECT_TIMEOUT_MS,
  REALTIME_PATH,
  REALTIME_TEXT,
  RECONNECTION_ATTEMPTS,
  RECONNECTION_DELAY_MAX_MS,
  RECONNECTION_DELAY_MS,
  type ArticleAnalyzedEvent,
  type ArticleNewEvent,
  type ArticleUpdateEvent,
  type ClientToServerEvents,
  type MetricsUpdate,
  type RealtimeNotification,
  type ServerToClientEvents,
  type SubscribeAck,
  type SubscribeRequest,
  type UnsubscribeAck,
} from './protocol';

/**
 * After the spec's reconnect attempts (the first burst) fail, the client keeps trying (issue #28
 * R14): another burst after a delay that doubles from RETRY_BASE_MS up to RETRY_MAX_MS, each
 * delay with +-50 % jitter so clients of a restarted server do not return in lockstep. Status is
 * 'error' (offline) between bursts and 'connecting' during one.
 */
export const RETRY_BASE_MS = 2_000;
export const RETRY_MAX_MS = 30_000;

/** The delay before retry burst number `burst` (1-based), with jitter from `random` in [0, 1). */
export function retryDelay(burst: number, random: () => number = Math.random): number {
  const base = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.max(0, burst - 1));
  return Math.round(base * (0.5 + random()));
}

/** Spec: connectionStatus. */
export type ConnectionStatus = 'connecting' | 'connected' | 'disconnected' | 'error';

export interface RealtimeClientOptions {
  /** Server origin, e.g. 'http://127.0.0.1:3000'; omit in the browser for the page's origin. */
  url?: string;
  /** Bearer token, read at every (re)connect; null or '' connects as a guest. */
  token?: string | null | (() => string | null);
  /** Highest seq the caller already has (e.g. kept from an earlier page view). */
  since?: number;
  /** Subscribe to 'articles' on every connect (default true). */
  autoSubscribe?: boolean;
  reconnectionAttempts?: number;
  reconnectionDelay?: number;
  reconnectionDelayMax?: number;
  /** Extra socket.io-client options (tests: extraHeaders for Origin, reconnection tuning). */
  socketOptions?: Partial<ManagerOptions & SocketOptions>;
  /** Delay before retry burst n after the first burst failed (default retryDelay). */
  retryDelayMs?: (burst: number) => number;
  onArticleNew?: (article: ArticleNewEvent) => void;
  onArticleUpdate?: (update: ArticleUpdateEvent) => void;
  onArticleAnalyzed?: (analyzed: ArticleAnalyzedEvent) => void;
  onMetrics?: (metrics: MetricsUpdate) => void;
  /** Server notifications and the client's own connection notices (spec section 8 texts). */
  onNotification?: (notification: RealtimeNotification) => void;
  onStatus?: (status: ConnectionStatus, detail?: string) => void;
  /** A subscribe succeeded (after any replay it asked for). */
  onSubscribed?: (ack: Extract<SubscribeAck, { ok: true }>) => void;
  /** A subscribe the server refused (e.g. 'Real-time data requires a signed-in account'). */
  onSubscribeError?: (error: string) => void;
}

export interface RealtimeClient {
  readonly status: ConnectionStatus;
  /** Highest article-event seq received (or given as `since`). */
  readonly lastSeq: number;
  /** Subscribes now (done automatically on connect unless autoSubscribe is false). */
  subscribe(): Promise<SubscribeAck>;
  unsubscribe(): Promise<UnsubscribeAck>;
  /** Disconnects for good (no reconnect). */
  close(): void;
  /** The underlying socket, for diagnostics and tests. */
  readonly socket: Socket<ServerToClientEvents, ClientToServerEvents>;
}

/** Seqs remembered individually above the floor; older ones count as seen. */
const SEEN_WINDOW = 10_000;

/**
 * Which seqs were delivered. Every seq <= floor counts as seen; above it, an exact set (events can
 * arrive out of seq order on PostgreSQL and across processes, so "highest seen" is not enough).
 */
export class SeqTracker {
  private floor: number;
  private max: number;
  private readonly seen = new Set<number>();

  constructor(since = 0) {
    this.floor = since;
    this.max = since;
  }

  /** True the first time a seq is offered, false for a duplicate. */
  accept(seq: number): boolean {
    if (seq <= this.floor || this.seen.has(seq)) return false;
    this.seen.add(seq);
    if (seq > this.max) this.max = seq;
    if (this.seen.size > 2 * SEEN_WINDOW) {
      this.floor = this.max - SEEN_WINDOW;
      for (const s of this.seen) if (s <= this.floor) this.seen.delete(s);
    }
    return true;
  }

  get lastSeq(): number {
    return this.max;
  }

  /** Everything up to `seq` counts as seen (a fresh subscription starts live at `seq`). */
  startAt(seq: number): void {
    if (seq <= this.floor) return;
    this.floor = seq;
    this.max = Math.max(this.max, seq);
    for (const s of this.seen) if (s <= seq) this.seen.delete(s);
  }

  /** Where a catch-up should start: a margin below the highest seq, never below the floor. */
  catchUpFrom(): number {
    return Math.max(this.floor, this.max - CATCH_UP_MARGIN, 0);
  }
}

export function createRealtimeClient(options: RealtimeClientOptions = {}): RealtimeClient {
  const tracker = new SeqTracker(options.since ?? 0);
  /** Whether anything was received or given: then every subscribe asks for a catch-up. */
  let hasPosition = options.since !== undefined;
  let status: ConnectionStatus = 'connecting';
  let wantSubscribed = options.autoSubscribe ?? true;
  let closed = false;
  /** Retry bursts since the last successful connect, and the pending one. */
  let bursts = 0;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;

  const setStatus = (next: ConnectionStatus, detail?: string): void => {
    status = next;
    if (detail === undefined) options.onStatus?.(next);
    else options.onStatus?.(next, detail);
  };

  const readToken = (): string | null => {
    const token = typeof options.token === 'function' ? options.token() : options.token;
    return token === undefined || token === '' ? null : token;
  };

  const socketOptions: Partial<ManagerOptions & SocketOptions> = {
    path: REALTIME_PATH,
    transports: ['websocket'],
    reconnection: true,
    reconnectionAttempts: options.reconnectionAttempts ?? RECONNECTION_ATTEMPTS,
    reconnectionDelay: options.reconnectionDelay ?? RECONNECTION_DELAY_MS,
    reconnectionDelayMax: options.reconnectionDelayMax ?? RECONNECTION_DELAY_MAX_MS,
    timeout: CONNECT_TIMEOUT_MS,
    auth: (callback: (data: object) => void) => {
      const token = readToken();
      callback(token === null ? {} : { token });
    },
    ...options.socketOptions,
  };
  const socket: Socket<ServerToClientEvents, ClientToServerEvents> =
    options.url === undefined ? io(socketOptions) : io(options.url, socketOptions);

  const fresh = (seq: number): boolean => {
    if (!tracker.accept(seq)) return false;
    hasPosition = true;
    return true;
  };

  socket.on('article:new', (event) => {
    if (fresh(event.seq)) options.onArticleNew?.(event);
  });
  socket.on('article:update', (event) => {
    if (fresh(event.seq)) options.onArticleUpdate?.(event);
  });
  socket.on('article:analyzed', (event) => {
    if (fresh(event.seq)) options.onArticleAnalyzed?.(event);
  });
  socket.on('metrics:update', (metrics) => options.onMetrics?.(metrics));
  socket.on('notification', (notification) => options.onNotification?.(notification));

  const subscribeOnce = async (): Promise<SubscribeAck> => {
    const request: SubscribeRequest = hasPosition
      ? { channel: ARTICLES_CHANNEL, since: tracker.catchUpFrom() }
      : { channel: ARTICLES_CHANNEL };
    // socket.io-client types acks of timeout() emits as any; the protocol fixes the shape.
    const ack = (await socket
      .timeout(CONNECT_TIMEOUT_MS)
      .emitWithAck('subscribe', request)) as SubscribeAck;
    if (ack.ok) {
      if (!hasPosition) {
        // Live from here: later catch-ups start at the server's position at subscribe time.
        tracker.startAt(ack.latestSeq);
        hasPosition = true;
      }
    } else {
      options.onSubscribeError?.(ack.error);
    }
    return ack;
  };

  const announceConnected = (): void => {
    options.onNotification?.({ type: 'success', message: REALTIME_TEXT.connected });
  };

  const subscribe = async (): Promise<SubscribeAck> => {
    wantSubscribed = true;
    // A long absence is replayed in bounded pages: ask again until the server says complete.
    for (;;) {
      const ack = await subscribeOnce();
      if (ack.ok && ack.complete) options.onSubscribed?.(ack);
      if (!ack.ok || ack.complete || !socket.connected) return ack;
    }
  };

  socket.on('connect', () => {
    bursts = 0;
    setStatus('connected');
    // Real-time is established once the subscription is accepted: a guest whose subscription is
    // refused is not told it is (issue #28); without a subscription the connection is the news.
    if (!wantSubscribed) announceConnected();
    if (wantSubscribed) {
      subscribe()
        .then((ack) => {
          if (ack.ok) announceConnected();
        })
        .catch((error: unknown) => {
          // An ack timeout: the connection is broken; socket.io reconnects and we subscribe again.
          options.onSubscribeError?.(error instanceof Error ? error.message : String(error));
        });
    }
  });
  socket.on('disconnect', (reason) => {
    setStatus('disconnected', reason);
    if (!closed) options.onNotification?.({ type: 'warning', message: REALTIME_TEXT.lost });
  });
  socket.on('connect_error', (error) => setStatus('error', error.message));
  socket.io.on('reconnect_attempt', () => setStatus('connecting'));
  // The first burst (the spec's attempts) failed: offline, and another burst after a capped,
  // jittered delay, for as long as the client is open.
  socket.io.on('reconnect_failed', () => {
    setStatus('error', 'reconnect failed');
    if (closed) return;
    bursts += 1;
    const delay = (options.retryDelayMs ?? retryDelay)(bursts);
    if (retryTimer !== null) clearTimeout(retryTimer);
    retryTimer = setTimeout(() => {
      retryTimer = null;
      if (closed || socket.connected) return;
      setStatus('connecting');
      socket.connect();
    }, delay);
  });

  return {
    get status() {
      return status;
    },
    get lastSeq() {
      return tracker.lastSeq;
    },
    subscribe,
    unsubscribe: async () => {
      wantSubscribed = false;
      return (await socket
        .timeout(CONNECT_TIMEOUT_MS)
        .emitWithAck('unsubscribe', { channel: ARTICLES_CHANNEL })) as UnsubscribeAck;
    },
    close: () => {
      closed = true;
      if (retryTimer !== null) clearTimeout(retryTimer);
      socket.disconnect();
    },
    socket,
  };
}
