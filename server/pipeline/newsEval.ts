/**
 * The news evaluation (`npm run eval:news`): an annotated set of original news items
 * (tests/fixtures/news-eval/*.json: events, each reported by one or more fictional outlets, with
 * the truth for place, country and category) is published as real RSS 2.0 and Atom documents on a
 * loopback HTTP server, registered as ATLAS_FEEDS entries are, and run through the server's own
 * pipeline: fetch -> parse -> dedup -> geocode -> group -> store -> analyse, on a real SQLite
 * database with the offline analyser. What the database then holds is scored: accuracy@161 km,
 * country accuracy, category accuracy with a confusion table, grouping recall (events whose
 * reports ended in one story), over-grouping (stories holding reports of distinct events) and
 * per-field analysis completeness - separately for the dev and the held-out test split.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { readTakeaways, type HybridAnalysis } from '../../data/analysis';
import { createOfflineAnalyser } from '../analysis/offline/index';
import { createDb } from '../db/createDb';
import { JobQueue } from '../jobs/queue';
import { JobRunner } from '../jobs/runner';
import { ArticleEventLog } from '../realtime/articleEventLog';
import { createPipelineRuntime } from './runtime';

export interface EvalReport {
  outlet: string;
  /** Hours before the run's reference time the outlet published it. */
  hours: number;
  title: string;
  body: string;
}

export type EvalSplit = 'dev' | 'test' | 'heldout';

export interface EvalEvent {
  id: string;
  /**
   * dev: looked at while writing rules; test: a third held out, only measured; heldout: a set
   * written later (events-heldout.json) whose misses are never printed while rules are tuned.
   */
  split: EvalSplit;
  place: string;
  lat: number;
  lon: number;
  /** ISO 3166-1 alpha-2. */
  country: string;
  category: string;
  reports: EvalReport[];
}

/** The fictional outlets: feed title and the format their feed is published in. */
export const EVAL_OUTLETS: Readonly<Record<string, { title: string; format: 'rss' | 'atom' }>> = {
  meridian: { title: 'Meridian Wire', format: 'rss' },
  courier: { title: 'The Coastal Courier', format: 'atom' },
  northline: { title: 'Northline Daily', format: 'rss' },
  compass: { title: 'Daily Compass', format: 'rss' },
  ledger: { title: 'Pacific Ledger', format: 'atom' },
  dispatch: { title: 'Continental Dispatch', format: 'rss' },
  harbour: { title: 'Harbour Post', format: 'rss' },
};

export function loadEvalEvents(dir: string): EvalEvent[] {
  const files = readdirSync(dir)
    .filter((f) => /^events-.*\.json$/.test(f))
    .sort();
  return files.flatMap((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as EvalEvent[]);
}

/** The canonical link of a report: one per report, so results map back to the truth. */
export function reportUrl(eventId: string, index: number, outlet: string): string {
  return `https://${outlet}.example.com/news/${eventId}-${index}`;
}

function xmlEscape(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** The outlets' feed documents (RSS 2.0 or Atom), newest item first as outlets publish them. */
export function buildEvalFeeds(events: readonly EvalEvent[], now: Date): Map<string, string> {
  const byOutlet = new Map<string, { url: string; at: Date; report: EvalReport }[]>();
  for (const event of events) {
    event.reports.forEach((report, index) => {
      const list = byOutlet.get(report.outlet) ?? [];
      list.push({
        url: reportUrl(event.id, index, report.outlet),
        at: new Date(now.getTime() - report.hours * 3600_000),
        report,
      });
      byOutlet.set(report.outlet, list);
    });
  }
  const feeds = new Map<string, string>();
  for (const [outlet, items] of byOutlet) {
    const meta = EVAL_OUTLETS[outlet];
    if (meta === undefined) throw new Error(`unknown outlet ${outlet}`);
    items.sort((a, b) => b.at.getTime() - a.at.getTime());
    const site = `https://${outlet}.example.com/`;
    if (meta.format === 'rss') {
      feeds.set(
        outlet,
        `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"><channel><title>${xmlEscape(meta.title)}</title><link>${site}</link><description>News from ${xmlEscape(meta.title)}</description><language>en</language>\n` +
          items
            .map(
              (i) =>
                `<item><title>${xmlEscape(i.report.title)}</title><link>${i.url}</link><guid>${i.url}</guid><pubDate>${i.at.toUTCString()}</pubDate><description>${xmlEscape(i.report.body)}</description></item>`,
            )
            .join('\n') +
          '\n</channel></rss>\n',
      );
    } else {
      feeds.set(
        outlet,
        `<?xml version="1.0" encoding="UTF-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en"><title>${xmlEscape(meta.title)}</title><id>${site}</id><link href="${site}"/><updated>${now.toISOString()}</updated>\n` +
          items
            .map(
              (i) =>
                `<entry><title>${xmlEscape(i.report.title)}</title><link href="${i.url}"/><id>${i.url}</id><updated>${i.at.toISOString()}</updated><summary>${xmlEscape(i.report.body)}</summary></entry>`,
            )
            .join('\n') +
          '\n</feed>\n',
      );
    }
  }
  return feeds;
}

/** One stored report, as the pipeline left it. */
export interface EvalRow {
  eventId: string;
  split: EvalSplit;
  url: string;
  publisher: string | null;
  lat: number | null;
  lon: number | null;
  countryCode: string | null;
  /** The category the reader sees: the story leader's (followers are shown through it). */
  category: string;
  categories: string[];
  storyRoot: string;
  analysis: HybridAnalysis | null;
  title: string;
  locationName: string | null;
}

/** Runs the real pipeline over the set; returns one row per stored report. */
export async function runPipelineOverSet(events: readonly EvalEvent[]): Promise<EvalRow[]> {
  const now = new Date();
  const feeds = buildEvalFeeds(events, now);
  const server: Server = createServer((req, res) => {
    const outlet = /^\/feeds\/([a-z]+)\.xml$/.exec(req.url ?? '')?.[1];
    const body = outlet === undefined ? undefined : feeds.get(outlet);
    if (body === undefined) {
      res.writeHead(404).end();
      return;
    }
    const atom = EVAL_OUTLETS[outlet ?? '']?.format === 'atom';
    res
      .writeHead(200, {
        'content-type': atom ? 'application/atom+xml; charset=utf-8' : 'application/rss+xml',
      })
      .end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  const dir = await mkdtemp(path.join(os.tmpdir(), 'atlas-news-eval-'));
  const atlasDb = await createDb({ database: { kind: 'sqlite', file: path.join(dir, 'eval.db') } });
  try {
    const db = atlasDb.db;
    const eventsLog = new ArticleEventLog(db);
    const queue = new JobQueue(db, atlasDb.dialect, { maxAttempts: 2, backoffMs: () => 0 });
    const quiet = { info: () => undefined, warn: () => undefined };
    const runtime = await createPipelineRuntime(
      {
        ingest: true,
        starterSet: false,
        // As ATLAS_FEEDS gives them: by URL only, on loopback.
        feedUrls: [...feeds.keys()].map((o) => `http://127.0.0.1:${port}/feeds/${o}.xml`),
        feedAllowPrivate: true,
      },
      { db, events: eventsLog, queue, analyser: createOfflineAnalyser(), log: quiet },
      { tickMs: 3_600_000 },
    );
    runtime.start();
    // The scheduler's first tick enqueues every feed; wait until it has.
    for (let i = 0; i < 100; i++) {
      const counts = await queue.counts();
      if ((counts['queued'] ?? 0) >= feeds.size) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const runner = new JobRunner(queue, { handlers: runtime.handlers });
    while (await runner.runOnce()) {
      // drain: fetch jobs enqueue analyse jobs, which run after them
    }
    runtime.stop();

    const rows = await db
      .selectFrom('articles')
      .select([
        'id',
        'url',
        'title',
        'publisher',
        'source',
        'latitude',
        'longitude',
        'location_name',
        'geo_analysis',
        'category',
        'categories',
        'story_id',
        'hybrid_analysis',
      ])
      .execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    const truth = new Map<string, EvalEvent>();
    for (const event of events) {
      event.reports.forEach((r, i) => truth.set(reportUrl(event.id, i, r.outlet), event));
    }
    const out: EvalRow[] = [];
    for (const row of rows) {
      const event = truth.get(row.url);
      if (event === undefined) continue;
      const root = row.story_id ?? row.id;
      const leader = byId.get(root) ?? row;
      let countryCode: string | null = null;
      if (row.geo_analysis !== null) {
        const geo = JSON.parse(row.geo_analysis) as {
          primary_location?: { countryCode?: string } | null;
        };
        countryCode = geo.primary_location?.countryCode ?? null;
      }
      out.push({
        eventId: event.id,
        split: event.split,
        url: row.url,
        publisher: row.source ?? row.publisher,
        lat: row.latitude,
        lon: row.longitude,
        countryCode,
        category: leader.category,
        categories: JSON.parse(leader.categories) as string[],
        storyRoot: root,
        analysis:
          leader.hybrid_analysis === null
            ? null
            : (JSON.parse(leader.hybrid_analysis) as HybridAnalysis),
        title: row.title,
        locationName: row.location_name,
      });
    }
    return out;
  } finally {
    await atlasDb.close();
    await new Promise((resolve) => server.close(resolve));
    await rm(dir, { recursive: true, force: true });
  }
}

function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const a =
    Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(a));
}

/** The analysis fields whose presence is counted (per story leader). */
export const COMPLETENESS_FIELDS: readonly [string, (a: HybridAnalysis) => boolean][] = [
  ['summary', (a) => (a.contentSummary?.summary ?? '') !== ''],
  ['keyTakeaways', (a) => readTakeaways(a).length > 0],
  ['sentiment', (a) => a.sentimentAnalysis !== undefined],
  ['persons', (a) => (a.entityExtraction?.persons.length ?? 0) > 0],
  ['organizations', (a) => (a.entityExtraction?.organizations.length ?? 0) > 0],
  ['locations', (a) => (a.entityExtraction?.locations.length ?? 0) > 0],
  ['geographic', (a) => (a.geographicAnalysis?.primary_location ?? null) !== null],
  ['tags', (a) => (a.tagExtraction?.tags.length ?? 0) > 0],
  ['quotes', (a) => (a.quoteExtraction?.quotes.length ?? 0) > 0],
  ['risk', (a) => a.riskAssessment !== undefined],
  ['credibility', (a) => a.credibilityAssessment !== undefined],
  ['commentary', (a) => (a.aiCommentary?.commentary ?? '') !== ''],
  ['insights', (a) => (a.aiInsights?.insights.length ?? 0) > 0],
  ['implications', (a) => (a.aiImplications?.implications.length ?? 0) > 0],
  ['engagement', (a) => a.engagementPrediction !== undefined],
  ['virality', (a) => a.viralityPrediction !== undefined],
  ['emoji', (a) => (a.emojiSelection?.emoji ?? '') !== ''],
  ['language', (a) => (a.language ?? 'und') !== 'und'],
];

export interface SplitScores {
  reports: number;
  stored: number;
  acc161: number;
  country: number;
  category: number;
  /** Reports whose category list starts with their category (list and detail agree). */
  categoryConsistent: number;
  multiReportEvents: number;
  mergedEvents: number;
  groupingRecall: number;
  /** Stories holding reports of more than one event. */
  overGrouped: number;
  /** Distinct publishers seen, and how many of them look like host names. */
  publishers: string[];
  confusion: Map<string, Map<string, number>>;
  completeness: Map<string, number>;
  failures: string[];
}

export function scoreSplit(
  events: readonly EvalEvent[],
  rows: readonly EvalRow[],
  split: EvalSplit | 'all',
): SplitScores {
  const chosen = events.filter((e) => split === 'all' || e.split === split);
  const ids = new Set(chosen.map((e) => e.id));
  const mine = rows.filter((r) => ids.has(r.eventId));
  const byEvent = new Map(chosen.map((e) => [e.id, e]));
  const failures: string[] = [];
  let near = 0;
  let country = 0;
  let category = 0;
  let consistent = 0;
  const confusion = new Map<string, Map<string, number>>();
  for (const row of mine) {
    const event = byEvent.get(row.eventId);
    if (event === undefined) continue;
    const d =
      row.lat === null || row.lon === null
        ? Infinity
        : distanceKm(row.lat, row.lon, event.lat, event.lon);
    if (d <= 161) near++;
    else
      failures.push(
        `PLACE ${event.id} ${event.place} -> ${row.locationName ?? 'unplaced'} (${Number.isFinite(d) ? Math.round(d) : '-'} km): ${row.title}`,
      );
    if (row.countryCode === event.country) country++;
    if (row.category === event.category) category++;
    else failures.push(`CATEGORY ${event.id} ${event.category} -> ${row.category}: ${row.title}`);
    if (row.categories[0] === row.category) consistent++;
    const line = confusion.get(event.category) ?? new Map<string, number>();
    line.set(row.category, (line.get(row.category) ?? 0) + 1);
    confusion.set(event.category, line);
  }
  let multi = 0;
  let merged = 0;
  for (const event of chosen) {
    if (event.reports.length < 2) continue;
    multi++;
    const roots = new Set(mine.filter((r) => r.eventId === event.id).map((r) => r.storyRoot));
    if (roots.size === 1) merged++;
    else failures.push(`SPLIT ${event.id} ${event.place}: ${roots.size} stories`);
  }
  const storyEvents = new Map<string, Set<string>>();
  for (const row of rows) {
    const set = storyEvents.get(row.storyRoot) ?? new Set<string>();
    set.add(row.eventId);
    storyEvents.set(row.storyRoot, set);
  }
  let over = 0;
  for (const [, set] of storyEvents) {
    if (set.size > 1 && [...set].some((id) => ids.has(id))) {
      over++;
      failures.push(`MERGED distinct events ${[...set].join(' + ')}`);
    }
  }
  const leaders = new Map<string, HybridAnalysis | null>();
  for (const row of mine) leaders.set(row.storyRoot, row.analysis);
  const completeness = new Map<string, number>();
  for (const [name, has] of COMPLETENESS_FIELDS) {
    let n = 0;
    for (const analysis of leaders.values()) if (analysis !== null && has(analysis)) n++;
    completeness.set(name, leaders.size === 0 ? 0 : n / leaders.size);
  }
  const reports = chosen.reduce((n, e) => n + e.reports.length, 0);
  const ratio = (n: number): number => (reports === 0 ? 0 : n / reports);
  return {
    reports,
    stored: mine.length,
    acc161: ratio(near),
    country: ratio(country),
    category: ratio(category),
    categoryConsistent: ratio(consistent),
    multiReportEvents: multi,
    mergedEvents: merged,
    groupingRecall: multi === 0 ? 0 : merged / multi,
    overGrouped: over,
    publishers: [...new Set(mine.map((r) => r.publisher ?? '(none)'))].sort(),
    confusion,
    completeness,
    failures,
  };
}
