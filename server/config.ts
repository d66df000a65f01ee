/**
 * Server configuration, read once from the environment. Every problem is collected and reported
 * together so a misconfigured deployment fails at boot with one readable message, not at the first
 * request that happens to touch the bad value.
 */
import { isIP } from 'node:net';
import path from 'node:path';
import { parseFeedUrlList } from './feeds/registry';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export type DatabaseConfig =
  | { kind: 'sqlite'; /** absolute path, or ':memory:' */ file: string }
  | {
      kind: 'postgres';
      /** Connection string without ATLAS's own `schema` parameter. */
      url: string;
      /** Schema to create and use (search_path); from `?schema=` in DATABASE_URL. */
      schema: string | null;
    };

/**
 * Synthetic articles seeded into an EMPTY database when ATLAS_SEED_SYNTHETIC is unset: none. A
 * fresh `npm start` is populated by the starter set instead (ATLAS_STARTER); benchmarks and
 * browser tests ask for synthetic articles explicitly (marked as sample data).
 */
export const DEFAULT_SAMPLE_ARTICLES = 0;

export interface Config {
  port: number;
  host: string;
  database: DatabaseConfig;
  logLevel: LogLevel;
  /** Absolute path of the built client (vite build output). */
  distDir: string;
  /** Absolute path of public/ (static assets Vite copies into dist). */
  publicDir: string;
  /** ATLAS_SEED_SYNTHETIC: number of synthetic articles to seed at boot into an empty table. */
  seedSynthetic: number;
  /**
   * ATLAS_CONTACT_EMAIL: the contact address the public pages show (About, Privacy, Terms, Docs),
   * served by GET /api/public/site. Default 'contact@atlas.invalid' (a reserved, undeliverable
   * domain: set a real one in production).
   */
  contactEmail?: string;
  /**
   * ATLAS_JWT_SECRET (at least 32 characters). Null: the server generates one and keeps it in
   * `<var dir>/jwt-secret` (fine for one machine; several API processes must share an explicit
   * secret).
   */
  jwtSecret: string | null;
  /** REDIS_URL: enables the socket.io Redis adapter and the shared rate-limit store. */
  redisUrl: string | null;
  /**
   * ATLAS_REDIS_PREFIX: prefix of the socket.io Redis adapter's pub/sub channels (default
   * 'atlas-socket.io'); deployments (or tests) sharing one Redis use different prefixes.
   */
  redisKeyPrefix?: string;
  /**
   * ATLAS_CORS_ORIGINS: exact origins (scheme://host[:port]) allowed to call the API and open the
   * socket from another origin. The page's own origin is always allowed.
   */
  corsOrigins: string[];
  /**
   * ATLAS_TRUST_PROXY: comma-separated addresses or CIDR ranges of reverse proxies whose
   * X-Forwarded-For is believed (then request.ip, the guest rate-limit key, is the client's).
   * Empty: no proxy is trusted. Never 'trust all': a blanket value is a configuration error.
   */
  trustProxy?: string[];
  /** ATLAS_ROLE: 'all' (default: API + ingestion worker), 'api' or 'worker'. */
  role: ServerRole;
  /**
   * ATLAS_INGEST (on|off, default on): whether roles that run jobs poll the feed registry. Tests
   * turn it off (tests/setup.ts) so nothing reaches beyond loopback.
   */
  ingest: boolean;
  /**
   * ATLAS_STARTER (on|off, default on): on a first run (no articles yet) ingest the bundled starter
   * set (server/pipeline/starter/) through the pipeline, so the globe is populated at once.
   */
  starterSet: boolean;
  /**
   * ATLAS_FEEDS: comma-separated feed URLs that replace the default feed list for this run (each
   * must pass the feed URL policy, server/feeds/ssrf.ts); null: server/feeds/defaultFeeds.json.
   */
  feedUrls?: string[] | null;
  /**
   * ATLAS_FEED_ALLOW_PRIVATE (on|off, also 1/0; default off): let feeds live on loopback/private
   * addresses and any port (tests, intranet feeds). Off in production: SSRF protection (R9).
   */
  feedAllowPrivate?: boolean;
  /**
   * The optional LLM analyser (server/analysis/llm), present only when ATLAS_LLM_URL is set;
   * without it analysis is offline only.
   */
  llm?: LlmConfig;
  /**
   * ATLAS_METRICS_ALLOW: addresses and CIDR ranges that may read /metrics without a token (a
   * Prometheus on the same host or network). Unset: an admin's bearer token only.
   */
  metricsAllow?: string[];
}

/** ATLAS_LLM_*: an OpenAI-compatible chat completions endpoint used for article analysis. */
export interface LlmConfig {
  /** ATLAS_LLM_URL: base URL (http or https); '/v1/chat/completions' is appended. */
  url: string;
  /** ATLAS_LLM_KEY: sent as a bearer token; null for servers without auth. Never logged. */
  apiKey: string | null;
  /** ATLAS_LLM_MODEL (required with ATLAS_LLM_URL). */
  model: string;
  /** ATLAS_LLM_DAILY_TOKENS: tokens per UTC day; when spent, analysis is offline until midnight. */
  dailyTokens: number;
  /** ATLAS_LLM_TIMEOUT_MS: longest wait for one reply. */
  timeoutMs: number;
}

export const DEFAULT_LLM_DAILY_TOKENS = 200_000;
export const DEFAULT_LLM_TIMEOUT_MS = 60_000;

export const SERVER_ROLES = ['all', 'api', 'worker'] as const;
export type ServerRole = (typeof SERVER_ROLES)[number];
/** Shortest accepted ATLAS_JWT_SECRET (HS256 wants a key at least as long as its 256-bit hash). */
export const MIN_JWT_SECRET_LENGTH = 32;

export class ConfigError extends Error {
  readonly problems: readonly string[];
  constructor(problems: readonly string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

export const DEFAULT_SQLITE_FILE = 'var/atlas.db';
/** Upper bound for ATLAS_SEED_SYNTHETIC: a typo like 10000000 should not fill the disk. */
export const MAX_SEED_SYNTHETIC = 1_000_000;

type Env = Readonly<Record<string, string | undefined>>;

/** Reads the config from `env` (default `process.env`); relative paths resolve against `cwd`. */
export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): Config {
  const problems: string[] = [];
  const get = (name: string): string | undefined => {
    const value = env[name]?.trim();
    return value === '' ? undefined : value;
  };

  const port = parseIntInRange(get('PORT'), 3000, 0, 65535, 'PORT', problems);
  const host = get('HOST') ?? '0.0.0.0';
  if (!/^[A-Za-z0-9.:[\]-]+$/.test(host)) {
    problems.push(`HOST must be a host name or IP address, got "${host}"`);
  }

  const logLevelRaw = (get('LOG_LEVEL') ?? 'info').toLowerCase();
  const logLevel = LOG_LEVELS.find((level) => level === logLevelRaw);
  if (logLevel === undefined) {
    problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${logLevelRaw}"`);
  }

  const database = parseDatabaseUrl(get('DATABASE_URL'), cwd, problems);
  const seedSynthetic = parseIntInRange(
    get('ATLAS_SEED_SYNTHETIC'),
    DEFAULT_SAMPLE_ARTICLES,
    0,
    MAX_SEED_SYNTHETIC,
    'ATLAS_SEED_SYNTHETIC',
    problems,
  );

  const jwtSecret = get('ATLAS_JWT_SECRET') ?? null;
  if (jwtSecret !== null && jwtSecret.length < MIN_JWT_SECRET_LENGTH) {
    problems.push(`ATLAS_JWT_SECRET must be at least ${MIN_JWT_SECRET_LENGTH} characters long`);
  }
  const redisUrl = get('REDIS_URL') ?? null;
  if (redisUrl !== null && !/^rediss?:\/\/[^\s]+$/i.test(redisUrl)) {
    problems.push(`REDIS_URL must be a redis:// or rediss:// URL`);
  }
  const corsOrigins = parseOrigins(get('ATLAS_CORS_ORIGINS'), problems);
  const trustProxy = parseTrustProxy(get('ATLAS_TRUST_PROXY'), problems);
  const redisKeyPrefix = get('ATLAS_REDIS_PREFIX');
  if (redisKeyPrefix !== undefined && !/^[A-Za-z0-9:_.-]{1,64}$/.test(redisKeyPrefix)) {
    problems.push('ATLAS_REDIS_PREFIX must be 1-64 characters of A-Z a-z 0-9 : _ . -');
  }
  const roleRaw = (get('ATLAS_ROLE') ?? 'all').toLowerCase();
  const role = SERVER_ROLES.find((r) => r === roleRaw);
  if (role === undefined) {
    problems.push(`ATLAS_ROLE must be one of ${SERVER_ROLES.join(', ')}, got "${roleRaw}"`);
  }

  const ingest = parseSwitch(get('ATLAS_INGEST'), true, 'ATLAS_INGEST', problems);
  const starterSet = parseSwitch(get('ATLAS_STARTER'), true, 'ATLAS_STARTER', problems);
  const feedAllowPrivate = parseSwitch(
    get('ATLAS_FEED_ALLOW_PRIVATE'),
    false,
    'ATLAS_FEED_ALLOW_PRIVATE',
    problems,
  );
  const feedsRaw = get('ATLAS_FEEDS');
  let feedUrls: string[] | null = null;
  if (feedsRaw !== undefined) {
    const parsed = parseFeedUrlList(feedsRaw, feedAllowPrivate);
    problems.push(...parsed.problems);
    feedUrls = parsed.urls;
  }
  const llm = parseLlm(get, problems);
  const metricsAllow = parseAddressList(
    get('ATLAS_METRICS_ALLOW'),
    'ATLAS_METRICS_ALLOW',
    problems,
  );
  const contactEmail = get('ATLAS_CONTACT_EMAIL');
  if (contactEmail !== undefined && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(contactEmail)) {
    problems.push(`ATLAS_CONTACT_EMAIL must be an e-mail address, got "${contactEmail}"`);
  }

  if (problems.length > 0 || database === null || logLevel === undefined || role === undefined) {
    throw new ConfigError(problems);
  }
  return {
    port,
    host,
    database,
    logLevel,
    distDir: path.resolve(cwd, get('ATLAS_DIST_DIR') ?? 'dist'),
    publicDir: path.resolve(cwd, get('ATLAS_PUBLIC_DIR') ?? 'public'),
    seedSynthetic,
    jwtSecret,
    redisUrl,
    corsOrigins,
    ...(trustProxy.length === 0 ? {} : { trustProxy }),
    role,
    ingest,
    starterSet,
    // Only when set, so the defaults stay as they were (null list = defaultFeeds.json).
    ...(feedUrls === null ? {} : { feedUrls }),
    ...(feedAllowPrivate ? { feedAllowPrivate } : {}),
    ...(redisKeyPrefix === undefined ? {} : { redisKeyPrefix }),
    ...(llm === null ? {} : { llm }),
    ...(metricsAllow.length === 0 ? {} : { metricsAllow }),
    ...(contactEmail === undefined ? {} : { contactEmail }),
  };
}

/**
 * A comma-separated list of IP addresses and CIDR ranges (`127.0.0.1, 10.0.0.0/8, ::1`); never a
 * wildcard. Entries are checked here so a typo fails at start instead of silently allowing nobody.
 */
export function parseAddressList(
  raw: string | undefined,
  name: string,
  problems: string[],
): string[] {
  if (raw === undefined) return [];
  const out: string[] = [];
  for (const part of raw.split(',')) {
    const entry = part.trim();
    if (entry === '') continue;
    const [address = '', bits, extra] = entry.split('/');
    const family = isIP(address);
    const prefix = bits === undefined ? null : Number(bits);
    const validPrefix =
      prefix === null ||
      (bits !== '' &&
        Number.isInteger(prefix) &&
        prefix >= 0 &&
        prefix <= (family === 6 ? 128 : 32));
    if (family === 0 || extra !== undefined || !validPrefix) {
      problems.push(`${name} entries must be IP addresses or CIDR ranges, got "${entry}"`);
    } else {
      out.push(entry);
    }
  }
  return out;
}

/** ATLAS_LLM_*; null when ATLAS_LLM_URL is unset. Messages never echo the URL or the key. */
function parseLlm(get: (name: string) => string | undefined, problems: string[]): LlmConfig | null {
  const url = get('ATLAS_LLM_URL');
  if (url === undefined) return null;
  let valid: boolean;
  try {
    const parsed = new URL(url);
    valid = parsed.protocol === 'http:' || parsed.protocol === 'https:';
  } catch {
    valid = false;
  }
  if (!valid) problems.push('ATLAS_LLM_URL must be an http:// or https:// URL');
  const model = get('ATLAS_LLM_MODEL');
  if (model === undefined) problems.push('ATLAS_LLM_MODEL must be set when ATLAS_LLM_URL is set');
  const dailyTokens = parseIntInRange(
    get('ATLAS_LLM_DAILY_TOKENS'),
    DEFAULT_LLM_DAILY_TOKENS,
    0,
    1_000_000_000,
    'ATLAS_LLM_DAILY_TOKENS',
    problems,
  );
  const timeoutMs = parseIntInRange(
    get('ATLAS_LLM_TIMEOUT_MS'),
    DEFAULT_LLM_TIMEOUT_MS,
    1_000,
    600_000,
    'ATLAS_LLM_TIMEOUT_MS',
    problems,
  );
  return {
    url,
    apiKey: get('ATLAS_LLM_KEY') ?? null,
    model: model ?? '',
    dailyTokens,
    timeoutMs,
  };
}

/** on/off switches (also true/false, 1/0, yes/no). */
function parseSwitch(
  raw: string | undefined,
  fallback: boolean,
  name: string,
  problems: string[],
): boolean {
  if (raw === undefined) return fallback;
  const value = raw.trim().toLowerCase();
  if (['on', 'true', '1', 'yes'].includes(value)) return true;
  if (['off', 'false', '0', 'no'].includes(value)) return false;
  problems.push(`${name} must be on or off, got "${raw}"`);
  return fallback;
}

/** Comma-separated exact origins; each must be scheme://host[:port] with nothing after it. */
function parseOrigins(raw: string | undefined, problems: string[]): string[] {
  if (raw === undefined) return [];
  const origins: string[] = [];
  for (const part of raw.split(',')) {
    const candidate = part.trim();
    if (candidate === '') continue;
    let origin: string | null = null;
    try {
      const url = new URL(candidate);
      if ((url.protocol === 'http:' || url.protocol === 'https:') && url.origin === candidate) {
        origin = url.origin;
      }
    } catch {
      origin = null;
    }
    if (origin === null) {
      problems.push(
        `ATLAS_CORS_ORIGINS entries must be exact origins like https://news.example.org, got "${candidate}"`,
      );
    } else {
      origins.push(origin);
    }
  }
  return origins;
}

function parseIntInRange(
  raw: string | undefined,
  fallback: number,
  min: number,
  max: number,
  name: string,
  problems: string[],
): number {
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw)) {
    problems.push(`${name} must be an integer between ${min} and ${max}, got "${raw}"`);
    return fallback;
  }
  const value = Number(raw);
  if (value < min || value > max) {
    problems.push(`${name} must be between ${min} and ${max}, got ${value}`);
    return fallback;
  }
  return value;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * Accepted forms: unset (SQLite at var/atlas.db), `sqlite:<path>`, `sqlite://<path>`,
 * `sqlite::memory:`, a plain file path, and `postgres://` / `postgresql://` URLs (an optional
 * `?schema=name` selects a PostgreSQL schema, which lets tests run side by side in one database).
 */
export function parseDatabaseUrl(
  raw: string | undefined,
  cwd: string,
  problems: string[],
): DatabaseConfig | null {
  if (raw === undefined) return { kind: 'sqlite', file: path.resolve(cwd, DEFAULT_SQLITE_FILE) };

  if (/^postgres(ql)?:\/\//i.test(raw)) {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      problems.push('DATABASE_URL is not a valid postgres:// URL');
      return null;
    }
    if (url.hostname === '' && !url.searchParams.has('host')) {
      problems.push('DATABASE_URL must name a host, e.g. postgres://user@127.0.0.1:5432/atlas');
      return null;
    }
    const schema = url.searchParams.get('schema');
    url.searchParams.delete('schema');
    if (schema !== null && !SCHEMA_NAME.test(schema)) {
      problems.push(
        `DATABASE_URL schema must match ${SCHEMA_NAME.source} (lower case), got "${schema}"`,
      );
      return null;
    }
    return { kind: 'postgres', url: url.toString(), schema };
  }

  const sqliteMatch = /^sqlite:(?:\/\/)?(.*)$/i.exec(raw);
  if (sqliteMatch !== null) {
    const file = sqliteMatch[1] ?? '';
    if (file === '') {
      problems.push('DATABASE_URL "sqlite:" needs a file path, e.g. sqlite:var/atlas.db');
      return null;
    }
    return { kind: 'sqlite', file: file === ':memory:' ? file : path.resolve(cwd, file) };
  }

  // Anything else with a scheme (mysql://, file://...) is a mistake, not a relative file name.
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(raw)) {
    problems.push(
      `DATABASE_URL scheme is not supported: "${raw.split(':')[0] ?? ''}:" (use sqlite:<path> or postgres://)`,
    );
    return null;
  }
  return { kind: 'sqlite', file: path.resolve(cwd, raw) };
}

/** A URL safe to print in logs: the password is masked. */
export function describeDatabase(database: DatabaseConfig): string {
  if (database.kind === 'sqlite') return `sqlite:${database.file}`;
  const url = new URL(database.url);
  if (url.password !== '') url.password = '***';
  return url.toString() + (database.schema === null ? '' : ` (schema ${database.schema})`);
}

/** ATLAS_TRUST_PROXY: IPv4/IPv6 addresses or CIDR ranges; '*', 'true' and 0.0.0.0/0 refused. */
function parseTrustProxy(value: string | undefined, problems: string[]): string[] {
  if (value === undefined) return [];
  const out: string[] = [];
  for (const raw of value.split(',')) {
    const entry = raw.trim();
    if (entry === '') continue;
    const [address = '', bits, ...rest] = entry.split('/');
    const family = isIP(address);
    const prefix = bits === undefined ? null : Number(bits);
    const valid =
      family !== 0 &&
      rest.length === 0 &&
      (prefix === null ||
        (Number.isInteger(prefix) && prefix >= 1 && prefix <= (family === 4 ? 32 : 128)));
    if (!valid) {
      problems.push(
        `ATLAS_TRUST_PROXY must list proxy addresses or CIDR ranges (not 'trust all'), got "${entry}"`,
      );
      continue;
    }
    out.push(entry);
  }
  return out;
}
