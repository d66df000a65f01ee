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

/**
 * The admin console (issue #30): disabled accounts, hidden (moderated) articles, corrections kept
 * with who and when, and the audit log of sign-ins and admin actions. Numbered 0010 so that
 * migrations added beside it in the same release sort before it.
 */
function admin(dialect: Dialect): Migration {
  const t = typesFor(dialect);
  const id = (c: ReturnType<Kysely<unknown>['schema']['createTable']>) =>
    c.addColumn('id', dialect === 'postgres' ? 'bigint' : 'integer', (col) =>
      dialect === 'postgres' ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey(),
    );
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('users').addColumn('disabled_at', t.timestamp).execute();
      await db.schema.alterTable('articles').addColumn('hidden_at', t.timestamp).execute();
      await db.schema.alterTable('articles').addColumn('hidden_reason', 'text').execute();
      await id(db.schema.createTable('audit_log'))
        .addColumn('at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
        .addColumn('actor_id', 'text')
        .addColumn('actor_email', 'text')
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('target', 'text')
        .addColumn('detail', t.json, (c) => c.notNull().defaultTo(t.jsonEmptyObject))
        .addColumn('ip', 'text')
        .execute();
      await db.schema.createIndex('audit_log_at_idx').on('audit_log').column('at').execute();
      await db.schema
        .createIndex('audit_log_action_idx')
        .on('audit_log')
        .columns(['action', 'at'])
        .execute();
      await id(db.schema.createTable('article_corrections'))
        .addColumn('article_id', 'text', (c) => c.notNull())
        .addColumn('at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
        .addColumn('actor_id', 'text', (c) => c.notNull())
        .addColumn('actor_email', 'text', (c) => c.notNull())
        .addColumn('field', 'text', (c) => c.notNull())
        .addColumn('before', t.json)
        .addColumn('after', t.json, (c) => c.notNull())
        .addColumn('note', 'text')
        .execute();
      await db.schema
        .createIndex('article_corrections_article_idx')
        .on('article_corrections')
        .columns(['article_id', 'at'])
        .execute();
      // A corrected place, keyed by the place name the geocoder had chosen: later articles that
      // name the same place land where the moderator put it.
      await db.schema
        .createTable('geocode_overrides')
        .addColumn('name_key', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('latitude', t.double, (c) => c.notNull())
        .addColumn('longitude', t.double, (c) => c.notNull())
        .addColumn('country', 'text')
        .addColumn('actor_id', 'text', (c) => c.notNull())
        .addColumn('at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
        .execute();
    },
  };
}

/**
 * The list and marker reads at scale (issue #28 R1, server/articles/queries.ts). Every list
 * filters `story_id is null and hidden_at is null`; with no statistics SQLite took the plain
 * story_id index for that (an equality on a key where every row matches) and sorted the whole
 * table per request: 110-170 ms at 50,000 articles. Now:
 * - articles_story_id_idx covers only rows that have a story_id (findStory's `story_id = ?`
 *   still uses it; `is null` no longer can);
 * - articles_listed_idx: the listed rows in list order, which the count and every
 *   `order by created_at, id` page walk without sorting; two more for the publishedAt sorts;
 * - articles_marker_rows_idx (SQLite): the geocoded listed rows with every column a compact
 *   marker needs, so /api/news-markers/recent?format=markers reads index pages only. PostgreSQL
 *   gets the same partial index on the order alone: a btree entry has a size limit there
 *   (~2.7 KB) that a long title could pass, and 200 heap fetches are cheap on it.
 */
function listIndexes(dialect: Dialect): Migration {
  const listed = sql`story_id is null and hidden_at is null`;
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('articles_story_id_idx').execute();
      await sql`create index articles_story_id_idx on articles (story_id) where story_id is not null`.execute(
        db,
      );
      // story_id and hidden_at in the SQLite keys only make the indexes covering for the count
      // (SQLite does not take a partial index's WHERE columns as read, and then scanned the whole
      // table for it: 110 ms); both are always null in these indexes.
      const tail = dialect === 'postgres' ? sql`` : sql`, story_id, hidden_at`;
      await sql`create index articles_listed_idx on articles (created_at, id${tail}) where ${listed}`.execute(
        db,
      );
      // sort=publishedAt / -publishedAt: undated articles last in both directions (queries.ts
      // sorted()), so each direction has its own index; without them a page sorted all rows.
      const undatedLast = sql`(case when published_at is null then 1 else 0 end)`;
      await sql`create index articles_listed_published_desc_idx on articles (${undatedLast}, published_at desc, id desc${tail}) where ${listed}`.execute(
        db,
      );
      await sql`create index articles_listed_published_asc_idx on articles (${undatedLast}, published_at, id${tail}) where ${listed}`.execute(
        db,
      );
      const geocoded = sql`${listed} and latitude is not null and longitude is not null`;
      if (dialect === 'postgres') {
        await sql`create index articles_marker_rows_idx on articles (created_at, id) where ${geocoded}`.execute(
          db,
        );
      } else {
        // story_id and hidden_at: as above, so that the index is covering.
        await sql`create index articles_marker_rows_idx on articles (created_at, id, latitude, longitude, title, category, sentiment, emoji, source, publisher, story_id, hidden_at) where ${geocoded}`.execute(
          db,
        );
      }
    },
  };
}

/**
 * Issue #28 R1 uncached: a row version that every update of an article changes, so a list can
 * read (id, version) in list order from an index and build its answer from per-row JSON kept in
 * memory (server/articles/rowFragments.ts): a fragment is reused only while its row's version is
 * the one it was made from, in every process, with no invalidation messages. A trigger bumps it,
 * so no write path (ingestion, analysis, story grouping, moderation, corrections, ones added
 * later) can forget to; a writer that sets version itself is left alone. The list indexes of 0011
 * are rebuilt with version in them, so the (id, version) walks read index pages only (SQLite;
 * PostgreSQL carries it as an INCLUDE column for index-only scans).
 */
function articleVersions(dialect: Dialect): Migration {
  const listed = sql`story_id is null and hidden_at is null`;
  const geocoded = sql`${listed} and latitude is not null and longitude is not null`;
  const undatedLast = sql`(case when published_at is null then 1 else 0 end)`;
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('articles')
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      if (dialect === 'postgres') {
        await sql`create function articles_version_bump() returns trigger language plpgsql as $$
          begin
            if new.version = old.version then new.version := old.version + 1; end if;
            return new;
          end $$`.execute(db);
        await sql`create trigger articles_version_bump before update on articles
          for each row execute function articles_version_bump()`.execute(db);
      } else {
        // recursive_triggers is off (SQLite's default), so the trigger's own update does not
        // fire it again.
        await sql`create trigger articles_version_bump after update on articles
          for each row when new.version = old.version
          begin update articles set version = old.version + 1 where id = new.id; end`.execute(db);
      }
      for (const name of [
        'articles_listed_idx',
        'articles_listed_published_desc_idx',
        'articles_listed_published_asc_idx',
        'articles_marker_rows_idx',
      ]) {
        await db.schema.dropIndex(name).execute();
      }
      // As in 0011; story_id and hidden_at end the SQLite keys so the indexes are covering.
      const tail = dialect === 'postgres' ? sql`` : sql`, version, story_id, hidden_at`;
      const include = dialect === 'postgres' ? sql` include (version)` : sql``;
      await sql`create index articles_listed_idx on articles (created_at, id${tail})${include} where ${listed}`.execute(
        db,
      );
      await sql`create index articles_listed_published_desc_idx on articles (${undatedLast}, published_at desc, id desc${tail})${include} where ${listed}`.execute(
        db,
      );
      await sql`create index articles_listed_published_asc_idx on articles (${undatedLast}, published_at, id${tail})${include} where ${listed}`.execute(
        db,
      );
      if (dialect === 'postgres') {
        await sql`create index articles_marker_rows_idx on articles (created_at, id) include (version, latitude, longitude) where ${geocoded}`.execute(
          db,
        );
      } else {
        await sql`create index articles_marker_rows_idx on articles (created_at, id, latitude, longitude, title, category, sentiment, emoji, source, publisher, version, story_id, hidden_at) where ${geocoded}`.execute(
          db,
        );
      }
    },
  };
}

/**
 * Server-side alerts (issue #24 item 5, server/alerts): a new article matching a user's saved
 * topic or lying in a saved region, one row per (user, article). `reason` is 'topic' or 'region',
 * `term` the saved entry that matched. No foreign key to articles: an alert outlives its article
 * being pruned (the list then shows it without a title). Rows go with their user.
 */
function alerts(dialect: Dialect): Migration {
  const t = typesFor(dialect);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('alerts')
        .addColumn('id', dialect === 'postgres' ? 'bigint' : 'integer', (c) =>
          dialect === 'postgres'
            ? c.primaryKey().generatedByDefaultAsIdentity()
            : c.primaryKey().autoIncrement(),
        )
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('article_id', 'text', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('term', 'text', (c) => c.notNull())
        .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
        .addColumn('read_at', t.timestamp)
        .addCheckConstraint('alerts_reason_check', sql`reason in ('topic', 'region')`)
        .execute();
      // One alert per user and article: every API process matches every event, the first insert
      // wins and only it notifies (ON CONFLICT DO NOTHING).
      await db.schema
        .createIndex('alerts_user_article_key')
        .on('alerts')
        .columns(['user_id', 'article_id'])
        .unique()
        .execute();
      // The list (newest first, paged by id) and the unread count.
      await db.schema
        .createIndex('alerts_user_id_idx')
        .on('alerts')
        .columns(['user_id', 'id'])
        .execute();
      await db.schema
        .createIndex('alerts_user_unread_idx')
        .on('alerts')
        .columns(['user_id', 'read_at'])
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
    '0010_admin': admin(dialect),
    '0011_list_indexes': listIndexes(dialect),
    '0011_alerts': alerts(dialect),
    '0012_article_versions': articleVersions(dialect),
  };
}

export function migrationProvider(dialect: Dialect): MigrationProvider {
  return {
    getMigrations: () => Promise.resolve(migrationsFor(dialect)),
  };
}
