/**
 * Issue #28 R14: 100 clients with the real client (data/realtime/socketClient.ts, its default
 * reconnect policy: the spec's 3 attempts, then retry bursts with capped, jittered backoff) are
 * connected to a real server process. The server stops gracefully (SIGTERM) and stays down at
 * least 15 s (until its replacement listens), longer than the first burst lasts (3.5-10.5 s); events keep being written to the database
 * meanwhile (as the ingest worker does, from another process); then a server comes back on the
 * same port and SQLite file and publishes more. Every client must come back and end with exactly
 * the logged events: 0 gaps, 0 duplicates (catch-up by seq).
 *
 * The returning server is a warm standby (tests/server/realtimeNode.ts, ATLAS_STANDBY=1) started
 * on the freed port when the 15 s are over: a cold `tsx` start costs 6-10 s on these loaded
 * machines, which is the TypeScript loader, not the restart.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRealtimeClient, type RealtimeClient } from '../../data/realtime/socketClient';
import { createDb, type AtlasDb } from '../../server/db/createDb';
import { ArticleEventLog } from '../../server/realtime/articleEventLog';
import { makeTempDir, removeDir } from './helpers';
import {
  makeArticle,
  sleep,
  spawnRealtimeNode,
  waitFor,
  type NodeProcess,
} from './realtimeHelpers';

const CLIENTS = 100;
const DOWN_MS = 15_000;
const EVENTS_BEFORE = 20;
const EVENTS_WHILE_DOWN = 30;
const EVENTS_AFTER = 20;

let dir: string;
let writer: AtlasDb | null = null;
const nodes: NodeProcess[] = [];
const clients: RealtimeClient[] = [];

beforeAll(async () => {
  dir = await makeTempDir('realtime-downtime');
});

afterAll(async () => {
  for (const client of clients) client.close();
  for (const node of nodes) if (node.child.exitCode === null) node.child.kill('SIGKILL');
  await Promise.all(nodes.map((node) => node.exited));
  await writer?.close();
  await removeDir(dir);
});

interface Probe {
  delivered: number[];
  subscribedAt: number[];
}

describe('R14: a server down for 15 s', () => {
  it(`${CLIENTS} clients with the real reconnect policy all return and catch up with 0 gaps and 0 duplicates`, async () => {
    const dbFile = path.join(dir, 'downtime.db');
    const first = await spawnRealtimeNode({ DATABASE_URL: `sqlite:${dbFile}` });
    nodes.push(first);
    const standby = await spawnRealtimeNode(
      { DATABASE_URL: `sqlite:${dbFile}`, PORT: String(first.port) },
      { standby: true },
    );
    nodes.push(standby);
    first.send('token user');
    const token = (await first.waitForLine(/^token (\S+)$/, 10_000))[1] ?? '';

    const probes: Probe[] = [];
    for (let i = 0; i < CLIENTS; i += 1) {
      const probe: Probe = { delivered: [], subscribedAt: [] };
      // The client's own defaults: nothing about reconnecting is tuned for the test.
      clients.push(
        createRealtimeClient({
          url: first.url,
          token,
          onArticleNew: (event) => probe.delivered.push(event.seq),
          onSubscribed: () => probe.subscribedAt.push(Date.now()),
        }),
      );
      probes.push(probe);
    }
    await waitFor(
      () => probes.every((p) => p.subscribedAt.length === 1),
      20_000,
      'all clients subscribed',
    );

    first.send(`burst 0 ${EVENTS_BEFORE} 10`);
    await first.waitForLine(/^burst-done \d+$/, 20_000);
    await waitFor(
      () => probes.every((p) => p.delivered.length === EVENTS_BEFORE),
      20_000,
      'live events reached every client',
    );

    first.child.kill('SIGTERM');
    const stoppedAt = Date.now();
    await first.exited;

    // Written while no server runs, from another process (this one), as an ingest worker would.
    writer = await createDb({ database: { kind: 'sqlite', file: dbFile } });
    const log = new ArticleEventLog(writer.db);
    for (let n = 0; n < EVENTS_WHILE_DOWN; n += 1) {
      await log.record(writer.db, {
        kind: 'article:new',
        articleId: `rt-down-${n}`,
        payload: makeArticle(1000 + n),
      });
      await sleep(DOWN_MS / 2 / EVENTS_WHILE_DOWN);
    }
    const offline = clients.filter((c) => c.status !== 'connected').length;
    await sleep(Math.max(0, stoppedAt + DOWN_MS - Date.now()));
    await standby.start();
    const restartedAt = Date.now();

    standby.send(`burst 2000 ${EVENTS_AFTER} 20`);
    await standby.waitForLine(/^burst-done \d+$/, 20_000);
    const logged = (await log.since(0)).map((event) => event.seq);
    const all = new Set(logged);
    expect(logged).toHaveLength(EVENTS_BEFORE + EVENTS_WHILE_DOWN + EVENTS_AFTER);
    await waitFor(
      () =>
        probes.every(
          (p) =>
            p.subscribedAt.length >= 2 && p.delivered.filter((s) => all.has(s)).length >= all.size,
        ),
      25_000,
      'every client returned and received every logged event',
    );
    await sleep(300);

    const backMs = probes
      .map((p) => (p.subscribedAt[1] ?? Infinity) - restartedAt)
      .sort((a, b) => a - b);
    const gaps = probes.reduce(
      (sum, p) => sum + logged.filter((s) => !p.delivered.includes(s)).length,
      0,
    );
    const duplicates = probes.reduce(
      (sum, p) => sum + p.delivered.length - new Set(p.delivered).size,
      0,
    );
    console.log(
      `[R14 downtime] ${CLIENTS} clients, down ${restartedAt - stoppedAt} ms (${offline} offline ` +
        `at the end of the outage), ${logged.length} events (${EVENTS_WHILE_DOWN} while down); ` +
        `resubscribed after the restart: median ${backMs[CLIENTS >> 1]} ms, max ${backMs.at(-1)} ms; ` +
        `gaps ${gaps}; duplicates ${duplicates}`,
    );
    expect(offline).toBe(CLIENTS);
    expect(probes.filter((p) => p.subscribedAt.length >= 2)).toHaveLength(CLIENTS);
    expect(gaps).toBe(0);
    expect(duplicates).toBe(0);
    for (const p of probes) expect([...p.delivered].sort((a, b) => a - b)).toEqual(logged);
  }, 90_000);
});
