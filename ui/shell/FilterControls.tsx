/**
 * The filter groups of the /app sidebar and the phone's Articles sheet (spec application.md
 * section 3 'Filters'): date range, sentiment, category, reality type and sources, each option
 * with its count, and the summary with Clear all. State in ./markerFilters.ts signals; the counts
 * come from the shared article store (one pass when the store or a choice changes, never per
 * frame); the number of markers on the globe is bound to the engine's `markerCount` signal
 * without React.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useMemo, useSyncExternalStore } from 'react';
import type { NormalizedArticle } from '../../data/articleNormalizer';
import {
  filterFacets,
  passesFilter,
  type FilterFacets,
  type MarkerFilter,
} from '../../data/markers/markerFilter';
import {
  MARKER_REALITY_TYPES,
  SENTIMENTS,
  type MarkerRealityType,
  type Sentiment,
} from '../../data/markers/markerStyle';
import { markerCount } from '../../engine/signals';
import { settings } from '../../engine/settings';
import { articleStore } from '../article/sharedStore';
import { Button, Select } from '../components/kit';
import { SignalText } from '../components/SignalText';
import {
  activeFilterCount,
  clearFilters,
  DATE_RANGES,
  markerFilterOf,
  placedFields,
  setDateRange,
  setSentiment,
  sidebarFilter,
  toggleCategory,
  toggleRealityType,
  toggleSource,
  type TimeFrame,
} from './markerFilters';
import './filters.css';

/** Options shown per open-ended group (the most frequent; chosen ones always show). */
export const MAX_GROUP_OPTIONS = 8;

const SENTIMENT_ORDER: readonly Sentiment[] = ['positive', 'negative', 'neutral', 'mixed'];
const REALITY_LABELS: Readonly<Record<MarkerRealityType, string>> = {
  fact: 'Fact',
  mixed: 'Mixed',
  fiction: 'Fiction',
  unverified: 'Unverified',
};

const capital = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

export interface FilterView {
  filter: MarkerFilter;
  frame: TimeFrame;
  facets: FilterFacets;
  /** Matching articles with a place, newest first. */
  matches: NormalizedArticle[];
  active: number;
}

/** The sidebar's filter, counts and matching articles; re-computed when the store or a choice
 * changes. */
export function useFilterView(): FilterView {
  useSignals();
  const articles = useSyncExternalStore(articleStore.subscribe, articleStore.getSnapshot);
  const chosen = sidebarFilter.value;
  const frame = settings.value.network.timeFrame;
  return useMemo(() => {
    const now = Date.now();
    const filter = markerFilterOf(chosen, frame);
    const placed = placedFields(articles, (id) => articleStore.getRaw(id), now);
    const facets = filterFacets(
      filter,
      placed.map((p) => p.fields),
      now,
    );
    const matches = placed
      .filter((p) => passesFilter(filter, p.fields, now))
      .sort((a, b) => b.fields.publishedMs - a.fields.publishedMs)
      .map((p) => p.article);
    return { filter, frame, facets, matches, active: activeFilterCount(chosen, frame) };
  }, [articles, chosen, frame]);
}

/** Clear all: every choice back to all (disabled when nothing is chosen). */
export function ClearFilters({ view }: { view: FilterView }) {
  return (
    <Button
      size="small"
      variant="ghost"
      disabled={view.active === 0}
      onClick={clearFilters}
      data-testid="filters-clear"
    >
      Clear all{view.active > 0 ? ` (${view.active})` : ''}
    </Button>
  );
}

/** 'N of M articles match · K on the globe' (and Clear all unless the caller shows it). */
export function FilterSummary({ view, clear = true }: { view: FilterView; clear?: boolean }) {
  return (
    <div className="filters-summary" data-testid="filters-summary">
      <p className="filters-summary__text">
        <span data-testid="filters-match-count">{view.facets.matching}</span> of {view.facets.total}{' '}
        articles match · <SignalText value={markerCount} testId="filters-marker-count" /> markers on
        the globe
      </p>
      {clear && <ClearFilters view={view} />}
    </div>
  );
}

function Chip({
  label,
  count,
  pressed,
  onClick,
  testId,
  radio = false,
}: {
  label: string;
  count: number;
  pressed: boolean;
  onClick: () => void;
  testId: string;
  radio?: boolean;
}) {
  return (
    <Button
      size="small"
      variant={pressed ? 'primary' : 'default'}
      className="filter-chip"
      role={radio ? 'radio' : undefined}
      aria-checked={radio ? pressed : undefined}
      aria-pressed={radio ? undefined : pressed}
      data-testid={testId}
      data-count={count}
      onClick={onClick}
    >
      {label} <span className="filter-chip__count">{count}</span>
    </Button>
  );
}

function shown(
  options: FilterFacets['categories'],
  chosen: readonly string[],
): FilterFacets['categories'] {
  const top = options.filter((o) => o.count > 0).slice(0, MAX_GROUP_OPTIONS);
  for (const o of options) if (chosen.includes(o.name) && !top.includes(o)) top.push(o);
  return top;
}

/** The five groups. */
export function FilterGroups({ view }: { view: FilterView }) {
  const { filter, facets, frame } = view;
  const sentimentTotal = SENTIMENTS.reduce((n, s) => n + facets.sentiment[s], 0);
  return (
    <div className="filter-groups" data-testid="filter-groups">
      <Select
        label="Date range"
        value={frame}
        options={DATE_RANGES.map((r) => ({
          value: r.value,
          label: `${r.label} (${facets.hours[r.hours] ?? 0})`,
        }))}
        onChange={setDateRange}
        testId="filter-date-range"
      />
      <fieldset className="filter-group">
        <legend>Sentiment</legend>
        <div className="filter-group__chips" role="radiogroup" aria-label="Sentiment">
          <Chip
            label="All"
            count={sentimentTotal}
            pressed={filter.sentiment === 'all'}
            onClick={() => setSentiment('all')}
            testId="filter-sentiment-all"
            radio
          />
          {SENTIMENT_ORDER.map((s) => (
            <Chip
              key={s}
              label={capital(s)}
              count={facets.sentiment[s]}
              pressed={filter.sentiment === s}
              onClick={() => setSentiment(s)}
              testId={`filter-sentiment-${s}`}
              radio
            />
          ))}
        </div>
      </fieldset>
      <fieldset className="filter-group">
        <legend>Category</legend>
        <div className="filter-group__chips">
          {shown(facets.categories, filter.categories).map((c) => (
            <Chip
              key={c.name}
              label={capital(c.name)}
              count={c.count}
              pressed={filter.categories.includes(c.name)}
              onClick={() => toggleCategory(c.name)}
              testId={`filter-category-${c.name}`}
            />
          ))}
        </div>
      </fieldset>
      <fieldset className="filter-group">
        <legend>Reality type</legend>
        <div className="filter-group__chips">
          {MARKER_REALITY_TYPES.map((t) => (
            <Chip
              key={t}
              label={REALITY_LABELS[t]}
              count={facets.realityTypes[t]}
              pressed={filter.realityTypes.includes(t)}
              onClick={() => toggleRealityType(t)}
              testId={`filter-reality-${t}`}
            />
          ))}
        </div>
      </fieldset>
      <fieldset className="filter-group">
        <legend>Sources</legend>
        <div className="filter-group__chips">
          {shown(facets.sources, filter.sources).map((s) => (
            <Chip
              key={s.name}
              label={s.name}
              count={s.count}
              pressed={filter.sources.includes(s.name)}
              onClick={() => toggleSource(s.name)}
              testId={`filter-source-${s.name}`}
            />
          ))}
        </div>
      </fieldset>
    </div>
  );
}
