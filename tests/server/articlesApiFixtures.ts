/**
 * Setup for the article API tests: a real server on 127.0.0.1:0 over a temp SQLite file with
 * optional analyser, short request timeout and no per-role rate limit, plus crafted articles
 * whose times are relative to the real clock (the hours windows use it).
 */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Analyser } from '../../server/analysis/analyser';
import { buildApp } from '../../server/app';
import { createDb, type AtlasDb } from '../../server/db/createDb';
import type { Database, NewArticleRow } from '../../server/db/schema';
import { seedSyntheticArticles } from '../../server/db/seed';
import { FIXED_NOW, listenTestServer, writeFakeClient } from './helpers';

export interface ArticleServer {
  url: string;
  app: FastifyInstance;
  atlasDb: AtlasDb;
  close(): Promise<void>;
}

export async function startArticleServer(options: {
  dir: string;
  analyser?: Analyser;
  requestTimeoutMs?: number;
  /** Synthetic articles (seed 7, FIXED_NOW: all far outside every hours window). */
  synthetic?: number;
}): Promise<ArticleServer> {
  const { distDir, publicDir } = await writeFakeClient(options.dir);
  const atlasDb = await createDb({
    database: { kind: 'sqlite', file: path.join(options.dir, 'atlas.db') },
  });
  if (options.synthetic !== undefined && options.synthetic > 0) {
    await seedSyntheticArticles(atlasDb.db, { count: options.synthetic, seed: 7, now: FIXED_NOW });
  }
  const app = await buildApp(
    {
      logLevel: 'silent',
      distDir,
      publicDir,
      jwtSecret: 'atlas-test-secret-0123456789abcdef0123456789',
      redisUrl: null,
      corsOrigins: [],
    },
    {
      db: atlasDb.db,
      dialect: atlasDb.dialect,
      accounts: { rateLimit: false },
      ...(options.analyser === undefined ? {} : { analyser: options.analyser }),
      ...(options.requestTimeoutMs === undefined
        ? {}
        : { requestTimeoutMs: options.requestTimeoutMs }),
    },
  );
  return listenTestServer(app, atlasDb);
}

/** Registers a user and returns a bearer token for it. */
export async function signUp(baseUrl: string, email: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'correct horse battery staple 42', name: 'Tester' }),
  });
  const body = (await res.json()) as { token?: unknown };
  if (res.status !== 201 || typeof body.token !== 'string') {
    throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(body)}`);
  }
  return body.token;
}

const HOUR = 60 * 60 * 1000;

/** hybridAnalysis with `n` of the 15 completeness fields, and a cost. */
export function analysisWith(n: number, cost?: number): Record<string, unknown> {
  const fields = [
    ['contentSummary', { summary: 'S' }],
    ['keyTakeaways', ['a']],
    ['riskAssessment', { level: 'low', score: 5 }],
    ['sentimentAnalysis', { overall: 'neutral', score: 0 }],
    ['entityExtraction', { persons: ['Grace Hopper'], organizations: ['Navy'], locations: [] }],
    ['geographicAnalysis', { primary_location: null, country: null, mentioned_locations: [] }],
    ['tagExtraction', { tags: ['t'] }],
    ['quoteExtraction', { quotes: [] }],
    ['credibilityAssessment', { score: 0.5, explanation: 'e' }],
    ['aiCommentary', { commentary: 'c' }],
    ['aiInsights', { insights: [] }],
    ['aiImplications', { implications: [] }],
    ['engagementPrediction', { score: 0.1 }],
    ['viralityPrediction', { score: 0.1 }],
    ['emojiSelection', { emoji: 'x', primaryEmojis: [], emojis: [] }],
  ] as const;
  const out: Record<string, unknown> = Object.fromEntries(
    fields.slice(0, n) as readonly (readonly [string, unknown])[],
  );
  // A null field does not count as present.
  out['aiInsights'] ??= null;
  if (cost !== undefined) out['cost'] = cost;
  return out;
}

interface Crafted {
  id: string;
  hoursAgo: number;
  title: string;
  lat?: number;
  lon?: number;
  sentiment?: string;
  country?: string;
  category?: string;
  description?: string;
  content?: string;
  analysis?: Record<string, unknown>;
  published?: boolean;
}

/**
 * The crafted rows (c-*: for exact list assertions; a-*: analysis targets, not geocoded and
 * 100 h old so they stay out of the short windows).
 */
export const CRAFTED: readonly Crafted[] = [
  {
    id: 'c-1',
    hoursAgo: 1,
    title: 'Alpha 100% PURE_GOLD',
    lat: 10,
    lon: 170,
    sentiment: 'positive',
    country: 'Japan',
    category: 'science',
  },
  {
    id: 'c-2',
    hoursAgo: 2,
    title: 'Beta story',
    description: 'about 100 percent',
    lat: -10,
    lon: -170,
    sentiment: 'negative',
    country: 'United States',
    category: 'politics',
  },
  {
    id: 'c-3',
    hoursAgo: 3,
    title: 'Gamma',
    content: 'pureXgold and more',
    lat: 0,
    lon: 0,
    sentiment: 'neutral',
    country: 'US',
    category: 'politics',
  },
  {
    id: 'c-4',
    hoursAgo: 1.5,
    title: 'Delta (no place)',
    sentiment: 'mixed',
    country: 'Japan',
    category: 'business',
  },
  {
    id: 'c-5',
    hoursAgo: 20,
    title: 'Epsilon analysed',
    content: 'Full text of epsilon',
    lat: 50,
    lon: 10,
    sentiment: 'mixed',
    country: 'Germany',
    category: 'science',
    analysis: analysisWith(10, 12),
  },
  {
    id: 'c-6',
    hoursAgo: 30,
    title: 'Zeta partly analysed',
    lat: 51,
    lon: 11,
    sentiment: 'positive',
    country: 'Germany',
    category: 'world',
    analysis: analysisWith(6, 3),
    published: false,
  },
  {
    id: 'c-7',
    hoursAgo: 5,
    title: 'Eta near the dateline',
    lat: 15,
    lon: -179.5,
    sentiment: 'positive',
    country: 'Fiji',
    category: 'world',
  },
  {
    id: 'c-8',
    hoursAgo: 6,
    title: 'Theta east of the dateline',
    lat: 5,
    lon: 179.9,
    sentiment: 'neutral',
    country: 'Fiji',
    category: 'world',
  },
  {
    id: 'a-ok',
    hoursAgo: 100,
    title: 'Analysis target',
    content: 'Some text',
    country: 'Kenya',
    category: 'politics',
  },
  {
    id: 'a-fail',
    hoursAgo: 100.5,
    title: 'Analysis poison',
    country: 'Kenya',
    category: 'politics',
  },
  { id: 'a-race', hoursAgo: 102, title: 'Analysis race', country: 'Kenya', category: 'politics' },
];

export function craftedRows(now: number): NewArticleRow[] {
  return CRAFTED.map((c) => {
    const created = new Date(now - c.hoursAgo * HOUR).toISOString();
    return {
      id: c.id,
      url: `https://example.org/crafted/${c.id}`,
      title: c.title,
      description: c.description ?? null,
      content: c.content ?? null,
      source: 'Crafted Wire',
      publisher: 'Crafted Wire',
      published_at: c.published === false ? null : created,
      created_at: created,
      updated_at: created,
      latitude: c.lat ?? null,
      longitude: c.lon ?? null,
      location_name: c.country ?? null,
      country: c.country ?? null,
      city: null,
      category: c.category ?? 'general',
      categories: JSON.stringify([c.category ?? 'general']),
      sentiment: c.sentiment ?? 'neutral',
      hybrid_analysis: c.analysis === undefined ? null : JSON.stringify(c.analysis),
      analysis_status: c.analysis === undefined ? 'pending' : 'complete',
    };
  });
}

export async function insertCrafted(db: Kysely<Database>, now: number): Promise<void> {
  await db.insertInto('articles').values(craftedRows(now)).execute();
}
