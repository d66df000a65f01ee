/**
 * The UI's entry (index.html, beside engine/main.ts). The React overlay (React, the pages, the
 * socket client: ~90 KB of brotli) is fetched after the globe's first frame instead of before it
 * (issue #29: the first frame needs only the engine, ocean, land and borders), or when the engine
 * fails (the overlay shows the error), or after UI_MAX_WAIT_MS at the latest. The stylesheets
 * load here, up front: they place the canvas.
 */
import { effect } from '@preact/signals-core';
import { engineError, engineReady } from '../engine/signals';
import { applyViewForPath } from './routeView';
import './styles.css';
import './components/kit/kit.css';

// The route's camera limits and layers from the first frame on.
applyViewForPath(window.location.pathname);

/** The overlay never waits longer than this for the engine. */
export const UI_MAX_WAIT_MS = 3000;

let started = false;
let stop: (() => void) | null = null;
const start = (): void => {
  if (started) return;
  started = true;
  clearTimeout(timer);
  queueMicrotask(() => stop?.());
  void import('./main');
};
const timer = setTimeout(start, UI_MAX_WAIT_MS);
stop = effect(() => {
  if (engineReady.value || engineError.value !== null) start();
});
