/**
 * Feed URL -> bytes -> FeedFetchOutcome (issue #8, RELIABILITY.md R5/R9). Plain node:http/https
 * so every limit is ours: the SSRF policy runs on the URL and on every resolved address before
 * each hop connects (addresses pinned through `lookup`), redirects are capped and re-checked, the
 * whole fetch has a deadline and the body an idle (slow-drip) timeout, and the size cap counts
 * DECOMPRESSED bytes and stops inflating the moment it is passed (a gzip bomb costs at most the
 * cap). Conditional GETs turn a 304 into 'not-modified'. Never throws: every failure is a
 * 'rejected' outcome with a reason and whether a retry can help.
 */
import http from 'node:http';
import https from 'node:https';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import type { FeedFetchOutcome, FeedRequest, FetchFeed } from '../pipeline/contracts';
import { readPackageVersion } from '../version';
import { parseFeedDocument, DEFAULT_MAX_ITEMS } from './parse';
import {
  checkParsedUrl,
  pinnedLookup,
  resolveAllowed,
  systemResolver,
  type Resolver,
} from './ssrf';

export const DEFAULT_TIMEOUT_MS = 15_000;
export const DEFAULT_IDLE_TIMEOUT_MS = 5_000;
export const DEFAULT_MAX_BYTES = 5 * 1024 * 1024;
export const DEFAULT_MAX_REDIRECTS = 3;

export const FEED_ACCEPT =
  'application/rss+xml, application/atom+xml, application/feed+json, application/rdf+xml, ' +
  'application/xml;q=0.9, text/xml;q=0.9, application/json;q=0.8, */*;q=0.5';

export interface FetcherOptions {
  /** ATLAS_FEED_ALLOW_PRIVATE: allow loopback/private targets (tests, intranet feeds). */
  allowPrivate?: boolean;
  /** Deadline for the whole fetch, redirects included. */
  timeoutMs?: number;
  /** Longest silence while waiting for headers or body bytes. */
  idleTimeoutMs?: number;
  /** Body cap, counted after decompression. */
  maxBytes?: number;
  maxRedirects?: number;
  maxItems?: number;
  userAgent?: string;
  /**
   * Origins (scheme://host:port) exempt from the address policy, e.g. a vetted internal mirror.
   * Redirects out of them are checked as usual (the SSRF tests start from such an origin).
   */
  exemptOrigins?: readonly string[];
  /** DNS for tests; every answer still goes through the address policy. */
  resolver?: Resolver;
}

export type FetchBytesResult =
  | {
      status: 'ok';
      bytes: Buffer;
      contentType: string | null;
      etag: string | null;
      lastModified: string | null;
      /** The URL the body came from, after redirects (base for relative links). */
      finalUrl: string;
    }
  | { status: 'not-modified' }
  | Extract<FeedFetchOutcome, { status: 'rejected' }>;

type Rejected = Extract<FeedFetchOutcome, { status: 'rejected' }>;

function rejected(reason: string, detail: string, retryable: boolean): Rejected {
  return { status: 'rejected', reason, detail: detail.slice(0, 300), retryable };
}

export function defaultUserAgent(): string {
  return `ATLAS/${readPackageVersion()} (+news globe)`;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** Fetches a feed's bytes under every limit; follows (and re-validates) redirects. */
export async function fetchFeedBytes(
  feed: FeedRequest,
  options: FetcherOptions = {},
  signal?: AbortSignal,
): Promise<FetchBytesResult> {
  const limits = {
    allowPrivate: options.allowPrivate ?? false,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    idleTimeoutMs: options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS,
    maxBytes: options.maxBytes ?? DEFAULT_MAX_BYTES,
    maxRedirects: options.maxRedirects ?? DEFAULT_MAX_REDIRECTS,
    userAgent: options.userAgent ?? defaultUserAgent(),
    resolver: options.resolver ?? systemResolver,
    exemptOrigins: new Set(options.exemptOrigins ?? []),
  };
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), limits.timeoutMs);
  const onAbort = (): void => deadline.abort();
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    let current: URL;
    try {
      current = new URL(feed.url);
    } catch {
      return rejected('bad-url', 'not an absolute URL', false);
    }
    for (let hop = 0; ; hop++) {
      const policy = {
        allowPrivate: limits.allowPrivate || limits.exemptOrigins.has(current.origin),
      };
      const verdict = checkParsedUrl(current, policy);
      if (!verdict.ok) return rejected(verdict.reason, verdict.detail, false);
      const resolved = await resolveAllowed(current.hostname, policy, limits.resolver);
      if (isAborted(deadline.signal)) return abortedOutcome(signal);
      if (!resolved.ok)
        return rejected(resolved.reason, resolved.detail, resolved.reason === 'network');
      const result = await requestOnce(
        current,
        resolved.addresses,
        feed,
        limits,
        deadline.signal,
        hop === 0,
      );
      if (result.kind === 'redirect') {
        if (hop >= limits.maxRedirects) {
          return rejected(
            'too-many-redirects',
            `more than ${limits.maxRedirects} redirects`,
            false,
          );
        }
        try {
          current = new URL(result.location, current);
        } catch {
          return rejected('bad-url', 'redirect to an invalid URL', false);
        }
        continue;
      }
      if (result.kind === 'done') return result.outcome;
      // A failure after the deadline fired is the deadline (or the caller's cancel), whatever
      // error the torn-down socket reported.
      return isAborted(deadline.signal) ? abortedOutcome(signal) : result.outcome;
    }
  } catch (error) {
    return rejected('network', error instanceof Error ? error.message : String(error), true);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

/** A function, so TypeScript does not narrow `aborted` across awaits. */
function isAborted(signal: AbortSignal): boolean {
  return signal.aborted;
}

function abortedOutcome(signal: AbortSignal | undefined): Rejected {
  return signal?.aborted === true
    ? rejected('aborted', 'the fetch was cancelled', true)
    : rejected('timeout', 'the fetch took too long', true);
}

interface Limits {
  idleTimeoutMs: number;
  maxBytes: number;
  userAgent: string;
}

type HopResult =
  | { kind: 'redirect'; location: string }
  | { kind: 'done'; outcome: FetchBytesResult }
  /** A failure that may really be the deadline (decided by the caller). */
  | { kind: 'failed'; outcome: Rejected };

function requestOnce(
  url: URL,
  addresses: Parameters<typeof pinnedLookup>[0],
  feed: FeedRequest,
  limits: Limits,
  deadline: AbortSignal,
  conditional: boolean,
): Promise<HopResult> {
  return new Promise<HopResult>((resolve) => {
    let settled = false;
    const streams: { destroy(): void }[] = [];
    const finish = (result: HopResult): void => {
      if (settled) return;
      settled = true;
      deadline.removeEventListener('abort', onDeadline);
      for (const stream of streams) stream.destroy();
      resolve(result);
    };
    const onDeadline = (): void =>
      finish({ kind: 'failed', outcome: rejected('timeout', 'the fetch took too long', true) });

    const headers: Record<string, string> = {
      'user-agent': limits.userAgent,
      accept: FEED_ACCEPT,
      'accept-encoding': 'gzip, deflate, br',
    };
    // Validators belong to the feed URL; a redirect target gets an unconditional GET.
    if (conditional && feed.etag !== null) headers['if-none-match'] = feed.etag;
    if (conditional && feed.lastModified !== null) headers['if-modified-since'] = feed.lastModified;

    const transport = url.protocol === 'https:' ? https : http;
    let request: http.ClientRequest;
    try {
      request = transport.request(url, {
        method: 'GET',
        headers,
        agent: false,
        lookup: pinnedLookup(addresses) as unknown as http.RequestOptions['lookup'],
      });
    } catch (error) {
      finish({ kind: 'failed', outcome: rejected('network', errorText(error), true) });
      return;
    }
    streams.push(request);
    deadline.addEventListener('abort', onDeadline, { once: true });
    if (deadline.aborted) {
      onDeadline();
      return;
    }
    request.setTimeout(limits.idleTimeoutMs, () =>
      finish({
        kind: 'failed',
        outcome: rejected('timeout', `no data for ${limits.idleTimeoutMs} ms`, true),
      }),
    );
    request.on('error', (error) =>
      finish({ kind: 'failed', outcome: rejected('network', errorText(error), true) }),
    );
    request.on('response', (response) => {
      streams.push(response);
      const status = response.statusCode ?? 0;
      if (REDIRECTS.has(status)) {
        const location = response.headers.location;
        if (location === undefined || location === '') {
          finish({
            kind: 'done',
            outcome: rejected(`http-${status}`, 'redirect without a Location', false),
          });
        } else {
          finish({ kind: 'redirect', location });
        }
        return;
      }
      if (status === 304) {
        finish({ kind: 'done', outcome: { status: 'not-modified' } });
        return;
      }
      if (status < 200 || status >= 300) {
        const retryable = status >= 500 || status === 408 || status === 429;
        finish({ kind: 'done', outcome: rejected(`http-${status}`, `HTTP ${status}`, retryable) });
        return;
      }
      const encoding = (response.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
      const declaredLength = Number(response.headers['content-length']);
      if (Number.isFinite(declaredLength) && declaredLength > limits.maxBytes) {
        finish({
          kind: 'done',
          outcome: rejected(
            'too-large',
            `Content-Length ${declaredLength} over ${limits.maxBytes} bytes`,
            false,
          ),
        });
        return;
      }
      let body: Readable = response;
      if (encoding === 'gzip' || encoding === 'x-gzip' || encoding === 'deflate') {
        // createUnzip reads both gzip and zlib-wrapped deflate.
        body = response.pipe(zlib.createUnzip());
      } else if (encoding === 'br') {
        body = response.pipe(zlib.createBrotliDecompress());
      } else if (encoding !== 'identity' && encoding !== '') {
        finish({
          kind: 'done',
          outcome: rejected('unparseable', `unsupported Content-Encoding ${encoding}`, false),
        });
        return;
      }
      if (body !== response) streams.push(body);
      const chunks: Buffer[] = [];
      let size = 0;
      body.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > limits.maxBytes) {
          finish({
            kind: 'done',
            outcome: rejected('too-large', `body over ${limits.maxBytes} bytes`, false),
          });
          return;
        }
        chunks.push(chunk);
      });
      body.on('error', (error) =>
        finish({ kind: 'done', outcome: rejected('network', `body: ${errorText(error)}`, true) }),
      );
      response.on('aborted', () =>
        finish({
          kind: 'failed',
          outcome: rejected('network', 'connection closed mid-body', true),
        }),
      );
      body.on('end', () => {
        const bytes = Buffer.concat(chunks);
        if (bytes.length === 0) {
          finish({ kind: 'done', outcome: rejected('empty', 'the response body is empty', true) });
          return;
        }
        finish({
          kind: 'done',
          outcome: {
            status: 'ok',
            bytes,
            contentType: headerText(response.headers['content-type']),
            etag: headerText(response.headers.etag),
            lastModified: headerText(response.headers['last-modified']),
            finalUrl: url.toString(),
          },
        });
      });
    });
    request.end();
  });
}

function headerText(value: string | string[] | undefined): string | null {
  const text = Array.isArray(value) ? value[0] : value;
  return text === undefined || text === '' ? null : text.slice(0, 500);
}

function errorText(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === undefined ? error.message : `${code}: ${error.message}`;
  }
  return String(error);
}

/** The FetchFeed the pipeline calls: fetch under the limits, then parse and sanitise. */
export function createFeedFetcher(options: FetcherOptions = {}): FetchFeed {
  return async (feed, signal) => {
    const result = await fetchFeedBytes(feed, options, signal);
    if (result.status !== 'ok') return result;
    const outcome = parseFeedDocument(
      result.bytes,
      { url: result.finalUrl, contentType: result.contentType },
      { maxItems: options.maxItems ?? DEFAULT_MAX_ITEMS },
    );
    if (outcome.status !== 'ok') return outcome;
    return { ...outcome, etag: result.etag, lastModified: result.lastModified };
  };
}
