/**
 * Public article list. Minimal version of GET /api/public/all-articles (spec section 7): the
 * landing counter reads pagination.total and extractedLocation.country, the globe reads the list.
 */
import type { Kysely } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { ArticleListResponse, ArticleSort } from '../../data/article';
import { ARTICLE_WIRE_COLUMNS, rowToArticle } from '../articles/rowToArticle';
import type { Database } from '../db/schema';

export const ARTICLE_LIST_MAX_LIMIT = 500;
export const ARTICLE_LIST_DEFAULT_LIMIT = 200;
/** Deep OFFSET pages cost a scan each; the client never pages this far. */
export const ARTICLE_LIST_MAX_PAGE = 10_000;

const nullableString = { type: ['string', 'null'] } as const;
const nullableNumber = { type: ['number', 'null'] } as const;

/** Response schema: documents the wire shape and lets Fastify serialise it without reflection. */
export const articleJsonSchema = {
  type: 'object',
  required: [
    'id',
    'title',
    'url',
    'source',
    'createdAt',
    'location',
    'extractedLocation',
    'category',
    'categories',
    'sentiment',
    'isSample',
  ],
  properties: {
    id: { type: 'string' },
    title: { type: 'string' },
    description: nullableString,
    url: { type: 'string' },
    source: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
    author: nullableString,
    urlToImage: nullableString,
    publishedAt: nullableString,
    createdAt: { type: 'string' },
    latitude: nullableNumber,
    longitude: nullableNumber,
    location: {
      type: 'object',
      properties: {
        name: nullableString,
        city: nullableString,
        country: nullableString,
        lat: nullableNumber,
        lon: nullableNumber,
      },
    },
    extractedLocation: { type: 'object', properties: { country: nullableString } },
    category: { type: 'string' },
    categories: { type: 'array', items: { type: 'string' } },
    sentiment: { type: 'string' },
    sentimentScore: nullableNumber,
    emoji: nullableString,
    isSample: { type: 'boolean' },
  },
} as const;

interface ListQuery {
  limit: number;
  page: number;
  sort: ArticleSort;
}

export function registerArticleRoutes(app: FastifyInstance, deps: { db: Kysely<Database> }): void {
  app.get<{ Querystring: ListQuery }>(
    '/api/public/all-articles',
    {
      schema: {
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
            sort: { type: 'string', enum: ['-createdAt', 'createdAt'], default: '-createdAt' },
          },
        },
        response: {
          200: {
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
          },
        },
      },
    },
    async (request): Promise<ArticleListResponse> => {
      const { limit, page, sort } = request.query;
      const direction = sort === 'createdAt' ? 'asc' : 'desc';
      const { total } = await deps.db
        .selectFrom('articles')
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .executeTakeFirstOrThrow();
      const rows = await deps.db
        .selectFrom('articles')
        .select(ARTICLE_WIRE_COLUMNS)
        // id breaks ties so pages are stable when many articles share a created_at.
        .orderBy('created_at', direction)
        .orderBy('id', direction)
        .limit(limit)
        .offset((page - 1) * limit)
        .execute();
      return {
        success: true,
        articles: rows.map(rowToArticle),
        pagination: { total, limit, page },
      };
    },
  );
}
