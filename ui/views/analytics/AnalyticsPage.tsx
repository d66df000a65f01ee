/**
 * /analytics: charts read at a glance over the chosen window (6 h ... 30 d) from
 * GET /api/analytics/overview - articles per time bucket by category (stacked), mean sentiment
 * over time, top countries and sources, risk levels, the share geocoded and analysed - and live
 * counters that move with each socket `article:new`. Exports: CSV of the tables, PNG per chart.
 * The globe's choropleth layer (countries filled by count, mean sentiment or highest risk in this
 * window, ui/choropleth.ts) is switched and configured here, with its legend.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type uPlot from 'uplot';
import type { ArticleNewEvent } from '../../../data/realtime/protocol';
import { CHOROPLETH_METRICS, CHOROPLETH_METRIC_LABELS } from '../../../data/choropleth';
import { sendCommand } from '../../../engine/commands';
import { layerState } from '../../../engine/signals';
import { choroplethHours, choroplethMetric } from '../../choropleth';
import { ChoroplethLegend } from '../../components/ChoroplethLegend';
import { Navbar } from '../../components/Navbar';
import { DataNotice } from '../../components/DataNotice';
import { Button, EmptyState, Panel, Toggle } from '../../components/kit';
import { dataNotice, type NoticeTexts } from '../../dataState';
import { browserOnline } from '../../useArticleFeed';
import { useViewQuery } from '../useViewQuery';
import { CACHE_TTL_MS } from '../../../data/api/client';
import { categoryStyle } from '../../feeds/feedCategory';
import { connectRealtime } from '../../shell/services';
import { download, fetchJson, ranked, VIEW_WINDOWS, type AnalyticsOverview } from '../viewData';
import { categoriesOf, overviewCsv, stackedSeries } from './analyticsTables';
import { chartPng, UPlotChart } from './UPlotChart';
import '../views.css';

const TOP = 10;
const RISK_COLORS: Readonly<Record<string, string>> = {
  critical: '#ef4444',
  high: '#f97316',
  medium: '#facc15',
  low: '#4ade80',
  none: '#64748b',
};

/** Arrivals over the socket since the overview was fetched. */
interface LiveCounts {
  arrivals: number;
  geocoded: number;
}

function percent(part: number, whole: number): string {
  return whole === 0 ? '0%' : `${String(Math.round((part / whole) * 100))}%`;
}

const axisStyle = { stroke: '#8ea3c2', grid: { stroke: 'rgba(124,196,255,0.08)' } };

/** The globe's choropleth: on/off, the figure it fills by, its legend (the window is the page's). */
function ChoroplethPanel() {
  useSignals();
  const on = layerState.value?.choropleth ?? false;
  const metric = choroplethMetric.value;
  return (
    <Panel title="Countries on the globe" data-testid="choropleth-panel">
      <Toggle
        label="Fill countries on the globe"
        checked={on}
        onChange={(next) => sendCommand({ type: 'setLayer', layer: 'choropleth', on: next })}
        testId="choropleth-toggle"
      />
      <div className="view-actions" role="group" aria-label="Fill countries by">
        {CHOROPLETH_METRICS.map((m) => (
          <Button
            key={m}
            size="small"
            variant={m === metric ? 'primary' : 'default'}
            aria-pressed={m === metric}
            onClick={() => (choroplethMetric.value = m)}
          >
            {CHOROPLETH_METRIC_LABELS[m]}
          </Button>
        ))}
      </div>
      {on ? (
        <ChoroplethLegend inline />
      ) : (
        <p className="view-muted">
          Off. Also in the layer list (Layers, Data: Choropleth); the legend shows on the globe.
        </p>
      )}
    </Panel>
  );
}

/** The view's honest state in words (ui/dataState.ts); its empty window is said below. */
const TEXTS: NoticeTexts = {
  what: 'analytics',
  loading: 'Loading analytics...',
  empty: 'No articles in this window',
  failed: (message) => `Failed to load analytics: ${message}`,
};

export default function AnalyticsPage() {
  useSignals();
  const [hours, setHours] = useState(24);
  const [live, setLive] = useState<LiveCounts>({ arrivals: 0, geocoded: 0 });
  const charts = useRef<Record<string, uPlot | null>>({});
  const overview = useViewQuery(
    ['analytics', 'overview', hours],
    (signal) =>
      fetchJson<AnalyticsOverview>(`/api/analytics/overview?hours=${String(hours)}`, signal),
    CACHE_TTL_MS.analytics,
  );
  const data = overview.data ?? null;
  // The live counters count arrivals since the overview shown was made.
  useEffect(() => setLive({ arrivals: 0, geocoded: 0 }), [data]);
  const notice = dataNotice(overview.state, browserOnline.value, data === null ? 0 : 1, TEXTS);
  // The globe's choropleth fills this window.
  useEffect(() => {
    choroplethHours.value = hours;
  }, [hours]);

  useEffect(() => {
    const socket = connectRealtime().socket;
    const onNew = (event: ArticleNewEvent): void => {
      const a = event as { latitude?: unknown; longitude?: unknown };
      const placed = typeof a.latitude === 'number' && typeof a.longitude === 'number';
      setLive((l) => ({ arrivals: l.arrivals + 1, geocoded: l.geocoded + (placed ? 1 : 0) }));
    };
    socket.on('article:new', onNew);
    return () => {
      socket.off('article:new', onNew);
    };
  }, []);

  const categories = useMemo(() => (data === null ? [] : categoriesOf(data)), [data]);
  const categoryChart = useMemo(() => {
    if (data === null) return null;
    // Stacked: drawn top band first, each band filled down to zero and painted over by the next.
    const stacked = stackedSeries(data, categories);
    const order = categories.map((_, i) => i).reverse();
    const options: Omit<uPlot.Options, 'width' | 'height'> = {
      series: [
        {},
        ...order.map((i) => {
          const c = categories[i] ?? '';
          const color = categoryStyle(c).color;
          return { label: c, stroke: color, fill: `${color}cc`, width: 1, points: { show: false } };
        }),
      ],
      axes: [axisStyle, axisStyle],
      legend: { show: false },
      scales: { x: { time: true } },
    };
    const aligned = [stacked[0] ?? [], ...order.map((i) => stacked[i + 1] ?? [])];
    return { options, data: aligned as uPlot.AlignedData };
  }, [data, categories]);

  const sentimentChart = useMemo(() => {
    if (data === null) return null;
    const options: Omit<uPlot.Options, 'width' | 'height'> = {
      series: [{}, { label: 'Mean sentiment', stroke: '#60a5fa', width: 2, spanGaps: true }],
      axes: [axisStyle, axisStyle],
      legend: { show: false },
      scales: { x: { time: true }, y: { range: [-1, 1] } },
    };
    const aligned = [
      data.series.map((s) => Date.parse(s.t) / 1000),
      data.series.map((s) => s.meanSentiment),
    ];
    return { options, data: aligned as uPlot.AlignedData };
  }, [data]);

  const onCategoryChart = useCallback((c: uPlot | null) => {
    charts.current['categories'] = c;
  }, []);
  const onSentimentChart = useCallback((c: uPlot | null) => {
    charts.current['sentiment'] = c;
  }, []);

  const exportPng = (name: string): void => {
    const chart = charts.current[name];
    if (chart === undefined || chart === null) return;
    void chartPng(chart).then((blob) => {
      if (blob !== null) download(`atlas-${name}-${String(hours)}h.png`, blob);
    });
  };
  const exportCsv = (): void => {
    if (data === null) return;
    download(
      `atlas-analytics-${String(hours)}h.csv`,
      new Blob([overviewCsv(data)], { type: 'text/csv;charset=utf-8' }),
    );
  };

  const total = (data?.total ?? 0) + live.arrivals;
  const geocoded = (data?.geocoded ?? 0) + live.geocoded;
  const maxCountry = data?.countries[0]?.count ?? 1;
  const sources = data === null ? [] : ranked(data.bySource).slice(0, TOP);
  const maxSource = sources[0]?.[1] ?? 1;

  return (
    <div className="app-shell">
      <Navbar />
      <main className="view-page" data-testid="analytics-page">
        <header className="view-page__header">
          <div>
            <h1>Analytics</h1>
            <p className="view-page__sub">
              {data === null
                ? overview.state.error !== null
                  ? 'Not loaded'
                  : 'Loading the window…'
                : `${data.bucket === 'hour' ? 'Per hour' : 'Per day'}, UTC · updated ${new Date(data.generatedAt).toLocaleTimeString()}`}
            </p>
          </div>
          <div className="view-windows" role="group" aria-label="Time window">
            {VIEW_WINDOWS.map((w) => (
              <Button
                key={w.hours}
                variant={w.hours === hours ? 'primary' : 'default'}
                aria-pressed={w.hours === hours}
                onClick={() => setHours(w.hours)}
              >
                {w.label}
              </Button>
            ))}
            <Button variant="default" onClick={exportCsv} disabled={data === null}>
              Export CSV
            </Button>
          </div>
        </header>
        <DataNotice notice={notice} onRetry={overview.retry} testId="view-state" />
        {data === null ? null : (
          <>
            <section className="view-counters" aria-label="Live counters" aria-live="polite">
              <div className="view-counter">
                <span className="view-counter__value" data-testid="counter-total">
                  {total}
                </span>
                <span className="view-counter__label">Articles</span>
              </div>
              <div className="view-counter">
                <span className="view-counter__value" data-testid="counter-live">
                  {live.arrivals}
                </span>
                <span className="view-counter__label">Live since open</span>
              </div>
              <div className="view-counter">
                <span className="view-counter__value" data-testid="counter-geocoded">
                  {percent(geocoded, total)}
                </span>
                <span className="view-counter__label">Geocoded</span>
              </div>
              <div className="view-counter">
                <span className="view-counter__value" data-testid="counter-analysed">
                  {percent(data.analysed, total)}
                </span>
                <span className="view-counter__label">Analysed</span>
              </div>
            </section>
            {data.total === 0 ? (
              <EmptyState title="No articles in this window" hint="Try a longer window." />
            ) : (
              <div className="view-grid view-grid--wide">
                <Panel
                  title="Articles by category"
                  className="view-span-all"
                  actions={
                    <Button variant="ghost" size="small" onClick={() => exportPng('categories')}>
                      PNG
                    </Button>
                  }
                >
                  {categoryChart !== null ? (
                    <UPlotChart
                      options={categoryChart.options}
                      data={categoryChart.data}
                      onChart={onCategoryChart}
                      testId="chart-categories"
                    />
                  ) : null}
                  <ul className="view-legend">
                    {categories.map((c) => (
                      <li key={c}>
                        <span
                          className="view-swatch"
                          style={{ background: categoryStyle(c).color }}
                        />
                        {c}
                      </li>
                    ))}
                  </ul>
                </Panel>
                <Panel
                  title="Mean sentiment"
                  actions={
                    <Button variant="ghost" size="small" onClick={() => exportPng('sentiment')}>
                      PNG
                    </Button>
                  }
                >
                  {sentimentChart !== null ? (
                    <UPlotChart
                      options={sentimentChart.options}
                      data={sentimentChart.data}
                      onChart={onSentimentChart}
                      testId="chart-sentiment"
                    />
                  ) : null}
                  <p className="view-muted">-1 negative … +1 positive; gaps: nothing scored.</p>
                </Panel>
                <Panel title="Risk levels">
                  <table className="view-table" data-testid="table-risk">
                    <tbody>
                      {ranked(data.byRisk).map(([level, n]) => (
                        <tr key={level}>
                          <td>
                            <span
                              className="view-swatch"
                              style={{ background: RISK_COLORS[level] ?? '#64748b' }}
                            />
                            {level === 'none' ? 'not assessed' : level}
                          </td>
                          <td className="num">{n}</td>
                          <td className="num">{percent(n, data.total)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </Panel>
                <Panel title="Top countries">
                  <table className="view-table" data-testid="table-countries">
                    <thead>
                      <tr>
                        <th>Country</th>
                        <th className="num">Articles</th>
                        <th className="num">Mood</th>
                      </tr>
                    </thead>
                    <tbody>
                      {data.countries.slice(0, TOP).map((c) => (
                        <tr key={c.country}>
                          <td>
                            {c.country}
                            <span
                              className="view-bar"
                              style={{ width: `${String((c.count / maxCountry) * 100)}%` }}
                            />
                          </td>
                          <td className="num">{c.count}</td>
                          <td className="num">
                            {c.meanSentiment === null ? '–' : c.meanSentiment.toFixed(2)}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </Panel>
                <Panel title="Top sources">
                  <table className="view-table" data-testid="table-sources">
                    <tbody>
                      {sources.map(([name, n]) => (
                        <tr key={name}>
                          <td>
                            {name}
                            <span
                              className="view-bar"
                              style={{ width: `${String((n / maxSource) * 100)}%` }}
                            />
                          </td>
                          <td className="num">{n}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </Panel>
                <Panel title="Coverage">
                  <table className="view-table">
                    <tbody>
                      <tr>
                        <td>Geocoded (on the globe)</td>
                        <td className="num">{data.geocoded}</td>
                        <td className="num">{percent(data.geocoded, data.total)}</td>
                      </tr>
                      <tr>
                        <td>Analysed</td>
                        <td className="num">{data.analysed}</td>
                        <td className="num">{percent(data.analysed, data.total)}</td>
                      </tr>
                    </tbody>
                  </table>
                </Panel>
                <ChoroplethPanel />
              </div>
            )}
          </>
        )}
      </main>
    </div>
  );
}
