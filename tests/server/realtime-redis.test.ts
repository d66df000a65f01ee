/**
 * Two API processes behind one Redis (socket.io Redis adapter, own channel prefix) on one SQLite
 * file: an article published in process A reaches a client connected to process B, and the other
 * way round, exactly once each. Skips when no Redis answers on 127.0.0.1:6379.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArticleNewEvent } from '../../data/realtime/protocol';
import { createRealtimeClient, type RealtimeClient } from '../../data/realtime/socketClient';
import { findTestRedis, makeTempDir, removeDir } from './helpers';
import { spawnRealtimeNode, waitFor, type NodeProcess } from './realtimeHelpers';

// Skips with the reason without Redis; fails instead under ATLAS_REQUIRE_REDIS (CI).
const redisTarget = await findTestRedis();
const redisUp = 'url' in redisTarget;
if (!redisUp) console.warn(`[realtime-redis] skipped: ${redisTarget.skip}`);
const REDIS_URL = redisUp ? redisTarget.url : '';

let dir: string;
const nodes: NodeProcess[] = [];
const clients: RealtimeClient[] = [];

beforeAll(async () => {
  dir = await makeTempDir('realtime-redis');
});

afterAll(async () => {
  for (const client of clients) client.close();
  for (const node of nodes) if (node.child.exitCode === null) node.child.kill('SIGTERM');
  await Promise.all(nodes.map((node) => node.exited));
  await removeDir(dir);
});

describe.skipIf(!redisUp)(
  'two processes through Redis (skipped when no Redis server answers)',
  () => {
    it('an event announced in one process reaches sockets connected to the other', async () => {
      const env = {
        DATABASE_URL: `sqlite:${path.join(dir, 'shared.db')}`,
        REDIS_URL,
        // Pub/sub channels only (no keys are written), unique so parallel runs never cross.
        ATLAS_REDIS_PREFIX: `atlas-test-rt-${process.pid}-${Date.now().toString(36)}`,
      };
      // One after the other: both would otherwise migrate the same fresh SQLite file at once.
      const a = await spawnRealtimeNode(env);
      nodes.push(a);
      const b = await spawnRealtimeNode(env);
      nodes.push(b);
      a.send('token user');
      const token = (await a.waitForLine(/^token (\S+)$/, 10_000))[1] ?? '';

      const onA: ArticleNewEvent[] = [];
      const onB: ArticleNewEvent[] = [];
      let subscribed = 0;
      for (const [node, sink] of [
        [a, onA],
        [b, onB],
      ] as const) {
        clients.push(
          createRealtimeClient({
            url: node.url,
            token,
            onArticleNew: (event) => sink.push(event),
            onSubscribed: () => (subscribed += 1),
          }),
        );
      }
      await waitFor(() => subscribed === 2, 10_000, 'both clients subscribed');

      a.send('publish 1');
      const fromA = Number((await a.waitForLine(/^published (\d+)$/, 10_000))[1]);
      b.send('publish 2');
      const fromB = Number((await b.waitForLine(/^published (\d+)$/, 10_000))[1]);
      await waitFor(
        () => onA.length >= 2 && onB.length >= 2,
        10_000,
        'both events on both processes',
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      for (const sink of [onA, onB]) {
        expect(sink.map((e) => [e.seq, e.id])).toEqual([
          [fromA, 'rt-1'],
          [fromB, 'rt-2'],
        ]);
      }
    }, 120_000);
  },
);
