/**
 * The article event log (table article_events): the one way article changes reach real-time
 * clients. A writer records the event in the same transaction as the change, then announces it
 * after commit; the socket layer listens and broadcasts. Because every event has a durable `seq`,
 * a client that reconnects asks for `since(lastSeq)` and misses nothing (socket.io alone delivers
 * at most once).
 */
import type { Kysely, Transaction } from 'kysely';
import type { Article } from '../../data/article';
import type { Database } from '../db/schema';

export interface ArticleUpdatePayload {
  id: string;
  updates: Partial<Article>;
}

export interface ArticleAnalyzedPayload {
  articleId: string;
  analysis: unknown;
}

export type ArticleEvent =
  | { kind: 'article:new'; articleId: string; payload: Article }
  | { kind: 'article:update'; articleId: string; payload: ArticleUpdatePayload }
  | { kind: 'article:analyzed'; articleId: string; payload: ArticleAnalyzedPayload };

/** An event with its position in the log. */
export type LoggedArticleEvent = ArticleEvent & { seq: number; createdAt: string };

export type ArticleEventListener = (event: LoggedArticleEvent) => void;

/** Most events one catch-up call returns; the client pages with the last seq it received. */
export const MAX_CATCH_UP_EVENTS = 1000;

type Executor = Kysely<Database> | Transaction<Database>;

export class ArticleEventLog {
  private readonly listeners = new Set<ArticleEventListener>();

  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Writes the event with `executor` (pass the transaction that makes the change, so the event
   * exists exactly when the change does). Call announce() with the result after commit.
   */
  async record(executor: Executor, event: ArticleEvent): Promise<LoggedArticleEvent> {
    const row = await executor
      .insertInto('article_events')
      .values({
        kind: event.kind,
        article_id: event.articleId,
        payload: JSON.stringify(event.payload),
      })
      .returning(['seq', 'created_at'])
      .executeTakeFirstOrThrow();
    return { ...event, seq: row.seq, createdAt: row.created_at };
  }

  /** Tells listeners (the socket layer) about committed events, in seq order. */
  announce(events: readonly LoggedArticleEvent[]): void {
    const ordered = [...events].sort((a, b) => a.seq - b.seq);
    for (const event of ordered) {
      for (const listener of this.listeners) {
        try {
          listener(event);
        } catch {
          // A broken listener must not stop the others or the writer; listeners log their own.
        }
      }
    }
  }

  /** record() outside any transaction, then announce(). */
  async publish(event: ArticleEvent): Promise<LoggedArticleEvent> {
    const logged = await this.record(this.db, event);
    this.announce([logged]);
    return logged;
  }

  subscribe(listener: ArticleEventListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** Events with seq > `afterSeq`, oldest first, at most `limit` (<= MAX_CATCH_UP_EVENTS). */
  async since(afterSeq: number, limit = MAX_CATCH_UP_EVENTS): Promise<LoggedArticleEvent[]> {
    const rows = await this.db
      .selectFrom('article_events')
      .select(['seq', 'kind', 'article_id', 'payload', 'created_at'])
      .where('seq', '>', afterSeq)
      .orderBy('seq', 'asc')
      .limit(Math.max(1, Math.min(limit, MAX_CATCH_UP_EVENTS)))
      .execute();
    return rows.map(
      (row) =>
        ({
          seq: row.seq,
          kind: row.kind,
          articleId: row.article_id,
          payload: JSON.parse(row.payload) as unknown,
          createdAt: row.created_at,
        }) as LoggedArticleEvent,
    );
  }

  /** Highest seq in the log (0 when empty): a fresh client starts from here. */
  async latestSeq(): Promise<number> {
    const row = await this.db
      .selectFrom('article_events')
      .select((eb) => eb.fn.max<number | null>('seq').as('seq'))
      .executeTakeFirst();
    return row?.seq ?? 0;
  }
}
