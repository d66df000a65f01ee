/**
 * R9: SSRF on feed URLs. Forbidden targets (loopback, private, link-local, CGNAT, multicast,
 * unique-local, IPv4-mapped, NAT64, encoded IPv4 literals, names resolving to any of those, bad
 * schemes) are refused BEFORE any connection: a loopback server counting TCP connections sees
 * none. Redirects are re-validated at every hop and capped.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFeedFetcher, fetchFeedBytes } from '../../server/feeds/fetcher';
import {
  checkFeedUrl,
  forbiddenAddress,
  pinnedLookup,
  resolveAllowed,
  type Resolver,
} from '../../server/feeds/ssrf';
import { rss, rssItem } from './feedCorpus';

interface CountingServer {
  port: number;
  origin: string;
  connections: () => number;
  requests: string[];
  close(): Promise<void>;
}

async function startCountingServer(
  handler: (req: http.IncomingMessage, res: http.ServerResponse) => void,
): Promise<CountingServer> {
  let connections = 0;
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    requests.push(req.url ?? '/');
    handler(req, res);
  });
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    connections: () => connections,
    requests,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

let target: CountingServer;
let redirector: CountingServer;

beforeAll(async () => {
  target = await startCountingServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/rss+xml' });
    res.end(rss(rssItem(1)));
  });
  redirector = await startCountingServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const to = url.searchParams.get('to');
    if (url.pathname === '/chain') {
      const step = Number(url.searchParams.get('step') ?? '0');
      res.writeHead(302, { location: `/chain?step=${step + 1}` });
      res.end();
      return;
    }
    res.writeHead(302, { location: to ?? '/' });
    res.end();
  });
});
afterAll(async () => {
  await target.close();
  await redirector.close();
});

const NO_PRIVATE = { allowPrivate: false };

describe('URL policy', () => {
  it.each([
    ['http://127.0.0.1/', 'ssrf'],
    ['http://127.255.1.2/', 'ssrf'],
    ['http://localhost/feed', 'ssrf'],
    ['http://LOCALHOST./feed', 'ssrf'],
    ['http://api.localhost/feed', 'ssrf'],
    ['http://10.0.0.1/', 'ssrf'],
    ['http://172.16.5.4/', 'ssrf'],
    ['http://172.31.255.255/', 'ssrf'],
    ['http://192.168.1.1/', 'ssrf'],
    ['http://169.254.169.254/latest/meta-data/', 'ssrf'],
    ['http://100.64.0.1/', 'ssrf'],
    ['http://0.0.0.0/', 'ssrf'],
    ['http://0/', 'ssrf'],
    ['http://224.0.0.1/', 'ssrf'],
    ['http://255.255.255.255/', 'ssrf'],
    ['http://[::1]/', 'ssrf'],
    ['http://[::]/', 'ssrf'],
    ['http://[fe80::1]/', 'ssrf'],
    ['http://[fc00::1]/', 'ssrf'],
    ['http://[fd12:3456::1]/', 'ssrf'],
    ['http://[ff02::1]/', 'ssrf'],
    ['http://[::ffff:127.0.0.1]/', 'ssrf'],
    ['http://[::ffff:10.1.2.3]/', 'ssrf'],
    ['http://[::ffff:7f00:1]/', 'ssrf'],
    ['http://[64:ff9b::127.0.0.1]/', 'ssrf'],
    ['http://[64:ff9b::a9fe:a9fe]/', 'ssrf'],
    ['http://[2002:c0a8:101::1]/', 'ssrf'],
    ['http://2130706433/', 'ssrf'],
    ['http://0177.0.0.1/', 'ssrf'],
    ['http://0x7f.1/', 'ssrf'],
    ['http://0x7f000001/', 'ssrf'],
    ['http://127.1/', 'ssrf'],
    ['http://017700000001/', 'ssrf'],
    ['http://user:pass@news.example.org/', 'ssrf'],
    ['http://news.example.org:8080/', 'ssrf'],
    ['http://news.example.org:22/', 'ssrf'],
    ['ftp://news.example.org/feed', 'bad-scheme'],
    ['file:///etc/passwd', 'bad-scheme'],
    ['javascript:alert(1)', 'bad-scheme'],
    ['gopher://127.0.0.1:6379/_x', 'bad-scheme'],
    ['data:text/xml,<rss/>', 'bad-scheme'],
    ['not a url', 'bad-url'],
    ['/relative/feed.xml', 'bad-url'],
  ])('refuses %s (%s)', (url, reason) => {
    const verdict = checkFeedUrl(url, NO_PRIVATE);
    expect(verdict.ok).toBe(false);
    if (!verdict.ok) expect(verdict.reason).toBe(reason);
  });

  it.each([
    'https://feeds.bbci.co.uk/news/world/rss.xml',
    'http://news.example.org/feed',
    'https://news.example.org:443/feed',
    'http://93.184.216.34/feed',
    'http://[2606:4700::1111]/feed',
    'http://[64:ff9b::8.8.8.8]/feed',
  ])('accepts %s', (url) => {
    expect(checkFeedUrl(url, NO_PRIVATE).ok).toBe(true);
  });

  it('allowPrivate lets loopback and other ports through, but never bad schemes or credentials', () => {
    expect(checkFeedUrl('http://127.0.0.1:8080/feed', { allowPrivate: true }).ok).toBe(true);
    expect(checkFeedUrl('file:///etc/passwd', { allowPrivate: true }).ok).toBe(false);
    expect(checkFeedUrl('http://a:b@127.0.0.1/', { allowPrivate: true }).ok).toBe(false);
  });

  it('classifies addresses', () => {
    expect(forbiddenAddress('8.8.8.8')).toBeNull();
    expect(forbiddenAddress('172.32.0.1')).toBeNull();
    expect(forbiddenAddress('100.128.0.1')).toBeNull();
    expect(forbiddenAddress('172.15.255.255')).toBeNull();
    expect(forbiddenAddress('2a00:1450:4001::200e')).toBeNull();
    expect(forbiddenAddress('127.0.0.1')).toMatch(/loopback/);
    expect(forbiddenAddress('::ffff:169.254.169.254')).toMatch(/IPv4-mapped link-local/);
    expect(forbiddenAddress('64:ff9b::10.0.0.1')).toMatch(/NAT64/);
    expect(forbiddenAddress('fe80::1%eth0')).toMatch(/link-local/);
    expect(forbiddenAddress('not-an-ip')).not.toBeNull();
  });
});

describe('DNS answers are checked, every one of them', () => {
  const fakeDns =
    (answers: Record<string, string[]>): Resolver =>
    (hostname) => {
      const list = answers[hostname];
      if (list === undefined) {
        return Promise.reject(Object.assign(new Error('not found'), { code: 'ENOTFOUND' }));
      }
      return Promise.resolve(
        list.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
      );
    };
  const dns = fakeDns({
    'public.test': ['93.184.216.34'],
    'mixed.test': ['93.184.216.34', '10.0.0.7'],
    'metadata.test': ['169.254.169.254'],
    'mapped.test': ['::ffff:127.0.0.1'],
    'nat64.test': ['64:ff9b::c0a8:0101'],
    'ula.test': ['fd00::1'],
  });

  it.each(['mixed.test', 'metadata.test', 'mapped.test', 'nat64.test', 'ula.test'])(
    '%s is refused',
    async (host) => {
      const verdict = await resolveAllowed(host, NO_PRIVATE, dns);
      expect(verdict).toMatchObject({ ok: false, reason: 'ssrf' });
    },
  );

  it('a public answer is allowed, a failed lookup is a retryable network problem', async () => {
    expect(await resolveAllowed('public.test', NO_PRIVATE, dns)).toMatchObject({ ok: true });
    expect(await resolveAllowed('missing.test', NO_PRIVATE, dns)).toMatchObject({
      ok: false,
      reason: 'network',
    });
  });

  it('the real resolver: localhost resolves to loopback and is refused', async () => {
    const verdict = await resolveAllowed('localhost', NO_PRIVATE);
    expect(verdict).toMatchObject({ ok: false, reason: 'ssrf' });
  });

  it('the fetcher refuses a name resolving to loopback before connecting', async () => {
    const before = target.connections();
    const outcome = await fetchFeedBytes(
      { url: `http://rebind.test/feed`, etag: null, lastModified: null },
      { resolver: fakeDns({ 'rebind.test': ['127.0.0.1'] }) },
    );
    expect(outcome).toMatchObject({ status: 'rejected', reason: 'ssrf', retryable: false });
    expect(target.connections()).toBe(before);
  });

  it('pinnedLookup answers only with approved addresses', () => {
    const lookup = pinnedLookup([
      { address: '93.184.216.34', family: 4 },
      { address: '2606:2800::1', family: 6 },
    ]);
    const seen: unknown[] = [];
    lookup('anything', { all: true }, (_e, addresses) => seen.push(addresses));
    lookup('anything', { family: 6 }, (_e, address, family) => seen.push([address, family]));
    lookup('anything', {}, (_e, address) => seen.push(address));
    expect(seen).toEqual([
      [
        { address: '93.184.216.34', family: 4 },
        { address: '2606:2800::1', family: 6 },
      ],
      ['2606:2800::1', 6],
      '93.184.216.34',
    ]);
  });
});

describe('refused before any connection', () => {
  const forms = (port: number): string[] => [
    `http://127.0.0.1:${port}/feed`,
    `http://localhost:${port}/feed`,
    `http://[::ffff:127.0.0.1]:${port}/feed`,
    `http://[::1]:${port}/feed`,
    `http://2130706433:${port}/feed`,
    `http://0177.0.0.1:${port}/feed`,
    `http://0x7f.1:${port}/feed`,
    `http://127.1:${port}/feed`,
    `http://0x7f000001:${port}/feed`,
  ];

  it('every encoding of the loopback target is refused and the target sees 0 connections', async () => {
    const fetchFeed = createFeedFetcher({ allowPrivate: false });
    const before = target.connections();
    for (const url of forms(target.port)) {
      const outcome = await fetchFeed({ url, etag: null, lastModified: null });
      expect(outcome, url).toMatchObject({ status: 'rejected', reason: 'ssrf', retryable: false });
      if (outcome.status === 'rejected') expect(outcome.detail).toMatch(/loopback/);
    }
    expect(target.connections()).toBe(before);
  });

  it('the same target is fetched when private addresses are allowed (the test can fail)', async () => {
    const before = target.connections();
    const outcome = await createFeedFetcher({ allowPrivate: true })({
      url: `${target.origin}/feed`,
      etag: null,
      lastModified: null,
    });
    expect(outcome).toMatchObject({ status: 'ok', parseMode: 'rss' });
    expect(target.connections()).toBe(before + 1);
  });
});

describe('redirects are re-validated and capped', () => {
  // The redirector's own origin is exempt (it stands for a public feed host); hops are not.
  const fetchVia = (to: string, maxRedirects = 3) =>
    createFeedFetcher({ allowPrivate: false, exemptOrigins: [redirector.origin], maxRedirects })({
      url: `${redirector.origin}/r?to=${encodeURIComponent(to)}`,
      etag: null,
      lastModified: null,
    });

  it('a redirect to any form of loopback is refused before connecting to it', async () => {
    const before = target.connections();
    for (const to of [
      `${target.origin}/feed`,
      `http://localhost:${target.port}/feed`,
      `http://[::ffff:7f00:1]:${target.port}/feed`,
      `http://2130706433:${target.port}/feed`,
      `http://169.254.169.254/latest/meta-data/`,
      `http://10.0.0.1/`,
    ]) {
      expect(await fetchVia(to), to).toMatchObject({ status: 'rejected', reason: 'ssrf' });
    }
    expect(target.connections()).toBe(before);
  });

  it('a redirect to a non-http scheme is refused', async () => {
    for (const to of ['file:///etc/passwd', 'ftp://127.0.0.1/x', 'gopher://127.0.0.1:6379/_']) {
      expect(await fetchVia(to), to).toMatchObject({ status: 'rejected', reason: 'bad-scheme' });
    }
  });

  it('stops after maxRedirects hops', async () => {
    const start = redirector.requests.length;
    const outcome = await createFeedFetcher({
      allowPrivate: false,
      exemptOrigins: [redirector.origin],
      maxRedirects: 3,
    })({ url: `${redirector.origin}/chain?step=0`, etag: null, lastModified: null });
    expect(outcome).toMatchObject({ status: 'rejected', reason: 'too-many-redirects' });
    // The first request plus three followed redirects; the fourth is not followed.
    expect(redirector.requests.length - start).toBe(4);
  });
});
