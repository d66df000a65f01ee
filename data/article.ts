/**
 * The Article as it travels over the wire (HTTP JSON and, later, socket.io events). Shared by the
 * server (which produces it from a database row) and the client (which places it on the globe).
 *
 * Field names follow the product spec (section 3, "Article"), which is a union of names read by
 * the original client; this is the subset the server produces today. Optional spec fields that the
 * server does not know yet (summary, tags, hybridAnalysis...) are absent rather than null so the
 * client's fallbacks (spec section 5 "Defaults") apply.
 *
 * Times are ISO 8601 strings in UTC with milliseconds (`Date.prototype.toISOString()` format).
 */

import type { RealityType } from './analysis';

export const ARTICLE_SENTIMENTS = ['positive', 'negative', 'neutral', 'mixed'] as const;
export type ArticleSentiment = (typeof ARTICLE_SENTIMENTS)[number];

export function isArticleSentiment(value: unknown): value is ArticleSentiment {
  return typeof value === 'string' && (ARTICLE_SENTIMENTS as readonly string[]).includes(value);
}

export interface ArticleSource {
  /** Publisher or feed name; 'Unknown Publisher' when the source gave none. */
  name: string;
}

export interface ArticleLocation {
  /** Display name, e.g. 'Nairobi, Kenya'. */
  name: string | null;
  city: string | null;
  country: string | null;
  /** Degrees, -90..90; null when the article is not geocoded. */
  lat: number | null;
  /** Degrees, -180..180; null when the article is not geocoded. */
  lon: number | null;
}

export interface Article {
  id: string;
  title: string;
  description: string | null;
  /** Canonical URL of the original story. */
  url: string;
  source: ArticleSource;
  author: string | null;
  urlToImage: string | null;
  /** When the publisher says it was published; null when the feed gave no date. */
  publishedAt: string | null;
  /** When ATLAS stored it; always present, used for "newest first". */
  createdAt: string;
  /** Same as location.lat / location.lon; kept at top level because the globe reads these first. */
  latitude: number | null;
  longitude: number | null;
  location: ArticleLocation;
  extractedLocation: { country: string | null };
  /** Primary category, lower case (e.g. 'politics'); 'general' when unknown. */
  category: string;
  categories: string[];
  sentiment: ArticleSentiment;
  /** -1 (negative) .. 1 (positive); null when not scored. */
  sentimentScore: number | null;
  emoji: string | null;
  /** True for synthetic articles made by the seeder (benchmarks, demos), never for real news. */
  isSample: boolean;
  /**
   * pending | processing | complete | failed | skipped; in single-article responses
   * (GET /api/articles/:id, v4 list, POST /api/articles), not in the plain lists.
   */
  analysisStatus?: ArticleAnalysisStatus;
  /** Full text; only in single-article responses (GET /api/articles/:id), lists omit it. */
  content?: string | null;
  /**
   * The stored analysis (spec "hybridAnalysis"); present on GET /api/articles/:id and on lists
   * that ask for it (geocoded ?useEnhanced=true) when the article has been analysed.
   */
  hybridAnalysis?: unknown;
  /**
   * Present when other outlets carry the same story (near-duplicates grouped at ingestion): the
   * number of outlets including this one, and the others' names and links. Shown as
   * corroboration; the duplicates themselves are not listed as separate articles.
   */
  corroboration?: ArticleCorroboration;
  engagement?: number;
  virality?: number;
  credibility?: number;
  urgencyScore?: number;
  /** The analysis's reality type (fact, fiction, mixed, unverified). */
  realityType?: RealityType;
  tags?: string[];
  insights?: string[];
}

/**
 * Card fields on list responses (GET /api/public/all-articles, /api/articles/geocoded) once the
 * article is analysed: 0..1 scores, up to 5 tags and the first AI insight. Single-article
 * responses carry the full hybridAnalysis instead.
 */
export interface ArticleCardFields {
  engagement?: number;
  virality?: number;
  credibility?: number;
  urgencyScore?: number;
  /** The analysis's reality type (fact, fiction, mixed, unverified). */
  realityType?: RealityType;
  tags?: string[];
  insights?: string[];
}

export interface StorySource {
  name: string;
  url: string;
  title: string;
}

export interface ArticleCorroboration {
  /** Outlets carrying the story, this article's included (>= 2). */
  count: number;
  /** The other outlets, in the order they were seen (at most MAX_STORY_SOURCES). */
  sources: StorySource[];
}

/** Most sources kept per story (the count keeps counting beyond it). */
export const MAX_STORY_SOURCES = 10;

export const ARTICLE_ANALYSIS_STATUSES = [
  'pending',
  'processing',
  'complete',
  'failed',
  'skipped',
] as const;
export type ArticleAnalysisStatus = (typeof ARTICLE_ANALYSIS_STATUSES)[number];

/** GET /api/public/all-articles */
export interface ArticleListResponse {
  success: true;
  articles: Article[];
  pagination: {
    /** Number of articles in the database (not in this page). */
    total: number;
    limit: number;
    /** 1-based. */
    page: number;
  };
}

export type ArticleSort = 'createdAt' | '-createdAt' | 'publishedAt' | '-publishedAt';
