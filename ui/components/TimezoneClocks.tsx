/**
 * Time-zone clocks (spec: layer 'timezone' with showClocks, default true): a compact strip of
 * world clocks along the bottom edge, west to east, while the 'timezones' layer is on. Each clock's
 * texts are signals written by one 1 s timer and bound into text nodes, so the ticking clocks
 * re-render no component (only the clock whose day/night flips changes a class, by an effect).
 * An invalid zone falls back to local time (data/globe/worldClocks.ts).
 */
import { batch, signal, type Signal } from '@preact/signals-core';
import { useSignalEffect } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useMemo, useRef } from 'react';
import { DEFAULT_PREFERENCES } from '../../data/preferences';
import { WORLD_CLOCKS, readWorldClock, type WorldClockCity } from '../../data/globe/worldClocks';
import { layerState } from '../../engine/signals';
import { countRender } from '../shell/testHooks';
import './skyPanels.css';

/** Spec display setting showClocks (default true): the clocks show with the time-zone layer. */
export const showClocks = signal<boolean>(DEFAULT_PREFERENCES.globe.clocks);

/** How often the clocks tick, ms. */
export const CLOCK_TICK_MS = 1000;

interface ClockSignals {
  city: WorldClockCity;
  time: Signal<string>;
  offset: Signal<string>;
  daytime: Signal<boolean>;
  fellBack: Signal<boolean>;
}

function makeClocks(cities: readonly WorldClockCity[]): ClockSignals[] {
  const now = new Date();
  return cities.map((city) => {
    const r = readWorldClock(now, city);
    return {
      city,
      time: signal(r.time),
      offset: signal(r.offset),
      daytime: signal(r.daytime),
      fellBack: signal(r.fellBack),
    };
  });
}

function tick(clocks: readonly ClockSignals[]): void {
  const now = new Date();
  batch(() => {
    for (const c of clocks) {
      const r = readWorldClock(now, c.city);
      c.time.value = r.time;
      c.offset.value = r.offset;
      c.daytime.value = r.daytime;
      c.fellBack.value = r.fellBack;
    }
  });
}

function Clock({ clock }: { clock: ClockSignals }) {
  const ref = useRef<HTMLLIElement>(null);
  useSignalEffect(() => {
    const el = ref.current;
    if (el === null) return;
    el.className = clock.daytime.value ? 'tz-clock tz-clock--day' : 'tz-clock tz-clock--night';
    el.title = clock.fellBack.value
      ? `${clock.city.name}: unknown zone ${clock.city.zone}, local time shown`
      : `${clock.city.name} (${clock.city.zone})`;
  });
  return (
    <li ref={ref} className="tz-clock" data-zone={clock.city.zone}>
      <span className="tz-clock__city">{clock.city.name}</span>
      <span className="tz-clock__time" data-testid="tz-clock-time">
        <>{clock.time}</>
      </span>
      <span className="tz-clock__offset">
        <>{clock.offset}</>
      </span>
    </li>
  );
}

/** The strip; mounted only while shown, so its timer runs only then. */
export function ClockStrip({ cities = WORLD_CLOCKS }: { cities?: readonly WorldClockCity[] }) {
  countRender('TimezoneClocks');
  const clocks = useMemo(() => makeClocks(cities), [cities]);
  useEffect(() => {
    const t = setInterval(() => tick(clocks), CLOCK_TICK_MS);
    return () => clearInterval(t);
  }, [clocks]);
  return (
    <ol
      className="tz-clocks"
      aria-label="Time zone clocks"
      data-testid="timezone-clocks"
      data-occludes=""
    >
      {clocks.map((c) => (
        <Clock key={c.city.zone} clock={c} />
      ))}
    </ol>
  );
}

/** The clocks while the 'timezones' layer is on and showClocks. */
export function TimezoneClocks() {
  useSignals();
  if (layerState.value?.timezones !== true || !showClocks.value) return null;
  return <ClockStrip />;
}
