/**
 * The admin console's API (server/http/adminRoutes.ts) on a real server, on SQLite and on a fresh
 * PostgreSQL schema: users (search, disable, revoke), jobs (depth, dead letters, retry), feed test
 * fetch (preview from a loopback feed, SSRF refused), moderation (hide/restore leaves the public
 * lists, corrections kept with who and when and teaching the geocoder), the audit log (every
 * action, filter, CSV) and the system view (secrets redacted). Guests get 401 and users 403 on
 * every admin route.
 */
import { createServer, type Server } from 'node:http';
import { connect, createServer as createNetServer, type AddressInfo, type Socket } from 'node:net';
import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import { Pool } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROBE_TIMEOUT_MS, probeDatabase, probeRedis } from '../../server/admin/probes';
import { buildApp } from '../../server/app';
import { createOrPromoteAdmin } from '../../server/auth/createAdmin';
import type { Config, DatabaseConfig } from '../../server/config';
import { createDb } from '../../server/db/createDb';
import type { Database } from '../../server/db/schema';
import { seedSyntheticArticles } from '../../server/db/seed';
import { GeocodeOverrides } from '../../server/geocode/overrides';
import { JobQueue } from '../../server/jobs/queue';
import { NO_API_LIMITS, call, login, register } from './authTestServer';
import {
  FIXED_NOW,
  findTestPostgres,
  findTestRedis,
  freshSchema,
  listenTestServer,
  makeTempDir,
  removeDir,
  writeFakeClient,
  type TestServer,
} from './helpers';

const RSS = `<?xml version="1.0"?><rss version="2.0"><channel><title>Loopback Wire</title>
<item><title>Flood waters rise in Porto Alegre</title><link>https://wire.example.org/a1</link>
<description>Rivers broke their banks overnight.</description></item>
<item><title>Second story</title><link>https://wire.example.org/a2</link></item>
</channel></rss>`;

const ADMIN_ROUTES: [string, string, unknown?][] = [
  ['GET', '/api/admin/users'],
  ['POST', '/api/admin/users/x/disable', { disabled: true }],
  ['POST', '/api/admin/users/x/revoke'],
  ['GET', '/api/admin/jobs'],
  ['POST', '/api/admin/jobs/1/retry'],
  ['POST', '/api/admin/feeds/test', { url: 'https://example.org/feed' }],
  ['GET', '/api/admin/articles'],
  ['POST', '/api/admin/articles/x/hide', {}],
  ['POST', '/api/admin/articles/x/restore'],
  ['PUT', '/api/admin/articles/x/correction', { category: 'sports' }],
  ['GET', '/api/admin/articles/x/corrections'],
  ['GET', '/api/admin/audit'],
  ['GET', '/api/admin/system'],
];

function configFor(
  database: DatabaseConfig,
  client: { distDir: string; publicDir: string },
): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    database,
    logLevel: 'silent',
    ...client,
    seedSynthetic: 0,
    jwtSecret: 'atlas-admin-test-secret-0123456789abcdef0123',
    redisUrl: null,
    corsOrigins: [],
    role: 'api',
    ingest: false,
    starterSet: false,
    feedAllowPrivate: true,
  };
}

async function startOn(database: DatabaseConfig, dir: string): Promise<TestServer> {
  const config = configFor(database, await writeFakeClient(dir));
  const atlasDb = await createDb(config);
  await seedSyntheticArticles(atlasDb.db, { count: 30, seed: 3, now: FIXED_NOW });
  const app = await buildApp(config, {
    db: atlasDb.db,
    dialect: atlasDb.dialect,
    accounts: NO_API_LIMITS,
    articleListCacheMs: 0,
  });
  return listenTestServer(app, atlasDb);
}

/**
 * A TCP stand-in for a Redis server on its own port: 'forward' pipes new connections to the real
 * Redis, 'silent' accepts them and never answers (a hung server), and refuse() stops listening
 * (the port becomes unreachable). Connections already made keep forwarding, so an app booted
 * through it keeps its own Redis clients while a fresh connection (the probe's) sees the change.
 */
async function redisStandIn(target: string): Promise<{
  url: string;
  mode: (m: 'forward' | 'silent') => void;
  refuse: () => void;
  close: () => Promise<void>;
}> {
  const upstream = new URL(target);
  const sockets = new Set<Socket>();
  let mode: 'forward' | 'silent' = 'forward';
  const server = createNetServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => undefined);
    if (mode === 'silent') return;
    const up = connect(Number(upstream.port === '' ? 6379 : upstream.port), upstream.hostname);
    sockets.add(up);
    up.on('close', () => sockets.delete(up));
    up.on('error', () => client.destroy());
    client.on('close', () => up.destroy());
    up.on('close', () => client.destroy());
    client.pipe(up).pipe(client);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  const closed = new Promise<void>((r) => server.once('close', () => r()));
  // Stops accepting at once; 'close' comes when the connections made before it have ended.
  const refuse = (): void => {
    if (server.listening) server.close();
  };
  return {
    url: `redis://127.0.0.1:${port}${upstream.pathname}`,
    mode: (m) => {
      mode = m;
    },
    refuse,
    close: async () => {
      refuse();
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}

function suite(
  name: string,
  database: () => Promise<{ db: DatabaseConfig; drop?: () => Promise<void> }>,
): void {
  describe(`admin console API (${name})`, () => {
    let dir: string;
    let server: TestServer;
    let base: string;
    let admin: string;
    let member: { token: string; id: string };
    let feed: Server;
    let feedUrl: string;
    let drop: (() => Promise<void>) | undefined;
    let databaseConfig: DatabaseConfig;

    beforeAll(async () => {
      dir = await makeTempDir(`admin-${name}`);
      const target = await database();
      drop = target.drop;
      databaseConfig = target.db;
      server = await startOn(target.db, dir);
      base = server.url;
      await createOrPromoteAdmin(server.atlasDb.db, {
        email: 'chief@example.org',
        password: 'chief-password-1',
      });
      admin = (await login(base, 'chief@example.org', 'chief-password-1')).token;
      const s = await register(base, 'reader@example.org', 'reader-password', 'Rita Reader');
      member = { token: s.token, id: s.user.id };
      feed = createServer((_req, res) => {
        res.writeHead(200, { 'content-type': 'application/rss+xml' });
        res.end(RSS);
      });
      await new Promise<void>((r) => feed.listen(0, '127.0.0.1', r));
      feedUrl = `http://127.0.0.1:${(feed.address() as AddressInfo).port}/rss.xml`;
    }, 60_000);

    afterAll(async () => {
      await new Promise<void>((r) => feed.close(() => r()));
      await server.close();
      await drop?.();
      await removeDir(dir);
    });

    it('refuses guests (401) and users (403) on every admin route', async () => {
      for (const [method, route, body] of ADMIN_ROUTES) {
        const opts = body === undefined ? {} : { body };
        expect((await call(base, method, route, opts)).status, `${method} ${route}`).toBe(401);
        expect(
          (await call(base, method, route, { ...opts, token: member.token })).status,
          `${method} ${route}`,
        ).toBe(403);
      }
    });

    it('searches users and disables, enables and signs them out', async () => {
      const found = await call(base, 'GET', '/api/admin/users?q=rita', { token: admin });
      expect(found.status).toBe(200);
      expect(found.body['total']).toBe(1);
      const users = found.body['users'] as { email: string; disabled: boolean }[];
      expect(users[0]).toMatchObject({ email: 'reader@example.org', disabled: false });

      const off = await call(base, 'POST', `/api/admin/users/${member.id}/disable`, {
        token: admin,
        body: { disabled: true },
      });
      expect(off.status).toBe(200);
      // The old token is dead and sign-in is refused with a clear message.
      expect((await call(base, 'GET', '/api/auth/me', { token: member.token })).status).toBe(401);
      const refused = await call(base, 'POST', '/api/auth/login', {
        body: { email: 'reader@example.org', password: 'reader-password' },
      });
      expect(refused.status).toBe(403);
      expect(refused.body['message']).toBe('This account is disabled');

      await call(base, 'POST', `/api/admin/users/${member.id}/disable`, {
        token: admin,
        body: { disabled: false },
      });
      member.token = (await login(base, 'reader@example.org', 'reader-password')).token;
      const revoke = await call(base, 'POST', `/api/admin/users/${member.id}/revoke`, {
        token: admin,
      });
      expect(revoke.status).toBe(200);
      expect((await call(base, 'GET', '/api/auth/me', { token: member.token })).status).toBe(401);
      member.token = (await login(base, 'reader@example.org', 'reader-password')).token;

      expect(
        (
          await call(base, 'POST', `/api/admin/users/nobody/disable`, {
            token: admin,
            body: { disabled: true },
          })
        ).status,
      ).toBe(404);
      expect(
        (
          await call(base, 'POST', `/api/admin/users/${member.id}/disable`, {
            token: admin,
            body: { disabled: 'yes' },
          })
        ).status,
      ).toBe(400);
    });

    it('shows queue depth and dead letters, and retries a dead job', async () => {
      const queue = new JobQueue(server.atlasDb.db, server.atlasDb.dialect);
      const { id } = await queue.enqueue({ kind: 'analyse', payload: { articleId: 'x' } });
      await server.atlasDb.db
        .updateTable('jobs')
        .set({ status: 'dead', attempts: 5, last_error: 'poison article' })
        .where('id', '=', id)
        .execute();
      const jobs = await call(base, 'GET', '/api/admin/jobs', { token: admin });
      expect(jobs.status).toBe(200);
      const failures = jobs.body['failures'] as { id: number; lastError: string }[];
      expect(failures.find((f) => f.id === id)?.lastError).toBe('poison article');
      const depth = jobs.body['depth'] as { kind: string; status: string; count: number }[];
      expect(depth).toContainEqual({ kind: 'analyse', status: 'dead', count: 1 });

      expect(
        (await call(base, 'POST', `/api/admin/jobs/${id}/retry`, { token: admin })).status,
      ).toBe(200);
      const row = await server.atlasDb.db
        .selectFrom('jobs')
        .select(['status', 'attempts'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ status: 'queued', attempts: 0 });
      // A queued job is not retried again.
      expect(
        (await call(base, 'POST', `/api/admin/jobs/${id}/retry`, { token: admin })).status,
      ).toBe(404);
    });

    it('test-fetches a feed: the parsed preview, or the SSRF / parse error', async () => {
      const ok = await call(base, 'POST', '/api/admin/feeds/test', {
        token: admin,
        body: { url: feedUrl },
      });
      expect(ok.status).toBe(200);
      expect(ok.body).toMatchObject({ success: true, feedTitle: 'Loopback Wire', itemCount: 2 });
      expect((ok.body['items'] as { title: string }[])[0]?.title).toBe(
        'Flood waters rise in Porto Alegre',
      );
      const bad = await call(base, 'POST', '/api/admin/feeds/test', {
        token: admin,
        body: { url: 'file:///etc/passwd' },
      });
      expect(bad.body['success']).toBe(false);
      expect(typeof bad.body['detail']).toBe('string');
      // Credentials in a tested URL are refused and kept out of the audit log.
      const secretUrl = feedUrl.replace('http://', 'http://ops:hunter2@');
      const creds = await call(base, 'POST', '/api/admin/feeds/test', {
        token: admin,
        body: { url: secretUrl },
      });
      expect(creds.body).toMatchObject({ success: false, reason: 'ssrf' });
      const audit = await call(base, 'GET', '/api/admin/audit?action=feed.test&limit=10', {
        token: admin,
      });
      const targets = (audit.body['entries'] as { target: string }[]).map((e) => e.target);
      expect(targets).toContain(feedUrl.replace('http://', 'http://***:***@'));
      expect(JSON.stringify(audit.body)).not.toContain('hunter2');
    });

    it('hides an article from every public path and restores it, with corrections audited', async () => {
      const list = await call(base, 'GET', '/api/admin/articles?limit=5', { token: admin });
      const target = (list.body['articles'] as { id: string; title: string }[])[0];
      expect(target).toBeDefined();
      const id = target?.id ?? '';
      const inPublic = async (): Promise<boolean> => {
        const res = await call(base, 'GET', '/api/public/all-articles?limit=500');
        const articles = (res.body['articles'] ?? []) as { id?: string; _id?: string }[];
        return articles.some((a) => (a.id ?? a._id) === id);
      };
      expect(await inPublic()).toBe(true);
      expect(
        (
          await call(base, 'POST', `/api/admin/articles/${id}/hide`, {
            token: admin,
            body: { reason: 'duplicate' },
          })
        ).status,
      ).toBe(200);
      expect(await inPublic()).toBe(false);
      expect((await call(base, 'GET', `/api/articles/${id}`)).status).toBe(404);
      const hidden = await call(base, 'GET', '/api/admin/articles?hidden=only', { token: admin });
      expect((hidden.body['articles'] as { id: string }[]).map((a) => a.id)).toEqual([id]);
      expect(
        (await call(base, 'POST', `/api/admin/articles/${id}/restore`, { token: admin })).status,
      ).toBe(200);
      expect(await inPublic()).toBe(true);

      const fix = await call(base, 'PUT', `/api/admin/articles/${id}/correction`, {
        token: admin,
        body: {
          place: { name: 'Kingston', lat: 44.2312, lon: -76.486, country: 'ca' },
          category: 'sports',
          note: 'dateline says Ont.',
        },
      });
      expect(fix.status).toBe(200);
      const detail = await call(base, 'GET', `/api/articles/${id}`);
      const article = (detail.body['article'] ?? detail.body) as Record<string, unknown>;
      expect(article['latitude']).toBeCloseTo(44.2312, 3);
      expect(article['category']).toBe('sports');
      const history = await call(base, 'GET', `/api/admin/articles/${id}/corrections`, {
        token: admin,
      });
      const corrections = history.body['corrections'] as { field: string; actorEmail: string }[];
      expect(corrections.map((c) => c.field).sort()).toEqual(['category', 'place']);
      expect(corrections.every((c) => c.actorEmail === 'chief@example.org')).toBe(true);
      // The corrected place teaches the geocoder.
      const overrides = new GeocodeOverrides();
      await overrides.refresh(server.atlasDb.db);
      expect(overrides.size).toBe(1);
      expect(
        (
          await call(base, 'PUT', `/api/admin/articles/${id}/correction`, {
            token: admin,
            body: {},
          })
        ).status,
      ).toBe(400);
      expect(
        (
          await call(base, 'PUT', `/api/admin/articles/${id}/correction`, {
            token: admin,
            body: { category: 'gossip' },
          })
        ).status,
      ).toBe(400);
    });

    it('keeps an audit row for sign-ins, failures, role changes and admin actions; filters and CSV', async () => {
      await call(base, 'POST', '/api/auth/login', {
        body: { email: 'chief@example.org', password: 'wrong-password' },
      });
      await call(base, 'PUT', `/api/admin/users/${member.id}/role`, {
        token: admin,
        body: { role: 'admin' },
      });
      const all = await call(base, 'GET', '/api/admin/audit?limit=500', { token: admin });
      const actions = new Set((all.body['entries'] as { action: string }[]).map((e) => e.action));
      for (const a of [
        'auth.login',
        'auth.login_failed',
        'user.role',
        'user.disable',
        'user.enable',
        'user.revoke',
        'job.retry',
        'feed.test',
        'article.hide',
        'article.restore',
        'article.correct',
      ]) {
        expect(actions.has(a), a).toBe(true);
      }
      const failed = await call(base, 'GET', '/api/admin/audit?action=auth.login_failed', {
        token: admin,
      });
      const entries = failed.body['entries'] as { action: string; ip: string }[];
      expect(entries.length).toBeGreaterThanOrEqual(2);
      expect(entries.every((e) => e.action === 'auth.login_failed')).toBe(true);

      const csv = await fetch(`${base}/api/admin/audit?format=csv&action=user.role`, {
        headers: { authorization: `Bearer ${admin}` },
      });
      expect(csv.headers.get('content-type')).toMatch(/text\/csv/);
      const lines = (await csv.text()).trim().split('\r\n');
      expect(lines[0]).toBe('at,action,actorEmail,target,ip,detail');
      expect(lines.length).toBe(2);
      expect(lines[1]).toContain('user.role');
      expect(lines[1]).toContain('chief@example.org');
      expect((await call(base, 'GET', '/api/admin/audit?limit=0', { token: admin })).status).toBe(
        400,
      );
    });

    it('says the database answers and Redis is not configured', async () => {
      const sys = await call(base, 'GET', '/api/admin/system', { token: admin });
      expect(sys.status).toBe(200);
      const database = sys.body['database'] as Record<string, unknown>;
      expect(database).toMatchObject({
        dialect: name,
        ok: true,
        status: 'answering',
        error: null,
      });
      expect(database['latencyMs']).toBeGreaterThanOrEqual(0);
      expect(database['latencyMs']).toBeLessThan(500);
      expect(sys.body['redis']).toEqual({
        configured: false,
        status: 'not configured',
        latencyMs: null,
        error: null,
      });
    });

    const redis = redisTarget;
    if ('url' in redis) {
      it('says whether the configured Redis answers a PING: answering, hung, unreachable', async () => {
        // A second app on the same database whose REDIS_URL is a stand-in in front of the
        // test Redis (the app's own Redis clients connect through it at boot).
        const standIn = await redisStandIn(redis.url);
        const app = await buildApp(
          {
            ...configFor(databaseConfig, await writeFakeClient(dir)),
            redisUrl: standIn.url,
            redisKeyPrefix: `atlas-admin-test-${name}-${process.pid}`,
          },
          {
            db: server.atlasDb.db,
            dialect: server.atlasDb.dialect,
            accounts: NO_API_LIMITS,
            articleListCacheMs: 0,
          },
        );
        try {
          await app.listen({ port: 0, host: '127.0.0.1' });
          const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
          const redisOf = async (): Promise<{ body: Record<string, unknown>; ms: number }> => {
            const began = Date.now();
            const sys = await call(url, 'GET', '/api/admin/system', { token: admin });
            expect(sys.status).toBe(200);
            expect(sys.body['database']).toMatchObject({ status: 'answering' });
            return { body: sys.body['redis'] as Record<string, unknown>, ms: Date.now() - began };
          };

          const up = await redisOf();
          expect(up.body).toMatchObject({ configured: true, status: 'answering', error: null });
          expect(up.body['latencyMs']).toBeGreaterThanOrEqual(0);
          expect(up.body['latencyMs']).toBeLessThan(500);

          // Accepts the connection, never replies: cut off at the 500 ms deadline.
          standIn.mode('silent');
          const hung = await redisOf();
          expect(hung.body).toMatchObject({
            configured: true,
            status: 'not answering',
            latencyMs: null,
          });
          expect(String(hung.body['error'])).toMatch(/within 500 ms|timed out/i);
          expect(hung.ms).toBeLessThan(2000);

          // Nothing listens on the port any more.
          standIn.refuse();
          const gone = await redisOf();
          expect(gone.body).toMatchObject({ status: 'not answering', latencyMs: null });
          expect(String(gone.body['error'])).toMatch(/ECONNREFUSED/);
          expect(gone.ms).toBeLessThan(2000);
          // The URL's password is never part of the answer.
          expect(JSON.stringify(gone.body)).not.toContain('@');
        } finally {
          await app.close();
          await standIn.close();
        }
      });
    } else {
      console.warn(`[admin console redis probe] SKIPPED: ${redis.skip}`);
    }

    it('shows the system with secrets redacted', async () => {
      const sys = await call(base, 'GET', '/api/admin/system', { token: admin });
      expect(sys.status).toBe(200);
      expect(sys.body['database']).toMatchObject({ ok: true });
      const text = JSON.stringify(sys.body);
      expect(text).not.toContain('atlas-admin-test-secret');
      expect((sys.body['config'] as Record<string, unknown>)['jwtSecret']).toBe('[redacted]');
    });
  });
}

describe('admin system probes (server/admin/probes.ts)', () => {
  it('Redis: not configured without a URL, not answering on an unreachable port', async () => {
    expect(await probeRedis(null)).toEqual({
      status: 'not configured',
      latencyMs: null,
      error: null,
    });
    expect(await probeRedis('')).toMatchObject({ status: 'not configured' });
    const closed = createNetServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((r) => closed.close(() => r()));
    const began = Date.now();
    const down = await probeRedis(`redis://:secret@127.0.0.1:${port}`);
    expect(down).toMatchObject({ status: 'not answering', latencyMs: null });
    expect(down.error).toMatch(/ECONNREFUSED/);
    expect(down.error).not.toContain('secret');
    expect(Date.now() - began).toBeLessThan(PROBE_TIMEOUT_MS + 500);
  });

  it('database: answering, a closed database, and one that never replies (deadline)', async () => {
    const dir = await makeTempDir('admin-probe');
    const atlasDb = await createDb({ database: { kind: 'sqlite', file: path.join(dir, 'a.db') } });
    try {
      expect(await probeDatabase(atlasDb.db)).toMatchObject({ status: 'answering', error: null });
    } finally {
      await atlasDb.close();
    }
    const closed = await probeDatabase(atlasDb.db);
    expect(closed).toMatchObject({ status: 'not answering', latencyMs: null });
    expect(closed.error).not.toBeNull();
    await removeDir(dir);

    // A PostgreSQL "server" that accepts connections and never says a word.
    const sockets = new Set<Socket>();
    const silent = createNetServer((s) => {
      sockets.add(s);
      s.on('error', () => undefined);
    });
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const { port } = silent.address() as AddressInfo;
    const pool = new Pool({ host: '127.0.0.1', port, user: 'x', database: 'x', max: 1 });
    pool.on('error', () => undefined);
    const hung = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    try {
      const began = Date.now();
      const result = await probeDatabase(hung);
      expect(result).toMatchObject({ status: 'not answering', latencyMs: null });
      expect(result.error).toBe(`the database did not answer within ${PROBE_TIMEOUT_MS} ms`);
      expect(Date.now() - began).toBeLessThan(PROBE_TIMEOUT_MS + 500);
    } finally {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => silent.close(() => r()));
      await hung.destroy().catch(() => undefined);
    }
  });
});

const redisTarget = await findTestRedis();

suite('sqlite', async () => {
  const dir = await makeTempDir('admin-db');
  return {
    db: { kind: 'sqlite', file: path.join(dir, 'atlas.db') },
    drop: () => removeDir(dir),
  };
});

const pg = await findTestPostgres();
if ('skip' in pg) {
  console.warn(`[admin console postgres] SKIPPED: ${pg.skip}`);
} else {
  suite('postgres', () => {
    const fresh = freshSchema(pg.url, 'admin');
    return Promise.resolve({
      db: { kind: 'postgres', url: pg.url, schema: fresh.schema },
      drop: fresh.drop,
    });
  });
}
