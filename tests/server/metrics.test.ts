/**
 * /metrics (server/http/metricsRoutes.ts) on a real server (startServer, role 'all', a real job
 * runner): Prometheus text format that a parser accepts, the series operators need, and access
 * only for admins or an allow-listed address.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrPromoteAdmin } from '../../server/auth/createAdmin';
import { loadConfig } from '../../server/config';
import { JobQueue } from '../../server/jobs/queue';
import { startServer, type RunningServer } from '../../server/main';
import { call, login, register } from './authTestServer';
import { makeTempDir, removeDir, writeFakeClient } from './helpers';

let dir: string;
let server: RunningServer;
let admin: string;
let user: string;

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/**
 * A strict reader of the text exposition format (0.0.4): every line is a comment (# HELP / # TYPE)
 * or `name{label="v",...} value`; throws on anything else, so malformed output fails the test.
 */
function parsePrometheus(text: string): { types: Map<string, string>; samples: Sample[] } {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  const sampleRe =
    /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{((?:[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\]|\\.)*",?)*)\})? (-?(?:[0-9.]+(?:e[+-]?[0-9]+)?|NaN|\+Inf|-Inf))(?: -?[0-9]+)?$/;
  for (const line of text.split('\n')) {
    if (line === '') continue;
    if (line.startsWith('# HELP ')) continue;
    if (line.startsWith('# TYPE ')) {
      const [, , name = '', type = ''] = line.split(' ');
      if (!['counter', 'gauge', 'histogram', 'summary', 'untyped'].includes(type)) {
        throw new Error(`bad TYPE line: ${line}`);
      }
      types.set(name, type);
      continue;
    }
    const m = sampleRe.exec(line);
    if (m === null) throw new Error(`not a Prometheus sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const pair of (m[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) {
      labels[pair[1] ?? ''] = pair[2] ?? '';
    }
    samples.push({ name: m[1] ?? '', labels, value: Number(m[3]) });
  }
  return { types, samples };
}

beforeAll(async () => {
  dir = await makeTempDir('metrics');
  const client = await writeFakeClient(dir);
  const config = loadConfig(
    {
      DATABASE_URL: `sqlite:${path.join(dir, 'atlas.db')}`,
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'silent',
      ATLAS_SEED_SYNTHETIC: '20',
      ATLAS_INGEST: 'off',
      ATLAS_STARTER: 'off',
      ATLAS_ROLE: 'all',
      ATLAS_JWT_SECRET: 'atlas-test-secret-0123456789abcdef0123456789',
      ATLAS_DIST_DIR: client.distDir,
      ATLAS_PUBLIC_DIR: client.publicDir,
    },
    dir,
  );
  server = await startServer(config, {
    jobs: {
      pollMs: 20,
      handlers: {
        'metrics-test': () => Promise.resolve(),
      },
    },
  });
  await createOrPromoteAdmin(server.atlasDb.db, {
    email: 'ops@example.org',
    password: 'ops-password-123',
  });
  admin = (await login(server.url, 'ops@example.org', 'ops-password-123')).token;
  user = (await register(server.url, 'reader@example.org', 'reader-password')).token;
}, 60_000);

afterAll(async () => {
  await server.close();
  await removeDir(dir);
});

describe('/metrics', () => {
  it('is refused without a token (401) and for a non-admin (403)', async () => {
    expect((await call(server.url, 'GET', '/metrics')).status).toBe(401);
    expect((await call(server.url, 'GET', '/metrics', { token: user })).status).toBe(403);
    expect((await call(server.url, 'GET', '/metrics', { token: 'x.y.z' })).status).toBe(403);
  });

  it('serves the Prometheus text format with HTTP, socket, job, feed and process series', async () => {
    await call(server.url, 'GET', '/api/articles/geocoded?limit=5');
    await call(server.url, 'GET', '/api/health');
    const queue = new JobQueue(server.atlasDb.db, server.atlasDb.dialect);
    await queue.enqueue({ kind: 'metrics-test', payload: {} });
    const deadline = Date.now() + 10_000;
    while ((server.jobs?.stats.done ?? 0) < 1 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
    }

    const res = await fetch(`${server.url}/metrics`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const { types, samples } = parsePrometheus(await res.text());
    const find = (name: string, labels: Record<string, string> = {}): Sample | undefined =>
      samples.find(
        (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
      );

    expect(types.get('atlas_http_request_duration_seconds')).toBe('histogram');
    const geocoded = find('atlas_http_request_duration_seconds_count', {
      method: 'GET',
      route: '/api/articles/geocoded',
      status: '2xx',
    });
    expect(geocoded?.value).toBeGreaterThanOrEqual(1);
    expect(types.get('atlas_http_rate_limited_total')).toBe('counter');
    expect(find('atlas_socket_clients')?.value).toBe(0);
    expect(types.get('atlas_socket_events_sent_total')).toBe('counter');
    expect(find('atlas_jobs_total', { kind: 'metrics-test', outcome: 'done' })?.value).toBe(1);
    expect(
      find('atlas_job_duration_seconds_count', { kind: 'metrics-test', outcome: 'done' })?.value,
    ).toBe(1);
    expect(types.get('atlas_job_queue_depth')).toBe('gauge');
    expect(find('atlas_feeds_failing')?.value).toBe(0);
    expect(types.get('atlas_db_pool_clients')).toBe('gauge');
    expect(find('atlas_process_resident_memory_bytes')?.value).toBeGreaterThan(0);
  });

  it('counts rate-limit rejections by role', async () => {
    // A guest's limit is 100 requests a window (rateLimit.test.ts covers the limiter itself);
    // here the counter must move when a 429 is answered.
    let status = 0;
    for (let i = 0; i < 400 && status !== 429; i++) {
      status = (await fetch(`${server.url}/api/articles/geocoded?limit=1`)).status;
    }
    expect(status).toBe(429);
    const text = await (
      await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${admin}` } })
    ).text();
    const { samples } = parsePrometheus(text);
    const limited = samples.find(
      (s) => s.name === 'atlas_http_rate_limited_total' && s.labels['role'] === 'guest',
    );
    expect(limited?.value).toBeGreaterThanOrEqual(1);
  });
});

describe('/metrics allow-list', () => {
  it('lets an allow-listed address read without a token', async () => {
    const dir2 = await makeTempDir('metrics-allow');
    const client = await writeFakeClient(dir2);
    const config = loadConfig(
      {
        DATABASE_URL: `sqlite:${path.join(dir2, 'atlas.db')}`,
        HOST: '127.0.0.1',
        PORT: '0',
        LOG_LEVEL: 'silent',
        ATLAS_INGEST: 'off',
        ATLAS_STARTER: 'off',
        ATLAS_ROLE: 'api',
        ATLAS_METRICS_ALLOW: '127.0.0.0/8, ::1',
        ATLAS_DIST_DIR: client.distDir,
        ATLAS_PUBLIC_DIR: client.publicDir,
      },
      dir2,
    );
    const open = await startServer(config);
    try {
      const res = await fetch(`${open.url}/metrics`);
      expect(res.status).toBe(200);
      expect(parsePrometheus(await res.text()).samples.length).toBeGreaterThan(10);
    } finally {
      await open.close();
      await removeDir(dir2);
    }
  });

  it('refuses a malformed allow-list at start', () => {
    expect(() => loadConfig({ ATLAS_METRICS_ALLOW: '*' }, dir)).toThrow(
      /ATLAS_METRICS_ALLOW entries must be IP addresses or CIDR ranges, got "\*"/,
    );
    expect(() => loadConfig({ ATLAS_METRICS_ALLOW: '10.0.0.0/33' }, dir)).toThrow(/10.0.0.0\/33/);
  });
});
