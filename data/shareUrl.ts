/**
 * Share View links (spec application.md section 5, "Share URL"; globe.md section 5): the camera,
 * the active layers, the time range and the selected article, as query parameters of /app.
 *
 * Parsing: needs both `lat` and `lon` (else there is no camera); `altitude` defaults to 400;
 * `layers` is comma-separated; `time` is the time range; `article` the selected article id.
 * Building: lat and lon with 4 decimals, altitude rounded, `layers` omitted when empty, `time`
 * omitted when '24h'; the base is the origin plus /app.
 *
 * `altitude` is the camera's distance from the globe's centre in scene units (the globe's radius
 * is 200), the same number the engine calls `distance`.
 */

/** Default altitude when a link has lat/lon but no altitude (spec). */
export const SHARE_DEFAULT_ALTITUDE = 400;
/** Time range left out of links (spec: "time omitted when '24h'"). */
export const SHARE_DEFAULT_TIME = '24h';
/** Decimals of lat/lon in links (spec). */
export const SHARE_COORD_DECIMALS = 4;
/** Path links open (spec: "The base is the origin plus /app"). */
export const SHARE_PATH = '/app';

export interface ShareState {
  camera: { lat: number; lon: number; altitude: number } | null;
  layers: string[];
  /** Time range token ('1h', '24h', '7d'...); SHARE_DEFAULT_TIME when absent. */
  time: string;
  article: string | null;
}

function num(v: string | null): number | null {
  if (v === null || v.trim() === '') return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
}

/** Reads share parameters from a query string ('?lat=..&lon=..' or without the '?'). */
export function parseShareParams(search: string): ShareState {
  const q = new URLSearchParams(search);
  const lat = num(q.get('lat'));
  const lon = num(q.get('lon'));
  const alt = num(q.get('altitude'));
  const valid = lat !== null && lon !== null && Math.abs(lat) <= 90 && Math.abs(lon) <= 180;
  const layers = (q.get('layers') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  const article = q.get('article');
  return {
    camera: valid ? { lat, lon, altitude: alt ?? SHARE_DEFAULT_ALTITUDE } : null,
    layers,
    time: q.get('time') ?? SHARE_DEFAULT_TIME,
    article: article === null || article === '' ? null : article,
  };
}

/** Builds the query string (with the leading '?', or '' when nothing is shared). */
export function buildShareQuery(s: ShareState): string {
  const q = new URLSearchParams();
  if (s.camera) {
    q.set('lat', s.camera.lat.toFixed(SHARE_COORD_DECIMALS));
    q.set('lon', s.camera.lon.toFixed(SHARE_COORD_DECIMALS));
    q.set('altitude', String(Math.round(s.camera.altitude)));
  }
  if (s.layers.length > 0) q.set('layers', s.layers.join(','));
  if (s.time !== SHARE_DEFAULT_TIME && s.time !== '') q.set('time', s.time);
  if (s.article !== null) q.set('article', s.article);
  const text = q.toString().replace(/%2C/g, ',');
  return text === '' ? '' : `?${text}`;
}

/** The full link: `origin` + /app + the query. */
export function buildShareUrl(origin: string, s: ShareState): string {
  return `${origin.replace(/\/+$/, '')}${SHARE_PATH}${buildShareQuery(s)}`;
}
