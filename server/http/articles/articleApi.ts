/**
 * /api/articles: the geocoded list, one article, analysis on demand, and creating an article.
 */
import type { FastifyInstance } from 'fastify';
import type { Article } from '../../../data/article';
import { analyseArticle } from '../../articles/analyse';
import {
  SENTIMENT_LIST_PATTERN,
  parseDateRange,
  parseSentimentList,
  sinceIso,
} from '../../articles/filters';
import {
  findArticleById,
  findGeocoded,
  findGeocodedVersions,
  type GeocodedFilter,
} from '../../articles/queries';
import { gateArticlePayload } from '../../articles/roleGate';
import { parseAnalysis, rowToArticle, rowToArticleDetail } from '../../articles/rowToArticle';
import {
  articleIdParamsSchema,
  articleJsonSchema,
  createArticleBodySchema,
  errorJsonSchema,
} from '../../articles/schemas';
import { storeArticle, type StoreArticleInput } from '../../articles/store';
import { requireCapability } from '../../auth/guards';
import { strictValidatorCompiler } from '../strictSchema';
import {
  articleErrorHandler,
  sendCached,
  sendCachedJson,
  finiteQueryNumbers,
  hoursSchema,
  requireJsonBody,
  limitSchema,
  sendError,
  type ArticleRouteContext,
} from './common';
import { listArticlesJson } from './listJson';

export const GEOCODED_MAX_LIMIT = 500;
export const GEOCODED_DEFAULT_LIMIT = 100;
/** Window used when the request has no filter at all (spec: "with no filters ... hours 12"). */
export const GEOCODED_DEFAULT_HOURS = 12;

export const ARTICLE_NOT_FOUND = 'Article not found';
export const ANALYSIS_UNAVAILABLE = 'Analysis is not available';
export const ANALYSIS_RUNNING = 'Analysis already running';
export const ANALYSIS_COMPLETED = 'Article analysis completed';
export const ARTICLE_EXISTS = 'An article with this URL already exists';

interface GeocodedQuery {
  search?: string;
  startDate?: string;
  endDate?: string;
  sentiment?: string;
  hours?: number;
  useEnhanced?: boolean;
  hasV4?: boolean;
  limit: number;
}

const errors = (...codes: number[]) =>
  Object.fromEntries(codes.map((code) => [code, errorJsonSchema]));

export function registerArticleApi(app: FastifyInstance, deps: ArticleRouteContext): void {
  const now = deps.now ?? (() => new Date());

  app.get<{ Querystring: GeocodedQuery }>(
    '/api/articles/geocoded',
    {
      errorHandler: articleErrorHandler,
      preValidation: finiteQueryNumbers,
      schema: {
        summary: 'Geocoded articles, newest first',
        description:
          'Only articles with latitude and longitude. With no filter (search, startDate, endDate, ' +
          'sentiment, hours, hasV4) the window is the last 12 hours. Returns a bare array.',
        tags: ['articles'],
        querystring: {
          type: 'object',
          properties: {
            search: {
              type: 'string',
              maxLength: 200,
              description: 'Case-insensitive substring of title, description or content',
            },
            startDate: {
              type: 'string',
              maxLength: 40,
              description: 'ISO 8601; created at or after',
            },
            endDate: {
              type: 'string',
              maxLength: 40,
              description: 'ISO 8601; created at or before',
            },
            sentiment: {
              type: 'string',
              maxLength: 100,
              pattern: SENTIMENT_LIST_PATTERN,
              description: 'Comma list of positive, negative, neutral, mixed',
            },
            hours: hoursSchema(),
            useEnhanced: {
              type: 'boolean',
              description: "Include each article's hybridAnalysis (when analysed)",
            },
            hasV4: { type: 'boolean', description: 'Only analysed articles' },
            limit: limitSchema(GEOCODED_MAX_LIMIT, GEOCODED_DEFAULT_LIMIT),
          },
        },
        response: { 200: { type: 'array', items: articleJsonSchema }, ...errors(400) },
      },
    },
    async (request, reply) => {
      const q = request.query;
      // Inside each computation: a FilterError there is the route's 400.
      const filter = (): GeocodedFilter => {
        const range = parseDateRange(q.startDate, q.endDate);
        const noFilter =
          q.search === undefined &&
          q.startDate === undefined &&
          q.endDate === undefined &&
          q.sentiment === undefined &&
          q.hours === undefined &&
          q.hasV4 !== true;
        const hours = q.hours ?? (noFilter ? GEOCODED_DEFAULT_HOURS : undefined);
        let start = range.start;
        if (hours !== undefined) {
          const since = sinceIso(hours, now());
          if (start === undefined || since > start) start = since;
        }
        return {
          ...(q.search === undefined ? {} : { search: q.search }),
          ...(start === undefined ? {} : { start }),
          ...(range.end === undefined ? {} : { end: range.end }),
          ...(q.sentiment === undefined ? {} : { sentiments: parseSentimentList(q.sentiment) }),
          analysedOnly: q.hasV4 === true,
          withAnalysis: q.useEnhanced === true,
          limit: q.limit,
        };
      };
      if (q.useEnhanced !== true) {
        // (id, version) in list order; the articles' JSON is joined from row fragments.
        return sendCachedJson(deps.cache, request, reply, async () =>
          listArticlesJson(
            deps,
            reply,
            request.auth.role,
            await findGeocodedVersions(deps.db, filter()),
            '[',
            ']',
          ),
        );
      }
      return sendCached(deps.cache, request, reply, async (): Promise<Article[]> => {
        const rows = await findGeocoded(deps.db, filter());
        return rows.map((row) => {
          const article = rowToArticle(row);
          if (row.hybrid_analysis !== undefined) {
            const analysis = parseAnalysis(row.hybrid_analysis);
            if (analysis !== undefined) article.hybridAnalysis = analysis;
          }
          return article;
        });
      });
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/articles/:id',
    {
      errorHandler: articleErrorHandler,
      preValidation: finiteQueryNumbers,
      schema: {
        summary: 'One article with content and analysis',
        tags: ['articles'],
        params: articleIdParamsSchema,
        response: { 200: articleJsonSchema, ...errors(400, 404) },
      },
    },
    async (request, reply) => {
      const row = await findArticleById(deps.db, request.params.id);
      if (row === undefined) return sendError(reply, 404, ARTICLE_NOT_FOUND);
      return gateArticlePayload(rowToArticleDetail(row), request.auth.role);
    },
  );

  // The client sends Content-Type: application/json on every call, also on this body-less POST;
  // Fastify's JSON parser refuses an empty JSON body, so this scope accepts one (other bodies
  // still go through the default parser with its __proto__ checks).
  const defaultJson = app.getDefaultJsonParser('error', 'error');
  void app.register((scope, _options, done) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, next) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (text.trim() === '') {
        next(null, undefined);
        return;
      }
      void defaultJson(request, text, next);
    });
    scope.post<{ Params: { id: string } }>(
      '/api/articles/:id/analyze',
      {
        onRequest: requireCapability('basicAnalysis'),
        errorHandler: articleErrorHandler,
        preValidation: finiteQueryNumbers,
        schema: {
          summary: 'Analyse one article now (signed-in users)',
          description:
            'Stores the result as hybridAnalysis, sets analysisStatus complete and broadcasts ' +
            'article:analyzed. 409 while another analysis of the article runs; 503 when the server ' +
            'has no analyser; 500 with the reason when the analyser fails (status failed).',
          tags: ['articles'],
          security: [{ bearerAuth: [] }],
          params: articleIdParamsSchema,
          response: {
            200: {
              type: 'object',
              required: ['success', 'message', 'analysis'],
              properties: {
                success: { type: 'boolean' },
                message: { type: 'string' },
                analysis: { description: 'The stored analysis object' },
              },
            },
            ...errors(400, 401, 403, 404, 409, 500, 503),
          },
        },
      },
      async (request, reply) => {
        if (deps.analyser === undefined) return sendError(reply, 503, ANALYSIS_UNAVAILABLE);
        const outcome = await analyseArticle(
          deps.db,
          app.articleEvents,
          deps.analyser,
          request.params.id,
        );
        switch (outcome.status) {
          case 'not-found':
            return sendError(reply, 404, ARTICLE_NOT_FOUND);
          case 'running':
            return sendError(reply, 409, ANALYSIS_RUNNING);
          case 'failed':
            request.log.warn(
              { articleId: request.params.id },
              `analysis failed: ${outcome.message}`,
            );
            return sendError(reply, 500, outcome.message);
          case 'complete':
            return { success: true, message: ANALYSIS_COMPLETED, analysis: outcome.analysis };
        }
      },
    );
    done();
  });

  app.post<{ Body: StoreArticleInput }>(
    '/api/articles',
    {
      onRequest: requireCapability('manageContent'),
      errorHandler: articleErrorHandler,
      preValidation: requireJsonBody,
      // Strict: wrong types and unknown fields are 400s, never coerced or silently dropped.
      validatorCompiler: strictValidatorCompiler,
      schema: {
        summary: 'Create an article (signed-in users)',
        description:
          'Deduplicated by URL (409). Broadcast to real-time clients as article:new once stored.',
        tags: ['articles'],
        security: [{ bearerAuth: [] }],
        body: createArticleBodySchema,
        response: { 201: articleJsonSchema, ...errors(400, 401, 403, 409, 413, 415) },
      },
    },
    async (request, reply) => {
      const result = await storeArticle(deps.db, app.articleEvents, request.body);
      if (result.status === 'duplicate') return sendError(reply, 409, ARTICLE_EXISTS);
      return reply.code(201).send(result.article);
    },
  );
}
