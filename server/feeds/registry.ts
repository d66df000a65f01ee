/**
 * The feed registry: which feeds exist (defaultFeeds.json, or ATLAS_FEEDS for a run, plus feeds
 * an admin added), and each feed's health and schedule in the `feeds` table. The pipeline asks
 * dueFeeds() what to fetch and records every outcome here, which sets the next fetch time:
 * success -> base interval (10 min); failure -> 1 min * 2^(failures-1), capped at 6 h, so a feed
 * that is down is not hammered; a non-retryable failure (SSRF, bad scheme, 404, not a feed) ->
 * 24 h, since retrying soon cannot help but the outlet may fix it.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database, FeedRow } from '../db/schema';
import type { FeedFetchOutcome, ParseMode } from '../pipeline/contracts';
import type { FeedStore } from '../pipeline/pipeline';
import { checkFeedUrl } from './ssrf';

export const DEFAULT_FEED_INTERVAL_MS = 10 * 60_000;
export const FAILURE_BACKOFF_BASE_MS = 60_000;
export const FAILURE_BACKOFF_MAX_MS = 6 * 60 * 60_000;
export const NON_RETRYABLE_BACKOFF_MS = 24 * 60 * 60_000;
/** Stored error text is for the health view; keep it short. */
const MAX_ERROR_LENGTH = 500;

export interface FeedDefinition {
  id: string;
  name: string;
  url: string;
  /** world | europe | africa | asia | middle-east | americas | oceania | custom */
  region: string;
  /** ISO 639-1, or null when unknown (ATLAS_FEEDS entries). */
  language: string | null;
}

export const DEFAULT_FEEDS_FILE = path.join(import.meta.dirname, 'defaultFeeds.json');

/** The bundled default list, checked (a broken entry is a bug, reported at boot). */
export function loadDefaultFeeds(file: string = DEFAULT_FEEDS_FILE): FeedDefinition[] {
  const raw: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (!Array.isArray(raw)) throw new Error(`${file}: expected an array of feeds`);
  const ids = new Set<string>();
  return raw.map((entry: unknown, index) => {
    const e = entry as Partial<Record<keyof FeedDefinition, unknown>>;
    const where = `${file} entry ${index}`;
    if (typeof e.id !== 'string' || !/^[a-z0-9-]{1,64}$/.test(e.id))
      throw new Error(`${where}: bad id`);
    if (ids.has(e.id)) throw new Error(`${where}: duplicate id ${e.id}`);
    ids.add(e.id);
    if (typeof e.name !== 'string' || e.name.trim() === '')
      throw new Error(`${where}: missing name`);
    if (typeof e.url !== 'string' || !checkFeedUrl(e.url, { allowPrivate: false }).ok) {
      throw new Error(`${where}: bad url`);
    }
    if (typeof e.region !== 'string') throw new Error(`${where}: missing region`);
    const language = typeof e.language === 'string' ? e.language : null;
    return { id: e.id, name: e.name, url: e.url, region: e.region, language };
  });
}

/** A stable id for a feed known only by URL (ATLAS_FEEDS entries, admin-added feeds). */
export function feedIdForUrl(url: string): string {
  return `feed-${createHash('sha256').update(url).digest('hex').slice(0, 16)}`;
}

/**
 * Parses ATLAS_FEEDS (comma-separated URLs). Each entry must pass the URL policy; problems name
 * the entry so a bad deployment fails at boot with a readable message.
 */
export function parseFeedUrlList(
  raw: string,
  allowPrivate: boolean,
): { urls: string[]; problems: string[] } {
  const urls: string[] = [];
  const problems: string[] = [];
  for (const part of raw.split(',')) {
    const entry = part.trim();
    if (entry === '') continue;
    const verdict = checkFeedUrl(entry, { allowPrivate });
    if (!verdict.ok) {
      problems.push(
        `ATLAS_FEEDS entry "${entry.slice(0, 200)}" is not an allowed feed URL: ${verdict.detail}`,
      );
      continue;
    }
    const url = verdict.url.toString();
    if (!urls.includes(url)) urls.push(url);
  }
  if (urls.length === 0 && problems.length === 0) problems.push('ATLAS_FEEDS lists no feed URL');
  return { urls, problems };
}

/** The feed list for this run: ATLAS_FEEDS when given (it replaces the defaults), else defaults. */
export function feedListFor(feedUrls: readonly string[] | null | undefined): FeedDefinition[] {
  if (feedUrls === null || feedUrls === undefined) return loadDefaultFeeds();
  return feedUrls.map((url) => ({
    id: feedIdForUrl(url),
    name: new URL(url).hostname,
    url,
    region: 'custom',
    language: null,
  }));
}

export interface SyncResult {
  inserted: number;
  updated: number;
  /** The registry ids of every listed feed (an existing row with the same URL keeps its id). */
  ids: string[];
}

/**
 * Adds the listed feeds that are missing and refreshes names/URLs of known ids. Never deletes
 * and never touches `enabled` (an admin's choice survives restarts). To fetch only the listed
 * feeds for a run (ATLAS_FEEDS), pass the returned ids to dueFeeds / createFeedStore.
 */
export async function syncFeeds(
  db: Kysely<Database>,
  list: readonly FeedDefinition[],
): Promise<SyncResult> {
  const result: SyncResult = { inserted: 0, updated: 0, ids: [] };
  for (const feed of list) {
    const byId = await db
      .selectFrom('feeds')
      .select(['id', 'url', 'name'])
      .where('id', '=', feed.id)
      .executeTakeFirst();
    const byUrl = await db
      .selectFrom('feeds')
      .select(['id'])
      .where('url', '=', feed.url)
      .executeTakeFirst();
    if (byId !== undefined) {
      result.ids.push(byId.id);
      const urlFree = byUrl === undefined || byUrl.id === byId.id;
      if ((byId.url !== feed.url && urlFree) || byId.name !== feed.name) {
        await db
          .updateTable('feeds')
          .set({ name: feed.name, ...(urlFree ? { url: feed.url } : {}) })
          .where('id', '=', feed.id)
          .execute();
        result.updated++;
      }
      continue;
    }
    if (byUrl !== undefined) {
      result.ids.push(byUrl.id);
      continue;
    }
    await db.insertInto('feeds').values({ id: feed.id, url: feed.url, name: feed.name }).execute();
    result.inserted++;
    result.ids.push(feed.id);
  }
  return result;
}

export interface DueFeed {
  id: string;
  /** When it became due (its next_fetch_at, or creation for a never-fetched feed). */
  dueAt: string;
}

/** Enabled feeds whose next fetch time has come, optionally only among `ids`. */
export async function dueFeeds(
  db: Kysely<Database>,
  now: Date,
  options: { ids?: readonly string[]; limit?: number } = {},
): Promise<DueFeed[]> {
  if (options.ids !== undefined && options.ids.length === 0) return [];
  let query = db
    .selectFrom('feeds')
    .select(['id', 'next_fetch_at', 'created_at'])
    .where('enabled', '=', 1)
    .where((eb) =>
      eb.or([eb('next_fetch_at', 'is', null), eb('next_fetch_at', '<=', now.toISOString())]),
    )
    .orderBy('next_fetch_at')
    .orderBy('id')
    .limit(options.limit ?? 1000);
  if (options.ids !== undefined) query = query.where('id', 'in', [...options.ids]);
  const rows = await query.execute();
  return rows.map((row) => ({ id: row.id, dueAt: row.next_fetch_at ?? row.created_at }));
}

/** Backoff after the `failures`-th consecutive failure (1 = the first). */
export function failureBackoffMs(failures: number, retryable: boolean): number {
  if (!retryable) return NON_RETRYABLE_BACKOFF_MS;
  const exponent = Math.max(0, Math.min(failures - 1, 30));
  return Math.min(FAILURE_BACKOFF_BASE_MS * 2 ** exponent, FAILURE_BACKOFF_MAX_MS);
}

export interface SuccessRecord {
  etag: string | null;
  lastModified: string | null;
  parseMode: ParseMode;
  /** Items the fetch yielded (added to items_seen). */
  items: number;
  now: Date;
  intervalMs?: number;
}

export async function recordFeedSuccess(
  db: Kysely<Database>,
  id: string,
  record: SuccessRecord,
): Promise<void> {
  const now = record.now;
  await db
    .updateTable('feeds')
    .set((eb) => ({
      etag: record.etag,
      last_modified: record.lastModified,
      parse_mode: record.parseMode,
      items_seen: eb('items_seen', '+', Math.max(0, Math.floor(record.items))),
      last_success_at: now.toISOString(),
      last_error: null,
      failures: 0,
      next_fetch_at: new Date(
        now.getTime() + (record.intervalMs ?? DEFAULT_FEED_INTERVAL_MS),
      ).toISOString(),
    }))
    .where('id', '=', id)
    .execute();
}

/** A 304: the feed is healthy and unchanged; validators stay as they are. */
export async function recordNotModified(
  db: Kysely<Database>,
  id: string,
  record: { now: Date; intervalMs?: number },
): Promise<void> {
  await db
    .updateTable('feeds')
    .set({
      last_success_at: record.now.toISOString(),
      last_error: null,
      failures: 0,
      next_fetch_at: new Date(
        record.now.getTime() + (record.intervalMs ?? DEFAULT_FEED_INTERVAL_MS),
      ).toISOString(),
    })
    .where('id', '=', id)
    .execute();
}

export interface FailureRecord {
  reason: string;
  detail: string;
  retryable: boolean;
  now: Date;
}

/** Counts the failure and schedules the retry; returns the new failure count (0 if no such feed). */
export async function recordFeedFailure(
  db: Kysely<Database>,
  id: string,
  record: FailureRecord,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('feeds')
      .select('failures')
      .where('id', '=', id)
      .executeTakeFirst();
    if (row === undefined) return 0;
    const failures = row.failures + 1;
    const next = new Date(record.now.getTime() + failureBackoffMs(failures, record.retryable));
    await trx
      .updateTable('feeds')
      .set({
        failures,
        last_error: `${record.reason}: ${record.detail}`.slice(0, MAX_ERROR_LENGTH),
        next_fetch_at: next.toISOString(),
      })
      .where('id', '=', id)
      .execute();
    return failures;
  });
}

/** The FeedStore the pipeline (server/pipeline/pipeline.ts) drives. */
export function createFeedStore(
  db: Kysely<Database>,
  options: { intervalMs?: number; ids?: readonly string[] } = {},
): FeedStore {
  const intervalMs = options.intervalMs ?? DEFAULT_FEED_INTERVAL_MS;
  return {
    async load(feedId) {
      const row = await db
        .selectFrom('feeds')
        .selectAll()
        .where('id', '=', feedId)
        .where('enabled', '=', 1)
        .executeTakeFirst();
      if (row === undefined) return undefined;
      return {
        id: row.id,
        url: row.url,
        name: row.name,
        etag: row.etag,
        lastModified: row.last_modified,
      };
    },
    due: (now) => dueFeeds(db, now, options.ids === undefined ? {} : { ids: options.ids }),
    async record(feedId, outcome: FeedFetchOutcome, _stored, now) {
      if (outcome.status === 'ok') {
        await recordFeedSuccess(db, feedId, {
          etag: outcome.etag,
          lastModified: outcome.lastModified,
          parseMode: outcome.parseMode,
          items: outcome.items.length,
          now,
          intervalMs,
        });
      } else if (outcome.status === 'not-modified') {
        await recordNotModified(db, feedId, { now, intervalMs });
      } else {
        await recordFeedFailure(db, feedId, { ...outcome, now });
      }
    },
  };
}

/** A feed with its health, as the admin API shows it. */
export interface FeedHealth {
  id: string;
  url: string;
  name: string;
  enabled: boolean;
  createdAt: string;
  health: {
    /** pending: never fetched; ok: last fetch fine; failing: failures since the last success. */
    status: 'pending' | 'ok' | 'failing';
    lastSuccessAt: string | null;
    lastError: string | null;
    parseMode: string;
    itemsSeen: number;
    nextFetchAt: string | null;
    failures: number;
  };
}

export function toFeedHealth(row: FeedRow): FeedHealth {
  const status = row.failures > 0 ? 'failing' : row.last_success_at === null ? 'pending' : 'ok';
  return {
    id: row.id,
    url: row.url,
    name: row.name,
    enabled: row.enabled === 1,
    createdAt: row.created_at,
    health: {
      status,
      lastSuccessAt: row.last_success_at,
      lastError: row.last_error,
      parseMode: row.parse_mode,
      itemsSeen: row.items_seen,
      nextFetchAt: row.next_fetch_at,
      failures: row.failures,
    },
  };
}

export async function listFeeds(db: Kysely<Database>): Promise<FeedHealth[]> {
  const rows = await db
    .selectFrom('feeds')
    .selectAll()
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(toFeedHealth);
}
