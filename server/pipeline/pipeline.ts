/**
 * The ingestion pipeline as durable jobs (server/jobs): a scheduler enqueues one 'feed:fetch' job
 * per due feed; the fetch job fetches and parses (server/feeds), geocodes, dedups and stores the
 * items ('article:new' goes out as each lands) and enqueues one 'article:analyse' job per new
 * story; the analyse job analyses it exactly once ('article:analyzed'). See docs/architecture.md
 * ("Ingestion") for the crash-safety argument.
 */
import type { Kysely } from 'kysely';
import type { Analyser } from '../analysis/analyser';
import type { Database } from '../db/schema';
import type { ClaimedJob, JobQueue } from '../jobs/queue';
import type { JobHandler } from '../jobs/runner';
import type { ArticleEventLog } from '../realtime/articleEventLog';
import { runAnalyseStep } from './analyseStep';
import type { FeedFetchOutcome, FetchFeed, Geocoder } from './contracts';
import { ANALYSE_JOB, ingestItems, type IngestSummary } from './ingest';
import { feedPublisher } from './publisher';

/** The feed title replaces a host-name registry name (publisher.ts). */
function publisherSource(
  name: string,
  url: string,
  feedTitle: string | null,
): { publisher: string; publisherIsHost: boolean } {
  const chosen = feedPublisher(name, url, feedTitle);
  return { publisher: chosen.name, publisherIsHost: chosen.isHost };
}

export const FETCH_JOB = 'feed:fetch';

/** What the pipeline needs from the feed registry (server/feeds/registry.ts). */
export interface FeedStore {
  /** The feed to fetch, or undefined when it was removed or disabled since the job was queued. */
  load(
    feedId: string,
  ): Promise<
    | { id: string; url: string; name: string; etag: string | null; lastModified: string | null }
    | undefined
  >;
  /** Feeds whose next fetch is due, with the time it was due (part of the job's dedupe key). */
  due(now: Date): Promise<{ id: string; dueAt: string }[]>;
  /** Records the outcome: validators, health and the next fetch time. */
  record(feedId: string, outcome: FeedFetchOutcome, stored: number, now: Date): Promise<void>;
}

export interface PipelineLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface PipelineDeps {
  db: Kysely<Database>;
  events: ArticleEventLog;
  queue: JobQueue;
  analyser: Analyser;
  geocoder: Geocoder | null;
  fetchFeed: FetchFeed;
  feeds: FeedStore;
  log: PipelineLog;
  now?: () => Date;
  /**
   * A fetch that starts moves its feed's next fetch this far ahead (default 5 min), so a fetch
   * killed half-way - even one whose job is dead-lettered after repeated crashes - is retried by
   * a new job with a new dedupe key; the outcome's record then sets the real next time.
   */
  inFlightRetryMs?: number;
}

export const DEFAULT_IN_FLIGHT_RETRY_MS = 5 * 60_000;

function payloadString(job: ClaimedJob, key: string): string {
  const payload = job.payload as Record<string, unknown> | null;
  const value = payload?.[key];
  if (typeof value !== 'string' || value === '') {
    throw new Error(`job ${job.id} (${job.kind}) has no ${key}`);
  }
  return value;
}

/** The job handlers by kind, for startJobRunner. */
export function pipelineHandlers(deps: PipelineDeps): Record<string, JobHandler> {
  const now = deps.now ?? (() => new Date());
  return {
    [FETCH_JOB]: async (job, signal) => {
      const feedId = payloadString(job, 'feedId');
      const feed = await deps.feeds.load(feedId);
      if (feed === undefined) return;
      await deps.db
        .updateTable('feeds')
        .set({
          next_fetch_at: new Date(
            now().getTime() + (deps.inFlightRetryMs ?? DEFAULT_IN_FLIGHT_RETRY_MS),
          ).toISOString(),
        })
        .where('id', '=', feed.id)
        .execute();
      const outcome = await deps.fetchFeed(
        { url: feed.url, etag: feed.etag, lastModified: feed.lastModified },
        signal,
      );
      let summary: IngestSummary | null = null;
      if (outcome.status === 'ok') {
        summary = await ingestItems(
          { db: deps.db, events: deps.events, queue: deps.queue, geocoder: deps.geocoder, now },
          { feedId: feed.id, ...publisherSource(feed.name, feed.url, outcome.feedTitle) },
          outcome.items,
        );
      }
      await deps.feeds.record(feed.id, outcome, summary?.stored ?? 0, now());
      if (outcome.status === 'rejected') {
        deps.log.warn({ feedId, reason: outcome.reason, detail: outcome.detail }, 'feed rejected');
      } else if (summary !== null) {
        deps.log.info({ feedId, ...summary }, 'feed ingested');
      }
    },
    [ANALYSE_JOB]: async (job) => {
      await runAnalyseStep(
        { db: deps.db, events: deps.events, analyser: deps.analyser },
        payloadString(job, 'articleId'),
        { attempts: job.attempts, maxAttempts: deps.queue.maxAttempts },
      );
    },
  };
}

/** Enqueues a fetch job for every due feed (the dedupe key makes a repeat a no-op). */
export async function scheduleDueFeeds(
  deps: Pick<PipelineDeps, 'feeds' | 'queue'>,
  now: Date,
): Promise<number> {
  let queued = 0;
  for (const feed of await deps.feeds.due(now)) {
    const { created } = await deps.queue.enqueue({
      kind: FETCH_JOB,
      payload: { feedId: feed.id },
      dedupeKey: `fetch:${feed.id}:${feed.dueAt}`,
    });
    if (created) queued++;
  }
  return queued;
}

/** Runs scheduleDueFeeds every `intervalMs` until stopped. */
export function startFeedScheduler(
  deps: Pick<PipelineDeps, 'feeds' | 'queue' | 'log'> & { now?: () => Date },
  intervalMs: number,
): { stop(): void } {
  const now = deps.now ?? (() => new Date());
  let running = false;
  const tick = (): void => {
    if (running) return;
    running = true;
    scheduleDueFeeds(deps, now())
      .catch((error: unknown) => deps.log.warn({ err: error }, 'feed scheduling failed'))
      .finally(() => {
        running = false;
      });
  };
  tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
