/**
 * The one layout decision for every page (spec globe.md section 2 'Responsive layouts', section 9
 * breakpoints): phone <= 768 px wide, tablet 769-1024, desktop > 1024. Re-evaluated on resize
 * (debounced 250 ms) and at once on orientation change; the globe never remounts, pages read the
 * signal and pick their layout.
 */
import { signal, type ReadonlySignal } from '@preact/signals-core';

export type Layout = 'phone' | 'tablet' | 'desktop';

export const MOBILE_MAX_PX = 768;
export const TABLET_MAX_PX = 1024;
export const RESIZE_DEBOUNCE_MS = 250;

export function layoutForWidth(width: number): Layout {
  if (width <= MOBILE_MAX_PX) return 'phone';
  if (width <= TABLET_MAX_PX) return 'tablet';
  return 'desktop';
}

const current = signal<Layout>(
  typeof window === 'undefined' ? 'desktop' : layoutForWidth(window.innerWidth),
);

/** The layout in force now. */
export const layout: ReadonlySignal<Layout> = current;

let timer: ReturnType<typeof setTimeout> | undefined;

function evaluate(): void {
  timer = undefined;
  current.value = layoutForWidth(window.innerWidth);
  document.documentElement.dataset['layout'] = current.value;
}

if (typeof window !== 'undefined') {
  document.documentElement.dataset['layout'] = current.value;
  window.addEventListener('resize', () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(evaluate, RESIZE_DEBOUNCE_MS);
  });
  window.addEventListener('orientationchange', () => {
    if (timer !== undefined) clearTimeout(timer);
    evaluate();
  });
}
