/**
 * Feed status people can see (issue #30). Admins get a banner naming how many sources fail and
 * the last error, with a link to the console's Feeds section (GET /api/feeds, admin-only).
 * Everyone else gets a discreet notice when the stories shown are the bundled samples and the
 * live sources are unreachable (GET /api/public/status, public and cached 15 s). Both reload
 * every minute while mounted, and each can be dismissed for the session.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { auth } from '../auth/authState';
import './feedStatus.css';

const REFRESH_MS = 60_000;
const DISMISS_KEY = 'atlas_feed_status_dismissed';

export interface PublicStatus {
  liveSources: 'ok' | 'degraded' | 'unreachable' | 'pending' | 'off';
  sampleData: boolean;
}

interface FeedRow {
  name: string;
  enabled: boolean;
  health: { status: string; lastError: string | null };
}

export interface FeedSummary {
  enabled: number;
  failing: number;
  lastError: string | null;
  lastErrorFeed: string | null;
}

/** The public notice's text, or null when there is nothing to say. */
export function publicNoticeText(s: PublicStatus): string | null {
  if (s.sampleData && s.liveSources === 'unreachable')
    return 'Showing sample stories - live sources unreachable';
  if (s.sampleData && s.liveSources === 'degraded')
    return 'Showing sample stories - most live sources unreachable';
  if (!s.sampleData && s.liveSources === 'unreachable')
    return 'Live sources unreachable - showing stored stories';
  return null;
}

/** Failing counts among enabled feeds, and one failing feed's error. */
export function summariseFeeds(feeds: readonly FeedRow[]): FeedSummary {
  const enabled = feeds.filter((f) => f.enabled);
  const failing = enabled.filter((f) => f.health.status === 'failing');
  const withError = failing.find((f) => f.health.lastError !== null);
  return {
    enabled: enabled.length,
    failing: failing.length,
    lastError: withError?.health.lastError ?? null,
    lastErrorFeed: withError?.name ?? null,
  };
}

function dismissed(kind: string): boolean {
  try {
    return window.sessionStorage.getItem(DISMISS_KEY) === kind;
  } catch {
    return false;
  }
}

function dismiss(kind: string): void {
  try {
    window.sessionStorage.setItem(DISMISS_KEY, kind);
  } catch {
    // Private modes: dismissed for this page only.
  }
}

async function getJson<T>(path: string, token: string | null): Promise<T | null> {
  const res = await fetch(path, {
    headers: {
      accept: 'application/json',
      ...(token === null ? {} : { authorization: `Bearer ${token}` }),
    },
    signal: AbortSignal.timeout(10_000),
  });
  return res.ok ? ((await res.json()) as T) : null;
}

/** Polls `load` now and every minute while mounted (and while `key` stays the same). */
function usePoll<T>(key: string | null, load: () => Promise<T | null>): T | null {
  const [value, setValue] = useState<T | null>(null);
  useEffect(() => {
    setValue(null);
    if (key === null) return undefined;
    let live = true;
    const run = (): void => {
      load().then(
        (v) => {
          if (live) setValue(v);
        },
        () => undefined,
      );
    };
    run();
    const timer = setInterval(run, REFRESH_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
    // `load` is rebuilt per render; `key` says when it means something else.
  }, [key]);
  return value;
}

/** The admins' banner: which sources fail and why (also shown at the top of the console). */
export function AdminFeedBanner({ inConsole = false }: { inConsole?: boolean }) {
  useSignals();
  const token = auth.token.value;
  const isAdmin = auth.user.value?.role === 'admin' && token !== null;
  const summary = usePoll(isAdmin ? token : null, async () => {
    const body = await getJson<{ feeds: FeedRow[] }>('/api/feeds', token);
    return body === null ? null : summariseFeeds(body.feeds);
  });
  const [hidden, setHidden] = useState(() => !inConsole && dismissed('admin'));
  if (!isAdmin || summary === null || summary.failing === 0 || hidden) return null;
  return (
    <div
      className={`feed-status feed-status--admin${inConsole ? ' feed-status--console' : ''}`}
      role="status"
      data-testid="feed-status-admin"
    >
      <span className="feed-status__text">
        <b>
          {summary.failing} of {summary.enabled} sources failing
        </b>
        {summary.lastError === null ? null : (
          <span className="feed-status__detail" title={summary.lastError}>
            {' '}
            - last error{summary.lastErrorFeed === null ? '' : ` (${summary.lastErrorFeed})`}:{' '}
            {summary.lastError}
          </span>
        )}
      </span>
      {inConsole ? null : (
        <>
          <Link className="feed-status__link" href="/admin?section=feeds">
            Open feeds
          </Link>
          <button
            type="button"
            className="feed-status__close"
            aria-label="Dismiss feed status"
            onClick={() => {
              dismiss('admin');
              setHidden(true);
            }}
          >
            ×
          </button>
        </>
      )}
    </div>
  );
}

/** Guests' and users' notice: sample stories while the live sources are unreachable. */
export function PublicFeedNotice() {
  useSignals();
  const isAdmin = auth.user.value?.role === 'admin';
  const status = usePoll(isAdmin ? null : 'public', () =>
    getJson<PublicStatus>('/api/public/status', null),
  );
  const [hidden, setHidden] = useState(() => dismissed('public'));
  const text = status === null ? null : publicNoticeText(status);
  if (isAdmin || text === null || hidden) return null;
  return (
    <div className="feed-status feed-status--public" role="status" data-testid="feed-status">
      <span className="feed-status__text">{text}</span>
      <button
        type="button"
        className="feed-status__close"
        aria-label="Dismiss notice"
        onClick={() => {
          dismiss('public');
          setHidden(true);
        }}
      >
        ×
      </button>
    </div>
  );
}

/** Both, for the pages that show stories: the admins' banner or everyone else's notice. */
export function FeedStatus() {
  return (
    <>
      <AdminFeedBanner />
      <PublicFeedNotice />
    </>
  );
}
