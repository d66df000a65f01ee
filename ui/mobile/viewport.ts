/**
 * Spec: mobile detection sets the viewport so the page does not zoom. While the layout is 'phone'
 * the viewport meta forbids zooming (and covers the notch area: the bars pad themselves by the
 * safe-area insets); on a tablet or desktop it is the default again.
 */
import { effect } from '@preact/signals-core';
import { layout } from '../shell/layout';
import { viewportContent } from './mobileState';

let installed = false;

/** Keeps the viewport meta in step with the layout (idempotent; call once from the shell). */
export function installMobileViewport(): void {
  if (installed || typeof document === 'undefined') return;
  installed = true;
  let meta = document.querySelector<HTMLMetaElement>('meta[name="viewport"]');
  if (meta === null) {
    meta = document.createElement('meta');
    meta.name = 'viewport';
    document.head.appendChild(meta);
  }
  const el = meta;
  effect(() => {
    el.content = viewportContent(layout.value === 'phone');
  });
}
