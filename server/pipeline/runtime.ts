/**
 * Puts the pipeline together for a process that runs jobs (server/main.ts): the geocoder over the
 * gazetteer, the feed fetcher, the registry synced into the feeds table, the first-run starter
 * set, the job handlers and the feed scheduler.
 */
import type { Kysely } from 'kysely';
import type { Analyser } from '../analysis/analyser';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import { createFeedFetcher } from '../feeds/fetcher';
import { parseFeedDocument } from '../feeds/parse';
import { createFeedStore, feedListFor, syncFeeds } from '../feeds/registry';
import { GeocodeOverrides, OVERRIDES_REFRESH_MS, withOverrides } from '../geocode/overrides';
import { sharedGazetteer } from '../geocode/reverse';
import { createGeocoder } from '../geocode/geocoder';
import type { JobQueue } from '../jobs/queue';
import type { JobHandler } from '../jobs/runner';
import type { ArticleEventLog } from '../realtime/articleEventLog';
import type { Geocoder } from './contracts';
import { pipelineHandlers, startFeedScheduler, type PipelineLog } from './pipeline';
import { STARTER_DIR, ingestStarterSet, removeStarterSet } from './starterSet';

/** How often the scheduler looks for due feeds. */
export const DEFAULT_SCHEDULER_TICK_MS = 15_000;
/** Real articles needed before the starter set is removed. */
export const STARTER_REPLACED_AFTER = 20;

export interface PipelineSetup {
  /** Scheduler tick (tests use a short one). */
  tickMs?: number;
  /** Starter feed folder (tests point it elsewhere). */
  starterDir?: string;
  /** See PipelineDeps.inFlightRetryMs (crash tests use a short one). */
  inFlightRetryMs?: number;
}

export interface PipelineRuntime {
  handlers: Record<string, JobHandler>;
  /** Starts the feed scheduler when ingestion is on. */
  start(): void;
  stop(): void;
}

let sharedGeocoder: Geocoder | null = null;

/** The geocoder over the gazetteer (built on first use when the install step did not). */
export function defaultGeocoder(): Geocoder {
  sharedGeocoder ??= createGeocoder(sharedGazetteer());
  return sharedGeocoder;
}

export async function createPipelineRuntime(
  config: Pick<Config, 'ingest' | 'starterSet'> & {
    feedUrls?: string[] | null;
    feedAllowPrivate?: boolean;
  },
  deps: {
    db: Kysely<Database>;
    events: ArticleEventLog;
    queue: JobQueue;
    analyser: Analyser;
    log: PipelineLog;
  },
  setup: PipelineSetup = {},
): Promise<PipelineRuntime> {
  // Places moderators corrected (server/geocode/overrides.ts) win over the gazetteer's answer.
  const overrides = new GeocodeOverrides();
  await overrides.refresh(deps.db).catch((error: unknown) => {
    deps.log.warn({ err: error }, 'geocode overrides not loaded');
  });
  const geocoder = withOverrides(defaultGeocoder(), overrides);
  const fetchFeed = createFeedFetcher({ allowPrivate: config.feedAllowPrivate === true });
  // ATLAS_FEEDS replaces the list for this run: only its feeds are fetched.
  let feedIds: string[] | null = null;
  let feedCount = 0;
  if (config.ingest) {
    const list = feedListFor(config.feedUrls ?? null);
    const synced = await syncFeeds(deps.db, list);
    feedCount = list.length;
    if (config.feedUrls !== null && config.feedUrls !== undefined) feedIds = synced.ids;
  }
  const feeds = createFeedStore(deps.db, feedIds === null ? {} : { ids: feedIds });
  const base = pipelineHandlers({
    ...deps,
    geocoder,
    fetchFeed,
    feeds,
    ...(setup.inFlightRetryMs === undefined ? {} : { inFlightRetryMs: setup.inFlightRetryMs }),
  });
  const fetchHandler = base['feed:fetch'];
  const handlers: Record<string, JobHandler> = {
    ...base,
    ...(fetchHandler === undefined
      ? {}
      : {
          'feed:fetch': async (job, signal) => {
            await fetchHandler(job, signal);
            const removed = await removeStarterSet(deps.db, STARTER_REPLACED_AFTER);
            if (removed > 0) deps.log.info({ removed }, 'starter set replaced by live articles');
          },
        }),
  };

  if (config.starterSet) {
    const started = performance.now();
    const result = await ingestStarterSet(
      { db: deps.db, events: deps.events, queue: deps.queue, geocoder },
      parseFeedDocument,
      setup.starterDir ?? STARTER_DIR,
    );
    if (result !== null) {
      deps.log.info(
        { ...result, ms: Math.round(performance.now() - started) },
        'first run: starter set ingested (sample data)',
      );
    }
  }

  let scheduler: { stop(): void } | null = null;
  let overridesTimer: NodeJS.Timeout | null = null;
  return {
    handlers,
    start: () => {
      overridesTimer ??= setInterval(() => {
        overrides.refresh(deps.db).catch((error: unknown) => {
          deps.log.warn({ err: error }, 'geocode overrides refresh failed');
        });
      }, OVERRIDES_REFRESH_MS);
      overridesTimer.unref();
      if (!config.ingest || scheduler !== null) return;
      scheduler = startFeedScheduler(
        { feeds, queue: deps.queue, log: deps.log },
        setup.tickMs ?? DEFAULT_SCHEDULER_TICK_MS,
      );
      deps.log.info({ feeds: feedCount }, 'feed scheduler started');
    },
    stop: () => {
      if (overridesTimer !== null) clearInterval(overridesTimer);
      overridesTimer = null;
      scheduler?.stop();
      scheduler = null;
    },
  };
}
