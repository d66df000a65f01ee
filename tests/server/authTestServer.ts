/**
 * Helpers for the account, rate-limit and CORS tests: a real server (buildApp + listen on
 * 127.0.0.1:0) on a temp SQLite file, with account overrides, and small JSON request helpers.
 */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import type { AccountsOverrides } from '../../server/auth/accounts';
import type { Config } from '../../server/config';
import { createDb, type AtlasDb } from '../../server/db/createDb';
import { listenTestServer, makeTempDir, removeDir, writeFakeClient } from './helpers';

export const TEST_JWT_SECRET = 'atlas-auth-test-secret-0123456789abcdef0123';

export interface AuthTestServer {
  url: string;
  app: FastifyInstance;
  atlasDb: AtlasDb;
  close(): Promise<void>;
}

export interface AuthTestServerOptions {
  accounts?: AccountsOverrides;
  corsOrigins?: string[];
  redisUrl?: string | null;
  /** Share one SQLite file between several servers (Redis-shared limits). */
  sqliteFile?: string;
  beforeListen?: (app: FastifyInstance) => void;
}

export async function startAuthServer(
  options: AuthTestServerOptions = {},
): Promise<AuthTestServer> {
  const dir = await makeTempDir('auth');
  const { distDir, publicDir } = await writeFakeClient(dir);
  const config: Config = {
    port: 0,
    host: '127.0.0.1',
    database: { kind: 'sqlite', file: options.sqliteFile ?? path.join(dir, 'atlas.db') },
    logLevel: 'silent',
    distDir,
    publicDir,
    seedSynthetic: 0,
    jwtSecret: TEST_JWT_SECRET,
    redisUrl: options.redisUrl ?? null,
    corsOrigins: options.corsOrigins ?? [],
    role: 'api',
    ingest: false,
    starterSet: false,
  };
  const atlasDb = await createDb(config);
  const app = await buildApp(config, {
    db: atlasDb.db,
    dialect: atlasDb.dialect,
    ...(options.accounts === undefined ? {} : { accounts: options.accounts }),
  });
  options.beforeListen?.(app);
  return listenTestServer(app, atlasDb, () => removeDir(dir));
}

/** Generous limits for functional tests, which send many requests from one IP. */
export const NO_API_LIMITS: AccountsOverrides = {
  rateLimit: false,
  loginLimits: { maxAttemptsPerIp: 1_000_000, maxFailures: 1_000_000 },
};

export interface JsonResponse {
  status: number;
  headers: Headers;
  body: Record<string, unknown>;
}

export async function call(
  base: string,
  method: string,
  pathname: string,
  options: { body?: unknown; token?: string; headers?: Record<string, string>; raw?: string } = {},
): Promise<JsonResponse> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token !== undefined) headers['authorization'] = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.raw !== undefined) {
    body = options.raw;
    headers['content-type'] ??= 'application/json';
  } else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] = 'application/json';
  }
  const res = await fetch(base + pathname, {
    method,
    headers,
    ...(body === undefined ? {} : { body }),
  });
  const text = await res.text();
  let parsed: Record<string, unknown> = {};
  if (text !== '') {
    try {
      parsed = JSON.parse(text) as Record<string, unknown>;
    } catch {
      parsed = { raw: text };
    }
  }
  return { status: res.status, headers: res.headers, body: parsed };
}

export interface Session {
  token: string;
  user: { id: string; email: string; name: string; role: string };
}

export async function register(
  base: string,
  email: string,
  password: string,
  name?: string,
): Promise<Session> {
  const res = await call(base, 'POST', '/api/auth/register', {
    body: name === undefined ? { email, password } : { email, password, name },
  });
  if (res.status !== 201)
    throw new Error(`register ${email}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as unknown as Session;
}

export async function login(base: string, email: string, password: string): Promise<Session> {
  const res = await call(base, 'POST', '/api/auth/login', { body: { email, password } });
  if (res.status !== 200)
    throw new Error(`login ${email}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as unknown as Session;
}
