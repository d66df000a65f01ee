/**
 * The globe's marker feed by camera box (spec application.md section 7, GET
 * /api/news-markers/recent with the box the camera sees; issue #32): asked once the camera has
 * settled after a move and every 30 s; a new call cancels the earlier one (the API client does
 * that). Markers the globe does not hold yet are added as compact articles (the dialog loads the
 * full article when one is opened); ids already held - from the list or the live socket - are
 * skipped, so nothing is drawn twice. Zoomed out (the camera sees more than a 60 degree cap) the
 * call asks for the whole world.
 */
import { effect } from '@preact/signals-core';
import type { Bounds } from '../data/api/client';
import { sendCommand } from '../engine/commands';
import { cameraState } from '../engine/signals';
import { articleApi } from './article/api';
import { articleStore } from './article/sharedStore';

export const MARKER_FEED_MS = 30_000;
/** The camera counts as settled when it has not moved for this long. */
export const MARKER_FEED_SETTLE_MS = 1000;
/** Scene units (the globe's radius). */
const GLOBE_RADIUS = 200;
/** Beyond this cap the box is nearly a hemisphere: ask for everything. */
const MAX_CAP_DEG = 60;

const RAD = Math.PI / 180;
const round2 = (v: number): number => Math.round(v * 100) / 100;

/**
 * The latitude/longitude box around the cap of the globe the camera sees, or null when that cap
 * is too large for a box (zoomed out, a pole in view, or across the antimeridian).
 */
export function visibleBounds(lat: number, lon: number, distance: number): Bounds | null {
  if (!(distance > GLOBE_RADIUS)) return null;
  const cap = Math.acos(GLOBE_RADIUS / distance) / RAD;
  if (cap >= MAX_CAP_DEG) return null;
  const minLat = lat - cap;
  const maxLat = lat + cap;
  if (minLat <= -90 || maxLat >= 90) return null;
  const widest = Math.max(Math.abs(minLat), Math.abs(maxLat));
  const dLon = cap / Math.cos(widest * RAD);
  const minLng = lon - dLon;
  const maxLng = lon + dLon;
  if (minLng < -180 || maxLng > 180) return null;
  return {
    minLat: round2(minLat),
    maxLat: round2(maxLat),
    minLng: round2(minLng),
    maxLng: round2(maxLng),
  };
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A compact marker row as an article the globe and the store understand; null if malformed. */
export function markerToArticle(m: unknown): Obj | null {
  if (!isObj(m) || typeof m['id'] !== 'string') return null;
  const { id, title, lat, lng, category, sentiment, emoji, createdAt, source } = m;
  if (typeof lat !== 'number' || typeof lng !== 'number') return null;
  return {
    id,
    title,
    latitude: lat,
    longitude: lng,
    category,
    sentiment,
    emoji,
    createdAt,
    ...(typeof source === 'string' ? { source: { name: source } } : {}),
  };
}

/** Adds the markers the globe does not hold yet; returns how many were new. */
export function mergeMarkers(markers: readonly unknown[]): number {
  return mergeNewArticles(markers.map(markerToArticle));
}

/** Adds the articles (by id) the globe and the store do not hold yet; returns how many. */
export function mergeNewArticles(articles: readonly unknown[]): number {
  const fresh: Obj[] = [];
  for (const a of articles) {
    if (isObj(a) && typeof a['id'] === 'string' && articleStore.getRaw(a['id']) === undefined) {
      fresh.push(a);
    }
  }
  if (fresh.length === 0) return 0;
  articleStore.upsertMany(fresh);
  sendCommand({ type: 'upsertArticles', articles: fresh });
  return fresh.length;
}

/** Runs the feed; returns the stop function. */
export function startMarkerFeed(): () => void {
  let settleTimer = 0;
  let lastKey = '';
  const ask = (): void => {
    const c = cameraState.peek();
    const bounds = visibleBounds(c.lat, c.lon, c.distance);
    lastKey = JSON.stringify(bounds);
    articleApi
      .newsMarkersRecent(bounds === null ? {} : { bounds })
      .then(mergeMarkers)
      .catch((err: unknown) => {
        const message = err instanceof Error ? err.message : String(err);
        // A superseded call is expected; anything else is logged, the next round retries.
        if (!/cancel/i.test(message)) console.warn(`News markers: ${message}`);
      });
  };
  const stopCamera = effect(() => {
    const c = cameraState.value;
    window.clearTimeout(settleTimer);
    settleTimer = window.setTimeout(() => {
      if (JSON.stringify(visibleBounds(c.lat, c.lon, c.distance)) !== lastKey) ask();
    }, MARKER_FEED_SETTLE_MS);
  });
  const interval = window.setInterval(ask, MARKER_FEED_MS);
  return () => {
    stopCamera();
    window.clearTimeout(settleTimer);
    window.clearInterval(interval);
  };
}
