/**
 * Request values -> query filters: the checks JSON schema cannot express (ISO dates, ordered
 * ranges, all-or-none bounding boxes) and the pure helpers the query layer shares.
 */
import { ARTICLE_SENTIMENTS, type ArticleSentiment } from '../../data/article';

/** A request value the route answers with 400 and this message. */
export class FilterError extends Error {
  readonly statusCode = 400;
}

const HOUR_MS = 60 * 60 * 1000;

/** ISO 8601 date or date-time (with optional fraction and zone); what startDate/endDate accept. */
const ISO_8601 =
  /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * Parses an ISO 8601 date and returns it in the stored form (toISOString, UTC). Stored times
 * are ISO text in SQLite, so comparisons only work against that exact format.
 */
export function parseIsoDate(name: string, value: string): string {
  const ms = ISO_8601.test(value) ? Date.parse(value) : Number.NaN;
  if (!Number.isFinite(ms)) {
    throw new FilterError(`${name} must be an ISO 8601 date, e.g. 2025-06-01T12:00:00Z`);
  }
  return new Date(ms).toISOString();
}

/** Start of the window of the last `hours` hours before `now`, as stored-form ISO text. */
export function sinceIso(hours: number, now: Date): string {
  return new Date(now.getTime() - hours * HOUR_MS).toISOString();
}

export interface DateRange {
  start?: string;
  end?: string;
}

export function parseDateRange(startDate?: string, endDate?: string): DateRange {
  const range: DateRange = {};
  if (startDate !== undefined) range.start = parseIsoDate('startDate', startDate);
  if (endDate !== undefined) range.end = parseIsoDate('endDate', endDate);
  if (range.start !== undefined && range.end !== undefined && range.start > range.end) {
    throw new FilterError('startDate must not be after endDate');
  }
  return range;
}

/** Comma list of sentiments; duplicates collapse. The schema's pattern already vetted it. */
export function parseSentimentList(value: string): ArticleSentiment[] {
  const wanted = new Set(value.split(',').map((s) => s.trim().toLowerCase()));
  return ARTICLE_SENTIMENTS.filter((s) => wanted.has(s));
}

/** Schema pattern for the sentiment comma list (also shown in the OpenAPI document). */
export const SENTIMENT_LIST_PATTERN = `^(${ARTICLE_SENTIMENTS.join('|')})(,(${ARTICLE_SENTIMENTS.join('|')}))*$`;

/** Escapes LIKE wildcards so user text matches literally; pair with `escape '\'`. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export interface BoundingBox {
  minLat: number;
  maxLat: number;
  minLng: number;
  /** When minLng > maxLng the box crosses the antimeridian. */
  maxLng: number;
}

export function parseBoundingBox(q: {
  minLat?: number;
  maxLat?: number;
  minLng?: number;
  maxLng?: number;
}): BoundingBox | undefined {
  const { minLat, maxLat, minLng, maxLng } = q;
  const given = [minLat, maxLat, minLng, maxLng].filter((v) => v !== undefined).length;
  if (given === 0) return undefined;
  if (
    minLat === undefined ||
    maxLat === undefined ||
    minLng === undefined ||
    maxLng === undefined
  ) {
    throw new FilterError('minLat, maxLat, minLng and maxLng must be given together');
  }
  if (minLat > maxLat) throw new FilterError('minLat must not be greater than maxLat');
  return { minLat, maxLat, minLng, maxLng };
}
