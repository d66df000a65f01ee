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
/** Distinct keys kept; the oldest entry goes first (query values are client-chosen). */
const MAX_ENTRIES = 500;
/**
 * Milliseconds of uncached list work one client (user id or IP) may cause per second (issue #28
 * V2). SQLite queries run on the event loop, so a client sending distinct queries would otherwise
 * take the whole process: past its budget a client's misses are refused with ListBusyError (429,
 * retry-after 1 s) until the next second; cached answers are still served to it, and other
 * clients keep their own budgets.
 */
export const DEFAULT_LIST_BUDGET_MS_PER_SECOND = 500;
const BUDGET_WINDOW_MS = 1000;
/** Clients whose budget windows are remembered; past it the oldest windows are forgotten. */
const MAX_TRACKED_CLIENTS = 10_000;

/** A client has spent its list-work budget for this second: answer 429. */
export class ListBusyError extends Error {
  readonly statusCode = 429;
  readonly retryAfterSeconds = 1;
  constructor() {
    super('Too much list work from this client, retry in 1 s');
    this.name = 'ListBusyError';
  }
}

export class ResponseCache {
  private readonly entries = new Map<string, { expires: number; value: Promise<Buffer> }>();
  /** shared(): a few fixed keys chosen by the server, never by a client. */
  private readonly sharedValues = new Map<string, { expires: number; value: Promise<unknown> }>();
  /** List work charged to each client in its current one-second window. */
  private readonly spent = new Map<string, { windowStart: number; ms: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
    /** 0 or less: no per-client bound (benchmarks of one load generator). */
    private readonly budgetMsPerSecond = DEFAULT_LIST_BUDGET_MS_PER_SECOND,
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  /**
   * The cached body for `key`, or the one `produce` makes (shared by concurrent callers), counted
   * against `client`'s share of running computations. Bodies
   * are kept as UTF-8 bytes so a hit costs no re-encoding of a 100 KB string per response.
   */
  get(key: string, produce: () => Promise<Buffer>, client = ''): Promise<Buffer> {
    if (!this.enabled) return this.bounded(produce, client);
    const now = this.now();
    const hit = this.entries.get(key);
    if (hit !== undefined && hit.expires > now) return hit.value;
    if (hit !== undefined) this.entries.delete(key);
    const value = this.bounded(produce, client);
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

  /**
   * A value every list of one kind shares whatever its query (the all-articles total), kept as
   * long as a cached body and emptied with them: distinct query values must not each pay for it.
   */
  shared<T>(key: string, produce: () => Promise<T>): Promise<T> {
    if (!this.enabled) return produce();
    const now = this.now();
    const hit = this.sharedValues.get(key);
    if (hit !== undefined && hit.expires > now) return hit.value as Promise<T>;
    const value = produce();
    this.sharedValues.set(key, { expires: now + this.ttlMs, value });
    value.catch(() => {
      if (this.sharedValues.get(key)?.value === value) this.sharedValues.delete(key);
    });
    return value;
  }

  clear(): void {
    this.entries.clear();
    this.sharedValues.clear();
  }

  /** Runs `produce`, charging its time to `client`; refuses once the client's budget is spent. */
  private bounded(produce: () => Promise<Buffer>, client: string): Promise<Buffer> {
    if (this.budgetMsPerSecond <= 0) return produce();
    const started = this.now();
    let account = this.spent.get(client);
    if (account === undefined || started - account.windowStart >= BUDGET_WINDOW_MS) {
      account = { windowStart: started, ms: 0 };
      this.spent.delete(client);
      this.spent.set(client, account);
      if (this.spent.size > MAX_TRACKED_CLIENTS) {
        const oldest = this.spent.keys().next();
        if (oldest.done !== true) this.spent.delete(oldest.value);
      }
    }
    if (account.ms >= this.budgetMsPerSecond) return Promise.reject(new ListBusyError());
    const charged = account;
    return produce().finally(() => {
      charged.ms += Math.max(1, this.now() - started);
    });
  }
}
