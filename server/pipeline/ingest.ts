/**
 * Storing parsed feed items: dedup -> geocode -> story grouping -> store (+ 'article:new') ->
 * enqueue analysis. Idempotent, so a fetch job that crashed half-way is simply run again:
 * - article ids are derived from the canonical URL, and URL, (feed, guid) and title fingerprint
 *   are unique keys, so a re-run inserts nothing twice;
 * - the analysis job has a dedupe key per article, and an item that turns out to be stored already
 *   re-enqueues its analysis if it is not complete (the crash may have hit between the two).
 */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { JobQueue } from '../jobs/queue';
import type { ArticleEventLog } from '../realtime/articleEventLog';
import { storeArticle } from '../articles/store';
import type { FeedItem, GeocodeResult, Geocoder } from './contracts';
import { STORY_WINDOW_MS, findStoryLeader, titleFingerprint, type StoryCandidate } from './stories';

export const ANALYSE_JOB = 'article:analyse';

export interface IngestDeps {
  db: Kysely<Database>;
  events: ArticleEventLog;
  queue: JobQueue;
  /** Null: articles are stored unplaced (they still get analysed and listed, not drawn). */
  geocoder: Geocoder | null;
  now?: () => Date;
}

export interface IngestSource {
  /** feeds.id, or null for items that come from no registered feed. */
  feedId: string | null;
  /** Outlet name shown as the article's source. */
  publisher: string;
  /** Bundled starter data: marked as sample wherever it is shown. */
  isSample?: boolean;
}

export interface IngestSummary {
  stored: number;
  duplicates: number;
  /** Stored as another outlet's copy of an existing story (corroboration). */
  grouped: number;
  /** Stored without a location (the geocoder found no place). */
  unplaced: number;
}

/** How many recent stories an item is compared with. */
const STORY_CANDIDATES = 500;

/** The article id for a canonical URL: the same item always gets the same id. */
export function articleIdFor(url: string): string {
  return `art-${createHash('sha256').update(url).digest('hex').slice(0, 24)}`;
}

export function analyseJobKey(articleId: string): string {
  return `analyse:${articleId}`;
}

export async function ingestItems(
  deps: IngestDeps,
  source: IngestSource,
  items: readonly FeedItem[],
): Promise<IngestSummary> {
  const now = deps.now ?? (() => new Date());
  const summary: IngestSummary = { stored: 0, duplicates: 0, grouped: 0, unplaced: 0 };
  const candidates = await recentStories(deps.db, new Date(now().getTime() - STORY_WINDOW_MS));

  for (const item of items) {
    const id = articleIdFor(item.url);
    const fingerprint = titleFingerprint(item.title, source.publisher);
    const existing = await findExisting(deps.db, {
      id,
      url: item.url,
      fingerprint,
      feedId: source.feedId,
      guid: item.guid,
    });
    if (existing !== undefined) {
      summary.duplicates++;
      if (existing.analysis_status !== 'complete' && existing.story_id === null) {
        await enqueueAnalysis(deps.queue, existing.id);
      }
      continue;
    }

    const body = item.content ?? item.description;
    const place =
      deps.geocoder?.geocode({
        title: item.title,
        description: item.description,
        content: item.content,
        point: item.point,
      }) ?? null;
    const country = place?.primary.country ?? null;
    const leader = findStoryLeader(
      { title: item.title, body, publisher: source.publisher, country },
      candidates,
    );

    const result = await storeArticle(deps.db, deps.events, {
      id,
      url: item.url,
      title: item.title,
      ...(item.description === null ? {} : { description: item.description }),
      ...(item.content === null ? {} : { content: item.content }),
      source: source.publisher,
      ...(item.publishedAt === null ? {} : { publishedAt: item.publishedAt }),
      ...(item.author === null ? {} : { author: item.author }),
      ...(item.imageUrl === null ? {} : { imageUrl: item.imageUrl }),
      ...(item.language === null ? {} : { language: item.language }),
      ...(item.guid === null ? {} : { guid: item.guid }),
      ...(source.feedId === null ? {} : { feedId: source.feedId }),
      ...(source.isSample === true ? { isSample: true } : {}),
      ...(leader === null ? {} : { storyOf: leader.id }),
      ...placeFields(place),
      fingerprint,
    });
    if (result.status === 'duplicate') {
      // Lost a race with another writer between the check and the insert.
      summary.duplicates++;
      continue;
    }
    summary.stored++;
    if (place === null) summary.unplaced++;
    if (leader !== null) {
      summary.grouped++;
      continue; // Followers are not analysed: the story's leader carries the analysis.
    }
    candidates.unshift({ id, title: item.title, body, publisher: source.publisher, country });
    await enqueueAnalysis(deps.queue, id);
  }
  return summary;
}

export async function enqueueAnalysis(queue: JobQueue, articleId: string): Promise<void> {
  await queue.enqueue({
    kind: ANALYSE_JOB,
    payload: { articleId },
    dedupeKey: analyseJobKey(articleId),
  });
}

/** Store fields from a geocoder result, and the geographicAnalysis it implies. */
function placeFields(place: GeocodeResult | null): {
  latitude?: number;
  longitude?: number;
  locationName?: string;
  country?: string;
  city?: string;
  geoAnalysis?: unknown;
} {
  if (place === null) return {};
  const { primary } = place;
  const isCity = primary.kind === 'city';
  return {
    latitude: primary.lat,
    longitude: primary.lon,
    // 'Singapore, Singapore' reads badly: city-states and countries show their name once.
    locationName:
      (isCity || primary.kind === 'admin1') && primary.name !== primary.country
        ? `${primary.name}, ${primary.country}`
        : primary.name,
    country: primary.country,
    ...(isCity ? { city: primary.name } : {}),
    geoAnalysis: geographicAnalysisOf(place),
  };
}

/** The spec's geographicAnalysis shape, with coordinates and evidence kept for the client. */
export function geographicAnalysisOf(place: GeocodeResult): {
  primary_location: { name: string; lat: number; lon: number; countryCode: string };
  country: string;
  mentioned_locations: {
    name: string;
    relevance: number;
    lat: number;
    lon: number;
    country: string;
    evidence: string;
  }[];
} {
  const { primary } = place;
  return {
    primary_location: {
      name: primary.name,
      lat: primary.lat,
      lon: primary.lon,
      countryCode: primary.countryCode,
    },
    country: primary.country,
    mentioned_locations: place.mentioned.slice(0, 6).map((p) => ({
      name: p.name,
      relevance: Math.round(p.relevance * 100) / 100,
      lat: p.lat,
      lon: p.lon,
      country: p.country,
      evidence: p.evidence,
    })),
  };
}

async function findExisting(
  db: Kysely<Database>,
  keys: {
    id: string;
    url: string;
    fingerprint: string;
    feedId: string | null;
    guid: string | null;
  },
): Promise<{ id: string; analysis_status: string; story_id: string | null } | undefined> {
  return db
    .selectFrom('articles')
    .select(['id', 'analysis_status', 'story_id'])
    .where((eb) => {
      const ors = [
        eb('id', '=', keys.id),
        eb('url', '=', keys.url),
        eb('fingerprint', '=', keys.fingerprint),
      ];
      if (keys.feedId !== null && keys.guid !== null) {
        ors.push(eb.and([eb('feed_id', '=', keys.feedId), eb('guid', '=', keys.guid)]));
      }
      return eb.or(ors);
    })
    .executeTakeFirst();
}

async function recentStories(db: Kysely<Database>, since: Date): Promise<StoryCandidate[]> {
  const rows = await db
    .selectFrom('articles')
    .select(['id', 'title', 'description', 'content', 'publisher', 'country'])
    .where('story_id', 'is', null)
    .where('created_at', '>=', since.toISOString())
    .orderBy('created_at', 'desc')
    .limit(STORY_CANDIDATES)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    body: r.content ?? r.description,
    publisher: r.publisher,
    country: r.country,
  }));
}
