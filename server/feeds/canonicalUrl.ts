/**
 * Canonical article URLs, so one story linked with different tracking decorations is stored
 * once: WHATWG URL parsing (lower-case host, punycode, default port dropped, dot segments
 * resolved), then no fragment, no credentials, no tracking parameters, remaining parameters
 * sorted, no trailing slash except the root path. Idempotent; never returns a non-http(s) URL.
 */

/** Query parameters that only identify a campaign or click, never the article. */
const TRACKING_PARAMS = new Set([
  'fbclid',
  'gclid',
  'dclid',
  'gbraid',
  'wbraid',
  'msclkid',
  'yclid',
  'igshid',
  'mc_cid',
  'mc_eid',
  'ref',
  'ref_src',
  'ocid',
  'cmpid',
  'cmp',
  'at_medium',
  'at_campaign',
  'xtor',
  '_ga',
  '_gl',
  'spm',
]);

function isTracking(name: string): boolean {
  const lower = name.toLowerCase();
  return lower.startsWith('utm_') || TRACKING_PARAMS.has(lower);
}

/** The canonical form of an absolute http(s) URL (optionally relative to `base`), or null. */
export function canonicalUrl(raw: string, base?: string): string | null {
  let url: URL;
  try {
    url = base === undefined ? new URL(raw.trim()) : new URL(raw.trim(), base);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.hostname === '') return null;
  url.hash = '';
  url.username = '';
  url.password = '';
  const kept = [...url.searchParams].filter(([name]) => !isTracking(name));
  kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  url.search = kept.length === 0 ? '' : new URLSearchParams(kept).toString();
  const trimmed = url.pathname.replace(/\/+$/, '');
  url.pathname = trimmed === '' ? '/' : trimmed;
  return url.toString();
}
