/**
 * Schema migrations, in code so they ship with the server and run at boot on both dialects.
 * Rules: never edit a migration that has shipped; add a new one with the next number (Kysely
 * runs them in name order). Column types differ per dialect only where SQLite lacks the type
 * (see schema.ts for how values look the same from TypeScript).
 */
import { sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { Dialect } from './schema';

interface Types {
  timestamp: 'text' | 'timestamptz';
  json: 'text' | 'jsonb';
  double: 'real' | 'double precision';
  now: ReturnType<typeof sql>;
  jsonEmptyArray: ReturnType<typeof sql>;
  jsonEmptyObject: ReturnType<typeof sql>;
}

function typesFor(dialect: Dialect): Types {
  if (dialect === 'postgres') {
    return {
      timestamp: 'timestamptz',
      json: 'jsonb',
      double: 'double precision',
      now: sql`now()`,
      jsonEmptyArray: sql`'[]'::jsonb`,
      jsonEmptyObject: sql`'{}'::jsonb`,
    };
  }
  return {
    timestamp: 'text',
    json: 'text',
    // SQLite REAL is an 8-byte IEEE float, the same as PostgreSQL double precision.
    double: 'real',
    // Same text as Date.prototype.toISOString(), so rows written by SQL and by JS sort together.
    now: sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`,
    jsonEmptyArray: sql`'[]'`,
    jsonEmptyObject: sql`'{}'`,
  };
}

function initial(dialect: Dialect): Migration {
  const t = typesFor(dialect);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('feeds')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('url', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('etag', 'text')
        .addColumn('last_modified', 'text')
        .addColumn('last_success_at', t.timestamp)
        .addColumn('last_error', 'text')
        .addColumn('parse_mode', 'text', (c) => c.notNull().defaultTo('auto'))
        .addColumn('items_seen', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_fetch_at', t.timestamp)
        .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
        .execute();

      await db.schema
        .createTable('articles')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('url', 'text', (c) => c.notNull().unique())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('content', 'text')
        .addColumn('source', 'text')
        .addColumn('publisher', 'text')
        .addColumn('author', 'text')
        .addColumn('feed_id', 'text', (c) => c.references('feeds.id').onDelete('set null'))
        .addColumn('published_at', t.timestamp)
        .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
        .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
        .addColumn('latitude', t.double)
        .addColumn('longitude', t.double)
        .addColumn('location_name', 'text')
        .addColumn('country', 'text')
        .addColumn('city', 'text')
        .addColumn('category', 'text', (c) => c.notNull().defaultTo('general'))
        .addColumn('categories', t.json, (c) => c.notNull().defaultTo(t.jsonEmptyArray))
        .addColumn('sentiment', 'text', (c) => c.notNull().defaultTo('neutral'))
        .addColumn('sentiment_score', t.double)
        .addColumn('emoji', 'text')
        .addColumn('image_url', 'text')
        .addColumn('language', 'text')
        .addColumn('fingerprint', 'text')
        .addColumn('hybrid_analysis', t.json)
        .addColumn('analysis_status', 'text', (c) => c.notNull().defaultTo('pending'))
        .addColumn('is_sample', 'integer', (c) => c.notNull().defaultTo(0))
        .addCheckConstraint(
          'articles_latitude_range',
          sql`latitude is null or (latitude >= -90 and latitude <= 90)`,
        )
        .addCheckConstraint(
          'articles_longitude_range',
          sql`longitude is null or (longitude >= -180 and longitude <= 180)`,
        )
        .execute();
      await db.schema
        .createIndex('articles_published_at_idx')
        .on('articles')
        .column('published_at')
        .execute();
      await db.schema
        .createIndex('articles_created_at_idx')
        .on('articles')
        .column('created_at')
        .execute();
      // Unique so ingestion can dedupe with ON CONFLICT DO NOTHING; NULLs never collide.
      await db.schema
        .createIndex('articles_fingerprint_key')
        .on('articles')
        .column('fingerprint')
        .unique()
        .execute();
      await db.schema
        .createIndex('articles_feed_id_idx')
        .on('articles')
        .column('feed_id')
        .execute();

      await db.schema
        .createTable('users')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull().defaultTo('user'))
        .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
        .addColumn('preferences', t.json, (c) => c.notNull().defaultTo(t.jsonEmptyObject))
        .addCheckConstraint('users_role_check', sql`role in ('guest', 'user', 'admin')`)
        .execute();

      await db.schema
        .createTable('jobs')
        .addColumn('id', dialect === 'postgres' ? 'bigint' : 'integer', (c) =>
          dialect === 'postgres'
            ? c.primaryKey().generatedByDefaultAsIdentity()
            : // AUTOINCREMENT: ids are never reused, so a log line naming a job stays unambiguous.
              c.primaryKey().autoIncrement(),
        )
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('payload', t.json, (c) => c.notNull().defaultTo(t.jsonEmptyObject))
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('queued'))
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('run_after', t.timestamp, (c) => c.notNull().defaultTo(t.now))
        .addColumn('locked_until', t.timestamp)
        .addColumn('last_error', 'text')
        .addColumn('dedupe_key', 'text', (c) => c.unique())
        .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
        .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
        .execute();
      await db.schema
        .createIndex('jobs_status_run_after_idx')
        .on('jobs')
        .columns(['status', 'run_after'])
        .execute();
    },
  };
}

/**
 * The article event log: every article:new / article:update / article:analyzed broadcast is first
 * written here, in the same transaction as the change it describes. `seq` orders events; socket
 * clients remember the last seq they saw and catch up from this table after a reconnect, because
 * socket.io itself delivers at most once (RELIABILITY.md).
 */
function articleEvents(dialect: Dialect): Migration {
  const t = typesFor(dialect);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('article_events')
        .addColumn('seq', dialect === 'postgres' ? 'bigint' : 'integer', (c) =>
          dialect === 'postgres'
            ? c.primaryKey().generatedByDefaultAsIdentity()
            : c.primaryKey().autoIncrement(),
        )
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('article_id', 'text', (c) => c.notNull())
        .addColumn('payload', t.json, (c) => c.notNull().defaultTo(t.jsonEmptyObject))
        .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
        .addCheckConstraint(
          'article_events_kind_check',
          sql`kind in ('article:new', 'article:update', 'article:analyzed')`,
        )
        .execute();
      await db.schema
        .createIndex('article_events_article_id_idx')
        .on('article_events')
        .column('article_id')
        .execute();
    },
  };
}

/**
 * Indexes for the article API's lookups (server/articles/queries.ts): lists order by
 * (created_at, id) - id breaks ties for stable pages - which the created_at index alone cannot
 * serve (SQLite sorted all 50k rows per request: 7 ms instead of 0.3 ms); by-country matches
 * `lower(country)`, which a plain index on country cannot serve.
 */
function articleQueryIndexes(): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createIndex('articles_created_at_id_idx')
        .on('articles')
        .columns(['created_at', 'id'])
        .execute();
      await db.schema
        .createIndex('articles_country_lower_idx')
        .on('articles')
        .expression(sql`lower(country)`)
        .execute();
    },
  };
}

/**
 * Ingestion (server/pipeline): the feed's guid as the second dedup key (unique per feed; NULLs
 * never conflict), and story grouping - a near-duplicate from another outlet points at the
 * story's first article (story_id) and is left out of lists; the leader keeps the count and the
 * sources (JSON array of {name, url, title}) that the client shows as corroboration.
 */
function ingestion(dialect: Dialect): Migration {
  const t = typesFor(dialect);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('articles').addColumn('guid', 'text').execute();
      await db.schema.alterTable('articles').addColumn('story_id', 'text').execute();
      await db.schema
        .alterTable('articles')
        .addColumn('story_count', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema.alterTable('articles').addColumn('story_sources', t.json).execute();
      await db.schema.alterTable('articles').addColumn('geo_analysis', t.json).execute();
      await db.schema
        .createIndex('articles_feed_guid_key')
        .on('articles')
        .columns(['feed_id', 'guid'])
        .unique()
        .execute();
      await db.schema
        .createIndex('articles_story_id_idx')
        .on('articles')
        .column('story_id')
        .execute();
    },
  };
}

/**
 * The optional LLM analyser (server/analysis/llm): a reply cache keyed by prompt version, model
 * and text hash, and the tokens used per UTC day for the daily budget.
 */
function llmCache(dialect: Dialect): Migration {
  const t = typesFor(dialect);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('llm_cache')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('analysis', t.json, (c) => c.notNull())
        .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
        .execute();
      await db.schema
        .createTable('llm_usage')
        .addColumn('day', 'text', (c) => c.primaryKey())
        .addColumn('tokens', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
  };
}

/** All migrations for a dialect, keyed by name (run in name order). */
export function migrationsFor(dialect: Dialect): Record<string, Migration> {
  return {
    '0001_initial': initial(dialect),
    '0002_article_events': articleEvents(dialect),
    '0003_article_query_indexes': articleQueryIndexes(),
    '0004_llm_cache': llmCache(dialect),
    '0005_ingestion': ingestion(dialect),
  };
}

export function migrationProvider(dialect: Dialect): MigrationProvider {
  return {
    getMigrations: () => Promise.resolve(migrationsFor(dialect)),
  };
}
