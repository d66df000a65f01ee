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
 * Date formatters by locale and zone. Building an `Intl.DateTimeFormat` loads and parses ICU data
 * (the first one in a page cost ~10 ms of main thread here, each later one still far more than a
 * `format()` call), so each combination is built once.
 */
const dateFormatters = new Map<string, Intl.DateTimeFormat>();

function dateFormatter(locale: string, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone ?? ''}`;
  let f = dateFormatters.get(key);
  if (f === undefined) {
    f = new Intl.DateTimeFormat(locale, {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      ...(timeZone === undefined ? {} : { timeZone }),
    });
    dateFormatters.set(key, f);
  }
  return f;
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
  if (options.locale === undefined && options.timeZone === undefined) {
    // The browser's case (en-US in the user's zone) without Intl: the page's first Intl formatter
    // loads ICU data, ~10 ms of main thread when the first article opened (~40 ms under 4x CPU
    // throttling). Years outside 1000-9999 go to Intl, which writes them its own way.
    const d = new Date(ms);
    const year = d.getFullYear();
    if (year >= 1000 && year <= 9999) return `${MONTHS[d.getMonth()]} ${d.getDate()}, ${year}`;
  }
  return dateFormatter(options.locale ?? 'en-US', options.timeZone).format(ms);
}

const MONTHS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

/** 'HH:MM' in the browser's time zone, 24-hour (e.g. 'showing articles from 09:05'). */
export function clockTime(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/**
 * A whole number with thousands separators, '12,345' (en-US grouping, the HUD's and profiler's
 * counts). Plain digits and commas, no `Intl`: `toLocaleString` builds a number formatter from
 * ICU data, which on the app's first render cost ~40 ms of main thread under 4x CPU throttling.
 * Non-integers are rounded; non-finite values print as they are ('NaN', 'Infinity').
 */
export function formatCount(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  const v = Math.round(n);
  const digits = String(Math.abs(v));
  let out = '';
  for (let i = 0; i < digits.length; i++) {
    if (i > 0 && (digits.length - i) % 3 === 0) out += ',';
    out += digits.charAt(i);
  }
  return v < 0 ? `-${out}` : out;
}

/** A 0..1 score as a whole percent ('73%'); out-of-range values are clamped, null is '—'. */
export function formatPercent(score: number | null): string {
  if (score === null || !Number.isFinite(score)) return '—';
  return `${Math.round(Math.min(1, Math.max(0, score)) * 100)}%`;
}

export function descriptionText(description: string | null): string {
  return description !== null && description.trim() !== '' ? description : NO_DESCRIPTION;
}
