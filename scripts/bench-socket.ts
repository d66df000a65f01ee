/**
 * R13 socket fan-out benchmark: N websocket clients (data/realtime/socketClient.ts, in this
 * process) subscribed to a real server in a child process (tests/server/realtimeNode.ts on a temp
 * SQLite file, so the server has its own event loop), which publishes M article events. Reports
 * lost events (must be 0) and delivery latency p50/p99 (must be < 1 s); exits 1 on failure.
 *
 *   npm run bench:socket -- [--clients 1000] [--events 200] [--interval 10]
 *
 * Latency = receive time - the article's createdAt, set by the server just before it commits
 * the event (same machine clock, millisecond resolution).
 */
import { parseArgs } from 'node:util';
import { createRealtimeClient, type RealtimeClient } from '../data/realtime/socketClient';
import { makeTempDir, removeDir } from '../tests/server/helpers';
import { spawnRealtimeNode, waitFor } from '../tests/server/realtimeHelpers';

const { values } = parseArgs({
  options: {
    clients: { type: 'string', default: '1000' },
    events: { type: 'string', default: '200' },
    interval: { type: 'string', default: '10' },
  },
});
const CLIENTS = Number(values.clients);
const EVENTS = Number(values.events);
const INTERVAL_MS = Number(values.interval);
const P99_LIMIT_MS = 1_000;
const CONNECT_BATCH = 100;

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

async function main(): Promise<number> {
  const dir = await makeTempDir('bench-socket');
  const node = await spawnRealtimeNode({ DATABASE_URL: `sqlite:${dir}/bench.db` });
  const clients: RealtimeClient[] = [];
  try {
    node.send('token user');
    const token = (await node.waitForLine(/^token (\S+)$/, 10_000))[1] ?? '';

    const received: Map<number, number>[] = [];
    let subscribed = 0;
    const connectStart = performance.now();
    for (let i = 0; i < CLIENTS; i += 1) {
      const seen = new Map<number, number>();
      received.push(seen);
      clients.push(
        createRealtimeClient({
          url: node.url,
          token,
          onSubscribed: () => (subscribed += 1),
          onArticleNew: (event) => seen.set(event.seq, Date.now() - Date.parse(event.createdAt)),
        }),
      );
      if ((i + 1) % CONNECT_BATCH === 0) {
        const target = i + 1;
        await waitFor(() => subscribed >= target, 30_000, `${target} clients subscribed`);
      }
    }
    await waitFor(() => subscribed >= CLIENTS, 30_000, 'all clients subscribed');
    const connectMs = performance.now() - connectStart;

    const firstSeqLine = node.waitForLine(/^burst-done (\d+)$/, 120_000);
    const publishStart = performance.now();
    node.send(`burst 1 ${EVENTS} ${INTERVAL_MS}`);
    const lastSeq = Number((await firstSeqLine)[1]);
    const publishMs = performance.now() - publishStart;
    const firstSeq = lastSeq - EVENTS + 1;
    const complete = (): boolean =>
      received.every((seen) => seen.has(lastSeq) && seen.size >= EVENTS);
    await waitFor(complete, 10_000, 'every client has every event').catch(() => undefined);

    let lost = 0;
    const latencies: number[] = [];
    for (const seen of received) {
      for (let seq = firstSeq; seq <= lastSeq; seq += 1) {
        const latency = seen.get(seq);
        if (latency === undefined) lost += 1;
        else latencies.push(latency);
      }
    }
    latencies.sort((a, b) => a - b);
    const p50 = percentile(latencies, 50);
    const p99 = percentile(latencies, 99);
    const max = latencies.at(-1) ?? Number.NaN;
    const ok = lost === 0 && p99 < P99_LIMIT_MS;
    console.log(
      [
        `socket fan-out: ${CLIENTS} clients x ${EVENTS} events (one every ${INTERVAL_MS} ms)`,
        `  connect+subscribe: ${Math.round(connectMs)} ms; publishing took ${Math.round(publishMs)} ms`,
        `  deliveries: ${latencies.length} of ${CLIENTS * EVENTS}; lost ${lost}`,
        `  latency ms: p50 ${p50}, p99 ${p99}, max ${max}`,
        `  ${ok ? 'PASS' : 'FAIL'} (lost must be 0, p99 < ${P99_LIMIT_MS} ms)`,
      ].join('\n'),
    );
    return ok ? 0 : 1;
  } finally {
    for (const client of clients) client.close();
    node.child.kill('SIGTERM');
    await node.exited;
    await removeDir(dir);
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
