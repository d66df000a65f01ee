/**
 * Where an article goes on the globe (spec application.md sections 3 and 5): the AI primary
 * location first (coordinates as [lon, lat] or an object), then numeric latitude/longitude, then
 * the location object's lat and lon/lng/longitude. Articles with no valid place are not drawn.
 */

export interface GeoPoint {
  lat: number;
  lon: number;
}

type Obj = Record<string, unknown>;

function isObj(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function get(o: unknown, ...path: string[]): unknown {
  let cur: unknown = o;
  for (const k of path) {
    if (!isObj(cur)) return undefined;
    cur = cur[k];
  }
  return cur;
}

/** Valid globe coordinates: numbers (or numeric strings), not NaN, lat in [-90, 90], lon in [-180, 180]. */
export function validPoint(lat: unknown, lon: unknown): GeoPoint | null {
  const la = typeof lat === 'string' && lat.trim() !== '' ? Number(lat) : lat;
  const lo = typeof lon === 'string' && lon.trim() !== '' ? Number(lon) : lon;
  if (typeof la !== 'number' || typeof lo !== 'number') return null;
  if (!Number.isFinite(la) || !Number.isFinite(lo)) return null;
  if (la < -90 || la > 90 || lo < -180 || lo > 180) return null;
  return { lat: la, lon: lo };
}

/** Reads a coordinate holder: [lon, lat] (GeoJSON order), or {lat|latitude, lon|lng|longitude}. */
export function pointFrom(v: unknown): GeoPoint | null {
  if (Array.isArray(v)) return v.length >= 2 ? validPoint(v[1], v[0]) : null;
  if (!isObj(v)) return null;
  const lat = v['lat'] ?? v['latitude'];
  const lon = v['lon'] ?? v['lng'] ?? v['longitude'];
  if (lat !== undefined || lon !== undefined) return validPoint(lat, lon);
  return null;
}

/** The AI's primary location: v6 (data or criteria), then v4. */
function aiPrimaryLocation(a: Obj): GeoPoint | null {
  for (const branch of ['data', 'criteria']) {
    const pl = get(a, 'v6Analysis', 'geographicAnalysis', branch, 'primaryLocation');
    const p = pointFrom(get(pl, 'coordinates')) ?? pointFrom(pl) ?? pointFrom(get(pl, 'location'));
    if (p) return p;
  }
  return pointFrom(
    get(a, 'v4Analysis', 'criteria', 'geographicAnalysis', 'primaryLocation', 'coordinates'),
  );
}

export function resolveArticleLocation(article: unknown): GeoPoint | null {
  if (!isObj(article)) return null;
  return (
    aiPrimaryLocation(article) ??
    validPoint(article['latitude'], article['longitude']) ??
    pointFrom(article['location'])
  );
}
