/**
 * The analytics and intelligence data routes on a real server (127.0.0.1, port 0, temp SQLite):
 * exact counts over the crafted rows and a three-outlet story (the synthetic articles are dated
 * 2025, outside every window), parameter validation, and the response cache.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bucketStarts } from '../../server/http/articles/analytics';
import { insertStoryRows } from './analyticsFixtures';
import { insertCrafted, startArticleServer, type ArticleServer } from './articlesApiFixtures';
import { makeTempDir, removeDir } from './helpers';

interface Overview {
  success: boolean;
  hours: number;
  bucket: string;
  total: number;
  geocoded: number;
  analysed: number;
  series: {
    t: string;
    total: number;
    byCategory: Record<string, number>;
    bySentiment: Record<string, number>;
    meanSentiment: number | null;
  }[];
  bySource: Record<string, number>;
  byCountry: Record<string, number>;
  byRisk: Record<string, number>;
  countries: {
    country: string;
    iso2: string | null;
    count: number;
    meanSentiment: number | null;
    risk: string;
  }[];
}

interface Trends {
  bucket: string;
  buckets: string[];
  trending: {
    id: string;
    count: number;
    previous: number;
    change: number;
    timeline: number[];
  }[];
  stories: { count: number; article: { id: string; corroboration?: { count: number } } }[];
}

let dir: string;
let server: ArticleServer;

beforeAll(async () => {
  dir = await makeTempDir('analytics-api');
  server = await startArticleServer({ dir, synthetic: 20 });
  await insertCrafted(server.atlasDb.db, Date.now());
  await insertStoryRows(server.atlasDb.db, Date.now());
});

afterAll(async () => {
  await server.close();
  await removeDir(dir);
});

// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- a typed view of a JSON body
async function get<T = unknown>(path: string): Promise<{ status: number; body: T }> {
  const res = await fetch(`${server.url}${path}`);
  const body: unknown = await res.json();
  return { status: res.status, body: body as T };
}

const sum = (r: Record<string, number>) => Object.values(r).reduce((a, b) => a + b, 0);

describe('GET /api/analytics/overview', () => {
  it('counts the window by time, category, sentiment, source, country and risk', async () => {
    const { status, body } = await get<Overview>('/api/analytics/overview?hours=24');
    expect(status).toBe(200);
    expect(body.bucket).toBe('hour');
    // c-1, c-2, c-3, c-4, c-5, c-7, c-8 and the story leader s-1 (its duplicate is skipped).
    expect(body.total).toBe(8);
    expect(body.geocoded).toBe(7);
    expect(body.analysed).toBe(2);
    expect(body.byRisk).toEqual({ none: 6, low: 1, high: 1 });
    expect(body.bySource).toEqual({ 'Crafted Wire': 7, 'Other Wire': 1 });
    expect(body.byCountry).toEqual({ Japan: 3, 'United States': 1, US: 1, Germany: 1, Fiji: 2 });
    expect(body.countries[0]).toEqual({
      country: 'Japan',
      iso2: 'JP',
      count: 3,
      meanSentiment: -0.6,
      risk: 'high',
    });
    expect(body.countries.find((c) => c.country === 'Germany')?.risk).toBe('low');
    // The choropleth's key: a name and a code of the same country both give its ISO code.
    expect(body.countries.find((c) => c.country === 'United States')?.iso2).toBe('US');
    expect(body.countries.find((c) => c.country === 'US')?.iso2).toBe('US');
    expect(body.series.reduce((a, s) => a + s.total, 0)).toBe(8);
    for (const s of body.series) {
      expect(sum(s.byCategory)).toBe(s.total);
      expect(sum(s.bySentiment)).toBe(s.total);
      expect(s.t).toMatch(/^\d{4}-\d\d-\d\dT\d\d:00:00\.000Z$/);
    }
    expect([...body.series.map((s) => s.t)].sort()).toEqual(body.series.map((s) => s.t));
    const scored = body.series.filter((s) => s.meanSentiment !== null);
    expect(scored).toHaveLength(1);
    expect(scored[0]?.meanSentiment).toBe(-0.6);
  });

  it('buckets by day for long windows and on request', async () => {
    const week = await get<Overview>('/api/analytics/overview?hours=720');
    expect(week.body.bucket).toBe('day');
    // 30 days also holds c-6 (30 h) and the three analysis targets (100 h).
    expect(week.body.total).toBe(12);
    for (const s of week.body.series) expect(s.t).toMatch(/T00:00:00\.000Z$/);
    const byDay = await get<Overview>('/api/analytics/overview?hours=24&bucket=day');
    expect(byDay.body.bucket).toBe('day');
    expect(byDay.body.series.reduce((a, s) => a + s.total, 0)).toBe(8);
  });

  it('refuses out-of-range, non-finite and unknown parameters with 400', async () => {
    for (const q of [
      'hours=0',
      'hours=721',
      'hours=1e999',
      'hours=abc',
      'hours=2.5',
      'bucket=week',
    ]) {
      const { status, body } = await get<{ success: boolean; message: string }>(
        `/api/analytics/overview?${q}`,
      );
      expect(status, q).toBe(400);
      expect(body.success).toBe(false);
    }
  });

  it('is cached like the other public lists', async () => {
    const first = await get<Overview>('/api/analytics/overview?hours=48');
    await server.atlasDb.db
      .insertInto('articles')
      .values({
        id: 'late',
        url: 'https://example.org/late',
        title: 'Late',
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      })
      .execute();
    const second = await get<Overview>('/api/analytics/overview?hours=48');
    expect(second.body.total).toBe(first.body.total);
    await server.atlasDb.db.deleteFrom('articles').where('id', '=', 'late').execute();
  });
});

describe('GET /api/intelligence/trends', () => {
  it('ranks entities by their rise against the previous window, with timelines', async () => {
    const { status, body } = await get<Trends>('/api/intelligence/trends?hours=24&limit=50');
    expect(status).toBe(200);
    expect(body.bucket).toBe('hour');
    expect(body.buckets.length).toBeGreaterThanOrEqual(24);
    expect(body.buckets.length).toBeLessThanOrEqual(25);
    const japan = body.trending.find((t) => t.id === 'country:japan');
    expect(japan).toMatchObject({ count: 3, previous: 0, change: 3 });
    // Politics (c-2, c-3, s-1) rose by 3 too; ties go by count, then id.
    expect(body.trending.slice(0, 2).map((t) => t.id)).toEqual([
      'category:politics',
      'country:japan',
    ]);
    // Grace Hopper: c-5 and s-1 now, c-6 (30 h ago) in the previous 24 h.
    expect(body.trending.find((t) => t.id === 'person:grace hopper')).toMatchObject({
      count: 2,
      previous: 1,
      change: 1,
    });
    for (const t of body.trending) {
      expect(t.timeline).toHaveLength(body.buckets.length);
      expect(t.timeline.reduce((a, b) => a + b, 0)).toBe(t.count);
      expect(t.change).toBe(t.count - t.previous);
    }
    const changes = body.trending.map((t) => t.change);
    expect([...changes].sort((a, b) => b - a)).toEqual(changes);
    expect(body.stories).toHaveLength(1);
    expect(body.stories[0]?.count).toBe(3);
    expect(body.stories[0]?.article.id).toBe('s-1');
    expect(body.stories[0]?.article.corroboration?.count).toBe(3);
  });

  it('limits and validates', async () => {
    const { body } = await get<Trends>('/api/intelligence/trends?hours=24&limit=2');
    expect(body.trending).toHaveLength(2);
    for (const q of ['limit=0', 'limit=101', 'hours=721', 'hours=-1', 'limit=1e999']) {
      expect((await get(`/api/intelligence/trends?${q}`)).status, q).toBe(400);
    }
  });
});

describe('GET /api/intelligence/entity-articles', () => {
  it('lists the articles mentioning a node, newest first', async () => {
    const { status, body } = await get<{ total: number; articles: { id: string }[] }>(
      '/api/intelligence/entity-articles?id=country:japan&hours=24',
    );
    expect(status).toBe(200);
    expect(body.total).toBe(3);
    expect(body.articles.map((a) => a.id)).toEqual(['c-1', 'c-4', 's-1']);
    const person = await get<{ articles: { id: string }[] }>(
      `/api/intelligence/entity-articles?id=${encodeURIComponent('person:grace hopper')}&hours=48`,
    );
    expect(person.body.articles.map((a) => a.id)).toEqual(['s-1', 'c-5', 'c-6']);
    const one = await get<{ total: number; articles: unknown[] }>(
      '/api/intelligence/entity-articles?id=country:japan&hours=24&limit=1',
    );
    expect(one.body.total).toBe(3);
    expect(one.body.articles).toHaveLength(1);
  });

  it('validates', async () => {
    for (const q of ['', 'id=', 'id=country:japan&limit=0', 'id=country:japan&hours=99999']) {
      expect((await get(`/api/intelligence/entity-articles?${q}`)).status, q).toBe(400);
    }
    const long = 'x'.repeat(121);
    expect((await get(`/api/intelligence/entity-articles?id=${long}`)).status).toBe(400);
  });
});

describe('bucketStarts', () => {
  it('covers the window with dense UTC buckets', () => {
    const now = new Date('2025-06-01T12:30:00.000Z');
    const hours = bucketStarts(new Date('2025-06-01T09:30:00.000Z'), now, 'hour');
    expect(hours).toEqual([
      '2025-06-01T09:00:00.000Z',
      '2025-06-01T10:00:00.000Z',
      '2025-06-01T11:00:00.000Z',
      '2025-06-01T12:00:00.000Z',
    ]);
    expect(bucketStarts(new Date('2025-05-30T23:00:00.000Z'), now, 'day')).toEqual([
      '2025-05-30T00:00:00.000Z',
      '2025-05-31T00:00:00.000Z',
      '2025-06-01T00:00:00.000Z',
    ]);
  });
});
