/**
 * Alerts on saved topics and regions (issue 24): does an article match a saved topic (the search
 * scoring of spec application.md section 5, data/search.ts, at least a word in the title or the
 * phrase in the text) or lie in a saved region (its country or city named, or a box
 * 'south,west,north,east' in degrees containing its place)? Pure: the client matches the articles
 * its tab receives with it.
 *
 * A region name may carry a qualifier that picks one reading of an ambiguous name
 * ({@link parseRegionText}): 'Georgia (country)', 'Georgia (state)', 'Georgia, US'. The server
 * resolves names through its gazetteer (server/alerts/alertIndex.ts); here, without one, a
 * name matches the article's country or city name, '(country)' the country only, and
 * 'Name, Qualifier' a city or place part named Name in the country named Qualifier.
 */
import type { NormalizedArticle } from './articleNormalizer';
import { SEARCH_SCORES, scoreArticle } from './search';

/** The weakest match that raises an alert: one word in the title, or the phrase in the text. */
export const TOPIC_ALERT_MIN_SCORE = SEARCH_SCORES.phraseInContent;

export interface AlertMatch {
  kind: 'topic' | 'region';
  /** The saved topic or region that matched, as the user typed it. */
  term: string;
}

export interface Box {
  south: number;
  west: number;
  north: number;
  east: number;
}

/** 'south,west,north,east' (degrees) as a box, else null. A box may cross the antimeridian. */
export function parseBox(text: string): Box | null {
  const parts = text.split(',').map((p) => p.trim());
  if (parts.length !== 4 || parts.some((p) => p === '')) return null;
  const [south, west, north, east] = parts.map(Number) as [number, number, number, number];
  if (![south, west, north, east].every(Number.isFinite)) return null;
  if (south < -90 || north > 90 || south > north) return null;
  if (Math.abs(west) > 180 || Math.abs(east) > 180) return null;
  return { south, west, north, east };
}

export function inBox(box: Box, lat: number, lon: number): boolean {
  if (lat < box.south || lat > box.north) return false;
  return box.west <= box.east
    ? lon >= box.west && lon <= box.east
    : lon >= box.west || lon <= box.east;
}

function sameName(a: string | null, b: string): boolean {
  return a !== null && a.trim().toLowerCase() === b;
}

/** A saved region's name and the reading its qualifier picks. */
export interface RegionText {
  /** The place name without the qualifier, trimmed. */
  name: string;
  /** '(country)': the country only; '(state)', '(province)', '(region)': first-level regions. */
  only: 'country' | 'admin1' | null;
  /** 'Name, Qualifier': the country the place lies in, as typed ('US', 'United States'). */
  within: string | null;
}

const ONLY_SUFFIX = /^(.*\S)\s*\((country|state|province|region)\)$/i;

/**
 * Reads a saved region's qualifier: 'Georgia (country)' -> the country, 'Georgia (state)' -> the
 * first-level regions of that name, 'Georgia, US' -> a place named Georgia in the United States.
 * Boxes are read by {@link parseBox} first.
 */
export function parseRegionText(text: string): RegionText {
  const t = text.trim();
  const only = ONLY_SUFFIX.exec(t);
  if (only !== null) {
    return {
      name: (only[1] ?? '').trim(),
      only: only[2]?.toLowerCase() === 'country' ? 'country' : 'admin1',
      within: null,
    };
  }
  const comma = t.lastIndexOf(',');
  if (comma > 0) {
    const name = t.slice(0, comma).trim();
    const within = t.slice(comma + 1).trim();
    if (name !== '' && within !== '') return { name, only: null, within };
  }
  return { name: t, only: null, within: null };
}

/** Without a gazetteer: does the article's place carry this region name? */
export function regionNameMatches(article: NormalizedArticle, region: string): boolean {
  const { country, city, name: placeName } = article.location;
  const r = parseRegionText(region);
  const name = r.name.toLowerCase();
  if (name === '') return false;
  if (r.only === 'country') return sameName(country, name);
  // A first-level region needs the gazetteer (the server's matching); a guest's tab has none.
  if (r.only === 'admin1') return false;
  if (r.within === null) return sameName(country, name) || sameName(city, name);
  const within = r.within.toLowerCase();
  const parts = placeName.split(',').map((p) => p.trim().toLowerCase());
  const inCountry = sameName(country, within) || parts.slice(1).includes(within);
  return inCountry && (sameName(city, name) || parts.includes(name));
}

/** The first saved topic or region the article matches, or null. */
export function matchAlert(
  article: NormalizedArticle,
  topics: readonly string[],
  regions: readonly string[],
): AlertMatch | null {
  for (const topic of topics) {
    if (topic.trim() !== '' && scoreArticle(article, topic) >= TOPIC_ALERT_MIN_SCORE) {
      return { kind: 'topic', term: topic };
    }
  }
  const { lat, lon } = article.location;
  for (const region of regions) {
    const box = parseBox(region);
    if (box !== null) {
      if (lat !== null && lon !== null && inBox(box, lat, lon))
        return { kind: 'region', term: region };
      continue;
    }
    if (regionNameMatches(article, region)) return { kind: 'region', term: region };
  }
  return null;
}
