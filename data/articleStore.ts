/**
 * The client's live article set (spec application.md sections 7 "Real-time socket" and 9): at
 * most 1000 articles, newest first, one per id. It takes the HTTP lists and the socket events
 * article:new, article:update {id, updates} and article:analyzed {articleId, analysis}.
 *
 * Each entry keeps the raw wire object next to its normalised form, because updates arrive in wire
 * field names (e.g. {sentiment: {...}}) and must be merged into the raw object before
 * normalising again. Snapshots are immutable arrays that change identity only when the content
 * changes, which is what React's useSyncExternalStore expects.
 */
import { type NormalizedArticle, normalizeArticle } from './articleNormalizer';

export const MAX_STORED_ARTICLES = 1000;

type Raw = Record<string, unknown>;

interface Entry {
  raw: Raw;
  article: NormalizedArticle;
  /** Arrival order, newest highest: breaks ties between articles with the same time. */
  seq: number;
}

export type ArticleListener = (articles: readonly NormalizedArticle[]) => void;

function isObj(v: unknown): v is Raw {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function newestFirst(a: Entry, b: Entry): number {
  const ta = a.article.timestamp ?? Number.NEGATIVE_INFINITY;
  const tb = b.article.timestamp ?? Number.NEGATIVE_INFINITY;
  if (ta !== tb) return tb > ta ? 1 : -1;
  return b.seq - a.seq;
}

export class ArticleStore {
  private readonly entries = new Map<string, Entry>();
  private readonly listeners = new Set<ArticleListener>();
  private snapshot: readonly NormalizedArticle[] = [];
  private seq = 0;

  constructor(private readonly maxArticles: number = MAX_STORED_ARTICLES) {}

  /** Newest first; the same array until the next change. */
  getSnapshot = (): readonly NormalizedArticle[] => this.snapshot;

  get size(): number {
    return this.snapshot.length;
  }

  get(id: string): NormalizedArticle | undefined {
    return this.entries.get(id)?.article;
  }

  /** The stored wire object, e.g. for the detail dialog's raw analysis sections. */
  getRaw(id: string): Readonly<Raw> | undefined {
    return this.entries.get(id)?.raw;
  }

  /** Returns an unsubscribe function (the shape useSyncExternalStore takes). */
  subscribe = (listener: ArticleListener): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  /** Replaces the whole set (a fresh HTTP list). */
  replaceAll(raws: readonly unknown[]): void {
    this.entries.clear();
    for (const raw of raws) this.put(raw);
    this.commit();
  }

  /** Adds or replaces articles by id (HTTP pages, article:new). Returns how many were valid. */
  upsertMany(raws: readonly unknown[]): number {
    let valid = 0;
    for (const raw of raws) if (this.put(raw)) valid += 1;
    if (valid > 0) this.commit();
    return valid;
  }

  /** article:new. False when the payload has no usable id. */
  upsert(raw: unknown): boolean {
    return this.upsertMany([raw]) === 1;
  }

  /**
   * article:update {id, updates}: shallow-merges `updates` into the stored wire object. The id
   * fields themselves cannot be changed by an update. False when the id is unknown.
   */
  applyUpdate(payload: unknown): boolean {
    if (!isObj(payload) || !isObj(payload['updates'])) return false;
    const entry = this.entryFor(payload['id']);
    if (entry === undefined) return false;
    const merged: Raw = { ...entry.raw };
    for (const [key, value] of Object.entries(payload['updates'])) {
      if (key !== '_id' && key !== 'id') merged[key] = value;
    }
    return this.replaceRaw(entry, merged);
  }

  /** article:analyzed {articleId, analysis}: stored as the article's hybridAnalysis. */
  applyAnalysis(payload: unknown): boolean {
    if (!isObj(payload) || !isObj(payload['analysis'])) return false;
    const entry = this.entryFor(payload['articleId']);
    if (entry === undefined) return false;
    return this.replaceRaw(entry, { ...entry.raw, hybridAnalysis: payload['analysis'] });
  }

  clear(): void {
    if (this.entries.size === 0) return;
    this.entries.clear();
    this.commit();
  }

  /** `raw` keeps the entry's id fields, so the normalised id (the map key) is unchanged. */
  private replaceRaw(entry: Entry, raw: Raw): boolean {
    const article = normalizeArticle(raw);
    if (article === null) return false;
    this.entries.set(article.id, { raw, article, seq: entry.seq });
    this.commit();
    return true;
  }

  private entryFor(id: unknown): Entry | undefined {
    if (typeof id === 'string') return this.entries.get(id.trim());
    return typeof id === 'number' ? this.entries.get(String(id)) : undefined;
  }

  private put(raw: unknown): boolean {
    const article = normalizeArticle(raw);
    if (article === null || !isObj(raw)) return false;
    const existing = this.entries.get(article.id);
    // A re-sent article keeps its arrival slot, so a refetch does not reshuffle equal times.
    this.entries.set(article.id, { raw, article, seq: existing?.seq ?? ++this.seq });
    return true;
  }

  /** Re-sorts, evicts the oldest beyond the cap, publishes a new snapshot. */
  private commit(): void {
    const sorted = [...this.entries.values()].sort(newestFirst);
    for (const dropped of sorted.splice(this.maxArticles)) this.entries.delete(dropped.article.id);
    this.snapshot = Object.freeze(sorted.map((e) => e.article));
    for (const listener of [...this.listeners]) listener(this.snapshot);
  }
}
