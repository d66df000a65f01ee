/**
 * Keeps the shared article store current for the feed page (spec section 7): GET
 * /api/public/all-articles every 120 s, through the page's query client (ui/queryClient.ts: a 5xx,
 * a timeout or a network failure is retried after 1 s and 2 s, a 4xx is not; offline, the poll
 * waits for the network and runs when it is back). Live arrivals come through the shell's one
 * real-time connection (ui/shell/services.ts), which writes article events into the same store, so
 * new stories appear without a reload. When the poll fails the page keeps showing what the store
 * holds (spec section 8 "Feed fetch fails: live articles from the socket store"), said to be stale.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { onlineManager } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../data/loadStatus';
import { can } from '../../data/permissions';
import type { ConnectionStatus } from '../../data/realtime/socketClient';
import { user } from '../auth/authState';
import { LATEST_LIMIT, loadLatestArticles } from '../article/sharedStore';
import type { DataLoadState } from '../dataState';
import { queryClient } from '../queryClient';
import { reloadArticles } from '../useArticleFeed';
import { connectionStatus } from '../shell/services';

export const FEED_POLL_MS = 120_000;

export interface LiveFeedState {
  status: ConnectionStatus;
  /** Real-time events are for signed-in accounts (spec section 6 "Real-time data"). */
  realtimeAllowed: boolean;
  /** The poll's state: when its list arrived, in flight, the attempt being retried, the error. */
  load: DataLoadState;
  /** Polls now, and asks for the globe's list again (the Retry buttons). */
  retry: () => void;
}

const FEED_KEY = ['articles', 'feed', LATEST_LIMIT] as const;
const FIRST_LOAD: DataLoadState = { updatedAt: null, loading: true, retrying: null, error: null };

export function useLiveFeed(): LiveFeedState {
  useSignals();
  const status = connectionStatus.value;
  const realtimeAllowed = can(user.value?.role ?? 'guest', 'realTimeData');
  const [load, setLoad] = useState<DataLoadState>(FIRST_LOAD);
  const poll = useRef<() => void>(() => undefined);

  useEffect(() => {
    let stopped = false;
    let now = FIRST_LOAD;
    const patch = (p: Partial<DataLoadState>): void => {
      if (stopped) return;
      now = { ...now, ...p };
      setLoad(now);
    };
    const run = (): void => {
      patch({ loading: true, retrying: null });
      queryClient
        .query({
          queryKey: FEED_KEY,
          queryFn: async ({ signal }) => {
            try {
              return await loadLatestArticles(signal);
            } catch (error) {
              if (!signal.aborted) patch({ retrying: errorMessage(error) });
              throw error;
            }
          },
          // The 120 s poll always asks the server.
          staleTime: 0,
        })
        .then(
          () => patch({ updatedAt: Date.now(), loading: false, retrying: null, error: null }),
          (error: unknown) => patch({ loading: false, retrying: null, error: errorMessage(error) }),
        );
    };
    poll.current = run;
    run();
    const timer = setInterval(run, FEED_POLL_MS);
    // Back online: a poll that failed is asked for again now (one that waited resumes by itself).
    const offOnline = onlineManager.subscribe((online) => {
      if (online && now.error !== null && !now.loading) run();
    });
    return () => {
      stopped = true;
      poll.current = () => undefined;
      clearInterval(timer);
      offOnline();
      void queryClient.cancelQueries({ queryKey: FEED_KEY });
    };
  }, []);

  // Retry asks for the globe's list too: it fills the same store, and when it failed as well the
  // load status would otherwise go on saying 'Not loaded: articles' over a full feed.
  const retry = useCallback(() => {
    poll.current();
    reloadArticles();
  }, []);
  return { status, realtimeAllowed, load, retry };
}
