/**
 * The job queue (server/jobs/queue.ts) on SQLite and PostgreSQL (the local server; PGlite in
 * process when none answers): dedupe, due order and kinds, lease expiry and reclaim, stale owners
 * locked out, backoff and dead letter, and concurrent claimers never sharing a job (SQLite: two
 * processes on one file; PostgreSQL: two connection pools). Then the runner's loop and graceful
 * stop (server/jobs/runner.ts).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type AtlasDb } from '../../server/db/createDb';
import { JobQueue } from '../../server/jobs/queue';
import { JobRunner } from '../../server/jobs/runner';
import { REPO_ROOT, findTestPostgres, freshSchema, makeTempDir, removeDir } from './helpers';
import { closeSharedPglite, sharedPglite } from './pgliteDb';

const T0 = new Date('2025-06-01T12:00:00.000Z');

/** A clock tests move by hand, so leases and backoff need no sleeping. */
function manualClock(): { now: () => Date; advance: (ms: number) => void } {
  let t = T0.getTime();
  return { now: () => new Date(t), advance: (ms) => (t += ms) };
}

interface QueueDb {
  /** Opens another connection (pool) to the same database. */
  open: () => Promise<AtlasDb>;
  /** Concurrent claimers on this dialect: every id claimed, per claimer. */
  race: (kind: string, claimers: number) => Promise<number[][]>;
  cleanup: () => Promise<void>;
}

function describeJobQueue(label: string, setup: () => Promise<QueueDb>): void {
  describe(`job queue (${label})`, () => {
    let target: QueueDb;
    let atlasDb: AtlasDb;
    const extra: AtlasDb[] = [];
    let kindSeq = 0;
    /** Each test uses its own kind, so tests sharing one database never see each other's jobs. */
    const freshKind = (): string => `test-${kindSeq++}`;

    beforeAll(async () => {
      target = await setup();
      atlasDb = await target.open();
    }, 120_000);
    afterAll(async () => {
      for (const db of extra) await db.close();
      await atlasDb.close();
      await target.cleanup();
    });

    it('enqueue with the same dedupe key is a no-op', async () => {
      const kind = freshKind();
      const queue = new JobQueue(atlasDb.db, atlasDb.dialect);
      const first = await queue.enqueue({
        kind,
        payload: { feedId: 'f1' },
        dedupeKey: `${kind}:f1`,
      });
      const again = await queue.enqueue({ kind, payload: { other: 1 }, dedupeKey: `${kind}:f1` });
      expect(first.created).toBe(true);
      expect(again).toEqual({ id: first.id, created: false });
      const rows = await atlasDb.db
        .selectFrom('jobs')
        .selectAll()
        .where('kind', '=', kind)
        .execute();
      expect(rows).toHaveLength(1);
      expect(JSON.parse(rows[0]?.payload ?? 'null')).toEqual({ feedId: 'f1' });
      // Without a key every enqueue is a new job.
      await queue.enqueue({ kind });
      await queue.enqueue({ kind });
      expect((await queue.counts())['queued']).toBeGreaterThanOrEqual(3);
    });

    it('claims due jobs oldest first, only of the asked kinds, and skips future ones', async () => {
      const kind = freshKind();
      const other = freshKind();
      const clock = manualClock();
      const queue = new JobQueue(atlasDb.db, atlasDb.dialect, { now: clock.now });
      const later = await queue.enqueue({ kind, runAfter: new Date(T0.getTime() + 60_000) });
      const a = await queue.enqueue({ kind, payload: { n: 1 }, runAfter: T0 });
      clock.advance(1);
      const b = await queue.enqueue({ kind, payload: { n: 2 } });
      await queue.enqueue({ kind: other });

      const first = await queue.claim([kind]);
      expect(first).toMatchObject({ id: a.id, kind, payload: { n: 1 }, attempts: 1 });
      expect(first?.lockedUntil).toBe(
        new Date(clock.now().getTime() + queue.leaseMs).toISOString(),
      );
      expect((await queue.claim([kind]))?.id).toBe(b.id);
      expect(await queue.claim([kind])).toBeNull();
      expect(await queue.claim([])).toBeNull();
      clock.advance(60_000);
      expect((await queue.claim([kind]))?.id).toBe(later.id);
    });

    it('reclaims a job whose lease expired; the stale owner can no longer finish it', async () => {
      const kind = freshKind();
      const clock = manualClock();
      const queue = new JobQueue(atlasDb.db, atlasDb.dialect, { now: clock.now, leaseMs: 1000 });
      const { id } = await queue.enqueue({ kind });
      const stale = await queue.claim([kind]);
      expect(stale?.id).toBe(id);
      clock.advance(999);
      expect(await queue.claim([kind])).toBeNull(); // lease still valid
      clock.advance(2);
      const fresh = await queue.claim([kind]);
      expect(fresh).toMatchObject({ id, attempts: 2 });
      if (stale === null || fresh === null) throw new Error('unreachable');
      expect(await queue.complete(stale)).toBe(false);
      expect(await queue.fail(stale, new Error('late'))).toBeNull();
      expect(await queue.extend(stale)).toBe(false);
      expect(await queue.extend(fresh)).toBe(true);
      expect(await queue.complete(fresh)).toBe(true);
      const row = await atlasDb.db
        .selectFrom('jobs')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: 'done', attempts: 2, locked_until: null });
    });

    it('retries with backoff and dead-letters a job that fails maxAttempts times', async () => {
      const kind = freshKind();
      const clock = manualClock();
      const queue = new JobQueue(atlasDb.db, atlasDb.dialect, {
        now: clock.now,
        maxAttempts: 3,
        backoffMs: (attempts) => attempts * 1000,
      });
      const { id } = await queue.enqueue({ kind });
      const outcomes: (string | null)[] = [];
      for (let attempt = 1; attempt <= 3; attempt++) {
        const job = await queue.claim([kind]);
        expect(job).toMatchObject({ id, attempts: attempt });
        if (job === null) throw new Error('unreachable');
        outcomes.push(await queue.fail(job, new Error(`boom ${attempt}`)));
        if (attempt < 3) {
          // Not before the backoff has passed.
          clock.advance(attempt * 1000 - 1);
          expect(await queue.claim([kind])).toBeNull();
          clock.advance(1);
        }
      }
      expect(outcomes).toEqual(['queued', 'queued', 'dead']);
      clock.advance(24 * 3600_000);
      expect(await queue.claim([kind])).toBeNull();
      const row = await atlasDb.db
        .selectFrom('jobs')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: 'dead', attempts: 3, last_error: 'boom 3' });
    });

    it('dead-letters a job whose worker keeps dying (lease expired maxAttempts times)', async () => {
      const kind = freshKind();
      const clock = manualClock();
      const queue = new JobQueue(atlasDb.db, atlasDb.dialect, {
        now: clock.now,
        maxAttempts: 2,
        leaseMs: 1000,
      });
      const { id } = await queue.enqueue({ kind });
      expect((await queue.claim([kind]))?.attempts).toBe(1);
      clock.advance(1001);
      expect((await queue.claim([kind]))?.attempts).toBe(2);
      clock.advance(1001);
      expect(await queue.claim([kind])).toBeNull();
      const row = await atlasDb.db
        .selectFrom('jobs')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('dead');
      expect(row.last_error).toMatch(/lease expired/);
    });

    it('concurrent claimers never claim the same job', async () => {
      const kind = freshKind();
      const queue = new JobQueue(atlasDb.db, atlasDb.dialect);
      const ids: number[] = [];
      for (let i = 0; i < 300; i++) ids.push((await queue.enqueue({ kind, payload: { i } })).id);
      const started = performance.now();
      const perClaimer = await target.race(kind, 2);
      const all = perClaimer.flat();
      console.log(
        `[jobs ${label}] ${all.length} claims by ${perClaimer.length} claimers ` +
          `(${perClaimer.map((c) => c.length).join(' + ')}) in ${Math.round(performance.now() - started)} ms`,
      );
      expect(new Set(all).size).toBe(all.length);
      expect([...all].sort((x, y) => x - y)).toEqual(ids);
      const statuses = await atlasDb.db
        .selectFrom('jobs')
        .select('status')
        .distinct()
        .where('kind', '=', kind)
        .execute();
      expect(statuses).toEqual([{ status: 'done' }]);
    }, 120_000);
  });
}

// ------------------------------------------------------------------------------------ SQLite
describeJobQueue('sqlite', async () => {
  const dir = await makeTempDir('jobs');
  const file = path.join(dir, 'atlas.db');
  return {
    open: () => createDb({ database: { kind: 'sqlite', file } }),
    // Two processes, as two workers on one machine: in one process better-sqlite3's busy wait
    // would block the very event loop the lock holder needs to commit.
    race: async (kind, claimers) => {
      const children = Array.from({ length: claimers }, () => spawnClaimer(file, kind));
      await Promise.all(children.map((c) => c.ready));
      for (const child of children) child.go();
      return Promise.all(children.map((c) => c.result));
    },
    cleanup: () => removeDir(dir),
  };
});

function spawnClaimer(
  file: string,
  kind: string,
): { ready: Promise<void>; go: () => void; result: Promise<number[]> } {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(REPO_ROOT, 'tests/server/jobsClaimer.ts'), file, kind],
    { cwd: REPO_ROOT, stdio: ['pipe', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const lines: string[] = [];
  let onReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (onReady = resolve));
  createInterface({ input: child.stdout }).on('line', (line) => {
    lines.push(line);
    if (line === 'ready') onReady();
  });
  const result = new Promise<number[]>((resolve, reject) => {
    child.once('exit', (code) => {
      const last = lines.at(-1) ?? '';
      if (code === 0 && last.startsWith('[')) resolve(JSON.parse(last) as number[]);
      else reject(new Error(`claimer exited ${code}: ${stderr}`));
    });
  });
  // A claimer that dies before "ready" must fail the test, not hang it.
  void result.catch(() => onReady());
  return { ready, go: () => child.stdin.end('go\n'), result };
}

// ------------------------------------------------------------------------------- PostgreSQL
const pg = await findTestPostgres();

/** Claims and completes until the queue is empty, `lanes` loops at once on one connection pool. */
async function drain(atlasDb: AtlasDb, kind: string, lanes: number): Promise<number[]> {
  const queue = new JobQueue(atlasDb.db, atlasDb.dialect);
  const claimed: number[] = [];
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      for (;;) {
        const job = await queue.claim([kind]);
        if (job === null) return;
        claimed.push(job.id);
        if (!(await queue.complete(job))) throw new Error(`lost job ${job.id}`);
      }
    }),
  );
  return claimed;
}

if ('url' in pg) {
  describeJobQueue('postgres', () => {
    const fresh = freshSchema(pg.url, 'jobs');
    const open = (): Promise<AtlasDb> =>
      createDb({ database: { kind: 'postgres', url: pg.url, schema: fresh.schema } });
    return Promise.resolve({
      open,
      // Separate pools (as separate worker processes would have), several claims in flight each.
      race: async (kind, claimers) => {
        const pools = await Promise.all(Array.from({ length: claimers }, open));
        try {
          return await Promise.all(pools.map((pool) => drain(pool, kind, 4)));
        } finally {
          for (const pool of pools) await pool.close();
        }
      },
      cleanup: fresh.drop,
    });
  });
} else {
  // No server: the same queue code on PGlite, which has one session, so the "race" is serialised
  // by its driver and only shows the claims stay disjoint; the real race needs a server.
  describeJobQueue(`postgres via PGlite; ${pg.skip}`, async () => {
    const handle = await sharedPglite();
    return {
      open: () => handle.open({ schema: 'jobs' }),
      race: async (kind, claimers) => {
        const dbs = await Promise.all(
          Array.from({ length: claimers }, () => handle.open({ schema: 'jobs', migrate: false })),
        );
        try {
          return await Promise.all(dbs.map((db) => drain(db, kind, 4)));
        } finally {
          for (const db of dbs) await db.close();
        }
      },
      cleanup: closeSharedPglite,
    };
  });
}

// ------------------------------------------------------------------------------------ runner
describe('job runner', () => {
  let dir: string;
  let atlasDb: AtlasDb;
  beforeAll(async () => {
    dir = await makeTempDir('runner');
    atlasDb = await createDb({ database: { kind: 'sqlite', file: path.join(dir, 'atlas.db') } });
  });
  afterAll(async () => {
    await atlasDb.close();
    await removeDir(dir);
  });

  async function waitFor(check: () => Promise<boolean>): Promise<void> {
    const deadline = Date.now() + 10_000;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error('condition not reached within 10 s');
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  it('runs handlers by kind, retries failures, dead-letters poison jobs', async () => {
    const queue = new JobQueue(atlasDb.db, atlasDb.dialect, {
      maxAttempts: 3,
      backoffMs: () => 0,
    });
    const seen: unknown[] = [];
    let flaky = 0;
    const runner = new JobRunner(queue, {
      pollMs: 10,
      handlers: {
        ok: (job) => {
          seen.push(job.payload);
          return Promise.resolve();
        },
        flaky: () =>
          ++flaky < 2 ? Promise.reject(new Error('first try fails')) : Promise.resolve(),
        poison: () => Promise.reject(new Error('always fails')),
      },
    });
    await queue.enqueue({ kind: 'ok', payload: { n: 1 } });
    await queue.enqueue({ kind: 'flaky' });
    const poison = await queue.enqueue({ kind: 'poison' });
    await queue.enqueue({ kind: 'unhandled' });
    runner.start();
    try {
      await waitFor(async () => {
        const counts = await queue.counts();
        return counts['done'] === 2 && counts['dead'] === 1;
      });
    } finally {
      await runner.stop();
    }
    expect(seen).toEqual([{ n: 1 }]);
    expect(runner.stats).toEqual({ done: 2, retried: 3, dead: 1, lost: 0 });
    const dead = await atlasDb.db
      .selectFrom('jobs')
      .selectAll()
      .where('id', '=', poison.id)
      .executeTakeFirstOrThrow();
    expect(dead).toMatchObject({ status: 'dead', attempts: 3, last_error: 'always fails' });
    // A kind nobody handles stays queued for a worker that does.
    const unhandled = await atlasDb.db
      .selectFrom('jobs')
      .select('status')
      .where('kind', '=', 'unhandled')
      .executeTakeFirstOrThrow();
    expect(unhandled.status).toBe('queued');
  });

  it('stop() waits for the job in flight, then claims nothing more', async () => {
    const queue = new JobQueue(atlasDb.db, atlasDb.dialect);
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let startedJobs = 0;
    const runner = new JobRunner(queue, {
      pollMs: 10,
      handlers: {
        slow: async () => {
          startedJobs++;
          await gate;
        },
      },
    });
    await queue.enqueue({ kind: 'slow' });
    await queue.enqueue({ kind: 'slow' });
    runner.start();
    await waitFor(() => Promise.resolve(startedJobs === 1));
    const stopping = runner.stop();
    let stopped = false;
    void stopping.then(() => (stopped = true));
    await new Promise((r) => setTimeout(r, 50));
    expect(stopped).toBe(false); // still waiting for the handler
    release();
    await stopping;
    expect(startedJobs).toBe(1);
    const statuses = await atlasDb.db
      .selectFrom('jobs')
      .select('status')
      .where('kind', '=', 'slow')
      .orderBy('id')
      .execute();
    expect(statuses.map((s) => s.status)).toEqual(['done', 'queued']);
  });

  it('aborts a handler that outlives the stop deadline; its job is retried later', async () => {
    const queue = new JobQueue(atlasDb.db, atlasDb.dialect);
    const runner = new JobRunner(queue, {
      pollMs: 10,
      handlers: {
        stuck: (_job, signal) =>
          new Promise<void>((_resolve, reject) => {
            signal.addEventListener('abort', () => reject(signal.reason as Error));
          }),
      },
    });
    const { id } = await queue.enqueue({ kind: 'stuck' });
    runner.start();
    await waitFor(async () => (await queue.counts())['running'] === 1);
    await runner.stop(50);
    const row = await atlasDb.db
      .selectFrom('jobs')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'queued', attempts: 1, last_error: 'job runner stopping' });
  });
});
