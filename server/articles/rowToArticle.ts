/**
 * Database row -> wire Article. The only place that knows both shapes, so the client never sees
 * column names and a schema change touches one function.
 */
import {
  ARTICLE_ANALYSIS_STATUSES,
  isArticleSentiment,
  type Article,
  type ArticleAnalysisStatus,
  type ArticleCorroboration,
  type StorySource,
} from '../../data/article';
import type { ArticleRow } from '../db/schema';
import { cardFieldsOf } from './cardFields';

/** The columns rowToArticle reads; queries select exactly these (content can be large). */
export const ARTICLE_WIRE_COLUMNS = [
  'id',
  'url',
  'title',
  'description',
  'source',
  'publisher',
  'author',
  'image_url',
  'published_at',
  'created_at',
  'latitude',
  'longitude',
  'location_name',
  'country',
  'city',
  'category',
  'categories',
  'sentiment',
  'sentiment_score',
  'emoji',
  'is_sample',
  'story_count',
  'story_sources',
] as const satisfies readonly (keyof ArticleRow)[];

export type ArticleWireRow = Pick<ArticleRow, (typeof ARTICLE_WIRE_COLUMNS)[number]>;

/** A list row may carry the stored analysis: the article then gets its card fields. */
export function rowToArticle(row: ArticleWireRow & { hybrid_analysis?: string | null }): Article {
  const latitude = finiteOrNull(row.latitude);
  const longitude = finiteOrNull(row.longitude);
  const category = row.category === '' ? 'general' : row.category;
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    url: row.url,
    source: { name: row.source ?? row.publisher ?? 'Unknown Publisher' },
    author: row.author,
    urlToImage: row.image_url,
    publishedAt: row.published_at,
    createdAt: row.created_at,
    latitude,
    longitude,
    location: {
      name: row.location_name,
      city: row.city,
      country: row.country,
      lat: latitude,
      lon: longitude,
    },
    extractedLocation: { country: row.country },
    category,
    categories: parseCategories(row.categories, category),
    sentiment: isArticleSentiment(row.sentiment) ? row.sentiment : 'neutral',
    sentimentScore: finiteOrNull(row.sentiment_score),
    emoji: row.emoji,
    isSample: row.is_sample === 1,
    ...corroborationOf(row.story_count, row.story_sources),
    ...('hybrid_analysis' in row ? cardFieldsOf(row.hybrid_analysis) : {}),
  };
}

/** `corroboration` when other outlets carry the story; nothing for a lone article. */
function corroborationOf(
  count: number,
  json: string | null,
): { corroboration?: ArticleCorroboration } {
  if (count < 2) return {};
  const sources: StorySource[] = [];
  try {
    const parsed: unknown = json === null ? [] : JSON.parse(json);
    if (Array.isArray(parsed)) {
      for (const item of parsed as unknown[]) {
        if (typeof item !== 'object' || item === null) continue;
        const { name, url, title } = item as Record<string, unknown>;
        if (typeof name === 'string' && typeof url === 'string' && typeof title === 'string') {
          sources.push({ name, url, title });
        }
      }
    }
  } catch {
    // A corrupt cell keeps the count and loses the list.
  }
  return { corroboration: { count, sources } };
}

/** Columns of the single-article view: the list columns plus the large ones. */
export const ARTICLE_DETAIL_COLUMNS = [
  ...ARTICLE_WIRE_COLUMNS,
  'content',
  'hybrid_analysis',
  'analysis_status',
] as const satisfies readonly (keyof ArticleRow)[];

export type ArticleDetailRow = Pick<ArticleRow, (typeof ARTICLE_DETAIL_COLUMNS)[number]>;

/** The article with content and, when analysed, hybridAnalysis (GET /api/articles/:id). */
export function rowToArticleDetail(row: ArticleDetailRow): Article {
  const article = rowToArticle(row);
  article.analysisStatus = analysisStatus(row.analysis_status);
  article.content = row.content;
  const analysis = parseAnalysis(row.hybrid_analysis);
  if (analysis !== undefined) article.hybridAnalysis = analysis;
  return article;
}

/** Parsed hybrid_analysis, or undefined when absent or corrupt (a bad cell must not 500). */
export function parseAnalysis(json: string | null): unknown {
  if (json === null) return undefined;
  try {
    const parsed: unknown = JSON.parse(json);
    return parsed === null ? undefined : parsed;
  } catch {
    return undefined;
  }
}

function analysisStatus(value: string): ArticleAnalysisStatus {
  return (ARTICLE_ANALYSIS_STATUSES as readonly string[]).includes(value)
    ? (value as ArticleAnalysisStatus)
    : 'pending';
}

export function finiteOrNull(value: number | null): number | null {
  return value !== null && Number.isFinite(value) ? value : null;
}

/** A corrupt JSON cell must not fail the whole list: fall back to the primary category. */
/**
 * The category list always starts with `category` (one label everywhere: list, detail, tooltip,
 * marker); other stored labels follow, and 'general' only when it is the category. Rows written
 * before the analysis set `categories` carried ['general'] next to a real category.
 */
function parseCategories(json: string, category: string): string[] {
  let names: string[] = [];
  try {
    const parsed: unknown = JSON.parse(json);
    if (Array.isArray(parsed)) {
      names = parsed.filter((c): c is string => typeof c === 'string' && c !== '');
    }
  } catch {
    // fall through
  }
  return [category, ...names.filter((c) => c !== category && c !== 'general')];
}
