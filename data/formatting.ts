/**
 * Display texts for times, dates, scores and missing fields (spec application.md sections 5 and
 * 9). Exact texts: 'Just now', 'Nm ago', 'Nh ago', 'Nd ago', 'Unknown time', 'Unknown date',
 * 'Invalid date', 'No description available'.
 */
import { parseTimestamp } from './articleNormalizer';
import { timeAgo } from './markers/markerFilter';

export const UNKNOWN_TIME = 'Unknown time';
export const UNKNOWN_DATE = 'Unknown date';
export const INVALID_DATE = 'Invalid date';
export const NO_DESCRIPTION = 'No description available';

/** Epoch ms from a Date, epoch ms or date string; null when missing or unparseable. */
function toMs(value: unknown): number | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.getTime();
  return parseTimestamp(value);
}

/**
 * 'Just now' under a minute (and for times in the future, e.g. a publisher's clock ahead of ours),
 * then whole minutes, hours, days; 'Unknown time' when there is no valid time.
 */
export function formatTimeAgo(value: unknown, nowMs: number): string {
  const ms = toMs(value);
  return ms === null ? UNKNOWN_TIME : timeAgo(ms, nowMs);
}

/**
 * 'Unknown date' when absent, 'Invalid date' when unparseable, else e.g. 'Mar 1, 2024'.
 * `timeZone` is for tests and server rendering; the browser default is the user's zone.
 */
export function formatDate(
  value: unknown,
  options: { locale?: string; timeZone?: string } = {},
): string {
  if (value === null || value === undefined || value === '') return UNKNOWN_DATE;
  const ms = toMs(value);
  if (ms === null) return INVALID_DATE;
  return new Intl.DateTimeFormat(options.locale ?? 'en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    ...(options.timeZone === undefined ? {} : { timeZone: options.timeZone }),
  }).format(ms);
}

/** A 0..1 score as a whole percent ('73%'); out-of-range values are clamped, null is '—'. */
export function formatPercent(score: number | null): string {
  if (score === null || !Number.isFinite(score)) return '—';
  return `${Math.round(Math.min(1, Math.max(0, score)) * 100)}%`;
}

export function descriptionText(description: string | null): string {
  return description !== null && description.trim() !== '' ? description : NO_DESCRIPTION;
}
