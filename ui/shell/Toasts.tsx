/**
 * Notification toasts (data/notifications.ts: removed after 5 s), newest at the bottom, and the
 * screen-reader announcements of the shell. The live regions are always in the page (a region
 * added together with its text is not announced): info, success and warning toasts in a polite
 * one (role=status), errors in an assertive one (role=alert), and the count of live articles that
 * arrived (socket article:new) in a visually hidden polite one, at most once per
 * ARRIVALS_ANNOUNCE_MS so a burst is one sentence.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { AppNotification } from '../../data/notifications';
import { liveArrivals, notifications } from './services';

/** The shortest interval between two 'N new articles' announcements. */
export const ARRIVALS_ANNOUNCE_MS = 10_000;

export function arrivalsText(n: number): string {
  return n === 1 ? '1 new article arrived' : `${n} new articles arrived`;
}

function Toast({ n }: { n: AppNotification }) {
  const { action } = n;
  return (
    <div className={`toast toast--${n.type}`}>
      <span className="toast__text">
        <span>{n.message}</span>
        {n.detail !== undefined && <span className="toast__detail">{n.detail}</span>}
      </span>
      {action !== undefined && (
        <button
          type="button"
          className="toast__action"
          onClick={() => {
            notifications.remove(n.id);
            action.run();
          }}
        >
          {action.label}
        </button>
      )}
      <button type="button" aria-label="Dismiss" onClick={() => notifications.remove(n.id)}>
        ×
      </button>
    </div>
  );
}

/** Announces how many live articles arrived since the last announcement (throttled). */
function ArrivalsAnnouncer() {
  useSignals();
  const total = liveArrivals.value;
  const announced = useRef(0);
  const lastAt = useRef(0);
  const [text, setText] = useState('');
  useEffect(() => {
    if (total === announced.current) return undefined;
    const timer = window.setTimeout(
      () => {
        setText(arrivalsText(total - announced.current));
        announced.current = total;
        lastAt.current = Date.now();
      },
      Math.max(0, lastAt.current + ARRIVALS_ANNOUNCE_MS - Date.now()),
    );
    return () => window.clearTimeout(timer);
  }, [total]);
  return (
    <p className="visually-hidden" role="status" data-testid="live-arrivals">
      {text}
    </p>
  );
}

export function Toasts() {
  const list = useSyncExternalStore(notifications.subscribe, notifications.getSnapshot);
  const errors = list.filter((n) => n.type === 'error');
  const others = list.filter((n) => n.type !== 'error');
  return (
    <div className="toasts" data-testid="toasts">
      <div className="toasts__region" role="status" aria-live="polite" data-testid="toasts-polite">
        {others.map((n) => (
          <Toast key={n.id} n={n} />
        ))}
      </div>
      <div
        className="toasts__region"
        role="alert"
        aria-live="assertive"
        data-testid="toasts-assertive"
      >
        {errors.map((n) => (
          <Toast key={n.id} n={n} />
        ))}
      </div>
      <ArrivalsAnnouncer />
    </div>
  );
}
