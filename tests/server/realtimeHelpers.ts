/**
 * Shared setup for the real-time tests and the socket benchmark: a real server (in-process or a
 * child process running tests/server/realtimeNode.ts), users with real tokens, article fixtures,
 * raw socket.io clients and bounded waits.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { io, type Socket } from 'socket.io-client';
import type { Article } from '../../data/article';
import type { Role } from '../../data/permissions';
import {
  REALTIME_PATH,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '../../data/realtime/protocol';
import { buildApp, type AppDeps } from '../../server/app';
import { AccessTokens, TOKEN_TTL_SECONDS } from '../../server/auth/tokens';
import type { Config } from '../../server/config';
import { createDb } from '../../server/db/createDb';
import { listenTestServer, type TestServer } from './helpers';

export const TEST_JWT_SECRET = 'atlas-test-secret-0123456789abcdef0123456789';
const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..');

export type RawClient = Socket<ServerToClientEvents, ClientToServerEvents>;

export interface RealtimeServerOptions {
  dir: string;
  dbFile?: string;
  corsOrigins?: string[];
  realtime?: AppDeps['realtime'];
}

/** A real server on 127.0.0.1:0 with its own SQLite file and socket.io attached. */
export async function startRealtimeServer(options: RealtimeServerOptions): Promise<TestServer> {
  const config: Config = {
    port: 0,
    host: '127.0.0.1',
    database: { kind: 'sqlite', file: options.dbFile ?? path.join(options.dir, 'atlas.db') },
    logLevel: 'silent',
    distDir: path.join(options.dir, 'dist'),
    publicDir: path.join(options.dir, 'public'),
    seedSynthetic: 0,
    jwtSecret: TEST_JWT_SECRET,
    redisUrl: null,
    corsOrigins: options.corsOrigins ?? [],
    role: 'api',
    ingest: false,
    starterSet: false,
  };
  const atlasDb = await createDb(config);
  const app = await buildApp(config, {
    db: atlasDb.db,
    dialect: atlasDb.dialect,
    accounts: { rateLimit: false },
    ...(options.realtime === undefined ? {} : { realtime: options.realtime }),
  });
  return listenTestServer(app, atlasDb);
}

let userCounter = 0;

/**
 * Creates a user and a real access token. `lifetimeMs` shortens the token (issued by a clock set
 * back so that it expires that long from now; exp has one-second resolution); a negative value
 * gives an already expired token.
 */
export async function createUserToken(
  server: Pick<TestServer, 'app' | 'atlasDb'>,
  options: { role?: Role; lifetimeMs?: number } = {},
): Promise<{ userId: string; token: string }> {
  userCounter += 1;
  const user = await server.app.accounts.users.create({
    email: `rt-${process.pid}-${userCounter}-${Date.now()}@example.com`,
    name: `Realtime ${userCounter}`,
    passwordHash: 'not-a-real-hash',
    role: options.role ?? 'user',
  });
  if (user === null) throw new Error('user not created');
  const shift =
    options.lifetimeMs === undefined ? 0 : TOKEN_TTL_SECONDS * 1000 - options.lifetimeMs;
  const issuer = new AccessTokens(TEST_JWT_SECRET, server.atlasDb.db, () => Date.now() - shift);
  return { userId: user.id, token: await issuer.issue(user) };
}

export function makeArticle(n: number): Article {
  return {
    id: `rt-${n}`,
    title: `Real-time article ${n}`,
    description: `Description ${n}`,
    url: `https://example.com/rt/${n}`,
    source: { name: 'Realtime Test' },
    author: null,
    urlToImage: null,
    publishedAt: '2025-06-01T12:00:00.000Z',
    createdAt: '2025-06-01T12:00:00.000Z',
    latitude: 48.8566,
    longitude: 2.3522,
    location: {
      name: 'Paris, France',
      city: 'Paris',
      country: 'France',
      lat: 48.8566,
      lon: 2.3522,
    },
    extractedLocation: { country: 'France' },
    category: 'technology',
    categories: ['technology'],
    sentiment: 'neutral',
    sentimentScore: 0,
    emoji: null,
    isSample: true,
  };
}

/** A raw socket.io client (no reconnection unless asked) that resolves once connected. */
export function connectRaw(
  url: string,
  options: { token?: string; origin?: string; reconnection?: boolean } = {},
): { socket: RawClient; connected: Promise<void> } {
  const socket: RawClient = io(url, {
    path: REALTIME_PATH,
    transports: ['websocket'],
    reconnection: options.reconnection ?? false,
    timeout: 5_000,
    forceNew: true,
    auth: options.token === undefined ? {} : { token: options.token },
    ...(options.origin === undefined ? {} : { extraHeaders: { Origin: options.origin } }),
  });
  const connected = new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => reject(error));
  });
  return { socket, connected };
}

/** Polls `predicate` every 10 ms until true; throws `message` after `timeoutMs`. */
export async function waitFor(
  predicate: () => boolean,
  timeoutMs: number,
  message: string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`timed out: ${message}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export const sleep = (ms: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, ms));

/** Generous: importing the server through tsx takes 6-10 s when the 2 cores are busy. */
const BOOT_TIMEOUT_MS = 40_000;
const LISTENING = /ATLAS listening on (http:\/\/127\.0\.0\.1:(\d+))/;

export interface NodeProcess {
  child: ChildProcess;
  url: string;
  port: number;
  output: string[];
  /** Standby mode: starts the server (on env PORT) and resolves once it listens. */
  start(): Promise<void>;
  /** Sends one line to the node's stdin (commands: see realtimeNode.ts). */
  send(command: string): void;
  /** Resolves with the next output line matching `pattern`. */
  waitForLine(pattern: RegExp, timeoutMs: number): Promise<RegExpExecArray>;
  exited: Promise<void>;
}

/**
 * Starts tests/server/realtimeNode.ts (the real server through startServer, plus a stdin command
 * channel to publish events) as a child process and waits for its listening line (or, in standby,
 * for it to be loaded and waiting for start()).
 */
export async function spawnRealtimeNode(
  env: Record<string, string>,
  { standby = false }: { standby?: boolean } = {},
): Promise<NodeProcess> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join('tests', 'server', 'realtimeNode.ts')],
    {
      cwd: REPO_ROOT,
      stdio: ['pipe', 'pipe', 'pipe'],
      env: {
        PATH: process.env['PATH'] ?? '',
        HOST: '127.0.0.1',
        PORT: '0',
        LOG_LEVEL: 'warn',
        ATLAS_SEED_SYNTHETIC: '0',
        ATLAS_INGEST: 'off',
        ATLAS_STARTER: 'off',
        ATLAS_JWT_SECRET: TEST_JWT_SECRET,
        ...(standby ? { ATLAS_STANDBY: '1' } : {}),
        ...env,
      },
    },
  );
  const output: string[] = [];
  createInterface({ input: child.stdout }).on('line', (line) => output.push(line));
  createInterface({ input: child.stderr }).on('line', (line) => output.push(line));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let gone = false;
  void exited.then(() => (gone = true));

  /** The first line from index `from` on that matches, polling every 10 ms. */
  const waitForLine = (pattern: RegExp, timeoutMs: number, from = 0): Promise<RegExpExecArray> =>
    new Promise((resolve, reject) => {
      const deadline = Date.now() + timeoutMs;
      const poll = (): void => {
        for (let i = from; i < output.length; i += 1) {
          const match = pattern.exec(output[i] ?? '');
          if (match !== null) {
            resolve(match);
            return;
          }
        }
        if (gone) reject(new Error(`process exited:\n${output.join('\n')}`));
        else if (Date.now() > deadline)
          reject(new Error(`no line ${String(pattern)}:\n${output.slice(-20).join('\n')}`));
        else setTimeout(poll, 10);
      };
      poll();
    });

  let url: string;
  let port: number;
  if (standby) {
    await waitForLine(/^standby$/, BOOT_TIMEOUT_MS);
    port = Number(env['PORT']);
    url = `http://127.0.0.1:${port}`;
  } else {
    const match = await waitForLine(LISTENING, BOOT_TIMEOUT_MS);
    url = match[1] ?? '';
    port = Number(match[2]);
  }
  return {
    child,
    url,
    port,
    output,
    start: async () => {
      const from = output.length;
      child.stdin.write('start\n');
      await waitForLine(LISTENING, BOOT_TIMEOUT_MS, from);
    },
    send: (command) => {
      child.stdin.write(`${command}\n`);
    },
    // Only lines printed after the call count.
    waitForLine: (pattern, timeoutMs) => waitForLine(pattern, timeoutMs, output.length),
    exited,
  };
}
