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
import { itemPublisher } from './publisher';
import {
  STORY_WINDOW_MS,
  findStoryLeader,
  sameTownName,
  titleFingerprint,
  type StoryCandidate,
  type StoryPoint,
} from './stories';

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
  /** The publisher is only a host name: an item's own author field names it better. */
  publisherIsHost?: boolean;
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
  const { candidates, places } = await recentStories(
    deps.db,
    new Date(now().getTime() - STORY_WINDOW_MS),
  );

  for (const item of items) {
    const id = articleIdFor(item.url);
    const publisher = itemPublisher(
      { name: source.publisher, isHost: source.publisherIsHost === true },
      item.author,
    );
    const fingerprint = titleFingerprint(item.title, publisher);
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
    let fields: PlaceColumns = placeFields(place);
    const country = place?.primary.country ?? null;
    const precise =
      place !== null && (place.primary.kind === 'city' || place.primary.kind === 'feed');
    const point =
      place === null
        ? null
        : {
            lat: place.primary.lat,
            lon: place.primary.lon,
            precise,
            name: place.primary.kind === 'city' ? place.primary.name : null,
          };
    const leader = findStoryLeader(
      { title: item.title, body, publisher, country, point },
      candidates,
    );
    // One sense per town name in a story: the report whose place rests on a dateline or a
    // qualifier ("VALENCIA, Spain") decides for reports that only had population to go on.
    let weakMembers: string[] = [];
    let adopted = false;
    if (leader !== null && point !== null) {
      const senses = candidates.filter(
        (c) =>
          (c.storyId ?? c.id) === leader.id &&
          c.point !== null &&
          c.point !== undefined &&
          sameTownName(c.point, point) &&
          (c.point.lat !== point.lat || c.point.lon !== point.lon),
      );
      const strongMember = senses.find((c) => places.get(c.id)?.strong === true);
      const itemStrong = place !== null && isStrongPlace(place.primary.evidence);
      if (!itemStrong && strongMember !== undefined) {
        fields = places.get(strongMember.id)?.fields ?? fields;
        adopted = true;
      } else if (itemStrong) {
        weakMembers = senses.filter((c) => places.get(c.id)?.strong !== true).map((c) => c.id);
      }
    }

    const result = await storeArticle(deps.db, deps.events, {
      id,
      url: item.url,
      title: item.title,
      ...(item.description === null ? {} : { description: item.description }),
      ...(item.content === null ? {} : { content: item.content }),
      source: publisher,
      ...(item.publishedAt === null ? {} : { publishedAt: item.publishedAt }),
      ...(item.author === null ? {} : { author: item.author }),
      ...(item.imageUrl === null ? {} : { imageUrl: item.imageUrl }),
      ...(item.language === null ? {} : { language: item.language }),
      ...(item.guid === null ? {} : { guid: item.guid }),
      ...(source.feedId === null ? {} : { feedId: source.feedId }),
      ...(source.isSample === true ? { isSample: true } : {}),
      ...(leader === null ? {} : { storyOf: leader.id }),
      ...fields,
      fingerprint,
    });
    if (result.status === 'duplicate') {
      // Lost a race with another writer between the check and the insert.
      summary.duplicates++;
      continue;
    }
    summary.stored++;
    if (place === null) summary.unplaced++;
    const stored = fieldsPoint(fields);
    places.set(id, {
      fields,
      strong: adopted || (place !== null && isStrongPlace(place.primary.evidence)),
    });
    candidates.unshift({
      id,
      title: item.title,
      body,
      publisher,
      country: fields.country ?? null,
      point: stored,
      storyId: leader?.id ?? null,
    });
    if (weakMembers.length > 0) {
      await adoptPlace(deps.db, fields, weakMembers);
      for (const memberId of weakMembers) {
        places.set(memberId, { fields, strong: false });
        const c = candidates.find((x) => x.id === memberId);
        if (c !== undefined) {
          c.point = stored;
          c.country = fields.country ?? null;
        }
      }
    }
    if (leader !== null) {
      summary.grouped++;
      continue; // Followers are not analysed: the story's leader carries the analysis.
    }
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

/** The place columns of a stored article, as storeArticle takes them. */
interface PlaceColumns {
  latitude?: number;
  longitude?: number;
  locationName?: string;
  country?: string;
  city?: string;
  geoAnalysis?: unknown;
}

/** A place resting on a dateline or a qualifier, not on population or colocation alone. */
function isStrongPlace(evidence: string): boolean {
  return evidence.startsWith('dateline') || evidence.includes('qualifier');
}

function fieldsPoint(fields: PlaceColumns): StoryPoint | null {
  if (fields.latitude === undefined || fields.longitude === undefined) return null;
  return {
    lat: fields.latitude,
    lon: fields.longitude,
    precise: fields.city !== undefined,
    name: fields.city ?? null,
  };
}

/** Gives reports the place another report of their story established better. */
async function adoptPlace(
  db: Kysely<Database>,
  fields: PlaceColumns,
  ids: readonly string[],
): Promise<void> {
  await db
    .updateTable('articles')
    .set({
      latitude: fields.latitude ?? null,
      longitude: fields.longitude ?? null,
      location_name: fields.locationName ?? null,
      country: fields.country ?? null,
      city: fields.city ?? null,
      geo_analysis: fields.geoAnalysis === undefined ? null : JSON.stringify(fields.geoAnalysis),
      updated_at: new Date().toISOString(),
    })
    .where('id', 'in', ids)
    .execute();
}

/** Store fields from a geocoder result, and the geographicAnalysis it implies. */
function placeFields(place: GeocodeResult | null): PlaceColumns {
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

async function recentStories(
  db: Kysely<Database>,
  since: Date,
): Promise<{
  candidates: StoryCandidate[];
  places: Map<string, { fields: PlaceColumns; strong: boolean }>;
}> {
  const rows = await db
    .selectFrom('articles')
    .select([
      'id',
      'title',
      'description',
      'content',
      'publisher',
      'country',
      'latitude',
      'longitude',
      'city',
      'location_name',
      'geo_analysis',
      'story_id',
    ])
    .where('created_at', '>=', since.toISOString())
    .orderBy('created_at', 'desc')
    .limit(STORY_CANDIDATES)
    .execute();
  const places = new Map<string, { fields: PlaceColumns; strong: boolean }>();
  for (const r of rows) {
    let geo: unknown;
    let strong = false;
    if (r.geo_analysis !== null) {
      try {
        geo = JSON.parse(r.geo_analysis);
        const first = (geo as { mentioned_locations?: { evidence?: string }[] })
          .mentioned_locations?.[0];
        strong = isStrongPlace(first?.evidence ?? '');
      } catch {
        geo = undefined;
      }
    }
    places.set(r.id, {
      strong,
      fields: {
        ...(r.latitude === null ? {} : { latitude: r.latitude }),
        ...(r.longitude === null ? {} : { longitude: r.longitude }),
        ...(r.location_name === null ? {} : { locationName: r.location_name }),
        ...(r.country === null ? {} : { country: r.country }),
        ...(r.city === null ? {} : { city: r.city }),
        ...(geo === undefined ? {} : { geoAnalysis: geo }),
      },
    });
  }
  const candidates = rows.map((r) => ({
    id: r.id,
    title: r.title,
    body: r.content ?? r.description,
    publisher: r.publisher,
    country: r.country,
    storyId: r.story_id,
    point:
      r.latitude === null || r.longitude === null
        ? null
        : { lat: r.latitude, lon: r.longitude, precise: r.city !== null, name: r.city },
  }));
  return { candidates, places };
}
