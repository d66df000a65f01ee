/**
 * The news pipeline end to end: a second ATLAS server (its own SQLite file, ingestion on) reads a
 * fixture RSS feed served from 127.0.0.1; a signed-in socket client sees each item arrive as
 * 'article:new' (geocoded) and then 'article:analyzed'; the browser draws them as markers.
 * Also measures the time from the feed's response to the first 'article:new'.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { io, type Socket } from 'socket.io-client';
import { spawnServer, type SpawnedServer } from './spawnServer';

const ITEMS = [
  ['NAIROBI, Kenya', 'Nairobi commuter rail line opens to passengers', -1.29, 36.82],
  ['LIMA, Peru', 'Lima water utility finishes new reservoir', -12.05, -77.04],
  ['OSLO, Norway', 'Oslo ferry operator switches fleet to batteries', 59.91, 10.75],
  ['HANOI, Vietnam', 'Hanoi expands night bus network', 21.03, 105.85],
  ['QUITO, Ecuador', 'Quito cable car carries millionth rider', -0.18, -78.47],
] as const;

function feedXml(): string {
  const items = ITEMS.map(
    ([dateline, title], n) => `<item>
  <title>${title}</title>
  <link>https://fixture.example.org/e2e/${n}</link>
  <guid isPermaLink="false">e2e-${n}</guid>
  <description>${dateline} - ${title}, officials said on Tuesday, after two years of work. "It is a good day for the city," the mayor's office said.</description>
</item>`,
  ).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>E2E Wire</title>
<link>https://fixture.example.org/</link><description>fixture</description>${items}</channel></rss>`;
}

let feedServer: http.Server;
let feedServedAt = 0;
let atlas: SpawnedServer;
let baseUrl = '';

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const body = feedXml();
  feedServer = http.createServer((_req, res) => {
    if (feedServedAt === 0) feedServedAt = Date.now();
    res.writeHead(200, { 'content-type': 'application/rss+xml' });
    res.end(body);
  });
  await new Promise<void>((resolve) => feedServer.listen(0, '127.0.0.1', resolve));
  const feedUrl = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}/feed.xml`;

  atlas = await spawnServer('e2e-pipeline.db', {
    ATLAS_SEED_SYNTHETIC: '0',
    ATLAS_STARTER: 'off',
    ATLAS_INGEST: 'on',
    ATLAS_FEEDS: feedUrl,
    ATLAS_FEED_ALLOW_PRIVATE: '1',
    ATLAS_JWT_SECRET: 'atlas-e2e-secret-0123456789abcdef0123456789',
  });
  baseUrl = atlas.url;
});

test.afterAll(async () => {
  await atlas.stop();
  await new Promise((resolve) => feedServer.close(resolve));
});

test('fixture feed items arrive geocoded and analysed on the socket and as markers', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const register = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `pipeline-${Date.now()}@example.com`,
      password: 'correct horse battery',
      name: 'Pipeline Tester',
    }),
  });
  expect(register.status).toBeLessThan(300);
  const { token } = (await register.json()) as { token: string };

  const socket: Socket = io(baseUrl, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: { token },
    reconnection: false,
  });
  const created = new Map<string, { title: string; lat: number | null; createdAt: number }>();
  const analysed = new Set<string>();
  socket.on(
    'article:new',
    (a: { id: string; title: string; latitude: number | null; createdAt: string }) => {
      created.set(a.id, { title: a.title, lat: a.latitude, createdAt: Date.parse(a.createdAt) });
    },
  );
  socket.on('article:analyzed', (e: { articleId: string }) => analysed.add(e.articleId));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  // Catch-up from seq 0 too: items stored before the subscription are replayed, not missed.
  const ack = (await socket.timeout(5_000).emitWithAck('subscribe', {
    channel: 'articles',
    since: 0,
  })) as { ok: boolean };
  expect(ack.ok).toBe(true);

  await expect.poll(() => analysed.size, { timeout: 60_000 }).toBe(ITEMS.length);
  expect(created.size).toBe(ITEMS.length);
  const titles = [...created.values()].map((c) => c.title).sort();
  expect(titles).toEqual(ITEMS.map(([, title]) => title).sort());
  for (const [, title, lat] of ITEMS) {
    const seen = [...created.values()].find((c) => c.title === title);
    expect(seen?.lat, title).not.toBeNull();
    expect(Math.abs((seen?.lat ?? 0) - lat), title).toBeLessThan(1.5);
  }
  // createdAt is stamped in the transaction that records 'article:new'.
  const stamps = [...created.values()].map((c) => c.createdAt);
  console.log(
    `[pipeline] feed response -> article:new committed: first ${Math.min(...stamps) - feedServedAt} ms, last ${Math.max(...stamps) - feedServedAt} ms`,
  );
  socket.disconnect();

  // The browser: the same server's globe shows the five stories as markers.
  await page.goto(`${baseUrl}/app`);
  await page.evaluate(() => window.atlas?.whenReady());
  await expect
    .poll(() => page.evaluate(() => window.atlas?.markers.count().articles ?? 0), {
      timeout: 30_000,
    })
    .toBe(ITEMS.length);
});
