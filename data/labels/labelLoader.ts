/**
 * Client side of GET /api/gazetteer/combined/labels. The labels are an extra: a failed load
 * (network error, HTTP error, bad JSON) gives empty lists and one logged warning, never a
 * rejected promise, so the globe keeps working without names.
 */
import { emptyCombinedLabels, parseCombinedLabels, type CombinedLabels } from './gazetteer';

export const COMBINED_LABELS_URL = '/api/gazetteer/combined/labels';

export type FetchLike = (url: string) => Promise<{
  ok: boolean;
  status: number;
  json(): Promise<unknown>;
}>;

export async function loadCombinedLabels(
  fetchFn: FetchLike,
  baseUrl = '',
  warn: (message: string, detail?: unknown) => void = (m, d) => console.warn(m, d),
): Promise<CombinedLabels> {
  try {
    const res = await fetchFn(`${baseUrl}${COMBINED_LABELS_URL}`);
    if (!res.ok) {
      warn(`ATLAS: place names unavailable (HTTP ${res.status}); labels stay empty`);
      return emptyCombinedLabels();
    }
    return parseCombinedLabels(await res.json());
  } catch (error) {
    warn('ATLAS: place names could not be loaded; labels stay empty', error);
    return emptyCombinedLabels();
  }
}
