/**
 * Server-side alerts (issue #24 item 5), end to end on a real server (server/main.ts startServer,
 * role 'all': API, socket.io and the ingestion pipeline in one process) on SQLite and, when one
 * answers, PostgreSQL. A real RSS file is served from 127.0.0.1 (ATLAS_FEED_ALLOW_PRIVATE); the
 * feed's first response is held until two users have saved their topics and connected their
 * sockets. The article about a volcano must raise exactly one alert, for user A (saved topic
 * 'volcano'): stored, sent as a `notification` to A's socket, listed by GET /api/alerts; user B
 * (other topics, a region elsewhere) gets nothing, neither a row nor an event. Then the API:
 * paging, read, read-all, 404 for another user's alert, 401 for guests, 400 for bad input.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlertItem, AlertListResponse } from '../../data/alerts';
import type { RealtimeNotification } from '../../data/realtime/protocol';
import type { Config } from '../../server/config';
import { startServer, type RunningServer } from '../../server/main';
import { call, register, type Session } from './authTestServer';
import { findTestPostgres, freshSchema, makeTempDir, removeDir } from './helpers';
import { connectRaw, waitFor, type RawClient } from './realtimeHelpers';

const FEED = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>Loopback Wire</title><link>https://loopback.example.org/</link>
<description>Alerts test feed</description>
<item>
  <title>Volcano erupts again, flights over the island are halted</title>
  <link>https://loopback.example.org/news/volcano-1</link>
  <guid isPermaLink="false">loopback-volcano-1</guid>
  <description>REYKJAVIK, Iceland - The volcano on the Reykjanes peninsula erupted on Tuesday night, officials said.</description>
  <pubDate>Tue, 24 Nov 2026 22:00:00 GMT</pubDate>
</item>
<item>
  <title>Harbour board approves a new cargo berth plan</title>
  <link>https://loopback.example.org/news/harbour-2</link>
  <guid isPermaLink="false">loopback-harbour-2</guid>
  <description>LISBON, Portugal - The harbour board approved the plan on Tuesday after months of talks.</description>
  <pubDate>Tue, 24 Nov 2026 21:00:00 GMT</pubDate>
</item>
</channel></rss>`;

const pgTarget = await findTestPostgres();
const dialects: { name: string; database: () => Config['database'] | null; skip?: string }[] = [
  { name: 'sqlite', database: () => null },
  'skip' in pgTarget
    ? { name: 'postgres', database: () => null, skip: pgTarget.skip }
    : {
        name: 'postgres',
        database: () => ({
          kind: 'postgres',
          url: pgTarget.url,
          schema: freshSchema(pgTarget.url, 'alerts').schema,
        }),
      },
];

for (const dialect of dialects) {
  const suite = dialect.skip === undefined ? describe : describe.skip;
  suite(
    `alerts on saved topics (${dialect.name}${dialect.skip ? `: ${dialect.skip}` : ''})`,
    () => {
      let dir: string;
      let feedServer: http.Server;
      let release: () => void = () => undefined;
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      let server: RunningServer;
      let a: Session;
      let b: Session;
      let socketA: RawClient;
      let socketB: RawClient;
      const gotA: RealtimeNotification[] = [];
      const gotB: RealtimeNotification[] = [];
      let schemaDrop: (() => Promise<void>) | null = null;

      beforeAll(async () => {
        dir = await makeTempDir(`alerts-${dialect.name}`);
        feedServer = http.createServer((_req, res) => {
          void released.then(() => {
            res.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8' });
            res.end(FEED);
          });
        });
        await new Promise<void>((resolve) => feedServer.listen(0, '127.0.0.1', resolve));
        const feedUrl = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}/feed.xml`;
        let database = dialect.database();
        if (database !== null && database.kind === 'postgres') {
          const url = database.url;
          const schema = database.schema;
          schemaDrop = async () => {
            const { default: pg } = await import('pg');
            const client = new pg.Client({ connectionString: url });
            await client.connect();
            try {
              await client.query(`drop schema if exists "${schema ?? ''}" cascade`);
            } finally {
              await client.end();
            }
          };
        }
        database ??= { kind: 'sqlite', file: path.join(dir, 'atlas.db') };
        const config: Config = {
          port: 0,
          host: '127.0.0.1',
          database,
          logLevel: 'silent',
          distDir: path.join(dir, 'dist'),
          publicDir: path.join(dir, 'public'),
          seedSynthetic: 0,
          jwtSecret: 'atlas-test-secret-0123456789abcdef0123456789',
          redisUrl: null,
          corsOrigins: [],
          role: 'all',
          ingest: true,
          starterSet: false,
          feedUrls: [feedUrl],
          feedAllowPrivate: true,
        };
        server = await startServer(config, { pipeline: { tickMs: 100 } });
        a = await register(server.url, `alerts-a-${dialect.name}@example.com`, 'correct horse 1');
        b = await register(server.url, `alerts-b-${dialect.name}@example.com`, 'correct horse 2');
        for (const [session, body] of [
          [a, { savedTopics: ['volcano'], savedRegions: [] }],
          [b, { savedTopics: ['football', 'election'], savedRegions: ['Japan'] }],
        ] as const) {
          const res = await call(server.url, 'PUT', '/api/preferences', {
            token: session.token,
            body,
          });
          expect(res.status).toBe(200);
        }
        const ca = connectRaw(server.url, { token: a.token });
        const cb = connectRaw(server.url, { token: b.token });
        socketA = ca.socket;
        socketB = cb.socket;
        socketA.on('notification', (n) => gotA.push(n));
        socketB.on('notification', (n) => gotB.push(n));
        await Promise.all([ca.connected, cb.connected]);
        // Now the feed answers: the pipeline stores both items and announces them.
        release();
      }, 60_000);

      afterAll(async () => {
        socketA.disconnect();
        socketB.disconnect();
        await server.close();
        await new Promise((resolve) => feedServer.close(resolve));
        await schemaDrop?.();
        await removeDir(dir);
      });

      it('raises the alert for the user whose topic matches, and for no one else', async () => {
        await waitFor(() => gotA.some((n) => n.alert !== undefined), 30_000, "A's alert");
        // Both items are stored and every delivered event has been matched.
        await waitFor(
          () => server.app.alerts.raised > 0,
          10_000,
          'the alert service raised the alert',
        );
        // Both items stored (the harbour item may land after the volcano's alert went out).
        const deadline = Date.now() + 20_000;
        let stored = 0;
        while (stored < 2 && Date.now() < deadline) {
          stored = (await server.atlasDb.db.selectFrom('articles').select('id').execute()).length;
          if (stored < 2) await new Promise((resolve) => setTimeout(resolve, 50));
        }
        expect(stored).toBe(2);
        // Every 'article:new' delivered so far has been matched and stored.
        await server.app.alerts.idle();

        const alert = gotA.find((n) => n.alert !== undefined)?.alert as AlertItem;
        expect(alert.reason).toBe('topic');
        expect(alert.term).toBe('volcano');
        expect(alert.title).toMatch(/^Volcano erupts/);
        expect(alert.readAt).toBeNull();
        expect(gotA.filter((n) => n.alert !== undefined)).toHaveLength(1);
        expect(gotB.filter((n) => n.alert !== undefined)).toHaveLength(0);

        const rows = await server.atlasDb.db
          .selectFrom('alerts')
          .select(['user_id', 'reason', 'term', 'article_id'])
          .execute();
        expect(rows).toEqual([
          { user_id: a.user.id, reason: 'topic', term: 'volcano', article_id: alert.articleId },
        ]);

        const listA = await call(server.url, 'GET', '/api/alerts', { token: a.token });
        expect(listA.status).toBe(200);
        const pageA = listA.body as unknown as AlertListResponse;
        expect(pageA.unread).toBe(1);
        expect(pageA.nextBefore).toBeNull();
        expect(pageA.alerts).toEqual([alert]);
        const listB = await call(server.url, 'GET', '/api/alerts', { token: b.token });
        expect(listB.body).toEqual({ success: true, alerts: [], unread: 0, nextBefore: null });
      });

      it('marks read, refuses other users and guests, validates input', async () => {
        const page = (await call(server.url, 'GET', '/api/alerts', { token: a.token }))
          .body as unknown as AlertListResponse;
        const id = page.alerts[0]?.id ?? 0;
        // B cannot read or change A's alert.
        const other = await call(server.url, 'POST', `/api/alerts/${id}/read`, { token: b.token });
        expect(other.status).toBe(404);
        // Guests: 401.
        expect((await call(server.url, 'GET', '/api/alerts')).status).toBe(401);
        expect((await call(server.url, 'POST', `/api/alerts/${id}/read`)).status).toBe(401);
        // Bad input: 400 (unknown parameters are ignored, as on every route).
        for (const q of ['limit=0', 'limit=101', 'limit=1.5', 'before=abc', 'before=0']) {
          const res = await call(server.url, 'GET', `/api/alerts?${q}`, { token: a.token });
          expect(res.status, q).toBe(400);
        }
        expect(
          (await call(server.url, 'POST', '/api/alerts/abc/read', { token: a.token })).status,
        ).toBe(400);

        const read = await call(server.url, 'POST', `/api/alerts/${id}/read`, { token: a.token });
        expect(read.body).toEqual({ success: true, unread: 0 });
        const after = (await call(server.url, 'GET', '/api/alerts', { token: a.token }))
          .body as unknown as AlertListResponse;
        expect(after.unread).toBe(0);
        expect(after.alerts[0]?.readAt).toEqual(expect.any(String));
      });

      it('pages newest first and marks all read', async () => {
        // Two more alerts for A, written through the store as the service would.
        const created = await server.app.alerts.store.insert([
          { userId: a.user.id, articleId: 'gone-1', reason: 'region', term: 'Iceland' },
          { userId: a.user.id, articleId: 'gone-2', reason: 'topic', term: 'volcano' },
        ]);
        expect(created).toHaveLength(2);
        // The same pair again is not a second alert.
        expect(
          await server.app.alerts.store.insert([
            { userId: a.user.id, articleId: 'gone-1', reason: 'region', term: 'Iceland' },
          ]),
        ).toHaveLength(0);
        const first = (await call(server.url, 'GET', '/api/alerts?limit=2', { token: a.token }))
          .body as unknown as AlertListResponse;
        expect(first.alerts.map((x) => x.articleId)).toEqual(['gone-2', 'gone-1']);
        // An alert whose article is gone keeps its row, without a title.
        expect(first.alerts[0]?.title).toBeNull();
        expect(first.unread).toBe(2);
        expect(first.nextBefore).toEqual(first.alerts[1]?.id);
        const second = (
          await call(server.url, 'GET', `/api/alerts?limit=2&before=${first.nextBefore ?? 0}`, {
            token: a.token,
          })
        ).body as unknown as AlertListResponse;
        expect(second.alerts).toHaveLength(1);
        expect(second.nextBefore).toBeNull();

        const all = await call(server.url, 'POST', '/api/alerts/read-all', { token: a.token });
        expect(all.body).toEqual({ success: true, unread: 0 });
        const after = (await call(server.url, 'GET', '/api/alerts', { token: a.token }))
          .body as unknown as AlertListResponse;
        expect(after.unread).toBe(0);
        expect(after.alerts.every((x) => x.readAt !== null)).toBe(true);
      });

      it('describes what each saved region matches: an ambiguous name lists its readings', async () => {
        const put = await call(server.url, 'PUT', '/api/preferences', {
          token: b.token,
          body: { savedRegions: ['Georgia', 'Georgia, US', '40,-5,52,10', 'Atlantis'] },
        });
        expect(put.status).toBe(200);
        const res = await call(server.url, 'GET', '/api/alerts/regions', { token: b.token });
        expect(res.status).toBe(200);
        expect(res.body).toEqual({
          success: true,
          regions: [
            {
              term: 'Georgia',
              kind: 'place',
              places: [
                { label: 'Georgia (country)', pick: 'Georgia (country)' },
                { label: 'Georgia, United States (state)', pick: 'Georgia, US' },
              ],
            },
            {
              term: 'Georgia, US',
              kind: 'place',
              places: [{ label: 'Georgia, United States (state)', pick: 'Georgia, US' }],
            },
            { term: '40,-5,52,10', kind: 'box', places: [] },
            { term: 'Atlantis', kind: 'name', places: [] },
          ],
        });
        expect((await call(server.url, 'GET', '/api/alerts/regions')).status).toBe(401);
      });
    },
  );
}
