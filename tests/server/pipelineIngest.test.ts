/**
 * Ingestion on a real SQLite database with the real offline analyser: dedup by URL, guid and
 * title fingerprint, story grouping as corroboration (and lists that leave the copies out),
 * idempotent re-runs, exactly-once analysis, and the poison path to the dead letter.
 */
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOfflineAnalyser } from '../../server/analysis/offline/index';
import { findGeocoded } from '../../server/articles/queries';
import { rowToArticle } from '../../server/articles/rowToArticle';
import { createDb, type AtlasDb } from '../../server/db/createDb';
import { JobQueue } from '../../server/jobs/queue';
import { JobRunner } from '../../server/jobs/runner';
import type { FeedItem, Geocoder } from '../../server/pipeline/contracts';
import { ANALYSE_JOB, ingestItems, type IngestDeps } from '../../server/pipeline/ingest';
import { pipelineHandlers, type FeedStore } from '../../server/pipeline/pipeline';
import { rebaseDates } from '../../server/pipeline/starterSet';
import { ArticleEventLog } from '../../server/realtime/articleEventLog';
import { makeTempDir, removeDir, startTestServer } from './helpers';

function item(n: number, overrides: Partial<FeedItem> = {}): FeedItem {
  return {
    url: `https://news.example.org/story/${n}`,
    guid: `guid-${n}`,
    title: `Story number ${n} about harbour repairs in district ${n}`,
    description: `The council approved repairs to pier ${n} on Monday after a long debate.`,
    content: null,
    author: null,
    publishedAt: '2026-11-21T10:00:00.000Z',
    imageUrl: null,
    point: null,
    categories: [],
    language: 'en',
    ...overrides,
  };
}

/** A geocoder that places everything at one point: lets these tests check the wiring only. */
const fixedGeocoder: Geocoder = {
  geocode: () => ({
    primary: {
      name: 'Lisbon',
      countryCode: 'PT',
      country: 'Portugal',
      lat: 38.72,
      lon: -9.14,
      kind: 'city',
      population: 500_000,
      relevance: 1,
      evidence: 'title',
    },
    mentioned: [],
  }),
};

const noFeeds: FeedStore = {
  load: () => Promise.resolve(undefined),
  due: () => Promise.resolve([]),
  record: () => Promise.resolve(),
};

describe('ingestion', () => {
  let dir: string;
  let atlasDb: AtlasDb;
  let deps: IngestDeps;
  let events: ArticleEventLog;
  let queue: JobQueue;

  beforeEach(async () => {
    dir = await makeTempDir('ingest');
    atlasDb = await createDb({ database: { kind: 'sqlite', file: path.join(dir, 'atlas.db') } });
    events = new ArticleEventLog(atlasDb.db);
    queue = new JobQueue(atlasDb.db, atlasDb.dialect, { maxAttempts: 3, backoffMs: () => 0 });
    deps = { db: atlasDb.db, events, queue, geocoder: fixedGeocoder };
  });
  afterEach(async () => {
    await atlasDb.close();
    await removeDir(dir);
  });

  const count = async (): Promise<number> => {
    const { n } = await atlasDb.db
      .selectFrom('articles')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return n;
  };

  it('stores new items with their place and announces each as article:new', async () => {
    const seen: string[] = [];
    events.subscribe((e) => seen.push(`${e.kind}:${e.articleId}`));
    const summary = await ingestItems(deps, { feedId: null, publisher: 'Wire A' }, [
      item(1),
      item(2),
    ]);
    expect(summary).toEqual({ stored: 2, duplicates: 0, grouped: 0, unplaced: 0 });
    expect(seen).toHaveLength(2);
    expect(seen.every((s) => s.startsWith('article:new:art-'))).toBe(true);
    const rows = await findGeocoded(atlasDb.db, { limit: 10 });
    expect(rows.map((r) => rowToArticle(r).location.name).sort()).toEqual([
      'Lisbon, Portugal',
      'Lisbon, Portugal',
    ]);
    expect((await queue.counts())['queued']).toBe(2);
  });

  it('refuses duplicates by URL, by guid within a feed and by title + publisher', async () => {
    await atlasDb.db
      .insertInto('feeds')
      .values({ id: 'f1', url: 'https://news.example.org/feed', name: 'Wire A' })
      .execute();
    const source = { feedId: 'f1', publisher: 'Wire A' };
    await ingestItems(deps, source, [item(1)]);
    const again = await ingestItems(deps, source, [
      item(1), // same URL
      item(9, { guid: 'guid-1' }), // same guid in the same feed
      item(8, { guid: 'other', title: item(1).title }), // same title from the same publisher
    ]);
    expect(again).toEqual({ stored: 0, duplicates: 3, grouped: 0, unplaced: 0 });
    expect(await count()).toBe(1);
    // Running the same batch again (a fetch job re-run after a crash) stores nothing new.
    await ingestItems(deps, source, [item(1), item(2)]);
    await ingestItems(deps, source, [item(1), item(2)]);
    expect(await count()).toBe(2);
  });

  it('groups another outlet’s copy of a story as corroboration and lists the story once', async () => {
    await ingestItems(deps, { feedId: null, publisher: 'Wire A' }, [
      item(1, { title: 'Magnitude 6.8 earthquake strikes off the coast of Japan' }),
    ]);
    const updates: unknown[] = [];
    events.subscribe((e) => {
      if (e.kind === 'article:update') updates.push(e.payload);
    });
    const summary = await ingestItems(deps, { feedId: null, publisher: 'Wire B' }, [
      item(2, {
        url: 'https://other.example.net/japan-quake',
        title: "Quake of magnitude 6.8 hits off Japan's coast",
      }),
    ]);
    expect(summary.grouped).toBe(1);
    const listed = (await findGeocoded(atlasDb.db, { limit: 10 })).map(rowToArticle);
    expect(listed).toHaveLength(1);
    expect(listed[0]?.corroboration).toEqual({
      count: 2,
      sources: [
        {
          name: 'Wire B',
          url: 'https://other.example.net/japan-quake',
          title: "Quake of magnitude 6.8 hits off Japan's coast",
        },
      ],
    });
    expect(updates).toHaveLength(1);
    // Only the story's leader is analysed; the copy says so.
    expect((await queue.counts())['queued']).toBe(1);
    const copy = await atlasDb.db
      .selectFrom('articles')
      .select(['analysis_status', 'story_id'])
      .where('url', '=', 'https://other.example.net/japan-quake')
      .executeTakeFirstOrThrow();
    expect(copy.analysis_status).toBe('skipped');
    expect(copy.story_id).not.toBeNull();
  });

  it('analyses each article exactly once, even when its job runs twice', async () => {
    await ingestItems(deps, { feedId: null, publisher: 'Wire A' }, [item(1), item(2)]);
    const handlers = pipelineHandlers({
      ...deps,
      analyser: createOfflineAnalyser(),
      fetchFeed: () => Promise.reject(new Error('unused')),
      feeds: noFeeds,
      log: { info: () => undefined, warn: () => undefined },
    });
    const analyse = handlers[ANALYSE_JOB];
    if (analyse === undefined) throw new Error('no analyse handler');
    const ids = (await atlasDb.db.selectFrom('articles').select('id').execute()).map((r) => r.id);
    const signal = new AbortController().signal;
    for (const id of ids) {
      const job = {
        id: 0,
        kind: ANALYSE_JOB,
        payload: { articleId: id },
        attempts: 1,
        lockedUntil: '',
      };
      await analyse(job, signal);
      await analyse(job, signal); // a re-run after a crash between commit and job completion
    }
    const analysed = await atlasDb.db
      .selectFrom('article_events')
      .select(['article_id'])
      .where('kind', '=', 'article:analyzed')
      .execute();
    expect(analysed.map((r) => r.article_id).sort()).toEqual([...ids].sort());
    const rows = await atlasDb.db
      .selectFrom('articles')
      .select(['analysis_status', 'hybrid_analysis', 'sentiment'])
      .execute();
    for (const row of rows) {
      expect(row.analysis_status).toBe('complete');
      const analysis = JSON.parse(row.hybrid_analysis ?? '{}') as {
        geographicAnalysis?: { primary_location?: { name?: string } };
        provenance?: Record<string, { method: string }>;
      };
      // Places come from the gazetteer result, not from the analyser's text rules.
      expect(analysis.geographicAnalysis?.primary_location?.name).toBe('Lisbon');
      expect(analysis.provenance?.['geographicAnalysis']?.method).toBe('rule-based');
    }
  });

  it('sends a poison article to the dead letter after the last attempt and marks it failed', async () => {
    await ingestItems(deps, { feedId: null, publisher: 'Wire A' }, [
      item(1, { title: 'POISON item that breaks the analyser' }),
      item(2),
    ]);
    const analyser = createOfflineAnalyser();
    const runner = new JobRunner(queue, {
      pollMs: 10,
      handlers: pipelineHandlers({
        ...deps,
        analyser: {
          name: 'poison-aware',
          analyse: (input) =>
            input.title.startsWith('POISON')
              ? Promise.reject(new Error('analyser crashed'))
              : analyser.analyse(input),
        },
        fetchFeed: () => Promise.reject(new Error('unused')),
        feeds: noFeeds,
        log: { info: () => undefined, warn: () => undefined },
      }),
    });
    runner.start();
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      const counts = await queue.counts();
      if ((counts['dead'] ?? 0) === 1 && (counts['done'] ?? 0) === 1) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await runner.stop();
    expect(await queue.counts()).toMatchObject({ dead: 1, done: 1 });
    const statuses = await atlasDb.db
      .selectFrom('articles')
      .select(['title', 'analysis_status'])
      .orderBy('title')
      .execute();
    expect(statuses.map((s) => s.analysis_status)).toEqual(['failed', 'complete']);
  });

  it('rebases sample dates so the newest is now and the spacing is kept', () => {
    const items = [
      item(1, { publishedAt: '2026-11-20T10:00:00.000Z' }),
      item(2, { publishedAt: '2026-11-20T12:00:00.000Z' }),
      item(3, { publishedAt: null }),
    ];
    const rebased = rebaseDates(items, new Date('2026-12-01T00:00:00.000Z'));
    expect(rebased.map((i) => i.publishedAt)).toEqual([
      '2026-11-30T22:00:00.000Z',
      '2026-12-01T00:00:00.000Z',
      null,
    ]);
  });

  it('serves corroboration on the API and leaves the copy out of every list', async () => {
    const server = await startTestServer({ dir, distDir: dir, publicDir: dir });
    try {
      const serverDeps = { ...deps, db: server.atlasDb.db, events: server.app.articleEvents };
      serverDeps.queue = new JobQueue(server.atlasDb.db, server.atlasDb.dialect);
      await ingestItems(serverDeps, { feedId: null, publisher: 'Wire A' }, [
        item(1, {
          title: 'Seven miners rescued alive after 40 hours trapped in Zacatecas silver mine',
        }),
      ]);
      await ingestItems(serverDeps, { feedId: null, publisher: 'Wire B' }, [
        item(2, {
          url: 'https://b.example.net/zacatecas',
          title: 'Mexico: all seven trapped Zacatecas miners pulled out alive',
        }),
      ]);
      for (const url of [
        '/api/articles/geocoded',
        '/api/public/all-articles',
        '/api/news-markers/recent',
      ]) {
        const response = await fetch(`${server.url}${url}`);
        expect(response.status, url).toBe(200);
        const body = (await response.json()) as unknown;
        const articles = (
          Array.isArray(body) ? body : (body as { articles: unknown[] }).articles
        ) as {
          title: string;
          corroboration?: { count: number; sources: { name: string }[] };
        }[];
        expect(
          articles.map((a) => a.title),
          url,
        ).toEqual(['Seven miners rescued alive after 40 hours trapped in Zacatecas silver mine']);
        expect(articles[0]?.corroboration, url).toEqual({
          count: 2,
          sources: [
            {
              name: 'Wire B',
              url: 'https://b.example.net/zacatecas',
              title: 'Mexico: all seven trapped Zacatecas miners pulled out alive',
            },
          ],
        });
      }
    } finally {
      await server.close();
    }
  });
});
