/**
 * Row types of every table, as Kysely sees them. They are the same on SQLite and PostgreSQL
 * because createDb makes the pg driver return the SQLite shapes:
 * - timestamps are ISO 8601 strings in UTC with milliseconds (`toISOString()` format). SQLite
 *   stores them as TEXT, so they sort correctly only if every writer uses that exact format;
 *   PostgreSQL stores timestamptz and the driver converts back to the same string.
 * - JSON columns are strings (TEXT in SQLite, jsonb in PostgreSQL returned unparsed). Write them
 *   with JSON.stringify; parse them where they are mapped to wire types.
 * - booleans are integers 0/1 (SQLite has no boolean type).
 * - counts and bigint ids are numbers.
 */
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/** Filled by the database on insert (DEFAULT); may be written explicitly. */
type Defaulted<T> = ColumnType<T, T | undefined, T>;

export interface ArticlesTable {
  /** Opaque text id (e.g. 'sample-42-000001'); never reused. */
  id: string;
  /** Canonical URL; unique: the first dedup key. */
  url: string;
  title: string;
  description: string | null;
  content: string | null;
  /** Source (feed or site) display name. */
  source: string | null;
  publisher: string | null;
  author: string | null;
  feed_id: string | null;
  published_at: string | null;
  created_at: Defaulted<string>;
  updated_at: Defaulted<string>;
  latitude: number | null;
  longitude: number | null;
  location_name: string | null;
  country: string | null;
  city: string | null;
  /** Primary category, lower case. */
  category: Defaulted<string>;
  /** JSON array of strings. */
  categories: Defaulted<string>;
  /** positive | negative | neutral | mixed */
  sentiment: Defaulted<string>;
  sentiment_score: number | null;
  emoji: string | null;
  image_url: string | null;
  language: string | null;
  /** Content fingerprint; unique when present: the second dedup key (same story, other URL). */
  fingerprint: string | null;
  /** JSON object (spec "hybridAnalysis"); null until analysed. */
  hybrid_analysis: string | null;
  /** pending | processing | complete | failed | skipped */
  analysis_status: Defaulted<string>;
  /** 1 for synthetic articles from the seeder. */
  is_sample: Defaulted<number>;
  /** The feed's guid/id for the item; unique per feed_id when present (third dedup key). */
  guid: ColumnType<string | null, string | null | undefined, string | null>;
  /** Set on a near-duplicate from another outlet: the id of its story's first article. */
  story_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** On a story's first article: how many outlets carry the story (1 when alone). */
  story_count: Defaulted<number>;
  /** On a story's first article: JSON array of {name, url, title} of the other outlets. */
  story_sources: ColumnType<string | null, string | null | undefined, string | null>;
  /** JSON: the geocoder's result (spec geographicAnalysis shape), null when not geocoded. */
  geo_analysis: ColumnType<string | null, string | null | undefined, string | null>;
  /** Set when a moderator hid the article: it leaves every public list, the globe and search. */
  hidden_at: ColumnType<string | null, string | null | undefined, string | null>;
  hidden_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** Changed by a trigger on every update of the row (migration 0012): list fragments key on it. */
  version: Defaulted<number>;
}

export interface UsersTable {
  id: string;
  /** Stored lower-cased; unique. */
  email: string;
  name: string;
  password_hash: string;
  /** guest | user | admin (CHECK constraint). */
  role: Defaulted<'guest' | 'user' | 'admin'>;
  /** Bumped on logout-all, password or role change; tokens carrying an older value are refused. */
  token_version: Defaulted<number>;
  created_at: Defaulted<string>;
  /** JSON object. */
  preferences: Defaulted<string>;
  /** Set when an admin disabled the account: no sign-in, tokens refused. */
  disabled_at: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface FeedsTable {
  id: string;
  url: string;
  name: string;
  enabled: Defaulted<number>;
  /** HTTP validators from the last 200 response, for conditional GETs. */
  etag: string | null;
  last_modified: string | null;
  last_success_at: string | null;
  last_error: string | null;
  /** auto | rss | atom | json */
  parse_mode: Defaulted<string>;
  items_seen: Defaulted<number>;
  next_fetch_at: string | null;
  /** Consecutive failures, for backoff. */
  failures: Defaulted<number>;
  created_at: Defaulted<string>;
}

export interface JobsTable {
  id: Generated<number>;
  kind: string;
  /** JSON object. */
  payload: Defaulted<string>;
  /** queued | running | done | failed | dead */
  status: Defaulted<string>;
  attempts: Defaulted<number>;
  run_after: Defaulted<string>;
  /** Lease: a running job whose lease expired is picked up again (worker crashed). */
  locked_until: string | null;
  last_error: string | null;
  /** Unique when present: enqueueing the same logical job twice is a no-op. */
  dedupe_key: string | null;
  created_at: Defaulted<string>;
  updated_at: Defaulted<string>;
}

export type ArticleEventKind = 'article:new' | 'article:update' | 'article:analyzed';

export interface ArticleEventsTable {
  /** Increases with every event; clients catch up with `seq > lastSeen`. */
  seq: Generated<number>;
  kind: ArticleEventKind;
  article_id: string;
  /** JSON: the event body as broadcast (article, {id, updates} or {articleId, analysis}). */
  payload: Defaulted<string>;
  created_at: Defaulted<string>;
}

/** LLM analyser replies (server/analysis/llm), keyed by prompt version, model and text hash. */
export interface LlmCacheTable {
  /** `${PROMPT_VERSION}:${model}:${sha256 of the article text}`. */
  key: string;
  /** JSON: the validated, grounded reply fields (not the merged analysis). */
  analysis: string;
  created_at: Defaulted<string>;
}

/** Tokens the LLM analyser used per UTC day, for ATLAS_LLM_DAILY_TOKENS. */
export interface LlmUsageTable {
  /** 'YYYY-MM-DD' (UTC). */
  day: string;
  tokens: number;
}

export interface Database {
  articles: ArticlesTable;
  users: UsersTable;
  feeds: FeedsTable;
  jobs: JobsTable;
  article_events: ArticleEventsTable;
  llm_cache: LlmCacheTable;
  llm_usage: LlmUsageTable;
  audit_log: AuditLogTable;
  article_corrections: ArticleCorrectionsTable;
  geocode_overrides: GeocodeOverridesTable;
  alerts: AlertsTable;
}

/** A new article that matched a user's saved topic or region (server/alerts). */
export interface AlertsTable {
  id: Generated<number>;
  user_id: string;
  article_id: string;
  /** 'topic' | 'region' (CHECK constraint). */
  reason: 'topic' | 'region';
  /** The saved topic or region that matched, as the user typed it. */
  term: string;
  created_at: Defaulted<string>;
  /** Null while unread. */
  read_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Sign-ins, failed sign-ins, role changes and every admin action (server/admin/audit.ts). */
export interface AuditLogTable {
  id: Generated<number>;
  at: Defaulted<string>;
  actor_id: string | null;
  actor_email: string | null;
  /** e.g. 'auth.login', 'auth.login_failed', 'user.role', 'feed.add', 'article.hide'. */
  action: string;
  target: string | null;
  /** JSON object. */
  detail: Defaulted<string>;
  ip: string | null;
}

/** A moderator's correction of an article's place or category, with before and after (JSON). */
export interface ArticleCorrectionsTable {
  id: Generated<number>;
  article_id: string;
  at: Defaulted<string>;
  actor_id: string;
  actor_email: string;
  /** 'place' | 'category' */
  field: string;
  before: string | null;
  after: string;
  note: string | null;
}

/** Places taught by corrections: a place name (nameKey) and where it really is. */
export interface GeocodeOverridesTable {
  name_key: string;
  name: string;
  latitude: number;
  longitude: number;
  country: string | null;
  actor_id: string;
  at: Defaulted<string>;
}

export type ArticleRow = Selectable<ArticlesTable>;
export type NewArticleRow = Insertable<ArticlesTable>;
export type ArticleUpdate = Updateable<ArticlesTable>;
export type UserRow = Selectable<UsersTable>;
export type FeedRow = Selectable<FeedsTable>;
export type JobRow = Selectable<JobsTable>;
export type ArticleEventRow = Selectable<ArticleEventsTable>;

export type Dialect = 'sqlite' | 'postgres';
