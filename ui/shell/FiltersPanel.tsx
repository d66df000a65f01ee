/**
 * The left filters sidebar of /app (spec application.md section 2 'Layout': filters panel, width
 * 64 units, with recent articles; section 3 'Filters'; section 9: 5 recent articles). A kit Panel
 * with Clear all in its header, the summary (matches, markers on the globe) and two tabs: the recent articles
 * that pass the filters (newest first; a click selects the article and flies the globe to it) and
 * the filter groups (./FilterControls.tsx). The globe's markers obey the same choices
 * (./markerFilters.ts sends them to the engine while /app is shown). An article whose AI analysis
 * is held here (it arrived over the socket, or with the v4 list) carries an 'AI' badge with its
 * summary. Above the list, the list's honest state (ui/useArticleFeed.ts articleListNotice):
 * loading, retrying, failed with Retry, empty, offline, the v4 fallback, or 'showing articles
 * from HH:MM' when it could not refresh.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { heldAnalysisSummary } from '../../data/analysis';
import { timeAgo } from '../../data/markers/markerFilter';
import { sendCommand } from '../../engine/commands';
import { DataNotice } from '../components/DataNotice';
import { Panel, Tabs } from '../components/kit';
import {
  articleFeedState,
  articleListNotice,
  browserOnline,
  reloadArticles,
} from '../useArticleFeed';
import { ClearFilters, FilterGroups, FilterSummary, useFilterView } from './FilterControls';
import { articleStore } from './services';
import { countRender } from './testHooks';

function ListNotice({ count }: { count: number }) {
  useSignals();
  return (
    <DataNotice
      notice={articleListNotice(articleFeedState.value, browserOnline.value, count)}
      onRetry={reloadArticles}
      testId="recent-notice"
    />
  );
}

/** Spec section 9: sidebar recent articles 5. */
export const RECENT_ARTICLES = 5;

type SidebarTab = 'recent' | 'filters';

export function FiltersPanel() {
  countRender('FiltersPanel');
  const view = useFilterView();
  const [tab, setTab] = useState<SidebarTab>('recent');
  const recent = view.matches.slice(0, RECENT_ARTICLES);
  return (
    <Panel
      as="aside"
      className="filters-panel"
      title="Filters"
      actions={<ClearFilters view={view} />}
      aria-label="Filters and recent articles"
      data-testid="filters-panel"
    >
      <FilterSummary view={view} clear={false} />
      <Tabs
        label="Filters panel"
        active={tab}
        onChange={setTab}
        className="filters-panel__tabs"
        tabs={[
          { key: 'recent', label: 'Recent Articles' },
          { key: 'filters', label: view.active > 0 ? `Filters (${view.active})` : 'Filters' },
        ]}
      >
        {tab === 'recent' && <ListNotice count={view.facets.total} />}
        {tab === 'filters' ? (
          <FilterGroups view={view} />
        ) : view.facets.total === 0 ? null : recent.length === 0 ? (
          <p className="filters-panel__empty" data-testid="filters-no-match">
            No articles match these filters.
          </p>
        ) : (
          <ul className="filters-panel__list" data-testid="filters-recent">
            {recent.map((a) => (
              <li key={a.id} data-testid="recent-article">
                <button
                  type="button"
                  className="recent-article"
                  data-article-id={a.id}
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
                    <AnalysisBadge raw={articleStore.getRaw(a.id)} />
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
      </Tabs>
    </Panel>
  );
}

function AnalysisBadge({ raw }: { raw: unknown }) {
  const summary = heldAnalysisSummary(raw);
  if (summary === null) return null;
  return (
    <span className="recent-article__analysis" data-testid="recent-analysis">
      <span className="badge badge--ai">AI</span> {summary}
    </span>
  );
}
