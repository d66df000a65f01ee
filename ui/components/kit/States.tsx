import type { ReactNode } from 'react';
import { Button } from './Button';

/** Loading state with a spinner and an optional text (role="status": announced politely). */
export function LoadingState({ text = 'Loading...' }: { text?: ReactNode }) {
  return (
    <div className="kit-state" role="status">
      <div className="kit-spinner" aria-hidden="true" />
      <span>{text}</span>
    </div>
  );
}

/** Nothing to show: a title and an optional hint. */
export function EmptyState({ title, hint }: { title: ReactNode; hint?: ReactNode }) {
  return (
    <div className="kit-state">
      <p className="kit-state__title">{title}</p>
      {hint !== undefined ? <span>{hint}</span> : null}
    </div>
  );
}

/** Something failed: what, and a retry when one makes sense (role="alert"). */
export function ErrorState({
  title,
  message,
  onRetry,
}: {
  title: ReactNode;
  message?: ReactNode;
  onRetry?: () => void;
}) {
  return (
    <div className="kit-state kit-state--error" role="alert">
      <p className="kit-state__title">{title}</p>
      {message !== undefined ? <span>{message}</span> : null}
      {onRetry !== undefined ? (
        <Button size="small" onClick={onRetry}>
          Retry
        </Button>
      ) : null}
    </div>
  );
}

/**
 * A one-line notice above data that is still shown (stale, offline, a fallback): the text and a
 * retry when one makes sense (role="status").
 */
export function NoticeLine({
  text,
  onRetry,
  tone = 'warning',
}: {
  text: ReactNode;
  onRetry?: () => void;
  tone?: 'warning' | 'muted';
}) {
  return (
    <div className={`kit-notice kit-notice--${tone}`} role="status">
      <span className="kit-notice__text">{text}</span>
      {onRetry !== undefined ? (
        <Button size="small" onClick={onRetry}>
          Retry
        </Button>
      ) : null}
    </div>
  );
}
