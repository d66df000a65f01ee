import { describe, expect, it, vi } from 'vitest';

vi.mock('../engine/commands', () => ({ sendCommand: (): void => undefined }));
import { clockTime } from '../data/formatting';
import {
  LOADING_ARTICLES_TEXT,
  NO_ARTICLES_TEXT,
  articleListNotice,
  offlineText,
  type ArticleFeedState,
} from './useArticleFeed';

const base: ArticleFeedState = {
  list: null,
  updatedAt: null,
  loading: false,
  retrying: null,
  error: null,
};
const at = new Date(2025, 5, 1, 9, 5).getTime();

describe('articleListNotice', () => {
  it('says loading, then what a failed attempt is while it is retried', () => {
    expect(articleListNotice({ ...base, loading: true }, true, 0)).toEqual({
      kind: 'loading',
      text: LOADING_ARTICLES_TEXT,
      retry: false,
    });
    expect(
      articleListNotice({ ...base, loading: true, retrying: 'Request timeout' }, true, 0)?.text,
    ).toBe('Loading articles... (Request timeout - retrying)');
  });

  it('shows a failure with a retry, and an empty list as empty', () => {
    expect(articleListNotice({ ...base, error: 'HTTP error! status: 404' }, true, 0)).toEqual({
      kind: 'failed',
      text: 'Failed to load articles: HTTP error! status: 404',
      retry: true,
    });
    expect(articleListNotice({ ...base, list: 'all', updatedAt: at }, true, 0)?.text).toBe(
      NO_ARTICLES_TEXT,
    );
  });

  it('is silent while the list is current', () => {
    expect(articleListNotice({ ...base, list: 'all', updatedAt: at }, true, 5)).toBeNull();
    // A refresh in flight over a current list says nothing either.
    expect(
      articleListNotice({ ...base, list: 'all', updatedAt: at, loading: true }, true, 5),
    ).toBeNull();
  });

  it('marks a list that could not refresh as stale, from the time it arrived', () => {
    expect(clockTime(at)).toBe('09:05');
    expect(
      articleListNotice({ ...base, list: 'all', updatedAt: at, error: 'boom' }, true, 5),
    ).toEqual({
      kind: 'stale',
      text: 'Could not refresh - showing articles from 09:05',
      retry: true,
    });
    expect(articleListNotice({ ...base, list: 'v4', updatedAt: at, error: 'x' }, true, 5)).toEqual({
      kind: 'fallback',
      text: 'Full list unavailable - showing the v4 list from 09:05',
      retry: true,
    });
  });

  it('says offline, with no retry (the list refreshes when the network is back)', () => {
    expect(articleListNotice({ ...base, list: 'all', updatedAt: at }, false, 5)).toEqual({
      kind: 'offline',
      text: 'Offline - showing articles from 09:05',
      retry: false,
    });
    expect(offlineText(null)).toBe('Offline - articles will load when the connection returns');
  });
});
