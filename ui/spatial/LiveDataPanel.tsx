/**
 * The spatial workspace's left 'LIVE DATA' panel (spec globe.md section 2, 'Main spatial layout'):
 * collapsible (starts collapsed), LIVE / OFFLINE from the socket, tabs NEWS / WEATHER / TRANSIT /
 * EVENTS, a search over articles and gazetteer places, the news list (20, inside the timeline
 * window), the user's recent places, the globe switcher, LAYERS toggles and CREATE POST.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import type { NormalizedArticle } from '../../data/articleNormalizer';
import { formatTimeAgo } from '../../data/formatting';
import { inTimeline } from '../../data/markers/timeline';
import { searchArticles } from '../../data/search';
import { sendCommand } from '../../engine/commands';
import { layerState, timelineFilter, type LayerName } from '../../engine/signals';
import { useStoredArticles } from '../article/sharedStore';
import { Button, Panel, Tabs, Toggle } from '../components/kit';
import { connectionStatus } from '../shell/services';
import { searchPlaces, usePlaceIndex } from './placeSearch';
import { leftPanelOpen, recentPlaces, selectFromList } from './workspaceState';
import {
  SWITCHER_FILTERS,
  rememberPlace,
  safeStorage,
  switcherEntries,
  tabFilter,
  type LiveTab,
  type Place,
  type SwitcherFilter,
} from './workspaceData';

/** Spec: the article bar shows 20 articles. */
export const NEWS_LIST_SIZE = 20;

const TABS: { key: LiveTab; label: string }[] = [
  { key: 'news', label: 'NEWS' },
  { key: 'weather', label: 'WEATHER' },
  { key: 'transit', label: 'TRANSIT' },
  { key: 'events', label: 'EVENTS' },
];

/** The layer switches offered in the panel (engine/layers.ts names). */
const PANEL_LAYERS: { layer: LayerName; label: string }[] = [
  { layer: 'markers', label: 'News markers' },
  { layer: 'choropleth', label: 'Countries by news' },
  { layer: 'labels', label: 'Labels' },
  { layer: 'borders', label: 'Borders' },
  { layer: 'grid', label: 'Grid' },
  { layer: 'dayNight', label: 'Day/Night' },
  { layer: 'timezones', label: 'Time zones' },
  { layer: 'clouds', label: 'Clouds' },
  { layer: 'moon', label: 'Moon' },
];

export function flyToPlace(place: Place): void {
  sendCommand({ type: 'flyTo', lat: place.lat, lon: place.lon, distance: 320 });
  recentPlaces.value = rememberPlace(safeStorage(), place);
}

function ArticleRow({ a }: { a: NormalizedArticle }) {
  return (
    <li>
      <button type="button" className="ws-row" onClick={() => selectFromList(a)}>
        <span className="ws-row__emoji" aria-hidden="true">
          {a.emoji}
        </span>
        <span className="ws-row__body">
          <span className="ws-row__title">{a.title}</span>
          <span className="ws-row__meta">
            {a.location.name} · {a.category} · {formatTimeAgo(a.timestamp, Date.now())}
          </span>
        </span>
      </button>
    </li>
  );
}

function SearchBox({ articles }: { articles: readonly NormalizedArticle[] }) {
  const [query, setQuery] = useState('');
  const places = usePlaceIndex(query !== '');
  const found = useMemo(() => searchArticles(articles, query).slice(0, 5), [articles, query]);
  const placeHits = useMemo(() => searchPlaces(places, query, 5), [places, query]);
  const blank = query.trim() === '';
  return (
    <div className="ws-search">
      <input
        type="search"
        className="ws-search__input"
        placeholder="Search locations, events..."
        aria-label="Search locations, events"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      {!blank && (
        <ul className="ws-list" aria-label="Search results" data-testid="ws-search-results">
          {placeHits.map((p) => (
            <li key={`${p.name}|${p.country}|${p.lat}`}>
              <button
                type="button"
                className="ws-row"
                data-kind="place"
                onClick={() => {
                  flyToPlace(p);
                  setQuery('');
                }}
              >
                <span className="ws-row__emoji" aria-hidden="true">
                  📍
                </span>
                <span className="ws-row__body">
                  <span className="ws-row__title">{p.name}</span>
                  <span className="ws-row__meta">{p.country}</span>
                </span>
              </button>
            </li>
          ))}
          {found.map((r) => (
            <ArticleRow key={r.article.id} a={r.article} />
          ))}
          {placeHits.length === 0 && found.length === 0 && (
            <li className="ws-muted">No places or articles match &quot;{query.trim()}&quot;</li>
          )}
        </ul>
      )}
    </div>
  );
}

function GlobeSwitcher() {
  const [filter, setFilter] = useState<SwitcherFilter>('all');
  const [, navigate] = useLocation();
  const entries = switcherEntries(filter);
  return (
    <section className="ws-section" aria-label="Globe switcher">
      <h3 className="ws-heading">GLOBE SWITCHER</h3>
      <div className="ws-chips" role="group" aria-label="Filter globe variants">
        {SWITCHER_FILTERS.map((f) => (
          <button
            key={f}
            type="button"
            className="ws-chip"
            aria-pressed={filter === f}
            onClick={() => setFilter(f)}
          >
            {f}
          </button>
        ))}
      </div>
      <ul className="ws-list" data-testid="ws-switcher">
        {entries.map((e) => (
          <li key={e.path}>
            <button type="button" className="ws-row" onClick={() => navigate(e.path)}>
              <span className="ws-row__body">
                <span className="ws-row__title">{e.path}</span>
                <span className="ws-row__meta">{e.title}</span>
              </span>
              <span className={`ws-status ws-status--${e.status}`}>
                {e.note === null ? e.status : `${e.note}, ${e.status}`}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function LiveDataPanel() {
  useSignals();
  const articles = useStoredArticles();
  const [tab, setTab] = useState<LiveTab>('news');
  const window_ = timelineFilter.value;
  const news = useMemo(
    () =>
      articles
        .filter((a) => a.timestamp !== null && inTimeline(a.timestamp, window_))
        .filter((a) => tabFilter(tab, a)),
    [articles, tab, window_],
  );
  const live = connectionStatus.value === 'connected';
  const layers = layerState.value;
  if (!leftPanelOpen.value) {
    return (
      <button
        type="button"
        className="ws-tab ws-tab--left"
        aria-expanded="false"
        aria-controls="ws-live-data"
        onClick={() => (leftPanelOpen.value = true)}
      >
        LIVE DATA{' '}
        <span className={live ? 'ws-live' : 'ws-offline'}>{live ? 'LIVE' : 'OFFLINE'}</span>
      </button>
    );
  }
  return (
    <Panel
      as="aside"
      id="ws-live-data"
      className="ws-panel ws-panel--left"
      title={
        <>
          LIVE DATA{' '}
          <span className={live ? 'ws-live' : 'ws-offline'} data-testid="ws-connection">
            {live ? 'LIVE' : 'OFFLINE'}
          </span>
        </>
      }
      actions={
        <Button
          size="small"
          variant="ghost"
          aria-label="Collapse LIVE DATA"
          aria-expanded="true"
          onClick={() => (leftPanelOpen.value = false)}
        >
          ◀
        </Button>
      }
      aria-label="LIVE DATA"
    >
      <SearchBox articles={articles} />
      <Tabs tabs={TABS} active={tab} onChange={setTab} label="Data">
        <p className="ws-muted" data-testid="ws-news-count">
          {news.length} article{news.length === 1 ? '' : 's'} in the timeline window
        </p>
        <ul className="ws-list" data-testid="ws-news">
          {news.slice(0, NEWS_LIST_SIZE).map((a) => (
            <ArticleRow key={a.id} a={a} />
          ))}
        </ul>
        {news.length === 0 && <p className="ws-muted">No articles in this time window.</p>}
      </Tabs>
      <section className="ws-section" aria-label="Recent places">
        <h3 className="ws-heading">RECENT PLACES</h3>
        <ul className="ws-list" data-testid="ws-recent-places">
          {recentPlaces.value.map((p) => (
            <li key={`${p.name}|${p.country}`}>
              <button type="button" className="ws-row" onClick={() => flyToPlace(p)}>
                <span className="ws-row__body">
                  <span className="ws-row__title">{p.name}</span>
                  <span className="ws-row__meta">{p.country}</span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      </section>
      <GlobeSwitcher />
      <section className="ws-section" aria-label="Layers" id="ws-layers">
        <h3 className="ws-heading">LAYERS</h3>
        {PANEL_LAYERS.map(({ layer, label }) => (
          <Toggle
            key={layer}
            label={label}
            checked={layers?.[layer] ?? false}
            onChange={(on) => sendCommand({ type: 'setLayer', layer, on })}
          />
        ))}
      </section>
      <Button
        variant="primary"
        className="ws-create"
        onClick={() => window.alert('Create Post feature coming soon!')}
      >
        CREATE POST
      </Button>
    </Panel>
  );
}
