/**
 * GET /api/intelligence/knowledge-graph: entities and how often they occur together.
 */
import type { FastifyInstance } from 'fastify';
import { sinceIso } from '../../articles/filters';
import { buildKnowledgeGraph } from '../../articles/knowledgeGraph';
import { findGraphSource } from '../../articles/queries';
import { errorJsonSchema, knowledgeGraphJsonSchema } from '../../articles/schemas';
import {
  articleErrorHandler,
  sendCached,
  finiteQueryNumbers,
  hoursSchema,
  limitSchema,
  type ArticleRouteContext,
} from './common';

export const GRAPH_DEFAULT_HOURS = 24;
export const GRAPH_DEFAULT_NODES = 100;
export const GRAPH_MAX_NODES = 500;
/** Newest articles scanned per request: bounds the work whatever the window. */
export const GRAPH_MAX_ARTICLES = 5000;

export function registerIntelligenceRoutes(app: FastifyInstance, deps: ArticleRouteContext): void {
  const now = deps.now ?? (() => new Date());
  app.get<{ Querystring: { hours: number; limit: number } }>(
    '/api/intelligence/knowledge-graph',
    {
      errorHandler: articleErrorHandler,
      preValidation: finiteQueryNumbers,
      schema: {
        summary: 'Knowledge graph of recent articles',
        description:
          'Nodes: countries, categories and (from hybridAnalysis.entityExtraction) persons, ' +
          'organizations and locations of the newest articles in the window (at most ' +
          `${GRAPH_MAX_ARTICLES}); weight = articles mentioning the node. The top \`limit\` ` +
          'nodes by weight are kept; edges join kept nodes that occur in the same article ' +
          '(weight = such articles), at most 4 x limit edges, heaviest first.',
        tags: ['intelligence'],
        querystring: {
          type: 'object',
          properties: {
            hours: hoursSchema(GRAPH_DEFAULT_HOURS),
            limit: limitSchema(GRAPH_MAX_NODES, GRAPH_DEFAULT_NODES),
          },
        },
        response: { 200: knowledgeGraphJsonSchema, 400: errorJsonSchema },
      },
    },
    async (request, reply) =>
      sendCached(deps.cache, request, reply, async () => {
        const generatedAt = now();
        const rows = await findGraphSource(deps.db, {
          since: sinceIso(request.query.hours, generatedAt),
          maxArticles: GRAPH_MAX_ARTICLES,
        });
        const graph = buildKnowledgeGraph(rows, request.query.limit);
        return {
          success: true,
          ...graph,
          generatedAt: generatedAt.toISOString(),
          articleCount: rows.length,
        };
      }),
  );
}
