/**
 * The data of the Analytics and Intelligence views:
 * - GET /api/analytics/overview: counts over time by category and sentiment, by source, country
 *   and risk level, and the share of articles geocoded and analysed;
 * - GET /api/intelligence/trends: entities rising against the previous window, with timelines,
 *   and the largest stories (corroboration counts);
 * - GET /api/intelligence/entity-articles: the articles mentioning one knowledge-graph node.
 * Windows are 1 h ... 30 days; every response is cached like the other public lists.
 */
import type { FastifyInstance } from 'fastify';
import { sinceIso } from '../../articles/filters';
import { articleEntities } from '../../articles/knowledgeGraph';
import {
  analyticsOverview,
  bucketStart,
  findEntitySource,
  findLargestStories,
  type Bucket,
} from '../../articles/analyticsQueries';
import { rowToArticle } from '../../articles/rowToArticle';
import { articleJsonSchema, errorJsonSchema } from '../../articles/schemas';
import {
  articleErrorHandler,
  finiteQueryNumbers,
  limitSchema,
  sendCached,
  type ArticleRouteContext,
} from './common';

/** 30 days: the longest window of the views. */
export const ANALYTICS_MAX_HOURS = 720;
export const ANALYTICS_DEFAULT_HOURS = 24;
/** Windows up to this many hours are bucketed by hour, longer ones by day. */
export const HOURLY_UP_TO = 72;
/** Articles scanned per window by the entity routes: bounds the work whatever the window. */
export const ENTITY_MAX_ARTICLES = 5000;
export const TRENDS_MAX_LIMIT = 100;
export const ENTITY_ARTICLES_MAX_LIMIT = 100;

const windowHours = {
  type: 'integer',
  minimum: 1,
  maximum: ANALYTICS_MAX_HOURS,
  default: ANALYTICS_DEFAULT_HOURS,
  description: 'Window: articles created in the last N hours (1..720)',
} as const;

const bucketParam = {
  type: 'string',
  enum: ['hour', 'day'],
  description: `Time bucket; default hour for windows up to ${HOURLY_UP_TO} h, else day`,
} as const;

const countMap = { type: 'object', additionalProperties: { type: 'integer' } } as const;
const nullableNumber = { type: ['number', 'null'] } as const;

export function defaultBucket(hours: number): Bucket {
  return hours <= HOURLY_UP_TO ? 'hour' : 'day';
}

/** Every bucket start (ISO) from the one holding `since` to the one holding `now`. */
export function bucketStarts(since: Date, now: Date, bucket: Bucket): string[] {
  const step = bucket === 'hour' ? 3_600_000 : 86_400_000;
  const first = Math.floor(since.getTime() / step) * step;
  const out: string[] = [];
  for (let t = first; t <= now.getTime(); t += step) out.push(new Date(t).toISOString());
  return out;
}

const storySchema = {
  type: 'object',
  required: ['count', 'article'],
  properties: {
    count: { type: 'integer', description: 'Outlets carrying the story' },
    article: articleJsonSchema,
  },
} as const;

export function registerAnalyticsRoutes(app: FastifyInstance, deps: ArticleRouteContext): void {
  const now = deps.now ?? (() => new Date());

  app.get<{ Querystring: { hours: number; bucket?: Bucket } }>(
    '/api/analytics/overview',
    {
      errorHandler: articleErrorHandler,
      preValidation: finiteQueryNumbers,
      schema: {
        summary: 'Counts of the window over time, by source, country and risk level',
        description:
          'All articles created in the window (story duplicates excluded). series: buckets ' +
          'with at least one article, oldest first, each with counts by category and ' +
          'sentiment and the mean sentiment score. byRisk keys are the analysis risk levels ' +
          'and "none" (not assessed). countries: per country its ISO alpha-2 code (null when the ' +
          'name is no known country), the count, mean sentiment score and highest risk level ' +
          '(what the globe choropleth fills). Each grouping sums to total.',
        tags: ['analytics'],
        querystring: {
          type: 'object',
          properties: { hours: windowHours, bucket: bucketParam },
        },
        response: {
          200: {
            type: 'object',
            required: [
              'success',
              'hours',
              'bucket',
              'generatedAt',
              'total',
              'geocoded',
              'analysed',
              'series',
              'bySource',
              'byCountry',
              'byRisk',
              'countries',
            ],
            properties: {
              success: { type: 'boolean' },
              hours: { type: 'integer' },
              bucket: { type: 'string', enum: ['hour', 'day'] },
              generatedAt: { type: 'string' },
              total: { type: 'integer' },
              geocoded: { type: 'integer', description: 'Articles with coordinates' },
              analysed: { type: 'integer', description: 'Articles with a stored analysis' },
              series: {
                type: 'array',
                items: {
                  type: 'object',
                  required: ['t', 'total', 'byCategory', 'bySentiment', 'meanSentiment'],
                  properties: {
                    t: { type: 'string', description: 'Bucket start (UTC ISO)' },
                    total: { type: 'integer' },
                    byCategory: countMap,
                    bySentiment: countMap,
                    meanSentiment: nullableNumber,
                  },
                },
              },
              bySource: countMap,
              byCountry: countMap,
              byRisk: countMap,
              countries: {
                type: 'array',
                items: {
                  type: 'object',
                  required: ['country', 'iso2', 'count', 'meanSentiment', 'risk'],
                  properties: {
                    country: { type: 'string' },
                    iso2: {
                      type: ['string', 'null'],
                      description: 'ISO 3166-1 alpha-2 of the name; null when unknown',
                    },
                    count: { type: 'integer' },
                    meanSentiment: nullableNumber,
                    risk: { type: 'string' },
                  },
                },
              },
            },
          },
          400: errorJsonSchema,
        },
      },
    },
    async (request, reply) =>
      sendCached(deps.cache, request, reply, async () => {
        const { hours } = request.query;
        const bucket = request.query.bucket ?? defaultBucket(hours);
        const at = now();
        const overview = await analyticsOverview(
          deps.db,
          deps.dialect,
          sinceIso(hours, at),
          bucket,
        );
        return { success: true, hours, bucket, generatedAt: at.toISOString(), ...overview };
      }),
  );

  app.get<{ Querystring: { hours: number; limit: number } }>(
    '/api/intelligence/trends',
    {
      errorHandler: articleErrorHandler,
      preValidation: finiteQueryNumbers,
      schema: {
        summary: 'Trending entities (vs the previous window) and the largest stories',
        description:
          'Entities as in the knowledge graph (same ids) over the newest ' +
          `${ENTITY_MAX_ARTICLES} articles of the window and of the window before it. ` +
          'trending: entities in the window sorted by change (count - previous), then count; ' +
          'timeline counts per bucket of `buckets`. stories: articles carried by several ' +
          'outlets in the window, largest first.',
        tags: ['intelligence'],
        querystring: {
          type: 'object',
          properties: { hours: windowHours, limit: limitSchema(TRENDS_MAX_LIMIT, 20) },
        },
        response: {
          200: {
            type: 'object',
            required: [
              'success',
              'hours',
              'bucket',
              'buckets',
              'trending',
              'stories',
              'generatedAt',
            ],
            properties: {
              success: { type: 'boolean' },
              hours: { type: 'integer' },
              bucket: { type: 'string', enum: ['hour', 'day'] },
              buckets: { type: 'array', items: { type: 'string' } },
              generatedAt: { type: 'string' },
              trending: {
                type: 'array',
                items: {
                  type: 'object',
                  required: ['id', 'label', 'type', 'count', 'previous', 'change', 'timeline'],
                  properties: {
                    id: { type: 'string' },
                    label: { type: 'string' },
                    type: { type: 'string' },
                    count: { type: 'integer' },
                    previous: { type: 'integer' },
                    change: { type: 'integer' },
                    timeline: { type: 'array', items: { type: 'integer' } },
                  },
                },
              },
              stories: { type: 'array', items: storySchema },
            },
          },
          400: errorJsonSchema,
        },
      },
    },
    async (request, reply) =>
      sendCached(deps.cache, request, reply, async () => {
        const { hours, limit } = request.query;
        const at = now();
        const since = sinceIso(hours, at);
        const before = sinceIso(hours * 2, at);
        const bucket = defaultBucket(hours);
        const [current, previous, stories] = await Promise.all([
          findEntitySource(deps.db, { since, maxArticles: ENTITY_MAX_ARTICLES }),
          findEntitySource(deps.db, {
            since: before,
            until: since,
            maxArticles: ENTITY_MAX_ARTICLES,
          }),
          findLargestStories(deps.db, { since, limit }),
        ]);
        const buckets = bucketStarts(new Date(since), at, bucket);
        const index = new Map(buckets.map((b, i) => [b, i]));
        const counts = new Map<
          string,
          {
            id: string;
            label: string;
            type: string;
            count: number;
            previous: number;
            timeline: number[];
          }
        >();
        for (const row of current) {
          const key = bucket === 'hour' ? row.created_at.slice(0, 13) : row.created_at.slice(0, 10);
          const slot = index.get(bucketStart(key, bucket));
          for (const e of articleEntities(row)) {
            let c = counts.get(e.id);
            if (c === undefined) {
              c = { ...e, count: 0, previous: 0, timeline: buckets.map(() => 0) };
              counts.set(e.id, c);
            }
            c.count += 1;
            if (slot !== undefined) c.timeline[slot] = (c.timeline[slot] ?? 0) + 1;
          }
        }
        for (const row of previous) {
          for (const e of articleEntities(row)) {
            const c = counts.get(e.id);
            if (c !== undefined) c.previous += 1;
          }
        }
        const trending = [...counts.values()]
          .map((c) => ({ ...c, change: c.count - c.previous }))
          .sort(
            (a, b) =>
              b.change - a.change || b.count - a.count || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
          )
          .slice(0, limit);
        return {
          success: true,
          hours,
          bucket,
          buckets,
          generatedAt: at.toISOString(),
          trending,
          stories: stories.map((row) => ({ count: row.story_count, article: rowToArticle(row) })),
        };
      }),
  );

  app.get<{ Querystring: { id: string; hours: number; limit: number } }>(
    '/api/intelligence/entity-articles',
    {
      errorHandler: articleErrorHandler,
      preValidation: finiteQueryNumbers,
      schema: {
        summary: 'Articles mentioning one knowledge-graph node, newest first',
        description:
          `Scans the newest ${ENTITY_MAX_ARTICLES} articles of the window; total counts the ` +
          'matches among them.',
        tags: ['intelligence'],
        querystring: {
          type: 'object',
          required: ['id'],
          properties: {
            id: {
              type: 'string',
              minLength: 3,
              maxLength: 120,
              description: 'Node id from the knowledge graph, "<type>:<lower-case label>"',
            },
            hours: windowHours,
            limit: limitSchema(ENTITY_ARTICLES_MAX_LIMIT, 50),
          },
        },
        response: {
          200: {
            type: 'object',
            required: ['success', 'id', 'total', 'articles'],
            properties: {
              success: { type: 'boolean' },
              id: { type: 'string' },
              total: { type: 'integer' },
              articles: { type: 'array', items: articleJsonSchema },
            },
          },
          400: errorJsonSchema,
        },
      },
    },
    async (request, reply) =>
      sendCached(deps.cache, request, reply, async () => {
        const { id, hours, limit } = request.query;
        const rows = await findEntitySource(deps.db, {
          since: sinceIso(hours, now()),
          maxArticles: ENTITY_MAX_ARTICLES,
        });
        const matching = rows.filter((row) => articleEntities(row).some((e) => e.id === id));
        return {
          success: true,
          id,
          total: matching.length,
          articles: matching.slice(0, limit).map(rowToArticle),
        };
      }),
  );
}
