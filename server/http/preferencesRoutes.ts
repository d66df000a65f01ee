/**
 * GET /api/preferences and PUT /api/preferences (signed-in users; guests keep preferences in local
 * storage and get 401 here). The object is data/preferences.ts Preferences, stored as JSON in
 * users.preferences; PUT takes any subset of its fields (globe toggles may be partial too),
 * merges it into the stored object and returns the result.
 */
import type { FastifyInstance } from 'fastify';
import {
  GLOBE_TOGGLES,
  PERFORMANCE_MODES,
  QUALITY_PREFERENCES,
  SAVED_ITEM_MAX_LENGTH,
  SAVED_LIST_MAX_ITEMS,
  SYNCED_FIELDS,
  THEMES,
  type PreferencesUpdate,
} from '../../data/preferences';
import { requireUser } from '../auth/guards';
import { TOKEN_INVALID } from '../auth/identity';
import type { UserRepository } from '../auth/users';
import {
  failure,
  failureResponses,
  jsonErrorHandler,
  strictValidatorCompiler,
} from './strictSchema';

const toggles = Object.fromEntries(GLOBE_TOGGLES.map((name) => [name, { type: 'boolean' }]));

const preferenceFields = {
  theme: { type: 'string', enum: THEMES },
  quality: { type: 'string', enum: QUALITY_PREFERENCES },
  crtEffect: { type: 'boolean' },
  soundEnabled: { type: 'boolean' },
  performanceMode: { type: 'string', enum: PERFORMANCE_MODES },
  postProcessingEnabled: { type: 'boolean' },
} as const;

const savedList = {
  type: 'array',
  maxItems: SAVED_LIST_MAX_ITEMS,
  items: { type: 'string', maxLength: SAVED_ITEM_MAX_LENGTH },
} as const;

/** Saved topics and regions, and the per-field write times (last write wins per field). */
const syncFields = {
  savedTopics: savedList,
  savedRegions: savedList,
  updatedAt: {
    type: 'object',
    additionalProperties: false,
    properties: Object.fromEntries(
      SYNCED_FIELDS.map((f) => [f, { type: 'number', minimum: 0, maximum: 8.64e15 }]),
    ),
  },
} as const;

/** A partial update: every field optional, nothing else allowed. */
export const preferencesUpdateSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...preferenceFields,
    ...syncFields,
    globe: { type: 'object', additionalProperties: false, properties: toggles },
  },
} as const;

const storedPreferencesSchema = {
  type: 'object',
  required: [...Object.keys(preferenceFields), 'globe'],
  properties: {
    ...preferenceFields,
    ...syncFields,
    globe: { type: 'object', required: [...GLOBE_TOGGLES], properties: toggles },
  },
} as const;

const preferencesResponse = {
  type: 'object',
  required: ['success', 'preferences'],
  properties: { success: { type: 'boolean' }, preferences: storedPreferencesSchema },
} as const;

export function registerPreferencesRoutes(
  app: FastifyInstance,
  deps: { users: UserRepository },
): void {
  app.get(
    '/api/preferences',
    {
      onRequest: requireUser(),
      errorHandler: jsonErrorHandler,
      schema: { response: { 200: preferencesResponse, ...failureResponses } },
    },
    async (request, reply) => {
      const user = request.auth.user;
      const preferences = user === null ? null : await deps.users.getPreferences(user.id);
      if (preferences === null) return reply.code(401).send(failure(TOKEN_INVALID));
      return { success: true, preferences };
    },
  );

  app.put<{ Body: PreferencesUpdate }>(
    '/api/preferences',
    {
      onRequest: requireUser(),
      validatorCompiler: strictValidatorCompiler,
      errorHandler: jsonErrorHandler,
      schema: {
        body: preferencesUpdateSchema,
        response: { 200: preferencesResponse, ...failureResponses },
      },
    },
    async (request, reply) => {
      const user = request.auth.user;
      const preferences =
        user === null ? null : await deps.users.updatePreferences(user.id, request.body);
      if (preferences === null) return reply.code(401).send(failure(TOKEN_INVALID));
      return { success: true, preferences };
    },
  );
}
