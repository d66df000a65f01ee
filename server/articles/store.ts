/**
 * Storing a new article: insert and 'article:new' event in one transaction, announce after
 * commit. POST /api/articles uses it; the ingestion pipeline uses it too, so every new article
 * reaches real-time clients the same way and exactly when it is durable.
 */
import { randomInt, randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import {
  MAX_STORY_SOURCES,
  type Article,
  type ArticleCorroboration,
  type ArticleSentiment,
  type StorySource,
} from '../../data/article';
import type { Database, NewArticleRow } from '../db/schema';
import type { ArticleEventLog } from '../realtime/articleEventLog';
import { parseIsoDate } from './filters';
import { ARTICLE_WIRE_COLUMNS, rowToArticle } from './rowToArticle';

export interface StoreArticleInput {
  title: string;
  /** http(s) URL, canonical; the dedup key. */
  url: string;
  description?: string;
  content?: string;
  source?: string;
  /** ISO 8601; stored in toISOString() form. Throws FilterError when invalid. */
  publishedAt?: string;
  latitude?: number;
  longitude?: number;
  locationName?: string;
  country?: string;
  city?: string;
  category?: string;
  sentiment?: ArticleSentiment;
  // For ingestion (not accepted from the HTTP body):
  id?: string;
  feedId?: string;
  fingerprint?: string;
  language?: string;
  author?: string;
  imageUrl?: string;
  emoji?: string;
  categories?: string[];
  /** The feed's guid for the item (unique per feedId). */
  guid?: string;
  /** Bundled sample data (first-run starter set, synthetic seed). */
  isSample?: boolean;
  /** JSON-serialisable geocoder result (geographicAnalysis shape). */
  geoAnalysis?: unknown;
  /**
   * A near-duplicate of this story leader (another outlet's copy): stored with story_id, counted
   * on the leader as corroboration in the same transaction, and announced as an 'article:update'
   * of the leader instead of an 'article:new' (it is not a separate marker).
   */
  storyOf?: string;
}

export type StoreResult = { status: 'created'; article: Article } | { status: 'duplicate' };

export async function storeArticle(
  db: Kysely<Database>,
  events: ArticleEventLog,
  input: StoreArticleInput,
): Promise<StoreResult> {
  const now = new Date().toISOString();
  const category = (input.category ?? 'general').trim().toLowerCase() || 'general';
  const row: NewArticleRow = {
    id: input.id ?? `art-${randomUUID()}`,
    url: input.url,
    title: input.title,
    description: input.description ?? null,
    content: input.content ?? null,
    source: input.source ?? null,
    publisher: input.source ?? null,
    author: input.author ?? null,
    feed_id: input.feedId ?? null,
    published_at:
      input.publishedAt === undefined ? null : parseIsoDate('publishedAt', input.publishedAt),
    created_at: now,
    updated_at: now,
    // A place needs both coordinates; half a place would put a marker at the equator.
    latitude: input.latitude !== undefined && input.longitude !== undefined ? input.latitude : null,
    longitude:
      input.latitude !== undefined && input.longitude !== undefined ? input.longitude : null,
    location_name: input.locationName ?? null,
    country: input.country ?? null,
    city: input.city ?? null,
    category,
    categories: JSON.stringify(input.categories ?? [category]),
    sentiment: input.sentiment ?? 'neutral',
    emoji: input.emoji ?? null,
    image_url: input.imageUrl ?? null,
    language: input.language ?? null,
    fingerprint: input.fingerprint ?? null,
    guid: input.guid ?? null,
    is_sample: input.isSample === true ? 1 : 0,
    geo_analysis: input.geoAnalysis === undefined ? null : JSON.stringify(input.geoAnalysis),
    story_id: input.storyOf ?? null,
    // Row fragments (server/articles/rowFragments.ts) are keyed by (id, version): a random first
    // version means a row deleted and inserted again under the same id never matches the old
    // row's fragments (updates then count up from it, migration 0012).
    version: randomInt(1, 2 ** 31 - 1),
    // A copy of another outlet's story is not analysed: the story's leader carries the analysis.
    ...(input.storyOf === undefined ? {} : { analysis_status: 'skipped' }),
  };

  const result = await db.transaction().execute(async (trx) => {
    // No conflict target: any unique key (id, url, fingerprint) makes it a duplicate.
    const inserted = await trx
      .insertInto('articles')
      .values(row)
      .onConflict((oc) => oc.doNothing())
      .returning(ARTICLE_WIRE_COLUMNS)
      .executeTakeFirst();
    if (inserted === undefined) return null;
    // A new article is 'pending' until analysed; a copy of another outlet's story is 'skipped'.
    const article: Article = {
      ...rowToArticle(inserted),
      analysisStatus: input.storyOf === undefined ? 'pending' : 'skipped',
    };
    if (input.storyOf !== undefined) {
      const leaderUpdate = await addStorySource(trx, input.storyOf, {
        name: article.source.name,
        url: article.url,
        title: article.title,
      });
      if (leaderUpdate !== null) {
        const logged = await events.record(trx, {
          kind: 'article:update',
          articleId: input.storyOf,
          payload: { id: input.storyOf, updates: { corroboration: leaderUpdate } },
        });
        return { article, logged };
      }
      // The leader is gone: store it as an article of its own.
      await trx
        .updateTable('articles')
        .set({ story_id: null })
        .where('id', '=', article.id)
        .execute();
    }
    const logged = await events.record(trx, {
      kind: 'article:new',
      articleId: article.id,
      payload: article,
    });
    return { article, logged };
  });
  if (result === null) return { status: 'duplicate' };
  events.announce([result.logged]);
  return { status: 'created', article: result.article };
}

/** Counts one more outlet on a story's leader; null when the leader does not exist. */
async function addStorySource(
  trx: Transaction<Database>,
  leaderId: string,
  source: StorySource,
): Promise<ArticleCorroboration | null> {
  const leader = await trx
    .selectFrom('articles')
    .select(['story_count', 'story_sources'])
    .where('id', '=', leaderId)
    .executeTakeFirst();
  if (leader === undefined) return null;
  let sources: StorySource[] = [];
  try {
    const parsed: unknown = leader.story_sources === null ? [] : JSON.parse(leader.story_sources);
    if (Array.isArray(parsed)) sources = parsed as StorySource[];
  } catch {
    sources = [];
  }
  if (sources.length < MAX_STORY_SOURCES) sources.push(source);
  const count = leader.story_count + 1;
  await trx
    .updateTable('articles')
    .set({
      story_count: count,
      story_sources: JSON.stringify(sources),
      updated_at: new Date().toISOString(),
    })
    .where('id', '=', leaderId)
    .execute();
  return { count, sources };
}
