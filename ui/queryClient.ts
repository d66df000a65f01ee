/**
 * The page's one TanStack Query client (issue #32 item 2): server state goes through it with the
 * spec's policy (data/api/queryPolicy.ts): stale 5 min, kept 10 min, retries that skip only real
 * 4xx client errors, backoff min(1000 x 2^n, 5000) ms, online only (a call waits while the browser
 * is offline and runs when it is back), no refetch on focus, mount or reconnect. Each call keeps the
 * client's 10 s timeout and passes TanStack's AbortSignal on, so a cancelled query aborts its fetch.
 */
import { QueryClient } from '@tanstack/react-query';
import { ARTICLE_QUERY_POLICY } from '../data/api/queryPolicy';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { ...ARTICLE_QUERY_POLICY },
  },
});
// No QueryClientProvider mounts it (the calls are imperative), so it is mounted here: without this
// it never hears the online manager, and a call paused while offline would never resume.
queryClient.mount();
