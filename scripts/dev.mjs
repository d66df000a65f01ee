// `npm run dev`: the API server (tsx watch, restarts on server/ and data/ changes) on
// ATLAS_API_PORT (default 3001), with readable logs (pino-pretty, dev only), and Vite's dev server
// on ATLAS_DEV_PORT (default 5173), which serves the client with hot reload and proxies /api,
// /socket.io, /geojson, /data/geoJSON and /metrics to the API (vite.config.ts). Stopping either
// (or Ctrl+C) stops both.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const API_PORT = process.env.ATLAS_API_PORT ?? '3001';
const DEV_PORT = process.env.ATLAS_DEV_PORT ?? '5173';
/** How long children get to exit after SIGTERM before they are killed. */
const KILL_AFTER_MS = 5000;

const require = createRequire(path.join(ROOT, 'package.json'));

/** Absolute path of a package's CLI script, run with this node (no shell, works on Windows). */
function binOf(pkg, name) {
  const pkgJsonPath = require.resolve(`${pkg}/package.json`);
  const { bin } = require(pkgJsonPath);
  const rel = typeof bin === 'string' ? bin : bin[name];
  return path.join(path.dirname(pkgJsonPath), rel);
}

const env = { ...process.env, ATLAS_API_PORT: API_PORT };
const children = [
  {
    name: 'api',
    child: spawn(process.execPath, [binOf('tsx', 'tsx'), 'watch', 'server/main.ts'], {
      cwd: ROOT,
      stdio: 'inherit',
      env: {
        ...env,
        PORT: API_PORT,
        HOST: process.env.HOST ?? '127.0.0.1',
        ATLAS_LOG_PRETTY: process.env.ATLAS_LOG_PRETTY ?? '1',
      },
    }),
  },
  {
    name: 'vite',
    child: spawn(process.execPath, [binOf('vite', 'vite'), '--port', DEV_PORT, '--strictPort'], {
      cwd: ROOT,
      stdio: 'inherit',
      env,
    }),
  },
];

let stopping = false;
let exitCode = 0;

const alive = () =>
  children.filter(({ child }) => child.exitCode === null && child.signalCode === null);

/**
 * Stops every child. After Ctrl+C the terminal has already sent SIGINT to the children (same
 * process group); signalling them again makes tsx watch force-kill the server mid-shutdown, so
 * they get a moment to exit on their own first.
 */
function stopAll(code, { alreadySignalled = false } = {}) {
  if (stopping) return;
  stopping = true;
  exitCode = code;
  const terminate = () => {
    for (const { child } of alive()) child.kill('SIGTERM');
  };
  if (alreadySignalled) setTimeout(terminate, 2000).unref();
  else terminate();
  setTimeout(() => {
    for (const { child } of alive()) child.kill('SIGKILL');
    process.exit(exitCode || 1);
  }, KILL_AFTER_MS).unref();
}

for (const { name, child } of children) {
  child.on('error', (error) => {
    console.error(`[dev] cannot start ${name}: ${error.message}`);
    stopAll(1);
  });
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`[dev] ${name} exited (${signal ?? `code ${code}`}); stopping the others`);
      stopAll(code ?? 1);
    }
    if (alive().length === 0) process.exit(exitCode);
  });
}

process.on('SIGINT', () => stopAll(0, { alreadySignalled: true }));
process.on('SIGTERM', () => stopAll(0));
process.on('SIGHUP', () => stopAll(0));

console.log(
  `[dev] API on http://127.0.0.1:${API_PORT} (tsx watch), client on http://localhost:${DEV_PORT}/ (Vite)`,
);
