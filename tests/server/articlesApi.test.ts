/**
 * The article API on a real server (127.0.0.1, port 0, temp SQLite): every endpoint's happy path
 * and errors, over 50 synthetic articles (dated 2025, outside every hours window) plus crafted
 * rows whose times are relative to the clock, so lists can be asserted exactly.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Article } from '../../data/article';
import type { Analyser, AnalysisInput } from '../../server/analysis/analyser';
import type { LoggedArticleEvent } from '../../server/realtime/articleEventLog';
import {
  CRAFTED,
  insertCrafted,
  signUp,
  startArticleServer,
  type ArticleServer,
} from './articlesApiFixtures';
import { makeTempDir, removeDir } from './helpers';

const SYNTHETIC = 50;
const HOUR = 3_600_000;

/** Deterministic analyser: fails for 'a-fail', waits for a gate for 'a-race'. */
class TestAnalyser implements Analyser {
  readonly name = 'test';
  calls: string[] = [];
  private release: (() => void) | null = null;
  readonly raceStarted: Promise<void>;
  private started: () => void = () => undefined;

  constructor() {
    this.raceStarted = new Promise((resolve) => {
      this.started = resolve;
    });
  }

  async analyse(input: AnalysisInput): Promise<unknown> {
    this.calls.push(input.id);
    if (input.id === 'a-fail') throw new Error('Model exploded');
    if (input.id === 'a-race') {
      await new Promise<void>((resolve) => {
        this.release = resolve;
        this.started();
      });
    }
    return {
      contentSummary: { summary: `Summary of ${input.title}` },
      entityExtraction: { persons: ['Ada Lovelace'], organizations: ['ACME'], locations: [] },
      cost: 5,
    };
  }

  finishRace(): void {
    this.release?.();
  }
}

let dir: string;
let server: ArticleServer;
let bare: ArticleServer;
let token: string;
let now: number;
const analyser = new TestAnalyser();
const announced: LoggedArticleEvent[] = [];

beforeAll(async () => {
  dir = await makeTempDir('articles-api');
  server = await startArticleServer({ dir: `${dir}/main`, analyser, synthetic: SYNTHETIC });
  bare = await startArticleServer({ dir: `${dir}/bare` });
  now = Date.now();
  await insertCrafted(server.atlasDb.db, now);
  await insertCrafted(bare.atlasDb.db, now);
  server.app.articleEvents.subscribe((event) => announced.push(event));
  token = await signUp(server.url, 'editor@example.com');
});

afterAll(async () => {
  await server.close();
  await bare.close();
  await removeDir(dir);
});

interface Failure {
  success: false;
  message: string;
}

// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- T names the expected body
async function getJson<T>(
  path: string,
  base = server.url,
  auth?: string,
): Promise<{ status: number; body: T }> {
  const res = await fetch(base + path, {
    headers: auth === undefined ? {} : { authorization: `Bearer ${auth}` },
  });
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  return { status: res.status, body: (await res.json()) as T };
}

const ids = (list: { id: string }[]): string[] => list.map((a) => a.id);

function expectCleanError(body: unknown, status: number, res: number): void {
  expect(res).toBe(status);
  const text = JSON.stringify(body);
  expect(body).toMatchObject({ success: false });
  expect(text).not.toMatch(/\bat \S+ \(|node_modules|\.ts:\d+/);
}

describe('GET /api/articles/geocoded', () => {
  it('with no filters returns geocoded articles of the last 12 h, newest first', async () => {
    const { status, body } = await getJson<Article[]>('/api/articles/geocoded');
    expect(status).toBe(200);
    expect(Array.isArray(body)).toBe(true);
    expect(ids(body)).toEqual(['c-1', 'c-2', 'c-3', 'c-7', 'c-8']);
    for (const a of body) {
      expect(a.latitude).not.toBeNull();
      expect(a.content).toBeUndefined();
    }
  });

  it('honours hours windows', async () => {
    expect(ids((await getJson<Article[]>('/api/articles/geocoded?hours=24')).body)).toEqual([
      'c-1',
      'c-2',
      'c-3',
      'c-7',
      'c-8',
      'c-5',
    ]);
    expect(ids((await getJson<Article[]>('/api/articles/geocoded?hours=2')).body)).toEqual(['c-1']);
    // 8760 h reaches back a year: still not the 2025 synthetic rows, but all crafted geocoded.
    expect((await getJson<Article[]>('/api/articles/geocoded?hours=8760')).body).toHaveLength(7);
  });

  it('filters by a sentiment list', async () => {
    const { body } = await getJson<Article[]>(
      '/api/articles/geocoded?hours=48&sentiment=positive,mixed',
    );
    expect(ids(body)).toEqual(['c-1', 'c-7', 'c-5', 'c-6']);
  });

  it('searches title, description and content case-insensitively with literal wildcards', async () => {
    // '_' must not match 'X' (c-3 has 'pureXgold'); no time window once a filter is given.
    expect(ids((await getJson<Article[]>('/api/articles/geocoded?search=pure_gold')).body)).toEqual(
      ['c-1'],
    );
    expect(ids((await getJson<Article[]>('/api/articles/geocoded?search=100%25')).body)).toEqual([
      'c-1',
    ]);
    expect(ids((await getJson<Article[]>('/api/articles/geocoded?search=100')).body)).toEqual([
      'c-1',
      'c-2',
    ]);
    expect(ids((await getJson<Article[]>('/api/articles/geocoded?search=PUREXGOLD')).body)).toEqual(
      ['c-3'],
    );
    expect((await getJson<Article[]>('/api/articles/geocoded?search=%25%25%25')).body).toEqual([]);
  });

  it('filters by ISO start and end dates', async () => {
    const start = new Date(now - 4 * HOUR).toISOString();
    const end = new Date(now - 1.75 * HOUR).toISOString();
    const { body } = await getJson<Article[]>(
      `/api/articles/geocoded?startDate=${start}&endDate=${end}`,
    );
    expect(ids(body)).toEqual(['c-2', 'c-3']);
  });

  it('hasV4 returns only analysed articles; useEnhanced adds their hybridAnalysis', async () => {
    const v4 = (await getJson<Article[]>('/api/articles/geocoded?hasV4=true&limit=100')).body;
    expect(ids(v4)).toEqual(['c-5', 'c-6']);
    expect(v4[0]?.hybridAnalysis).toBeUndefined();
    // Signed in: guests never get analysis fields (guestGating.test.ts).
    const enhanced = (
      await getJson<Article[]>(
        '/api/articles/geocoded?hours=24&useEnhanced=true',
        server.url,
        token,
      )
    ).body;
    const c5 = enhanced.find((a) => a.id === 'c-5');
    expect(c5?.hybridAnalysis).toMatchObject({ cost: 12 });
    expect(enhanced.find((a) => a.id === 'c-1')?.hybridAnalysis).toBeUndefined();
  });

  it('applies limit', async () => {
    expect(ids((await getJson<Article[]>('/api/articles/geocoded?limit=2')).body)).toEqual([
      'c-1',
      'c-2',
    ]);
  });

  it.each([
    ['limit=0', /limit/],
    ['limit=501', /limit/],
    ['limit=abc', /limit/],
    ['hours=0', /hours/],
    ['hours=8761', /hours/],
    ['sentiment=happy', /sentiment/],
    ['sentiment=positive,,neutral', /sentiment/],
    ['startDate=2025-13-45', /startDate must be an ISO 8601 date/],
    ['endDate=yesterday', /endDate must be an ISO 8601 date/],
    ['startDate=2025-06-02&endDate=2025-06-01', /startDate must not be after endDate/],
    ['useEnhanced=maybe', /useEnhanced/],
    [`search=${'x'.repeat(201)}`, /search/],
  ])('rejects %s with a clear 400', async (query, message) => {
    const { status, body } = await getJson<Failure>(`/api/articles/geocoded?${query}`);
    expectCleanError(body, 400, status);
    expect(body.message).toMatch(message);
  });
});

describe('GET /api/articles/:id', () => {
  it('returns the article with content and hybridAnalysis', async () => {
    const { status, body } = await getJson<Article>('/api/articles/c-5', server.url, token);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: 'c-5',
      content: 'Full text of epsilon',
      analysisStatus: 'complete',
      sentiment: 'mixed',
      location: { country: 'Germany', lat: 50, lon: 10 },
    });
    expect(body.hybridAnalysis).toMatchObject({ cost: 12, contentSummary: { summary: 'S' } });
  });

  it('omits hybridAnalysis for unanalysed articles', async () => {
    const { body } = await getJson<Article>('/api/articles/c-1');
    expect(body.id).toBe('c-1');
    expect('hybridAnalysis' in body).toBe(false);
    expect(body.content).toBeNull();
  });

  it('answers 404 with the spec body for an unknown id', async () => {
    const { status, body } = await getJson<Failure>('/api/articles/does-not-exist');
    expectCleanError(body, 404, status);
    expect(body.message).toBe('Article not found');
  });

  it('refuses over-long ids', async () => {
    const res = await fetch(`${server.url}/api/articles/${'x'.repeat(150)}`);
    // Longer than Fastify's maxParamLength: no route matches, so a JSON 404.
    expect([400, 404, 414]).toContain(res.status);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.text()).not.toMatch(/node_modules/);
  });
});

const post = (path: string, init: { token?: string; body?: unknown; base?: string } = {}) =>
  fetch((init.base ?? server.url) + path, {
    method: 'POST',
    headers: {
      ...(init.token === undefined ? {} : { authorization: `Bearer ${init.token}` }),
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });

async function statusOf(db: ArticleServer, id: string): Promise<string | undefined> {
  const row = await db.atlasDb.db
    .selectFrom('articles')
    .select('analysis_status')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.analysis_status;
}

async function eventsFor(id: string): Promise<{ kind: string; payload: string }[]> {
  return server.atlasDb.db
    .selectFrom('article_events')
    .select(['kind', 'payload'])
    .where('article_id', '=', id)
    .orderBy('seq')
    .execute();
}

describe('POST /api/articles/:id/analyze', () => {
  it('needs a signed-in user', async () => {
    const res = await post('/api/articles/a-ok/analyze');
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ success: false });
    expect(analyser.calls).toEqual([]);
  });

  it('answers 503 when no analyser is configured', async () => {
    const bareToken = await signUp(bare.url, 'bare@example.com');
    const res = await post('/api/articles/a-ok/analyze', { token: bareToken, base: bare.url });
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({
      success: false,
      message: 'Analysis is not available',
    });
    expect(await statusOf(bare, 'a-ok')).toBe('pending');
  });

  it('stores the analysis, records and announces article:analyzed', async () => {
    const res = await post('/api/articles/a-ok/analyze', { token });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { success: boolean; message: string; analysis: unknown };
    expect(body).toMatchObject({
      success: true,
      message: 'Article analysis completed',
      analysis: { contentSummary: { summary: 'Summary of Analysis target' }, cost: 5 },
    });
    expect(await statusOf(server, 'a-ok')).toBe('complete');
    const article = (await getJson<Article>('/api/articles/a-ok', server.url, token)).body;
    expect(article.hybridAnalysis).toEqual(body.analysis);
    const events = await eventsFor('a-ok');
    expect(events.map((e) => e.kind)).toEqual(['article:analyzed']);
    expect(JSON.parse(events[0]?.payload ?? 'null')).toEqual({
      articleId: 'a-ok',
      analysis: body.analysis,
    });
    expect(announced.filter((e) => e.articleId === 'a-ok').map((e) => e.kind)).toEqual([
      'article:analyzed',
    ]);
  });

  it('reports analyser failures and marks the article failed', async () => {
    const res = await post('/api/articles/a-fail/analyze', { token });
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual(
      expect.objectContaining({ success: false, message: 'Model exploded' }),
    );
    expect(await statusOf(server, 'a-fail')).toBe('failed');
    expect(await eventsFor('a-fail')).toEqual([]);
  });

  it('accepts the empty JSON body the client sends (Content-Type: application/json)', async () => {
    const res = await fetch(`${server.url}/api/articles/nope/analyze`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    });
    expect(res.status).toBe(404);
  });

  it('answers 404 for an unknown article', async () => {
    const res = await post('/api/articles/nope/analyze', { token });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ success: false, message: 'Article not found' });
  });

  it('lets only one of two concurrent calls run (409 for the other)', async () => {
    const first = post('/api/articles/a-race/analyze', { token });
    await analyser.raceStarted;
    expect(await statusOf(server, 'a-race')).toBe('processing');
    const second = await post('/api/articles/a-race/analyze', { token });
    expect(second.status).toBe(409);
    expect(await second.json()).toMatchObject({
      success: false,
      message: 'Analysis already running',
    });
    analyser.finishRace();
    expect((await first).status).toBe(200);
    expect(analyser.calls.filter((id) => id === 'a-race')).toHaveLength(1);
    expect((await eventsFor('a-race')).map((e) => e.kind)).toEqual(['article:analyzed']);
  });
});

describe('POST /api/articles', () => {
  const story = {
    title: 'Editors push a story',
    url: 'https://news.example.net/story-1',
    description: 'Pushed by a test',
    latitude: -33.9,
    longitude: 18.4,
    country: 'South Africa',
    category: 'World',
    sentiment: 'positive',
    publishedAt: '2025-06-01T10:00:00+02:00',
  };

  it('needs a signed-in user', async () => {
    const res = await post('/api/articles', { body: story });
    expect(res.status).toBe(401);
  });

  it('creates the article (201), records and announces article:new', async () => {
    // Cached lists (1 s) must not hide the new article: the event empties the cache.
    const before = (await getJson<Article[]>('/api/articles/geocoded?limit=1')).body;
    expect(ids(before)).toEqual(['c-1']);
    const res = await post('/api/articles', { token, body: story });
    expect(res.status).toBe(201);
    const article = (await res.json()) as Article;
    expect(article).toMatchObject({
      title: story.title,
      url: story.url,
      category: 'world',
      sentiment: 'positive',
      latitude: -33.9,
      longitude: 18.4,
      publishedAt: '2025-06-01T08:00:00.000Z',
      analysisStatus: 'pending',
    });
    expect((await getJson<Article>(`/api/articles/${article.id}`)).body.title).toBe(story.title);
    const events = await eventsFor(article.id);
    expect(events.map((e) => e.kind)).toEqual(['article:new']);
    expect(JSON.parse(events[0]?.payload ?? 'null')).toMatchObject({
      id: article.id,
      url: story.url,
    });
    expect(announced.some((e) => e.kind === 'article:new' && e.articleId === article.id)).toBe(
      true,
    );
    // Newest geocoded article now.
    expect((await getJson<Article[]>('/api/articles/geocoded?limit=1')).body[0]?.id).toBe(
      article.id,
    );
  });

  it('answers 409 for a duplicate URL and records nothing', async () => {
    const before = await server.atlasDb.db
      .selectFrom('article_events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const res = await post('/api/articles', { token, body: { ...story, title: 'Again' } });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ success: false });
    const after = await server.atlasDb.db
      .selectFrom('article_events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it.each([
    ['javascript: URL', { title: 't', url: 'javascript:alert(1)' }, /url/],
    ['ftp URL', { title: 't', url: 'ftp://example.com/x' }, /url/],
    ['missing title', { url: 'https://example.com/a' }, /title/],
    ['unknown field', { title: 't', url: 'https://example.com/b', admin: true }, /additional/],
    [
      'latitude out of range',
      { title: 't', url: 'https://example.com/c', latitude: 91 },
      /latitude/,
    ],
    [
      'latitude as a string',
      { title: 't', url: 'https://example.com/d', latitude: '10' },
      /latitude/,
    ],
    [
      'bad sentiment',
      { title: 't', url: 'https://example.com/e', sentiment: 'angry' },
      /sentiment/,
    ],
    [
      'bad publishedAt',
      { title: 't', url: 'https://example.com/f', publishedAt: 'soon' },
      /publishedAt/,
    ],
  ])('rejects %s with 400', async (_label, body, message) => {
    const res = await post('/api/articles', { token, body });
    const json = (await res.json()) as Failure;
    expectCleanError(json, 400, res.status);
    expect(json.message).toMatch(message);
  });
});

interface KnowledgeGraph {
  success: boolean;
  nodes: { id: string; label: string; type: string; weight: number }[];
  edges: { source: string; target: string; weight: number }[];
  generatedAt: string;
  articleCount: number;
}

describe('GET /api/intelligence/knowledge-graph', () => {
  it('derives nodes from countries, categories and analysed entities', async () => {
    const { status, body } = await getJson<KnowledgeGraph>(
      '/api/intelligence/knowledge-graph?hours=101&limit=500',
    );
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    // Crafted rows within 101 h (a-race is 102 h old, a-fail 100.5 h) plus the article created above.
    const inWindow = CRAFTED.filter((c) => c.hoursAgo <= 101).length + 1;
    expect(body.articleCount).toBe(inWindow);
    const node = (id: string) => body.nodes.find((n) => n.id === id);
    expect(node('country:germany')).toEqual({
      id: 'country:germany',
      label: 'Germany',
      type: 'country',
      weight: 2,
    });
    expect(node('category:politics')?.weight).toBe(4); // c-2, c-3, a-ok, a-fail
    expect(node('person:ada lovelace')).toMatchObject({ type: 'person', weight: 1 });
    expect(node('person:grace hopper')).toMatchObject({ type: 'person', weight: 2 }); // c-5, c-6
    expect(body.edges).toContainEqual({
      source: 'country:kenya',
      target: 'person:ada lovelace',
      weight: 1,
    });
    expect(body.edges).toContainEqual({
      source: 'country:germany',
      target: 'person:grace hopper',
      weight: 2,
    });
  });

  it('keeps the top N nodes by weight', async () => {
    const { body } = await getJson<KnowledgeGraph>(
      '/api/intelligence/knowledge-graph?hours=101&limit=2',
    );
    expect(body.nodes).toHaveLength(2);
    const kept = new Set(body.nodes.map((n) => n.id));
    for (const e of body.edges) expect(kept.has(e.source) && kept.has(e.target)).toBe(true);
  });

  it('rejects a limit above 500', async () => {
    const { status, body } = await getJson<Failure>('/api/intelligence/knowledge-graph?limit=501');
    expectCleanError(body, 400, status);
  });
});

interface V4Page {
  articles: Article[];
  total: number;
  limit: number;
  skip: number;
}

describe('GET /api/v4/articles/public', () => {
  async function tableCount(): Promise<number> {
    const { n } = await server.atlasDb.db
      .selectFrom('articles')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return n;
  }

  it('pages with stable totals', async () => {
    const total = await tableCount();
    const first = (await getJson<V4Page>('/api/v4/articles/public?limit=3')).body;
    const second = (await getJson<V4Page>('/api/v4/articles/public?limit=3&skip=3')).body;
    const both = (await getJson<V4Page>('/api/v4/articles/public?limit=6')).body;
    expect(first).toMatchObject({ total, limit: 3, skip: 0 });
    expect(second).toMatchObject({ total, limit: 3, skip: 3 });
    expect([...ids(first.articles), ...ids(second.articles)]).toEqual(ids(both.articles));
    const defaults = (await getJson<V4Page>('/api/v4/articles/public')).body;
    expect(defaults.limit).toBe(25);
    expect(defaults.articles).toHaveLength(25);
    const last = (await getJson<V4Page>(`/api/v4/articles/public?limit=100&skip=${total - 2}`))
      .body;
    expect(last.articles).toHaveLength(2);
  });

  it('sorts by createdAt and publishedAt', async () => {
    const asc = (await getJson<V4Page>('/api/v4/articles/public?limit=100&sort=createdAt')).body;
    const times = asc.articles.map((a) => a.createdAt);
    expect(times).toEqual([...times].sort());
    const pub = (await getJson<V4Page>('/api/v4/articles/public?limit=100&sort=-publishedAt')).body;
    const dated = pub.articles.map((a) => a.publishedAt).filter((p): p is string => p !== null);
    expect(dated).toEqual([...dated].sort().reverse());
  });

  it('filters by completeness', async () => {
    // c-5: 10 of 15 fields; c-6: 6 of 15 (0.4); a-ok/a-race (test analyser): 2 of 15.
    const half = (await getJson<V4Page>('/api/v4/articles/public?completeness=0.5')).body;
    expect(ids(half.articles)).toEqual(['c-5']);
    expect(half.total).toBe(1);
    const forty = (await getJson<V4Page>('/api/v4/articles/public?completeness=0.4')).body;
    expect(ids(forty.articles).sort()).toEqual(['c-5', 'c-6']);
    const any = (await getJson<V4Page>('/api/v4/articles/public?completeness=0.01')).body;
    expect(ids(any.articles).sort()).toEqual(['a-ok', 'a-race', 'c-5', 'c-6']);
  });

  it('filters by cost (missing cost counts as 0)', async () => {
    const total = await tableCount();
    expect(
      ids((await getJson<V4Page>('/api/v4/articles/public?costMin=10')).body.articles),
    ).toEqual(['c-5']);
    const band = (await getJson<V4Page>('/api/v4/articles/public?costMin=3&costMax=5')).body;
    expect(ids(band.articles).sort()).toEqual(['a-ok', 'a-race', 'c-6']);
    // Four articles have a positive cost (c-5 12, a-ok 5, a-race 5, c-6 3).
    expect((await getJson<V4Page>('/api/v4/articles/public?costMax=0')).body.total).toBe(total - 4);
  });

  it.each([
    ['limit=101', /limit/],
    ['skip=-1', /skip/],
    ['skip=100001', /skip/],
    ['sort=title', /sort/],
    ['completeness=1.5', /completeness/],
    ['costMin=abc', /costMin/],
    ['costMin=5&costMax=1', /costMin must not be greater than costMax/],
  ])('rejects %s with 400', async (query, message) => {
    const { status, body } = await getJson<Failure>(`/api/v4/articles/public?${query}`);
    expectCleanError(body, 400, status);
    expect(body.message).toMatch(message);
  });
});

interface Marker {
  id: string;
  title: string;
  lat: number;
  lng: number;
  category: string;
  sentiment: string;
  emoji: string;
  createdAt: string;
  source: string;
}

describe('GET /api/news-markers/recent', () => {
  it('returns compact markers of the last 12 h by default', async () => {
    const { status, body } = await getJson<{ success: boolean; articles: Marker[] }>(
      '/api/news-markers/recent?format=markers',
    );
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(ids(body.articles).filter((id) => id.startsWith('c-'))).toEqual([
      'c-1',
      'c-2',
      'c-3',
      'c-7',
      'c-8',
    ]);
    const c1 = body.articles.find((m) => m.id === 'c-1');
    expect(c1).toEqual({
      id: 'c-1',
      title: 'Alpha 100% PURE_GOLD',
      lat: 10,
      lng: 170,
      category: 'science',
      sentiment: 'positive',
      emoji: '📰',
      createdAt: new Date(now - HOUR).toISOString(),
      source: 'Crafted Wire',
    });
  });

  it('returns full articles without format=markers', async () => {
    const { body } = await getJson<{ articles: Article[] }>(
      '/api/news-markers/recent?hours=24&limit=2',
    );
    expect(body.articles).toHaveLength(2);
    expect(body.articles[0]).toHaveProperty('location');
  });

  it('filters by a bounding box', async () => {
    const { body } = await getJson<{ articles: Marker[] }>(
      '/api/news-markers/recent?format=markers&hours=48&minLat=45&maxLat=55&minLng=5&maxLng=15',
    );
    expect(ids(body.articles)).toEqual(['c-5', 'c-6']);
  });

  it('handles a box crossing the antimeridian', async () => {
    const { body } = await getJson<{ articles: Marker[] }>(
      '/api/news-markers/recent?format=markers&hours=48&minLat=-20&maxLat=20&minLng=170&maxLng=-170',
    );
    expect(ids(body.articles)).toEqual(['c-1', 'c-2', 'c-7', 'c-8']);
  });

  it.each([
    ['minLat=1', /must be given together/],
    ['minLat=1&maxLat=2&minLng=3', /must be given together/],
    ['minLat=10&maxLat=5&minLng=0&maxLng=1', /minLat must not be greater than maxLat/],
    ['minLat=-91&maxLat=5&minLng=0&maxLng=1', /minLat/],
    ['minLat=0&maxLat=5&minLng=0&maxLng=181', /maxLng/],
    ['hours=0', /hours/],
    ['limit=1001', /limit/],
  ])('rejects %s with 400', async (query, message) => {
    const { status, body } = await getJson<Failure>(`/api/news-markers/recent?${query}`);
    expectCleanError(body, 400, status);
    expect(body.message).toMatch(message);
  });
});

describe('GET /api/news-markers/by-country/:country', () => {
  it.each([
    ['us', ['c-2', 'c-3']],
    ['USA', ['c-2', 'c-3']],
    ['united states', ['c-2', 'c-3']],
    ['JAPAN', ['c-1', 'c-4']],
    ['jp', ['c-1', 'c-4']],
    ['Atlantis', []],
  ])('%s -> %j (last 24 h)', async (country, expected) => {
    const { status, body } = await getJson<{
      success: boolean;
      country: string;
      total: number;
      articles: Article[];
    }>(`/api/news-markers/by-country/${encodeURIComponent(country)}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, country, total: expected.length });
    expect(ids(body.articles)).toEqual(expected);
  });

  it('reports the total beyond the limit and honours hours', async () => {
    const { body } = await getJson<{ total: number; articles: Article[] }>(
      '/api/news-markers/by-country/Germany?hours=48&limit=1',
    );
    expect(body.total).toBe(2);
    expect(ids(body.articles)).toEqual(['c-5']);
  });

  it('rejects bad query values', async () => {
    const { status, body } = await getJson<Failure>('/api/news-markers/by-country/us?limit=0');
    expectCleanError(body, 400, status);
  });
});

interface Stats {
  success: boolean;
  hours: number;
  total: number;
  byCategory: Record<string, number>;
  bySentiment: Record<string, number>;
  byCountry: Record<string, number>;
  byHour: { hour: string; count: number }[];
}

describe('GET /api/news-markers/stats', () => {
  it('groups the window and every grouping sums to the total', async () => {
    const { status, body } = await getJson<Stats>('/api/news-markers/stats?hours=48');
    expect(status).toBe(200);
    const since = new Date(Date.now() - 48 * HOUR).toISOString();
    const { n } = await server.atlasDb.db
      .selectFrom('articles')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('created_at', '>=', since)
      .executeTakeFirstOrThrow();
    expect(body.total).toBe(n);
    // c-1..c-8 and the article POSTed above (publishedAt in 2025, created now).
    expect(body.total).toBe(9);
    const sum = (r: Record<string, number>) => Object.values(r).reduce((a, b) => a + b, 0);
    expect(sum(body.byCategory)).toBe(body.total);
    expect(sum(body.bySentiment)).toBe(body.total);
    expect(sum(body.byCountry)).toBe(body.total);
    expect(body.byHour.reduce((a, h) => a + h.count, 0)).toBe(body.total);
    expect(body.byCountry['Germany']).toBe(2);
    expect(body.bySentiment).toMatchObject({ positive: 4, mixed: 2 });
    for (const h of body.byHour) expect(h.hour).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:00:00\.000Z$/);
    const hours = body.byHour.map((h) => h.hour);
    expect(hours).toEqual([...hours].sort());
  });

  it('defaults to 12 hours', async () => {
    const { body } = await getJson<Stats>('/api/news-markers/stats');
    expect(body.hours).toBe(12);
    expect(body.total).toBe(7); // c-1, c-2, c-3, c-4, c-7, c-8, the POSTed article
  });

  it('rejects hours out of range', async () => {
    const { status, body } = await getJson<Failure>('/api/news-markers/stats?hours=9000');
    expectCleanError(body, 400, status);
  });
});

describe('GET /api/public/all-articles', () => {
  interface ListBody {
    articles: Article[];
    pagination: { total: number; limit: number; page: number };
  }

  it('keeps the table count as pagination.total and pages with skip like page', async () => {
    const byPage = (await getJson<ListBody>('/api/public/all-articles?limit=5&page=2')).body;
    const bySkip = (await getJson<ListBody>('/api/public/all-articles?limit=5&skip=5')).body;
    expect(ids(bySkip.articles)).toEqual(ids(byPage.articles));
    expect(bySkip.pagination).toEqual(byPage.pagination);
    expect(byPage.pagination.total).toBe(SYNTHETIC + CRAFTED.length + 1);
    const odd = (await getJson<ListBody>('/api/public/all-articles?limit=5&skip=7')).body;
    expect(odd.pagination).toMatchObject({ page: 2, limit: 5 });
    expect(ids(odd.articles)).toEqual(
      ids((await getJson<ListBody>('/api/public/all-articles?limit=12')).body.articles).slice(7),
    );
  });

  it('sorts by publishedAt with undated articles last', async () => {
    for (const sort of ['publishedAt', '-publishedAt']) {
      const { body } = await getJson<ListBody>(`/api/public/all-articles?limit=500&sort=${sort}`);
      const published = body.articles.map((a) => a.publishedAt);
      expect(published.at(-1)).toBeNull(); // c-6 has no publishedAt
      const dated = published.filter((p): p is string => p !== null);
      const sorted = [...dated].sort();
      expect(dated).toEqual(sort === 'publishedAt' ? sorted : sorted.reverse());
    }
  });

  it('rejects unknown sorts and negative skips', async () => {
    for (const q of ['sort=title', 'skip=-1']) {
      const { status, body } = await getJson<Failure>(`/api/public/all-articles?${q}`);
      expectCleanError(body, 400, status);
    }
  });
});
