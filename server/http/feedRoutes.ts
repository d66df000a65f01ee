/**
 * Admin-only feed registry API (issue #8): GET /api/feeds (every feed with its health),
 * POST /api/feeds {url, name} (URL must pass the SSRF policy; 409 when the URL is registered),
 * PATCH /api/feeds/:id {enabled}, DELETE /api/feeds/:id. Guests get 401 and users 403 before any
 * body validation (guards run onRequest). Bodies are strict: unknown fields and wrong types are 400.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { requireRole } from '../auth/guards';
import type { Database } from '../db/schema';
import { feedIdForUrl, listFeeds, toFeedHealth } from '../feeds/registry';
import { checkFeedUrl } from '../feeds/ssrf';
import {
  failure,
  failureResponses,
  jsonErrorHandler,
  strictValidatorCompiler,
} from './strictSchema';

export const MAX_FEED_URL_LENGTH = 2048;
export const MAX_FEED_NAME_LENGTH = 200;

const nullableString = { type: ['string', 'null'] } as const;

const feedSchema = {
  type: 'object',
  required: ['id', 'url', 'name', 'enabled', 'createdAt', 'health'],
  properties: {
    id: { type: 'string' },
    url: { type: 'string' },
    name: { type: 'string' },
    enabled: { type: 'boolean' },
    createdAt: { type: 'string' },
    health: {
      type: 'object',
      required: [
        'status',
        'lastSuccessAt',
        'lastError',
        'parseMode',
        'itemsSeen',
        'nextFetchAt',
        'failures',
      ],
      properties: {
        status: { type: 'string', enum: ['pending', 'ok', 'failing'] },
        lastSuccessAt: nullableString,
        lastError: nullableString,
        parseMode: { type: 'string' },
        itemsSeen: { type: 'integer' },
        nextFetchAt: nullableString,
        failures: { type: 'integer' },
      },
    },
  },
} as const;

const oneFeedResponse = {
  type: 'object',
  required: ['success', 'feed'],
  properties: { success: { type: 'boolean' }, feed: feedSchema },
} as const;

const idParams = {
  type: 'object',
  required: ['id'],
  additionalProperties: false,
  properties: { id: { type: 'string', minLength: 1, maxLength: 100 } },
} as const;

export const createFeedSchema = {
  type: 'object',
  required: ['url', 'name'],
  additionalProperties: false,
  properties: {
    url: { type: 'string', minLength: 1, maxLength: MAX_FEED_URL_LENGTH },
    name: { type: 'string', minLength: 1, maxLength: MAX_FEED_NAME_LENGTH },
  },
} as const;

export const updateFeedSchema = {
  type: 'object',
  minProperties: 1,
  additionalProperties: false,
  properties: {
    enabled: { type: 'boolean' },
    name: { type: 'string', minLength: 1, maxLength: MAX_FEED_NAME_LENGTH },
  },
} as const;

export interface FeedRoutesDeps {
  db: Kysely<Database>;
  /** ATLAS_FEED_ALLOW_PRIVATE: admins may then add loopback/private feed URLs. */
  allowPrivate: boolean;
}

export function registerFeedRoutes(app: FastifyInstance, deps: FeedRoutesDeps): void {
  const { db } = deps;
  const admin = requireRole('admin');
  const auditFeed = (
    request: FastifyRequest,
    action: 'feed.add' | 'feed.update' | 'feed.delete',
    id: string,
    detail: Record<string, unknown> = {},
  ): Promise<void> => {
    const user = request.auth.user;
    return app.audit.record({
      action,
      actor: user === null ? null : { id: user.id, email: user.email },
      target: id,
      detail,
      ip: request.ip,
    });
  };

  app.get(
    '/api/feeds',
    {
      onRequest: admin,
      errorHandler: jsonErrorHandler,
      schema: {
        response: {
          200: {
            type: 'object',
            required: ['success', 'feeds'],
            properties: {
              success: { type: 'boolean' },
              feeds: { type: 'array', items: feedSchema },
            },
          },
          ...failureResponses,
        },
      },
    },
    async () => ({ success: true, feeds: await listFeeds(db) }),
  );

  app.post<{ Body: { url: string; name: string } }>(
    '/api/feeds',
    {
      onRequest: admin,
      validatorCompiler: strictValidatorCompiler,
      errorHandler: jsonErrorHandler,
      schema: { body: createFeedSchema, response: { 201: oneFeedResponse, ...failureResponses } },
    },
    async (request, reply) => {
      const name = request.body.name.trim();
      if (name === '') return reply.code(400).send(failure('name must not be empty'));
      const verdict = checkFeedUrl(request.body.url, { allowPrivate: deps.allowPrivate });
      if (!verdict.ok) {
        return reply.code(400).send(failure(`url is not an allowed feed URL: ${verdict.detail}`));
      }
      const url = verdict.url.toString();
      const existing = await db
        .selectFrom('feeds')
        .select('id')
        .where('url', '=', url)
        .executeTakeFirst();
      if (existing !== undefined) {
        return reply.code(409).send(failure(`feed already registered as ${existing.id}`));
      }
      const id = feedIdForUrl(url);
      try {
        await db.insertInto('feeds').values({ id, url, name }).execute();
      } catch {
        // The unique URL (or id) was taken between the check and the insert.
        return reply.code(409).send(failure('feed already registered'));
      }
      const row = await db
        .selectFrom('feeds')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      await auditFeed(request, 'feed.add', id, { url, name });
      return reply.code(201).send({ success: true, feed: toFeedHealth(row) });
    },
  );

  app.patch<{ Params: { id: string }; Body: { enabled?: boolean; name?: string } }>(
    '/api/feeds/:id',
    {
      onRequest: admin,
      validatorCompiler: strictValidatorCompiler,
      errorHandler: jsonErrorHandler,
      schema: {
        params: idParams,
        body: updateFeedSchema,
        response: { 200: oneFeedResponse, ...failureResponses },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      // Re-enabling makes the feed due now rather than after a stale backoff (a fresh time, so
      // the scheduler's dedupe key differs from any earlier fetch job).
      const { enabled, name } = request.body;
      const trimmed = name?.trim();
      if (trimmed === '') return reply.code(400).send(failure('name must not be empty'));
      const result = await db
        .updateTable('feeds')
        .set({
          ...(enabled === undefined
            ? {}
            : enabled
              ? { enabled: 1, next_fetch_at: new Date().toISOString() }
              : { enabled: 0 }),
          ...(trimmed === undefined ? {} : { name: trimmed }),
        })
        .where('id', '=', id)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0)
        return reply.code(404).send(failure(`no feed ${id}`));
      const row = await db
        .selectFrom('feeds')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      await auditFeed(request, 'feed.update', id, { ...request.body });
      return { success: true, feed: toFeedHealth(row) };
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/api/feeds/:id',
    {
      onRequest: admin,
      validatorCompiler: strictValidatorCompiler,
      errorHandler: jsonErrorHandler,
      schema: {
        params: idParams,
        response: {
          200: {
            type: 'object',
            required: ['success'],
            properties: { success: { type: 'boolean' } },
          },
          ...failureResponses,
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const result = await db.deleteFrom('feeds').where('id', '=', id).executeTakeFirst();
      if (Number(result.numDeletedRows) === 0)
        return reply.code(404).send(failure(`no feed ${id}`));
      await auditFeed(request, 'feed.delete', id);
      return { success: true };
    },
  );
}
