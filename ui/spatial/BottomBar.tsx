/**
 * The spatial workspace's bottom bar (spec globe.md section 2): the timeline (back / play /
 * forward, position 0..1 in steps of 0.1, labels NOW ... 1W AGO), view modes Orbit / Surface /
 * AR, grid and day/night toggles, VIEW IN AR, Analytics, Filters, Search, Fullscreen, Settings and
 * the Vocabulary indicator.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { PLAY_STEPS, TIMELINE_TICKS, timelineLabel } from '../../data/markers/timeline';
import { sendCommand } from '../../engine/commands';
import { globeAppearance, layerState, markerCount } from '../../engine/signals';
import { Button } from '../components/kit';
import { SignalText } from '../components/SignalText';
import { openSearch, settingsOpen } from '../shell/shellState';
import {
  playStep,
  setTimelinePosition,
  stepTimelinePosition,
  timelinePosition,
  togglePlay,
} from './timelineState';
import { leftPanelOpen, vocabulary } from './workspaceState';

export type ViewMode = 'orbit' | 'surface' | 'ar';

/** Whether the browser offers WebXR immersive-ar, and if not why (checked once). */
export function useArSupport(): { supported: boolean; reason: string } {
  const [state, setState] = useState({ supported: false, reason: 'Checking for WebXR AR...' });
  useEffect(() => {
    const xr = (
      navigator as Navigator & { xr?: { isSessionSupported(m: string): Promise<boolean> } }
    ).xr;
    if (xr === undefined) {
      setState({ supported: false, reason: 'AR needs WebXR, which this browser does not offer.' });
      return;
    }
    let live = true;
    xr.isSessionSupported('immersive-ar')
      .then((ok) => {
        if (live)
          setState(
            ok
              ? { supported: true, reason: '' }
              : { supported: false, reason: 'This device cannot start an immersive AR session.' },
          );
      })
      .catch(() => {
        if (live) setState({ supported: false, reason: 'WebXR AR is blocked on this page.' });
      });
    return () => {
      live = false;
    };
  }, []);
  return state;
}

function Timeline() {
  useSignals();
  const position = timelinePosition.value;
  const step = playStep.value;
  const playing = step !== null;
  const label = playing
    ? `PLAYING ${Math.round((step / PLAY_STEPS) * 7 * 10) / 10}/7 DAYS`
    : timelineLabel(position);
  return (
    <div className="ws-timeline" role="group" aria-label="Timeline">
      <Button
        size="small"
        icon
        aria-label="Back"
        onClick={() => stepTimelinePosition(-1)}
        disabled={position <= 0 && !playing}
      >
        «
      </Button>
      <Button
        size="small"
        icon
        aria-label={playing ? 'Pause' : 'Play'}
        aria-pressed={playing}
        onClick={togglePlay}
      >
        {playing ? '‖' : '▶'}
      </Button>
      <Button
        size="small"
        icon
        aria-label="Forward"
        onClick={() => stepTimelinePosition(1)}
        disabled={position >= 1 && !playing}
      >
        »
      </Button>
      <div className="ws-timeline__track">
        <input
          type="range"
          min={0}
          max={1}
          step={0.1}
          value={position}
          aria-label="Timeline position"
          aria-valuetext={timelineLabel(position)}
          data-testid="ws-timeline"
          onChange={(e) => setTimelinePosition(Number(e.currentTarget.value))}
        />
        <div className="ws-timeline__ticks" aria-hidden="true">
          {TIMELINE_TICKS.map((t) => (
            <span key={t.label} style={{ left: `${t.position * 100}%` }}>
              {t.label}
            </span>
          ))}
        </div>
      </div>
      <span className="ws-timeline__label" data-testid="ws-timeline-label" aria-live="polite">
        {label}
      </span>
      <span className="ws-muted ws-timeline__count">
        <SignalText value={markerCount} testId="ws-marker-count" /> markers
      </span>
    </div>
  );
}

export function BottomBar({ mode, onMode }: { mode: ViewMode; onMode: (m: ViewMode) => void }) {
  useSignals();
  const [, navigate] = useLocation();
  const ar = useArSupport();
  const layers = layerState.value;
  const xr = globeAppearance.value.xr;
  const enterAr = (): void => {
    sendCommand({ type: 'enterXr', mode: 'immersive-ar' });
    onMode('ar');
  };
  return (
    <footer className="ws-bottom" aria-label="Workspace controls">
      <Timeline />
      <div className="ws-bottom__group" role="group" aria-label="View mode">
        <Button size="small" aria-pressed={mode === 'orbit'} onClick={() => onMode('orbit')}>
          Orbit
        </Button>
        <Button size="small" aria-pressed={mode === 'surface'} onClick={() => onMode('surface')}>
          Surface
        </Button>
        <Button
          size="small"
          aria-pressed={mode === 'ar'}
          disabled={!ar.supported}
          title={ar.supported ? 'Immersive AR' : ar.reason}
          onClick={enterAr}
        >
          AR
        </Button>
      </div>
      <div className="ws-bottom__group" role="group" aria-label="Globe">
        <Button
          size="small"
          aria-pressed={layers?.grid ?? false}
          onClick={() =>
            sendCommand({ type: 'setLayer', layer: 'grid', on: !(layers?.grid ?? false) })
          }
        >
          Grid
        </Button>
        <Button
          size="small"
          aria-pressed={layers?.dayNight ?? false}
          onClick={() =>
            sendCommand({ type: 'setLayer', layer: 'dayNight', on: !(layers?.dayNight ?? false) })
          }
        >
          Day/Night
        </Button>
        <Button
          size="small"
          variant="primary"
          disabled={!ar.supported}
          title={ar.supported ? 'View in AR' : ar.reason}
          onClick={enterAr}
        >
          VIEW IN AR
        </Button>
      </div>
      <div className="ws-bottom__group" role="group" aria-label="Tools">
        <Button size="small" onClick={() => navigate('/analytics')}>
          Analytics
        </Button>
        <Button size="small" onClick={() => (leftPanelOpen.value = !leftPanelOpen.value)}>
          Filters
        </Button>
        <Button size="small" onClick={openSearch}>
          Search
        </Button>
        <Button
          size="small"
          onClick={() => {
            if (document.fullscreenElement === null)
              void document.documentElement.requestFullscreen().catch(() => undefined);
            else void document.exitFullscreen().catch(() => undefined);
          }}
        >
          Fullscreen
        </Button>
        <Button size="small" onClick={() => (settingsOpen.value = true)}>
          Settings
        </Button>
        <span
          className="ws-vocab"
          title="Terms saved to your vocabulary"
          data-testid="ws-vocabulary"
        >
          Vocabulary {vocabulary.value.length}
        </span>
      </div>
      {!ar.supported && (
        <p className="ws-muted ws-bottom__reason" data-testid="ws-ar-reason">
          AR: {ar.reason}
        </p>
      )}
      {xr.state === 'failed' && <p className="ws-ask__error">{xr.message}</p>}
    </footer>
  );
}
