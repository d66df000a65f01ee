/**
 * The choropleth layer's data: while the `choropleth` layer is on (from the Analytics view, the
 * Layers catalogue or a layer list), the per-country rows of GET /api/analytics/overview for the
 * chosen window are turned into fills (data/choropleth.ts) and sent to the engine
 * (`setChoropleth`), refreshed every minute; the legend is a signal (ui/components/
 * ChoroplethLegend.tsx). Switching the layer off clears the fills. Started once by the app.
 */
import { effect, signal } from '@preact/signals-core';
import {
  choroplethFills,
  type ChoroplethMetric,
  type ChoroplethRow,
  type LegendEntry,
} from '../data/choropleth';
import { sendCommand } from '../engine/commands';
import { layerState } from '../engine/signals';

/** Re-fetched this often while the layer is on (the overview is cached server-side). */
export const CHOROPLETH_REFRESH_MS = 60_000;

export const choroplethMetric = signal<ChoroplethMetric>('count');
/** The window in hours (the Analytics view sets it to its own). */
export const choroplethHours = signal(24);

export interface ChoroplethLegendState {
  metric: ChoroplethMetric;
  hours: number;
  entries: LegendEntry[];
  note: string;
  /** Countries filled. */
  countries: number;
}
/** The legend of the fills on the globe; null while the layer is off or loading. */
export const choroplethLegend = signal<ChoroplethLegendState | null>(null);
/** The last load's failure ('' when it worked). */
export const choroplethError = signal('');

export function startChoroplethFeed(): () => void {
  let abort: AbortController | null = null;
  let timer: ReturnType<typeof setInterval> | null = null;
  let filled = false;
  const stop = (): void => {
    abort?.abort();
    abort = null;
    if (timer !== null) clearInterval(timer);
    timer = null;
  };
  const load = (metric: ChoroplethMetric, hours: number): void => {
    abort?.abort();
    const ctl = new AbortController();
    abort = ctl;
    fetch(`/api/analytics/overview?hours=${String(hours)}`, { signal: ctl.signal })
      .then(async (res) => {
        if (!res.ok) throw new Error(`HTTP ${String(res.status)}`);
        return ((await res.json()) as { countries: ChoroplethRow[] }).countries;
      })
      .then((rows) => {
        if (ctl.signal.aborted) return;
        const r = choroplethFills(rows, metric);
        sendCommand({ type: 'setChoropleth', fills: r.fills });
        filled = true;
        choroplethError.value = '';
        choroplethLegend.value = {
          metric,
          hours,
          entries: r.legend,
          note: r.note,
          countries: Object.keys(r.fills).length,
        };
      })
      .catch((e: unknown) => {
        if (ctl.signal.aborted) return;
        choroplethError.value = `Choropleth data unavailable: ${e instanceof Error ? e.message : String(e)}`;
      });
  };
  const dispose = effect(() => {
    const on = layerState.value?.choropleth ?? false;
    const metric = choroplethMetric.value;
    const hours = choroplethHours.value;
    stop();
    if (!on) {
      choroplethLegend.value = null;
      choroplethError.value = '';
      if (filled) sendCommand({ type: 'setChoropleth', fills: {} });
      filled = false;
      return;
    }
    load(metric, hours);
    timer = setInterval(() => load(metric, hours), CHOROPLETH_REFRESH_MS);
  });
  return () => {
    dispose();
    stop();
  };
}
