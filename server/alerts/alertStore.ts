/**
 * The alerts table (server/db/migrations.ts 0011_alerts): one row per user and article that
 * matched a saved topic or region, read/unread, listed newest first with the article's title and
 * point joined in.
 */
import type { Kysely } from 'kysely';
import type { AlertItem, AlertReason } from '../../data/alerts';
import type { Database } from '../db/schema';

export interface NewAlert {
  userId: string;
  articleId: string;
  reason: AlertReason;
  term: string;
}

export interface AlertPage {
  alerts: AlertItem[];
  unread: number;
  nextBefore: number | null;
}

export class AlertStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Stores the alerts; returns only those this call created. An alert that exists already (the
   * same user and article, stored by another process hearing the same event) is skipped.
   */
  async insert(
    alerts: readonly NewAlert[],
  ): Promise<{ id: number; alert: NewAlert; createdAt: string }[]> {
    if (alerts.length === 0) return [];
    const createdAt = new Date(this.now()).toISOString();
    const rows = await this.db
      .insertInto('alerts')
      .values(
        alerts.map((a) => ({
          user_id: a.userId,
          article_id: a.articleId,
          reason: a.reason,
          // The preferences route caps saved entries at 200 characters; stored as saved.
          term: a.term,
          created_at: createdAt,
        })),
      )
      .onConflict((oc) => oc.columns(['user_id', 'article_id']).doNothing())
      .returning(['id', 'user_id', 'article_id', 'created_at'])
      .execute();
    const byKey = new Map(alerts.map((a) => [`${a.userId}\n${a.articleId}`, a]));
    return rows.flatMap((row) => {
      const alert = byKey.get(`${row.user_id}\n${row.article_id}`);
      return alert === undefined ? [] : [{ id: row.id, alert, createdAt: row.created_at }];
    });
  }

  /** One alert of the user with its article's title and point (null when not theirs). */
  async get(userId: string, id: number): Promise<AlertItem | null> {
    const rows = await this.query(userId).where('alerts.id', '=', id).execute();
    const row = rows[0];
    return row === undefined ? null : toItem(row);
  }

  /** The user's alerts, newest first, `limit` per page, older than `before` when given. */
  async list(userId: string, options: { limit: number; before?: number }): Promise<AlertPage> {
    let q = this.query(userId);
    if (options.before !== undefined) q = q.where('alerts.id', '<', options.before);
    const rows = await q
      .orderBy('alerts.id', 'desc')
      .limit(options.limit + 1)
      .execute();
    const page = rows.slice(0, options.limit);
    const last = page[page.length - 1];
    return {
      alerts: page.map(toItem),
      unread: await this.unreadCount(userId),
      nextBefore: rows.length > options.limit && last !== undefined ? last.id : null,
    };
  }

  async unreadCount(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('alerts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .executeTakeFirstOrThrow();
    return row.n;
  }

  /** Marks one of the user's alerts read (kept read if it was); false when it is not theirs. */
  async markRead(userId: string, id: number): Promise<boolean> {
    const exists = await this.db
      .selectFrom('alerts')
      .select('id')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (exists === undefined) return false;
    await this.db
      .updateTable('alerts')
      .set({ read_at: new Date(this.now()).toISOString() })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .execute();
    return true;
  }

  /** Marks every unread alert of the user read; returns how many changed. */
  async markAllRead(userId: string): Promise<number> {
    const result = await this.db
      .updateTable('alerts')
      .set({ read_at: new Date(this.now()).toISOString() })
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  private query(userId: string) {
    return this.db
      .selectFrom('alerts')
      .leftJoin('articles', (join) =>
        join.onRef('articles.id', '=', 'alerts.article_id').on('articles.hidden_at', 'is', null),
      )
      .select([
        'alerts.id',
        'alerts.article_id',
        'alerts.reason',
        'alerts.term',
        'alerts.created_at',
        'alerts.read_at',
        'articles.title',
        'articles.latitude',
        'articles.longitude',
      ])
      .where('alerts.user_id', '=', userId);
  }
}

interface AlertJoinRow {
  id: number;
  article_id: string;
  reason: AlertReason;
  term: string;
  created_at: string;
  read_at: string | null;
  title: string | null;
  latitude: number | null;
  longitude: number | null;
}

function toItem(row: AlertJoinRow): AlertItem {
  return {
    id: row.id,
    articleId: row.article_id,
    title: row.title,
    reason: row.reason,
    term: row.term,
    lat: row.latitude,
    lon: row.longitude,
    createdAt: row.created_at,
    readAt: row.read_at,
  };
}
