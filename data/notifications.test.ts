import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  analysisFailed,
  articlesLoadFailed,
  errorMessage,
  NOTIFICATION_TEXT,
  NOTIFICATION_TTL_MS,
  NotificationQueue,
  v4ArticlesLoadFailed,
} from './notifications';

afterEach(() => {
  vi.useRealTimers();
});

describe('notification texts', () => {
  it('match the spec catalogue exactly', () => {
    expect(articlesLoadFailed('timeout')).toBe('Failed to load articles: timeout');
    expect(v4ArticlesLoadFailed('x')).toBe('Failed to load V4 articles: x');
    expect(analysisFailed('boom')).toBe('Analysis failed: boom');
    expect(NOTIFICATION_TEXT).toEqual({
      analysisCompleted: 'Article analysis completed',
      realtimeConnected: 'Real-time connection established',
      realtimeLost: 'Real-time connection lost',
      newAnalysis: 'New AI analysis available',
      unknownError: 'Unknown error',
    });
  });

  it("takes the message of any thrown value, else 'Unknown error'", () => {
    expect(errorMessage(new Error('API error: 500 Internal Server Error'))).toBe(
      'API error: 500 Internal Server Error',
    );
    expect(errorMessage('plain')).toBe('plain');
    expect(errorMessage(new Error(''))).toBe('Unknown error');
    expect(errorMessage({ message: 'not an Error' })).toBe('Unknown error');
  });
});

describe('NotificationQueue', () => {
  it('queues with type, message, timestamp and removes each after 5 s', () => {
    vi.useFakeTimers();
    let now = 1000;
    const q = new NotificationQueue({ now: () => now });
    const a = q.error(articlesLoadFailed('down'));
    now = 3000;
    vi.advanceTimersByTime(2000);
    const b = q.success(NOTIFICATION_TEXT.analysisCompleted);
    expect(q.getSnapshot().map((n) => [n.type, n.message, n.timestamp])).toEqual([
      ['error', 'Failed to load articles: down', 1000],
      ['success', 'Article analysis completed', 3000],
    ]);
    expect(a.id).not.toBe(b.id);
    vi.advanceTimersByTime(NOTIFICATION_TTL_MS - 2000 - 1);
    expect(q.getSnapshot()).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(q.getSnapshot().map((n) => n.id)).toEqual([b.id]);
    vi.advanceTimersByTime(2000);
    expect(q.getSnapshot()).toEqual([]);
    expect(NOTIFICATION_TTL_MS).toBe(5000);
  });

  it('removes by id early, cancelling its timer, and clears all', () => {
    vi.useFakeTimers();
    const q = new NotificationQueue();
    const a = q.info('a');
    q.warning('b');
    expect(q.remove(a.id)).toBe(true);
    expect(q.remove(a.id)).toBe(false);
    expect(vi.getTimerCount()).toBe(1);
    q.clear();
    expect(q.getSnapshot()).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('notifies subscribers with immutable snapshots', () => {
    const calls: number[] = [];
    const handles: (() => void)[] = [];
    const q = new NotificationQueue({
      timers: {
        setTimeout: (fn) => (handles.push(fn), handles.length),
        clearTimeout: () => undefined,
      },
    });
    const off = q.subscribe((list) => calls.push(list.length));
    const first = q.getSnapshot();
    q.info('x');
    expect(q.getSnapshot()).not.toBe(first);
    expect(Object.isFrozen(q.getSnapshot())).toBe(true);
    handles[0]?.();
    expect(calls).toEqual([1, 0]);
    off();
    q.info('y');
    expect(calls).toEqual([1, 0]);
  });

  it('accepts the socket notification payload, defaulting unknown types to info', () => {
    const q = new NotificationQueue({
      timers: { setTimeout: () => 0, clearTimeout: () => undefined },
    });
    expect(q.pushFromPayload({ type: 'warning', message: 'Maintenance at 5' })?.type).toBe(
      'warning',
    );
    expect(q.pushFromPayload({ type: 'shout', message: 'hi' })?.type).toBe('info');
    expect(q.pushFromPayload({ type: 'error' })).toBeNull();
    expect(q.pushFromPayload('text')).toBeNull();
    expect(q.getSnapshot()).toHaveLength(2);
  });
});
