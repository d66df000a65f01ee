/**
 * Small UI-wide signals shared by the shell and the overlays of other modules. `searchOpen` is the
 * contract with the search overlay (ui/search/): the navbar's search box and Cmd/Ctrl+K set it, the
 * overlay reads it and clears it on Escape or when a result is picked.
 */
import { signal } from '@preact/signals-core';

/** The search overlay is open (spec section 4 "Search panel"). */
export const searchOpen = signal(false);
/** The Share View dialog is open. */
export const shareOpen = signal(false);
/** The navbar is minimised (auto-hide or the manual control). */
export const navbarMinimized = signal(false);
/** The page UI is shown (spec: hidden on / and until the /app blur steps end). */
export const uiVisible = signal(false);
/** Set by the atlasStartLoading event: articles, full globe detail and borders on. */
export const startLoading = signal(false);

/** Spec section 2: the event that turns on article loading, full detail and borders. */
export const START_LOADING_EVENT = 'atlasStartLoading';

export function openSearch(): void {
  searchOpen.value = true;
}

export function closeSearch(): void {
  searchOpen.value = false;
}

/** The 'ATLAS Settings' dialog is open (opened from the navbar, the phone Settings sheet, QUICK
 * TOOLS...; the dialog itself lives in ui/settings/). */
export const settingsOpen = signal(false);
