/**
 * One flat, fully defaulted Article for the client (spec application.md section 3 "Article", the
 * union of shapes several producers wrote, and section 5 "Defaults"). Every reader of articles in
 * the UI (feed, search, detail dialog, store) goes through `normalizeArticle`, so the fallbacks
 * live in one place and the views never probe raw shapes.
 *
 * Input is untrusted JSON: nothing here throws, unknown shapes fall through to the defaults, and
 * every list is capped at the spec's detail limits (section 9).
 *
 * The output is itself a valid input (same field names as the wire Article where they overlap), so
 * normalising the JSON of a normalised article keeps its id, title, place and texts.
 */
import {
  MAX_ENTITIES_PER_LIST,
  MAX_LOCATIONS,
  MAX_QUOTES,
  MAX_TAGS,
  MAX_TAKEAWAYS,
  REALITY_TYPES,
  type RealityType,
  type SentimentLabel,
} from './analysis';
import { resolveArticleLocation } from './markers/articleLocation';
import { articleEmoji, NEWSPAPER_EMOJI, normalizeSentiment } from './markers/markerStyle';

export { MAX_ENTITIES_PER_LIST, MAX_LOCATIONS, MAX_QUOTES, MAX_TAGS, MAX_TAKEAWAYS };
export { NEWSPAPER_EMOJI } from './markers/markerStyle';

/** Section 5 "Defaults" (exact texts). */
export const DEFAULT_TITLE = 'Untitled Article';
export const DEFAULT_PUBLISHER = 'Unknown Publisher';
export const DEFAULT_CATEGORY = 'General';
export const DEFAULT_SENTIMENT: SentimentLabel = 'neutral';
export const DEFAULT_CREDIBILITY = 0.5;
export const DEFAULT_SUMMARY = 'No summary available';
export const DEFAULT_LOCATION_NAME = 'Unknown Location';
export const DEFAULT_CREDIBILITY_EXPLANATION = 'Automated assessment';
/** Summary fallback: the first this-many characters of the content. */
export const SUMMARY_FROM_CONTENT_CHARS = 120;
/** Insights and implications have no spec limit; this keeps a runaway producer off the screen. */
export const MAX_INSIGHTS = 10;

export const ENTITY_TYPES = ['person', 'organization', 'location', 'other'] as const;
export type EntityType = (typeof ENTITY_TYPES)[number];

export interface NormalizedEntity {
  name: string;
  type: EntityType;
  /** 0..1 when the producer scored it. */
  relevance: number | null;
  /** Role or title as the producer wrote it (e.g. 'Prime Minister'). */
  role: string | null;
}

export interface NormalizedEntities {
  people: NormalizedEntity[];
  organizations: NormalizedEntity[];
  locations: NormalizedEntity[];
  other: NormalizedEntity[];
}

export interface NormalizedQuote {
  text: string;
  speaker: string | null;
}

export interface NormalizedMentionedLocation {
  name: string;
  /** 0..1 when given. */
  relevance: number | null;
}

export interface NormalizedLocation {
  /** Display name; 'Unknown Location' when nothing names the place. */
  name: string;
  city: string | null;
  country: string | null;
  /** Both null, or both valid degrees (lat -90..90, lon -180..180). */
  lat: number | null;
  lon: number | null;
}

export interface NormalizedArticle {
  id: string;
  title: string;
  description: string | null;
  /** Never empty: see `summaryOf` for the fallback chain. */
  summary: string;
  content: string | null;
  /** http(s) only, else null (the 'Read Full Article' button needs a safe link). */
  url: string | null;
  urlToImage: string | null;
  source: { id: string | null; name: string };
  /** Same as source.name. */
  publisher: string;
  author: string | null;
  /** As received (publishedAt, else dateTimePub); may be unparseable, see formatting.formatDate. */
  publishedAt: string | null;
  createdAt: string | null;
  /** Epoch ms of publishedAt, else createdAt; null when neither parses. Used for newest first. */
  timestamp: number | null;
  /** Same as location.lat / location.lon. */
  latitude: number | null;
  longitude: number | null;
  location: NormalizedLocation;
  /** Lower-case-insensitive unique, never empty ('General' by default); `category` is the first. */
  categories: string[];
  category: string;
  sentiment: SentimentLabel;
  sentimentScore: number | null;
  /** 0..1, default 0.5. */
  credibility: number;
  credibilityExplanation: string;
  /** 0..1 or null when no producer predicted it (filters treat null as 0). */
  engagement: number | null;
  virality: number | null;
  urgencyScore: number | null;
  trustScore: number | null;
  realityType: RealityType | null;
  emoji: string;
  takeaways: string[];
  tags: string[];
  quotes: NormalizedQuote[];
  mentionedLocations: NormalizedMentionedLocation[];
  entities: NormalizedEntities;
  commentary: string | null;
  insights: string[];
  implications: string[];
  /** Bundled sample data (first-run starter set, synthetic seed): shown as such everywhere. */
  isSample: boolean;
  /** Other outlets carrying the same story (server-side grouping); null when alone. */
  corroboration: NormalizedCorroboration | null;
}

export interface NormalizedCorroboration {
  /** Outlets in total, this one included (>= 2). */
  count: number;
  /** The other outlets; links are http(s) or null. */
  sources: { name: string; url: string | null; title: string }[];
}

/** Reads `corroboration` ({count, sources}); anything malformed reads as none. */
export function corroborationOf(raw: unknown): NormalizedCorroboration | null {
  const value =
    isObj(raw) && Object.hasOwn(raw, 'corroboration') ? raw['corroboration'] : undefined;
  if (!isObj(value)) return null;
  const count = value['count'];
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 2) return null;
  const list = Array.isArray(value['sources']) ? (value['sources'] as unknown[]) : [];
  const sources: NormalizedCorroboration['sources'] = [];
  for (const item of list) {
    if (!isObj(item)) continue;
    const name = typeof item['name'] === 'string' ? item['name'].trim() : '';
    const title = typeof item['title'] === 'string' ? item['title'].trim() : '';
    if (name === '' && title === '') continue;
    sources.push({
      name: name === '' ? DEFAULT_PUBLISHER : name,
      url: safeHttpUrl(item['url']),
      title,
    });
  }
  return { count, sources };
}

type Obj = Record<string, unknown>;

function isObj(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Own properties only, so keys such as 'constructor' never reach Object.prototype. */
function get(o: unknown, ...path: string[]): unknown {
  let cur: unknown = o;
  for (const k of path) {
    if (!isObj(cur) || !Object.hasOwn(cur, k)) return undefined;
    cur = cur[k];
  }
  return cur;
}

function str(v: unknown): string | null {
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : null;
}

function firstStr(...values: unknown[]): string | null {
  for (const v of values) {
    const s = str(v);
    if (s !== null) return s;
  }
  return null;
}

/** Finite numbers only; -0 becomes 0 because JSON cannot carry it (keeps normalising idempotent). */
function num(v: unknown): number | null {
  return typeof v === 'number' && Number.isFinite(v) ? v + 0 : null;
}

/** A 0..1 score; producers that used percent (1 < v <= 100) are scaled down. Else null. */
export function unitScore(v: unknown): number | null {
  const n = num(v);
  if (n === null || n < 0) return null;
  if (n <= 1) return n;
  return n <= 100 ? n / 100 : null;
}

function firstScore(...values: unknown[]): number | null {
  for (const v of values) {
    const n = unitScore(v);
    if (n !== null) return n;
  }
  return null;
}

function list(v: unknown): unknown[] {
  return Array.isArray(v) ? v : [];
}

/** Trimmed unique (case-insensitive) non-empty strings, at most `limit`. */
function uniqueStrings(values: readonly unknown[], limit: number): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const v of values) {
    if (out.length >= limit) break;
    const s = str(v);
    if (s === null || seen.has(s.toLowerCase())) continue;
    seen.add(s.toLowerCase());
    out.push(s);
  }
  return out;
}

/** v6 fields live under `data`, with an alternative under `criteria` (spec section 3). */
function v6(raw: Obj, field: string, ...path: string[]): unknown {
  return (
    get(raw, 'v6Analysis', field, 'data', ...path) ??
    get(raw, 'v6Analysis', field, 'criteria', ...path)
  );
}

function articleId(raw: Obj): string | null {
  for (const key of ['_id', 'id']) {
    const v = get(raw, key);
    if (typeof v === 'string' && v.trim() !== '') return v.trim();
    if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  }
  return null;
}

/** Only absolute http(s) URLs survive; javascript:, data:, relative paths... become null. */
export function safeHttpUrl(v: unknown): string | null {
  const s = str(v);
  if (s === null) return null;
  try {
    const u = new URL(s);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : null;
  } catch {
    return null;
  }
}

function sourceOf(raw: Obj): { id: string | null; name: string } {
  const src = get(raw, 'source');
  if (isObj(src)) {
    const id = get(src, 'id');
    return {
      id: typeof id === 'number' && Number.isFinite(id) ? String(id) : str(id),
      name: firstStr(get(src, 'name'), get(raw, 'publisher')) ?? DEFAULT_PUBLISHER,
    };
  }
  return { id: null, name: firstStr(src, get(raw, 'publisher')) ?? DEFAULT_PUBLISHER };
}

function sentimentOf(raw: Obj): { label: SentimentLabel; score: number | null } {
  const s = get(raw, 'sentiment');
  const label =
    normalizeSentiment(s) ??
    normalizeSentiment(get(s, 'label')) ??
    normalizeSentiment(get(raw, 'analysis', 'sentiment', 'label')) ??
    normalizeSentiment(get(raw, 'hybridAnalysis', 'sentimentAnalysis', 'overall')) ??
    normalizeSentiment(v6(raw, 'sentimentAnalysis', 'overallSentiment')) ??
    normalizeSentiment(get(raw, 'v4Analysis', 'criteria', 'contentSummary', 'sentiment')) ??
    DEFAULT_SENTIMENT;
  const score =
    num(get(s, 'score')) ??
    num(get(raw, 'sentimentScore')) ??
    num(get(raw, 'analysis', 'sentiment', 'score')) ??
    num(get(raw, 'hybridAnalysis', 'sentimentAnalysis', 'score')) ??
    num(get(raw, 'v4Analysis', 'criteria', 'contentSummary', 'sentimentScore'));
  return { label, score };
}

function categoriesOf(raw: Obj): string[] {
  const found = uniqueStrings(
    [
      ...list(get(raw, 'categories')),
      get(raw, 'category'),
      ...list(get(raw, 'analysis', 'categories')),
      v6(raw, 'categoryClassification', 'primaryCategory'),
      get(raw, 'hybridAnalysis', 'category'),
    ],
    Number.POSITIVE_INFINITY,
  );
  return found.length > 0 ? found : [DEFAULT_CATEGORY];
}

function summaryOf(raw: Obj): string {
  const direct = firstStr(
    get(raw, 'summary'),
    get(raw, 'description'),
    get(raw, 'hybridAnalysis', 'contentSummary', 'summary'),
    get(raw, 'v4Analysis', 'criteria', 'contentSummary', 'summary'),
    get(raw, 'analysis', 'summary'),
  );
  if (direct !== null) return direct;
  const content = str(get(raw, 'content'));
  // content is trimmed and non-empty, so its prefix is too.
  return content !== null
    ? content.slice(0, SUMMARY_FROM_CONTENT_CHARS).trimEnd()
    : DEFAULT_SUMMARY;
}

/** A date field as a string: strings kept verbatim (even unparseable), epoch numbers as ISO. */
function dateField(v: unknown): string | null {
  if (typeof v === 'string') return v.trim() === '' ? null : v.trim();
  if (typeof v === 'number' && Number.isFinite(v)) {
    const d = new Date(v);
    return Number.isNaN(d.getTime()) ? null : d.toISOString();
  }
  return null;
}

/** Epoch ms of a date string/number, or null when it does not parse. */
export function parseTimestamp(v: unknown): number | null {
  if (typeof v === 'number')
    return Number.isFinite(v) && !Number.isNaN(new Date(v).getTime()) ? v : null;
  if (typeof v !== 'string' || v.trim() === '') return null;
  const ms = Date.parse(v);
  return Number.isNaN(ms) ? null : ms;
}

function locationOf(raw: Obj): NormalizedLocation {
  const point = resolveArticleLocation(raw);
  const loc = get(raw, 'location');
  const city = firstStr(get(loc, 'city'));
  const country = firstStr(
    get(loc, 'country'),
    get(raw, 'extractedLocation', 'country'),
    get(raw, 'hybridAnalysis', 'geographicAnalysis', 'country'),
  );
  const cityCountry = city !== null && country !== null ? `${city}, ${country}` : null;
  const name =
    firstStr(
      get(raw, 'locationName'),
      loc,
      get(loc, 'name'),
      cityCountry,
      v6(raw, 'geographicAnalysis', 'primaryLocation', 'name'),
      get(raw, 'v4GeographicData', 'primaryLocation', 'displayName'),
      get(raw, 'v4Analysis', 'criteria', 'geographicAnalysis', 'primaryLocation', 'name'),
      get(raw, 'hybridAnalysis', 'geographicAnalysis', 'primary_location', 'name'),
      city,
      country,
    ) ?? DEFAULT_LOCATION_NAME;
  // `+ 0` turns -0 into 0, as the JSON round trip would.
  return {
    name,
    city,
    country,
    lat: point === null ? null : point.lat + 0,
    lon: point === null ? null : point.lon + 0,
  };
}

function takeawaysOf(raw: Obj): string[] {
  const kt = get(raw, 'hybridAnalysis', 'keyTakeaways');
  for (const source of [
    get(raw, 'takeaways'),
    Array.isArray(kt) ? kt : get(kt, 'takeaways'),
    get(raw, 'v4Analysis', 'criteria', 'keyTakeaways', 'points'),
  ]) {
    const found = uniqueStrings(list(source), MAX_TAKEAWAYS);
    if (found.length > 0) return found;
  }
  return [];
}

function quotesOf(raw: Obj): NormalizedQuote[] {
  const out: NormalizedQuote[] = [];
  const own = list(get(raw, 'quotes'));
  const items =
    own.length > 0 ? own : list(get(raw, 'hybridAnalysis', 'quoteExtraction', 'quotes'));
  for (const q of items) {
    if (out.length >= MAX_QUOTES) break;
    const text = str(q) ?? str(get(q, 'text'));
    if (text !== null) out.push({ text, speaker: str(get(q, 'speaker')) });
  }
  return out;
}

function mentionedLocationsOf(raw: Obj): NormalizedMentionedLocation[] {
  const out: NormalizedMentionedLocation[] = [];
  const seen = new Set<string>();
  const own = list(get(raw, 'mentionedLocations'));
  const items =
    own.length > 0
      ? own
      : list(get(raw, 'hybridAnalysis', 'geographicAnalysis', 'mentioned_locations'));
  for (const item of items) {
    if (out.length >= MAX_LOCATIONS) break;
    const name = str(item) ?? str(get(item, 'name'));
    if (name === null || seen.has(name.toLowerCase())) continue;
    seen.add(name.toLowerCase());
    out.push({ name, relevance: unitScore(get(item, 'relevance')) });
  }
  return out;
}

const ENTITY_LIST_KEY: Readonly<Record<EntityType, keyof NormalizedEntities>> = {
  person: 'people',
  organization: 'organizations',
  location: 'locations',
  other: 'other',
};

function entityType(v: unknown): EntityType {
  const s = str(v)?.toLowerCase();
  if (s === 'person' || s === 'people' || s === 'persons') return 'person';
  if (s === 'organization' || s === 'organisation' || s === 'organizations' || s === 'org')
    return 'organization';
  if (s === 'location' || s === 'locations' || s === 'place') return 'location';
  return 'other';
}

function entitiesOf(raw: Obj): NormalizedEntities {
  const out: NormalizedEntities = { people: [], organizations: [], locations: [], other: [] };
  const add = (item: unknown, type: EntityType): void => {
    const target = out[ENTITY_LIST_KEY[type]];
    if (target.length >= MAX_ENTITIES_PER_LIST) return;
    const name = str(item) ?? str(get(item, 'name'));
    if (name === null) return;
    if (target.some((e) => e.name.toLowerCase() === name.toLowerCase())) return;
    target.push({
      name,
      type,
      relevance: unitScore(get(item, 'relevance')),
      role: firstStr(get(item, 'role'), get(item, 'title')),
    });
  };
  // 1. The article's own typed list.
  for (const e of list(get(raw, 'entities'))) add(e, entityType(get(e, 'type')));
  // 2. hybridAnalysis.entityExtraction {persons, organizations, locations}.
  const extraction = get(raw, 'hybridAnalysis', 'entityExtraction');
  // 3. "Entities as a map of lists of names in some views": on the analysis or the article.
  const maps = [extraction, get(raw, 'hybridAnalysis', 'entities'), get(raw, 'entities')];
  for (const map of maps) {
    if (!isObj(map)) continue;
    for (const [key, items] of Object.entries(map)) {
      for (const item of list(items)) add(item, entityType(key));
    }
  }
  return out;
}

function emojiOf(raw: Obj): string {
  const sel = get(raw, 'hybridAnalysis', 'emojiSelection');
  const fromAnalysis = firstStr(
    get(sel, 'emoji'),
    list(get(sel, 'primaryEmojis'))[0],
    list(get(sel, 'emojis'))[0],
    list(get(raw, 'v4Analysis', 'criteria', 'emojiSelection', 'emojis'))[0],
  );
  if (fromAnalysis !== null) return fromAnalysis;
  // articleEmoji covers the rest of the chain: own emoji, title_emoji, category, keywords, 📰.
  // Typed unknown on purpose: its table lookup is a plain object, so a category named
  // '__proto__' returns Object.prototype instead of a string (found by the property test).
  const rest: unknown = articleEmoji(raw);
  return typeof rest === 'string' && rest !== '' ? rest : NEWSPAPER_EMOJI;
}

function realityTypeOf(raw: Obj): RealityType | null {
  const v = firstStr(get(raw, 'realityType'), get(raw, 'hybridAnalysis', 'realityType'));
  const l = v?.toLowerCase();
  return (REALITY_TYPES as readonly string[]).includes(l ?? '') ? (l as RealityType) : null;
}

function insightsOf(raw: Obj): string[] {
  for (const source of [
    get(raw, 'insights'),
    get(raw, 'hybridAnalysis', 'aiInsights', 'insights'),
  ]) {
    const found = uniqueStrings(list(source), MAX_INSIGHTS);
    if (found.length > 0) return found;
  }
  const items = list(v6(raw, 'aiInsights', 'insights'));
  return uniqueStrings(
    items.map((i) => str(i) ?? firstStr(get(i, 'insight'), get(i, 'text'))),
    MAX_INSIGHTS,
  );
}

function implicationsOf(raw: Obj): string[] {
  for (const source of [
    get(raw, 'implications'),
    get(raw, 'hybridAnalysis', 'aiImplications', 'implications'),
    get(raw, 'v4Analysis', 'criteria', 'aiImplications', 'potentialImpacts'),
  ]) {
    const found = uniqueStrings(list(source), MAX_INSIGHTS);
    if (found.length > 0) return found;
  }
  return [];
}

/**
 * The client's Article from any producer's shape; null when `raw` is not an object or has no
 * usable id (`_id` or `id`, a non-empty string or a finite number), since the store, the globe and
 * the detail dialog all key on it.
 */
export function normalizeArticle(raw: unknown): NormalizedArticle | null {
  if (!isObj(raw)) return null;
  const id = articleId(raw);
  if (id === null) return null;
  const source = sourceOf(raw);
  const sentiment = sentimentOf(raw);
  const categories = categoriesOf(raw);
  const location = locationOf(raw);
  const publishedAt = dateField(get(raw, 'publishedAt')) ?? dateField(get(raw, 'dateTimePub'));
  const createdAt = dateField(get(raw, 'createdAt'));
  return {
    id,
    title: str(get(raw, 'title')) ?? DEFAULT_TITLE,
    description: str(get(raw, 'description')),
    summary: summaryOf(raw),
    content: str(get(raw, 'content')),
    url: safeHttpUrl(get(raw, 'url')),
    urlToImage: safeHttpUrl(get(raw, 'urlToImage')),
    source,
    publisher: source.name,
    author: str(get(raw, 'author')),
    publishedAt,
    createdAt,
    timestamp: parseTimestamp(publishedAt) ?? parseTimestamp(createdAt),
    latitude: location.lat,
    longitude: location.lon,
    location,
    categories,
    category: categories[0] ?? DEFAULT_CATEGORY,
    sentiment: sentiment.label,
    sentimentScore: sentiment.score,
    credibility:
      firstScore(
        get(raw, 'credibility'),
        get(raw, 'hybridAnalysis', 'credibilityAssessment', 'score'),
        v6(raw, 'credibilityAssessment', 'overallScore'),
        get(raw, 'trustScore'),
      ) ?? DEFAULT_CREDIBILITY,
    credibilityExplanation:
      firstStr(
        get(raw, 'credibilityExplanation'),
        get(raw, 'hybridAnalysis', 'credibilityAssessment', 'explanation'),
      ) ?? DEFAULT_CREDIBILITY_EXPLANATION,
    engagement: firstScore(
      get(raw, 'engagement'),
      get(raw, 'hybridAnalysis', 'engagementPrediction', 'score'),
      v6(raw, 'engagementPrediction', 'predictedEngagement'),
    ),
    virality: firstScore(
      get(raw, 'virality'),
      get(raw, 'hybridAnalysis', 'viralityPrediction', 'score'),
      v6(raw, 'viralityPrediction', 'viralityScore'),
    ),
    urgencyScore: unitScore(get(raw, 'urgencyScore')),
    trustScore: unitScore(get(raw, 'trustScore')),
    realityType: realityTypeOf(raw),
    emoji: emojiOf(raw),
    takeaways: takeawaysOf(raw),
    tags: uniqueStrings(
      [...list(get(raw, 'tags')), ...list(get(raw, 'hybridAnalysis', 'tagExtraction', 'tags'))],
      MAX_TAGS,
    ),
    quotes: quotesOf(raw),
    mentionedLocations: mentionedLocationsOf(raw),
    entities: entitiesOf(raw),
    commentary: firstStr(
      get(raw, 'commentary'),
      get(raw, 'hybridAnalysis', 'aiCommentary', 'commentary'),
    ),
    insights: insightsOf(raw),
    implications: implicationsOf(raw),
    isSample: get(raw, 'isSample') === true,
    corroboration: corroborationOf(raw),
  };
}

/** Normalises a list, dropping entries without an id. */
export function normalizeArticles(raws: readonly unknown[]): NormalizedArticle[] {
  const out: NormalizedArticle[] = [];
  for (const raw of raws) {
    const a = normalizeArticle(raw);
    if (a !== null) out.push(a);
  }
  return out;
}

/** True when the article can be placed on the globe (spec section 5). */
export function hasLocation(
  a: NormalizedArticle,
): a is NormalizedArticle & { latitude: number; longitude: number } {
  return a.latitude !== null && a.longitude !== null;
}
