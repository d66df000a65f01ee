/**
 * The signed-in user's alerts (issue #24 item 5; docs/api.md "Alerts"): new articles that matched
 * a saved topic or region (server/alerts). Every route needs a signed-in user (401 for guests);
 * a user only ever sees and changes their own alerts (another user's id is a 404).
 *
 *   GET  /api/alerts?limit=20&before=<id>  newest first, with the unread count
 *   POST /api/alerts/:id/read              marks one read
 *   POST /api/alerts/read-all              marks all read
 *   GET  /api/alerts/regions               what each saved region matches (ambiguous names)
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { ALERTS_PAGE_DEFAULT, ALERTS_PAGE_MAX } from '../../data/alerts';
import { AlertService } from '../alerts/alertService';
import { requireUser } from '../auth/guards';
import type { Database } from '../db/schema';
import { sharedGazetteer } from '../geocode/reverse';
import { failure, failureResponses, jsonErrorHandler } from './strictSchema';

const MAX_ID = Number.MAX_SAFE_INTEGER;

const alertItemSchema = {
  type: 'object',
  required: ['id', 'articleId', 'title', 'reason', 'term', 'lat', 'lon', 'createdAt', 'readAt'],
  properties: {
    id: { type: 'integer' },
    articleId: { type: 'string' },
    title: { type: ['string', 'null'] },
    reason: { type: 'string', enum: ['topic', 'region'] },
    term: { type: 'string' },
    lat: { type: ['number', 'null'] },
    lon: { type: ['number', 'null'] },
    createdAt: { type: 'string' },
    readAt: { type: ['string', 'null'] },
  },
} as const;

const unreadResponse = {
  type: 'object',
  required: ['success', 'unread'],
  properties: { success: { type: 'boolean' }, unread: { type: 'integer' } },
} as const;

const common = {
  onRequest: requireUser(),
  errorHandler: jsonErrorHandler,
} as const;

export function registerAlertRoutes(
  app: FastifyInstance,
  deps: { db: Kysely<Database> },
): AlertService {
  const service = new AlertService({
    db: deps.db,
    hub: app.realtime,
    users: app.accounts.users,
    gazetteer: () => {
      try {
        return sharedGazetteer();
      } catch (error) {
        app.log.warn({ err: error }, 'alerts: gazetteer unavailable; region names match by name');
        return null;
      }
    },
    log: app.log,
  });
  app.decorate('alerts', service);
  // After the socket layer's own onReady (registered earlier), so deliveries reach the service.
  app.addHook('onReady', async () => {
    await service.start();
  });
  app.addHook('preClose', async () => {
    service.stop();
    await service.idle();
  });

  app.get<{ Querystring: { limit: number; before?: number } }>(
    '/api/alerts',
    {
      ...common,
      schema: {
        summary: "The signed-in user's alerts, newest first, with the unread count",
        tags: ['alerts'],
        security: [{ bearerAuth: [] }],
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            limit: {
              type: 'integer',
              minimum: 1,
              maximum: ALERTS_PAGE_MAX,
              default: ALERTS_PAGE_DEFAULT,
            },
            before: { type: 'integer', minimum: 1, maximum: MAX_ID },
          },
        },
        response: {
          200: {
            type: 'object',
            required: ['success', 'alerts', 'unread', 'nextBefore'],
            properties: {
              success: { type: 'boolean' },
              alerts: { type: 'array', items: alertItemSchema },
              unread: { type: 'integer' },
              nextBefore: { type: ['integer', 'null'] },
            },
          },
          ...failureResponses,
        },
      },
    },
    async (request) => {
      const userId = request.auth.user?.id ?? '';
      const { limit, before } = request.query;
      const page = await service.store.list(userId, {
        limit,
        ...(before === undefined ? {} : { before }),
      });
      return { success: true, ...page };
    },
  );

  app.get(
    '/api/alerts/regions',
    {
      ...common,
      schema: {
        summary:
          "What each of the signed-in user's saved regions matches; more than one place: an ambiguous name, with the saved text that keeps each",
        tags: ['alerts'],
        security: [{ bearerAuth: [] }],
        response: {
          200: {
            type: 'object',
            required: ['success', 'regions'],
            properties: {
              success: { type: 'boolean' },
              regions: {
                type: 'array',
                items: {
                  type: 'object',
                  required: ['term', 'kind', 'places'],
                  properties: {
                    term: { type: 'string' },
                    kind: { type: 'string', enum: ['box', 'place', 'city', 'name'] },
                    places: {
                      type: 'array',
                      items: {
                        type: 'object',
                        required: ['label', 'pick'],
                        properties: { label: { type: 'string' }, pick: { type: 'string' } },
                      },
                    },
                  },
                },
              },
            },
          },
          ...failureResponses,
        },
      },
    },
    (request) => ({
      success: true,
      // The index follows every preferences write at once (PUT /api/preferences).
      regions: service.index.describeUser(request.auth.user?.id ?? ''),
    }),
  );

  app.post(
    '/api/alerts/read-all',
    {
      ...common,
      schema: {
        summary: "Marks all of the signed-in user's alerts read",
        tags: ['alerts'],
        security: [{ bearerAuth: [] }],
        response: { 200: unreadResponse, ...failureResponses },
      },
    },
    async (request) => {
      await service.store.markAllRead(request.auth.user?.id ?? '');
      return { success: true, unread: 0 };
    },
  );

  app.post<{ Params: { id: number } }>(
    '/api/alerts/:id/read',
    {
      ...common,
      schema: {
        summary: 'Marks one alert read',
        tags: ['alerts'],
        security: [{ bearerAuth: [] }],
        params: {
          type: 'object',
          required: ['id'],
          properties: { id: { type: 'integer', minimum: 1, maximum: MAX_ID } },
        },
        response: { 200: unreadResponse, ...failureResponses },
      },
    },
    async (request, reply) => {
      const userId = request.auth.user?.id ?? '';
      if (!(await service.store.markRead(userId, request.params.id))) {
        return reply.code(404).send(failure('Alert not found'));
      }
      return { success: true, unread: await service.store.unreadCount(userId) };
    },
  );

  return service;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Server-side alerts on saved topics and regions (server/alerts). */
    alerts: AlertService;
  }
}
