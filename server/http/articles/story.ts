/**
 * GET /api/articles/:id/story: the story an article belongs to - its leader (the article the
 * lists show, with 'N sources') and every member (other outlets' reports grouped under it at
 * ingestion), each with its outlet and link, so no grouped copy disappears. Any member's id
 * answers with the same story.
 */
import type { FastifyInstance } from 'fastify';
import type { Article } from '../../../data/article';
import { findStory } from '../../articles/queries';
import { rowToArticle } from '../../articles/rowToArticle';
import { articleIdParamsSchema, articleJsonSchema, errorJsonSchema } from '../../articles/schemas';
import { ARTICLE_NOT_FOUND } from './articleApi';
import {
  articleErrorHandler,
  finiteQueryNumbers,
  sendError,
  type ArticleRouteContext,
} from './common';

export interface StoryResponse {
  success: true;
  storyId: string;
  /** Outlets in the story, the leader's included. */
  count: number;
  leader: Article;
  members: Article[];
}

export function registerStoryRoute(app: FastifyInstance, deps: ArticleRouteContext): void {
  app.get<{ Params: { id: string } }>(
    '/api/articles/:id/story',
    {
      errorHandler: articleErrorHandler,
      preValidation: finiteQueryNumbers,
      schema: {
        summary: "An article's story: the leader and every other outlet's report",
        description:
          'Reports of one event by several outlets are grouped at ingestion; lists show the ' +
          'leader with corroboration.count. This returns the leader and each member (source.name ' +
          'is the outlet, url the link to its report). A lone article is a story of one.',
        tags: ['articles'],
        params: articleIdParamsSchema,
        response: {
          200: {
            type: 'object',
            required: ['success', 'storyId', 'count', 'leader', 'members'],
            properties: {
              success: { type: 'boolean' },
              storyId: { type: 'string' },
              count: { type: 'integer', minimum: 1 },
              leader: articleJsonSchema,
              members: { type: 'array', items: articleJsonSchema },
            },
          },
          400: errorJsonSchema,
          404: errorJsonSchema,
        },
      },
    },
    async (request, reply): Promise<StoryResponse | ReturnType<typeof sendError>> => {
      const rows = await findStory(deps.db, request.params.id);
      const [leaderRow, ...memberRows] = rows;
      if (leaderRow === undefined) return sendError(reply, 404, ARTICLE_NOT_FOUND);
      return {
        success: true,
        storyId: leaderRow.id,
        count: rows.length,
        leader: rowToArticle(leaderRow),
        members: memberRows.map(rowToArticle),
      };
    },
  );
}
