import type { ListNotice } from '../dataState';
import { EmptyState, ErrorState, LoadingState, NoticeLine } from './kit';

/**
 * Draws a list's or a view's honest state (ui/dataState.ts) with the kit: loading (a spinner,
 * also while a failed attempt is retried), empty, failed with Retry, and a one-line notice above
 * data still shown when it is stale, offline or a fallback. Nothing when the data is current.
 * `data-kind` names the state for tests.
 */
export function DataNotice({
  notice,
  onRetry,
  testId,
}: {
  notice: ListNotice | null;
  onRetry: () => void;
  testId: string;
}) {
  if (notice === null) return null;
  const retry = notice.retry ? onRetry : undefined;
  let body;
  switch (notice.kind) {
    case 'loading':
      body = <LoadingState text={notice.text} />;
      break;
    case 'empty':
      body = <EmptyState title={notice.text} />;
      break;
    case 'failed':
      body = <ErrorState title={notice.text} {...(retry ? { onRetry: retry } : {})} />;
      break;
    default:
      body = (
        <NoticeLine
          text={notice.text}
          tone={notice.kind === 'fallback' ? 'muted' : 'warning'}
          {...(retry ? { onRetry: retry } : {})}
        />
      );
  }
  return (
    <div className="data-notice" data-testid={testId} data-kind={notice.kind}>
      {body}
    </div>
  );
}
