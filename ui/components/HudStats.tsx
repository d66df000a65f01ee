import { useSignals } from '@preact/signals-react/runtime';
import { distanceToKm } from '../../data/geoMath';
import { cameraState, drawCalls, fps, frameMs } from '../../engine/signals';

function fpsClass(v: number): string {
  // Spec colours: 45+ good, 30+ warning, else critical.
  return v >= 45 ? 'good' : v >= 30 ? 'warning' : 'critical';
}

/** Live numbers from the engine (published 4x a second; only this leaf re-renders). */
export function HudStats() {
  useSignals();
  const f = fps.value;
  return (
    <div className="hud-stats" data-testid="hud-stats">
      <span className={`hud-stats__fps hud-stats__fps--${fpsClass(f)}`}>
        <b>{f}</b> FPS
      </span>
      <span>
        <b>{frameMs.value.toFixed(2)}</b> ms
      </span>
      <span>
        <b>{drawCalls.value}</b> draws
      </span>
    </div>
  );
}

/** Camera target readout: latitude, longitude and altitude in km (spec formula). */
export function CameraReadout() {
  useSignals();
  const c = cameraState.value;
  const ns = c.lat >= 0 ? 'N' : 'S';
  const ew = c.lon >= 0 ? 'E' : 'W';
  return (
    <div className="camera-readout" data-testid="camera-readout">
      {Math.abs(c.lat).toFixed(2)}° {ns} · {Math.abs(c.lon).toFixed(2)}° {ew} ·{' '}
      {Math.round(distanceToKm(c.distance)).toLocaleString('en-US')} km
    </div>
  );
}
