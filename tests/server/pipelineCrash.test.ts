/**
 * R11 / R12 (RELIABILITY.md): kill -9 during ingestion and analysis, repeatedly. A real worker
 * process (tests/server/pipelineNode.ts: startServer, ATLAS_ROLE=worker) ingests a fixture RSS
 * feed served from 127.0.0.1, geocodes, stores and analyses it; the test SIGKILLs it at spread-out
 * moments five times, then lets a last process finish. Passes when: every item is stored exactly
 * once (0 lost, 0 duplicates, exact count), every article has exactly one 'article:new' and - but
 * the poison article - exactly one 'article:analyzed' event, SQLite's integrity check is ok, and
 * the poison article's job is in the dead letter with the article marked failed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type AtlasDb } from '../../server/db/createDb';
import { REPO_ROOT, makeTempDir, removeDir } from './helpers';

const ITEMS = 150;
const CITIES = [
  'NAIROBI, Kenya',
  'LIMA, Peru',
  'OSLO, Norway',
  'HANOI, Vietnam',
  'ACCRA, Ghana',
  'QUITO, Ecuador',
  'WARSAW, Poland',
  'MANILA, Philippines',
  'CAIRO, Egypt',
  'LISBON, Portugal',
];
/** Milliseconds after "listening" at which each round's worker is killed. */
const KILL_AFTER_MS = [150, 700, 1_300, 400, 2_000];

function fixtureFeed(): string {
  const items: string[] = [];
  for (let n = 1; n <= ITEMS; n++) {
    const dateline = CITIES[n % CITIES.length] ?? 'LIMA, Peru';
    items.push(`<item>
  <title>Harbour board ${n} approves new cargo berth plan</title>
  <link>https://fixture.example.org/news/${n}?utm_source=rss</link>
  <guid isPermaLink="false">fixture-${n}</guid>
  <description>${dateline} - The harbour board approved plan number ${n} for a new cargo berth on Tuesday, officials said, after months of talks with shipping firms.</description>
  <pubDate>Sat, 21 Nov 2026 10:${String(n % 60).padStart(2, '0')}:00 GMT</pubDate>
</item>`);
  }
  items.push(`<item>
  <title>POISON item that the analyser cannot process</title>
  <link>https://fixture.example.org/news/poison</link>
  <guid isPermaLink="false">fixture-poison</guid>
  <description>OSLO, Norway - This item always makes the analyser fail.</description>
</item>`);
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>Fixture Wire</title><link>https://fixture.example.org/</link>
<description>Crash test fixture</description>
${items.join('\n')}
</channel></rss>`;
}

let dir: string;
let feedServer: http.Server;
let feedUrl: string;
let feedRequests = 0;

beforeAll(async () => {
  dir = await makeTempDir('pipeline-crash');
  const body = fixtureFeed();
  feedServer = http.createServer((_req, res) => {
    feedRequests++;
    res.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8' });
    res.end(body);
  });
  await new Promise<void>((resolve) => feedServer.listen(0, '127.0.0.1', resolve));
  feedUrl = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}/feed.xml`;
});
afterAll(async () => {
  await new Promise((resolve) => feedServer.close(resolve));
  await removeDir(dir);
});

interface Worker {
  child: ChildProcess;
  listening: Promise<void>;
  exited: Promise<void>;
  output: string[];
}

function spawnWorker(dbFile: string): Worker {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/server/pipelineNode.ts'], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env['PATH'] ?? '',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'warn',
      DATABASE_URL: `sqlite:${dbFile}`,
      ATLAS_ROLE: 'worker',
      ATLAS_INGEST: 'on',
      ATLAS_STARTER: 'off',
      ATLAS_FEEDS: feedUrl,
      ATLAS_FEED_ALLOW_PRIVATE: '1',
      ATLAS_JWT_SECRET: 'atlas-test-secret-0123456789abcdef0123456789',
    },
  });
  const output: string[] = [];
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const listening = new Promise<void>((resolve, reject) => {
    const onLine = (line: string): void => {
      output.push(line);
      if (line.startsWith('ATLAS listening on')) resolve();
    };
    createInterface({ input: child.stdout }).on('line', onLine);
    createInterface({ input: child.stderr }).on('line', onLine);
    void exited.then(() =>
      reject(new Error(`worker exited before listening:\n${output.join('\n')}`)),
    );
  });
  return { child, listening, exited, output };
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function progress(db: AtlasDb): Promise<{ stored: number; analysed: number; dead: number }> {
  const stored = await db.db
    .selectFrom('articles')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const analysed = await db.db
    .selectFrom('articles')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('analysis_status', '=', 'complete')
    .executeTakeFirstOrThrow();
  const dead = await db.db
    .selectFrom('jobs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'dead')
    .where('kind', '=', 'article:analyse')
    .executeTakeFirstOrThrow();
  return { stored: stored.n, analysed: analysed.n, dead: dead.n };
}

describe('kill -9 during ingestion and analysis (R11, R12)', () => {
  it('loses nothing, duplicates nothing, analyses each article once, dead-letters the poison', async () => {
    const dbFile = path.join(dir, 'atlas.db');
    // Migrate first, so the test's reader connection has tables to read from round one.
    const reader = await createDb({ database: { kind: 'sqlite', file: dbFile } });
    try {
      const atKill: { stored: number; analysed: number; dead: number }[] = [];
      for (const delay of KILL_AFTER_MS) {
        const worker = spawnWorker(dbFile);
        await worker.listening;
        await sleep(delay);
        atKill.push(await progress(reader));
        worker.child.kill('SIGKILL');
        await worker.exited;
      }
      // The kills landed while work was in flight, not only before or after it.
      expect(
        atKill.some((p) => p.stored > 0 && p.stored <= ITEMS),
        JSON.stringify(atKill),
      ).toBe(true);

      const last = spawnWorker(dbFile);
      await last.listening;
      const deadline = Date.now() + 90_000;
      let now = await progress(reader);
      while (!(now.analysed === ITEMS && now.dead === 1) && Date.now() < deadline) {
        await sleep(200);
        now = await progress(reader);
      }
      last.child.kill('SIGTERM');
      await last.exited;
      console.log(
        `[R11/R12] progress at each kill: ${JSON.stringify(atKill)}; final ${JSON.stringify(now)}; feed fetched ${feedRequests} times`,
      );

      // Exact count: every item once (the poison included: it is stored, only analysis fails).
      const rows = await reader.db
        .selectFrom('articles')
        .select(['id', 'url', 'analysis_status'])
        .execute();
      expect(rows).toHaveLength(ITEMS + 1);
      expect(new Set(rows.map((r) => r.url)).size).toBe(ITEMS + 1);
      // Canonical URLs: tracking parameters are gone.
      expect(rows.every((r) => !r.url.includes('utm_'))).toBe(true);

      const events = await reader.db
        .selectFrom('article_events')
        .select(['kind', 'article_id'])
        .execute();
      const count = (kind: string): Map<string, number> => {
        const counts = new Map<string, number>();
        for (const e of events) {
          if (e.kind === kind) counts.set(e.article_id, (counts.get(e.article_id) ?? 0) + 1);
        }
        return counts;
      };
      const created = count('article:new');
      const analysed = count('article:analyzed');
      expect(created.size).toBe(ITEMS + 1);
      expect([...created.values()].every((n) => n === 1)).toBe(true);
      expect(analysed.size).toBe(ITEMS);
      expect([...analysed.values()].every((n) => n === 1)).toBe(true);

      const poison = rows.find((r) => r.url.endsWith('/poison'));
      expect(poison?.analysis_status).toBe('failed');
      expect(analysed.has(poison?.id ?? '')).toBe(false);
      const dead = await reader.db
        .selectFrom('jobs')
        .select(['kind', 'payload', 'attempts'])
        .where('status', '=', 'dead')
        .where('kind', '=', 'article:analyse')
        .execute();
      // (A fetch job killed on each of its attempts may be dead-lettered too: its feed is
      // rescheduled with a new job, which is why every item still arrived.)
      expect(dead).toHaveLength(1);
      expect(dead[0]?.kind).toBe('article:analyse');
      expect(JSON.parse(dead[0]?.payload ?? '{}')).toEqual({ articleId: poison?.id });

      // Every article is placed by the gazetteer from its dateline.
      const unplaced = await reader.db
        .selectFrom('articles')
        .select('id')
        .where('latitude', 'is', null)
        .execute();
      expect(unplaced).toHaveLength(0);

      const integrity = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(
        reader.db,
      );
      expect(integrity.rows[0]?.integrity_check).toBe('ok');
    } finally {
      await reader.close();
    }
  }, 240_000);
});
