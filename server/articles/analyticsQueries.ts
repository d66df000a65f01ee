/**
 * The read queries behind GET /api/analytics/overview and /api/intelligence/trends, /stories and
 * /entity-articles. Same rules as queries.ts: times compared as ISO text computed in JS, the few
 * bucket and JSON expressions built per dialect, so SQLite and PostgreSQL return the same rows.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database, Dialect } from '../db/schema';
import { iso2Of } from './countryCodes';
import { ARTICLE_WIRE_COLUMNS, type ArticleWireRow } from './rowToArticle';

type Db = Kysely<Database>;

export type Bucket = 'hour' | 'day';

/** 'YYYY-MM-DDTHH' (hour) or 'YYYY-MM-DD' (day) of created_at in UTC. */
function createdBucket(dialect: Dialect, bucket: Bucket): RawBuilder<string> {
  if (dialect === 'postgres') {
    return bucket === 'hour'
      ? sql<string>`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24')`
      : sql<string>`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD')`;
  }
  return bucket === 'hour'
    ? sql<string>`substr(created_at, 1, 13)`
    : sql<string>`substr(created_at, 1, 10)`;
}

/** hybridAnalysis.riskAssessment.level as text, or null (also for corrupt JSON). */
function riskLevel(dialect: Dialect): RawBuilder<string | null> {
  if (dialect === 'postgres') {
    return sql<
      string | null
    >`(case when jsonb_typeof(hybrid_analysis -> 'riskAssessment' -> 'level') = 'string' then hybrid_analysis -> 'riskAssessment' ->> 'level' else null end)`;
  }
  return sql<
    string | null
  >`(case when json_valid(hybrid_analysis) and json_type(hybrid_analysis, '$.riskAssessment.level') = 'text' then json_extract(hybrid_analysis, '$.riskAssessment.level') else null end)`;
}

/** ISO start of a bucket key. */
export function bucketStart(key: string, bucket: Bucket): string {
  return bucket === 'hour' ? `${key}:00:00.000Z` : `${key}T00:00:00.000Z`;
}

export interface AnalyticsOverview {
  total: number;
  geocoded: number;
  analysed: number;
  /** Bucket starts (ISO) that have articles, oldest first. */
  series: {
    t: string;
    total: number;
    byCategory: Record<string, number>;
    bySentiment: Record<string, number>;
    /** Mean sentiment_score of the bucket's scored articles; null when none is scored. */
    meanSentiment: number | null;
  }[];
  bySource: Record<string, number>;
  byCountry: Record<string, number>;
  byRisk: Record<string, number>;
  /** Per country: mean sentiment score (null when none scored) and highest risk level. */
  countries: {
    country: string;
    /** ISO 3166-1 alpha-2 of the name, null when it names no known country ('Unknown'). */
    iso2: string | null;
    count: number;
    meanSentiment: number | null;
    risk: string;
  }[];
}

const RISK_ORDER = ['none', 'low', 'medium', 'high', 'critical'];

const count = sql<number | string>`count(*)`.as('n');

function record(): Record<string, number> {
  // Null-prototype: a source or country named '__proto__' must stay a plain key.
  return Object.create(null) as Record<string, number>;
}

/** Every article (not a story duplicate) created since `since`, grouped in SQL. */
export async function analyticsOverview(
  db: Db,
  dialect: Dialect,
  since: string,
  bucket: Bucket,
): Promise<AnalyticsOverview> {
  const w = db
    .selectFrom('articles')
    .where('story_id', 'is', null)
    .where('created_at', '>=', since);
  const b = createdBucket(dialect, bucket);
  const risk = sql<string>`coalesce(${riskLevel(dialect)}, 'none')`;
  const country = sql<string>`coalesce(country, 'Unknown')`;
  const [byBucketCategory, byBucketSentiment, sources, countries, risks, shares] =
    await Promise.all([
      w
        .select([b.as('k'), 'category as c', count])
        .groupBy([b, 'category'])
        .orderBy(b)
        .execute(),
      w
        .select([
          b.as('k'),
          'sentiment as c',
          count,
          sql<number | string | null>`sum(sentiment_score)`.as('s'),
          sql<number | string>`count(sentiment_score)`.as('m'),
        ])
        .groupBy([b, 'sentiment'])
        .orderBy(b)
        .execute(),
      w
        .select([sql<string>`coalesce(source, publisher, 'Unknown')`.as('k'), count])
        .groupBy(sql`coalesce(source, publisher, 'Unknown')`)
        .execute(),
      w
        .select([
          country.as('k'),
          risk.as('r'),
          count,
          sql<number | string | null>`sum(sentiment_score)`.as('s'),
          sql<number | string>`count(sentiment_score)`.as('m'),
        ])
        .groupBy([country, risk])
        .execute(),
      w
        .select([risk.as('k'), count])
        .groupBy(risk)
        .execute(),
      w
        .select([
          count,
          sql<
            number | string | null
          >`sum(case when latitude is not null and longitude is not null then 1 else 0 end)`.as(
            'g',
          ),
          sql<
            number | string | null
          >`sum(case when hybrid_analysis is not null then 1 else 0 end)`.as('a'),
        ])
        .executeTakeFirstOrThrow(),
    ]);

  const series = new Map<
    string,
    AnalyticsOverview['series'][number] & { sum: number; n: number }
  >();
  const entry = (key: string) => {
    let e = series.get(key);
    if (e === undefined) {
      e = {
        t: bucketStart(key, bucket),
        total: 0,
        byCategory: record(),
        bySentiment: record(),
        meanSentiment: null,
        sum: 0,
        n: 0,
      };
      series.set(key, e);
    }
    return e;
  };
  for (const r of byBucketCategory) {
    const e = entry(r.k);
    const n = Number(r.n);
    e.total += n;
    e.byCategory[r.c] = (e.byCategory[r.c] ?? 0) + n;
  }
  for (const r of byBucketSentiment) {
    const e = entry(r.k);
    e.bySentiment[r.c] = (e.bySentiment[r.c] ?? 0) + Number(r.n);
    e.sum += Number(r.s ?? 0);
    e.n += Number(r.m);
  }
  const toRecord = (rows: { k: string; n: number | string }[]) => {
    const out = record();
    for (const r of rows) out[r.k] = (out[r.k] ?? 0) + Number(r.n);
    return out;
  };
  const perCountry = new Map<string, { count: number; sum: number; n: number; risk: string }>();
  for (const r of countries) {
    let c = perCountry.get(r.k);
    if (c === undefined) {
      c = { count: 0, sum: 0, n: 0, risk: 'none' };
      perCountry.set(r.k, c);
    }
    c.count += Number(r.n);
    c.sum += Number(r.s ?? 0);
    c.n += Number(r.m);
    if (RISK_ORDER.indexOf(r.r) > RISK_ORDER.indexOf(c.risk)) c.risk = r.r;
  }
  const mean = (sum: number, n: number) => (n === 0 ? null : Math.round((sum / n) * 1e4) / 1e4);
  return {
    total: Number(shares.n),
    geocoded: Number(shares.g ?? 0),
    analysed: Number(shares.a ?? 0),
    series: [...series.entries()]
      .sort((x, y) => (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0))
      .map(([, e]) => ({
        t: e.t,
        total: e.total,
        byCategory: e.byCategory,
        bySentiment: e.bySentiment,
        meanSentiment: mean(e.sum, e.n),
      })),
    bySource: toRecord(sources),
    byCountry: toRecord(countries.map((r) => ({ k: r.k, n: r.n }))),
    byRisk: toRecord(risks),
    countries: [...perCountry.entries()]
      .map(([name, c]) => ({
        country: name,
        iso2: iso2Of(name),
        count: c.count,
        meanSentiment: mean(c.sum, c.n),
        risk: c.risk,
      }))
      .sort((x, y) => y.count - x.count || (x.country < y.country ? -1 : 1)),
  };
}

export type EntitySourceRow = ArticleWireRow & { hybrid_analysis: string | null };

/** The newest articles created in [since, until), with their analysis, newest first. */
export async function findEntitySource(
  db: Db,
  e: { since: string; until?: string; maxArticles: number },
): Promise<EntitySourceRow[]> {
  let q = db
    .selectFrom('articles')
    .where('story_id', 'is', null)
    .select([...ARTICLE_WIRE_COLUMNS, 'hybrid_analysis'])
    .where('created_at', '>=', e.since);
  if (e.until !== undefined) q = q.where('created_at', '<', e.until);
  return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(e.maxArticles).execute();
}

/** Stories (articles carried by several outlets) created since `since`, largest first. */
export async function findLargestStories(
  db: Db,
  s: { since: string; limit: number },
): Promise<ArticleWireRow[]> {
  return db
    .selectFrom('articles')
    .where('story_id', 'is', null)
    .where('story_count', '>', 1)
    .where('created_at', '>=', s.since)
    .select(ARTICLE_WIRE_COLUMNS)
    .orderBy('story_count', 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(s.limit)
    .execute();
}
