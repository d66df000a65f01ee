/**
 * Keeps the shared article store current for the feed page (spec section 7): GET
 * /api/public/all-articles every 120 s. Live arrivals come through the shell's one real-time
 * connection (ui/shell/services.ts), which writes article events into the same store, so new
 * stories appear without a reload. When the poll fails the page keeps showing what the socket
 * delivered (spec section 8 "Feed fetch fails: live articles from the socket store").
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { can } from '../../data/permissions';
import type { ConnectionStatus } from '../../data/realtime/socketClient';
import { user } from '../auth/authState';
import { loadLatestArticles } from '../article/sharedStore';
import { connectionStatus } from '../shell/services';

export const FEED_POLL_MS = 120_000;

export interface LiveFeedState {
  status: ConnectionStatus;
  /** Real-time events are for signed-in accounts (spec section 6 "Real-time data"). */
  realtimeAllowed: boolean;
  /** The last poll's failure, null after a success. */
  pollError: string | null;
  /** True until the first poll settles. */
  loading: boolean;
}

export function useLiveFeed(): LiveFeedState {
  useSignals();
  const status = connectionStatus.value;
  const realtimeAllowed = can(user.value?.role ?? 'guest', 'realTimeData');
  const [pollError, setPollError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let stopped = false;
    const load = (): void => {
      loadLatestArticles()
        .then(() => {
          if (!stopped) setPollError(null);
        })
        .catch((error: unknown) => {
          if (!stopped) setPollError(error instanceof Error ? error.message : String(error));
        })
        .finally(() => {
          if (!stopped) setLoading(false);
        });
    };
    load();
    const timer = setInterval(load, FEED_POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, []);

  return { status, realtimeAllowed, pollError, loading };
}
