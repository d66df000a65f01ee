/**
 * JSON schemas of the article API, one per shape. Routes use them both to validate requests and
 * to serialise responses, and @fastify/swagger builds the OpenAPI document from the same route
 * schemas, so the documentation cannot drift from what the server enforces.
 */
import { REALITY_TYPES } from '../../data/analysis';
import { ARTICLE_ANALYSIS_STATUSES, ARTICLE_SENTIMENTS } from '../../data/article';

const nullableString = { type: ['string', 'null'] } as const;
const nullableNumber = { type: ['number', 'null'] } as const;

/** The wire Article (data/article.ts). Keep in sync with that type. */
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
    sentiment: { type: 'string', enum: [...ARTICLE_SENTIMENTS] },
    sentimentScore: nullableNumber,
    emoji: nullableString,
    isSample: { type: 'boolean' },
    analysisStatus: { type: 'string', enum: [...ARTICLE_ANALYSIS_STATUSES] },
    content: nullableString,
    // Card fields (lists, once analysed): data/article.ts ArticleCardFields.
    engagement: { type: 'number', minimum: 0, maximum: 1 },
    virality: { type: 'number', minimum: 0, maximum: 1 },
    credibility: { type: 'number', minimum: 0, maximum: 1 },
    urgencyScore: { type: 'number', minimum: 0, maximum: 1 },
    realityType: { type: 'string', enum: [...REALITY_TYPES] },
    tags: { type: 'array', items: { type: 'string' } },
    insights: { type: 'array', items: { type: 'string' } },
    // Free-form analysis object (spec "hybridAnalysis"); serialised as is.
    hybridAnalysis: {
      description: 'Stored analysis object (spec hybridAnalysis); absent until analysed',
    },
    corroboration: {
      description:
        'Present when other outlets carry the same story (grouped at ingestion): outlets in total and the others',
      type: 'object',
      required: ['count', 'sources'],
      properties: {
        count: { type: 'integer', minimum: 2 },
        sources: {
          type: 'array',
          items: {
            type: 'object',
            required: ['name', 'url', 'title'],
            properties: {
              name: { type: 'string' },
              url: { type: 'string' },
              title: { type: 'string' },
            },
          },
        },
      },
    },
  },
} as const;

/** Error body of every article call: {success:false, message} plus the app's usual fields. */
export const errorJsonSchema = {
  type: 'object',
  required: ['success', 'message'],
  properties: {
    success: { type: 'boolean', enum: [false] },
    statusCode: { type: 'integer' },
    error: { type: 'string' },
    message: { type: 'string' },
  },
} as const;

/** Compact marker (GET /api/news-markers/recent?format=markers). */
export const markerJsonSchema = {
  type: 'object',
  required: ['id', 'title', 'lat', 'lng', 'category', 'sentiment', 'createdAt', 'source'],
  properties: {
    id: { type: 'string' },
    title: { type: 'string' },
    lat: { type: 'number' },
    lng: { type: 'number' },
    category: { type: 'string' },
    sentiment: { type: 'string', enum: [...ARTICLE_SENTIMENTS] },
    emoji: { type: 'string' },
    createdAt: { type: 'string' },
    source: { type: 'string' },
  },
} as const;

export const knowledgeGraphJsonSchema = {
  type: 'object',
  required: ['success', 'nodes', 'edges', 'generatedAt', 'articleCount'],
  properties: {
    success: { type: 'boolean' },
    nodes: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'label', 'type', 'weight'],
        properties: {
          id: { type: 'string', description: '"<type>:<lower-case label>"' },
          label: { type: 'string' },
          type: {
            type: 'string',
            enum: ['country', 'category', 'person', 'organization', 'location'],
          },
          weight: { type: 'integer', description: 'Articles mentioning the node' },
        },
      },
    },
    edges: {
      type: 'array',
      items: {
        type: 'object',
        required: ['source', 'target', 'weight'],
        properties: {
          source: { type: 'string' },
          target: { type: 'string' },
          weight: { type: 'integer', description: 'Articles in which both nodes occur' },
        },
      },
    },
    generatedAt: { type: 'string' },
    articleCount: { type: 'integer', description: 'Articles scanned to build the graph' },
  },
} as const;

/** Body of POST /api/articles. */
export const createArticleBodySchema = {
  type: 'object',
  required: ['title', 'url'],
  additionalProperties: false,
  properties: {
    title: { type: 'string', minLength: 1, maxLength: 500 },
    url: {
      type: 'string',
      minLength: 8,
      maxLength: 2048,
      pattern: '^[hH][tT][tT][pP][sS]?://[^\\s/?#]+[^\\s]*$',
      description: 'http or https URL; the dedup key',
    },
    description: { type: 'string', maxLength: 5000 },
    content: { type: 'string', maxLength: 200_000 },
    source: { type: 'string', maxLength: 200 },
    publishedAt: { type: 'string', maxLength: 40, description: 'ISO 8601 date-time' },
    latitude: { type: 'number', minimum: -90, maximum: 90 },
    longitude: { type: 'number', minimum: -180, maximum: 180 },
    locationName: { type: 'string', maxLength: 200 },
    country: { type: 'string', maxLength: 100 },
    city: { type: 'string', maxLength: 100 },
    category: { type: 'string', minLength: 1, maxLength: 50 },
    sentiment: { type: 'string', enum: [...ARTICLE_SENTIMENTS] },
  },
} as const;

/** Path parameter of /api/articles/:id (ids are short opaque text). */
export const articleIdParamsSchema = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', minLength: 1, maxLength: 100 } },
} as const;
