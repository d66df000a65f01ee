/**
 * The shell's reveal sequence (spec section 2 "Application shell behaviour", section 9 blur
 * steps 8, 6, 4, 2, 0 px): on / and behind static pages the globe is heavily blurred (8 px) and
 * the app UI hidden; entering a globe route steps the blur 4, 2, 0 over about a second and then
 * shows the UI (6, 4, 2, 0 when the intro ASCII-phase session flag is set).
 */
import type { ViewName } from '../../engine/signals';

export interface RevealPlan {
  /** Blur in px and when to apply it (ms after the route was entered). */
  steps: readonly { atMs: number; px: number }[];
  /** When the UI appears, or null when it stays hidden behind this view. */
  uiAtMs: number | null;
}

/** Session storage key of the intro ASCII-phase flag. */
export const INTRO_FLAG_KEY = 'atlas_ascii_phase';
export const HEAVY_BLUR_PX = 8;
/** Spec: "blur steps 4, 2, 0 over about a second, then the UI shows". */
export const REVEAL_MS = 1000;

/**
 * `globeShownSharp`: the UI is mounting for the first time after the globe already drew sharp
 * frames on this route (a direct visit: the overlay is fetched after the globe's first frame,
 * ui/deferredMain.ts). The steps are the transition out of the landing's blur; blurring a globe
 * the visitor already sees sharp would be a flash of blur (and a second of blurred compositing
 * on a phone's first visit), so the UI simply fades in.
 */
export function revealPlan(
  view: ViewName,
  introFlag: boolean,
  globeShownSharp = false,
): RevealPlan {
  if (view === 'landing' || view === 'background') {
    return { steps: [{ atMs: 0, px: HEAVY_BLUR_PX }], uiAtMs: view === 'landing' ? null : 0 };
  }
  if (globeShownSharp) return { steps: [{ atMs: 0, px: 0 }], uiAtMs: 0 };
  const values = introFlag ? [6, 4, 2, 0] : [4, 2, 0];
  const gap = REVEAL_MS / values.length;
  return {
    steps: values.map((px, i) => ({ atMs: Math.round(i * gap), px })),
    uiAtMs: REVEAL_MS,
  };
}

/** The CSS filter for a blur in px ('none' at 0, so a sharp globe costs no compositing). */
export function blurFilter(px: number): string {
  return px > 0 ? `blur(${px}px)` : 'none';
}
