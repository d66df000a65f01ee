/**
 * GET /api/v4/articles/public: the paged article list with analysis filters (spec section 7).
 */
import type { FastifyInstance } from 'fastify';
import { FilterError } from '../../articles/filters';
import { ANALYSIS_SCHEMA_FIELDS } from '../../../data/analysis';
import { findV4Public, type V4Sort } from '../../articles/queries';
import { rowToArticleDetail } from '../../articles/rowToArticle';
import { articleJsonSchema, errorJsonSchema } from '../../articles/schemas';
import {
  articleErrorHandler,
  sendCached,
  finiteQueryNumbers,
  limitSchema,
  type ArticleRouteContext,
} from './common';

export const V4_DEFAULT_LIMIT = 25;
export const V4_MAX_LIMIT = 100;
export const V4_MAX_SKIP = 100_000;
/** Largest cost filter accepted (F3: every numeric parameter is bounded). */
export const V4_MAX_COST = 1_000_000;

interface V4QueryString {
  limit: number;
  skip: number;
  sort: V4Sort;
  completeness?: number;
  costMin?: number;
  costMax?: number;
}

export function registerV4Routes(app: FastifyInstance, deps: ArticleRouteContext): void {
  app.get<{ Querystring: V4QueryString }>(
    '/api/v4/articles/public',
    {
      errorHandler: articleErrorHandler,
      preValidation: finiteQueryNumbers,
      schema: {
        summary: 'Paged articles with their analysis',
        description:
          `completeness: an article's completeness is the share of the ${ANALYSIS_SCHEMA_FIELDS.length} ` +
          `analysis fields (${ANALYSIS_SCHEMA_FIELDS.join(', ')}) present and non-null in its ` +
          'hybridAnalysis; unanalysed articles have 0. cost: the number hybridAnalysis.cost (what ' +
          'the analyser spent, e.g. model tokens; the offline analyser spends none); articles ' +
          'without a numeric cost count as 0. total counts every match, not just this page.',
        tags: ['articles'],
        querystring: {
          type: 'object',
          properties: {
            limit: limitSchema(V4_MAX_LIMIT, V4_DEFAULT_LIMIT),
            skip: { type: 'integer', minimum: 0, maximum: V4_MAX_SKIP, default: 0 },
            sort: {
              type: 'string',
              enum: ['-createdAt', 'createdAt', '-publishedAt', 'publishedAt'],
              default: '-createdAt',
            },
            completeness: {
              type: 'number',
              minimum: 0,
              maximum: 1,
              description: 'Minimum share of analysis fields present (0..1)',
            },
            costMin: {
              type: 'number',
              minimum: 0,
              maximum: V4_MAX_COST,
              description: 'Minimum hybridAnalysis.cost',
            },
            costMax: {
              type: 'number',
              minimum: 0,
              maximum: V4_MAX_COST,
              description: 'Maximum hybridAnalysis.cost',
            },
          },
        },
        response: {
          200: {
            type: 'object',
            required: ['success', 'articles', 'total', 'limit', 'skip'],
            properties: {
              success: { type: 'boolean' },
              articles: { type: 'array', items: articleJsonSchema },
              total: { type: 'integer' },
              limit: { type: 'integer' },
              skip: { type: 'integer' },
            },
          },
          400: errorJsonSchema,
        },
      },
    },
    async (request, reply) =>
      sendCached(deps.cache, request, reply, async () => {
        const q = request.query;
        if (q.costMin !== undefined && q.costMax !== undefined && q.costMin > q.costMax) {
          throw new FilterError('costMin must not be greater than costMax');
        }
        const { rows, total } = await findV4Public(deps.db, deps.dialect, {
          limit: q.limit,
          skip: q.skip,
          sort: q.sort,
          ...(q.completeness === undefined ? {} : { completeness: q.completeness }),
          ...(q.costMin === undefined ? {} : { costMin: q.costMin }),
          ...(q.costMax === undefined ? {} : { costMax: q.costMax }),
        });
        return {
          success: true,
          articles: rows.map(rowToArticleDetail),
          total,
          limit: q.limit,
          skip: q.skip,
        };
      }),
  );
}
