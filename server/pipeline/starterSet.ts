/**
 * The first-run starter set: fictional sample articles bundled as real feed documents
 * (server/pipeline/starter/: RSS 2.0, Atom and JSON Feed), run through the same parse -> geocode
 * -> dedup -> store -> analyse path as live feeds, marked as sample data. It runs only when the
 * articles table is empty, so a fresh `npm start` with no network shows a populated globe at once;
 * the first real feed articles replace it (removeStarterSet).
 */
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { FeedFetchOutcome, FeedItem } from './contracts';
import { ingestItems, type IngestDeps, type IngestSummary } from './ingest';

export const STARTER_DIR = path.join(import.meta.dirname, 'starter');

/** Parses one feed document's bytes (server/feeds/parse.ts). */
export type ParseDocument = (
  bytes: Uint8Array,
  meta: { url: string; contentType: string | null },
) => FeedFetchOutcome;

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.xml': 'application/xml',
  '.json': 'application/feed+json',
};

/**
 * Moves item dates so the newest is `newest` and the spacing between items is kept: the files
 * were written on one day, and the globe shows the last hours.
 */
export function rebaseDates(items: readonly FeedItem[], newest: Date): FeedItem[] {
  const times = items
    .map((i) => (i.publishedAt === null ? Number.NaN : Date.parse(i.publishedAt)))
    .filter((t) => Number.isFinite(t));
  if (times.length === 0) return [...items];
  const shift = newest.getTime() - Math.max(...times);
  return items.map((item) => {
    if (item.publishedAt === null) return item;
    const t = Date.parse(item.publishedAt);
    return Number.isFinite(t) ? { ...item, publishedAt: new Date(t + shift).toISOString() } : item;
  });
}

export interface StarterResult extends IngestSummary {
  files: { file: string; outcome: string; items: number }[];
}

/** Ingests every starter file when the articles table is empty; null when it was not empty. */
export async function ingestStarterSet(
  deps: IngestDeps,
  parse: ParseDocument,
  dir: string = STARTER_DIR,
): Promise<StarterResult | null> {
  const { n } = await deps.db
    .selectFrom('articles')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  if (n > 0) return null;
  const now = deps.now ?? (() => new Date());
  const result: StarterResult = { stored: 0, duplicates: 0, grouped: 0, unplaced: 0, files: [] };
  const files = (await readdir(dir)).filter((f) => CONTENT_TYPES[path.extname(f)] !== undefined);
  for (const file of files.sort()) {
    const bytes = await readFile(path.join(dir, file));
    const outcome = parse(new Uint8Array(bytes), {
      url: `https://example.com/atlas-sample/${file}`,
      contentType: CONTENT_TYPES[path.extname(file)] ?? null,
    });
    if (outcome.status !== 'ok') {
      result.files.push({
        file,
        outcome: outcome.status === 'rejected' ? `rejected: ${outcome.reason}` : outcome.status,
        items: 0,
      });
      continue;
    }
    // Newest sample a few minutes old, so the globe's "last 12 hours" shows the whole set.
    const items = rebaseDates(outcome.items, new Date(now().getTime() - 5 * 60_000));
    const summary = await ingestItems(
      deps,
      { feedId: null, publisher: outcome.feedTitle ?? 'ATLAS Sample Wire', isSample: true },
      items,
    );
    result.stored += summary.stored;
    result.duplicates += summary.duplicates;
    result.grouped += summary.grouped;
    result.unplaced += summary.unplaced;
    result.files.push({ file, outcome: `stored ${summary.stored}`, items: items.length });
  }
  return result;
}

/**
 * Deletes the starter set once real articles have arrived (at least `minReal` of them), so
 * sample data never mixes with live news for long. Returns the number of rows removed.
 */
export async function removeStarterSet(db: Kysely<Database>, minReal: number): Promise<number> {
  const { n } = await db
    .selectFrom('articles')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('is_sample', '=', 0)
    .executeTakeFirstOrThrow();
  if (n < minReal) return 0;
  const removed = await db
    .deleteFrom('articles')
    .where('is_sample', '=', 1)
    .where('url', 'like', 'https://example.com/atlas-sample/%')
    .executeTakeFirst();
  return Number(removed.numDeletedRows);
}
