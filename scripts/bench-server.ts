/**
 * R1 read-load benchmark (RELIABILITY.md): a server on a temp SQLite database seeded with 50,000
 * articles, driven from a SEPARATE node process (so the load generator does not share the
 * server's event loop) by 100 concurrent keep-alive connections for a fixed time per endpoint.
 * Reports req/s, p50/p99 latency and errors per endpoint and each list endpoint's rate as a share
 * of the trivial endpoint's rate in the same run.
 *
 * Pass criteria (exit 1 otherwise): 0 errors; every list endpoint >= 25% of the trivial rate;
 * p99 < 300 ms on every endpoint. Printed as 'R1 cached: PASS|FAIL', or with --uncached as
 * 'R1 uncached: PASS|FAIL'.
 *
 *   npm run bench:server -- [--seconds 10] [--articles 50000] [--connections 100] [--cache-ms 1000]
 *                           [--uncached] [--attack] [--db seeded.db]
 *
 * --cache-ms 0 turns the list response cache off, to see what the queries themselves cost.
 * --uncached: every list request carries distinct valid query values (limit and hours or skip
 * around the defaults: 10,000 combinations, each asked about once in a 10 s run), so the cache
 * stays on but each answer is computed: what many clients with their own filters cause (R1
 * uncached). --db starts from a copy of an already seeded SQLite file (seeding 50,000 articles
 * takes minutes on a loaded machine); its articles were made relative to when it was seeded.
 *
 * --attack (issue #28 V2): the server with its production protections on (rate limits, the
 * per-client list budget); one guest on 127.0.0.2 floods `/%61pi/articles/geocoded?x=<n>` (an
 * encoded prefix and a made-up parameter: both used to bypass the limit and the cache) from
 * --connections connections for 15 s while a probe on 127.0.0.1 asks, one at a time, for
 * `/api/health` and a cached list. Prints how many answers the probe got and its worst latency,
 * and what the attacker got back.
 */
import { spawn } from 'node:child_process';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import { createDb } from '../server/db/createDb';
import { seedSyntheticArticles } from '../server/db/seed';

interface Options {
  seconds: number;
  articles: number;
  connections: number;
  /** List response cache lifetime (server/articles/responseCache.ts); 0 measures raw queries. */
  cacheMs: number;
  uncached: boolean;
  attack: boolean;
  db: string | null;
}

function parseArgs(argv: readonly string[]): Options {
  const options: Options = {
    seconds: 10,
    articles: 50_000,
    connections: 100,
    cacheMs: 1000,
    uncached: false,
    attack: false,
    db: null,
  };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    if (flag === '--uncached') {
      options.uncached = true;
      continue;
    }
    if (flag === '--attack') {
      options.attack = true;
      continue;
    }
    if (flag === '--db') {
      const file = argv[i + 1];
      if (file === undefined) throw new Error('--db needs a file');
      options.db = file;
      i++;
      continue;
    }
    const value = Number(argv[i + 1]);
    const set = (key: 'seconds' | 'articles' | 'connections' | 'cacheMs'): void => {
      if (!Number.isFinite(value) || value < 0) throw new Error(`${flag} needs a number >= 0`);
      options[key] = value;
      i++;
    };
    if (flag === '--seconds') set('seconds');
    else if (flag === '--articles') set('articles');
    else if (flag === '--connections') set('connections');
    else if (flag === '--cache-ms') set('cacheMs');
    else throw new Error(`unknown argument ${flag}`);
  }
  return options;
}

const TRIVIAL = '/api/health';
const LISTS = [
  '/api/public/all-articles?limit=200',
  '/api/articles/geocoded',
  '/api/news-markers/recent?format=markers',
];
/**
 * --uncached: the same lists with distinct valid values per request. {a} is 151..250 (mean 200,
 * the cached run's limit), {h} is 51..150 (mean 100, geocoded's default limit), {b} is 0..99
 * (a small skip, or 12..111 hours: the limit, not the window, bounds the rows read).
 */
const UNCACHED_LISTS = [
  '/api/public/all-articles?limit={a}&skip={b}',
  '/api/articles/geocoded?limit={h}&hours={b12}',
  '/api/news-markers/recent?format=markers&limit={a}&hours={b12}',
];

/** The load generator, run in a child node process (plain JS: no TypeScript loader needed). */
const CLIENT = String.raw`
const http = require('node:http');
const [base, path, seconds, warmup, connections] = JSON.parse(process.argv[1]);
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
let n = 0;
function url() {
  const i = n++;
  const a = 151 + (i % 100), b = Math.floor(i / 100) % 100;
  return base + path.replace('{a}', a).replace('{h}', a - 100).replace('{b12}', b + 12).replace('{b}', b);
}
function once() {
  return new Promise((resolve) => {
    const started = process.hrtime.bigint();
    const req = http.get(url(), { agent }, (res) => {
      res.on('data', () => {});
      res.on('end', () => resolve({ ok: res.statusCode === 200, ms: Number(process.hrtime.bigint() - started) / 1e6, status: res.statusCode }));
    });
    req.on('error', (e) => resolve({ ok: false, ms: 0, status: e.code || 'error' }));
  });
}
async function phase(ms, record) {
  const until = Date.now() + ms;
  const lat = []; let errors = 0; const statuses = {};
  async function loop() {
    while (Date.now() < until) {
      const r = await once();
      if (!record) continue;
      if (r.ok) lat.push(r.ms); else { errors++; statuses[r.status] = (statuses[r.status] || 0) + 1; }
    }
  }
  const t0 = Date.now();
  await Promise.all(Array.from({ length: connections }, loop));
  return { lat, errors, statuses, elapsed: (Date.now() - t0) / 1000 };
}
(async () => {
  await phase(warmup * 1000, false);
  const { lat, errors, statuses, elapsed } = await phase(seconds * 1000, true);
  lat.sort((a, b) => a - b);
  const q = (p) => lat.length === 0 ? 0 : lat[Math.min(lat.length - 1, Math.floor(p * lat.length))];
  process.stdout.write(JSON.stringify({ path, requests: lat.length, errors, statuses, rps: lat.length / elapsed, p50: q(0.5), p99: q(0.99), max: lat.at(-1) || 0 }));
  agent.destroy();
})();
`;

/** --attack: the flooding guest, from its own loopback address (its own rate-limit key). */
const ATTACKER = String.raw`
const http = require('node:http');
const [base, seconds, connections] = JSON.parse(process.argv[1]);
const agent = new http.Agent({ keepAlive: true, maxSockets: connections, localAddress: '127.0.0.2' });
let n = 0; const statuses = {};
function once() {
  return new Promise((resolve) => {
    const req = http.get(base + '/%61pi/articles/geocoded?x=' + (n++), { agent }, (res) => {
      res.on('data', () => {});
      res.on('end', () => { statuses[res.statusCode] = (statuses[res.statusCode] || 0) + 1; resolve(); });
    });
    req.on('error', (e) => { statuses[e.code || 'error'] = (statuses[e.code || 'error'] || 0) + 1; resolve(); });
  });
}
(async () => {
  const until = Date.now() + seconds * 1000;
  await Promise.all(Array.from({ length: connections }, async () => { while (Date.now() < until) await once(); }));
  process.stdout.write(JSON.stringify({ requests: n, statuses }));
  agent.destroy();
})();
`;

/**
 * --attack: another guest. One loop asks for the health check back to back (one at a time); one
 * asks for a cached list once a second (15 in 15 s: within the guest's 100 a minute).
 */
const PROBE = String.raw`
const http = require('node:http');
const [base, seconds] = JSON.parse(process.argv[1]);
const agent = new http.Agent({ keepAlive: true, maxSockets: 2, localAddress: '127.0.0.1' });
const out = {};
function once(path) {
  return new Promise((resolve) => {
    const t0 = process.hrtime.bigint();
    const req = http.get(base + path, { agent, timeout: 30000 }, (res) => {
      res.on('data', () => {});
      res.on('end', () => resolve({ status: res.statusCode, ms: Number(process.hrtime.bigint() - t0) / 1e6 }));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (e) => resolve({ status: e.message, ms: Number(process.hrtime.bigint() - t0) / 1e6 }));
  });
}
async function loop(path, pauseMs, until) {
  const o = (out[path] = { answered: 0, other: {}, worstMs: 0 });
  while (Date.now() < until) {
    const r = await once(path);
    if (r.status === 200) o.answered++; else o.other[r.status] = (o.other[r.status] || 0) + 1;
    o.worstMs = Math.max(o.worstMs, r.ms);
    if (pauseMs > 0) await new Promise((f) => setTimeout(f, Math.max(0, pauseMs - r.ms)));
  }
}
(async () => {
  const until = Date.now() + seconds * 1000;
  await Promise.all([loop('/api/health', 0, until), loop('/api/articles/geocoded', 1000, until)]);
  process.stdout.write(JSON.stringify(out));
  agent.destroy();
})();
`;

function runChild<T>(script: string, args: unknown[]): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', script, JSON.stringify(args)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      out += chunk;
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) reject(new Error(`bench child exited with ${code}`));
      else resolve(JSON.parse(out) as T);
    });
  });
}

interface ProbeResult {
  answered: number;
  other: Record<string, number>;
  worstMs: number;
}

async function attack(base: string, options: Options): Promise<void> {
  const seconds = 15;
  const quiet = await runChild<Record<string, ProbeResult>>(PROBE, [base, seconds]);
  const [flood, probe] = await Promise.all([
    runChild<{ requests: number; statuses: Record<string, number> }>(ATTACKER, [
      base,
      seconds,
      options.connections,
    ]),
    runChild<Record<string, ProbeResult>>(PROBE, [base, seconds]),
  ]);
  const line = (label: string, r: Record<string, ProbeResult>): void => {
    for (const [p, o] of Object.entries(r)) {
      console.log(
        `${label.padEnd(16)} ${p.padEnd(24)} ${String(o.answered).padStart(6)} answers in ${seconds} s, ` +
          `worst ${o.worstMs.toFixed(1)} ms${Object.keys(o.other).length > 0 ? ` other ${JSON.stringify(o.other)}` : ''}`,
      );
    }
  };
  line('probe, no flood', quiet);
  line('probe, flood', probe);
  console.log(
    `attacker (127.0.0.2, ${options.connections} connections): ${flood.requests} requests, statuses ${JSON.stringify(flood.statuses)}`,
  );
}

interface Result {
  path: string;
  requests: number;
  errors: number;
  statuses: Record<string, number>;
  rps: number;
  p50: number;
  p99: number;
  max: number;
}

function drive(base: string, urlPath: string, options: Options): Promise<Result> {
  const warmup = Math.min(3, Math.max(1, options.seconds / 5));
  return runChild<Result>(CLIENT, [base, urlPath, options.seconds, warmup, options.connections]);
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  const dir = await mkdtemp(path.join(os.tmpdir(), 'atlas-bench-server-'));
  const file = path.join(dir, 'atlas.db');
  if (options.db !== null) await copyFile(options.db, file);
  const atlasDb = await createDb({ database: { kind: 'sqlite', file } });
  try {
    if (options.db === null) {
      const seedStarted = performance.now();
      // Relative to now, so the 12 h default windows hold about half of the articles.
      await seedSyntheticArticles(atlasDb.db, {
        count: options.articles,
        seed: 1,
        now: new Date(),
      });
      console.log(
        `seeded ${options.articles} articles in ${Math.round(performance.now() - seedStarted)} ms`,
      );
    } else {
      console.log(`started from a copy of ${options.db}`);
    }
    if (options.attack) {
      const app = await buildApp(
        {
          logLevel: 'error',
          distDir: path.join(dir, 'dist'),
          publicDir: path.join(dir, 'public'),
          jwtSecret: 'bench-secret-0123456789abcdef0123456789abcdef',
          redisUrl: null,
          corsOrigins: [],
        },
        // Production protections: the rate limits and the per-client list budget stay on.
        { db: atlasDb.db, dialect: atlasDb.dialect, articleListCacheMs: options.cacheMs },
      );
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      if (address === null || typeof address === 'string') throw new Error('no TCP address');
      console.log(
        `attack: Node ${process.version}, ${os.cpus().length} CPUs, load average ${os.loadavg()[0]?.toFixed(1)}`,
      );
      await attack(`http://127.0.0.1:${address.port}`, options);
      await app.close();
      return;
    }
    const app = await buildApp(
      {
        logLevel: 'warn',
        distDir: path.join(dir, 'dist'),
        publicDir: path.join(dir, 'public'),
        jwtSecret: 'bench-secret-0123456789abcdef0123456789abcdef',
        redisUrl: null,
        corsOrigins: [],
      },
      // Per-role rate limits and the per-client list bound off: they would (correctly) answer
      // 429 to a load test, whose 100 connections are one client.
      {
        db: atlasDb.db,
        dialect: atlasDb.dialect,
        accounts: { rateLimit: false },
        articleListCacheMs: options.cacheMs,
        articleListBudgetMs: 0,
      },
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('no TCP address');
    const base = `http://127.0.0.1:${address.port}`;
    console.log(
      `${options.connections} keep-alive connections, ${options.seconds} s per endpoint, ` +
        `list cache ${options.cacheMs} ms${options.uncached ? ', distinct query values per request (uncached)' : ''}, ` +
        `Node ${process.version}, ${os.cpus().length} CPUs, load average ${os.loadavg()[0]?.toFixed(1)}\n`,
    );

    const results: Result[] = [];
    for (const urlPath of [TRIVIAL, ...(options.uncached ? UNCACHED_LISTS : LISTS)]) {
      const result = await drive(base, urlPath, options);
      results.push(result);
      console.log(
        `${urlPath.padEnd(62)} ${result.rps.toFixed(0).padStart(7)} req/s  p50 ${result.p50.toFixed(1).padStart(6)} ms  ` +
          `p99 ${result.p99.toFixed(1).padStart(6)} ms  errors ${result.errors}` +
          (result.errors > 0 ? ` ${JSON.stringify(result.statuses)}` : ''),
      );
    }
    await app.close();

    const trivial = results[0];
    if (trivial === undefined) throw new Error('no trivial result');
    const failures: string[] = [];
    console.log('');
    for (const r of results) {
      if (r.errors > 0) failures.push(`${r.path}: ${r.errors} errors`);
      if (r.p99 >= 300) failures.push(`${r.path}: p99 ${r.p99.toFixed(1)} ms >= 300 ms`);
      if (r === trivial) continue;
      const ratio = r.rps / trivial.rps;
      console.log(`${r.path.padEnd(62)} ${(ratio * 100).toFixed(1)}% of ${TRIVIAL}`);
      if (ratio < 0.25) failures.push(`${r.path}: ${(ratio * 100).toFixed(1)}% of trivial < 25%`);
    }
    // --uncached checks R1 for lists computed per request (issue #28), else for cached ones.
    const outcome = options.uncached ? 'R1 uncached' : 'R1 cached';
    if (failures.length > 0) {
      console.log(`\n${outcome}: FAIL\n  ${failures.join('\n  ')}`);
      process.exitCode = 1;
    } else {
      console.log(
        `\n${outcome}: PASS (0 errors, every list >= 25% of trivial, every p99 < 300 ms)`,
      );
    }
  } finally {
    await atlasDb.close();
    await rm(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(2);
});
