/**
 * The phone globe screen's state (spec globe.md section 2 'Globe screen (mobile, variant)'): which
 * bottom sheet is open, the spec's sheet heights and the 10 ms tap vibration. Signals only: the
 * bars and sheets re-render when a sheet opens or closes, never per frame.
 */
import { signal } from '@preact/signals-core';

export type MobileTab = 'layers' | 'search' | 'articles' | 'settings';

/** Tab icons are text symbols the page font has; 'gear' is drawn as SVG (kit Icon). */
export const MOBILE_TABS: readonly { key: MobileTab; label: string; icon: string }[] = [
  { key: 'layers', label: 'Layers', icon: '◫' },
  { key: 'search', label: 'Search', icon: '⌕' },
  { key: 'articles', label: 'Articles', icon: '≡' },
  { key: 'settings', label: 'Settings', icon: 'gear' },
];

/** Spec: Layers and Search sheets 60vh, Articles and Settings 90vh. */
export const SHEET_HEIGHT_VH: Readonly<Record<MobileTab, number>> = {
  layers: 60,
  search: 60,
  articles: 90,
  settings: 90,
};

/** Spec: taps give a 10 ms vibration. */
export const TAP_VIBRATION_MS = 10;

/** The open sheet, or null. */
export const mobileSheet = signal<MobileTab | null>(null);

/** A tab press: opens its sheet, or closes it when it is the one open (spec: a press toggles). */
export function pressTab(tab: MobileTab): void {
  mobileSheet.value = mobileSheet.peek() === tab ? null : tab;
}

export function closeSheet(): void {
  mobileSheet.value = null;
}

/** A 10 ms vibration where the device has one (navigator.vibrate; absent on iOS and desktops). */
export function hapticTap(nav: { vibrate?: (ms: number) => boolean } = navigator): void {
  if (typeof nav.vibrate === 'function') nav.vibrate(TAP_VIBRATION_MS);
}

/** The viewport meta for a layout: phones never zoom the page (spec: mobile viewport no zoom). */
export function viewportContent(phone: boolean): string {
  return phone
    ? 'width=device-width, initial-scale=1.0, maximum-scale=1.0, user-scalable=no, viewport-fit=cover'
    : 'width=device-width, initial-scale=1.0';
}

/** The list shows the newest this many. */
export const MOBILE_ARTICLE_LIMIT = 50;

/** The auto-rotate switch as the user set it on this screen (null: not touched yet, the switch
 * shows whether the globe turns now). The engine's `autoRotating` says whether it turns at this
 * moment, which also depends on idle time and zoom. */
export const autoRotateChoice = signal<boolean | null>(null);
