/**
 * The admin console's API (issue #30; spec section 6: admin panel, user management, system
 * configuration, audit logs, moderation). Admins only: guests 401, users 403, checked before
 * the body. Every action writes an audit row (server/admin/audit.ts). Reference: docs/api.md
 * "Admin".
 *
 *   GET  /api/admin/users?q=&limit=&offset=          users with role and status
 *   POST /api/admin/users/:id/disable {disabled}     disable (tokens revoked) or enable
 *   POST /api/admin/users/:id/revoke                 sign the user out everywhere
 *   GET  /api/admin/jobs                             queue depth and failed / dead jobs
 *   POST /api/admin/jobs/:id/retry                   a failed or dead job back in the queue
 *   POST /api/admin/feeds/test {url}                 fetch + parse now: preview or the error
 *   GET  /api/admin/articles?q=&hidden=&limit=       articles for moderation
 *   POST /api/admin/articles/:id/hide {reason?}      out of every public list
 *   POST /api/admin/articles/:id/restore
 *   PUT  /api/admin/articles/:id/correction {place?, category?, note?}
 *   GET  /api/admin/articles/:id/corrections
 *   GET  /api/admin/audit?action=&actor=&since=&until=&limit=&offset=&format=json|csv
 *   GET  /api/admin/system                           version, database and Redis answering?, config
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { auditCsv, type AuditAction, type AuditLog } from '../admin/audit';
import { probeDatabase, probeRedis } from '../admin/probes';
import { requireRole } from '../auth/guards';
import { describeDatabase, type Config } from '../config';
import type { Database, Dialect } from '../db/schema';
import { createFeedFetcher } from '../feeds/fetcher';
import { checkFeedUrl } from '../feeds/ssrf';
import { nameKey } from '../geocode/text';
import {
  failure,
  failureResponses,
  jsonErrorHandler,
  strictValidatorCompiler,
} from './strictSchema';

export interface AdminRouteDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  audit: AuditLog;
  version: string;
  startedAt: number;
  /** The configuration the process runs with (shown redacted). */
  config: Partial<Config>;
  /** Feeds on loopback/private addresses may be tested (ATLAS_FEED_ALLOW_PRIVATE). */
  allowPrivateFeeds: boolean;
}

/** Categories a moderator may set (the analyser's taxonomy, lower case). */
export const ADMIN_CATEGORIES = [
  'politics',
  'business',
  'technology',
  'science',
  'health',
  'environment',
  'sports',
  'entertainment',
  'general',
] as const;

const PREVIEW_ITEMS = 10;
const strict = { validatorCompiler: strictValidatorCompiler, errorHandler: jsonErrorHandler };
const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', minLength: 1, maxLength: 200 } },
} as const;
const pageQuery = {
  limit: { type: 'integer', minimum: 1, maximum: 500, default: 50 },
  offset: { type: 'integer', minimum: 0, maximum: 1_000_000, default: 0 },
} as const;

function actorOf(request: FastifyRequest): { id: string; email: string } | null {
  const user = request.auth.user;
  return user === null ? null : { id: user.id, email: user.email };
}

export function registerAdminRoutes(app: FastifyInstance, deps: AdminRouteDeps): void {
  const { db, audit } = deps;
  const admin = requireRole('admin');
  const record = (
    request: FastifyRequest,
    action: AuditAction,
    target: string | null,
    detail: Record<string, unknown> = {},
  ): Promise<void> =>
    audit.record({ action, actor: actorOf(request), target, detail, ip: request.ip });

  app.get<{ Querystring: { q?: string; limit: number; offset: number } }>(
    '/api/admin/users',
    {
      onRequest: admin,
      schema: {
        tags: ['admin'],
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { q: { type: 'string', maxLength: 200 }, ...pageQuery },
        },
      },
    },
    async (request) => {
      const { q, limit, offset } = request.query;
      let base = db.selectFrom('users');
      const like = containsPattern(q);
      if (like !== null) {
        base = base.where((eb) =>
          eb.or([eb(sql`lower(email)`, 'like', like), eb(sql`lower(name)`, 'like', like)]),
        );
      }
      const [count, rows] = await Promise.all([
        base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst(),
        base
          .select(['id', 'email', 'name', 'role', 'created_at', 'disabled_at'])
          .orderBy('created_at', 'desc')
          .orderBy('id')
          .limit(limit)
          .offset(offset)
          .execute(),
      ]);
      return {
        success: true,
        total: Number(count?.n ?? 0),
        users: rows.map((r) => ({
          id: r.id,
          email: r.email,
          name: r.name,
          role: r.role,
          createdAt: r.created_at,
          disabled: r.disabled_at !== null,
          disabledAt: r.disabled_at,
        })),
      };
    },
  );

  app.post<{ Params: { id: string }; Body: { disabled: boolean } }>(
    '/api/admin/users/:id/disable',
    {
      onRequest: admin,
      ...strict,
      schema: {
        tags: ['admin'],
        params: idParams,
        body: {
          type: 'object',
          required: ['disabled'],
          additionalProperties: false,
          properties: { disabled: { type: 'boolean' } },
        },
        response: failureResponses,
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      if (id === request.auth.user?.id) {
        return reply.code(400).send(failure('Admins cannot disable themselves'));
      }
      const { disabled } = request.body;
      const result = await db
        .updateTable('users')
        .set((eb) => ({
          disabled_at: disabled ? new Date().toISOString() : null,
          // Disabling signs the user out everywhere at once.
          ...(disabled ? { token_version: eb('token_version', '+', 1) } : {}),
        }))
        .where('id', '=', id)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0)
        return reply.code(404).send(failure('User not found'));
      await record(request, disabled ? 'user.disable' : 'user.enable', id);
      return { success: true, message: disabled ? 'User disabled' : 'User enabled' };
    },
  );

  app.post<{ Params: { id: string } }>(
    '/api/admin/users/:id/revoke',
    { onRequest: admin, schema: { tags: ['admin'], params: idParams } },
    async (request, reply) => {
      const { id } = request.params;
      const result = await db
        .updateTable('users')
        .set((eb) => ({ token_version: eb('token_version', '+', 1) }))
        .where('id', '=', id)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0)
        return reply.code(404).send(failure('User not found'));
      await record(request, 'user.revoke', id);
      return { success: true, message: 'Sessions revoked' };
    },
  );

  app.get('/api/admin/jobs', { onRequest: admin, schema: { tags: ['admin'] } }, async () => {
    const [depth, failed] = await Promise.all([
      db
        .selectFrom('jobs')
        .select(['kind', 'status', (eb) => eb.fn.countAll<number | string>().as('n')])
        .groupBy(['kind', 'status'])
        .orderBy('kind')
        .orderBy('status')
        .execute(),
      db
        .selectFrom('jobs')
        .select(['id', 'kind', 'status', 'attempts', 'last_error', 'updated_at', 'payload'])
        .where('status', 'in', ['failed', 'dead'])
        .orderBy('updated_at', 'desc')
        .limit(100)
        .execute(),
    ]);
    return {
      success: true,
      depth: depth.map((r) => ({ kind: r.kind, status: r.status, count: Number(r.n) })),
      failures: failed.map((r) => ({
        id: r.id,
        kind: r.kind,
        status: r.status,
        attempts: r.attempts,
        lastError: r.last_error,
        updatedAt: r.updated_at,
        payload:
          typeof r.payload === 'string' ? r.payload.slice(0, 300) : JSON.stringify(r.payload),
      })),
    };
  });

  app.post<{ Params: { id: string } }>(
    '/api/admin/jobs/:id/retry',
    {
      onRequest: admin,
      schema: {
        tags: ['admin'],
        params: {
          type: 'object',
          required: ['id'],
          properties: { id: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } },
        },
      },
    },
    async (request, reply) => {
      const id = Number(request.params.id);
      const now = new Date().toISOString();
      const result = await db
        .updateTable('jobs')
        .set({
          status: 'queued',
          attempts: 0,
          run_after: now,
          locked_until: null,
          updated_at: now,
        })
        .where('id', '=', id)
        .where('status', 'in', ['failed', 'dead'])
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) {
        return reply.code(404).send(failure('No failed or dead job with that id'));
      }
      await record(request, 'job.retry', String(id));
      return { success: true, message: 'Job queued again' };
    },
  );

  const testFetch = createFeedFetcher({ allowPrivate: deps.allowPrivateFeeds });
  app.post<{ Body: { url: string } }>(
    '/api/admin/feeds/test',
    {
      onRequest: admin,
      ...strict,
      schema: {
        tags: ['admin'],
        body: {
          type: 'object',
          required: ['url'],
          additionalProperties: false,
          properties: { url: { type: 'string', minLength: 1, maxLength: 2048 } },
        },
      },
    },
    async (request) => {
      const { url } = request.body;
      const verdict = checkFeedUrl(url, { allowPrivate: deps.allowPrivateFeeds });
      let result: Record<string, unknown>;
      if (!verdict.ok) {
        result = { success: false, reason: verdict.reason, detail: verdict.detail };
      } else {
        const outcome = await testFetch({
          url: verdict.url.toString(),
          etag: null,
          lastModified: null,
        });
        if (outcome.status === 'ok') {
          result = {
            success: true,
            feedTitle: outcome.feedTitle,
            parseMode: outcome.parseMode,
            itemCount: outcome.items.length,
            dropped: outcome.dropped,
            items: outcome.items.slice(0, PREVIEW_ITEMS).map((i) => ({
              title: i.title,
              url: i.url,
              publishedAt: i.publishedAt,
              description: i.description?.slice(0, 300) ?? null,
            })),
          };
        } else if (outcome.status === 'rejected') {
          result = { success: false, reason: outcome.reason, detail: outcome.detail };
        } else {
          result = { success: false, reason: 'not-modified', detail: 'the server sent 304' };
        }
      }
      // Credentials typed into the URL (refused above) stay out of the audit log.
      await record(request, 'feed.test', withoutCredentials(url).slice(0, 300), {
        ok: result['success'],
        ...(result['reason'] === undefined ? {} : { reason: result['reason'] }),
      });
      return result;
    },
  );

  app.get<{
    Querystring: { q?: string; hidden: 'all' | 'only' | 'none'; limit: number; offset: number };
  }>(
    '/api/admin/articles',
    {
      onRequest: admin,
      schema: {
        tags: ['admin'],
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            q: { type: 'string', maxLength: 200 },
            hidden: { type: 'string', enum: ['all', 'only', 'none'], default: 'all' },
            ...pageQuery,
          },
        },
      },
    },
    async (request) => {
      const { q, hidden, limit, offset } = request.query;
      let base = db.selectFrom('articles');
      if (hidden === 'only') base = base.where('hidden_at', 'is not', null);
      if (hidden === 'none') base = base.where('hidden_at', 'is', null);
      const like = containsPattern(q);
      if (like !== null) base = base.where(sql`lower(title)`, 'like', like);
      const [count, rows] = await Promise.all([
        base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst(),
        base
          .select([
            'id',
            'title',
            'source',
            'category',
            'location_name',
            'country',
            'latitude',
            'longitude',
            'published_at',
            'created_at',
            'hidden_at',
            'hidden_reason',
          ])
          .orderBy('created_at', 'desc')
          .orderBy('id')
          .limit(limit)
          .offset(offset)
          .execute(),
      ]);
      return {
        success: true,
        total: Number(count?.n ?? 0),
        articles: rows.map((r) => ({
          id: r.id,
          title: r.title,
          source: r.source,
          category: r.category,
          locationName: r.location_name,
          country: r.country,
          latitude: r.latitude,
          longitude: r.longitude,
          publishedAt: r.published_at ?? r.created_at,
          hidden: r.hidden_at !== null,
          hiddenReason: r.hidden_reason,
        })),
      };
    },
  );

  app.post<{ Params: { id: string }; Body: { reason?: string } | undefined }>(
    '/api/admin/articles/:id/hide',
    {
      onRequest: admin,
      ...strict,
      schema: {
        tags: ['admin'],
        params: idParams,
        body: {
          type: 'object',
          additionalProperties: false,
          properties: { reason: { type: 'string', maxLength: 500 } },
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const reason = request.body?.reason?.trim() ?? null;
      const result = await db
        .updateTable('articles')
        .set({
          hidden_at: new Date().toISOString(),
          hidden_reason: reason === '' ? null : reason,
          updated_at: new Date().toISOString(),
        })
        .where('id', '=', id)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0)
        return reply.code(404).send(failure('Article not found'));
      await record(request, 'article.hide', id, reason === null ? {} : { reason });
      return { success: true, message: 'Article hidden' };
    },
  );

  app.post<{ Params: { id: string } }>(
    '/api/admin/articles/:id/restore',
    { onRequest: admin, schema: { tags: ['admin'], params: idParams } },
    async (request, reply) => {
      const { id } = request.params;
      const result = await db
        .updateTable('articles')
        .set({ hidden_at: null, hidden_reason: null, updated_at: new Date().toISOString() })
        .where('id', '=', id)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0)
        return reply.code(404).send(failure('Article not found'));
      await record(request, 'article.restore', id);
      return { success: true, message: 'Article restored' };
    },
  );

  interface CorrectionBody {
    place?: { name: string; lat: number; lon: number; country?: string };
    category?: (typeof ADMIN_CATEGORIES)[number];
    note?: string;
  }
  app.put<{ Params: { id: string }; Body: CorrectionBody }>(
    '/api/admin/articles/:id/correction',
    {
      onRequest: admin,
      ...strict,
      schema: {
        tags: ['admin'],
        params: idParams,
        body: {
          type: 'object',
          additionalProperties: false,
          minProperties: 1,
          properties: {
            place: {
              type: 'object',
              required: ['name', 'lat', 'lon'],
              additionalProperties: false,
              properties: {
                name: { type: 'string', minLength: 1, maxLength: 200 },
                lat: { type: 'number', minimum: -90, maximum: 90 },
                lon: { type: 'number', minimum: -180, maximum: 180 },
                country: { type: 'string', minLength: 2, maxLength: 2 },
              },
            },
            category: { type: 'string', enum: [...ADMIN_CATEGORIES] },
            note: { type: 'string', maxLength: 1000 },
          },
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { place, category, note } = request.body;
      if (place === undefined && category === undefined) {
        return reply.code(400).send(failure('Give a place or a category to correct'));
      }
      const actor = actorOf(request);
      if (actor === null) return reply.code(401).send(failure('Authentication required'));
      const before = await db
        .selectFrom('articles')
        .select(['latitude', 'longitude', 'location_name', 'country', 'category', 'categories'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (before === undefined) return reply.code(404).send(failure('Article not found'));
      const now = new Date().toISOString();
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('articles')
          .set({
            ...(place === undefined
              ? {}
              : {
                  latitude: place.lat,
                  longitude: place.lon,
                  location_name: place.name,
                  ...(place.country === undefined ? {} : { country: place.country.toUpperCase() }),
                }),
            // One category everywhere: the primary and the list agree.
            ...(category === undefined ? {} : { category, categories: JSON.stringify([category]) }),
            updated_at: now,
          })
          .where('id', '=', id)
          .execute();
        if (place !== undefined) {
          await trx
            .insertInto('article_corrections')
            .values({
              article_id: id,
              at: now,
              actor_id: actor.id,
              actor_email: actor.email,
              field: 'place',
              before: JSON.stringify({
                name: before.location_name,
                lat: before.latitude,
                lon: before.longitude,
                country: before.country,
              }),
              after: JSON.stringify(place),
              note: note ?? null,
            })
            .execute();
          // The geocoder learns: the name it had chosen now means this place
          // (server/geocode/overrides.ts reads the table).
          const taught = before.location_name ?? place.name;
          const values = {
            name_key: nameKey(taught),
            name: taught,
            latitude: place.lat,
            longitude: place.lon,
            country: place.country?.toUpperCase() ?? null,
            actor_id: actor.id,
            at: now,
          };
          await trx
            .insertInto('geocode_overrides')
            .values(values)
            .onConflict((oc) =>
              oc.column('name_key').doUpdateSet({
                latitude: values.latitude,
                longitude: values.longitude,
                country: values.country,
                actor_id: values.actor_id,
                at: values.at,
              }),
            )
            .execute();
        }
        if (category !== undefined) {
          await trx
            .insertInto('article_corrections')
            .values({
              article_id: id,
              at: now,
              actor_id: actor.id,
              actor_email: actor.email,
              field: 'category',
              before: JSON.stringify(before.category),
              after: JSON.stringify(category),
              note: note ?? null,
            })
            .execute();
        }
      });
      await record(request, 'article.correct', id, {
        ...(place === undefined ? {} : { place }),
        ...(category === undefined ? {} : { category }),
      });
      return { success: true, message: 'Correction saved' };
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/admin/articles/:id/corrections',
    { onRequest: admin, schema: { tags: ['admin'], params: idParams } },
    async (request) => {
      const rows = await db
        .selectFrom('article_corrections')
        .selectAll()
        .where('article_id', '=', request.params.id)
        .orderBy('at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return {
        success: true,
        corrections: rows.map((r) => ({
          id: r.id,
          at: r.at,
          actorEmail: r.actor_email,
          field: r.field,
          before: parseJson(r.before),
          after: parseJson(r.after),
          note: r.note,
        })),
      };
    },
  );

  app.get<{
    Querystring: {
      action?: string;
      actor?: string;
      since?: string;
      until?: string;
      limit: number;
      offset: number;
      format: 'json' | 'csv';
    };
  }>(
    '/api/admin/audit',
    {
      onRequest: admin,
      schema: {
        tags: ['admin'],
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            action: { type: 'string', maxLength: 64 },
            actor: { type: 'string', maxLength: 320 },
            since: { type: 'string', format: 'date-time' },
            until: { type: 'string', format: 'date-time' },
            ...pageQuery,
            limit: { type: 'integer', minimum: 1, maximum: 5000, default: 100 },
            format: { type: 'string', enum: ['json', 'csv'], default: 'json' },
          },
        },
      },
    },
    async (request, reply) => {
      const { format, since, until, ...rest } = request.query;
      const page = await audit.list({
        ...rest,
        ...(since === undefined ? {} : { since: new Date(since).toISOString() }),
        ...(until === undefined ? {} : { until: new Date(until).toISOString() }),
      });
      if (format === 'csv') {
        reply.header('content-type', 'text/csv; charset=utf-8');
        reply.header(
          'content-disposition',
          `attachment; filename="atlas-audit-${new Date().toISOString().slice(0, 10)}.csv"`,
        );
        return auditCsv(page.entries);
      }
      return { success: true, ...page };
    },
  );

  app.get('/api/admin/system', { onRequest: admin, schema: { tags: ['admin'] } }, async () => {
    const c = deps.config;
    // Both probes at once, each within PROBE_TIMEOUT_MS: a stuck backend costs half a second.
    const [database, redis] = await Promise.all([probeDatabase(db), probeRedis(c.redisUrl)]);
    return {
      success: true,
      version: deps.version,
      uptimeSeconds: Math.round((Date.now() - deps.startedAt) / 1000),
      node: process.version,
      database: { dialect: deps.dialect, ok: database.status === 'answering', ...database },
      redis: { configured: redis.status !== 'not configured', ...redis },
      memory: { rssBytes: process.memoryUsage().rss },
      config: redactedConfig(c),
    };
  });
}

/** A case-insensitive "contains" LIKE pattern for a search box (wildcards in it escaped), or
 * null for a blank search. Compare it with lower(column). */
function containsPattern(q: string | undefined): RawBuilder<unknown> | null {
  const needle = q?.trim().toLowerCase() ?? '';
  if (needle === '') return null;
  const like = `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`${like} escape '\\'`;
}

/** The URL with any user name and password replaced by *** (unparsable text as it is). */
export function withoutCredentials(raw: string): string {
  try {
    const u = new URL(raw);
    if (u.username === '' && u.password === '') return raw;
    if (u.username !== '') u.username = '***';
    if (u.password !== '') u.password = '***';
    return u.toString();
  } catch {
    return raw;
  }
}

function parseJson(raw: unknown): unknown {
  if (typeof raw !== 'string') return raw;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}

/** The running configuration with every secret replaced by whether it is set. */
export function redactedConfig(c: Partial<Config>): Record<string, unknown> {
  const redisUrl = c.redisUrl ?? null;
  let redis: string | null = null;
  if (redisUrl !== null) {
    try {
      const u = new URL(redisUrl);
      if (u.password !== '') u.password = '***';
      if (u.username !== '') u.username = '***';
      redis = u.toString();
    } catch {
      redis = '(invalid)';
    }
  }
  return {
    role: c.role ?? null,
    port: c.port ?? null,
    host: c.host ?? null,
    database: c.database === undefined ? null : describeDatabase(c.database),
    logLevel: c.logLevel ?? null,
    redisUrl: redis,
    corsOrigins: c.corsOrigins ?? [],
    ingest: c.ingest ?? null,
    starterSet: c.starterSet ?? null,
    feedAllowPrivate: c.feedAllowPrivate ?? false,
    feedsOverride: c.feedUrls?.length ?? null,
    metricsAllow: c.metricsAllow ?? [],
    jwtSecret: c.jwtSecret == null ? 'generated' : '[redacted]',
    llm:
      c.llm === undefined
        ? null
        : {
            url: (() => {
              try {
                return new URL(c.llm.url).origin;
              } catch {
                return '(invalid)';
              }
            })(),
            model: c.llm.model,
            apiKey: c.llm.apiKey === null ? null : '[redacted]',
          },
  };
}
