import { computed } from '@preact/signals-core';
import { useSignalEffect } from '@preact/signals-react';
import { useRef } from 'react';
import { formatCount } from '../../data/formatting';
import { distanceToKm } from '../../data/geoMath';
import { articleCount, cameraState, fps } from '../../engine/signals';
import { memoryMb } from '../shell/metrics';
import { countRender } from '../shell/testHooks';
import { SignalText } from './SignalText';

function fpsClass(v: number): string {
  // Spec colours: 45+ good, 30+ warning, else critical.
  return v >= 45 ? 'good' : v >= 30 ? 'warning' : 'critical';
}

const articleText = computed(() => formatCount(articleCount.value));
const memoryText = computed(() => (memoryMb.value === null ? 'n/a' : `${memoryMb.value}`));

/**
 * Live stats (spec layout: FPS, article count, memory). The numbers follow their signals outside
 * React (SignalText) and the FPS colour is set on the element by an effect, so the engine's 4
 * updates a second cause no React commit at all (a browser test counts the renders).
 */
export function HudStats() {
  countRender('HudStats');
  const fpsRef = useRef<HTMLSpanElement>(null);
  useSignalEffect(() => {
    const el = fpsRef.current;
    if (el !== null) el.className = `hud-stats__fps hud-stats__fps--${fpsClass(fps.value)}`;
  });
  return (
    <div className="hud-stats" data-testid="hud-stats" data-occludes="">
      <span ref={fpsRef} className="hud-stats__fps" title="Frames per second">
        <b>
          <SignalText value={fps} testId="hud-fps" />
        </b>{' '}
        FPS
      </span>
      <span title="Articles on the globe">
        <b>
          <SignalText value={articleText} testId="hud-articles" />
        </b>{' '}
        articles
      </span>
      <span title="JavaScript heap">
        <b>
          <SignalText value={memoryText} testId="hud-memory" />
        </b>{' '}
        MB
      </span>
    </div>
  );
}

/** The readout's text, derived from the camera signal (spec formula for km). */
const cameraText = computed(() => {
  const c = cameraState.value;
  const ns = c.lat >= 0 ? 'N' : 'S';
  const ew = c.lon >= 0 ? 'E' : 'W';
  const km = formatCount(distanceToKm(c.distance));
  return `${Math.abs(c.lat).toFixed(2)}° ${ns} · ${Math.abs(c.lon).toFixed(2)}° ${ew} · ${km} km`;
});

/**
 * Camera target readout: latitude, longitude and altitude in km. The text follows a signal
 * outside React (SignalText), so the camera's 4 updates a second never re-render React (a React pass here cost
 * ~0.2 ms per frame, ~1.4 ms at 4x CPU throttling).
 */
export function CameraReadout() {
  countRender('CameraReadout');
  return (
    <div className="camera-readout" data-occludes="">
      <SignalText value={cameraText} testId="camera-readout" />
    </div>
  );
}
