/**
 * GET /api/public/status: whether the live news sources are reachable and whether the stories
 * shown are the bundled samples (issue #30, "feed status people can see"). Public and cheap: two
 * small queries, answered from memory for STATUS_CACHE_MS and cacheable by the browser for as
 * long. Failure reasons stay admin-only (GET /api/feeds): this says only how many feeds fail.
 */
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** How long one answer is reused (in memory and in the browser's cache). */
export const STATUS_CACHE_MS = 15_000;

/**
 * ok: every enabled feed that has been fetched succeeded; degraded: some fail, some work;
 * unreachable: feeds fail and none has worked since its last failure; pending: no enabled feed
 * fetched yet; off: ingestion is off (ATLAS_INGEST=off) or no feed is enabled.
 */
export type LiveSources = 'ok' | 'degraded' | 'unreachable' | 'pending' | 'off';

export interface PublicStatus {
  liveSources: LiveSources;
  /** Every visible article is sample data (the bundled starter set or the synthetic seed). */
  sampleData: boolean;
  feeds: { enabled: number; ok: number; failing: number; pending: number };
  checkedAt: string;
}

const count = { type: 'integer', minimum: 0 } as const;
const statusResponse = {
  type: 'object',
  required: ['liveSources', 'sampleData', 'feeds', 'checkedAt'],
  properties: {
    liveSources: { type: 'string', enum: ['ok', 'degraded', 'unreachable', 'pending', 'off'] },
    sampleData: { type: 'boolean' },
    feeds: {
      type: 'object',
      required: ['enabled', 'ok', 'failing', 'pending'],
      properties: { enabled: count, ok: count, failing: count, pending: count },
    },
    checkedAt: { type: 'string' },
  },
} as const;

export function liveSourcesFrom(ingest: boolean, feeds: PublicStatus['feeds']): LiveSources {
  if (!ingest || feeds.enabled === 0) return 'off';
  if (feeds.failing === 0) return feeds.ok > 0 ? 'ok' : 'pending';
  return feeds.ok === 0 ? 'unreachable' : 'degraded';
}

/** Reads the status from the database (no cache). */
export async function readPublicStatus(
  db: Kysely<Database>,
  ingest: boolean,
  now: Date = new Date(),
): Promise<PublicStatus> {
  const [feedRow, sample, live] = await Promise.all([
    db
      .selectFrom('feeds')
      .where('enabled', '=', 1)
      .select([
        (eb) => eb.fn.countAll<number | string>().as('enabled'),
        sql<number | string>`sum(case when failures > 0 then 1 else 0 end)`.as('failing'),
        sql<
          number | string
        >`sum(case when failures = 0 and last_success_at is not null then 1 else 0 end)`.as('ok'),
      ])
      .executeTakeFirst(),
    db
      .selectFrom('articles')
      .select('id')
      .where('is_sample', '=', 1)
      .where('hidden_at', 'is', null)
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('articles')
      .select('id')
      .where('is_sample', '=', 0)
      .where('hidden_at', 'is', null)
      .limit(1)
      .executeTakeFirst(),
  ]);
  const enabled = Number(feedRow?.enabled ?? 0);
  const failing = Number(feedRow?.failing ?? 0);
  const ok = Number(feedRow?.ok ?? 0);
  const feeds = { enabled, ok, failing, pending: Math.max(0, enabled - failing - ok) };
  return {
    liveSources: liveSourcesFrom(ingest, feeds),
    sampleData: sample !== undefined && live === undefined,
    feeds,
    checkedAt: now.toISOString(),
  };
}

export function registerStatusRoutes(
  app: FastifyInstance,
  deps: { db: Kysely<Database>; ingest: boolean; cacheMs?: number },
): void {
  const cacheMs = deps.cacheMs ?? STATUS_CACHE_MS;
  let cached: { at: number; value: Promise<PublicStatus> } | null = null;
  app.get(
    '/api/public/status',
    {
      schema: {
        summary: 'Live sources and sample data: what the public status notice shows',
        tags: ['public'],
        response: { 200: statusResponse },
      },
    },
    async (_request, reply) => {
      const now = Date.now();
      if (cached === null || now - cached.at >= cacheMs) {
        // Concurrent misses share one read; a failed read is not kept.
        const value = readPublicStatus(deps.db, deps.ingest, new Date(now));
        cached = { at: now, value };
        value.catch(() => {
          if (cached?.value === value) cached = null;
        });
      }
      const status = await cached.value;
      reply.header('cache-control', `public, max-age=${Math.round(cacheMs / 1000)}`);
      return status;
    },
  );
}
