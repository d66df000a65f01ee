/**
 * Rebuild dist/ with `vite build` only when it is missing or older than its sources.
 * Shared by the Playwright global setup, the bench runner and `npm start`.
 *
 * Staleness rule: dist/index.html is missing, or any file in index.html, vite.config.ts,
 * engine/, systems/, ui/, data/ or public/ has a newer mtime than dist/index.html.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

/** Sources whose change makes dist/ stale (files or folders, relative to the repo root). */
export const BUILD_SOURCES: readonly string[] = [
  'index.html',
  'vite.config.ts',
  'engine',
  'systems',
  'ui',
  'data',
  'public',
];

export interface Staleness {
  stale: boolean;
  reason: string;
}

interface Newest {
  file: string;
  mtimeMs: number;
}

/** Newest regular file under `p` (recursive; symlinks are not followed). */
async function newestFile(p: string): Promise<Newest | null> {
  let st;
  try {
    st = await stat(p);
  } catch {
    return null; // a source folder that does not exist yet
  }
  if (st.isFile()) return { file: p, mtimeMs: st.mtimeMs };
  if (!st.isDirectory()) return null;
  let best: Newest | null = null;
  const entries = await readdir(p, { withFileTypes: true });
  for (const entry of entries) {
    if (entry.isSymbolicLink()) continue;
    if (!entry.isFile() && !entry.isDirectory()) continue;
    const found = await newestFile(path.join(p, entry.name));
    if (found !== null && (best === null || found.mtimeMs > best.mtimeMs)) best = found;
  }
  return best;
}

/** Decide whether dist/ needs a rebuild, without building. */
export async function checkStale(root: string): Promise<Staleness> {
  const indexHtml = path.join(root, 'dist', 'index.html');
  let built: number;
  try {
    built = (await stat(indexHtml)).mtimeMs;
  } catch {
    return { stale: true, reason: 'dist/index.html is missing' };
  }
  let newest: Newest | null = null;
  for (const source of BUILD_SOURCES) {
    const found = await newestFile(path.join(root, source));
    if (found !== null && (newest === null || found.mtimeMs > newest.mtimeMs)) newest = found;
  }
  if (newest !== null && newest.mtimeMs > built) {
    const rel = path.relative(root, newest.file);
    return { stale: true, reason: `${rel} is newer than dist/index.html` };
  }
  return { stale: false, reason: 'dist/ is up to date' };
}

function viteBin(root: string): string {
  const require = createRequire(path.join(root, 'package.json'));
  const pkgJson = require.resolve('vite/package.json');
  const bin = path.join(path.dirname(pkgJson), 'bin', 'vite.js');
  if (!existsSync(bin)) throw new Error(`vite is not installed (looked for ${bin}): run npm ci`);
  return bin;
}

/** Run `vite build` in `root`, streaming its output; rejects when it fails. */
export function viteBuild(root: string): Promise<void> {
  const bin = viteBin(root);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, 'build'], { cwd: root, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`vite build failed (${signal ?? `exit code ${code ?? '?'}`})`));
    });
  });
}

/**
 * Build dist/ when it is stale (see the rule above). Resolves with whether it rebuilt and why;
 * rejects when the build fails.
 */
export async function buildIfStale(root: string): Promise<{ rebuilt: boolean; reason: string }> {
  const { stale, reason } = await checkStale(root);
  if (!stale) return { rebuilt: false, reason };
  console.log(`[build] ${reason}: running vite build`);
  await viteBuild(root);
  return { rebuilt: true, reason };
}
