/**
 * The page's shared data services: the article store (ui/article/sharedStore.ts: HTTP lists plus
 * live socket events, newest first, max 1000), the notification queue (toasts removed after 5 s) and
 * the real-time connection. Other UI modules import these instead of making their own.
 */
import { NotificationQueue } from '../../data/notifications';
import {
  createRealtimeClient,
  type ConnectionStatus,
  type RealtimeClient,
} from '../../data/realtime/socketClient';
import { signal } from '@preact/signals-core';
import { sendCommand } from '../../engine/commands';
import { articleStore } from '../article/sharedStore';
import { auth } from '../auth/authState';

/** The one client article store, kept by the article features (ui/article/sharedStore.ts). */
export { articleStore };
export const notifications = new NotificationQueue();
/** Spec connectionStatus: connecting, connected, disconnected, error. */
export const connectionStatus = signal<ConnectionStatus>('connecting');

let realtime: RealtimeClient | null = null;

/**
 * Connects the socket once per page (idempotent). Live articles go to the article store and the
 * globe (glowing as new); connection notices become toasts ('Real-time connection established' /
 * 'Real-time connection lost'). A guest's subscribe refusal is expected and only logged.
 */
export function connectRealtime(): RealtimeClient {
  if (realtime !== null) return realtime;
  realtime = createRealtimeClient({
    token: () => auth.token.peek(),
    onArticleNew: (event) => {
      articleStore.upsert(event);
      sendCommand({ type: 'upsertArticles', articles: [event], live: true });
    },
    onArticleUpdate: (event) => {
      if (!articleStore.applyUpdate(event)) return;
      const raw = articleStore.getRaw(event.id);
      if (raw !== undefined) sendCommand({ type: 'upsertArticles', articles: [raw] });
    },
    onArticleAnalyzed: (event) => {
      articleStore.applyAnalysis(event);
    },
    onNotification: (n) => {
      notifications.pushFromPayload(n);
    },
    onStatus: (status) => {
      connectionStatus.value = status;
    },
    onSubscribeError: (message) => console.info(`Real-time subscription: ${message}`),
  });
  return realtime;
}

/** Reconnects with the current token (after a login or logout the server sees the new role). */
export function reconnectRealtime(): void {
  if (realtime === null) return;
  realtime.socket.disconnect().connect();
}
