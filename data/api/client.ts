/**
 * The browser's HTTP client for the ATLAS API (spec application.md sections 7, 8 and 9): base
 * '/api', bearer token, 10 s timeout (logged 'Request timeout'), errors 'API error: {status}
 * {statusText}', 'Request was cancelled' for aborted calls, and a GET response cache whose entry
 * lifetime depends on the path (articles 5 min, analytics 10 min, intelligence 15 min, else
 * 5 min), pruned oldest first when it holds more than 100 entries.
 *
 * `createAtlasApi` wraps it in one typed function per call the product makes. Responses are
 * untrusted JSON: article payloads are returned raw (unknown) for `normalizeArticle`, other
 * payloads are checked for the fields the callers read.
 *
 * Uses only fetch, AbortController and setTimeout, so it runs in the browser and in Node tests.
 */
import type { Role } from '../permissions';
import { ROLES } from '../permissions';
import { mergePreferences, type Preferences, type PreferencesUpdate } from '../preferences';

export const API_BASE = '/api';
export const REQUEST_TIMEOUT_MS = 10_000;
export const CACHE_MAX_ENTRIES = 100;
/** A timeout timer this late (ms) fired after a busy stretch of the thread: see `send`. */
export const TIMER_LATE_MS = 1000;
export const TIMEOUT_GRACE_MS = 100;
export const CACHE_TTL_MS = {
  articles: 5 * 60_000,
  analytics: 10 * 60_000,
  intelligence: 15 * 60_000,
  default: 5 * 60_000,
} as const;

/** Section 8 texts. */
export const TIMEOUT_MESSAGE = 'Request timeout';
export const CANCELLED_MESSAGE = 'Request was cancelled';
export const UNSUCCESSFUL_RESPONSE_MESSAGE = 'API returned unsuccessful response';
export const LOGIN_FAILED_MESSAGE = 'Invalid credentials';
export const LOGIN_FALLBACK_MESSAGE = 'Login failed';
export const REGISTRATION_FAILED_MESSAGE = 'Registration failed';
export const TOKEN_INVALID_MESSAGE = 'Token invalid';
export const ANALYSIS_FAILED_MESSAGE = 'Analysis failed';

export const apiErrorText = (status: number, statusText: string): string =>
  `API error: ${status} ${statusText}`;
/** The text of the product's direct fetches (markers, globe list, GeoJSON). */
export const httpErrorText = (status: number): string => `HTTP error! status: ${status}`;

export type ApiErrorKind = 'http' | 'timeout' | 'cancelled' | 'network' | 'invalid-response';

export class ApiError extends Error {
  constructor(
    message: string,
    /** HTTP status for 'http' errors, else null. */
    readonly status: number | null,
    readonly kind: ApiErrorKind = 'http',
    /** The parsed error body of an 'http' error, when it was JSON. */
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * Whether a failed call says nothing about the request itself: the server could not be reached
 * or did not answer in time (a timeout, a network failure), or failed on its side (5xx). A token
 * check that fails this way has not found the token invalid.
 */
export function isUnreachable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.kind === 'timeout' || error.kind === 'network') return true;
  return error.kind === 'http' && error.status !== null && error.status >= 500;
}

/** Cache lifetime for a path (relative to the base, query ignored). */
export function cacheTtlFor(path: string): number {
  const segments = path.split('?')[0]?.split('/') ?? [];
  if (segments.includes('intelligence')) return CACHE_TTL_MS.intelligence;
  if (segments.includes('analytics')) return CACHE_TTL_MS.analytics;
  if (segments.includes('articles')) return CACHE_TTL_MS.articles;
  return CACHE_TTL_MS.default;
}

export type QueryValue =
  string | number | boolean | readonly (string | number)[] | null | undefined;
export type Query = Readonly<Record<string, QueryValue>>;

/** `?a=1&b=x,y` from defined values (arrays comma-joined, as the spec's sentiment list). */
export function queryString(query: Query | undefined): string {
  if (query === undefined) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    params.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const s = params.toString();
  return s === '' ? '' : `?${s}`;
}

export interface ApiClientOptions {
  /** Default '/api'; tests and other hosts pass an absolute URL. */
  baseUrl?: string;
  /** Current bearer token, read per request; null or '' sends none. */
  getToken?: () => string | null | undefined;
  timeoutMs?: number;
  /** Clock for cache expiry (injected in tests). */
  now?: () => number;
  fetch?: typeof fetch;
  /** Where 'Request timeout' is logged; console.warn by default. */
  log?: (message: string) => void;
  maxCacheEntries?: number;
}

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
  /** GET only: use and fill the response cache (default true). */
  cache?: boolean;
  /** Send the bearer token (default true). */
  auth?: boolean;
  /** Message for a non-OK status; default 'API error: {status} {statusText}'. */
  errorText?: (status: number, statusText: string) => string;
}

interface CacheEntry {
  value: unknown;
  expiresAt: number;
}

export class ApiClient {
  private readonly baseUrl: string;
  private readonly getToken: () => string | null | undefined;
  private readonly timeoutMs: number;
  private readonly now: () => number;
  private readonly fetchFn: typeof fetch;
  private readonly log: (message: string) => void;
  private readonly maxCacheEntries: number;
  /** Insertion order is age order: a refreshed entry is deleted and re-added. */
  private readonly cache = new Map<string, CacheEntry>();

  constructor(options: ApiClientOptions = {}) {
    this.baseUrl = (options.baseUrl ?? API_BASE).replace(/\/+$/, '');
    this.getToken = options.getToken ?? (() => null);
    this.timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
    this.now = options.now ?? Date.now;
    // Looked up per call so a test (or polyfill) installed later is used.
    this.fetchFn = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.log = options.log ?? ((message) => console.warn(message));
    this.maxCacheEntries = options.maxCacheEntries ?? CACHE_MAX_ENTRIES;
  }

  get cacheSize(): number {
    return this.cache.size;
  }

  get(path: string, options: RequestOptions = {}): Promise<unknown> {
    return this.request('GET', path, options);
  }

  post(path: string, body?: unknown, options: RequestOptions = {}): Promise<unknown> {
    return this.request('POST', path, { ...options, body });
  }

  put(path: string, body?: unknown, options: RequestOptions = {}): Promise<unknown> {
    return this.request('PUT', path, { ...options, body });
  }

  /**
   * Drops cached responses whose path (relative to the base, with query) starts with `prefix`;
   * all of them when omitted. Returns how many were dropped.
   */
  invalidate(prefix = ''): number {
    let dropped = 0;
    for (const key of [...this.cache.keys()]) {
      if (key.startsWith(prefix)) {
        this.cache.delete(key);
        dropped += 1;
      }
    }
    return dropped;
  }

  async request(method: string, path: string, options: RequestOptions = {}): Promise<unknown> {
    const relative = `${path}${queryString(options.query)}`;
    const useCache = method === 'GET' && options.cache !== false;
    if (useCache) {
      const hit = this.cache.get(relative);
      if (hit !== undefined && hit.expiresAt > this.now()) return hit.value;
      if (hit !== undefined) this.cache.delete(relative);
    }
    const value = await this.send(method, relative, options);
    if (useCache) this.remember(relative, value);
    return value;
  }

  private remember(key: string, value: unknown): void {
    this.cache.delete(key);
    this.cache.set(key, { value, expiresAt: this.now() + cacheTtlFor(key) });
    for (const oldest of this.cache.keys()) {
      if (this.cache.size <= this.maxCacheEntries) break;
      this.cache.delete(oldest);
    }
  }

  private async send(method: string, relative: string, options: RequestOptions): Promise<unknown> {
    const caller = options.signal;
    if (isAborted(caller)) throw new ApiError(CANCELLED_MESSAGE, null, 'cancelled');
    const controller = new AbortController();
    // An object so TypeScript does not narrow the flags to their initial values.
    const state = { timedOut: false, graced: false };
    const started = Date.now();
    const expire = (): void => {
      // A timer that fires well after its time means this thread was busy (a long task, e.g.
      // shader compilation on a slow machine) and the answer may be waiting in the task queue:
      // one short grace lets it through before the call counts as timed out.
      if (!state.graced && Date.now() - started - this.timeoutMs > TIMER_LATE_MS) {
        state.graced = true;
        timer = setTimeout(expire, TIMEOUT_GRACE_MS);
        return;
      }
      state.timedOut = true;
      this.log(TIMEOUT_MESSAGE);
      controller.abort();
    };
    let timer = setTimeout(expire, this.timeoutMs);
    const onCallerAbort = (): void => controller.abort();
    caller?.addEventListener('abort', onCallerAbort, { once: true });

    const headers: Record<string, string> = { Accept: 'application/json' };
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    const token = options.auth === false ? null : this.getToken();
    if (token !== null && token !== undefined && token !== '') {
      headers['Authorization'] = `Bearer ${token}`;
    }
    try {
      const res = await this.fetchFn(`${this.baseUrl}${relative}`, {
        method,
        headers,
        signal: controller.signal,
        ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
      });
      // The body is read under the same timeout: a server that stalls mid-body still times out.
      const body = parseJson(await res.text());
      if (!res.ok) {
        const message = (options.errorText ?? apiErrorText)(res.status, res.statusText);
        throw new ApiError(message, res.status, 'http', body.ok ? body.value : undefined);
      }
      if (!body.ok) throw new ApiError('Invalid JSON response', res.status, 'invalid-response');
      return body.value;
    } catch (error) {
      if (error instanceof ApiError) throw error;
      if (state.timedOut) throw new ApiError(TIMEOUT_MESSAGE, null, 'timeout');
      if (isAborted(caller)) throw new ApiError(CANCELLED_MESSAGE, null, 'cancelled');
      const message =
        error instanceof Error && error.message !== '' ? error.message : 'Network error';
      throw new ApiError(message, null, 'network');
    } finally {
      clearTimeout(timer);
      caller?.removeEventListener('abort', onCallerAbort);
    }
  }
}

/** A function, not an inline test, because TypeScript would keep a narrowing across awaits. */
function isAborted(signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true;
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text === '') return { ok: true, value: null };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

// ---------------------------------------------------------------------------------------------
// Typed calls (spec section 7).

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);

export interface AuthUser {
  id: string;
  email: string;
  name: string;
  role: Role;
}

export interface AuthResult {
  user: AuthUser;
  token: string;
  message: string | null;
}

export interface GeocodedFilters {
  search?: string;
  /** ISO 8601. */
  startDate?: string;
  endDate?: string;
  sentiment?: readonly string[];
  hours?: number;
  useEnhanced?: boolean;
  limit?: number;
}

/** Spec: with no filters the geocoded list asks for 100 articles of the last 12 hours. */
export const GEOCODED_DEFAULTS = { limit: 100, hours: 12 } as const;
export const NEWS_MARKER_DEFAULTS = { hours: 12, limit: 200 } as const;
export const COUNTRY_NEWS_DEFAULTS = { hours: 24, limit: 50 } as const;
export const MARKER_STATS_DEFAULTS = { hours: 12 } as const;

export interface Bounds {
  minLat: number;
  maxLat: number;
  minLng: number;
  maxLng: number;
}

export interface V4Query {
  limit?: number;
  skip?: number;
  sort?: string;
  completeness?: number;
  costMin?: number;
  costMax?: number;
}

export interface V4ArticlePage {
  articles: unknown[];
  total: number;
  limit: number;
  skip: number;
}

export interface ArticlePage {
  articles: unknown[];
  /** pagination.total (all stored articles), or null when the server did not say. */
  total: number | null;
}

/** A list of articles from an array or an {articles: [...]} envelope; anything else is empty. */
export function articleList(body: unknown): unknown[] {
  if (Array.isArray(body)) return body as unknown[];
  const list = isObj(body) ? body['articles'] : undefined;
  return Array.isArray(list) ? (list as unknown[]) : [];
}

function serverMessage(body: unknown): string | null {
  return isObj(body) ? (text(body['message']) ?? text(body['error'])) : null;
}

function readUser(v: unknown): AuthUser | null {
  const u = isObj(v) && isObj(v['user']) ? v['user'] : v;
  if (!isObj(u)) return null;
  const id = typeof u['id'] === 'number' ? String(u['id']) : text(u['id']);
  // A missing role is a plain account; an unknown one is rejected rather than guessed.
  const rawRole = u['role'] ?? 'user';
  const role = (ROLES as readonly unknown[]).includes(rawRole) ? (rawRole as Role) : null;
  if (id === null || role === null) return null;
  return { id, email: text(u['email']) ?? '', name: text(u['name']) ?? '', role };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : '';
}

export function createAtlasApi(client: ApiClient) {
  let pendingMarkers: AbortController | null = null;

  /** Login and registration share the response shape and the failure rules (section 8). */
  async function authCall(
    path: string,
    body: unknown,
    failure: string,
    fallback: string,
  ): Promise<AuthResult> {
    let res: unknown;
    try {
      res = await client.post(path, body, { auth: false });
    } catch (error) {
      if (error instanceof ApiError && error.kind === 'http') {
        throw new ApiError(serverMessage(error.body) ?? failure, error.status, 'http', error.body);
      }
      throw new ApiError(messageOf(error) || fallback, null, 'network');
    }
    const user = readUser(res);
    const token = isObj(res) ? text(res['token']) : null;
    if (!isObj(res) || res['success'] === false || user === null || token === null) {
      throw new ApiError(serverMessage(res) ?? failure, 200, 'invalid-response', res);
    }
    // A different account must not see the previous one's cached responses.
    client.invalidate();
    return { user, token, message: serverMessage(res) };
  }

  return {
    login: (email: string, password: string): Promise<AuthResult> =>
      authCall('/auth/login', { email, password }, LOGIN_FAILED_MESSAGE, LOGIN_FALLBACK_MESSAGE),

    register: (fields: Readonly<Record<string, unknown>>): Promise<AuthResult> =>
      authCall('/auth/register', fields, REGISTRATION_FAILED_MESSAGE, REGISTRATION_FAILED_MESSAGE),

    /** Validates the token; any failure is 'Token invalid' (the caller logs out). */
    async me(signal?: AbortSignal): Promise<AuthUser> {
      let res: unknown;
      try {
        res = await client.get('/auth/me', { cache: false, ...(signal ? { signal } : {}) });
      } catch (error) {
        if (error instanceof ApiError && error.kind === 'cancelled') throw error;
        // The kind is kept: a check that could not reach the server is not a refused token.
        throw error instanceof ApiError
          ? new ApiError(TOKEN_INVALID_MESSAGE, error.status, error.kind)
          : new ApiError(TOKEN_INVALID_MESSAGE, null, 'network');
      }
      const user = readUser(res);
      if (user === null) throw new ApiError(TOKEN_INVALID_MESSAGE, 200, 'invalid-response');
      return user;
    },

    /**
     * The spec's logout is local (clear user and token). We also tell the server, best effort,
     * so it can revoke the token if it supports that; a failure changes nothing for the user.
     */
    async logout(): Promise<void> {
      client.invalidate();
      try {
        await client.post('/auth/logout', undefined, { cache: false });
      } catch {
        // Logged out locally either way.
      }
    },

    async geocodedArticles(
      filters: GeocodedFilters = {},
      signal?: AbortSignal,
    ): Promise<unknown[]> {
      const given = Object.values(filters).some((v) => v !== undefined);
      const query: Query = given
        ? {
            search: filters.search,
            startDate: filters.startDate,
            endDate: filters.endDate,
            sentiment: filters.sentiment,
            hours: filters.hours,
            useEnhanced: filters.useEnhanced,
            limit: filters.limit,
          }
        : GEOCODED_DEFAULTS;
      return articleList(
        await client.get('/articles/geocoded', { query, ...(signal ? { signal } : {}) }),
      );
    },

    /** The spec's fallback list: geocoded articles that have a v4 analysis. */
    async geocodedV4Fallback(signal?: AbortSignal): Promise<unknown[]> {
      const query = { hasV4: true, limit: 100 };
      return articleList(
        await client.get('/articles/geocoded', { query, ...(signal ? { signal } : {}) }),
      );
    },

    /** One raw article (unwrapped from {article} when the server wraps it). */
    async articleById(id: string, signal?: AbortSignal): Promise<unknown> {
      const body = await client.get(
        `/articles/${encodeURIComponent(id)}`,
        signal ? { signal } : {},
      );
      return isObj(body) && isObj(body['article']) ? body['article'] : body;
    },

    /** Runs the analysis; {success:false} is a failure. Cached article responses are dropped. */
    async analyzeArticle(id: string): Promise<unknown> {
      const body = await client.post(`/articles/${encodeURIComponent(id)}/analyze`);
      if (isObj(body) && body['success'] === false) {
        throw new ApiError(
          serverMessage(body) ?? ANALYSIS_FAILED_MESSAGE,
          200,
          'invalid-response',
          body,
        );
      }
      client.invalidate('/articles');
      return body;
    },

    knowledgeGraph: (signal?: AbortSignal): Promise<unknown> =>
      client.get('/intelligence/knowledge-graph', signal ? { signal } : {}),

    /**
     * v4 public articles. On an error mentioning 401 the spec falls back to an endpoint whose
     * path it does not show; we use the geocoded v4 fallback list, paged locally. `cache: false`
     * asks the server even when a cached answer is fresh (a caller that polls or retries).
     */
    async v4Articles(
      params: V4Query = {},
      signal?: AbortSignal,
      options: { cache?: boolean } = {},
    ): Promise<V4ArticlePage> {
      const query: Query = { ...params };
      const cache = options.cache ?? true;
      const opts = { query, cache, ...(signal ? { signal } : {}) };
      let body: unknown;
      try {
        body = await client.get('/v4/articles/public', opts);
      } catch (error) {
        if (!messageOf(error).includes('401')) throw error;
        const all = articleList(
          await client.get('/articles/geocoded', {
            query: { hasV4: true, limit: 100 },
            cache,
            ...(signal ? { signal } : {}),
          }),
        );
        const skip = params.skip ?? 0;
        const limit = params.limit ?? all.length;
        return { articles: all.slice(skip, skip + limit), total: all.length, limit, skip };
      }
      const articles = articleList(body);
      const num = (k: string, d: number): number =>
        isObj(body) && typeof body[k] === 'number' ? body[k] : d;
      return {
        articles,
        total: num('total', articles.length),
        limit: num('limit', params.limit ?? articles.length),
        skip: num('skip', params.skip ?? 0),
      };
    },

    /**
     * Recent markers; starting a new call cancels the previous pending one (its promise rejects
     * with 'Request was cancelled'). Not cached: the globe refreshes it every 30 s.
     */
    async newsMarkersRecent(
      options: { hours?: number; limit?: number; bounds?: Bounds; signal?: AbortSignal } = {},
    ): Promise<unknown[]> {
      pendingMarkers?.abort();
      const controller = new AbortController();
      pendingMarkers = controller;
      const forward = (): void => controller.abort();
      options.signal?.addEventListener('abort', forward, { once: true });
      try {
        const body = await client.get('/news-markers/recent', {
          query: {
            hours: options.hours ?? NEWS_MARKER_DEFAULTS.hours,
            limit: options.limit ?? NEWS_MARKER_DEFAULTS.limit,
            format: 'markers',
            ...options.bounds,
          },
          signal: controller.signal,
          cache: false,
          errorText: httpErrorText,
        });
        if (!isObj(body) || body['success'] !== true) {
          throw new ApiError(UNSUCCESSFUL_RESPONSE_MESSAGE, 200, 'invalid-response', body);
        }
        return articleList(body);
      } finally {
        options.signal?.removeEventListener('abort', forward);
        if (pendingMarkers === controller) pendingMarkers = null;
      }
    },

    newsByCountry: (country: string, signal?: AbortSignal): Promise<unknown> =>
      client.get(`/news-markers/by-country/${encodeURIComponent(country)}`, {
        query: COUNTRY_NEWS_DEFAULTS,
        cache: false,
        errorText: httpErrorText,
        ...(signal ? { signal } : {}),
      }),

    newsMarkerStats: (signal?: AbortSignal): Promise<unknown> =>
      client.get('/news-markers/stats', {
        query: MARKER_STATS_DEFAULTS,
        cache: false,
        errorText: httpErrorText,
        ...(signal ? { signal } : {}),
      }),

    /** GET /public/all-articles; polled by its callers, so never cached. */
    async allArticles(
      params: { limit?: number; sort?: '-createdAt' | 'createdAt'; page?: number } = {},
      signal?: AbortSignal,
    ): Promise<ArticlePage> {
      const body = await client.get('/public/all-articles', {
        query: params,
        cache: false,
        errorText: httpErrorText,
        ...(signal ? { signal } : {}),
      });
      const pagination = isObj(body) ? body['pagination'] : undefined;
      const total =
        isObj(pagination) && typeof pagination['total'] === 'number' ? pagination['total'] : null;
      return { articles: articleList(body), total };
    },

    /** Stored preferences merged over the defaults (unknown or invalid fields ignored). */
    async getPreferences(signal?: AbortSignal): Promise<Preferences> {
      const body = await client.get('/preferences', {
        cache: false,
        ...(signal ? { signal } : {}),
      });
      return mergePreferences(
        isObj(body) && isObj(body['preferences']) ? body['preferences'] : body,
        {},
      );
    },

    async putPreferences(update: PreferencesUpdate): Promise<Preferences> {
      const body = await client.put('/preferences', update);
      return mergePreferences(
        isObj(body) && isObj(body['preferences']) ? body['preferences'] : body,
        {},
      );
    },
  };
}

export type AtlasApi = ReturnType<typeof createAtlasApi>;
