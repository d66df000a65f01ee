/**
 * The left filters panel (spec section 2 "Layout": width 64 units with recent articles; section 9:
 * 5 recent articles). Recent articles come from the shared article store, newest first; a click
 * selects the article and flies the globe to it.
 */
import { useSyncExternalStore } from 'react';
import { timeAgo } from '../../data/markers/markerFilter';
import { sendCommand } from '../../engine/commands';
import { articleStore } from './services';
import { countRender } from './testHooks';

/** Spec section 9: sidebar recent articles 5. */
export const RECENT_ARTICLES = 5;

export function FiltersPanel() {
  countRender('FiltersPanel');
  const articles = useSyncExternalStore(articleStore.subscribe, articleStore.getSnapshot);
  const recent = articles.slice(0, RECENT_ARTICLES);
  return (
    <aside className="filters-panel" aria-label="Recent articles" data-testid="filters-panel">
      <h2 className="panel-heading">Recent Articles</h2>
      {recent.length === 0 ? (
        <p className="filters-panel__empty">Loading articles...</p>
      ) : (
        <ul className="filters-panel__list">
          {recent.map((a) => (
            <li key={a.id}>
              <button
                type="button"
                className="recent-article"
                onClick={() => {
                  sendCommand({ type: 'selectArticle', id: a.id });
                  if (a.latitude !== null && a.longitude !== null) {
                    sendCommand({ type: 'goToLocation', lat: a.latitude, lon: a.longitude });
                  }
                }}
              >
                <span className="recent-article__emoji" aria-hidden="true">
                  {a.emoji}
                </span>
                <span className="recent-article__body">
                  <span className="recent-article__title">{a.title}</span>
                  <span className="recent-article__meta">
                    {a.location.name} ·{' '}
                    {a.timestamp === null ? 'Unknown time' : timeAgo(a.timestamp, Date.now())}
                  </span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </aside>
  );
}
