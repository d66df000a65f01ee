/**
 * SSRF policy for feed URLs (RELIABILITY.md R9). A feed URL comes from config or from an admin,
 * and the server fetches it from inside the deployment's network, so every URL (and every
 * redirect hop) is checked twice: the URL itself (scheme, credentials, port, literal IPs) and every
 * address its host name resolves to, before any connection. The resolved addresses are then
 * pinned for the connection (see fetcher.ts), so a DNS answer cannot change between the check and
 * the connect (rebinding).
 *
 * WHATWG URL already turns encoded IPv4 literals (2130706433, 0177.0.0.1, 0x7f.1, 127.1) into
 * dotted form, so checking the parsed hostname covers them.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import net from 'node:net';

export interface SsrfOptions {
  /** ATLAS_FEED_ALLOW_PRIVATE=1: allow loopback/private targets and any port (tests, intranets). */
  allowPrivate: boolean;
}

export type UrlVerdict =
  { ok: true; url: URL } | { ok: false; reason: 'bad-url' | 'bad-scheme' | 'ssrf'; detail: string };

/** Ports a public feed may use; others only with allowPrivate (no probing of internal services). */
const PUBLIC_PORTS = new Set(['', '80', '443']);

/** Checks a URL string before any DNS or network work. */
export function checkFeedUrl(raw: string, options: SsrfOptions): UrlVerdict {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { ok: false, reason: 'bad-url', detail: 'not an absolute URL' };
  }
  return checkParsedUrl(url, options);
}

export function checkParsedUrl(url: URL, options: SsrfOptions): UrlVerdict {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { ok: false, reason: 'bad-scheme', detail: `scheme ${url.protocol} is not http(s)` };
  }
  if (url.username !== '' || url.password !== '') {
    return { ok: false, reason: 'ssrf', detail: 'credentials in feed URLs are not allowed' };
  }
  const host = bareHost(url.hostname);
  if (host === '') return { ok: false, reason: 'bad-url', detail: 'URL has no host' };
  if (options.allowPrivate) return { ok: true, url };
  if (net.isIP(host) !== 0) {
    const problem = forbiddenAddress(host);
    if (problem !== null) {
      return { ok: false, reason: 'ssrf', detail: `address ${host} is ${problem}` };
    }
  }
  const lower = host.toLowerCase().replace(/\.$/, '');
  if (lower === 'localhost' || lower.endsWith('.localhost')) {
    return { ok: false, reason: 'ssrf', detail: `host ${lower} is loopback` };
  }
  if (!PUBLIC_PORTS.has(url.port)) {
    return { ok: false, reason: 'ssrf', detail: `port ${url.port} is not allowed` };
  }
  return { ok: true, url };
}

/** URL hostnames of IPv6 literals keep their brackets; zone ids are never allowed through. */
export function bareHost(hostname: string): string {
  return hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
}

interface Range {
  base: number;
  bits: number;
  label: string;
}

const V4_RANGES: readonly Range[] = [
  ['0.0.0.0', 8, 'this-network (0.0.0.0/8)'],
  ['10.0.0.0', 8, 'private (10/8)'],
  ['100.64.0.0', 10, 'carrier-grade NAT (100.64/10)'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'],
  ['172.16.0.0', 12, 'private (172.16/12)'],
  ['192.0.0.0', 24, 'IETF protocol assignments'],
  ['192.0.2.0', 24, 'documentation'],
  ['192.88.99.0', 24, '6to4 relay anycast'],
  ['192.168.0.0', 16, 'private (192.168/16)'],
  ['198.18.0.0', 15, 'benchmarking'],
  ['198.51.100.0', 24, 'documentation'],
  ['203.0.113.0', 24, 'documentation'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved or broadcast'],
].map(([ip, bits, label]) => ({
  base: v4ToInt(ip as string),
  bits: bits as number,
  label: label as string,
}));

function v4ToInt(ip: string): number {
  const parts = ip.split('.').map(Number);
  return (
    (((parts[0] ?? 0) << 24) |
      ((parts[1] ?? 0) << 16) |
      ((parts[2] ?? 0) << 8) |
      (parts[3] ?? 0)) >>>
    0
  );
}

function v4Problem(value: number): string | null {
  for (const range of V4_RANGES) {
    const mask = range.bits === 0 ? 0 : (0xffffffff << (32 - range.bits)) >>> 0;
    if ((value & mask) >>> 0 === (range.base & mask) >>> 0) return range.label;
  }
  return null;
}

/** Parses an IPv6 literal (with optional trailing dotted IPv4) into 8 16-bit groups. */
export function parseIPv6(ip: string): number[] | null {
  let text = ip;
  const zone = text.indexOf('%');
  if (zone >= 0) text = text.slice(0, zone);
  const lastColon = text.lastIndexOf(':');
  const last = text.slice(lastColon + 1);
  if (last.includes('.')) {
    // A trailing dotted IPv4 ('::ffff:1.2.3.4') becomes its two hex groups.
    if (!net.isIPv4(last)) return null;
    const n = v4ToInt(last);
    text = `${text.slice(0, lastColon + 1)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const want = 8;
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const parse = (s: string): number[] | null => {
    if (s === '') return [];
    const out: number[] = [];
    for (const group of s.split(':')) {
      if (!/^[0-9a-f]{1,4}$/i.test(group)) return null;
      out.push(parseInt(group, 16));
    }
    return out;
  };
  const head = parse(halves[0] ?? '');
  if (head === null) return null;
  if (halves.length === 1) return head.length === want ? head : null;
  const rest = parse(halves[1] ?? '');
  if (rest === null || head.length + rest.length >= want + 1) return null;
  const zeros = new Array<number>(want - head.length - rest.length).fill(0);
  return [...head, ...zeros, ...rest];
}

function v6Problem(groups: readonly number[]): string | null {
  const g = (i: number): number => groups[i] ?? 0;
  const embeddedV4 = (hi: number, lo: number): number => ((g(hi) << 16) | g(lo)) >>> 0;
  const allZero = (from: number, to: number): boolean =>
    groups.slice(from, to).every((x) => x === 0);
  if (allZero(0, 8)) return 'unspecified (::)';
  if (allZero(0, 7) && g(7) === 1) return 'loopback (::1)';
  // ::ffff:a.b.c.d (IPv4-mapped) and ::a.b.c.d (IPv4-compatible, deprecated): the v4 decides.
  if (allZero(0, 5) && g(5) === 0xffff) {
    const inner = v4Problem(embeddedV4(6, 7));
    return inner === null ? null : `IPv4-mapped ${inner}`;
  }
  if (allZero(0, 6)) return 'IPv4-compatible (deprecated)';
  // NAT64 well-known prefix 64:ff9b::/96 and local-use 64:ff9b:1::/48.
  if (g(0) === 0x64 && g(1) === 0xff9b) {
    const inner = v4Problem(embeddedV4(6, 7));
    if (inner !== null) return `NAT64 of ${inner}`;
    return g(2) === 1 ? 'NAT64 local-use' : null;
  }
  // 6to4 2002:AABB:CCDD::/48 embeds a v4.
  if (g(0) === 0x2002) {
    const inner = v4Problem(embeddedV4(1, 2));
    return inner === null ? null : `6to4 of ${inner}`;
  }
  if ((g(0) & 0xfe00) === 0xfc00) return 'unique-local (fc00::/7)';
  if ((g(0) & 0xffc0) === 0xfe80) return 'link-local (fe80::/10)';
  if ((g(0) & 0xffc0) === 0xfec0) return 'site-local (fec0::/10)';
  if ((g(0) & 0xff00) === 0xff00) return 'multicast';
  if (g(0) === 0x2001 && g(1) === 0x0db8) return 'documentation';
  if (g(0) === 0x2001 && g(1) === 0) return 'Teredo';
  if (g(0) === 0x0100 && allZero(1, 4)) return 'discard-only';
  return null;
}

/**
 * Why an IP address may not be fetched (null: it may). Unparseable input counts as forbidden:
 * anything the policy does not understand is refused.
 */
export function forbiddenAddress(ip: string): string | null {
  const host = bareHost(ip);
  if (net.isIPv4(host)) return v4Problem(v4ToInt(host));
  const groups = parseIPv6(host);
  if (groups === null) return 'not a valid IP address';
  return v6Problem(groups);
}

export interface ResolvedAddress {
  address: string;
  family: number;
}

export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (hostname) =>
  dnsLookup(hostname, { all: true, verbatim: true });

export type ResolveVerdict =
  | { ok: true; addresses: ResolvedAddress[] }
  | { ok: false; reason: 'ssrf' | 'network'; detail: string };

/**
 * Resolves a host and checks EVERY address (one private answer among public ones is enough to
 * refuse: the connection could pick it). Literal IPs are checked without DNS.
 */
export async function resolveAllowed(
  hostname: string,
  options: SsrfOptions,
  resolver: Resolver = systemResolver,
): Promise<ResolveVerdict> {
  const host = bareHost(hostname);
  const family = net.isIP(host);
  if (family !== 0) {
    const problem = options.allowPrivate ? null : forbiddenAddress(host);
    if (problem !== null)
      return { ok: false, reason: 'ssrf', detail: `address ${host} is ${problem}` };
    return { ok: true, addresses: [{ address: host, family }] };
  }
  let addresses: ResolvedAddress[];
  try {
    addresses = await resolver(host);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    const label = typeof code === 'string' ? code : 'error';
    return {
      ok: false,
      reason: 'network',
      detail: `DNS lookup failed (${label})`,
    };
  }
  if (addresses.length === 0)
    return { ok: false, reason: 'network', detail: 'DNS gave no address' };
  if (!options.allowPrivate) {
    for (const { address } of addresses) {
      const problem = forbiddenAddress(address);
      if (problem !== null) {
        return { ok: false, reason: 'ssrf', detail: `${host} resolves to ${address} (${problem})` };
      }
    }
  }
  return { ok: true, addresses };
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | ResolvedAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for node:http/https that answers only with the addresses already checked, so the
 * socket connects to exactly what the policy approved.
 */
export function pinnedLookup(addresses: readonly ResolvedAddress[]) {
  return (
    _hostname: string,
    options: { all?: boolean; family?: number | string },
    callback: LookupCallback,
  ): void => {
    const wanted = options.family === 4 || options.family === 6 ? options.family : 0;
    const usable = addresses.filter((a) => wanted === 0 || a.family === wanted);
    if (usable.length === 0) {
      const error: NodeJS.ErrnoException = new Error('no approved address for this family');
      error.code = 'ENOTFOUND';
      callback(error, '', 0);
      return;
    }
    if (options.all === true)
      callback(
        null,
        usable.map((a) => ({ ...a })),
      );
    else callback(null, usable[0]?.address ?? '', usable[0]?.family ?? 4);
  };
}
