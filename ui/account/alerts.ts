/**
 * Alerts on saved topics and regions (issue #24 item 5).
 *
 * Signed in: the server matches every new article against the account's saved topics and regions
 * and keeps the alerts (GET /api/alerts, docs/api.md "Alerts"); a live one arrives as a socket
 * `notification` for this user only (toast by ui/shell/services.ts, added to `serverAlerts` here,
 * the sound cue). Guests: matched in this tab (data/alertMatch.ts, the same rules) for the live
 * articles it receives: each new article (one that arrives after the first list) matching a saved
 * topic or region becomes an alert - a toast, the soft sound cue, and an entry of the alerts list
 * on /account (localStorage `atlas_alerts`, newest first, at most 50, read/unread).
 */
import { signal } from '@preact/signals-core';
import { matchAlert, type AlertMatch } from '../../data/alertMatch';
import { parseAlertItem, parseAlertList, type AlertItem } from '../../data/alerts';
import type { NormalizedArticle } from '../../data/articleNormalizer';
import { playCue } from '../sound';
import { apiClient, auth } from '../auth/authState';
import { articleStore, notifications, onServerAlert } from '../shell/services';
import { preferences } from './preferencesSync';

export const ALERTS_KEY = 'atlas_alerts';
export const MAX_ALERTS = 50;

export interface AlertEntry {
  id: string;
  articleId: string;
  title: string;
  match: AlertMatch;
  lat: number | null;
  lon: number | null;
  at: number;
  read: boolean;
}

function load(): AlertEntry[] {
  try {
    const v = JSON.parse(localStorage.getItem(ALERTS_KEY) ?? '[]') as unknown;
    return Array.isArray(v) ? (v as AlertEntry[]).slice(0, MAX_ALERTS) : [];
  } catch {
    return [];
  }
}

export const alerts = signal<AlertEntry[]>(load());

function store(list: AlertEntry[]): void {
  alerts.value = list;
  try {
    localStorage.setItem(ALERTS_KEY, JSON.stringify(list));
  } catch {
    // Kept in memory.
  }
}

export function markRead(id: string, read = true): void {
  store(alerts.peek().map((a) => (a.id === id ? { ...a, read } : a)));
}

export function clearAlerts(): void {
  store([]);
}

/** Where the alert's article is on the globe (share parameters: place and selection). */
export function alertHref(a: AlertEntry): string {
  const q = new URLSearchParams();
  if (a.lat !== null && a.lon !== null) {
    q.set('lat', a.lat.toFixed(4));
    q.set('lon', a.lon.toFixed(4));
  }
  q.set('article', a.articleId);
  return `/app?${q.toString()}`;
}

/** Checks new articles against the saved topics and regions; returns the alerts raised. */
export function raiseAlerts(
  articles: readonly NormalizedArticle[],
  now = Date.now(),
): AlertEntry[] {
  // Signed in, the server matches (and notifies); matching here too would alert twice.
  if (auth.isAuthenticated.peek()) return [];
  const { savedTopics, savedRegions } = preferences.peek();
  if (savedTopics.length === 0 && savedRegions.length === 0) return [];
  const raised: AlertEntry[] = [];
  for (const a of articles) {
    const match = matchAlert(a, savedTopics, savedRegions);
    if (match === null) continue;
    raised.push({
      id: `${a.id}:${now}`,
      articleId: a.id,
      title: a.title,
      match,
      lat: a.location.lat,
      lon: a.location.lon,
      at: now,
      read: false,
    });
  }
  if (raised.length > 0) {
    store([...raised, ...alerts.peek()].slice(0, MAX_ALERTS));
    for (const r of raised) {
      notifications.info(`Alert (${r.match.term}): ${r.title}`);
    }
    playCue();
  }
  return raised;
}

/** The account's alerts as the server keeps them (newest first); null until loaded. */
export const serverAlerts = signal<AlertItem[] | null>(null);
export const serverUnread = signal(0);
/** 'idle', 'loading', 'ready' or 'error' (the last load failed). */
export const serverAlertsStatus = signal<'idle' | 'loading' | 'ready' | 'error'>('idle');
/** Alerts shown on /account (the server keeps more; older ones page in with 'Show older'). */
export const SERVER_ALERTS_PAGE = 50;
export const serverNextBefore = signal<number | null>(null);

/** Loads the first page (or, with `before`, appends an older page) of the account's alerts. */
export async function loadServerAlerts(before?: number): Promise<void> {
  if (!auth.isAuthenticated.peek()) return;
  serverAlertsStatus.value = 'loading';
  try {
    const body = await apiClient.get('/alerts', {
      cache: false,
      query: { limit: SERVER_ALERTS_PAGE, ...(before === undefined ? {} : { before }) },
    });
    const page = parseAlertList(body);
    const kept = before === undefined ? [] : (serverAlerts.peek() ?? []);
    const ids = new Set(kept.map((a) => a.id));
    serverAlerts.value = [...kept, ...page.alerts.filter((a) => !ids.has(a.id))];
    serverUnread.value = page.unread;
    serverNextBefore.value = page.nextBefore;
    serverAlertsStatus.value = 'ready';
  } catch {
    serverAlertsStatus.value = 'error';
  }
}

function readLocally(id: number | null): void {
  const at = new Date().toISOString();
  serverAlerts.value = (serverAlerts.peek() ?? []).map((a) =>
    (id === null || a.id === id) && a.readAt === null ? { ...a, readAt: at } : a,
  );
}

/** Marks one server alert read (shown at once; the server's unread count follows). */
export async function markServerAlertRead(id: number): Promise<void> {
  const alert = serverAlerts.peek()?.find((a) => a.id === id);
  if (alert === undefined || alert.readAt !== null) return;
  readLocally(id);
  serverUnread.value = Math.max(0, serverUnread.peek() - 1);
  try {
    const body = await apiClient.post(`/alerts/${id}/read`);
    const unread = (body as { unread?: unknown } | null)?.unread;
    if (typeof unread === 'number') serverUnread.value = unread;
  } catch {
    notifications.push('error', 'Could not mark the alert read. Please try again.');
    void loadServerAlerts();
  }
}

export async function markAllServerAlertsRead(): Promise<void> {
  readLocally(null);
  serverUnread.value = 0;
  try {
    await apiClient.post('/alerts/read-all');
  } catch {
    notifications.push('error', 'Could not mark the alerts read. Please try again.');
    void loadServerAlerts();
  }
}

/** A live alert from the socket: on top of the list (once), unread, with the sound cue. */
export function receiveServerAlert(raw: unknown): void {
  const alert = parseAlertItem(raw);
  if (alert === null) return;
  const list = serverAlerts.peek();
  if (list?.some((a) => a.id === alert.id) === true) return;
  if (list !== null) serverAlerts.value = [alert, ...list];
  serverUnread.value = serverUnread.peek() + 1;
  playCue();
}

let started = false;

/**
 * Watches the shared article store (guests: the first list is the baseline, later ids are new)
 * and the socket's alert notifications (signed in).
 */
export function startAlerts(): void {
  if (started) return;
  started = true;
  onServerAlert((alert) => receiveServerAlert(alert));
  let seen: Set<string> | null = null;
  articleStore.subscribe((list) => {
    if (seen === null) {
      if (list.length === 0) return;
      seen = new Set(list.map((a) => a.id));
      return;
    }
    const fresh = list.filter((a) => !seen?.has(a.id));
    for (const a of fresh) seen.add(a.id);
    if (fresh.length > 0) raiseAlerts(fresh);
  });
}
