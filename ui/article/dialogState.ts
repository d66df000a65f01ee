/**
 * Which article the detail dialog shows. Two ways in: the engine's selection (a signed-in user
 * clicked a marker; guests get the restriction notice instead and never select), or an explicit
 * open from a search result or a feed card, which also asks the engine to select the article so
 * its marker lights up. An explicit open still works when the article has no marker (no place, or
 * not among the globe's newest), because the dialog keeps the raw article it was given.
 */
import { computed, signal } from '@preact/signals-react';
import { sendCommand } from '../../engine/commands';
import { selectedArticle } from '../../engine/signals';

export interface DialogArticle {
  id: string;
  /** The wire article as the opener had it (the dialog fetches the full one by id). */
  raw: unknown;
}

const opened = signal<DialogArticle | null>(null);

/** The engine's selection wins (a later marker click replaces an explicit open). */
export const dialogArticle = computed<DialogArticle | null>(() => {
  const sel = selectedArticle.value;
  if (sel !== null) return { id: sel.id, raw: sel.article };
  return opened.value;
});

export function openArticleDialog(id: string, raw: unknown): void {
  opened.value = { id, raw };
  sendCommand({ type: 'selectArticle', id });
}

/** Closing the dialog clears the selection (spec section 4 "Article selection"). */
export function closeArticleDialog(): void {
  opened.value = null;
  sendCommand({ type: 'selectArticle', id: null });
}
