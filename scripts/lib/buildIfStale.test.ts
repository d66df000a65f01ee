import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkStale } from './buildIfStale';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function repo(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'atlas-stale-'));
  dirs.push(root);
  return root;
}

function write(root: string, rel: string, secondsAgo: number): void {
  const file = path.join(root, rel);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, rel);
  const t = Date.now() / 1000 - secondsAgo;
  utimesSync(file, t, t);
}

describe('checkStale', () => {
  it('is stale when dist/index.html is missing', async () => {
    const root = repo();
    write(root, 'index.html', 100);
    expect(await checkStale(root)).toEqual({ stale: true, reason: 'dist/index.html is missing' });
  });

  it('is fresh when every source is older than the build', async () => {
    const root = repo();
    write(root, 'index.html', 100);
    write(root, 'engine/deep/nested/file.ts', 100);
    write(root, 'dist/index.html', 10);
    expect((await checkStale(root)).stale).toBe(false);
  });

  it.each([
    'index.html',
    'vite.config.ts',
    'engine/a/b.ts',
    'systems/s.ts',
    'ui/App.tsx',
    'data/x.ts',
    'public/geo/land.bin',
  ])('is stale when %s is newer than the build', async (rel) => {
    const root = repo();
    write(root, 'dist/index.html', 10);
    write(root, rel, 1);
    const result = await checkStale(root);
    expect(result.stale).toBe(true);
    expect(result.reason).toBe(`${rel} is newer than dist/index.html`);
  });

  it('ignores files outside the build sources', async () => {
    const root = repo();
    write(root, 'dist/index.html', 10);
    write(root, 'server/main.ts', 1);
    write(root, 'tests/e2e/x.spec.ts', 1);
    expect((await checkStale(root)).stale).toBe(false);
  });
});
