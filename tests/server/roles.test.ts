/**
 * ATLAS_ROLE through the real startServer on 127.0.0.1:0: 'worker' runs jobs and serves only
 * /api/health; 'api' serves the API and runs no jobs; 'all' does both; close() stops the runner
 * before the database. Also: an api and a worker process (child processes of server/main.ts) on
 * one SQLite file split the work as in a scaled-out deployment.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type ServerRole } from '../../server/config';
import { createDb } from '../../server/db/createDb';
import { JobQueue } from '../../server/jobs/queue';
import type { JobHandler } from '../../server/jobs/runner';
import { startServer, type RunningServer } from '../../server/main';
import { REPO_ROOT, makeTempDir, removeDir, writeFakeClient } from './helpers';

let dir: string;
let client: { distDir: string; publicDir: string };
const children: ChildProcess[] = [];

beforeAll(async () => {
  dir = await makeTempDir('roles');
  client = await writeFakeClient(dir);
});
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await removeDir(dir);
});

const JWT_SECRET = 'atlas-test-secret-0123456789abcdef0123456789';

function env(role: ServerRole, dbFile: string): Record<string, string> {
  return {
    DATABASE_URL: `sqlite:${dbFile}`,
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'silent',
    ATLAS_SEED_SYNTHETIC: '20',
    ATLAS_INGEST: 'off',
    ATLAS_STARTER: 'off',
    ATLAS_ROLE: role,
    ATLAS_JWT_SECRET: JWT_SECRET,
    ATLAS_DIST_DIR: client.distDir,
    ATLAS_PUBLIC_DIR: client.publicDir,
  };
}

async function start(
  role: ServerRole,
  handlers: Record<string, JobHandler> = {},
): Promise<RunningServer> {
  const config = loadConfig(env(role, path.join(dir, `${role}.db`)), dir);
  return startServer(config, { jobs: { handlers, pollMs: 20 } });
}

async function waitFor(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function jobStatus(server: RunningServer, id: number): Promise<string> {
  const row = await server.atlasDb.db
    .selectFrom('jobs')
    .select('status')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.status;
}

describe('ATLAS_ROLE', () => {
  it("'worker' runs jobs and serves only /api/health", async () => {
    const handled: unknown[] = [];
    const server = await start('worker', {
      echo: (job) => {
        handled.push(job.payload);
        return Promise.resolve();
      },
    });
    try {
      expect(server.jobs?.running).toBe(true);
      const health = await fetch(`${server.url}/api/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ status: 'ok', database: { ok: true } });
      for (const p of ['/api/public/all-articles', '/', '/api/auth/login']) {
        const response = await fetch(`${server.url}${p}`);
        expect(response.status, p).toBe(404);
        expect(await response.json()).toMatchObject({ statusCode: 404 });
      }
      const queue = new JobQueue(server.atlasDb.db, server.atlasDb.dialect);
      const { id } = await queue.enqueue({ kind: 'echo', payload: { hello: 'worker' } });
      await waitFor(async () => (await jobStatus(server, id)) === 'done', 'the job to run');
      expect(handled).toEqual([{ hello: 'worker' }]);
    } finally {
      await server.close();
    }
    expect(server.jobs?.running).toBe(false);
  });

  it("'api' serves the API and runs no jobs", async () => {
    const server = await start('api', {
      echo: () => Promise.reject(new Error('an api node must not run jobs')),
    });
    try {
      expect(server.jobs).toBeNull();
      const list = await fetch(`${server.url}/api/public/all-articles?limit=5`);
      expect(list.status).toBe(200);
      expect(((await list.json()) as { pagination: { total: number } }).pagination.total).toBe(20);
      const queue = new JobQueue(server.atlasDb.db, server.atlasDb.dialect);
      const { id } = await queue.enqueue({ kind: 'echo' });
      expect(await jobStatus(server, id)).toBe('queued');
    } finally {
      await server.close();
    }
  });

  it("'all' serves the API and runs jobs; close() lets the job in flight finish", async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let started = false;
    const server = await start('all', {
      slow: async () => {
        started = true;
        await gate;
      },
    });
    let closed = false;
    try {
      expect((await fetch(`${server.url}/api/public/all-articles?limit=5`)).status).toBe(200);
      const queue = new JobQueue(server.atlasDb.db, server.atlasDb.dialect);
      const { id } = await queue.enqueue({ kind: 'slow' });
      await waitFor(() => Promise.resolve(started), 'the job to start');
      const closing = server.close().then(() => (closed = true));
      await new Promise((r) => setTimeout(r, 50));
      expect(closed).toBe(false);
      release();
      await closing;
      // The runner finished the job before the database closed: reopen and look.
      const reopened = await createDb({
        database: { kind: 'sqlite', file: path.join(dir, 'all.db') },
      });
      try {
        const row = await reopened.db
          .selectFrom('jobs')
          .select('status')
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        expect(row.status).toBe('done');
      } finally {
        await reopened.close();
      }
    } finally {
      release();
      await server.close();
    }
  });

  it('an api process and a worker process share one database', async () => {
    const file = path.join(dir, 'split.db');
    const api = await spawnMain({ ...env('api', file), LOG_LEVEL: 'warn' });
    // The worker has no handlers yet (ingestion plugs in later), so it claims nothing; what is
    // checked here is that both boot on one file, each with its own surface.
    const worker = await spawnMain({ ...env('worker', file), LOG_LEVEL: 'warn' });
    const apiList = await fetch(`${api.url}/api/public/all-articles?limit=5`);
    expect(apiList.status).toBe(200);
    expect((await fetch(`${worker.url}/api/health`)).status).toBe(200);
    expect((await fetch(`${worker.url}/api/public/all-articles`)).status).toBe(404);
    for (const p of [api, worker]) {
      p.child.kill('SIGTERM');
      expect(await p.exited).toEqual({ code: 0, signal: null });
    }
  }, 60_000);
});

async function spawnMain(envVars: Record<string, string>): Promise<{
  child: ChildProcess;
  url: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { PATH: process.env['PATH'] ?? '', ...envVars },
  });
  children.push(child);
  const output: string[] = [];
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no listening line:\n${output.join('\n')}`)),
      30_000,
    );
    createInterface({ input: child.stderr }).on('line', (line) => output.push(line));
    createInterface({ input: child.stdout }).on('line', (line) => {
      output.push(line);
      const match = /ATLAS listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(line);
      if (match?.[1] !== undefined) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`exited before listening:\n${output.join('\n')}`));
    });
  });
  return { child, url, exited };
}
