/**
 * /api/news-markers: recent markers (optionally inside a bounding box), one country's articles,
 * and counts for the stats panel.
 */
import type { FastifyInstance } from 'fastify';
import { countrySpellings } from '../../articles/countryCodes';
import { parseBoundingBox, sinceIso } from '../../articles/filters';
import {
  findByCountry,
  findMarkerRowsByIds,
  findRecentMarkerVersions,
  findWireRowsByIds,
  markerStats,
  type MarkerRow,
} from '../../articles/queries';
import type { VersionedId } from '../../articles/rowFragments';
import type { Role } from '../../../data/permissions';
import { gateArticlePayload, roleClass } from '../../articles/roleGate';
import { finiteOrNull, rowToArticle } from '../../articles/rowToArticle';
import { isArticleSentiment } from '../../../data/article';
import { articleJsonSchema, errorJsonSchema, markerJsonSchema } from '../../articles/schemas';
import {
  articleErrorHandler,
  listCacheKey,
  listClient,
  sendCached,
  finiteQueryNumbers,
  hoursSchema,
  limitSchema,
  type ArticleRouteContext,
} from './common';
import { bytes, withEtag } from './listJson';

export const MARKERS_DEFAULT_HOURS = 12;
export const MARKERS_DEFAULT_LIMIT = 200;
export const MARKERS_MAX_LIMIT = 1000;
export const COUNTRY_DEFAULT_HOURS = 24;
export const COUNTRY_DEFAULT_LIMIT = 50;
export const COUNTRY_MAX_LIMIT = 500;
/** Marker emoji when the article has none (spec: the newspaper is the last fallback). */
export const DEFAULT_MARKER_EMOJI = '📰';

export interface NewsMarker {
  id: string;
  title: string;
  lat: number;
  lng: number;
  category: string;
  sentiment: string;
  emoji: string;
  createdAt: string;
  source: string;
}

interface RecentQuery {
  hours: number;
  limit: number;
  format?: string;
  minLat?: number;
  maxLat?: number;
  minLng?: number;
  maxLng?: number;
}

const lat = { type: 'number', minimum: -90, maximum: 90 } as const;
const lng = { type: 'number', minimum: -180, maximum: 180 } as const;

export function registerMarkerRoutes(app: FastifyInstance, deps: ArticleRouteContext): void {
  const now = deps.now ?? (() => new Date());

  app.get<{ Querystring: RecentQuery }>(
    '/api/news-markers/recent',
    {
      errorHandler: articleErrorHandler,
      preValidation: finiteQueryNumbers,
      schema: {
        summary: 'Recent geocoded articles as markers or full articles',
        description:
          'Bounding box: give all four of minLat, maxLat, minLng, maxLng or none. ' +
          'minLng > maxLng means the box crosses the antimeridian (lng >= minLng or lng <= maxLng).',
        tags: ['markers'],
        querystring: {
          type: 'object',
          properties: {
            hours: hoursSchema(MARKERS_DEFAULT_HOURS),
            limit: limitSchema(MARKERS_MAX_LIMIT, MARKERS_DEFAULT_LIMIT),
            format: {
              type: 'string',
              maxLength: 20,
              description: "'markers' for compact marker objects; full articles otherwise",
            },
            minLat: lat,
            maxLat: lat,
            minLng: lng,
            maxLng: lng,
          },
        },
        response: {
          200: {
            type: 'object',
            required: ['success', 'articles'],
            properties: {
              success: { type: 'boolean' },
              articles: {
                type: 'array',
                items: { anyOf: [markerJsonSchema, articleJsonSchema] },
              },
            },
          },
          400: errorJsonSchema,
        },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const box = parseBoundingBox(q);
      const body = await deps.cache.get(
        listCacheKey(request),
        async () => {
          // The listed rows as (id, version); their JSON is joined from row fragments, as
          // JSON.stringify({ success: true, articles }) gave it (not the schema: its anyOf would
          // make Fastify test both shapes per item).
          const listed = await findRecentMarkerVersions(deps.db, {
            since: sinceIso(q.hours, now()),
            limit: q.limit,
            ...(box === undefined ? {} : { box }),
          });
          return q.format === 'markers'
            ? markersJson(deps, listed)
            : markerArticlesJson(deps, request.auth.role, listed);
        },
        listClient(request),
      );
      return reply.type('application/json; charset=utf-8').send(body);
    },
  );

  app.get<{ Params: { country: string }; Querystring: { hours: number; limit: number } }>(
    '/api/news-markers/by-country/:country',
    {
      errorHandler: articleErrorHandler,
      preValidation: finiteQueryNumbers,
      schema: {
        summary: "One country's recent articles",
        description:
          'country: an English name or ISO 3166-1 alpha-2/alpha-3 code, any case; a known ' +
          "country also matches its other names and codes ('US' finds 'United States').",
        tags: ['markers'],
        params: {
          type: 'object',
          required: ['country'],
          properties: { country: { type: 'string', minLength: 1, maxLength: 100 } },
        },
        querystring: {
          type: 'object',
          properties: {
            hours: hoursSchema(COUNTRY_DEFAULT_HOURS),
            limit: limitSchema(COUNTRY_MAX_LIMIT, COUNTRY_DEFAULT_LIMIT),
          },
        },
        response: {
          200: {
            type: 'object',
            required: ['success', 'country', 'total', 'articles'],
            properties: {
              success: { type: 'boolean' },
              country: { type: 'string' },
              total: { type: 'integer', description: 'Matching articles in the window' },
              articles: { type: 'array', items: articleJsonSchema },
            },
          },
          400: errorJsonSchema,
        },
      },
    },
    async (request, reply) =>
      sendCached(deps.cache, request, reply, async () => {
        const country = request.params.country.trim();
        const { rows, total } = await findByCountry(deps.db, {
          names: countrySpellings(country),
          since: sinceIso(request.query.hours, now()),
          limit: request.query.limit,
        });
        return { success: true, country, total, articles: rows.map(rowToArticle) };
      }),
  );

  const countMap = {
    type: 'object',
    additionalProperties: { type: 'integer' },
  } as const;

  app.get<{ Querystring: { hours: number } }>(
    '/api/news-markers/stats',
    {
      errorHandler: articleErrorHandler,
      preValidation: finiteQueryNumbers,
      schema: {
        summary: 'Counts of recent articles by category, sentiment, country and hour',
        description:
          'All articles created in the window (geocoded or not). byHour: UTC hour starts with ' +
          'at least one article, oldest first. Each grouping sums to total.',
        tags: ['markers'],
        querystring: {
          type: 'object',
          properties: { hours: hoursSchema(MARKERS_DEFAULT_HOURS) },
        },
        response: {
          200: {
            type: 'object',
            required: [
              'success',
              'hours',
              'total',
              'byCategory',
              'bySentiment',
              'byCountry',
              'byHour',
            ],
            properties: {
              success: { type: 'boolean' },
              hours: { type: 'integer' },
              total: { type: 'integer' },
              byCategory: countMap,
              bySentiment: countMap,
              byCountry: countMap,
              byHour: {
                type: 'array',
                items: {
                  type: 'object',
                  required: ['hour', 'count'],
                  properties: { hour: { type: 'string' }, count: { type: 'integer' } },
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
        const stats = await markerStats(deps.db, deps.dialect, sinceIso(hours, now()));
        return { success: true, hours, ...stats };
      }),
  );
}

/** A compact marker straight from its row, with rowToArticle's fallbacks for each field. */
export function toMarker(row: MarkerRow): NewsMarker {
  return {
    id: row.id,
    title: row.title,
    // The query only returns geocoded rows; 0 only if a stored value were not finite.
    lat: finiteOrNull(row.latitude) ?? 0,
    lng: finiteOrNull(row.longitude) ?? 0,
    category: row.category === '' ? 'general' : row.category,
    sentiment: isArticleSentiment(row.sentiment) ? row.sentiment : 'neutral',
    emoji: row.emoji ?? DEFAULT_MARKER_EMOJI,
    createdAt: row.created_at,
    source: row.source ?? row.publisher ?? 'Unknown Publisher',
  };
}

const MARKERS_PREFIX = bytes('{"success":true,"articles":[');
const MARKERS_SUFFIX = bytes(']}');

/** `{"success":true,"articles":[...]}` of compact markers, as JSON.stringify gave it. */
export function markersJson(
  deps: ArticleRouteContext,
  listed: readonly VersionedId[],
): Promise<Buffer> {
  return withEtag(
    deps.fragments.join(
      'marker',
      listed,
      (ids) => findMarkerRowsByIds(deps.db, ids),
      (row) => JSON.stringify(toMarker(row)),
      MARKERS_PREFIX,
      MARKERS_SUFFIX,
    ),
  );
}

/** The same with full articles (no card fields), gated for `role`, as JSON.stringify gave it. */
export function markerArticlesJson(
  deps: ArticleRouteContext,
  role: Role,
  listed: readonly VersionedId[],
): Promise<Buffer> {
  return withEtag(
    deps.fragments.join(
      `marker-article:${roleClass(role)}`,
      listed,
      (ids) => findWireRowsByIds(deps.db, ids),
      (row) => JSON.stringify(gateArticlePayload(rowToArticle(row), role)),
      MARKERS_PREFIX,
      MARKERS_SUFFIX,
    ),
  );
}
