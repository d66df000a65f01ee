/**
 * A view's server data through the page's query client (ui/queryClient.ts: retries that skip
 * only real 4xx errors, backoff capped at 5 s, online only) with the GET cache time of its kind
 * (data/api/client.ts CACHE_TTL_MS: analytics 10 min, intelligence 15 min): a view opened again
 * within that time shows its cached data at once; after it, and every such period while open, the
 * data is refreshed. Returns the data with its honest state (ui/dataState.ts) and a retry.
 */
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../data/loadStatus';
import type { DataLoadState } from '../dataState';
import { queryClient } from '../queryClient';

export interface ViewQuery<T> {
  data: T | undefined;
  state: DataLoadState;
  retry: () => void;
}

export function useViewQuery<T>(
  queryKey: readonly unknown[],
  fetcher: (signal: AbortSignal) => Promise<T>,
  cacheMs: number,
): ViewQuery<T> {
  const q = useQuery(
    {
      queryKey,
      queryFn: ({ signal }) => fetcher(signal),
      staleTime: cacheMs,
      refetchOnMount: true,
      refetchInterval: cacheMs,
      refetchIntervalInBackground: false,
    },
    queryClient,
  );
  const inFlight = q.fetchStatus !== 'idle';
  const state: DataLoadState = {
    updatedAt: q.dataUpdatedAt === 0 ? null : q.dataUpdatedAt,
    loading: inFlight,
    retrying: inFlight && q.failureReason !== null ? errorMessage(q.failureReason) : null,
    error: q.error === null ? null : errorMessage(q.error),
  };
  return {
    data: q.data,
    state,
    retry: () => void q.refetch(),
  };
}
