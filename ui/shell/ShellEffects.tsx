/**
 * The shell's side effects (spec section 2 "Application shell behaviour"), with no output:
 * the blur steps on the globe canvas and the UI reveal per route, the atlasStartLoading event,
 * the auth token check on entry and the real-time connection.
 */
import { useEffect } from 'react';
import { sendCommand } from '../../engine/commands';
import { engineReady, type ViewName } from '../../engine/signals';
import { auth } from '../auth/authState';
import { installMobileViewport } from '../mobile/viewport';
import { INTRO_FLAG_KEY, blurFilter, revealPlan } from './blur';
import { connectRealtime, reconnectRealtime } from './services';
import { START_LOADING_EVENT, startLoading, uiVisible } from './shellState';
import { startOccluders } from './occluders';

function introFlag(): boolean {
  try {
    return sessionStorage.getItem(INTRO_FLAG_KEY) !== null;
  } catch {
    return false;
  }
}

/** Whether the first reveal of this page has run (only that one can find the globe shown). */
let revealedOnce = false;

/** Steps the canvas blur and reveals the UI whenever the view preset changes. */
function useReveal(view: ViewName): void {
  useEffect(() => {
    const canvas = document.getElementById('atlas-globe');
    // A direct visit: the globe drew sharp before the overlay arrived (see revealPlan).
    const shownSharp = !revealedOnce && engineReady.peek() && canvas?.style.filter === '';
    revealedOnce = true;
    const plan = revealPlan(view, introFlag(), shownSharp);
    const timers: number[] = [];
    uiVisible.value = plan.uiAtMs === 0;
    for (const step of plan.steps) {
      const apply = (): void => {
        if (canvas !== null) canvas.style.filter = blurFilter(step.px);
        sendCommand({ type: 'setBackdropBlur', px: step.px });
      };
      if (step.atMs === 0) apply();
      else timers.push(window.setTimeout(apply, step.atMs));
    }
    if (plan.uiAtMs !== null && plan.uiAtMs > 0) {
      timers.push(
        window.setTimeout(() => {
          uiVisible.value = true;
        }, plan.uiAtMs),
      );
    }
    return () => timers.forEach((t) => window.clearTimeout(t));
  }, [view]);
}

/** The atlasStartLoading event (fired by the landing page's launch) sets `startLoading`; any
 * view but the landing one counts as started. */
function useStartLoading(view: ViewName): void {
  useEffect(() => {
    const onStart = (): void => {
      startLoading.value = true;
    };
    window.addEventListener(START_LOADING_EVENT, onStart);
    return () => window.removeEventListener(START_LOADING_EVENT, onStart);
  }, []);
  useEffect(() => {
    if (view !== 'landing') startLoading.value = true;
  }, [view]);
  // Borders are off on the landing globe until loading starts (spec section 2).
  useEffect(
    () =>
      startLoading.subscribe((on) => {
        sendCommand({ type: 'setLayer', layer: 'borders', on });
      }),
    [],
  );
}

export function ShellEffects({ view }: { view: ViewName }) {
  useReveal(view);
  useStartLoading(view);
  // Spec: phones get a viewport that does not zoom (ui/mobile/viewport.ts).
  useEffect(installMobileViewport, []);
  // The rectangles the UI covers: no place-name label under a control (ui/shell/occluders.ts).
  useEffect(startOccluders, []);
  useEffect(() => {
    // Check the stored token, then connect the socket with whatever identity results.
    void auth.init().then(() => {
      connectRealtime();
    });
  }, []);
  useEffect(() => {
    // A login or logout: reconnect so the server sees the new identity (not the first call,
    // which subscribe makes at once).
    let first = true;
    return auth.token.subscribe(() => {
      if (!first) reconnectRealtime();
      first = false;
    });
  }, []);
  return null;
}
