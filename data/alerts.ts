/**
 * Server-side alerts (issue #24 item 5): the wire shape of GET /api/alerts and of the `alert`
 * carried by a socket `notification` (docs/api.md "Alerts"). Shared by server and client.
 */
import {
  SHARE_DEFAULT_ALTITUDE,
  SHARE_DEFAULT_TIME,
  SHARE_PATH,
  buildShareQuery,
} from './shareUrl';

export type AlertReason = 'topic' | 'region';

export interface AlertItem {
  id: number;
  articleId: string;
  /** The article's title; null when the article is gone (pruned or hidden). */
  title: string | null;
  reason: AlertReason;
  /** The saved topic or region that matched, as the user typed it. */
  term: string;
  /** The article's point, for the globe link; null when unknown. */
  lat: number | null;
  lon: number | null;
  /** ISO 8601. */
  createdAt: string;
  /** ISO 8601, null while unread. */
  readAt: string | null;
}

export interface AlertListResponse {
  success: true;
  alerts: AlertItem[];
  /** Unread alerts of the user (all pages). */
  unread: number;
  /** Pass as `before` for the next (older) page; null on the last page. */
  nextBefore: number | null;
}

/** One reading of a saved region (GET /api/alerts/regions). */
export interface RegionPlace {
  /** 'Georgia (country)', 'Georgia, United States (state)'. */
  label: string;
  /** The saved region that keeps only this reading ('Georgia (country)', 'Georgia, US'). */
  pick: string;
}

/** What a saved region matches on the server (GET /api/alerts/regions). */
export interface ResolvedRegion {
  /** The saved region as the user typed it. */
  term: string;
  /** box, place (countries and first-level regions), city ('Paris, France') or name. */
  kind: 'box' | 'place' | 'city' | 'name';
  /** What it matches (empty for boxes and plain names); more than one: an ambiguous name. */
  places: RegionPlace[];
}

/** The regions of a GET /api/alerts/regions reply; [] when the reply is not one. */
export function parseResolvedRegions(v: unknown): ResolvedRegion[] {
  const list = isObj(v) ? v['regions'] : null;
  if (!Array.isArray(list)) return [];
  const out: ResolvedRegion[] = [];
  for (const r of list as unknown[]) {
    if (!isObj(r) || typeof r['term'] !== 'string' || !Array.isArray(r['places'])) continue;
    const kind = r['kind'];
    if (kind !== 'box' && kind !== 'place' && kind !== 'city' && kind !== 'name') continue;
    const places = (r['places'] as unknown[]).filter(
      (p): p is RegionPlace =>
        isObj(p) && typeof p['label'] === 'string' && typeof p['pick'] === 'string',
    );
    out.push({ term: r['term'], kind, places });
  }
  return out;
}

export const ALERTS_PAGE_DEFAULT = 20;
export const ALERTS_PAGE_MAX = 100;

/** The toast text of an alert notification. */
export function alertMessage(alert: Pick<AlertItem, 'term' | 'title'>): string {
  return `Alert (${alert.term}): ${alert.title ?? 'new article'}`;
}

/** Where the alert's article is on the globe: /app with the place and the article selected. */
export function alertGlobeHref(alert: Pick<AlertItem, 'articleId' | 'lat' | 'lon'>): string {
  const camera =
    alert.lat !== null && alert.lon !== null
      ? { lat: alert.lat, lon: alert.lon, altitude: SHARE_DEFAULT_ALTITUDE }
      : null;
  return `${SHARE_PATH}${buildShareQuery({ camera, layers: [], time: SHARE_DEFAULT_TIME, article: alert.articleId })}`;
}

function isObj(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

const numOrNull = (v: unknown): number | null =>
  typeof v === 'number' && Number.isFinite(v) ? v : null;
const strOrNull = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** An alert from the wire (API reply or socket event), or null when it is not one. */
export function parseAlertItem(v: unknown): AlertItem | null {
  if (!isObj(v)) return null;
  const { id, articleId, reason, term, createdAt } = v;
  if (typeof id !== 'number' || !Number.isSafeInteger(id)) return null;
  if (typeof articleId !== 'string' || articleId === '') return null;
  if (reason !== 'topic' && reason !== 'region') return null;
  if (typeof term !== 'string' || typeof createdAt !== 'string') return null;
  return {
    id,
    articleId,
    title: strOrNull(v['title']),
    reason,
    term,
    lat: numOrNull(v['lat']),
    lon: numOrNull(v['lon']),
    createdAt,
    readAt: strOrNull(v['readAt']),
  };
}

/** GET /api/alerts's reply, with malformed entries dropped. */
export function parseAlertList(v: unknown): Omit<AlertListResponse, 'success'> {
  if (!isObj(v)) return { alerts: [], unread: 0, nextBefore: null };
  const list = Array.isArray(v['alerts']) ? v['alerts'] : [];
  return {
    alerts: list.map(parseAlertItem).filter((a): a is AlertItem => a !== null),
    unread: typeof v['unread'] === 'number' ? v['unread'] : 0,
    nextBefore: typeof v['nextBefore'] === 'number' ? v['nextBefore'] : null,
  };
}
