/**
 * The /app filters sidebar's state (spec application.md section 3 'Filters': dateRange,
 * sentiment, realityType, sources; globe.md: sentimentFilter, categoryFilter, timeFrame). The
 * choices live in signals; the globe's markers and the sidebar's list obey the same rules
 * (data/markers/markerFilter.ts). The date range is the settings' marker time frame
 * (`network.timeFrame`, saved), so the sidebar and the settings dialog always agree.
 *
 * The engine's marker filter is one for every globe page: the sidebar's choices are sent while
 * the /app page is mounted (`useMarkerFilters`) and cleared when it is left, so /spatial and the
 * globe screens, which have filters of their own, never show markers filtered by a panel they do
 * not show.
 */
import { effect, signal } from '@preact/signals-core';
import { useEffect } from 'react';
import { hasLocation, type NormalizedArticle } from '../../data/articleNormalizer';
import {
  articleFilterFields,
  articlePublishedMs,
  DEFAULT_MARKER_FILTER,
  isFiltering,
  type FilterFields,
  type MarkerFilter,
} from '../../data/markers/markerFilter';
import type { MarkerRealityType, Sentiment } from '../../data/markers/markerStyle';
import { sendCommand } from '../../engine/commands';
import { saveSettings, settings, withSetting, type Settings } from '../../engine/settings';

export type TimeFrame = Settings['network']['timeFrame'];

/** The settings' time frames (engine/settings.ts), in hours, with the sidebar's labels. */
export const DATE_RANGES: readonly { value: TimeFrame; hours: number; label: string }[] = [
  { value: '1h', hours: 1, label: 'Last hour' },
  { value: '6h', hours: 6, label: 'Last 6 hours' },
  { value: '12h', hours: 12, label: 'Last 12 hours' },
  { value: '24h', hours: 24, label: 'Last 24 hours' },
  { value: '7d', hours: 168, label: 'Last 7 days' },
  { value: '30d', hours: 720, label: 'Last 30 days' },
];

export function hoursOf(frame: TimeFrame): number {
  return DATE_RANGES.find((r) => r.value === frame)?.hours ?? 24;
}

/** What the sidebar chooses (the date range is in the settings). */
export interface SidebarFilter {
  sentiment: Sentiment | 'all';
  categories: readonly string[];
  realityTypes: readonly MarkerRealityType[];
  sources: readonly string[];
}

export const NO_FILTER: SidebarFilter = {
  sentiment: DEFAULT_MARKER_FILTER.sentiment,
  categories: [],
  realityTypes: [],
  sources: [],
};

export const sidebarFilter = signal<SidebarFilter>(NO_FILTER);

/** The marker filter the sidebar stands for (maxMarkers is not the sidebar's). */
export function markerFilterOf(f: SidebarFilter, frame: TimeFrame): MarkerFilter {
  return { ...DEFAULT_MARKER_FILTER, ...f, hours: hoursOf(frame) };
}

/** Adds or removes one value of a multi-choice group. */
export function toggled<T>(list: readonly T[], value: T): T[] {
  return list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
}

export function setSentiment(sentiment: SidebarFilter['sentiment']): void {
  sidebarFilter.value = { ...sidebarFilter.value, sentiment };
}
export function toggleCategory(name: string): void {
  const f = sidebarFilter.value;
  sidebarFilter.value = { ...f, categories: toggled(f.categories, name) };
}
export function toggleRealityType(t: MarkerRealityType): void {
  const f = sidebarFilter.value;
  sidebarFilter.value = { ...f, realityTypes: toggled(f.realityTypes, t) };
}
export function toggleSource(name: string): void {
  const f = sidebarFilter.value;
  sidebarFilter.value = { ...f, sources: toggled(f.sources, name) };
}

/** The date range: the settings' time frame, saved like any setting. */
export function setDateRange(frame: TimeFrame): void {
  const next = withSetting(settings.value, 'network', 'timeFrame', frame);
  saveSettings(next);
  settings.value = next;
}

/** Clear all: every choice back to 'all' and the date range back to the default 24 hours. */
export function clearFilters(): void {
  sidebarFilter.value = NO_FILTER;
  if (settings.value.network.timeFrame !== '24h') setDateRange('24h');
}

/** How many groups narrow the set (the date range counts when off its default). */
export function activeFilterCount(f: SidebarFilter, frame: TimeFrame): number {
  return (
    (f.sentiment !== 'all' ? 1 : 0) +
    (f.categories.length > 0 ? 1 : 0) +
    (f.realityTypes.length > 0 ? 1 : 0) +
    (f.sources.length > 0 ? 1 : 0) +
    (frame !== '24h' ? 1 : 0)
  );
}

/** Filter fields of the stored articles that have a place on the globe (the markers' set). */
export function placedFields(
  articles: readonly NormalizedArticle[],
  raw: (id: string) => unknown,
  nowMs: number,
): { article: NormalizedArticle; fields: FilterFields }[] {
  const out: { article: NormalizedArticle; fields: FilterFields }[] = [];
  for (const a of articles) {
    if (!hasLocation(a)) continue;
    const r = raw(a.id) ?? a;
    out.push({ article: a, fields: articleFilterFields(r, articlePublishedMs(r, nowMs)) });
  }
  return out;
}

/**
 * Sends the sidebar's filter to the engine while the calling page is mounted (and again on each
 * change); on unmount the engine's filter goes back to 'all' (the date range stays: it is a
 * setting). Also sends the date range's hours on each change of the setting, so going back to
 * the default 24 hours applies too.
 */
export function useMarkerFilters(): void {
  useEffect(() => {
    let first = true;
    let lastFrame = settings.peek().network.timeFrame;
    const stop = effect(() => {
      const f = sidebarFilter.value;
      const frame = settings.value.network.timeFrame;
      const filter: Partial<MarkerFilter> = {
        sentiment: f.sentiment,
        categories: f.categories,
        realityTypes: f.realityTypes,
        sources: f.sources,
      };
      if (frame !== lastFrame) filter.hours = hoursOf(frame);
      lastFrame = frame;
      // Nothing to send on mount when nothing is chosen (the engine's defaults stand).
      if (first && !isFiltering({ ...DEFAULT_MARKER_FILTER, ...filter })) {
        first = false;
        return;
      }
      first = false;
      sendCommand({ type: 'setMarkerFilter', filter });
    });
    return () => {
      stop();
      if (isFiltering(markerFilterOf(sidebarFilter.peek(), '24h'))) {
        sendCommand({
          type: 'setMarkerFilter',
          filter: { sentiment: 'all', categories: [], realityTypes: [], sources: [] },
        });
      }
    };
  }, []);
}
