import { useSignals } from '@preact/signals-react/runtime';
import { useEffect } from 'react';
import { Link } from 'wouter';
import { alertGlobeHref, type AlertItem } from '../../data/alerts';
import { auth } from '../auth/authState';
import { Button, ErrorState, LoadingState, Panel } from '../components/kit';
import {
  alertHref,
  alerts,
  clearAlerts,
  loadServerAlerts,
  markAllServerAlertsRead,
  markRead,
  markServerAlertRead,
  serverAlerts,
  serverAlertsStatus,
  serverNextBefore,
  serverUnread,
} from './alerts';
import { regionLabel } from './regionText';

function timeText(at: number): string {
  const d = new Date(at);
  return `${d.getHours().toString().padStart(2, '0')}:${d.getMinutes().toString().padStart(2, '0')}`;
}

function dateTimeText(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const sameDay = new Date().toDateString() === d.toDateString();
  return sameDay
    ? timeText(d.getTime())
    : `${d.toLocaleDateString(undefined, { month: 'short', day: 'numeric' })} ${timeText(d.getTime())}`;
}

const EMPTY_TEXT = 'New articles matching a saved topic or lying in a saved region appear here.';

/** The account's alerts as the server keeps them (signed in). */
function ServerAlerts() {
  useSignals();
  const userId = auth.user.value?.id ?? null;
  useEffect(() => {
    if (userId !== null) void loadServerAlerts();
  }, [userId]);
  const list = serverAlerts.value;
  const unread = serverUnread.value;
  const status = serverAlertsStatus.value;
  return (
    <Panel
      title={unread > 0 ? `Alerts (${unread} unread)` : 'Alerts'}
      className="account__panel"
      data-testid="alerts"
      data-source="account"
      actions={
        unread > 0 ? (
          <Button size="small" variant="ghost" onClick={() => void markAllServerAlertsRead()}>
            Mark all read
          </Button>
        ) : undefined
      }
    >
      {list === null && status === 'error' ? (
        <ErrorState title="Could not load your alerts." onRetry={() => void loadServerAlerts()} />
      ) : list === null ? (
        <LoadingState text="Loading alerts…" />
      ) : list.length === 0 ? (
        <p className="account__muted">{EMPTY_TEXT}</p>
      ) : (
        <>
          <ul className="account__alerts">
            {list.map((a) => (
              <ServerAlertRow key={a.id} alert={a} />
            ))}
          </ul>
          {serverNextBefore.value !== null ? (
            <Button
              size="small"
              variant="ghost"
              disabled={status === 'loading'}
              onClick={() => void loadServerAlerts(serverNextBefore.peek() ?? undefined)}
            >
              Show older
            </Button>
          ) : null}
        </>
      )}
    </Panel>
  );
}

function ServerAlertRow({ alert: a }: { alert: AlertItem }) {
  const read = a.readAt !== null;
  return (
    <li className="account__alert" data-read={read ? 'true' : 'false'} data-testid="alert-item">
      <strong>{a.title ?? 'Article no longer available'}</strong>
      <span className="account__muted">
        {a.reason === 'topic' ? 'Topic' : 'Region'} “
        {a.reason === 'region' ? regionLabel(a.term) : a.term}” · {dateTimeText(a.createdAt)}
        {read ? '' : ' · unread'}
      </span>
      <span className="account__alert-actions">
        {a.title !== null ? (
          <Link href={alertGlobeHref(a)} onClick={() => void markServerAlertRead(a.id)}>
            View on globe
          </Link>
        ) : null}
        {read ? null : (
          <Button size="small" variant="ghost" onClick={() => void markServerAlertRead(a.id)}>
            Mark read
          </Button>
        )}
      </span>
    </li>
  );
}

/** The alerts matched in this tab (guests). */
function LocalAlerts() {
  useSignals();
  const list = alerts.value;
  const unread = list.filter((a) => !a.read).length;
  return (
    <Panel
      title={unread > 0 ? `Alerts (${unread} unread)` : 'Alerts'}
      className="account__panel"
      data-testid="alerts"
      data-source="local"
      actions={
        list.length > 0 ? (
          <Button size="small" variant="ghost" onClick={clearAlerts}>
            Clear
          </Button>
        ) : undefined
      }
    >
      {list.length === 0 ? (
        <p className="account__muted">
          {EMPTY_TEXT} As a guest they are matched in this tab, for the articles it receives; sign
          in to have them kept with your account.
        </p>
      ) : (
        <ul className="account__alerts">
          {list.map((a) => (
            <li
              key={a.id}
              className="account__alert"
              data-read={a.read ? 'true' : 'false'}
              data-testid="alert-item"
            >
              <strong>{a.title}</strong>
              <span className="account__muted">
                {a.match.kind === 'topic' ? 'Topic' : 'Region'} “
                {a.match.kind === 'region' ? regionLabel(a.match.term) : a.match.term}” ·{' '}
                {timeText(a.at)}
              </span>
              <span className="account__alert-actions">
                <Link href={alertHref(a)} onClick={() => markRead(a.id)}>
                  View on globe
                </Link>
                <Button size="small" variant="ghost" onClick={() => markRead(a.id, !a.read)}>
                  {a.read ? 'Mark unread' : 'Mark read'}
                </Button>
              </span>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

/** The alerts raised by saved topics and regions (newest first, read/unread). */
export function AlertsPanel() {
  useSignals();
  return auth.isAuthenticated.value ? <ServerAlerts /> : <LocalAlerts />;
}
