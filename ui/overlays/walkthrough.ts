/**
 * The first-run walkthrough (spec section 4 "Walkthrough"): hidden; after 2 s shown if not yet
 * seen; steps 1 to 3 with Next and Previous (Previous disabled at step 1); Skip, close, backdrop
 * or Get Started at the last step mark it seen (localStorage 'atlas_walkthrough_seen') and hide it.
 */

export const WALKTHROUGH_SEEN_KEY = 'atlas_walkthrough_seen';
/** Spec section 9: walkthrough delay 2 s. */
export const WALKTHROUGH_DELAY_MS = 2000;

export const WALKTHROUGH_STEPS: readonly { title: string; text: string }[] = [
  {
    title: 'Welcome',
    text: 'ATLAS places the world’s live news on a 3D globe. Each glowing marker is a story, at the place it happened.',
  },
  {
    title: 'Navigate the Globe',
    text: 'Drag to rotate, scroll or pinch to zoom, and click a marker to read the article. Press ? for every keyboard shortcut.',
  },
  {
    title: 'Control Layers & Data',
    text: 'Switch layers such as the grid, labels and day/night from the Layers view, filter by time and search with Cmd/Ctrl+K.',
  },
];

export interface WalkthroughState {
  open: boolean;
  /** 0-based step index. */
  step: number;
}

export type WalkthroughAction = 'show' | 'next' | 'previous' | 'finish';

/** Next at the last step is 'Get Started', which finishes (marks seen). */
export function walkthroughReducer(
  s: WalkthroughState,
  action: WalkthroughAction,
): WalkthroughState {
  const last = WALKTHROUGH_STEPS.length - 1;
  switch (action) {
    case 'show':
      return { open: true, step: 0 };
    case 'next':
      return s.step >= last ? { open: false, step: s.step } : { ...s, step: s.step + 1 };
    case 'previous':
      return { ...s, step: Math.max(0, s.step - 1) };
    case 'finish':
      return { open: false, step: s.step };
  }
}

/** Whether the walkthrough has been seen (any stored value counts). */
export function walkthroughSeen(storage: { getItem(k: string): string | null }): boolean {
  try {
    return storage.getItem(WALKTHROUGH_SEEN_KEY) !== null;
  } catch {
    return true; // storage blocked: do not nag on every visit
  }
}
