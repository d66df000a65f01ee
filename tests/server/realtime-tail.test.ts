/**
 * Split roles: the ingestion worker writes article events in another process, so an 'api'
 * process tails the event log (RealtimeHub tailLogMs) and delivers what it did not write - each
 * event exactly once, also when the same event is announced locally.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SubscribeAck } from '../../data/realtime/protocol';
import { createDb, type AtlasDb } from '../../server/db/createDb';
import { ArticleEventLog } from '../../server/realtime/articleEventLog';
import type { TestServer } from './helpers';
import { makeTempDir, removeDir } from './helpers';
import {
  connectRaw,
  createUserToken,
  makeArticle,
  sleep,
  startRealtimeServer,
  waitFor,
  type RawClient,
} from './realtimeHelpers';

let dir: string;
let server: TestServer;
let workerDb: AtlasDb;

beforeAll(async () => {
  dir = await makeTempDir('tail');
  server = await startRealtimeServer({ dir, realtime: { tailLogMs: 50 } });
  // The "worker": its own connection and its own event log object on the same database file.
  workerDb = await createDb({ database: { kind: 'sqlite', file: `${dir}/atlas.db` } });
});
afterAll(async () => {
  await workerDb.close();
  await server.close();
  await removeDir(dir);
});

function subscribe(socket: RawClient): Promise<SubscribeAck> {
  return new Promise((resolve) => {
    socket.emit('subscribe', { channel: 'articles' }, resolve);
  });
}

describe('event log tail', () => {
  it('delivers events written by another process, once each, and local ones once too', async () => {
    const { token } = await createUserToken(server);
    const { socket, connected } = connectRaw(server.url, { token });
    await connected;
    const ack = await subscribe(socket);
    expect(ack.ok).toBe(true);
    const received: string[] = [];
    socket.on('article:new', (article) => received.push(article.id));

    const workerEvents = new ArticleEventLog(workerDb.db);
    for (let n = 1; n <= 3; n++) {
      // record() without announce(): nothing in the api process hears about it directly.
      await workerEvents.record(workerDb.db, {
        kind: 'article:new',
        articleId: `rt-${n}`,
        payload: makeArticle(n),
      });
    }
    await waitFor(() => received.length >= 3, 5_000, 'worker events delivered');
    // A local write is announced directly and also seen by the tail: still delivered once.
    await server.app.articleEvents.publish({
      kind: 'article:new',
      articleId: 'rt-4',
      payload: makeArticle(4),
    });
    await waitFor(() => received.length >= 4, 5_000, 'local event delivered');
    await sleep(300); // several more tail polls
    expect(received).toEqual(['rt-1', 'rt-2', 'rt-3', 'rt-4']);
    socket.disconnect();
  });
});
