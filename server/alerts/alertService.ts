/**
 * Server-side alerts (issue #24 item 5; docs/api.md "Alerts"). Wiring:
 *
 *   article event delivered by the socket layer (own writes, Redis peers or the log tail)
 *     -> 'article:new' only -> normalizeArticle -> AlertIndex.match (distinct topics/regions)
 *     -> AlertStore.insert (ON CONFLICT DO NOTHING: one row per user and article, whichever
 *        process inserts first) -> for each row this process created: a `notification` with the
 *        alert to that user's room (every tab, every process; no one else's sockets).
 *
 * The index is loaded once from users.preferences at start and then follows every preferences
 * write (UserRepository.onPreferencesChanged) here, and in other processes through the socket
 * layer's inter-server channel (Redis), which re-reads that one user.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { alertMessage, type AlertItem } from '../../data/alerts';
import { normalizeArticle } from '../../data/articleNormalizer';
import { mergePreferences } from '../../data/preferences';
import type { UserRepository } from '../auth/users';
import type { Database } from '../db/schema';
import type { Gazetteer } from '../geocode/gazetteer';
import type { LoggedArticleEvent } from '../realtime/articleEventLog';
import type { RealtimeHub } from '../realtime/socketServer';
import { AlertIndex } from './alertIndex';
import { AlertStore } from './alertStore';

/** Users read per query when the index is loaded. */
const LOAD_PAGE = 500;

export interface AlertServiceDeps {
  db: Kysely<Database>;
  hub: Pick<
    RealtimeHub,
    'onDelivered' | 'notifyUser' | 'announcePreferences' | 'onRemotePreferences'
  >;
  users: Pick<UserRepository, 'onPreferencesChanged' | 'getPreferences'>;
  /** The gazetteer for region names (lazy: loaded when the first named region is indexed). */
  gazetteer: () => Gazetteer | null;
  log: Pick<FastifyBaseLogger, 'error' | 'warn' | 'info'>;
  now?: () => number;
}

export class AlertService {
  readonly index: AlertIndex;
  readonly store: AlertStore;
  private chain: Promise<void> = Promise.resolve();
  private readonly stops: (() => void)[] = [];
  /** Alerts this process stored (for tests and /metrics-style logging). */
  raised = 0;

  constructor(private readonly deps: AlertServiceDeps) {
    this.index = new AlertIndex(deps.gazetteer);
    this.store = new AlertStore(deps.db, deps.now);
  }

  /** Loads the index and starts listening; call once, before articles are delivered. */
  async start(): Promise<void> {
    // Events delivered while the index loads wait behind it in the chain.
    const loaded = this.load();
    this.chain = loaded.catch((error: unknown) => {
      this.deps.log.error({ err: error }, 'alert index failed to load');
    });
    this.stops.push(
      this.deps.users.onPreferencesChanged((userId, prefs) => {
        this.index.setUser(userId, prefs.savedTopics, prefs.savedRegions);
        this.deps.hub.announcePreferences(userId);
      }),
      this.deps.hub.onRemotePreferences((userId) => {
        void this.reloadUser(userId);
      }),
      this.deps.hub.onDelivered((event) => {
        if (event.kind !== 'article:new') return;
        // One event at a time, in delivery order; a failure is logged and the next goes on.
        this.chain = this.chain
          .then(() => this.handle(event))
          .catch((error: unknown) => {
            this.deps.log.error(
              { err: error, articleId: event.articleId },
              'alert matching failed',
            );
          });
      }),
    );
    await loaded;
  }

  stop(): void {
    for (const stop of this.stops.splice(0)) stop();
  }

  /** Resolves when every event delivered so far has been matched and stored (tests). */
  idle(): Promise<void> {
    return this.chain;
  }

  private async load(): Promise<void> {
    let after = '';
    for (;;) {
      const rows = await this.deps.db
        .selectFrom('users')
        .select(['id', 'preferences'])
        .where('id', '>', after)
        .where('disabled_at', 'is', null)
        .orderBy('id')
        .limit(LOAD_PAGE)
        .execute();
      for (const row of rows) {
        const prefs = mergePreferences(parse(row.preferences), undefined);
        this.index.setUser(row.id, prefs.savedTopics, prefs.savedRegions);
      }
      const last = rows[rows.length - 1];
      if (last === undefined || rows.length < LOAD_PAGE) break;
      after = last.id;
    }
    const { topics, regions } = this.index.distinct;
    this.deps.log.info(
      { users: this.index.size, topics, regions },
      'alert index loaded (saved topics and regions)',
    );
  }

  private async reloadUser(userId: string): Promise<void> {
    try {
      const prefs = await this.deps.users.getPreferences(userId);
      if (prefs === null) this.index.removeUser(userId);
      else this.index.setUser(userId, prefs.savedTopics, prefs.savedRegions);
    } catch (error) {
      this.deps.log.warn({ err: error, userId }, 'alert index: reloading a user failed');
    }
  }

  private async handle(event: Extract<LoggedArticleEvent, { kind: 'article:new' }>): Promise<void> {
    if (this.index.size === 0) return;
    const article = normalizeArticle(event.payload);
    if (article === null) return;
    const matches = this.index.match(article);
    if (matches.length === 0) return;
    const created = await this.store.insert(
      matches.map((m) => ({
        userId: m.userId,
        articleId: event.articleId,
        reason: m.match.kind,
        term: m.match.term,
      })),
    );
    this.raised += created.length;
    for (const { id, alert, createdAt } of created) {
      const item: AlertItem = {
        id,
        articleId: alert.articleId,
        title: article.title,
        reason: alert.reason,
        term: alert.term,
        lat: article.location.lat,
        lon: article.location.lon,
        createdAt,
        readAt: null,
      };
      this.deps.hub.notifyUser(alert.userId, {
        type: 'info',
        message: alertMessage(item),
        alert: item,
      });
    }
  }
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
