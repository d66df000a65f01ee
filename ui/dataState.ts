/**
 * The honest state of anything the page loads from the server and shows as a list or a view
 * (issue #32 item 4): loading, a failed attempt being retried, failed with a Retry, empty, offline,
 * and stale ('showing articles from HH:MM' when cached data is shown after a failed refresh). One
 * rule for the /app recent list, the phone Articles sheet, /feeds and the views (/analytics,
 * /intelligence); `ui/components/DataNotice.tsx` draws it with the kit's states.
 */
import { clockTime } from '../data/formatting';

/** Where a load stands; every list or view that fetches keeps one of these. */
export interface DataLoadState {
  /** Epoch ms when the data shown arrived; null before the first. */
  updatedAt: number | null;
  /** A load is in flight, or waiting for the network. */
  loading: boolean;
  /** The in-flight load's last failed attempt (e.g. 'Request timeout') while it is retried. */
  retrying: string | null;
  /** Why the last load failed; null once one succeeds. */
  error: string | null;
}

export const IDLE_LOAD: DataLoadState = {
  updatedAt: null,
  loading: false,
  retrying: null,
  error: null,
};

export type NoticeKind = 'loading' | 'failed' | 'empty' | 'stale' | 'offline' | 'fallback';

/** What a list says about where its data comes from, and whether Retry helps. */
export interface ListNotice {
  kind: NoticeKind;
  text: string;
  retry: boolean;
}

/** The words of one kind of data (spec section 8 for articles). */
export interface NoticeTexts {
  /** What is shown, as in 'showing {what} from 09:05': 'articles', 'analytics'. */
  what: string;
  /** While nothing has arrived: 'Loading articles...'. */
  loading: string;
  /** Loaded, and nothing in it: 'No articles found in the last 24 hours'. */
  empty: string;
  /** The load failed and nothing is held: 'Failed to load articles: {message}'. */
  failed: (message: string) => string;
}

/** Spec section 8: the mobile list's empty text. */
export const NO_ARTICLES_TEXT = 'No articles found in the last 24 hours';
export const LOADING_ARTICLES_TEXT = 'Loading articles...';

export const ARTICLE_TEXTS: NoticeTexts = {
  what: 'articles',
  loading: LOADING_ARTICLES_TEXT,
  empty: NO_ARTICLES_TEXT,
  failed: (message) => `Failed to load articles: ${message}`,
};

/** The offline line: what the page shows while the browser has no network. */
export function offlineText(updatedAt: number | null, what = 'articles'): string {
  return updatedAt === null
    ? `Offline - ${what} will load when the connection returns`
    : `Offline - showing ${what} from ${clockTime(updatedAt)}`;
}

/**
 * The honest state of data holding `count` items (a list's length; 1 or 0 for a view): offline,
 * stale, loading, retrying a failed attempt, failed with a retry, or empty. Null when the data
 * shown is current. Offline says so with no Retry: the load runs by itself when the network is
 * back.
 */
export function dataNotice(
  s: DataLoadState,
  online: boolean,
  count: number,
  texts: NoticeTexts,
): ListNotice | null {
  if (!online) return { kind: 'offline', text: offlineText(s.updatedAt, texts.what), retry: false };
  const from = s.updatedAt === null ? null : clockTime(s.updatedAt);
  if (s.error !== null && from !== null && !s.loading) {
    return {
      kind: 'stale',
      text: `Could not refresh - showing ${texts.what} from ${from}`,
      retry: true,
    };
  }
  if (count > 0) return null;
  if (s.loading && s.retrying !== null) {
    return { kind: 'loading', text: `${texts.loading} (${s.retrying} - retrying)`, retry: false };
  }
  if (s.error !== null && !s.loading) {
    return { kind: 'failed', text: texts.failed(s.error), retry: true };
  }
  if (s.loading || s.updatedAt === null) {
    return { kind: 'loading', text: texts.loading, retry: false };
  }
  return { kind: 'empty', text: texts.empty, retry: false };
}
