/**
 * The page's shared data services: the article store (ui/article/sharedStore.ts: HTTP lists plus
 * live socket events, newest first, max 1000), the notification queue (toasts removed after 5 s) and
 * the real-time connection. Other UI modules import these instead of making their own.
 */
import type { AlertItem } from '../../data/alerts';
import { heldAnalysisSummary } from '../../data/analysis';
import { NOTIFICATION_TEXT, NotificationQueue } from '../../data/notifications';
import { REALTIME_TEXT } from '../../data/realtime/protocol';
import {
  createRealtimeClient,
  type ConnectionStatus,
  type RealtimeClient,
} from '../../data/realtime/socketClient';
import { signal } from '@preact/signals-core';
import { onlineManager } from '@tanstack/react-query';
import { sendCommand } from '../../engine/commands';
import { dialogArticle, openArticleDialog } from '../article/dialogState';
import { articleStore } from '../article/sharedStore';
import { auth } from '../auth/authState';

/** The one client article store, kept by the article features (ui/article/sharedStore.ts). */
export { articleStore };
export const notifications = new NotificationQueue();
/** Spec connectionStatus: connecting, connected, disconnected, error. */
export const connectionStatus = signal<ConnectionStatus>('connecting');
/** Live articles received on this page (socket article:new), for the polite announcement of new
 * articles (ui/shell/Toasts.tsx). */
export const liveArrivals = signal(0);

let realtime: RealtimeClient | null = null;

const alertListeners = new Set<(alert: AlertItem) => void>();

/** Calls `listener` with every server alert the socket delivers (ui/account/alerts.ts). */
export function onServerAlert(listener: (alert: AlertItem) => void): () => void {
  alertListeners.add(listener);
  return () => {
    alertListeners.delete(listener);
  };
}

/**
 * Connects the socket once per page (idempotent). Live articles go to the article store and the
 * globe (glowing as new); connection notices become toasts ('Real-time connection established' /
 * 'Real-time connection lost'). A guest's subscribe refusal is shown once as an info toast
 * ('Real-time data requires a signed-in account'); 'established' is only said to subscribers.
 */
let guestToldOnce = false;

export function connectRealtime(): RealtimeClient {
  if (realtime !== null) return realtime;
  realtime = createRealtimeClient({
    token: () => auth.token.peek(),
    onArticleNew: (event) => {
      articleStore.upsert(event);
      sendCommand({ type: 'upsertArticles', articles: [event], live: true });
      liveArrivals.value += 1;
    },
    onArticleUpdate: (event) => {
      if (!articleStore.applyUpdate(event)) return;
      const raw = articleStore.getRaw(event.id);
      if (raw !== undefined) sendCommand({ type: 'upsertArticles', articles: [raw] });
    },
    onArticleAnalyzed: (event) => {
      announceAnalysis(event);
    },
    onNotification: (n) => {
      notifications.pushFromPayload(n);
      // An alert on a saved topic or region (sent to this user only): the /account list.
      if (n.alert !== undefined) for (const listener of alertListeners) listener(n.alert);
    },
    onStatus: (status) => {
      connectionStatus.value = status;
    },
    onSubscribeError: (message) => {
      // A guest learns what signing in adds, once per page, instead of a false 'established'.
      if (message === REALTIME_TEXT.needsAccount && !guestToldOnce) {
        guestToldOnce = true;
        notifications.pushFromPayload({ type: 'info', message: REALTIME_TEXT.needsAccount });
        return;
      }
      console.info(`Real-time subscription: ${message}`);
    },
  });
  // Back online: reconnect now rather than at the end of a retry burst's delay (up to 30 s).
  const client = realtime;
  onlineManager.subscribe((online) => {
    if (online && !client.socket.connected) client.socket.connect();
  });
  return realtime;
}

/**
 * article:analyzed, live or replayed after a reconnect (the socket client catches up from the last
 * seq it saw): the analysis is stored with its article (the recent list shows it, the dialog reads
 * it), and unless the article's dialog is showing it already, 'New AI analysis available' says
 * which article, with its summary and an Open button.
 */
export function announceAnalysis(event: { articleId: string; analysis: unknown }): void {
  articleStore.applyAnalysis(event);
  const id = event.articleId;
  if (dialogArticle.peek()?.id === id) return;
  const article = articleStore.get(id);
  const summary = heldAnalysisSummary({ hybridAnalysis: event.analysis });
  const detail = [article?.title, summary].filter((t) => t !== undefined && t !== null).join(': ');
  notifications.push('info', NOTIFICATION_TEXT.newAnalysis, {
    ...(detail === '' ? {} : { detail: detail.length > 200 ? `${detail.slice(0, 199)}…` : detail }),
    ...(article === undefined
      ? {}
      : {
          action: {
            label: 'Open',
            run: () => openArticleDialog(id, articleStore.getRaw(id) ?? { id }),
          },
        }),
  });
}

/** Reconnects with the current token (after a login or logout the server sees the new role). */
export function reconnectRealtime(): void {
  if (realtime === null) return;
  realtime.socket.disconnect().connect();
}
