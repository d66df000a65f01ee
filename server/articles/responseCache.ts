/**
 * A micro-cache of serialised GET responses for the public article lists. Under load many
 * clients ask for the same list (the globe polls the same URL); a 200-article page costs ~4 ms
 * of SQLite row reads here, so without sharing, the list rate is a few percent of a trivial
 * endpoint's (R1). Entries live `ttlMs` (1 s by default) and concurrent misses of one key share
 * one computation. Every article event of this process (new, update, analyzed) empties the
 * cache, so a client never sees a list older than a change it could know about; changes made by
 * another process (an ingest worker) show after at most `ttlMs`.
 */
export const DEFAULT_LIST_CACHE_MS = 1000;
/** Distinct URLs kept; the oldest entry goes first (query strings are client-chosen). */
const MAX_ENTRIES = 500;

export class ResponseCache {
  private readonly entries = new Map<string, { expires: number; value: Promise<Buffer> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  /**
   * The cached body for `key`, or the one `produce` makes (shared by concurrent callers). Bodies
   * are kept as UTF-8 bytes so a hit costs no re-encoding of a 100 KB string per response.
   */
  get(key: string, produce: () => Promise<Buffer>): Promise<Buffer> {
    if (!this.enabled) return produce();
    const now = this.now();
    const hit = this.entries.get(key);
    if (hit !== undefined && hit.expires > now) return hit.value;
    if (hit !== undefined) this.entries.delete(key);
    const value = produce();
    this.entries.set(key, { expires: now + this.ttlMs, value });
    // A failed computation must not be served to later callers.
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    if (this.entries.size > MAX_ENTRIES) {
      const oldest = this.entries.keys().next();
      if (oldest.done !== true) this.entries.delete(oldest.value);
    }
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}
