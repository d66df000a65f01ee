/**
 * Issue #28 Roles: spec section 6 gives guests no basic analysis and no AI insights. One rule on
 * every article path: the server omits the role-gated fields (server/articles/roleGate.ts) for
 * guests, whatever the path (one article, lists, search, markers, v4), and the list cache never
 * serves one role's body to the other. Signed-in users still get them. On the socket, a guest's
 * subscription is refused and no article event reaches it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTICLES_CHANNEL, REALTIME_TEXT } from '../../data/realtime/protocol';
import { GATED_ARTICLE_FIELDS } from '../../server/articles/roleGate';
import { startArticleServer, signUp, type ArticleServer } from './articlesApiFixtures';
import { makeTempDir, removeDir } from './helpers';
import { connectRaw, makeArticle, sleep } from './realtimeHelpers';

let dir: string;
let server: ArticleServer;
let token: string;
const ANALYSIS = { contentSummary: { summary: 'AI summary' }, keyTakeaways: ['gated'], cost: 2 };

beforeAll(async () => {
  dir = await makeTempDir('guest-gate');
  server = await startArticleServer({ dir, synthetic: 40 });
  const now = new Date().toISOString();
  await server.atlasDb.db
    .updateTable('articles')
    .set({
      hybrid_analysis: JSON.stringify(ANALYSIS),
      analysis_status: 'complete',
      created_at: now,
      published_at: now,
    })
    .execute();
  token = await signUp(server.url, 'gate-user@example.org');
});
afterAll(async () => {
  await server.close();
  await removeDir(dir);
});

interface Found {
  path: string;
  field: string;
}

/** Every gated field found anywhere in a JSON body (articles nested in lists or wrappers). */
function gatedFieldsIn(body: unknown, path = '$'): Found[] {
  if (Array.isArray(body)) return body.flatMap((item, i) => gatedFieldsIn(item, `${path}[${i}]`));
  if (typeof body !== 'object' || body === null) return [];
  const found: Found[] = [];
  for (const [key, value] of Object.entries(body)) {
    if ((GATED_ARTICLE_FIELDS as readonly string[]).includes(key)) found.push({ path, field: key });
    found.push(...gatedFieldsIn(value, `${path}.${key}`));
  }
  return found;
}

async function get(pathname: string, auth?: string): Promise<unknown> {
  const res = await fetch(`${server.url}${pathname}`, {
    headers: auth === undefined ? {} : { authorization: `Bearer ${auth}` },
  });
  expect(res.status, pathname).toBe(200);
  return res.json();
}

describe('Roles: guests get no gated article field on any path', () => {
  it('every article path, as a guest and then as a user (same URLs, so the cache is shared)', async () => {
    const list = (await get('/api/public/all-articles?limit=1')) as { articles: { id: string }[] };
    const id = list.articles[0]?.id ?? '';
    expect(id).not.toBe('');
    const paths = [
      `/api/articles/${id}`,
      '/api/articles/geocoded?useEnhanced=true&hours=8760&limit=50',
      '/api/articles/geocoded?search=a&useEnhanced=true&hours=8760',
      '/api/articles/geocoded?hasV4=true&limit=100&useEnhanced=true',
      '/api/v4/articles/public?limit=50',
      '/api/public/all-articles?limit=50',
      '/api/news-markers/recent?hours=8760&limit=50',
      '/api/news-markers/by-country/France?hours=8760',
    ];
    for (const p of paths) {
      const guest = await get(p);
      expect(gatedFieldsIn(guest), `guest ${p}`).toEqual([]);
    }
    // Signed in, the analysis is there on the paths that carry it.
    const detail = (await get(`/api/articles/${id}`, token)) as Record<string, unknown>;
    expect(detail['hybridAnalysis']).toEqual(ANALYSIS);
    const enhanced = (await get(paths[1] ?? '', token)) as Record<string, unknown>[];
    expect(enhanced.some((a) => a['hybridAnalysis'] !== undefined)).toBe(true);
    const v4 = (await get('/api/v4/articles/public?limit=50', token)) as {
      articles: Record<string, unknown>[];
    };
    expect(v4.articles.some((a) => a['hybridAnalysis'] !== undefined)).toBe(true);
    // And a guest asking again right after a user (cache entries are per role class).
    expect(gatedFieldsIn(await get(paths[1] ?? ''))).toEqual([]);
    expect(gatedFieldsIn(await get('/api/v4/articles/public?limit=50'))).toEqual([]);
  });

  it('the socket: a guest is refused, is told why, and gets no article events', async () => {
    const { socket, connected } = connectRaw(server.url);
    await connected;
    const received: unknown[] = [];
    socket.on('article:new', (e) => received.push(e));
    socket.on('article:analyzed', (e) => received.push(e));
    const ack: unknown = await socket
      .timeout(5000)
      .emitWithAck('subscribe', { channel: ARTICLES_CHANNEL, since: 0 });
    expect(ack).toEqual({ ok: false, error: REALTIME_TEXT.needsAccount });
    await server.app.articleEvents.publish({
      kind: 'article:new',
      articleId: 'rt-1',
      payload: makeArticle(1),
    });
    await sleep(200);
    expect(received).toEqual([]);
    socket.disconnect();
  });
});
