/**
 * The article read queries behind /api/articles, /api/v4, /api/news-markers and
 * /api/public/all-articles. Every query gives the same rows on SQLite and PostgreSQL:
 * - times are compared as ISO text computed in JS (ISO text in SQLite, timestamptz in PG);
 * - case-insensitive matching is `lower(col) like lower(?)` (SQLite's LIKE is ASCII-only
 *   case-insensitive, PG's is case-sensitive);
 * - NULL ordering is made explicit (the dialects disagree on where NULLs sort);
 * - the few JSON and date-bucket expressions that differ are built per dialect here.
 */
import {
  sql,
  type Expression,
  type Kysely,
  type RawBuilder,
  type SelectQueryBuilder,
  type SqlBool,
} from 'kysely';
import { ANALYSIS_SCHEMA_FIELDS } from '../../data/analysis';
import type { ArticleSentiment, ArticleSort } from '../../data/article';
import type { ArticleRow, Database, Dialect } from '../db/schema';
import { escapeLike, type BoundingBox } from './filters';
import type { VersionedId } from './rowFragments';
import {
  ARTICLE_DETAIL_COLUMNS,
  ARTICLE_WIRE_COLUMNS,
  type ArticleDetailRow,
  type ArticleWireRow,
} from './rowToArticle';

type Db = Kysely<Database>;

// ---------------------------------------------------------------- shared expressions

function searchCondition(search: string): Expression<SqlBool> {
  const pattern = `%${escapeLike(search)}%`;
  const like = (column: 'title' | 'description' | 'content'): Expression<SqlBool> =>
    sql<SqlBool>`lower(${sql.ref(column)}) like lower(${pattern}) escape '\\'`;
  return sql<SqlBool>`(${like('title')} or ${like('description')} or ${like('content')})`;
}

function boxCondition(box: BoundingBox): Expression<SqlBool> {
  const lat = sql<SqlBool>`latitude >= ${box.minLat} and latitude <= ${box.maxLat}`;
  // minLng > maxLng: the box crosses the antimeridian, so it is two longitude ranges.
  const lng =
    box.minLng <= box.maxLng
      ? sql<SqlBool>`longitude >= ${box.minLng} and longitude <= ${box.maxLng}`
      : sql<SqlBool>`(longitude >= ${box.minLng} or longitude <= ${box.maxLng})`;
  return sql<SqlBool>`(${lat} and ${lng})`;
}

/** 1 when the analysis has `field` with a non-null value, else 0 (also for corrupt JSON). */
function analysisFieldPresent(dialect: Dialect, field: string): Expression<number> {
  if (dialect === 'postgres') {
    return sql<number>`(case when jsonb_typeof(hybrid_analysis -> ${field}) is not null and jsonb_typeof(hybrid_analysis -> ${field}) <> 'null' then 1 else 0 end)`;
  }
  const path = `$.${field}`;
  return sql<number>`(case when json_valid(hybrid_analysis) and coalesce(json_type(hybrid_analysis, ${path}), 'null') <> 'null' then 1 else 0 end)`;
}

/** Number of ANALYSIS_SCHEMA_FIELDS present. */
function analysisFieldCount(dialect: Dialect): Expression<number> {
  const parts = ANALYSIS_SCHEMA_FIELDS.map((f) => analysisFieldPresent(dialect, f));
  return sql<number>`(${sql.join(parts, sql` + `)})`;
}

/** hybridAnalysis.cost when it is a JSON number, else 0. */
function analysisCost(dialect: Dialect): Expression<number> {
  if (dialect === 'postgres') {
    return sql<number>`(case when jsonb_typeof(hybrid_analysis -> 'cost') = 'number' then (hybrid_analysis ->> 'cost')::double precision else 0 end)`;
  }
  return sql<number>`(case when json_valid(hybrid_analysis) and json_type(hybrid_analysis, '$.cost') in ('integer', 'real') then json_extract(hybrid_analysis, '$.cost') else 0 end)`;
}

/** 'YYYY-MM-DDTHH' of created_at in UTC. */
function createdHour(dialect: Dialect): RawBuilder<string> {
  return dialect === 'postgres'
    ? sql<string>`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24')`
    : sql<string>`substr(created_at, 1, 13)`;
}

/** `sort` order with id as tie-breaker, so pages are stable when times repeat. */
function sorted<O>(
  q: SelectQueryBuilder<Database, 'articles', O>,
  sort: ArticleSort,
): SelectQueryBuilder<Database, 'articles', O> {
  const direction = sort.startsWith('-') ? 'desc' : 'asc';
  let ordered = q;
  if (sort.endsWith('publishedAt')) {
    // Undated articles last in both directions and on both dialects (they disagree on NULLs).
    ordered = ordered.orderBy(sql`(case when published_at is null then 1 else 0 end)`, 'asc');
    ordered = ordered.orderBy('published_at', direction);
  } else {
    ordered = ordered.orderBy('created_at', direction);
  }
  return ordered.orderBy('id', direction);
}

// ---------------------------------------------------------------- /api/articles

export interface GeocodedFilter {
  search?: string;
  /** Inclusive bounds on created_at, stored-form ISO. */
  start?: string;
  end?: string;
  sentiments?: readonly ArticleSentiment[];
  /** Only analysed articles (hybrid_analysis present). */
  analysedOnly?: boolean;
  /** Also select hybrid_analysis (useEnhanced). */
  withAnalysis?: boolean;
  limit: number;
}

export type GeocodedRow = ArticleWireRow & { hybrid_analysis?: string | null };

/** The geocoded list's rows (filters and order), before its columns are chosen. */
function geocodedQuery(db: Db, f: GeocodedFilter) {
  let q = db
    .selectFrom('articles')
    .where('story_id', 'is', null)
    .where('hidden_at', 'is', null)
    .where('latitude', 'is not', null)
    .where('longitude', 'is not', null);
  if (f.search !== undefined && f.search !== '') q = q.where(searchCondition(f.search));
  if (f.start !== undefined) q = q.where('created_at', '>=', f.start);
  if (f.end !== undefined) q = q.where('created_at', '<=', f.end);
  if (f.sentiments !== undefined && f.sentiments.length > 0) {
    q = q.where('sentiment', 'in', [...f.sentiments]);
  }
  if (f.analysedOnly === true) q = q.where('hybrid_analysis', 'is not', null);
  return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(f.limit);
}

export async function findGeocoded(db: Db, f: GeocodedFilter): Promise<GeocodedRow[]> {
  // hybrid_analysis always: the list's card fields come from it (cardFields.ts).
  return geocodedQuery(db, f)
    .select([...ARTICLE_WIRE_COLUMNS, 'hybrid_analysis'])
    .execute();
}

/** findGeocoded's rows as (id, version) only: a covering index walk on SQLite (0012). */
export async function findGeocodedVersions(db: Db, f: GeocodedFilter): Promise<VersionedId[]> {
  return geocodedQuery(db, f).select(['id', 'version']).execute();
}

export async function findArticleById(db: Db, id: string): Promise<ArticleDetailRow | undefined> {
  return (
    db
      .selectFrom('articles')
      .select(ARTICLE_DETAIL_COLUMNS)
      .where('id', '=', id)
      // A moderator-hidden article is gone for readers (the admin console still lists it).
      .where('hidden_at', 'is', null)
      .executeTakeFirst()
  );
}

// ---------------------------------------------------------------- /api/public/all-articles

export interface PageQuery {
  limit: number;
  offset: number;
  sort: ArticleSort;
}

export async function countArticles(db: Db): Promise<number> {
  const { total } = await db
    .selectFrom('articles')
    .where('story_id', 'is', null)
    .where('hidden_at', 'is', null)
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(total);
}

/** One page of all articles in `sort` order. */
export async function listArticlesPage(
  db: Db,
  p: PageQuery,
): Promise<(ArticleWireRow & { hybrid_analysis: string | null })[]> {
  return sorted(
    db
      .selectFrom('articles')
      .where('story_id', 'is', null)
      .where('hidden_at', 'is', null)
      .select([...ARTICLE_WIRE_COLUMNS, 'hybrid_analysis']),
    p.sort,
  )
    .limit(p.limit)
    .offset(p.offset)
    .execute();
}

/** listArticlesPage's rows as (id, version) only: a covering index walk on SQLite (0012). */
export async function listArticleVersions(db: Db, p: PageQuery): Promise<VersionedId[]> {
  return sorted(
    db
      .selectFrom('articles')
      .where('story_id', 'is', null)
      .where('hidden_at', 'is', null)
      .select(['id', 'version']),
    p.sort,
  )
    .limit(p.limit)
    .offset(p.offset)
    .execute();
}

/** A list row with its version: what rowToArticle reads plus the analysis for card fields. */
export type VersionedListRow = ArticleWireRow & { hybrid_analysis: string | null; version: number };

/**
 * The rows of `ids` for list fragments (rowFragments.ts), whatever their list state: the caller
 * got the ids from a list query just before. Unordered.
 */
export async function findListRowsByIds(
  db: Db,
  ids: readonly string[],
): Promise<VersionedListRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('articles')
    .select([...ARTICLE_WIRE_COLUMNS, 'hybrid_analysis', 'version'])
    .where('id', 'in', [...ids])
    .execute();
}

/** As findListRowsByIds without the analysis: full-article markers carry no card fields. */
export async function findWireRowsByIds(
  db: Db,
  ids: readonly string[],
): Promise<(ArticleWireRow & { version: number })[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('articles')
    .select([...ARTICLE_WIRE_COLUMNS, 'version'])
    .where('id', 'in', [...ids])
    .execute();
}

// ---------------------------------------------------------------- /api/v4/articles/public

export type V4Sort = ArticleSort;

export interface V4Query {
  limit: number;
  skip: number;
  sort: V4Sort;
  /** 0..1: minimum fraction of ANALYSIS_SCHEMA_FIELDS present. */
  completeness?: number;
  costMin?: number;
  costMax?: number;
}

export async function findV4Public(
  db: Db,
  dialect: Dialect,
  v: V4Query,
): Promise<{ rows: ArticleDetailRow[]; total: number }> {
  let base = db.selectFrom('articles').where('story_id', 'is', null).where('hidden_at', 'is', null);
  if (v.completeness !== undefined && v.completeness > 0) {
    // Integer comparison avoids float rounding: 0.4 of 15 fields means at least 6.
    const required = Math.ceil(v.completeness * ANALYSIS_SCHEMA_FIELDS.length - 1e-9);
    base = base.where(sql<SqlBool>`${analysisFieldCount(dialect)} >= ${required}`);
  }
  if (v.costMin !== undefined) {
    base = base.where(sql<SqlBool>`${analysisCost(dialect)} >= ${v.costMin}`);
  }
  if (v.costMax !== undefined) {
    base = base.where(sql<SqlBool>`${analysisCost(dialect)} <= ${v.costMax}`);
  }
  const { total } = await base
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .executeTakeFirstOrThrow();
  const rows = await sorted(base.select(ARTICLE_DETAIL_COLUMNS), v.sort)
    .limit(v.limit)
    .offset(v.skip)
    .execute();
  return { rows, total: Number(total) };
}

// ---------------------------------------------------------------- /api/news-markers

/** Recent geocoded rows, newest first (optionally in a box), before their columns are chosen. */
function recentMarkersQuery(db: Db, m: { since: string; limit: number; box?: BoundingBox }) {
  let q = db
    .selectFrom('articles')
    .where('story_id', 'is', null)
    .where('hidden_at', 'is', null)
    .where('latitude', 'is not', null)
    .where('longitude', 'is not', null)
    .where('created_at', '>=', m.since);
  if (m.box !== undefined) q = q.where(boxCondition(m.box));
  return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(m.limit);
}

export async function findRecentMarkers(
  db: Db,
  m: { since: string; limit: number; box?: BoundingBox },
): Promise<ArticleWireRow[]> {
  return recentMarkersQuery(db, m).select(ARTICLE_WIRE_COLUMNS).execute();
}

/**
 * The rows of findRecentMarkers and findRecentMarkerRows as (id, version) only: on SQLite a walk
 * of the covering index articles_marker_rows_idx (the box is tested on its columns too).
 */
export async function findRecentMarkerVersions(
  db: Db,
  m: { since: string; limit: number; box?: BoundingBox },
): Promise<VersionedId[]> {
  return recentMarkersQuery(db, m).select(['id', 'version']).execute();
}

/** The columns a compact marker needs: all of them are in articles_marker_rows_idx (SQLite). */
export const MARKER_COLUMNS = [
  'id',
  'title',
  'latitude',
  'longitude',
  'category',
  'sentiment',
  'emoji',
  'created_at',
  'source',
  'publisher',
] as const satisfies readonly (keyof ArticleRow)[];

export type MarkerRow = Pick<ArticleRow, (typeof MARKER_COLUMNS)[number]>;

/**
 * findRecentMarkers with only the marker columns (format=markers): on SQLite a walk of the
 * covering index articles_marker_rows_idx, no table page read (migration 0011).
 */
export async function findRecentMarkerRows(
  db: Db,
  m: { since: string; limit: number; box?: BoundingBox },
): Promise<MarkerRow[]> {
  return recentMarkersQuery(db, m).select(MARKER_COLUMNS).execute();
}

/** The marker columns of `ids` with their versions (compact marker fragments). Unordered. */
export async function findMarkerRowsByIds(
  db: Db,
  ids: readonly string[],
): Promise<(MarkerRow & { version: number })[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('articles')
    .select([...MARKER_COLUMNS, 'version'])
    .where('id', 'in', [...ids])
    .execute();
}

/** Articles whose country (lower-cased) is one of `names` (already lower-cased). */
export async function findByCountry(
  db: Db,
  c: { names: readonly string[]; since: string; limit: number },
): Promise<{ rows: ArticleWireRow[]; total: number }> {
  const base = db
    .selectFrom('articles')
    .where('story_id', 'is', null)
    .where('hidden_at', 'is', null)
    .where(sql<SqlBool>`lower(country) in (${sql.join(c.names.map((n) => sql`${n}`))})`)
    .where('created_at', '>=', c.since);
  const { total } = await base
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .executeTakeFirstOrThrow();
  const rows = await base
    .select(ARTICLE_WIRE_COLUMNS)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(c.limit)
    .execute();
  return { rows, total: Number(total) };
}

export interface MarkerStats {
  total: number;
  byCategory: Record<string, number>;
  bySentiment: Record<string, number>;
  byCountry: Record<string, number>;
  byHour: { hour: string; count: number }[];
}

/** Counts of the articles created since `since`, grouped in SQL. */
export async function markerStats(db: Db, dialect: Dialect, since: string): Promise<MarkerStats> {
  const window = db
    .selectFrom('articles')
    .where('story_id', 'is', null)
    .where('hidden_at', 'is', null)
    .where('created_at', '>=', since);
  const count = sql<number | string>`count(*)`.as('n');
  const [byCategory, bySentiment, byCountry, byHour] = await Promise.all([
    window.select(['category as key', count]).groupBy('category').execute(),
    window.select(['sentiment as key', count]).groupBy('sentiment').execute(),
    window
      .select([sql<string>`coalesce(country, 'Unknown')`.as('key'), count])
      .groupBy(sql`coalesce(country, 'Unknown')`)
      .execute(),
    window
      .select([createdHour(dialect).as('key'), count])
      .groupBy(createdHour(dialect))
      .orderBy(createdHour(dialect))
      .execute(),
  ]);
  const toRecord = (rows: { key: string | null; n: number | string }[]): Record<string, number> => {
    // Null-prototype object: a country named '__proto__' must stay a plain key.
    const out = Object.create(null) as Record<string, number>;
    for (const r of rows) out[r.key ?? 'Unknown'] = (out[r.key ?? 'Unknown'] ?? 0) + Number(r.n);
    return out;
  };
  const categories = toRecord(byCategory);
  const total = Object.values(categories).reduce((a, b) => a + b, 0);
  return {
    total,
    byCategory: categories,
    bySentiment: toRecord(bySentiment),
    byCountry: toRecord(byCountry),
    byHour: byHour.map((r) => ({ hour: `${r.key}:00:00.000Z`, count: Number(r.n) })),
  };
}

// ---------------------------------------------------------------- knowledge graph input

export interface GraphSourceRow {
  country: string | null;
  category: string;
  hybrid_analysis: string | null;
}

export async function findGraphSource(
  db: Db,
  g: { since: string; maxArticles: number },
): Promise<GraphSourceRow[]> {
  return db
    .selectFrom('articles')
    .where('story_id', 'is', null)
    .where('hidden_at', 'is', null)
    .select(['country', 'category', 'hybrid_analysis'])
    .where('created_at', '>=', g.since)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(g.maxArticles)
    .execute();
}

// ---------------------------------------------------------------- /api/articles/:id/story

/** A story's articles (leader first, then members in arrival order), or [] for an unknown id. */
export async function findStory(db: Db, id: string): Promise<ArticleWireRow[]> {
  const row = await db
    .selectFrom('articles')
    .select(['id', 'story_id'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (row === undefined) return [];
  const root = row.story_id ?? row.id;
  const rows = await db
    .selectFrom('articles')
    .select(ARTICLE_WIRE_COLUMNS)
    .where((eb) => eb.or([eb('id', '=', root), eb('story_id', '=', root)]))
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  // The leader first even when a member's clock says otherwise.
  return [...rows.filter((r) => r.id === root), ...rows.filter((r) => r.id !== root)];
}
