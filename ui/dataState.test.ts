import { describe, expect, it } from 'vitest';
import { dataNotice, IDLE_LOAD, offlineText, type NoticeTexts } from './dataState';

const texts: NoticeTexts = {
  what: 'analytics',
  loading: 'Loading analytics...',
  empty: 'No articles in this window',
  failed: (m) => `Failed to load analytics: ${m}`,
};
const at = new Date(2025, 5, 1, 14, 30).getTime();

describe('dataNotice (any list or view)', () => {
  it('walks a view through loading, a retried attempt, failure and success', () => {
    expect(dataNotice({ ...IDLE_LOAD, loading: true }, true, 0, texts)).toEqual({
      kind: 'loading',
      text: 'Loading analytics...',
      retry: false,
    });
    expect(
      dataNotice(
        { ...IDLE_LOAD, loading: true, retrying: 'HTTP error! status: 503' },
        true,
        0,
        texts,
      )?.text,
    ).toBe('Loading analytics... (HTTP error! status: 503 - retrying)');
    expect(dataNotice({ ...IDLE_LOAD, error: 'HTTP error! status: 500' }, true, 0, texts)).toEqual({
      kind: 'failed',
      text: 'Failed to load analytics: HTTP error! status: 500',
      retry: true,
    });
    // Retry pressed: loading again, the failure no longer said.
    expect(
      dataNotice({ ...IDLE_LOAD, loading: true, error: 'HTTP error! status: 500' }, true, 0, texts)
        ?.kind,
    ).toBe('loading');
    expect(dataNotice({ ...IDLE_LOAD, updatedAt: at }, true, 1, texts)).toBeNull();
    expect(dataNotice({ ...IDLE_LOAD, updatedAt: at }, true, 0, texts)?.kind).toBe('empty');
  });

  it('says stale data is stale, and offline before anything else', () => {
    const failedRefresh = { ...IDLE_LOAD, updatedAt: at, error: 'Request timeout' };
    expect(dataNotice(failedRefresh, true, 1, texts)).toEqual({
      kind: 'stale',
      text: 'Could not refresh - showing analytics from 14:30',
      retry: true,
    });
    // A refresh in flight over held data says nothing until it settles.
    expect(dataNotice({ ...failedRefresh, loading: true }, true, 1, texts)).toBeNull();
    expect(dataNotice(failedRefresh, false, 1, texts)).toEqual({
      kind: 'offline',
      text: 'Offline - showing analytics from 14:30',
      retry: false,
    });
    expect(dataNotice({ ...IDLE_LOAD, loading: true }, false, 0, texts)?.text).toBe(
      'Offline - analytics will load when the connection returns',
    );
    expect(offlineText(at)).toBe('Offline - showing articles from 14:30');
  });
});
