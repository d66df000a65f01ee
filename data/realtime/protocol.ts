/**
 * The real-time socket protocol (spec application.md section 7 "Real-time socket"), shared by the
 * server (server/realtime/socketServer.ts) and the client (data/realtime/socketClient.ts).
 *
 * Delivery: socket.io delivers at most once, so every article event carries `seq`, its position
 * in the durable article_events log. A client remembers the seqs it has seen and, when it
 * (re)subscribes, passes `since`; the server replays the logged events after it before any live
 * event. Reference: docs/api.md "## Real time".
 */
import type { AlertItem } from '../alerts';
import type { Article } from '../article';

/** socket.io endpoint path (spec). */
export const REALTIME_PATH = '/socket.io';
/** The only channel. */
export const ARTICLES_CHANNEL = 'articles';
export type RealtimeChannel = typeof ARTICLES_CHANNEL;

/** Spec: 3 reconnect attempts, 10 s connect timeout, websocket transport only. */
export const RECONNECTION_ATTEMPTS = 3;
export const CONNECT_TIMEOUT_MS = 10_000;
/**
 * socket.io-client's defaults (1 s doubling to 5 s, +-50 % jitter): the 3 attempts then span at
 * least 3.5 s and typically about 7 s, which covers a process restart.
 */
export const RECONNECTION_DELAY_MS = 1_000;
export const RECONNECTION_DELAY_MAX_MS = 5_000;
/** Server -> subscribers 'metrics:update' period. */
export const METRICS_INTERVAL_MS = 10_000;
/** Most events one subscribe replays; the ack says `complete: false` and the client asks again. */
export const MAX_REPLAY_EVENTS = 5_000;
/**
 * A reconnecting client asks for events after (highest seq seen - this margin) and drops the
 * ones it already has. On PostgreSQL, sequence values are taken at insert time but become visible
 * at commit, so a lower seq can arrive after a higher one; the margin re-reads that window.
 */
export const CATCH_UP_MARGIN = 100;

/** Client-visible texts (spec section 8 and section 6). */
export const REALTIME_TEXT = {
  connected: 'Real-time connection established',
  lost: 'Real-time connection lost',
  needsAccount: 'Real-time data requires a signed-in account',
  tokenInvalid: 'Token invalid',
  tokenExpired: 'Token expired',
  badRequest: 'Invalid subscription request',
  tooManySubscribes: 'Too many subscribe requests, retry later',
  analysisAvailable: 'New AI analysis available',
} as const;

export interface SubscribeRequest {
  channel: RealtimeChannel;
  /** Replay logged events with seq > since before live ones; omit for live events only. */
  since?: number;
}

export type SubscribeAck =
  | {
      ok: true;
      /** Highest seq the server knows of when the ack is sent (after any replay). */
      latestSeq: number;
      /** Events replayed before this ack (0 without `since`). */
      replayed: number;
      /** False when the replay stopped at MAX_REPLAY_EVENTS: subscribe again from the last seq. */
      complete: boolean;
    }
  | { ok: false; error: string };

export type UnsubscribeAck = { ok: true } | { ok: false; error: string };

export type ArticleNewEvent = Article & { seq: number };
export interface ArticleUpdateEvent {
  id: string;
  updates: Partial<Article>;
  seq: number;
}
export interface ArticleAnalyzedEvent {
  articleId: string;
  analysis: unknown;
  seq: number;
}

export interface MetricsUpdate {
  /** Sockets connected to the process that sends this message. */
  connectedClients: number;
  articlesTotal: number;
  /** Articles created in the last 60 minutes. */
  articlesLastHour: number;
  /** Article events logged in the last 60 seconds (all processes: read from the log). */
  eventsPerMinute: number;
  /** Seconds since this server process started. */
  uptimeSeconds: number;
  /** ISO 8601 time of the measurement. */
  at: string;
}

export const NOTIFICATION_TYPES = ['error', 'warning', 'success', 'info'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
export interface RealtimeNotification {
  type: NotificationType;
  message: string;
  /** Set on an alert (saved topic or region, data/alerts.ts); sent to that user's sockets only. */
  alert?: AlertItem;
}

/** Events the server emits. */
export interface ServerToClientEvents {
  'article:new': (event: ArticleNewEvent) => void;
  'article:update': (event: ArticleUpdateEvent) => void;
  'article:analyzed': (event: ArticleAnalyzedEvent) => void;
  'metrics:update': (metrics: MetricsUpdate) => void;
  notification: (notification: RealtimeNotification) => void;
}

/** Events the client emits; both take an ack callback. */
export interface ClientToServerEvents {
  subscribe: (request: SubscribeRequest, ack: (result: SubscribeAck) => void) => void;
  unsubscribe: (request: SubscribeRequest, ack: (result: UnsubscribeAck) => void) => void;
}

/** Handshake `auth` object: the bearer token, absent for guests. */
export interface RealtimeAuth {
  token?: string;
}

export type ArticleEventName = 'article:new' | 'article:update' | 'article:analyzed';
export const ARTICLE_EVENT_NAMES: readonly ArticleEventName[] = [
  'article:new',
  'article:update',
  'article:analyzed',
];

/** Validates a subscribe/unsubscribe body from the wire; null when malformed. */
export function parseSubscribeRequest(value: unknown): SubscribeRequest | null {
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  if (record['channel'] !== ARTICLES_CHANNEL) return null;
  const since = record['since'];
  if (since === undefined || since === null) return { channel: ARTICLES_CHANNEL };
  if (typeof since !== 'number' || !Number.isSafeInteger(since) || since < 0) return null;
  return { channel: ARTICLES_CHANNEL, since };
}
