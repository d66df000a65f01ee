/**
 * A durable job queue on the `jobs` table, the same on SQLite and PostgreSQL.
 *
 * - enqueue: insert; a `dedupeKey` that already exists makes it a no-op (the key is unique for
 *   the table's lifetime, so periodic jobs put their period in the key, e.g. `feed:f1:2025-06-01T12`).
 * - claim: takes the oldest due job of the given kinds, or one whose lease (`locked_until`) has
 *   expired because its worker died, sets status 'running', a new lease and attempts + 1. Two
 *   claimers never get the same job: on PostgreSQL the pick is `FOR UPDATE SKIP LOCKED` inside the
 *   UPDATE; on SQLite the read-then-write runs in `BEGIN IMMEDIATE`, which takes the write lock
 *   before reading (a deferred transaction would fail with SQLITE_BUSY at the write instead of
 *   waiting, see RELIABILITY.md).
 * - complete / fail / extend check that the caller still holds the lease: `attempts` is bumped by
 *   every claim, so (id, attempts) identifies one claim, and a worker whose lease expired and whose
 *   job was reclaimed cannot overwrite the new claimer's outcome.
 * - fail: back to 'queued' with exponential backoff, or 'dead' (dead letter, kept for inspection)
 *   after maxAttempts. A job whose lease expires maxAttempts times (a poison job that kills its
 *   worker) also ends 'dead' instead of killing workers forever.
 */
import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { Database, Dialect, JobRow } from '../db/schema';

export type JobStatus = 'queued' | 'running' | 'done' | 'failed' | 'dead';

export interface JobQueueOptions {
  /** How long a claim is valid before another worker may take the job (default 60 s). */
  leaseMs?: number;
  /** Attempts before a job is dead-lettered (default 5). */
  maxAttempts?: number;
  /** Delay before retry number `attempts` + 1 (default 5 s doubling, at most 10 min). */
  backoffMs?: (attempts: number) => number;
  /** Clock; tests move it instead of sleeping. */
  now?: () => Date;
}

export interface EnqueueInput {
  kind: string;
  /** Serialised with JSON.stringify. */
  payload?: unknown;
  dedupeKey?: string;
  /** Not before this time (default now). */
  runAfter?: Date;
}

/** A job as claimed: the row plus its parsed payload. */
export interface ClaimedJob {
  id: number;
  kind: string;
  payload: unknown;
  /** Including this claim (1 on the first run). */
  attempts: number;
  lockedUntil: string;
}

export const DEFAULT_LEASE_MS = 60_000;
export const DEFAULT_MAX_ATTEMPTS = 5;
const BACKOFF_BASE_MS = 5_000;
const BACKOFF_MAX_MS = 10 * 60_000;

export function defaultBackoffMs(attempts: number): number {
  return Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1), BACKOFF_MAX_MS);
}

export class JobQueue {
  readonly leaseMs: number;
  readonly maxAttempts: number;
  readonly #db: Kysely<Database>;
  readonly #dialect: Dialect;
  readonly #backoffMs: (attempts: number) => number;
  readonly #now: () => Date;

  constructor(db: Kysely<Database>, dialect: Dialect, options: JobQueueOptions = {}) {
    this.#db = db;
    this.#dialect = dialect;
    this.leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
    this.maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
    this.#backoffMs = options.backoffMs ?? defaultBackoffMs;
    this.#now = options.now ?? (() => new Date());
  }

  /** Adds a job; `created` is false when a job with the same dedupeKey already exists. */
  async enqueue(input: EnqueueInput): Promise<{ id: number; created: boolean }> {
    const now = this.#now().toISOString();
    const inserted = await this.#db
      .insertInto('jobs')
      .values({
        kind: input.kind,
        payload: JSON.stringify(input.payload ?? {}),
        dedupe_key: input.dedupeKey ?? null,
        run_after: (input.runAfter ?? this.#now()).toISOString(),
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('dedupe_key').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted !== undefined) return { id: inserted.id, created: true };
    const existing = await this.#db
      .selectFrom('jobs')
      .select('id')
      .where('dedupe_key', '=', input.dedupeKey ?? null)
      .executeTakeFirstOrThrow();
    return { id: existing.id, created: false };
  }

  /** Claims one due job of these kinds, or returns null when none is due. */
  async claim(kinds: readonly string[]): Promise<ClaimedJob | null> {
    if (kinds.length === 0) return null;
    const now = this.#now();
    const nowIso = now.toISOString();
    const lease = {
      status: 'running',
      attempts: sql<number>`attempts + 1`,
      locked_until: new Date(now.getTime() + this.leaseMs).toISOString(),
      updated_at: nowIso,
    };
    const claimable = (eb: ExpressionBuilder<Database, 'jobs'>) =>
      eb.and([
        eb('kind', 'in', kinds),
        eb.or([
          eb.and([eb('status', '=', 'queued'), eb('run_after', '<=', nowIso)]),
          eb.and([eb('status', '=', 'running'), eb('locked_until', '<', nowIso)]),
        ]),
      ]);

    if (this.#dialect === 'postgres') {
      await this.#buryExpired(this.#db, kinds, nowIso);
      const row = await this.#db
        .updateTable('jobs')
        .set(lease)
        .where('id', '=', (eb) =>
          eb
            .selectFrom('jobs')
            .select('id')
            .where(claimable)
            .orderBy('run_after')
            .orderBy('id')
            .limit(1)
            .forUpdate()
            .skipLocked(),
        )
        .returningAll()
        .executeTakeFirst();
      return row === undefined ? null : toClaimed(row);
    }

    // SQLite: one connection for the whole read-then-write, under the write lock from the start.
    return this.#db.connection().execute(async (conn) => {
      await sql`begin immediate`.execute(conn);
      try {
        await this.#buryExpired(conn, kinds, nowIso);
        const pick = await conn
          .selectFrom('jobs')
          .select('id')
          .where(claimable)
          .orderBy('run_after')
          .orderBy('id')
          .limit(1)
          .executeTakeFirst();
        const row =
          pick === undefined
            ? undefined
            : await conn
                .updateTable('jobs')
                .set(lease)
                .where('id', '=', pick.id)
                .returningAll()
                .executeTakeFirstOrThrow();
        await sql`commit`.execute(conn);
        return row === undefined ? null : toClaimed(row);
      } catch (error) {
        await sql`rollback`.execute(conn).catch(() => undefined);
        throw error;
      }
    });
  }

  /** Running jobs whose lease expired after their last allowed attempt go to the dead letter. */
  async #buryExpired(
    db: Kysely<Database>,
    kinds: readonly string[],
    nowIso: string,
  ): Promise<void> {
    await db
      .updateTable('jobs')
      .set({
        status: 'dead',
        locked_until: null,
        last_error: sql<string>`coalesce(last_error || '; ', '') || ${`lease expired on attempt ${this.maxAttempts}: the worker stopped or crashed while running it`}`,
        updated_at: nowIso,
      })
      .where('kind', 'in', kinds)
      .where('status', '=', 'running')
      .where('locked_until', '<', nowIso)
      .where('attempts', '>=', this.maxAttempts)
      .execute();
  }

  /** Marks a claimed job done; false when the lease was lost (another worker owns it now). */
  async complete(job: ClaimedJob): Promise<boolean> {
    const result = await this.#owned(job)
      .set({ status: 'done', locked_until: null, updated_at: this.#now().toISOString() })
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /**
   * Records a failed attempt: back to the queue after the backoff, or 'dead' after maxAttempts.
   * Returns the new status, or null when the lease was lost.
   */
  async fail(job: ClaimedJob, error: unknown): Promise<'queued' | 'dead' | null> {
    const now = this.#now();
    const dead = job.attempts >= this.maxAttempts;
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 2000);
    const result = await this.#owned(job)
      .set({
        status: dead ? 'dead' : 'queued',
        locked_until: null,
        last_error: message,
        run_after: dead
          ? now.toISOString()
          : new Date(now.getTime() + this.#backoffMs(job.attempts)).toISOString(),
        updated_at: now.toISOString(),
      })
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return null;
    return dead ? 'dead' : 'queued';
  }

  /** Extends the lease of a job that is still running; false when it was lost. */
  async extend(job: ClaimedJob): Promise<boolean> {
    const now = this.#now();
    const lockedUntil = new Date(now.getTime() + this.leaseMs).toISOString();
    const result = await this.#owned(job)
      .set({ locked_until: lockedUntil, updated_at: now.toISOString() })
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    job.lockedUntil = lockedUntil;
    return true;
  }

  /** Counts per status, for health and tests. */
  async counts(): Promise<Record<string, number>> {
    const rows = await this.#db
      .selectFrom('jobs')
      .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('status')
      .execute();
    return Object.fromEntries(rows.map((r) => [r.status, r.n]));
  }

  #owned(job: ClaimedJob) {
    return this.#db
      .updateTable('jobs')
      .where('id', '=', job.id)
      .where('attempts', '=', job.attempts)
      .where('status', '=', 'running');
  }
}

function toClaimed(row: JobRow): ClaimedJob {
  let payload: unknown;
  try {
    payload = JSON.parse(row.payload);
  } catch {
    payload = row.payload;
  }
  return {
    id: row.id,
    kind: row.kind,
    payload,
    attempts: row.attempts,
    lockedUntil: row.locked_until ?? '',
  };
}
