/**
 * UI state of the spatial workspace (signals: no React re-render per frame): the two panels
 * (both start collapsed, spec), the view mode, the user's recent places and vocabulary.
 */
import { signal } from '@preact/signals-core';
import type { NormalizedArticle } from '../../data/articleNormalizer';
import { sendCommand } from '../../engine/commands';
import { readRecentPlaces, readVocabulary, safeStorage, type Place } from './workspaceData';

export const leftPanelOpen = signal(false);
export const rightPanelOpen = signal(false);
export const recentPlaces = signal<Place[]>(readRecentPlaces(safeStorage()));
export const vocabulary = signal<string[]>(readVocabulary(safeStorage()));

/** A list click: select the article (the right panel opens on it) and fly there. */
export function selectFromList(a: NormalizedArticle): void {
  sendCommand({ type: 'selectArticle', id: a.id });
  rightPanelOpen.value = true;
  if (a.latitude !== null && a.longitude !== null) {
    sendCommand({ type: 'goToLocation', lat: a.latitude, lon: a.longitude });
  }
}

/** Back to the initial state (tests and leaving the page keep nothing surprising). */
export function resetWorkspacePanels(): void {
  leftPanelOpen.value = false;
  rightPanelOpen.value = false;
}
