/**
 * server/main.ts as a real child process: boots on port 0, logs a parseable URL, seeds when asked,
 * and exits 0 promptly on SIGTERM; bad config exits 1 with a readable message.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArticleListResponse } from '../../data/article';
import { REPO_ROOT, makeTempDir, removeDir, writeFakeClient } from './helpers';

const LISTENING = /ATLAS listening on (http:\/\/127\.0\.0\.1:\d+)/;
const BOOT_TIMEOUT_MS = 15_000;

let dir: string;
const children: ChildProcess[] = [];

beforeAll(async () => {
  dir = await makeTempDir('main');
  await writeFakeClient(dir);
});

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await removeDir(dir);
});

function spawnServer(env: Record<string, string>): {
  child: ChildProcess;
  output: string[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
} {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env['PATH'] ?? '',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'warn',
      ATLAS_INGEST: 'off',
      ATLAS_STARTER: 'off',
      DATABASE_URL: `sqlite:${path.join(dir, 'main.db')}`,
      ATLAS_DIST_DIR: path.join(dir, 'dist'),
      ATLAS_PUBLIC_DIR: path.join(dir, 'public'),
      ...env,
    },
  });
  children.push(child);
  const output: string[] = [];
  createInterface({ input: child.stdout }).on('line', (l) => output.push(l));
  createInterface({ input: child.stderr }).on('line', (l) => output.push(l));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  return { child, output, exited };
}

async function waitForUrl(output: string[], exited: Promise<unknown>): Promise<string> {
  const deadline = Date.now() + BOOT_TIMEOUT_MS;
  const state = { gone: false };
  void exited.then(() => (state.gone = true));
  for (;;) {
    for (const line of output) {
      const match = LISTENING.exec(line);
      if (match?.[1] !== undefined) return match[1];
    }
    if (state.gone) throw new Error(`server exited before listening:\n${output.join('\n')}`);
    if (Date.now() > deadline)
      throw new Error(`no "ATLAS listening on" line:\n${output.join('\n')}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('server/main.ts', () => {
  it('boots, seeds an empty database, serves, and exits 0 on SIGTERM', async () => {
    const started = performance.now();
    const { child, output, exited } = spawnServer({ ATLAS_SEED_SYNTHETIC: '250' });
    const url = await waitForUrl(output, exited);
    console.log(
      `[main] child process listening after ${Math.round(performance.now() - started)} ms`,
    );

    const health = await fetch(`${url}/api/health`);
    expect(health.status).toBe(200);
    const list = (await (
      await fetch(`${url}/api/public/all-articles?limit=1`)
    ).json()) as ArticleListResponse;
    expect(list.pagination.total).toBe(250);
    const page = await fetch(`${url}/app`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);

    const signalled = performance.now();
    child.kill('SIGTERM');
    const result = await Promise.race([
      exited,
      new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 5000)),
    ]);
    expect(result, output.join('\n')).toEqual({ code: 0, signal: null });
    console.log(`[main] exited ${Math.round(performance.now() - signalled)} ms after SIGTERM`);
    await expect(fetch(`${url}/api/health`)).rejects.toThrow();
  });

  it('does not seed again when articles exist (restart on the same file)', async () => {
    const { child, output, exited } = spawnServer({ ATLAS_SEED_SYNTHETIC: '400' });
    const url = await waitForUrl(output, exited);
    const list = (await (
      await fetch(`${url}/api/public/all-articles?limit=1`)
    ).json()) as ArticleListResponse;
    expect(list.pagination.total).toBe(250);
    child.kill('SIGINT');
    expect(await exited).toEqual({ code: 0, signal: null });
  });

  it('exits 1 with a readable message on bad configuration', async () => {
    const { output, exited } = spawnServer({ PORT: 'eighty', LOG_LEVEL: 'loud' });
    expect((await exited).code).toBe(1);
    const text = output.join('\n');
    expect(text).toContain('Invalid configuration');
    expect(text).toContain('PORT must be an integer');
    expect(text).toContain('LOG_LEVEL must be one of');
    expect(text).not.toMatch(/\n\s+at /); // no stack trace for a config mistake
  });
});
