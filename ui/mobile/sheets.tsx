/**
 * The four sheets of the phone globe screen. Everything goes through engine commands and reads
 * the engine's signals (the same surfaces as the desktop panels and `window.atlas`).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useMemo, useState } from 'react';
import { hasLocation, type NormalizedArticle } from '../../data/articleNormalizer';
import { formatTimeAgo } from '../../data/formatting';
import { debounce, noResultsMessage, searchArticles, SEARCH_DEBOUNCE_MS } from '../../data/search';
import { sendCommand } from '../../engine/commands';
import {
  autoRotating,
  layerState,
  qualityInfo,
  userLocation,
  type LayerName,
} from '../../engine/signals';
import { openArticleDialog } from '../article/dialogState';
import { articleStore, ensureArticlesLoaded, useStoredArticles } from '../article/sharedStore';
import { DataNotice } from '../components/DataNotice';
import { Button, EmptyState, Toggle } from '../components/kit';
import {
  articleFeedState,
  articleListNotice,
  browserOnline,
  reloadArticles,
} from '../useArticleFeed';
import { FilterGroups, FilterSummary, useFilterView } from '../shell/FilterControls';
import { settingsOpen } from '../shell/shellState';
import { autoRotateChoice, closeSheet, hapticTap, MOBILE_ARTICLE_LIMIT } from './mobileState';

/** Spec: choosing a search result flies the globe to distance 300. */
const FLY_DISTANCE = 300;
/** A list loaded this recently is reused. */
const LIST_MAX_AGE_MS = 120_000;

/** The layer toggles of the Layers sheet, in the order a reader meets them. */
export const MOBILE_LAYERS: readonly { layer: LayerName; label: string }[] = [
  { layer: 'markers', label: 'News markers' },
  { layer: 'choropleth', label: 'Countries by news (choropleth)' },
  { layer: 'labels', label: 'Place names' },
  { layer: 'borders', label: 'Country borders' },
  { layer: 'coastline', label: 'Coastlines' },
  { layer: 'land', label: 'Land' },
  { layer: 'ocean', label: 'Ocean' },
  { layer: 'states', label: 'States and provinces' },
  { layer: 'rivers', label: 'Rivers' },
  { layer: 'lakes', label: 'Lakes' },
  { layer: 'urban', label: 'Urban areas' },
  { layer: 'cities', label: 'Cities' },
  { layer: 'cityLights', label: 'City lights' },
  { layer: 'grid', label: 'Grid' },
  { layer: 'timezones', label: 'Time zones' },
  { layer: 'dayNight', label: 'Day and night' },
  { layer: 'clouds', label: 'Clouds' },
  { layer: 'atmosphere', label: 'Atmosphere' },
  { layer: 'stars', label: 'Stars' },
  { layer: 'moon', label: 'Moon' },
  { layer: 'solarSystem', label: 'Solar system' },
];

type QualityChoice = 'auto' | 'low' | 'medium' | 'high';
const QUALITY_CHOICES: readonly QualityChoice[] = ['auto', 'low', 'medium', 'high'];
const QUALITY_LABELS: Readonly<Record<QualityChoice, string>> = {
  auto: 'Auto',
  low: 'Low',
  medium: 'Medium',
  high: 'High',
};

/** Quality mode: Auto (adaptive) or a fixed rung (the `setQuality` command). */
function QualityPicker() {
  useSignals();
  const q = qualityInfo.value;
  const current: QualityChoice = q === null ? 'auto' : (q.override ?? 'auto');
  return (
    <fieldset className="mobile-quality" data-testid="mobile-quality">
      <legend>Quality{q !== null ? ` (now ${q.mode})` : ''}</legend>
      <div className="mobile-quality__choices" role="radiogroup" aria-label="Quality mode">
        {QUALITY_CHOICES.map((mode) => (
          <Button
            key={mode}
            size="small"
            role="radio"
            aria-checked={current === mode}
            variant={current === mode ? 'primary' : 'default'}
            onClick={() => {
              hapticTap();
              sendCommand({ type: 'setQuality', mode });
            }}
          >
            {QUALITY_LABELS[mode]}
          </Button>
        ))}
      </div>
    </fieldset>
  );
}

function LayerToggle({ layer, label }: { layer: LayerName; label: string }) {
  useSignals();
  const on = layerState.value?.[layer] ?? false;
  return (
    <Toggle
      label={label}
      checked={on}
      testId={`mobile-layer-${layer}`}
      onChange={(next) => {
        hapticTap();
        sendCommand({ type: 'setLayer', layer, on: next });
      }}
    />
  );
}

export function LayersSheet() {
  return (
    <div className="mobile-sheet__stack">
      <QualityPicker />
      {MOBILE_LAYERS.map((l) => (
        <LayerToggle key={l.layer} layer={l.layer} label={l.label} />
      ))}
    </div>
  );
}

/** Closes the sheet, flies to the article's place and opens it full-screen. */
function openFromList(a: NormalizedArticle): void {
  hapticTap();
  closeSheet();
  if (hasLocation(a)) {
    sendCommand({ type: 'flyTo', lat: a.latitude, lon: a.longitude, distance: FLY_DISTANCE });
  }
  openArticleDialog(a.id, articleStore.getRaw(a.id) ?? a);
}

function ArticleRow({ a }: { a: NormalizedArticle }) {
  return (
    <li>
      <button
        type="button"
        className="mobile-article"
        data-testid="mobile-article"
        onClick={() => openFromList(a)}
      >
        <span className="mobile-article__emoji" aria-hidden="true">
          {a.emoji}
        </span>
        <span className="mobile-article__text">
          <span className="mobile-article__title">{a.title}</span>
          <span className="mobile-article__meta">
            {a.location.name} · {a.publisher} · {formatTimeAgo(a.timestamp, Date.now())}
          </span>
        </span>
      </button>
    </li>
  );
}

type LoadPhase = { phase: 'loading' } | { phase: 'done' } | { phase: 'failed'; message: string };

/** Loads the shared article list once the sheet opens (reused when fresh). */
function useArticleList(): LoadPhase {
  const [state, setState] = useState<LoadPhase>(() =>
    articleStore.size > 0 ? { phase: 'done' } : { phase: 'loading' },
  );
  useEffect(() => {
    let live = true;
    ensureArticlesLoaded(LIST_MAX_AGE_MS).then(
      () => live && setState({ phase: 'done' }),
      (error: unknown) =>
        live &&
        setState({
          phase: 'failed',
          message: error instanceof Error ? error.message : String(error),
        }),
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}

/**
 * The Articles sheet: the filters (behind a Filters button, the summary always shown) over the
 * articles that pass them, the same choices as the desktop sidebar (ui/shell/markerFilters.ts).
 * The globe's list feeds it, so it says what the desktop list says (ui/useArticleFeed.ts
 * articleListNotice): 'Loading articles...', 'Failed to load articles: {message}' with Retry,
 * 'No articles found in the last 24 hours', offline, or stale ('showing articles from HH:MM').
 */
export function ArticlesSheet() {
  useSignals();
  const view = useFilterView();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const notice = articleListNotice(articleFeedState.value, browserOnline.value, view.facets.total);
  const state = (
    <DataNotice notice={notice} onRetry={reloadArticles} testId="mobile-articles-state" />
  );
  if (view.facets.total === 0) return <div className="mobile-sheet__stack">{state}</div>;
  return (
    <div className="mobile-sheet__stack">
      {state}
      <div className="mobile-filters" data-testid="mobile-filters">
        <FilterSummary view={view} />
        <Button
          size="small"
          aria-expanded={filtersOpen}
          data-testid="mobile-filters-toggle"
          onClick={() => {
            hapticTap();
            setFiltersOpen((o) => !o);
          }}
        >
          {view.active > 0 ? `Filters (${view.active})` : 'Filters'} {filtersOpen ? '▴' : '▾'}
        </Button>
        {filtersOpen && <FilterGroups view={view} />}
      </div>
      {view.matches.length === 0 ? (
        <EmptyState title="No articles match these filters" />
      ) : (
        <ul className="mobile-articles" data-testid="mobile-articles">
          {view.matches.slice(0, MOBILE_ARTICLE_LIMIT).map((a) => (
            <ArticleRow key={a.id} a={a} />
          ))}
        </ul>
      )}
    </div>
  );
}

export function SearchSheet() {
  const articles = useStoredArticles();
  useArticleList();
  const [input, setInput] = useState('');
  const [query, setQuery] = useState('');
  const debounced = useMemo(() => debounce((q: string) => setQuery(q), SEARCH_DEBOUNCE_MS), []);
  useEffect(() => () => debounced.cancel(), [debounced]);
  const results = useMemo(() => searchArticles(articles, query), [articles, query]);
  const searched = query.trim() !== '';
  return (
    <div className="mobile-sheet__stack">
      <input
        type="search"
        className="mobile-search__input"
        value={input}
        placeholder="Search articles, places, people, sources..."
        aria-label="Search articles"
        data-testid="mobile-search-input"
        onChange={(e) => {
          const v = e.target.value;
          setInput(v);
          if (v.trim() === '') {
            debounced.cancel();
            setQuery('');
          } else {
            debounced.call(v);
          }
        }}
      />
      {searched && results.length === 0 && <EmptyState title={noResultsMessage(query)} />}
      {results.length > 0 && (
        <ul className="mobile-articles" data-testid="mobile-search-results">
          {results.map((r) => (
            <ArticleRow key={r.article.id} a={r.article} />
          ))}
        </ul>
      )}
      {!searched && (
        <p className="mobile-sheet__hint">
          {articles.length} articles · titles, text, people, places and sources
        </p>
      )}
    </div>
  );
}

export function SettingsSheet() {
  useSignals();
  const markersOn = layerState.value?.markers ?? true;
  const rotating = autoRotateChoice.value ?? autoRotating.value;
  const located = userLocation.value;
  return (
    <div className="mobile-sheet__stack">
      <QualityPicker />
      <Toggle
        label="News markers"
        checked={markersOn}
        testId="mobile-setting-markers"
        onChange={(on) => {
          hapticTap();
          sendCommand({ type: 'setLayer', layer: 'markers', on });
        }}
      />
      <Toggle
        label="Auto-rotate"
        checked={rotating}
        testId="mobile-setting-autorotate"
        onChange={(on) => {
          hapticTap();
          autoRotateChoice.value = on;
          sendCommand({ type: 'setAutoRotate', on });
        }}
      />
      <div className="mobile-setting-row">
        <span>
          Location
          <span className="mobile-sheet__hint">
            {located === null
              ? 'Not shared'
              : `${located.name} (${located.lat.toFixed(2)}, ${located.lon.toFixed(2)})`}
          </span>
        </span>
        <Button
          size="small"
          data-testid="mobile-setting-locate"
          onClick={() => {
            hapticTap();
            closeSheet();
            sendCommand({ type: 'locateMe' });
          }}
        >
          Locate me
        </Button>
      </div>
      <Button
        variant="primary"
        data-testid="mobile-all-settings"
        onClick={() => {
          hapticTap();
          closeSheet();
          settingsOpen.value = true;
        }}
      >
        All settings
      </Button>
    </div>
  );
}
