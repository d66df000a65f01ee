/**
 * POST /api/articles/:id/ask on a real server over SQLite: guests refused, the offline answer
 * (provenance 'template') built from the article, its analysis and related articles, the cache,
 * validation, the per-role rate limit, and the LLM path against the protocol stub.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AskAnswer } from '../../data/askArticle';
import { buildApp } from '../../server/app';
import { createDb } from '../../server/db/createDb';
import type { NewArticleRow } from '../../server/db/schema';
import { ASK_LIMITS } from '../../server/http/askRoutes';
import { signUp } from './articlesApiFixtures';
import {
  listenTestServer,
  makeTempDir,
  removeDir,
  writeFakeClient,
  type TestServer,
} from './helpers';
import { reply, startLlmStub, type LlmStub } from './llmStub';

const HOUR = 3_600_000;
const now = Date.now();

function row(
  id: string,
  title: string,
  country: string,
  hoursAgo: number,
  analysis: Record<string, unknown> | null,
): NewArticleRow {
  const created = new Date(now - hoursAgo * HOUR).toISOString();
  return {
    id,
    url: `https://example.org/${id}`,
    title,
    description: `${title} - description.`,
    content: `${title}. Full text of the story.`,
    source: 'Test Wire',
    publisher: 'Test Wire',
    published_at: created,
    created_at: created,
    updated_at: created,
    latitude: 52,
    longitude: 4,
    location_name: country,
    country,
    city: null,
    category: 'environment',
    categories: JSON.stringify(['environment']),
    sentiment: 'neutral',
    hybrid_analysis: analysis === null ? null : JSON.stringify(analysis),
    analysis_status: analysis === null ? 'pending' : 'complete',
  };
}

const ROWS: NewArticleRow[] = [
  row('storm', 'Storm barriers hold in Rotterdam', 'Netherlands', 1, {
    contentSummary: { summary: 'The Maeslant barrier closed as the North Sea surge peaked.' },
    keyTakeaways: ['No homes were flooded', 'About 2,000 residents stayed indoors'],
    entityExtraction: { persons: ['Carola Schouten'], organizations: ['Rijkswaterstaat'] },
    aiImplications: { implications: ['Port traffic may be delayed for a day'] },
  }),
  row('dyke', 'Dyke repairs start in Zeeland', 'Netherlands', 30, null),
  row('agency', 'Water agency publishes flood report', 'Belgium', 50, {
    entityExtraction: { organizations: ['Rijkswaterstaat'] },
  }),
  row('far', 'Election results in Chile', 'Chile', 2, null),
];

async function start(dir: string, llmUrl: string | null): Promise<TestServer> {
  const { distDir, publicDir } = await writeFakeClient(dir);
  const atlasDb = await createDb({
    database: { kind: 'sqlite', file: path.join(dir, 'atlas.db') },
  });
  await atlasDb.db.insertInto('articles').values(ROWS).execute();
  const app = await buildApp(
    {
      logLevel: 'silent',
      distDir,
      publicDir,
      jwtSecret: 'atlas-test-secret-0123456789abcdef0123456789',
      redisUrl: null,
      corsOrigins: [],
      ...(llmUrl === null
        ? {}
        : {
            llm: {
              url: llmUrl,
              apiKey: null,
              model: 'stub-model',
              dailyTokens: 1e6,
              timeoutMs: 5000,
            },
          }),
    },
    { db: atlasDb.db, dialect: atlasDb.dialect, accounts: { rateLimit: false } },
  );
  return listenTestServer(app, atlasDb);
}

async function ask(
  server: TestServer,
  id: string,
  question: unknown,
  token: string | null,
): Promise<{ status: number; body: AskAnswer & { message?: string } }> {
  const res = await fetch(`${server.url}/api/articles/${id}/ask`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token === null ? {} : { authorization: `Bearer ${token}` }),
    },
    body: JSON.stringify({ question }),
  });
  return { status: res.status, body: (await res.json()) as AskAnswer & { message?: string } };
}

describe('POST /api/articles/:id/ask (offline)', () => {
  let dir: string;
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    dir = await makeTempDir('ask-offline');
    server = await start(dir, null);
    token = await signUp(server.url, 'asker@example.org');
  });
  afterAll(async () => {
    await server.close();
    await removeDir(dir);
  });

  it('refuses guests like AI insights', async () => {
    const r = await ask(server, 'storm', 'explain', null);
    expect(r.status).toBe(401);
  });

  it('answers from the article, its analysis and related articles, labelled template', async () => {
    const explain = await ask(server, 'storm', 'explain', token);
    expect(explain.status).toBe(200);
    expect(explain.body.provenance).toBe('template');
    expect(explain.body.cached).toBe(false);
    expect(explain.body.answer).toContain('Storm barriers hold in Rotterdam - description.');
    expect(explain.body.answer).toContain('Carola Schouten');
    expect(explain.body.answer).toContain('No homes were flooded');
    expect(explain.body.answer).toContain('not written by a language model');
    expect(explain.body.detail).toMatch(/key takeaways/);
    // Related: same place (Netherlands) and a shared entity (Rijkswaterstaat), not Chile.
    const related = Object.fromEntries(explain.body.related.map((r) => [r.id, r.reason]));
    expect(related).toEqual({ agency: 'shares Rijkswaterstaat', dyke: 'same place' });

    const impact = await ask(server, 'storm', 'impact', token);
    expect(impact.body.answer).toContain('Port traffic may be delayed');
    expect(impact.body.answer).toContain('Dyke repairs start in Zeeland');

    const history = await ask(server, 'storm', 'history', token);
    expect(history.body.answer).toContain('Water agency publishes flood report');
    expect(history.body.detail).toContain('2 related articles');

    const again = await ask(server, 'storm', 'explain', token);
    expect(again.body.cached).toBe(true);
    expect(again.body.answer).toBe(explain.body.answer);
  });

  it('says so when there is nothing related', async () => {
    const r = await ask(server, 'far', 'history', token);
    expect(r.body.related).toEqual([]);
    expect(r.body.answer).toContain('no earlier articles');
  });

  it('validates the question and the article', async () => {
    expect((await ask(server, 'storm', 'weather', token)).status).toBe(400);
    expect((await ask(server, 'nope', 'explain', token)).status).toBe(404);
  });

  it('limits questions per user per minute (then 429)', async () => {
    const t = await signUp(server.url, 'busy@example.org');
    const statuses: number[] = [];
    for (let i = 0; i <= ASK_LIMITS.user; i++)
      statuses.push((await ask(server, 'far', 'explain', t)).status);
    expect(statuses.slice(0, ASK_LIMITS.user).every((s) => s === 200)).toBe(true);
    expect(statuses[ASK_LIMITS.user]).toBe(429);
    // Another user is not affected.
    expect((await ask(server, 'far', 'explain', token)).status).toBe(200);
  });
});

describe('POST /api/articles/:id/ask (LLM configured)', () => {
  let dir: string;
  let server: TestServer;
  let stub: LlmStub;
  let token: string;
  beforeAll(async () => {
    dir = await makeTempDir('ask-llm');
    stub = await startLlmStub();
    server = await start(dir, stub.url);
    token = await signUp(server.url, 'llm@example.org');
  });
  afterAll(async () => {
    await server.close();
    await stub.close();
    await removeDir(dir);
  });

  it('asks the model with the article and related articles; labels the answer model', async () => {
    stub.enqueue(reply({ answer: 'The barrier closed because the surge peaked.' }));
    const r = await ask(server, 'storm', 'explain', token);
    expect(r.status).toBe(200);
    expect(r.body.provenance).toBe('model');
    expect(r.body.answer).toBe('The barrier closed because the surge peaked.');
    expect(r.body.detail).toContain('stub-model');
    const sent =
      stub.requests
        .at(-1)
        ?.body.messages?.map((m) => m.content)
        .join('\n') ?? '';
    expect(sent).toContain('Explain this event');
    expect(sent).toContain('Storm barriers hold in Rotterdam');
    expect(sent).toContain('Water agency publishes flood report');
    expect(sent).not.toContain('Election results in Chile');
  });

  it('falls back to the offline answer, saying why, when the model fails (not cached)', async () => {
    stub.enqueue({ kind: 'status', status: 400, body: '{"error":"bad"}' });
    const r = await ask(server, 'storm', 'impact', token);
    expect(r.status).toBe(200);
    expect(r.body.provenance).toBe('template');
    expect(r.body.detail).toContain('language model failed');
    stub.enqueue(reply({ answer: 'Shipping delays are likely.' }));
    const again = await ask(server, 'storm', 'impact', token);
    expect(again.body.provenance).toBe('model');
    expect(again.body.cached).toBe(false);
  });
});
