/**
 * The LLM analyser against a protocol stub on 127.0.0.1 (tests/server/llmStub.ts), with a real
 * SQLite database (migrations included) and the real offline analyser as the fallback.
 */
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { HybridAnalysis } from '../../data/analysis';
import type { AnalysisInput } from '../../server/analysis/analyser';
import { createLlmAnalyser, PROMPT_VERSION, type LlmLog } from '../../server/analysis/llm/index';
import { extractJson } from '../../server/analysis/llm/schema';
import { cacheKey, tokensUsed, utcDay } from '../../server/analysis/llm/store';
import { articleText } from '../../server/analysis/llm/prompt';
import { createOfflineAnalyser } from '../../server/analysis/offline/index';
import type { LlmConfig } from '../../server/config';
import { createDb, type AtlasDb } from '../../server/db/createDb';
import { makeTempDir, removeDir } from './helpers';
import { createPglite } from './pgliteDb';
import { signUp } from './articlesApiFixtures';
import { startServer } from '../../server/main';
import { reply, startLlmStub, type LlmStub } from './llmStub';

const KEY = 'sk-test-SECRET-7f3a9c0e1d2b';
const MODEL = 'test-model';
const NOW = new Date('2026-03-04T10:00:00.000Z');

const ARTICLE: AnalysisInput = {
  id: 'a1',
  title: 'Storm barriers hold in Rotterdam as North Sea surge peaks',
  description: 'Dutch authorities said the flood defences worked as designed.',
  content:
    'ROTTERDAM, the Netherlands - The storm barriers protecting Rotterdam held on Tuesday as the ' +
    'North Sea surge peaked, the water authority Rijkswaterstaat said. ' +
    '\u201cThe Maeslant barrier closed exactly as designed,\u201d said Mark Jansen, a spokesman for ' +
    'Rijkswaterstaat. Mayor Carola Schouten thanked emergency crews and said no homes were ' +
    'flooded. About 2,000 residents had been warned to stay indoors overnight.',
  source: 'Example News',
  language: 'en',
};

/** A reply that satisfies the schema, with every name and quote taken from ARTICLE. */
function goodFields(): Record<string, unknown> {
  return {
    summary: 'Rotterdam storm barriers held during the North Sea surge; no homes were flooded.',
    keyTakeaways: ['The Maeslant barrier closed as designed.', 'No homes were flooded.'],
    sentiment: { overall: 'positive', score: 0.4 },
    risk: { level: 'medium', score: 35 },
    category: 'environment',
    realityType: 'fact',
    entities: {
      persons: ['Mark Jansen', 'Carola Schouten'],
      organizations: ['Rijkswaterstaat'],
      locations: ['Rotterdam', 'North Sea'],
    },
    geography: {
      primaryLocation: 'Rotterdam',
      country: 'Netherlands',
      mentionedLocations: ['Rotterdam', 'North Sea'],
    },
    tags: ['storm surge', 'flood defences'],
    quotes: [{ text: 'The Maeslant barrier closed exactly as designed', speaker: 'Mark Jansen' }],
    credibility: { score: 0.8, explanation: 'Named official sources; this is not fact-checking.' },
    commentary: 'A test of the flood defences that they passed.',
    insights: ['Investment in barriers paid off.'],
    implications: ['Confidence in flood defences may rise.'],
  };
}

let dir: string;
let atlasDb: AtlasDb;
let stub: LlmStub;
let logs: string[];
const allLogs: string[] = [];
const offline = createOfflineAnalyser({ now: () => NOW });

const log: LlmLog = {
  warn: (details, message) => logs.push(JSON.stringify({ level: 'warn', ...details, message })),
  info: (details, message) => logs.push(JSON.stringify({ level: 'info', ...details, message })),
};

function config(overrides: Partial<LlmConfig> = {}): LlmConfig {
  return {
    url: stub.url,
    apiKey: KEY,
    model: MODEL,
    dailyTokens: 200_000,
    timeoutMs: 5_000,
    ...overrides,
  };
}

function analyser(overrides: Partial<LlmConfig> = {}) {
  return createLlmAnalyser({
    db: atlasDb.db,
    config: config(overrides),
    offline,
    log,
    now: () => NOW,
  });
}

async function offlineOf(input: AnalysisInput): Promise<HybridAnalysis> {
  return (await offline.analyse(input)) as HybridAnalysis;
}

/** A distinct article per test, so the cache never answers for another test. */
let counter = 0;
function freshArticle(): AnalysisInput {
  counter += 1;
  return { ...ARTICLE, id: `a${counter}`, title: `${ARTICLE.title} (${counter})` };
}

beforeAll(async () => {
  dir = await makeTempDir('llm');
  atlasDb = await createDb({ database: { kind: 'sqlite', file: path.join(dir, 'llm.db') } });
  stub = await startLlmStub();
});

afterAll(async () => {
  await stub.close();
  await atlasDb.close();
  await removeDir(dir);
  // No log line of the whole file ever carried the key.
  for (const line of allLogs) expect(line).not.toContain(KEY);
});

beforeEach(() => {
  logs = [];
  stub.requests.length = 0;
});

afterEach(() => {
  allLogs.push(...logs);
});

describe('LLM analyser: a correct reply', () => {
  it('sends model, strict schema, temperature 0 and the bearer key; fields from the model say so', async () => {
    const input = freshArticle();
    stub.enqueue(reply(goodFields(), { totalTokens: 321 }));
    const result = (await analyser().analyse(input)) as HybridAnalysis;

    expect(stub.requests).toHaveLength(1);
    const request = stub.requests[0];
    if (request === undefined) throw new Error('no request recorded');
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/v1/chat/completions');
    expect(request.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(request.body.model).toBe(MODEL);
    expect(request.body.temperature).toBe(0);
    expect(request.body.response_format?.type).toBe('json_schema');
    expect(request.body.response_format?.json_schema?.strict).toBe(true);
    const schema = request.body.response_format?.json_schema?.schema as {
      required: string[];
      additionalProperties: boolean;
    };
    expect(schema.additionalProperties).toBe(false);
    expect(schema.required).toEqual(expect.arrayContaining(['summary', 'quotes', 'entities']));
    // One article per prompt: the user turn carries this article's text.
    const messages = request.body.messages ?? [];
    expect(messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(messages[1]?.content).toContain(input.title);

    const base = await offlineOf(input);
    expect(result.analyser?.name).toBe(`llm:${MODEL}+offline`);
    expect(result.contentSummary?.summary).toBe(goodFields()['summary']);
    expect(result.sentimentAnalysis).toEqual({ overall: 'positive', score: 0.4 });
    expect(result.riskAssessment).toEqual({ level: 'medium', score: 35 });
    expect(result.category).toBe('environment');
    expect(result.quoteExtraction?.quotes).toEqual([
      { text: 'The Maeslant barrier closed exactly as designed', speaker: 'Mark Jansen' },
    ]);
    for (const field of [
      'contentSummary',
      'keyTakeaways',
      'sentimentAnalysis',
      'riskAssessment',
      'entityExtraction',
      'geographicAnalysis',
      'quoteExtraction',
      'credibilityAssessment',
      'aiCommentary',
    ] as const) {
      expect(result.provenance?.[field]?.method, field).toBe('model');
    }
    // Fields the model is not asked for keep the offline value and the offline label.
    for (const field of [
      'language',
      'confidenceScore',
      'emojiSelection',
      'engagementPrediction',
    ] as const) {
      expect(result.provenance?.[field], field).toEqual(base.provenance?.[field]);
      expect(result[field], field).toEqual(base[field]);
    }
    expect(await tokensUsed(atlasDb.db, utcDay(NOW))).toBeGreaterThanOrEqual(321);
  });

  it('answers a second analysis of the same text from the cache, without a request', async () => {
    const input = freshArticle();
    stub.enqueue(reply(goodFields()));
    const first = (await analyser().analyse(input)) as HybridAnalysis;
    const second = (await analyser().analyse({ ...input, id: 'other-id' })) as HybridAnalysis;
    expect(stub.requests).toHaveLength(1);
    expect(second.contentSummary).toEqual(first.contentSummary);
    expect(second.provenance?.contentSummary?.method).toBe('model');
    expect(second.provenance?.contentSummary?.detail).toContain('cached');
    const row = await atlasDb.db
      .selectFrom('llm_cache')
      .select('key')
      .where('key', '=', cacheKey(PROMPT_VERSION, MODEL, articleText(input)))
      .executeTakeFirst();
    expect(row).toBeDefined();
    // Another model is another cache entry.
    stub.enqueue(reply(goodFields()));
    await analyser({ model: 'other-model' }).analyse(input);
    expect(stub.requests).toHaveLength(2);
    expect(stub.requests[1]?.body.model).toBe('other-model');
  });

  it('sends no Authorization header without a key, and accepts a base URL ending in /v1', async () => {
    stub.enqueue(reply(goodFields()));
    await analyser({ apiKey: null, url: `${stub.url}/v1/` }).analyse(freshArticle());
    expect(stub.requests[0]?.url).toBe('/v1/chat/completions');
    expect(stub.requests[0]?.headers.authorization).toBeUndefined();
  });
});

describe('LLM analyser: replies that need cleaning', () => {
  it('reads JSON inside code fences', async () => {
    stub.enqueue(
      reply('Here you go:\n```json\n' + JSON.stringify(goodFields(), null, 2) + '\n```\n'),
    );
    const result = (await analyser().analyse(freshArticle())) as HybridAnalysis;
    expect(stub.requests).toHaveLength(1);
    expect(result.provenance?.contentSummary?.method).toBe('model');
  });

  it('drops a <think> block before the JSON', async () => {
    const thinking = '<think>The user wants {"summary": "not this"} ... let me think.</think>\n';
    stub.enqueue(reply(thinking + JSON.stringify(goodFields())));
    const result = (await analyser().analyse(freshArticle())) as HybridAnalysis;
    expect(stub.requests).toHaveLength(1);
    expect(result.contentSummary?.summary).toBe(goodFields()['summary']);
  });

  it('repairs invalid JSON with one turn that quotes the error', async () => {
    stub.enqueue(reply('{"summary": "unfinished", '), reply(goodFields()));
    const result = (await analyser().analyse(freshArticle())) as HybridAnalysis;
    expect(stub.requests).toHaveLength(2);
    const repair = stub.requests[1]?.body.messages ?? [];
    expect(repair.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(repair[2]?.content).toBe('{"summary": "unfinished", ');
    expect(repair[3]?.content).toContain('not valid JSON');
    expect(result.provenance?.sentimentAnalysis?.method).toBe('model');
  });

  it('falls back field by field when the reply is invalid twice', async () => {
    const input = freshArticle();
    const bad = { ...goodFields(), sentiment: { overall: 'ecstatic', score: 5 } } as Record<
      string,
      unknown
    >;
    delete bad['tags'];
    stub.enqueue(reply(bad), reply(bad));
    const result = (await analyser().analyse(input)) as HybridAnalysis;
    const base = await offlineOf(input);

    expect(stub.requests).toHaveLength(2);
    const repairText = stub.requests[1]?.body.messages?.at(-1)?.content ?? '';
    expect(repairText).toContain('/sentiment/score must be <= 1');
    expect(repairText).toContain('/sentiment/overall must be equal to one of the allowed values');
    expect(repairText).toContain('/tags is missing');
    // Valid fields from the model ...
    expect(result.contentSummary?.summary).toBe(goodFields()['summary']);
    expect(result.provenance?.contentSummary?.method).toBe('model');
    // ... invalid ones from offline, with the offline label.
    expect(result.sentimentAnalysis).toEqual(base.sentimentAnalysis);
    expect(result.provenance?.sentimentAnalysis).toEqual(base.provenance?.sentimentAnalysis);
    expect(result.tagExtraction).toEqual(base.tagExtraction);
    expect(result.provenance?.tagExtraction).toEqual(base.provenance?.tagExtraction);
    expect(result.provenance?.tagExtraction?.method).not.toBe('model');
    expect(logs.some((l) => l.includes('still invalid after the repair turn'))).toBe(true);
  });

  it('treats truncated output (finish_reason length) as invalid and asks for a shorter reply', async () => {
    const cut = JSON.stringify(goodFields()).slice(0, 150);
    stub.enqueue(reply(cut, { finishReason: 'length' }), reply(goodFields()));
    const result = (await analyser().analyse(freshArticle())) as HybridAnalysis;
    expect(stub.requests).toHaveLength(2);
    expect(stub.requests[1]?.body.messages?.at(-1)?.content).toContain('cut off');
    expect(result.provenance?.quoteExtraction?.method).toBe('model');
  });

  it('gives the whole offline result when the reply is truncated twice', async () => {
    const input = freshArticle();
    const cut = JSON.stringify(goodFields()).slice(0, 150);
    stub.enqueue(reply(cut, { finishReason: 'length' }), reply(cut, { finishReason: 'length' }));
    const result = await analyser().analyse(input);
    expect(stub.requests).toHaveLength(2);
    expect(result).toEqual(await offlineOf(input));
  });
});

describe('LLM analyser: grounding in the article', () => {
  it('drops a quote that is not in the text and an entity the text never names', async () => {
    const input = freshArticle();
    const fields = goodFields();
    fields['quotes'] = [
      // Straight quotes and a trailing full stop: still the article's words.
      { text: '"The Maeslant barrier closed exactly as designed."', speaker: 'Mark Jansen' },
      {
        text: 'We were lucky this time, but the next storm will be worse',
        speaker: 'Carola Schouten',
      },
      { text: 'Mayor Carola Schouten thanked emergency crews', speaker: 'Angela Merkel' },
    ];
    fields['entities'] = {
      persons: ['Mark Jansen', 'Angela Merkel', 'Jan'],
      organizations: ['Rijkswaterstaat', 'European Commission'],
      locations: ['Rotterdam', 'Amsterdam'],
    };
    fields['geography'] = {
      primaryLocation: 'Amsterdam',
      country: 'Belgium',
      mentionedLocations: ['Amsterdam', 'Rotterdam'],
    };
    stub.enqueue(reply(fields));
    const result = (await analyser().analyse(input)) as HybridAnalysis;
    expect(result.quoteExtraction?.quotes).toEqual([
      { text: '"The Maeslant barrier closed exactly as designed."', speaker: 'Mark Jansen' },
      { text: 'Mayor Carola Schouten thanked emergency crews', speaker: null },
    ]);
    // 'Jan' is inside 'Jansen' but not a whole word of the text.
    expect(result.entityExtraction).toEqual({
      persons: ['Mark Jansen'],
      organizations: ['Rijkswaterstaat'],
      locations: ['Rotterdam'],
    });
    const base = await offlineOf(input);
    expect(result.geographicAnalysis?.primary_location).toBeNull();
    expect(result.geographicAnalysis?.mentioned_locations.map((l) => l.name)).toEqual([
      'Rotterdam',
    ]);
    expect(result.geographicAnalysis?.country).toBe(base.geographicAnalysis?.country ?? null);
  });

  it('never takes coordinates from the model', async () => {
    const fields = goodFields() as Record<string, Record<string, unknown>>;
    fields['latitude'] = 12.3456 as unknown as Record<string, unknown>;
    fields['geography'] = {
      ...fields['geography'],
      coordinates: { lat: 12.3456, lon: 65.4321 },
      lat: 12.3456,
      lon: 65.4321,
    };
    stub.enqueue(reply(fields));
    const result = (await analyser().analyse(freshArticle())) as HybridAnalysis;
    expect(result.provenance?.geographicAnalysis?.method).toBe('model');
    expect(result.geographicAnalysis?.primary_location).toEqual({ name: 'Rotterdam' });
    const json = JSON.stringify(result);
    expect(json).not.toContain('12.3456');
    expect(json).not.toContain('65.4321');
    expect(json).not.toMatch(/"(lat|lon|latitude|longitude|coordinates)"/);
  });
});

describe('LLM analyser: endpoint failures give the offline result', () => {
  it('honours Retry-After on 429 with an in-process cool-down', async () => {
    const input = freshArticle();
    stub.enqueue({
      kind: 'status',
      status: 429,
      headers: { 'retry-after': '1' },
      body: 'slow down',
    });
    const a = analyser();
    expect(await a.analyse(input)).toEqual(await offlineOf(input));
    expect(stub.requests).toHaveLength(1);
    const warning = logs.find((l) => l.includes('rate-limited'));
    expect(warning).toBeDefined();
    expect(JSON.parse(warning ?? 'null')).toMatchObject({
      level: 'warn',
      retryAfterMs: 1000,
      status: 429,
    });

    // Within the cool-down: no request at all.
    expect(await a.analyse(input)).toEqual(await offlineOf(input));
    expect(stub.requests).toHaveLength(1);

    await new Promise((resolve) => setTimeout(resolve, 1_100));
    stub.enqueue(reply(goodFields()));
    const after = (await a.analyse(input)) as HybridAnalysis;
    expect(stub.requests).toHaveLength(2);
    expect(after.provenance?.contentSummary?.method).toBe('model');
  });

  it('falls back on 500 and keeps the key out of the log even when the server echoes it', async () => {
    const input = freshArticle();
    stub.enqueue({
      kind: 'status',
      status: 500,
      body: `internal error; Authorization: Bearer ${KEY}`,
    });
    expect(await analyser().analyse(input)).toEqual(await offlineOf(input));
    expect(logs).toHaveLength(1);
    expect(logs[0]).toContain('HTTP 500');
    expect(logs[0]).toContain('Bearer ***');
    expect(logs[0]).not.toContain(KEY);
    // Nothing was cached: the next call asks again.
    stub.enqueue(reply(goodFields()));
    await analyser().analyse(input);
    expect(stub.requests).toHaveLength(2);
  });

  it('falls back when the reply is too slow (timeout)', async () => {
    const input = freshArticle();
    stub.enqueue(reply(goodFields(), { delayMs: 3_000 }));
    const started = Date.now();
    const result = await analyser({ timeoutMs: 300 }).analyse(input);
    const elapsed = Date.now() - started;
    expect(result).toEqual(await offlineOf(input));
    expect(elapsed).toBeLessThan(2_000);
    expect(logs.some((l) => l.includes('"kind":"timeout"'))).toBe(true);
  });

  it('falls back on a network error (nothing listening)', async () => {
    const input = freshArticle();
    const closed = await startLlmStub();
    const url = closed.url;
    await closed.close();
    const result = await analyser({ url }).analyse(input);
    expect(result).toEqual(await offlineOf(input));
    expect(logs.some((l) => l.includes('"kind":"network"'))).toBe(true);
    for (const line of logs) expect(line).not.toContain(KEY);
  });
});

describe('LLM analyser: daily token budget', () => {
  it('stops calling the endpoint once the day is spent', async () => {
    // A fresh database, so this day's usage starts at zero.
    const budgetDb = await createDb({
      database: { kind: 'sqlite', file: path.join(dir, 'budget.db') },
    });
    try {
      const a = createLlmAnalyser({
        db: budgetDb.db,
        config: config({ dailyTokens: 150 }),
        offline,
        log,
        now: () => NOW,
      });
      stub.enqueue(reply(goodFields(), { totalTokens: 200 }));
      const first = (await a.analyse(freshArticle())) as HybridAnalysis;
      expect(first.provenance?.contentSummary?.method).toBe('model');
      expect(await tokensUsed(budgetDb.db, utcDay(NOW))).toBe(200);

      const input = freshArticle();
      expect(await a.analyse(input)).toEqual(await offlineOf(input));
      expect(stub.requests).toHaveLength(1);
      expect(logs.some((l) => l.includes('budget spent'))).toBe(true);

      // The next UTC day has a fresh budget.
      const tomorrow = createLlmAnalyser({
        db: budgetDb.db,
        config: config({ dailyTokens: 150 }),
        offline,
        log,
        now: () => new Date(NOW.getTime() + 86_400_000),
      });
      stub.enqueue(reply(goodFields(), { totalTokens: null }));
      await tomorrow.analyse(input);
      expect(stub.requests).toHaveLength(2);
      // No usage in the reply: estimated at ~4 characters per token.
      const estimated = await tokensUsed(budgetDb.db, utcDay(new Date(NOW.getTime() + 86_400_000)));
      const sent = (stub.requests[1]?.body.messages ?? []).reduce(
        (n, m) => n + m.content.length,
        0,
      );
      const replied = JSON.stringify(goodFields()).length;
      expect(estimated).toBe(Math.ceil((sent + replied) / 4));
    } finally {
      await budgetDb.close();
    }
  });
});

describe('LLM analyser on the PostgreSQL dialect (PGlite)', () => {
  it('migrates llm_cache and llm_usage, caches replies and adds up tokens', async () => {
    const handle = await createPglite();
    try {
      const pgDb = await handle.open();
      const a = createLlmAnalyser({ db: pgDb.db, config: config(), offline, log, now: () => NOW });
      const input = freshArticle();
      stub.enqueue(
        reply(goodFields(), { totalTokens: 120 }),
        reply(goodFields(), { totalTokens: 80 }),
      );
      const first = (await a.analyse(input)) as HybridAnalysis;
      const cached = (await a.analyse(input)) as HybridAnalysis;
      expect(stub.requests).toHaveLength(1);
      expect(cached.quoteExtraction).toEqual(first.quoteExtraction);
      expect(cached.provenance?.quoteExtraction?.method).toBe('model');
      await a.analyse(freshArticle());
      expect(stub.requests).toHaveLength(2);
      expect(await tokensUsed(pgDb.db, utcDay(NOW))).toBe(200);
      await pgDb.close();
    } finally {
      await handle.close();
    }
  }, 120_000);
});

describe('wiring in server/main.ts', () => {
  it('POST /api/articles/:id/analyze uses the LLM analyser when ATLAS_LLM_URL is configured', async () => {
    const server = await startServer({
      port: 0,
      host: '127.0.0.1',
      database: { kind: 'sqlite', file: path.join(dir, 'main.db') },
      logLevel: 'silent',
      distDir: path.join(dir, 'dist'),
      publicDir: path.join(dir, 'public'),
      seedSynthetic: 0,
      jwtSecret: 'atlas-test-secret-0123456789abcdef0123456789',
      redisUrl: null,
      corsOrigins: [],
      role: 'api',
      ingest: false,
      starterSet: false,
      llm: config(),
    });
    try {
      await server.atlasDb.db
        .insertInto('articles')
        .values({
          id: 'llm-wired',
          url: 'https://news.example.org/rotterdam',
          title: ARTICLE.title,
          description: ARTICLE.description,
          content: ARTICLE.content,
          source: ARTICLE.source,
          language: 'en',
        })
        .execute();
      const token = await signUp(server.url, 'llm@example.com');
      stub.enqueue(reply(goodFields()));
      const res = await fetch(`${server.url}/api/articles/llm-wired/analyze`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { analysis: HybridAnalysis };
      expect(stub.requests).toHaveLength(1);
      expect(stub.requests[0]?.body.messages?.[1]?.content).toContain(ARTICLE.title);
      expect(body.analysis.analyser?.name).toBe(`llm:${MODEL}+offline`);
      expect(body.analysis.provenance?.contentSummary?.method).toBe('model');
      expect(body.analysis.provenance?.language?.method).not.toBe('model');
    } finally {
      await server.close();
    }
  });
});

describe('extractJson', () => {
  it('handles an unterminated think block, fences without a language and bare objects', () => {
    expect(extractJson('<think>never closed {"a":1}')).toEqual({
      ok: false,
      error: 'the reply contains no JSON object',
    });
    expect(extractJson('```\n{"a":1}\n```')).toEqual({ ok: true, value: { a: 1 } });
    expect(extractJson('  {"a":{"b":[1,2]}} trailing')).toEqual({
      ok: true,
      value: { a: { b: [1, 2] } },
    });
    expect(extractJson('no json here').ok).toBe(false);
  });
});
