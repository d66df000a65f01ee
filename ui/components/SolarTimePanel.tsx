/**
 * The solar-system time panel 'SOLAR SYSTEM TIME (BERMUDA)' (spec globe.md sections 2, 4 and 5),
 * shown while the solarSystem layer is on: the sky's simulated time in Bermuda, the speed modes
 * realtime / 1day / 10days / 100days (1x, 1440x, 14400x, 144000x), a manual time (invalid dates
 * are ignored), 'RESET TO NOW' and 'RETURN TO REAL-TIME', and the 'LIVE ASTRONOMICAL DATA' /
 * 'SIMULATED TIME' indicator. Everything goes through the setSimTime command; the time comes from
 * the engine's simTime signal (4 updates a second), bound into text nodes so the ticking clock
 * re-renders nothing. Also the globe-controls buttons that reach it: Solar System and Time Zones.
 */
import { computed } from '@preact/signals-core';
import { useSignals } from '@preact/signals-react/runtime';
import { useState, type SyntheticEvent } from 'react';
import {
  LIVE_INDICATOR,
  SIMULATED_INDICATOR,
  TIME_MODES,
  TIME_MODE_MULTIPLIER,
  bermudaDisplay,
  type TimeMode,
} from '../../data/globe/timezones';
import { bermudaInputText, parseBermudaTime } from '../../data/globe/worldClocks';
import { sendCommand } from '../../engine/commands';
import { layerState, simTime, type LayerName } from '../../engine/signals';
import { countRender } from '../shell/testHooks';
import './skyPanels.css';

export const SOLAR_PANEL_TITLE = 'SOLAR SYSTEM TIME (BERMUDA)';

const MODE_LABEL: Readonly<Record<TimeMode, string>> = {
  realtime: 'REALTIME',
  '1day': '1 DAY',
  '10days': '10 DAYS',
  '100days': '100 DAYS',
};

const display = computed(() => bermudaDisplay(new Date(simTime.value.timeMs)));
const dateText = computed(() => display.value.date);
const timeText = computed(() => display.value.time);
const zoneText = computed(() => display.value.abbreviation);
const simulated = computed(() => simTime.value.simulated);
const mode = computed(() => simTime.value.mode);
const indicatorText = computed(() => (simulated.value ? SIMULATED_INDICATOR : LIVE_INDICATOR));

/** "1x", "1440x", "14400x", "144000x" (spec speeds). */
function speedText(m: TimeMode): string {
  return `${TIME_MODE_MULTIPLIER[m]}x`;
}

function returnToLive(): void {
  sendCommand({ type: 'setSimTime', timeMs: null });
}

/** The panel body; re-renders only when the mode or live/simulated changes. */
function SolarTimePanelBody() {
  countRender('SolarTimePanel');
  useSignals();
  const current = mode.value;
  const isSimulated = simulated.value;
  const [text, setText] = useState('');
  const [rejected, setRejected] = useState(false);
  // The format, shown as today's Bermuda time when the panel opens.
  const [placeholder] = useState(() => bermudaInputText(simTime.peek().timeMs));

  const submit = (e: SyntheticEvent): void => {
    e.preventDefault();
    const t = parseBermudaTime(text);
    // Spec globe.md section 5: invalid dates are ignored (the time does not change).
    if (t === null) {
      setRejected(true);
      return;
    }
    setRejected(false);
    sendCommand({ type: 'setSimTime', timeMs: t.getTime() });
  };

  return (
    <section
      className="solar-time"
      aria-label="Solar system time"
      data-testid="solar-time-panel"
      data-occludes=""
      data-simulated={isSimulated ? 'true' : 'false'}
    >
      <h2 className="solar-time__title">{SOLAR_PANEL_TITLE}</h2>
      <div className="solar-time__clock" data-testid="solar-time-display">
        <span className="solar-time__date">
          <>{dateText}</>
        </span>
        <span className="solar-time__time">
          <>{timeText}</>
        </span>
        <span className="solar-time__zone">
          <>{zoneText}</>
        </span>
      </div>
      <div
        className={
          isSimulated ? 'solar-time__indicator solar-time__indicator--sim' : 'solar-time__indicator'
        }
        data-testid="solar-time-indicator"
      >
        <span className="solar-time__dot" aria-hidden="true" />
        <>{indicatorText}</>
      </div>
      <div className="solar-time__modes" role="group" aria-label="Time speed">
        {TIME_MODES.map((m) => (
          <button
            key={m}
            type="button"
            data-mode={m}
            aria-pressed={current === m}
            onClick={() => sendCommand({ type: 'setSimTime', mode: m })}
          >
            {MODE_LABEL[m]}
            <small>{speedText(m)}</small>
          </button>
        ))}
      </div>
      <form className="solar-time__manual" onSubmit={submit}>
        <label htmlFor="solar-time-input">Manual time (Bermuda)</label>
        <div className="solar-time__row">
          <input
            id="solar-time-input"
            type="text"
            inputMode="numeric"
            placeholder={placeholder}
            value={text}
            aria-invalid={rejected}
            onChange={(e) => {
              setText(e.target.value);
              setRejected(false);
            }}
          />
          <button type="submit">SET</button>
        </div>
        {rejected ? (
          <div className="solar-time__hint" role="status">
            Not a valid date: ignored
          </div>
        ) : null}
      </form>
      <div className="solar-time__actions">
        <button type="button" onClick={returnToLive}>
          RESET TO NOW
        </button>
        <button type="button" onClick={returnToLive} disabled={!isSimulated}>
          RETURN TO REAL-TIME
        </button>
      </div>
    </section>
  );
}

/** The panel, while the solarSystem layer is on. */
export function SolarTimePanel() {
  useSignals();
  if (layerState.value?.solarSystem !== true) return null;
  return <SolarTimePanelBody />;
}

function LayerButton({ layer, label }: { layer: LayerName; label: string }) {
  useSignals();
  const on = layerState.value?.[layer] === true;
  return (
    <button
      type="button"
      aria-pressed={on}
      className={on ? 'globe-buttons__toggle globe-buttons__toggle--on' : 'globe-buttons__toggle'}
      onClick={() => sendCommand({ type: 'setLayer', layer, on: !on })}
    >
      {label}
    </button>
  );
}

/** Globe-controls buttons for the sky: the solar system (and its time panel), the time zones. */
export function SkyLayerButtons() {
  return (
    <>
      <LayerButton layer="solarSystem" label="Solar System" />
      <LayerButton layer="timezones" label="Time Zones" />
    </>
  );
}
