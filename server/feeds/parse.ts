/**
 * Feed document -> sanitised FeedItems (RSS 0.9x/1.0 (RDF)/2.0, Atom, JSON Feed).
 *
 * Three tries, each recorded as the feed's parse mode: feedsmith as is ('rss' | 'atom' | 'rdf' |
 * 'json'); feedsmith again after repairing the commonest breakage (BOM and junk before the root,
 * control characters, bare '&') -> 'sanitised'; finally a lenient htmlparser2 walk over
 * <item>/<entry> elements that recovers what it can from broken or truncated XML -> 'lenient'.
 * Nothing here throws for anything a document contains: every input ends as 'ok' or 'rejected'.
 *
 * Neither parser expands DTD entities or reads external ones (no billion laughs, no XXE): an
 * entity reference the parser does not know stays as text and is then sanitised like any text.
 */
import { parseFeed } from 'feedsmith';
import { Parser } from 'htmlparser2';
import type { FeedFetchOutcome, FeedItem, ParseMode } from '../pipeline/contracts';
import { decodeFeedBytes } from './decode';
import {
  CONTENT_MAX,
  DESCRIPTION_MAX,
  TITLE_MAX,
  sanitiseLink,
  sanitiseOptional,
  sanitiseText,
} from './sanitize';

export const DEFAULT_MAX_ITEMS = 500;
/** Categories kept per item, and their length. */
const MAX_CATEGORIES = 10;
const CATEGORY_MAX = 100;
const AUTHOR_MAX = 200;
const GUID_MAX = 500;

export interface ParseOptions {
  /** Items kept per feed; the rest count as dropped. */
  maxItems?: number;
}

export interface DocumentMeta {
  /** The feed's URL: base for relative links. */
  url: string;
  contentType: string | null;
}

/** An item as read from any format, before sanitising. */
interface RawItem {
  link: string | null;
  guid: string | null;
  guidIsLink: boolean;
  title: string | null;
  description: string | null;
  content: string | null;
  author: string | null;
  date: string | null;
  image: string | null;
  point: { lat: unknown; lon: unknown } | null;
  categories: string[];
  language: string | null;
}

interface RawFeed {
  title: string | null;
  language: string | null;
  items: RawItem[];
  /** Items beyond the cap, never looked at. */
  skipped: number;
}

type Outcome = FeedFetchOutcome;

/** Parses a fetched document (bytes as received, after content decoding). */
export function parseFeedDocument(
  bytes: Uint8Array,
  meta: DocumentMeta,
  options: ParseOptions = {},
): Outcome {
  try {
    const { text } = decodeFeedBytes(bytes, meta.contentType);
    return parseFeedText(text, meta, options);
  } catch (error) {
    return rejectedUnparseable(error);
  }
}

/** Parses a document already decoded to text. */
export function parseFeedText(
  text: string,
  meta: DocumentMeta,
  options: ParseOptions = {},
): Outcome {
  const maxItems = options.maxItems ?? DEFAULT_MAX_ITEMS;
  try {
    if (text.trim().replace(/^\uFEFF/, '') === '') {
      return {
        status: 'rejected',
        reason: 'empty',
        detail: 'the document is empty',
        retryable: true,
      };
    }
    const capped = capXmlItems(text, maxItems);
    const strict = tryFeedsmith(capped.text, maxItems, capped.skipped);
    if (strict !== null) return finish(strict.feed, strict.mode, meta.url);
    const repaired = repairXml(capped.text);
    if (repaired !== capped.text) {
      const second = tryFeedsmith(repaired, maxItems, capped.skipped);
      if (second !== null) return finish(second.feed, 'sanitised', meta.url);
    }
    const lenient = lenientParse(repaired, maxItems, capped.skipped);
    if (lenient !== null) {
      // Recovered markup counts only if it yields at least one usable item.
      const outcome = finish(lenient, 'lenient', meta.url);
      if (outcome.status === 'ok' && outcome.items.length > 0) return outcome;
    }
    return {
      status: 'rejected',
      reason: 'unparseable',
      detail: 'not an RSS, Atom, RDF or JSON feed',
      retryable: false,
    };
  } catch (error) {
    return rejectedUnparseable(error);
  }
}

const ITEM_CLOSE = /<\/(?:[A-Za-z_][\w.-]*:)?(?:item|entry)\s*>/gi;

/**
 * Cuts an XML document after its `maxItems`-th item/entry (keeping what follows the last item,
 * so the root still closes). A 100k-item feed then costs the parser 500 items instead of seconds
 * of tree building; the cut items are counted as skipped.
 */
export function capXmlItems(text: string, maxItems: number): { text: string; skipped: number } {
  if (text.trimStart().startsWith('{')) return { text, skipped: 0 };
  ITEM_CLOSE.lastIndex = 0;
  let count = 0;
  let cutAt = -1;
  let lastEnd = -1;
  for (let match = ITEM_CLOSE.exec(text); match !== null; match = ITEM_CLOSE.exec(text)) {
    count++;
    if (count === maxItems) cutAt = ITEM_CLOSE.lastIndex;
    lastEnd = ITEM_CLOSE.lastIndex;
  }
  if (cutAt < 0 || count <= maxItems) return { text, skipped: 0 };
  return { text: text.slice(0, cutAt) + text.slice(lastEnd), skipped: count - maxItems };
}

function rejectedUnparseable(error: unknown): Outcome {
  const message = error instanceof Error ? error.message : String(error);
  return {
    status: 'rejected',
    reason: 'unparseable',
    detail: message.slice(0, 200),
    retryable: false,
  };
}

/**
 * The commonest breakage of real feeds: a BOM or whitespace/junk before the root element, C0
 * control characters (not allowed in XML 1.0), and '&' not starting an entity.
 */
export function repairXml(text: string): string {
  let out = text.replace(/^\uFEFF/, '').trimStart();
  const root = out.search(/<[?A-Za-z]/);
  if (root > 0 && !out.startsWith('{') && !out.startsWith('[')) out = out.slice(root);
  // eslint-disable-next-line no-control-regex
  out = out.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '');
  return out.replace(/&(?!#[0-9]+;|#x[0-9a-fA-F]+;|[A-Za-z][A-Za-z0-9._-]*;)/g, '&amp;');
}

// ---------------------------------------------------------------------------------------------
// feedsmith

type Obj = Record<string, unknown>;

function isObj(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function field(value: unknown, ...path: string[]): unknown {
  let current = value;
  for (const key of path) {
    if (!isObj(current) || !Object.hasOwn(current, key)) return undefined;
    current = current[key];
  }
  return current;
}

/** A string from a string, a number, or an Atom text construct {value}. */
function str(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (isObj(value)) return str(value['value']);
  return null;
}

function first(value: unknown): unknown {
  return Array.isArray(value) ? value[0] : value;
}

function arr(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  return value === undefined || value === null ? [] : [value];
}

function firstStr(...candidates: unknown[]): string | null {
  for (const candidate of candidates) {
    const value = str(first(candidate));
    if (value !== null && value.trim() !== '') return value;
  }
  return null;
}

function tryFeedsmith(
  text: string,
  maxItems: number,
  preSkipped: number,
): { feed: RawFeed; mode: ParseMode } | null {
  let parsed: { format: string; feed: unknown };
  try {
    parsed = parseFeed(text);
  } catch {
    return null;
  }
  const feed = parsed.feed;
  const format = parsed.format;
  if (!isObj(feed)) return null;
  const mode: ParseMode | null =
    format === 'rss' || format === 'atom' || format === 'rdf' || format === 'json' ? format : null;
  if (mode === null) return null;
  const list = arr(mode === 'atom' ? feed['entries'] : feed['items']);
  const feedLanguage = firstStr(
    feed['language'],
    field(feed, 'xml', 'lang'),
    field(feed, 'dc', 'languages'),
  );
  const items = list
    .slice(0, maxItems)
    .map((item) =>
      mode === 'atom' ? atomItem(item) : mode === 'json' ? jsonItem(item) : rssItem(item),
    );
  return {
    feed: {
      title: firstStr(feed['title']),
      language: feedLanguage,
      items,
      skipped: preSkipped + Math.max(0, list.length - maxItems),
    },
    mode,
  };
}

function geoPoint(item: unknown): { lat: unknown; lon: unknown } | null {
  const georss = field(item, 'georss', 'point');
  if (isObj(georss)) return { lat: georss['lat'], lon: georss['lng'] ?? georss['lon'] };
  if (typeof georss === 'string') {
    const [lat, lon] = georss.trim().split(/[\s,]+/);
    return { lat, lon };
  }
  const geo = field(item, 'geo');
  if (isObj(geo) && geo['lat'] !== undefined)
    return { lat: geo['lat'], lon: geo['long'] ?? geo['lon'] };
  return null;
}

function imageOf(item: unknown): string | null {
  for (const enclosure of arr(field(item, 'enclosures'))) {
    const type = str(field(enclosure, 'type')) ?? '';
    if (type.startsWith('image/')) return str(field(enclosure, 'url'));
  }
  return firstStr(
    field(first(field(item, 'media', 'thumbnails')), 'url'),
    field(first(field(item, 'media', 'contents')), 'url'),
    field(first(field(first(field(item, 'media', 'groups')), 'contents')), 'url'),
    field(item, 'image'),
    field(item, 'banner_image'),
  );
}

function rssItem(item: unknown): RawItem {
  const guid = field(item, 'guid');
  const guidValue = str(guid);
  const isPermaLink = field(guid, 'isPermaLink');
  return {
    link: firstStr(field(item, 'link'), field(item, 'rdf', 'about')),
    guid: guidValue,
    guidIsLink: guidValue !== null && isPermaLink !== false,
    title: firstStr(field(item, 'title'), field(item, 'dc', 'titles'), field(item, 'dc', 'title')),
    description: firstStr(field(item, 'description'), field(item, 'dc', 'descriptions')),
    content: firstStr(field(item, 'content', 'encoded')),
    author: firstStr(
      field(item, 'authors'),
      field(item, 'author'),
      field(item, 'dc', 'creators'),
      field(item, 'dc', 'creator'),
    ),
    date: firstStr(
      field(item, 'pubDate'),
      field(item, 'dc', 'dates'),
      field(item, 'dc', 'date'),
      field(item, 'dcterms', 'modified'),
    ),
    image: imageOf(item),
    point: geoPoint(item),
    categories: [
      ...arr(field(item, 'categories')).map((c) => str(field(c, 'name')) ?? str(c)),
      ...arr(field(item, 'dc', 'subjects')).map(str),
    ].filter((c): c is string => c !== null),
    language: firstStr(field(item, 'dc', 'languages'), field(item, 'xml', 'lang')),
  };
}

function atomItem(item: unknown): RawItem {
  const links = arr(field(item, 'links'));
  const alternate =
    links.find((l) => {
      const rel = str(field(l, 'rel'));
      return rel === null || rel === 'alternate';
    }) ?? links[0];
  return {
    link: str(field(alternate, 'href')),
    guid: str(field(item, 'id')),
    guidIsLink: false,
    title: firstStr(field(item, 'title')),
    description: firstStr(field(item, 'summary')),
    content: firstStr(field(item, 'content')),
    author: firstStr(field(first(field(item, 'authors')), 'name'), field(item, 'dc', 'creators')),
    date: firstStr(field(item, 'published'), field(item, 'updated'), field(item, 'dc', 'dates')),
    image: imageOf(item),
    point: geoPoint(item),
    categories: arr(field(item, 'categories'))
      .map((c) => str(field(c, 'label')) ?? str(field(c, 'term')))
      .filter((c): c is string => c !== null),
    language: firstStr(field(item, 'xml', 'lang')),
  };
}

function jsonItem(item: unknown): RawItem {
  return {
    link: firstStr(field(item, 'url'), field(item, 'external_url')),
    guid: firstStr(field(item, 'id')),
    guidIsLink: false,
    title: firstStr(field(item, 'title')),
    description: firstStr(field(item, 'summary')),
    content: firstStr(field(item, 'content_text'), field(item, 'content_html')),
    author: firstStr(field(first(field(item, 'authors')), 'name'), field(item, 'author', 'name')),
    date: firstStr(field(item, 'date_published'), field(item, 'date_modified')),
    image: imageOf(item),
    point: null,
    categories: arr(field(item, 'tags'))
      .map(str)
      .filter((c): c is string => c !== null),
    language: firstStr(field(item, 'language')),
  };
}

// ---------------------------------------------------------------------------------------------
// lenient walk

/** Local element name without namespace prefix, lower case. */
function localName(name: string): string {
  const lower = name.toLowerCase();
  const colon = lower.indexOf(':');
  return colon >= 0 ? lower.slice(colon + 1) : lower;
}

/**
 * Walks any markup for <item>/<entry> elements and reads their direct children by name. Works
 * on broken and truncated documents (the last open item is kept). Null when no item was found.
 */
function lenientParse(text: string, maxItems: number, preSkipped: number): RawFeed | null {
  const items: RawItem[] = [];
  let found = 0;
  let feedTitle: string | null = null;
  let feedLanguage: string | null = null;
  let depth = 0;
  let itemDepth = -1;
  let fieldName: string | null = null;
  let fields: Map<string, string> = new Map();
  let linkHref: string | null = null;
  let channelTitle: string[] | null = null;
  let channelLang: string[] | null = null;

  const flush = (): void => {
    if (itemDepth < 0) return;
    found++;
    if (items.length < maxItems) items.push(lenientItem(fields, linkHref, feedLanguage));
    itemDepth = -1;
    fieldName = null;
    fields = new Map();
    linkHref = null;
  };

  const parser = new Parser(
    {
      onopentag(name, attribs) {
        depth++;
        const local = localName(name);
        if (itemDepth < 0 && (local === 'item' || local === 'entry')) {
          itemDepth = depth;
          return;
        }
        if (itemDepth >= 0 && depth === itemDepth + 1) {
          const qualified = name.toLowerCase();
          fieldName = qualified;
          if (local === 'link' && linkHref === null && typeof attribs['href'] === 'string') {
            const rel = attribs['rel'];
            if (rel === undefined || rel === 'alternate') linkHref = attribs['href'];
          }
          return;
        }
        if (itemDepth < 0 && local === 'title' && feedTitle === null) channelTitle = [];
        if (itemDepth < 0 && local === 'language' && feedLanguage === null) channelLang = [];
        if (itemDepth < 0 && feedLanguage === null && typeof attribs['xml:lang'] === 'string') {
          feedLanguage = attribs['xml:lang'];
        }
      },
      ontext(data) {
        if (itemDepth >= 0 && fieldName !== null) {
          const previous = fields.get(fieldName) ?? '';
          if (previous.length < CONTENT_MAX * 2) fields.set(fieldName, previous + data);
        } else if (channelTitle !== null) channelTitle.push(data);
        else if (channelLang !== null) channelLang.push(data);
      },
      onclosetag() {
        if (itemDepth >= 0 && depth === itemDepth) flush();
        else if (itemDepth >= 0 && depth === itemDepth + 1) fieldName = null;
        if (channelTitle !== null) {
          feedTitle = channelTitle.join('');
          channelTitle = null;
        }
        if (channelLang !== null) {
          feedLanguage = channelLang.join('');
          channelLang = null;
        }
        depth--;
      },
    },
    { xmlMode: true, decodeEntities: true, recognizeCDATA: true, recognizeSelfClosing: true },
  );
  // end() closes whatever a truncated document left open, which flushes the last item.
  parser.end(text);
  if (found === 0) return null;
  return {
    title: feedTitle,
    language: feedLanguage,
    items,
    skipped: preSkipped + Math.max(0, found - maxItems),
  };
}

function lenientItem(
  fields: Map<string, string>,
  linkHref: string | null,
  language: string | null,
): RawItem {
  const pick = (...names: string[]): string | null => {
    for (const name of names) {
      const value = fields.get(name);
      if (value !== undefined && value.trim() !== '') return value;
    }
    return null;
  };
  const lat = pick('geo:lat');
  const lon = pick('geo:long', 'geo:lon');
  const georss = pick('georss:point');
  const [gLat, gLon] = georss === null ? [] : georss.trim().split(/[\s,]+/);
  return {
    link: linkHref ?? pick('link'),
    guid: pick('guid', 'id'),
    guidIsLink: false,
    title: pick('title', 'dc:title'),
    description: pick('description', 'summary'),
    content: pick('content:encoded', 'content'),
    author: pick('dc:creator', 'author'),
    date: pick('pubdate', 'published', 'updated', 'dc:date'),
    image: null,
    point: georss !== null ? { lat: gLat, lon: gLon } : lat !== null ? { lat, lon } : null,
    categories: [pick('category')].filter((c): c is string => c !== null),
    language,
  };
}

// ---------------------------------------------------------------------------------------------
// sanitising into FeedItems

function isoDate(raw: string | null): string | null {
  if (raw === null) return null;
  const time = Date.parse(raw.trim());
  if (!Number.isFinite(time)) return null;
  const date = new Date(time);
  const year = date.getUTCFullYear();
  return year >= 1970 && year <= 2200 ? date.toISOString() : null;
}

function languageCode(raw: string | null): string | null {
  const match = raw === null ? null : /^\s*([A-Za-z]{2})(?:[-_][A-Za-z0-9]+)*\s*$/.exec(raw);
  return match?.[1]?.toLowerCase() ?? null;
}

function coordinate(value: unknown): number | null {
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && value.trim() !== ''
        ? Number(value)
        : Number.NaN;
  return Number.isFinite(n) ? n : null;
}

function pointOf(raw: RawItem['point']): FeedItem['point'] {
  if (raw === null) return null;
  const lat = coordinate(raw.lat);
  const lon = coordinate(raw.lon);
  if (lat === null || lon === null || Math.abs(lat) > 90 || Math.abs(lon) > 180) return null;
  return { lat, lon };
}

function finish(feed: RawFeed, mode: ParseMode, baseUrl: string): Outcome {
  const items: FeedItem[] = [];
  let dropped = feed.skipped;
  const seenUrls = new Set<string>();
  const seenGuids = new Set<string>();
  const feedLanguage = languageCode(feed.language);
  for (const raw of feed.items) {
    const item = toFeedItem(raw, baseUrl, feedLanguage);
    if (
      item === null ||
      seenUrls.has(item.url) ||
      (item.guid !== null && seenGuids.has(item.guid))
    ) {
      dropped++;
      continue;
    }
    seenUrls.add(item.url);
    if (item.guid !== null) seenGuids.add(item.guid);
    items.push(item);
  }
  return {
    status: 'ok',
    items,
    parseMode: mode,
    feedTitle: sanitiseOptional(feed.title, TITLE_MAX),
    etag: null,
    lastModified: null,
    dropped,
  };
}

function toFeedItem(raw: RawItem, baseUrl: string, feedLanguage: string | null): FeedItem | null {
  const title = sanitiseText(raw.title ?? '', TITLE_MAX);
  if (title === '') return null;
  const url =
    sanitiseLink(raw.link, baseUrl) ?? (raw.guidIsLink ? sanitiseLink(raw.guid, baseUrl) : null);
  if (url === null) return null;
  const guid = raw.guid === null ? null : sanitiseText(raw.guid, GUID_MAX) || null;
  const categories: string[] = [];
  for (const category of raw.categories) {
    const text = sanitiseText(category, CATEGORY_MAX);
    if (text !== '' && !categories.includes(text)) categories.push(text);
    if (categories.length >= MAX_CATEGORIES) break;
  }
  return {
    url,
    guid,
    title,
    description: sanitiseOptional(raw.description, DESCRIPTION_MAX),
    content: sanitiseOptional(raw.content, CONTENT_MAX),
    author: sanitiseOptional(raw.author, AUTHOR_MAX),
    publishedAt: isoDate(raw.date),
    imageUrl: sanitiseLink(raw.image, baseUrl),
    point: pointOf(raw.point),
    categories,
    language: languageCode(raw.language) ?? feedLanguage,
  };
}
