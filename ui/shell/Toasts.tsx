/**
 * Notification toasts (data/notifications.ts: removed after 5 s), newest at the bottom.
 */
import { useSyncExternalStore } from 'react';
import { notifications } from './services';

export function Toasts() {
  const list = useSyncExternalStore(notifications.subscribe, notifications.getSnapshot);
  if (list.length === 0) return null;
  return (
    <div className="toasts" aria-live="polite" data-testid="toasts">
      {list.map((n) => (
        <div key={n.id} className={`toast toast--${n.type}`} role="status">
          <span>{n.message}</span>
          <button type="button" aria-label="Dismiss" onClick={() => notifications.remove(n.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
