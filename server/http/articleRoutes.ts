/**
 * Every article call of the API (spec section 7). This file keeps the public list
 * (GET /api/public/all-articles: the landing counter reads pagination.total and
 * extractedLocation.country, the globe reads the list) and registers the rest from
 * server/http/articles/*.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { ArticleSort } from '../../data/article';
import { countArticles, listArticleVersions } from '../articles/queries';
import {
  DEFAULT_LIST_CACHE_MS,
  DEFAULT_LIST_BUDGET_MS_PER_SECOND,
  ResponseCache,
} from '../articles/responseCache';
import { RowFragments } from '../articles/rowFragments';
import { articleJsonSchema, errorJsonSchema } from '../articles/schemas';
import { registerArticleApi } from './articles/articleApi';
import {
  articleErrorHandler,
  finiteQueryNumbers,
  sendCachedJson,
  type ArticleRouteDeps,
} from './articles/common';
import { listArticlesJson } from './articles/listJson';
import { registerIntelligenceRoutes } from './articles/intelligence';
import { registerAnalyticsRoutes } from './articles/analytics';
import { registerMarkerRoutes } from './articles/markers';
import { registerStoryRoute } from './articles/story';
import { registerV4Routes } from './articles/v4';

export { articleJsonSchema } from '../articles/schemas';
export type { ArticleRouteDeps } from './articles/common';

export const ARTICLE_LIST_MAX_LIMIT = 500;
export const ARTICLE_LIST_DEFAULT_LIMIT = 200;
/** Deep OFFSET pages cost a scan each; the client never pages this far. */
export const ARTICLE_LIST_MAX_PAGE = 10_000;
/** Same depth as ARTICLE_LIST_MAX_PAGE pages of the largest limit. */
export const ARTICLE_LIST_MAX_SKIP = ARTICLE_LIST_MAX_PAGE * ARTICLE_LIST_MAX_LIMIT;

/** The 200 body of /api/public/all-articles (its list is joined from row fragments). */
export const allArticlesResponseSchema = {
  type: 'object',
  required: ['success', 'articles', 'pagination'],
  properties: {
    success: { type: 'boolean' },
    articles: { type: 'array', items: articleJsonSchema },
    pagination: {
      type: 'object',
      required: ['total', 'limit', 'page'],
      properties: {
        total: { type: 'integer' },
        limit: { type: 'integer' },
        page: { type: 'integer' },
      },
    },
  },
} as const;

interface ListQuery {
  limit: number;
  page: number;
  skip?: number;
  sort: ArticleSort;
}

export function registerArticleRoutes(app: FastifyInstance, deps: ArticleRouteDeps): void {
  const cache = new ResponseCache(
    deps.listCacheMs ?? DEFAULT_LIST_CACHE_MS,
    Date.now,
    deps.listBudgetMsPerSecond ?? DEFAULT_LIST_BUDGET_MS_PER_SECOND,
  );
  // Per-row list JSON, valid while the row's version is unchanged (rowFragments.ts).
  const context = { ...deps, cache, fragments: new RowFragments() };
  // Any article change in this process invalidates every cached list at once.
  app.articleEvents.subscribe(() => cache.clear());
  app.get<{ Querystring: ListQuery }>(
    '/api/public/all-articles',
    {
      errorHandler: articleErrorHandler,
      preValidation: finiteQueryNumbers,
      schema: {
        summary: 'All articles, paged',
        description:
          'skip, when given, wins over page (page is then reported as floor(skip / limit) + 1, ' +
          'pagination keeps its original fields). ' +
          'pagination.total is the number of articles in the database. publishedAt sorts put ' +
          'undated articles last.',
        tags: ['articles'],
        querystring: {
          type: 'object',
          properties: {
            limit: {
              type: 'integer',
              minimum: 1,
              maximum: ARTICLE_LIST_MAX_LIMIT,
              default: ARTICLE_LIST_DEFAULT_LIMIT,
            },
            page: { type: 'integer', minimum: 1, maximum: ARTICLE_LIST_MAX_PAGE, default: 1 },
            skip: { type: 'integer', minimum: 0, maximum: ARTICLE_LIST_MAX_SKIP },
            sort: {
              type: 'string',
              enum: ['-createdAt', 'createdAt', '-publishedAt', 'publishedAt'],
              default: '-createdAt',
            },
          },
        },
        response: {
          200: allArticlesResponseSchema,
          400: errorJsonSchema,
        },
      },
    },
    async (request, reply) =>
      sendCachedJson(cache, request, reply, async () => {
        const { limit, sort } = request.query;
        const skip = request.query.skip ?? (request.query.page - 1) * limit;
        const page = Math.floor(skip / limit) + 1;
        const [total, listed] = await Promise.all([
          // The same for every page, limit and sort: one count per cache lifetime, not per query.
          cache.shared('all-articles:total', () => countArticles(deps.db)),
          listArticleVersions(deps.db, { limit, offset: skip, sort }),
        ]);
        // The response schema's output for { success, articles, pagination }.
        return listArticlesJson(
          context,
          reply,
          request.auth.role,
          listed,
          '{"success":true,"articles":[',
          `],"pagination":{"total":${total},"limit":${limit},"page":${page}}}`,
        );
      }),
  );

  registerArticleApi(app, context);
  registerMarkerRoutes(app, context);
  registerV4Routes(app, context);
  registerIntelligenceRoutes(app, context);
  registerAnalyticsRoutes(app, context);
  registerStoryRoute(app, context);
}
