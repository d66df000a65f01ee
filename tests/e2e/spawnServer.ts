/**
 * A second ATLAS server for browser tests that need their own configuration (ingestion on, the
 * first-run starter set): `server/main.ts` in a child process on 127.0.0.1:0 with a fresh SQLite
 * file under var/, resolved once it prints its listening line.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';

export const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..');

export interface SpawnedServer {
  url: string;
  stop(): Promise<void>;
}

export async function spawnServer(
  dbName: string,
  env: Record<string, string>,
): Promise<SpawnedServer> {
  const dbFile = path.join(REPO_ROOT, 'var', dbName);
  mkdirSync(path.dirname(dbFile), { recursive: true });
  for (const suffix of ['', '-wal', '-shm']) rmSync(dbFile + suffix, { force: true });
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env['PATH'] ?? '',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'warn',
      DATABASE_URL: `sqlite:${dbFile}`,
      ...env,
    },
  });
  const output: string[] = [];
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no listening line:\n${output.join('\n')}`)),
      90_000,
    );
    const onLine = (line: string): void => {
      output.push(line);
      const match = /ATLAS listening on (http:\/\/\S+)/.exec(line);
      if (match?.[1] !== undefined) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    if (child.stdout === null || child.stderr === null) throw new Error('no pipes');
    createInterface({ input: child.stdout }).on('line', onLine);
    createInterface({ input: child.stderr }).on('line', onLine);
  });
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}
