/**
 * The seams of the ingestion pipeline (fetch -> parse -> store -> geocode -> analyse -> publish).
 * Feeds (server/feeds) produce FeedFetchOutcome; the geocoder (server/geocode) implements Geocoder;
 * the pipeline (server/pipeline) drives both through durable jobs. Kept in one small file so each
 * side can be built and tested on its own.
 */

/** One item of a parsed feed, already sanitised: plain text (no HTML), http(s) links only. */
export interface FeedItem {
  /** The item's link, canonicalised (tracking parameters dropped); http(s) only. */
  url: string;
  /** The feed's guid/id for the item, when it has one. */
  guid: string | null;
  title: string;
  /** Plain text summary (HTML stripped), or null. */
  description: string | null;
  /** Plain text body when the feed carries one (content:encoded, content_text), or null. */
  content: string | null;
  author: string | null;
  /** ISO 8601 (toISOString form) or null when absent or unparseable. */
  publishedAt: string | null;
  /** http(s) image URL or null. */
  imageUrl: string | null;
  /** Feed-provided coordinates (georss:point, geo:lat/long, JSON Feed extension), or null. */
  point: { lat: number; lon: number } | null;
  categories: string[];
  /** ISO 639-1 from the feed (channel language / xml:lang), or null. */
  language: string | null;
}

/** How a feed document was finally parsed (recorded per feed as its health). */
export type ParseMode = 'rss' | 'atom' | 'rdf' | 'json' | 'sanitised' | 'lenient';

/** The defined outcome of fetching and parsing one feed: stored N, or rejected with a reason. */
export type FeedFetchOutcome =
  | {
      status: 'ok';
      items: FeedItem[];
      parseMode: ParseMode;
      /** Feed title (channel/feed title), used as the source name when the registry has none. */
      feedTitle: string | null;
      /** Validators for the next conditional GET. */
      etag: string | null;
      lastModified: string | null;
      /** Items dropped while parsing (no title, unsafe or missing link, over the item cap). */
      dropped: number;
    }
  | { status: 'not-modified' }
  | {
      status: 'rejected';
      /** Machine-readable reason, e.g. 'ssrf', 'timeout', 'too-large', 'http-404', 'unparseable'. */
      reason: string;
      /** Human-readable detail for the feed's health record (no secrets). */
      detail: string;
      /** Whether retrying later can help (network errors, 5xx) or not (ssrf, bad scheme). */
      retryable: boolean;
    };

export interface FeedRequest {
  url: string;
  etag: string | null;
  lastModified: string | null;
}

/** Fetches and parses one feed. Never throws for anything the feed does: returns 'rejected'. */
export type FetchFeed = (feed: FeedRequest, signal?: AbortSignal) => Promise<FeedFetchOutcome>;

/** The text the geocoder reads, and feed coordinates when the feed had them. */
export interface GeocodeInput {
  title: string;
  description: string | null;
  content: string | null;
  point: { lat: number; lon: number } | null;
}

export interface GeocodedPlace {
  name: string;
  /** ISO 3166-1 alpha-2, upper case. */
  countryCode: string;
  country: string;
  lat: number;
  lon: number;
  /** 'city' | 'admin1' | 'country' | 'feed' (coordinates given by the feed). */
  kind: 'city' | 'admin1' | 'country' | 'feed';
  population: number | null;
  /** 0..1: how central the place is to the article (focus first). */
  relevance: number;
  /** How the place was found, e.g. 'dateline', 'title', 'qualifier', 'colocation', 'feed'. */
  evidence: string;
}

export interface GeocodeResult {
  /** The article's focus: fills latitude/longitude, location and extractedLocation.country. */
  primary: GeocodedPlace;
  /** Up to 6 places mentioned, focus first (geographicAnalysis.mentionedLocations). */
  mentioned: GeocodedPlace[];
}

export interface Geocoder {
  /** Null when no place can be resolved with confidence (the article stays unplaced). */
  geocode(input: GeocodeInput): GeocodeResult | null;
}
