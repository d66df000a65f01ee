/**
 * The notification queue (spec application.md sections 3 "Notification", 8 and 9): each
 * notification has an id, a type (error, warning, success, info), a message and a timestamp, and
 * removes itself after 5 s. The catalogue's texts are here so every caller words them the same.
 */

export const NOTIFICATION_TYPES = ['error', 'warning', 'success', 'info'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const NOTIFICATION_TTL_MS = 5000;

export interface AppNotification {
  id: string;
  type: NotificationType;
  message: string;
  /** Epoch ms when it was shown. */
  timestamp: number;
  /** A second line under the catalogue text (e.g. which article a new analysis is for). */
  detail?: string;
  /** One button on the toast (e.g. 'Open' the article). */
  action?: NotificationAction;
}

export interface NotificationAction {
  label: string;
  run: () => void;
}

export interface NotificationExtra {
  detail?: string;
  action?: NotificationAction;
}

/** Section 8 texts. */
export const NOTIFICATION_TEXT = {
  analysisCompleted: 'Article analysis completed',
  realtimeConnected: 'Real-time connection established',
  realtimeLost: 'Real-time connection lost',
  newAnalysis: 'New AI analysis available',
  unknownError: 'Unknown error',
} as const;

export const articlesLoadFailed = (message: string): string =>
  `Failed to load articles: ${message}`;
export const v4ArticlesLoadFailed = (message: string): string =>
  `Failed to load V4 articles: ${message}`;
export const analysisFailed = (message: string): string => `Analysis failed: ${message}`;

/** The message of any thrown value; 'Unknown error' when it has none. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message !== '') return error.message;
  if (typeof error === 'string' && error !== '') return error;
  return NOTIFICATION_TEXT.unknownError;
}

export function isNotificationType(v: unknown): v is NotificationType {
  return typeof v === 'string' && (NOTIFICATION_TYPES as readonly string[]).includes(v);
}

export interface NotificationTimers {
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

export interface NotificationQueueOptions {
  ttlMs?: number;
  now?: () => number;
  /** Injected in tests; the global timers by default. */
  timers?: NotificationTimers;
}

const globalTimers: NotificationTimers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export type NotificationListener = (list: readonly AppNotification[]) => void;

export class NotificationQueue {
  private items: readonly AppNotification[] = [];
  private readonly timers = new Map<string, unknown>();
  private readonly listeners = new Set<NotificationListener>();
  private readonly ttlMs: number;
  private readonly now: () => number;
  private readonly clock: NotificationTimers;
  private counter = 0;

  constructor(options: NotificationQueueOptions = {}) {
    this.ttlMs = options.ttlMs ?? NOTIFICATION_TTL_MS;
    this.now = options.now ?? Date.now;
    this.clock = options.timers ?? globalTimers;
  }

  /** Oldest first; the same array until the next change. */
  getSnapshot = (): readonly AppNotification[] => this.items;

  subscribe = (listener: NotificationListener): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  push(type: NotificationType, message: string, extra: NotificationExtra = {}): AppNotification {
    this.counter += 1;
    const timestamp = this.now();
    const item: AppNotification = {
      id: `n${timestamp}-${this.counter}`,
      type,
      message,
      timestamp,
      ...(extra.detail === undefined ? {} : { detail: extra.detail }),
      ...(extra.action === undefined ? {} : { action: extra.action }),
    };
    this.items = Object.freeze([...this.items, item]);
    this.timers.set(
      item.id,
      this.clock.setTimeout(() => this.remove(item.id), this.ttlMs),
    );
    this.emit();
    return item;
  }

  error = (message: string): AppNotification => this.push('error', message);
  warning = (message: string): AppNotification => this.push('warning', message);
  success = (message: string): AppNotification => this.push('success', message);
  info = (message: string): AppNotification => this.push('info', message);

  /** The socket's `notification` event ({type, message}); ill-typed payloads are ignored. */
  pushFromPayload(payload: unknown): AppNotification | null {
    if (typeof payload !== 'object' || payload === null) return null;
    const { type, message } = payload as { type?: unknown; message?: unknown };
    if (typeof message !== 'string' || message.trim() === '') return null;
    return this.push(isNotificationType(type) ? type : 'info', message);
  }

  remove(id: string): boolean {
    const handle = this.timers.get(id);
    if (handle !== undefined) this.clock.clearTimeout(handle);
    this.timers.delete(id);
    const next = this.items.filter((n) => n.id !== id);
    if (next.length === this.items.length) return false;
    this.items = Object.freeze(next);
    this.emit();
    return true;
  }

  clear(): void {
    for (const handle of this.timers.values()) this.clock.clearTimeout(handle);
    this.timers.clear();
    if (this.items.length === 0) return;
    this.items = Object.freeze([]);
    this.emit();
  }

  private emit(): void {
    for (const listener of [...this.listeners]) listener(this.items);
  }
}
