/**
 * The hostile feed corpus (RELIABILITY.md R5), generated in code and served by a loopback
 * node:http server: every case is a path on that server with the exact outcome it must give.
 * Nothing is fetched from beyond 127.0.0.1.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import type { FetcherOptions } from '../../server/feeds/fetcher';
import type { FeedFetchOutcome, FeedItem } from '../../server/pipeline/contracts';

type Handler = (req: http.IncomingMessage, res: http.ServerResponse, server: CorpusServer) => void;

export interface CorpusExpectation {
  status: 'ok' | 'not-modified' | 'rejected';
  /** ok: exact number of items. */
  items?: number;
  parseMode?: string;
  dropped?: number;
  /** rejected: exact reason and retryable flag. */
  reason?: string;
  retryable?: boolean;
  /** Extra checks on the outcome. */
  check?: (outcome: FeedFetchOutcome, server: CorpusServer) => void;
}

export interface CorpusCase {
  name: string;
  handler: Handler;
  expect: CorpusExpectation;
  /** Fetcher options for this case (the default test options are added underneath). */
  options?: FetcherOptions;
  etag?: string;
  lastModified?: string;
  /** Longest the case may take, in ms. */
  maxMs?: number;
}

export interface CorpusServer {
  url: string;
  /** Requests seen per path. */
  hits: Map<string, number>;
  /** Request headers of the last request per path. */
  headers: Map<string, http.IncomingHttpHeaders>;
  /** Timers of dripping handlers, cleared on close. */
  timers: Set<NodeJS.Timeout>;
  close(): Promise<void>;
}

/** Starts a loopback server that answers each case at /<index>/... */
export async function startCorpusServer(cases: readonly CorpusCase[]): Promise<CorpusServer> {
  const hits = new Map<string, number>();
  const headers = new Map<string, http.IncomingHttpHeaders>();
  const timers = new Set<NodeJS.Timeout>();
  const state: CorpusServer = { url: '', hits, headers, timers, close: () => Promise.resolve() };
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    hits.set(path, (hits.get(path) ?? 0) + 1);
    headers.set(path, req.headers);
    const index = Number(path.split('/')[1]);
    const entry = cases[index];
    res.on('error', () => undefined);
    if (entry === undefined) {
      res.writeHead(404).end();
      return;
    }
    entry.handler(req, res, state);
  });
  server.on('connection', (socket) => socket.on('error', () => undefined));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  state.url = `http://127.0.0.1:${port}`;
  state.close = async () => {
    for (const timer of timers) clearInterval(timer);
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  };
  return state;
}

function send(
  body: string | Buffer,
  contentType = 'application/rss+xml',
  extra: http.OutgoingHttpHeaders = {},
): Handler {
  return (_req, res) => {
    res.writeHead(200, { 'content-type': contentType, ...extra });
    res.end(body);
  };
}

function status(code: number, extra: http.OutgoingHttpHeaders = {}): Handler {
  return (_req, res) => {
    res.writeHead(code, extra);
    res.end(code === 204 || code === 304 ? undefined : 'nope');
  };
}

function redirect(to: (server: CorpusServer) => string, code = 302): Handler {
  return (_req, res, server) => {
    res.writeHead(code, { location: to(server) });
    res.end();
  };
}

export function rssItem(i: number, extra = ''): string {
  return `<item><title>Item ${i}</title><link>https://news.example.org/a/${i}</link><guid>g-${i}</guid>${extra}</item>`;
}

export function rss(items: string, channelExtra = '', version = '2.0', ns = ''): string {
  return `<?xml version="1.0" encoding="UTF-8"?><rss version="${version}"${ns}><channel><title>Corpus</title><link>https://news.example.org/</link><description>d</description>${channelExtra}${items}</channel></rss>`;
}

const range = (n: number): number[] => Array.from({ length: n }, (_, i) => i + 1);
const items = (n: number): string =>
  range(n)
    .map((i) => rssItem(i))
    .join('');

const ATOM = (entries: string): string =>
  `<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom" xml:lang="fr"><title>Atom corpus</title><id>urn:corpus</id><updated>2024-05-01T10:00:00Z</updated>${entries}</feed>`;

const atomEntry = (i: number, content = ''): string =>
  `<entry><title>Entry ${i}</title><id>urn:e:${i}</id><link rel="alternate" href="https://news.example.org/e/${i}"/><updated>2024-05-01T10:00:00Z</updated>${content}</entry>`;

const WIN1252_TITLE = Buffer.from([0x43, 0x61, 0x66, 0xe9, 0x20, 0x96, 0x20, 0x93, 0x71, 0x93]); // Café – “q“
const WIN1252_TEXT = 'Café – “q“';

function win1252Feed(declaration: string): Buffer {
  return Buffer.concat([
    Buffer.from(
      `<?xml version="1.0"${declaration}?><rss version="2.0"><channel><title>W</title><item><title>`,
    ),
    WIN1252_TITLE,
    Buffer.from('</title><link>https://news.example.org/w</link></item></channel></rss>'),
  ]);
}

function utf16(text: string, bigEndian: boolean): Buffer {
  const le = Buffer.from('\ufeff' + text, 'utf16le');
  if (!bigEndian) return le;
  const be = Buffer.alloc(le.length);
  for (let i = 0; i + 1 < le.length; i += 2) {
    be[i] = le[i + 1] ?? 0;
    be[i + 1] = le[i] ?? 0;
  }
  return be;
}

const ok = (
  n: number,
  parseMode?: string,
  check?: CorpusExpectation['check'],
): CorpusExpectation => ({
  status: 'ok',
  items: n,
  ...(parseMode === undefined ? {} : { parseMode }),
  ...(check === undefined ? {} : { check }),
});
const no = (reason: string, retryable: boolean): CorpusExpectation => ({
  status: 'rejected',
  reason,
  retryable,
});

function itemsOf(outcome: FeedFetchOutcome): FeedItem[] {
  if (outcome.status !== 'ok')
    throw new Error(`expected ok, got ${JSON.stringify(outcome).slice(0, 300)}`);
  return outcome.items;
}

function expectTrue(condition: boolean, message: string): void {
  if (!condition) throw new Error(message);
}

const firstTitle = (outcome: FeedFetchOutcome): string => itemsOf(outcome)[0]?.title ?? '<none>';

const BILLION_LAUGHS = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;"><!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;"><!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;"><!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;"><!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;"><!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;"><!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;"><!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">]><rss version="2.0"><channel><title>&lol9;</title><item><title>Laughs &lol9;</title><link>https://news.example.org/lol</link><description>&lol9;</description></item></channel></rss>`;

/** The ~60 cases. Paths are /<index>/...; handlers may use the server's own URL. */
export function buildCorpus(): CorpusCase[] {
  const cases: CorpusCase[] = [];
  const add = (c: CorpusCase): void => {
    cases.push(c);
  };

  // --- formats -------------------------------------------------------------------------------
  add({ name: 'RSS 2.0 with three items', handler: send(rss(items(3))), expect: ok(3, 'rss') });
  add({
    name: 'RSS 0.91',
    handler: send(
      `<?xml version="1.0"?><!DOCTYPE rss PUBLIC "-//Netscape Communications//DTD RSS 0.91//EN" "http://my.netscape.com/publish/formats/rss-0.91.dtd"><rss version="0.91"><channel><title>Old</title><language>en-us</language><item><title>One</title><link>http://news.example.org/1</link></item><item><title>Two</title><link>http://news.example.org/2</link></item></channel></rss>`,
    ),
    expect: ok(2, 'rss', (o) =>
      expectTrue(itemsOf(o)[0]?.language === 'en', 'channel language en-us -> en'),
    ),
  });
  add({ name: 'RSS 0.92', handler: send(rss(items(1), '', '0.92')), expect: ok(1, 'rss') });
  add({
    name: 'RSS 1.0 (RDF)',
    handler: send(
      `<?xml version="1.0"?><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel rdf:about="https://news.example.org/"><title>RDF</title><link>https://news.example.org/</link></channel><item rdf:about="https://news.example.org/r1"><title>R1</title><link>https://news.example.org/r1</link><dc:date>2024-03-01T08:00:00Z</dc:date></item><item rdf:about="https://news.example.org/r2"><title>R2</title><link>https://news.example.org/r2</link></item></rdf:RDF>`,
      'application/rdf+xml',
    ),
    expect: ok(2, 'rdf', (o) =>
      expectTrue(itemsOf(o)[0]?.publishedAt === '2024-03-01T08:00:00.000Z', 'dc:date read'),
    ),
  });
  add({
    name: 'Atom 1.0',
    handler: send(ATOM(atomEntry(1) + atomEntry(2)), 'application/atom+xml'),
    expect: ok(2, 'atom', (o) => {
      const item = itemsOf(o)[0];
      expectTrue(item?.language === 'fr' && item.guid === 'urn:e:1', 'xml:lang and id read');
    }),
  });
  add({
    name: 'Atom with xhtml content and a script inside',
    handler: send(
      ATOM(
        atomEntry(
          1,
          '<content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><p>Hello <b>world</b></p><script>steal()</script></div></content>',
        ),
      ),
      'application/atom+xml',
    ),
    expect: ok(1, 'atom', (o) =>
      expectTrue(
        itemsOf(o)[0]?.content === 'Hello world',
        `content: ${itemsOf(o)[0]?.content ?? 'null'}`,
      ),
    ),
  });
  add({
    name: 'JSON Feed 1.1',
    handler: send(
      JSON.stringify({
        version: 'https://jsonfeed.org/version/1.1',
        title: 'J',
        language: 'de',
        items: [
          {
            id: '1',
            url: 'https://news.example.org/j1',
            title: 'J1',
            content_html: '<p>Hi <script>x()</script>there</p>',
            date_published: '2024-01-02T03:04:05Z',
            tags: ['a', 'b'],
            authors: [{ name: 'Ann' }],
          },
          { id: '2', url: 'https://news.example.org/j2', title: 'J2', content_text: 'plain' },
        ],
      }),
      'application/feed+json',
    ),
    expect: ok(2, 'json', (o) => {
      const item = itemsOf(o)[0];
      expectTrue(
        item?.content === 'Hi there' && item.author === 'Ann' && item.language === 'de',
        JSON.stringify(item),
      );
      expectTrue(item?.categories.join(',') === 'a,b', 'tags');
    }),
  });
  add({
    name: 'JSON Feed with a wrong version',
    handler: send('{"version":"nope","items":[]}', 'application/json'),
    expect: no('unparseable', false),
  });
  add({
    name: 'JSON Feed cut off',
    handler: send(
      '{"version":"https://jsonfeed.org/version/1.1","title":"x","items":[{"id":"1","ur',
      'application/feed+json',
    ),
    expect: no('unparseable', false),
  });

  // --- parser attacks ------------------------------------------------------------------------
  add({
    name: 'billion laughs',
    handler: send(BILLION_LAUGHS),
    maxMs: 3000,
    expect: ok(1, undefined, (o) =>
      expectTrue(!firstTitle(o).includes('lollol') && firstTitle(o).length <= 500, firstTitle(o)),
    ),
  });
  add({
    name: 'XXE: external entity to file:///etc/passwd',
    handler: send(
      `<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><rss version="2.0"><channel><title>x</title><item><title>Leak &xxe;</title><link>https://news.example.org/x</link><description>&xxe;</description></item></channel></rss>`,
    ),
    expect: ok(1, undefined, (o) =>
      expectTrue(!JSON.stringify(o).includes('root:'), 'passwd leaked'),
    ),
  });
  add({
    name: 'XXE: external DTD over HTTP is never fetched',
    handler: (_req, res, server) =>
      send(
        `<?xml version="1.0"?><!DOCTYPE rss SYSTEM "${server.url}/${cases.length}/evil.dtd"><rss version="2.0"><channel><item><title>T</title><link>https://news.example.org/t</link></item></channel></rss>`,
      )(_req, res, server),
    expect: ok(1, undefined, (_o, server) =>
      expectTrue(![...server.hits.keys()].some((p) => p.endsWith('/evil.dtd')), 'DTD fetched'),
    ),
  });
  add({
    name: '<__proto__> and <constructor> elements',
    handler: send(
      rss(
        `<item><__proto__><polluted>yes</polluted></__proto__><constructor><prototype><polluted>yes</polluted></prototype></constructor><title>Proto</title><link>https://news.example.org/p</link></item>`,
      ),
    ),
    expect: ok(1, undefined, () =>
      expectTrue(
        ({} as Record<string, unknown>)['polluted'] === undefined,
        'Object.prototype polluted',
      ),
    ),
  });
  add({
    name: 'script in CDATA title',
    handler: send(
      rss(
        `<item><title><![CDATA[<script>alert(1)</script>Hi <b>there</b>]]></title><link>https://news.example.org/s</link><description><![CDATA[<img src=x onerror=alert(1)>text<style>p{}</style>]]></description></item>`,
      ),
    ),
    expect: ok(1, 'rss', (o) => {
      const item = itemsOf(o)[0];
      expectTrue(item?.title === 'Hi there' && item.description === 'text', JSON.stringify(item));
    }),
  });
  add({
    name: 'escaped markup in titles',
    handler: send(
      rss(
        `<item><title>&lt;img src=x onerror=alert(1)&gt;Safe &amp;amp; sound</title><link>https://news.example.org/e</link></item>`,
      ),
    ),
    expect: ok(1, 'rss', (o) => expectTrue(firstTitle(o) === 'Safe & sound', firstTitle(o))),
  });
  add({
    name: 'javascript:, data:, vbscript: and relative links',
    handler: send(
      rss(
        `<item><title>JS</title><link>javascript:alert(1)</link></item><item><title>Data</title><link>data:text/html,&lt;script&gt;alert(1)&lt;/script&gt;</link></item><item><title>VB</title><link>vbscript:msgbox(1)</link></item><item><title>Tab</title><link>java&#x09;script:alert(1)</link></item><item><title>Rel</title><link>/story/1?utm_source=rss#top</link></item><item><title>Img</title><link>https://news.example.org/i</link><enclosure url="javascript:alert(1)" type="image/png" length="1"/></item>`,
      ),
    ),
    expect: {
      status: 'ok',
      items: 2,
      dropped: 4,
      check: (o, server) => {
        const [rel, img] = itemsOf(o);
        expectTrue(
          rel?.url === `${server.url}/story/1`,
          `relative link resolved: ${rel?.url ?? ''}`,
        );
        expectTrue(img?.imageUrl === null, 'javascript: image dropped');
      },
    },
  });

  // --- size ----------------------------------------------------------------------------------
  const zeros = Buffer.alloc(10 * 1024 * 1024);
  const gzipBomb = zlib.gzipSync(zeros, { level: 9 });
  add({
    name: 'gzip bomb (10 MB of zeros, 1 MB cap)',
    handler: send(gzipBomb, 'application/rss+xml', { 'content-encoding': 'gzip' }),
    options: { maxBytes: 1024 * 1024 },
    expect: no('too-large', false),
  });
  const brBomb = zlib.brotliCompressSync(zeros);
  add({
    name: 'brotli bomb (10 MB of zeros, 1 MB cap)',
    handler: send(brBomb, 'application/rss+xml', { 'content-encoding': 'br' }),
    options: { maxBytes: 1024 * 1024 },
    expect: no('too-large', false),
  });
  const big = Buffer.from(
    rss(
      `<item><title>Big</title><link>https://news.example.org/big</link><description>${'x'.repeat(5.5 * 1024 * 1024)}</description></item>`,
    ),
  );
  add({
    name: '5.5 MB body with Content-Length (5 MB cap)',
    handler: send(big),
    expect: no('too-large', false),
  });
  add({
    name: '5.5 MB chunked body (5 MB cap)',
    handler: (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/rss+xml' });
      for (let i = 0; i < big.length; i += 256 * 1024) res.write(big.subarray(i, i + 256 * 1024));
      res.end();
    },
    expect: no('too-large', false),
  });
  add({
    name: '100k items (cap 500)',
    handler: send(
      zlib.gzipSync(
        Buffer.from(
          rss(
            range(100_000)
              .map((i) => `<item><title>t${i}</title><link>https://n.example/${i}</link></item>`)
              .join(''),
          ),
        ),
      ),
      'application/rss+xml',
      { 'content-encoding': 'gzip' },
    ),
    options: { maxBytes: 16 * 1024 * 1024 },
    maxMs: 3000,
    expect: { status: 'ok', items: 500, dropped: 99_500, parseMode: 'rss' },
  });
  add({
    name: 'very long title',
    handler: send(
      rss(
        `<item><title>${'Long '.repeat(20_000)}</title><link>https://news.example.org/long</link><description>${'word '.repeat(10_000)}</description></item>`,
      ),
    ),
    expect: ok(1, 'rss', (o) => {
      const item = itemsOf(o)[0];
      expectTrue(
        item !== undefined && item.title.length <= 500 && (item.description?.length ?? 0) <= 2000,
        'caps',
      );
    }),
  });
  add({
    name: 'gzip-encoded valid feed',
    handler: send(zlib.gzipSync(rss(items(4))), 'application/rss+xml', {
      'content-encoding': 'gzip',
    }),
    expect: ok(4, 'rss'),
  });
  add({
    name: 'deflate-encoded valid feed',
    handler: send(zlib.deflateSync(rss(items(2))), 'application/rss+xml', {
      'content-encoding': 'deflate',
    }),
    expect: ok(2, 'rss'),
  });
  add({
    name: 'brotli-encoded valid feed',
    handler: send(zlib.brotliCompressSync(rss(items(2))), 'application/rss+xml', {
      'content-encoding': 'br',
    }),
    expect: ok(2, 'rss'),
  });
  add({
    name: 'unknown Content-Encoding',
    handler: send(rss(items(1)), 'application/rss+xml', { 'content-encoding': 'zstd-ish' }),
    expect: no('unparseable', false),
  });
  add({
    name: 'corrupt gzip',
    handler: send(
      Buffer.concat([gzipBomb.subarray(0, 20), Buffer.from('garbage')]),
      'application/rss+xml',
      { 'content-encoding': 'gzip' },
    ),
    expect: no('network', true),
  });

  // --- encodings -----------------------------------------------------------------------------
  const win1252Title = (o: FeedFetchOutcome): void =>
    expectTrue(firstTitle(o) === WIN1252_TEXT, firstTitle(o));
  add({
    name: 'windows-1252 declared in the XML declaration',
    handler: send(win1252Feed(' encoding="windows-1252"'), 'application/rss+xml'),
    expect: ok(1, 'rss', win1252Title),
  });
  add({
    name: 'windows-1252 undeclared',
    handler: send(win1252Feed(''), 'application/rss+xml'),
    expect: ok(1, 'rss', win1252Title),
  });
  add({
    name: 'windows-1252 declared by HTTP charset',
    handler: send(win1252Feed(''), 'application/rss+xml; charset=windows-1252'),
    expect: ok(1, 'rss', win1252Title),
  });
  add({
    name: 'declared UTF-8 but really windows-1252',
    handler: send(win1252Feed(' encoding="utf-8"'), 'application/rss+xml'),
    expect: ok(1, 'rss', win1252Title),
  });
  add({
    name: 'declared iso-8859-1, really UTF-8 (wrong charset: defined mojibake, no failure)',
    handler: send(
      Buffer.from(
        rss(`<item><title>Café</title><link>https://news.example.org/m</link></item>`).replace(
          'encoding="UTF-8"',
          'encoding="iso-8859-1"',
        ),
      ),
    ),
    expect: ok(1, 'rss', (o) => expectTrue(firstTitle(o) === 'CafÃ©', firstTitle(o))),
  });
  add({
    name: 'UTF-16LE with BOM',
    handler: send(
      utf16(
        rss(
          `<item><title>Ünïcode 16</title><link>https://news.example.org/u</link></item>`,
        ).replace('UTF-8', 'UTF-16'),
        false,
      ),
    ),
    expect: ok(1, 'rss', (o) => expectTrue(firstTitle(o) === 'Ünïcode 16', firstTitle(o))),
  });
  add({
    name: 'UTF-16BE with BOM',
    handler: send(
      utf16(
        rss(
          `<item><title>Big ÉNDIAN</title><link>https://news.example.org/b</link></item>`,
        ).replace('UTF-8', 'UTF-16'),
        true,
      ),
    ),
    expect: ok(1, 'rss', (o) => expectTrue(firstTitle(o) === 'Big ÉNDIAN', firstTitle(o))),
  });
  add({
    name: 'Shift_JIS declared',
    handler: send(
      Buffer.concat([
        Buffer.from(
          '<?xml version="1.0" encoding="Shift_JIS"?><rss version="2.0"><channel><item><title>',
        ),
        Buffer.from([0x93, 0x8c, 0x8b, 0x9e]),
        Buffer.from('</title><link>https://news.example.org/jp</link></item></channel></rss>'),
      ]),
    ),
    expect: ok(1, 'rss', (o) => expectTrue(firstTitle(o) === '東京', firstTitle(o))),
  });
  add({
    name: 'unknown charset label',
    handler: send(rss(items(1)), 'application/rss+xml; charset=x-klingon'),
    expect: ok(1, 'rss'),
  });
  add({
    name: 'UTF-8 BOM and leading whitespace',
    handler: send(
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('\n\n   \t' + rss(items(2)))]),
    ),
    expect: ok(2),
  });
  add({
    name: 'junk before the root element',
    handler: send('<!-- generator junk -->\u0001\u0002 ' + rss(items(2))),
    expect: ok(2),
  });

  // --- malformed documents -------------------------------------------------------------------
  add({
    name: 'bare ampersands',
    handler: send(
      rss(
        `<item><title>Fish & Chips</title><link>https://news.example.org/f?a=1&b=2</link></item>`,
      ),
    ),
    expect: ok(1, undefined, (o) => {
      expectTrue(firstTitle(o) === 'Fish & Chips', firstTitle(o));
      expectTrue(
        itemsOf(o)[0]?.url === 'https://news.example.org/f?a=1&b=2',
        itemsOf(o)[0]?.url ?? '',
      );
    }),
  });
  add({
    name: 'control characters in text',
    handler: send(
      rss(
        `<item><title>Ctrl\u0001\u0008 chars\u000b</title><link>https://news.example.org/c</link></item>`,
      ),
    ),
    expect: ok(1, undefined, (o) => expectTrue(firstTitle(o) === 'Ctrl chars', firstTitle(o))),
  });
  add({
    name: 'CDATA titles',
    handler: send(
      rss(
        `<item><title><![CDATA[Markets & "quotes" <rise>]]></title><link>https://news.example.org/cd</link></item>`,
      ),
    ),
    expect: ok(1, 'rss', (o) => expectTrue(firstTitle(o) === 'Markets & "quotes"', firstTitle(o))),
  });
  add({
    name: 'truncated after the first item',
    handler: send(rss(items(2)).slice(0, rss(items(2)).indexOf('<item>', 200) + 20)),
    expect: ok(1, 'lenient'),
  });
  add({
    name: 'truncated inside the first item',
    handler: send(
      '<?xml version="1.0"?><rss version="2.0"><channel><title>T</title><item><title>Only a ti',
    ),
    expect: no('unparseable', false),
  });
  add({ name: 'empty body', handler: send(''), expect: no('empty', true) });
  add({ name: 'whitespace-only body', handler: send('  \n\t  '), expect: no('empty', true) });
  add({
    name: 'HTML page instead of a feed',
    handler: send(
      '<!doctype html><html><head><title>Home</title></head><body><h1>Welcome</h1><a href="/feed">feed</a></body></html>',
      'text/html',
    ),
    expect: no('unparseable', false),
  });
  add({
    name: 'binary garbage',
    handler: send(Buffer.from(range(2000).map((i) => (i * 7919) % 256))),
    expect: no('unparseable', false),
  });
  add({
    name: 'missing titles and links',
    handler: send(
      rss(
        `<item><link>https://news.example.org/nt</link></item><item><title>No link</title></item><item><title>  </title><link>https://news.example.org/blank</link></item><item><title>Guid link</title><guid>https://news.example.org/guid-is-link</guid></item>${rssItem(9)}`,
      ),
    ),
    expect: { status: 'ok', items: 2, dropped: 3 },
  });
  add({
    name: 'duplicate guids and links',
    handler: send(
      rss(
        `${rssItem(1)}${rssItem(1)}<item><title>Same guid</title><link>https://news.example.org/other</link><guid>g-1</guid></item>${rssItem(2)}`,
      ),
    ),
    expect: { status: 'ok', items: 2, dropped: 2 },
  });
  add({
    name: 'georss:point, geo:lat/long and dates',
    handler: send(
      rss(
        `${rssItem(1, '<georss:point>48.85 2.35</georss:point><pubDate>Tue, 10 Jun 2025 14:30:00 +0200</pubDate>')}${rssItem(2, '<geo:lat>-33.9</geo:lat><geo:long>18.4</geo:long><pubDate>not a date</pubDate>')}${rssItem(3, '<georss:point>123 456</georss:point>')}`,
        '',
        '2.0',
        ' xmlns:georss="http://www.georss.org/georss" xmlns:geo="http://www.w3.org/2003/01/geo/wgs84_pos#"',
      ),
    ),
    expect: ok(3, 'rss', (o) => {
      const [a, b, c] = itemsOf(o);
      expectTrue(
        a?.point?.lat === 48.85 &&
          a.point.lon === 2.35 &&
          a.publishedAt === '2025-06-10T12:30:00.000Z',
        JSON.stringify(a),
      );
      expectTrue(
        b?.point?.lat === -33.9 && b.point.lon === 18.4 && b.publishedAt === null,
        JSON.stringify(b),
      );
      expectTrue(c?.point === null, 'out-of-range point dropped');
    }),
  });
  add({
    name: 'emoji and non-Latin scripts survive',
    handler: send(
      rss(`<item><title>Κρίση 🌍 危机 أزمة</title><link>https://news.example.org/ü</link></item>`),
    ),
    expect: ok(1, 'rss', (o) =>
      expectTrue(
        firstTitle(o) === 'Κρίση 🌍 危机 أزمة' &&
          itemsOf(o)[0]?.url === 'https://news.example.org/%C3%BC',
        JSON.stringify(itemsOf(o)[0]),
      ),
    ),
  });
  add({ name: 'feed with no items', handler: send(rss('')), expect: ok(0, 'rss') });

  // --- HTTP ----------------------------------------------------------------------------------
  add({ name: '404', handler: status(404), expect: no('http-404', false) });
  add({ name: '410', handler: status(410), expect: no('http-410', false) });
  add({ name: '500', handler: status(500), expect: no('http-500', true) });
  add({ name: '503', handler: status(503), expect: no('http-503', true) });
  add({ name: '429', handler: status(429), expect: no('http-429', true) });
  const etagCase = cases.length;
  add({
    name: 'conditional GET with ETag -> 304',
    etag: '"v1"',
    handler: (req, res, server) => {
      if (req.headers['if-none-match'] === '"v1"') status(304)(req, res, server);
      else send(rss(items(1)), 'application/rss+xml', { etag: '"v1"' })(req, res, server);
    },
    expect: {
      status: 'not-modified',
      check: (_o, server) =>
        expectTrue(
          server.headers.get(`/${etagCase}/`)?.['if-none-match'] === '"v1"',
          'If-None-Match sent',
        ),
    },
  });
  add({
    name: 'conditional GET with Last-Modified -> 304',
    lastModified: 'Wed, 21 Oct 2015 07:28:00 GMT',
    handler: (req, res, server) => {
      if (req.headers['if-modified-since'] === 'Wed, 21 Oct 2015 07:28:00 GMT')
        status(304)(req, res, server);
      else send(rss(items(1)))(req, res, server);
    },
    expect: { status: 'not-modified' },
  });
  add({
    name: 'validators returned for the next conditional GET',
    handler: send(rss(items(1)), 'application/rss+xml', {
      etag: 'W/"abc"',
      'last-modified': 'Thu, 01 May 2025 00:00:00 GMT',
    }),
    expect: ok(1, 'rss', (o) =>
      expectTrue(
        o.status === 'ok' &&
          o.etag === 'W/"abc"' &&
          o.lastModified === 'Thu, 01 May 2025 00:00:00 GMT',
        JSON.stringify(o).slice(0, 200),
      ),
    ),
  });
  const uaCase = cases.length;
  add({
    name: 'User-Agent and Accept headers',
    handler: send(rss(items(1))),
    expect: ok(1, 'rss', (_o, server) => {
      const headers = server.headers.get(`/${uaCase}/`);
      expectTrue(
        /^ATLAS\/\S+ \(\+news globe\)$/.test(headers?.['user-agent'] ?? ''),
        headers?.['user-agent'] ?? 'no UA',
      );
      expectTrue(
        (headers?.accept ?? '').includes('application/rss+xml') &&
          (headers?.accept ?? '').includes('application/feed+json'),
        'Accept',
      );
    }),
  });
  const hopsCase = cases.length;
  add({
    name: 'two redirects, then a feed',
    handler: (req, res, server) => {
      const step = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('step') ?? '0');
      if (step < 2)
        redirect(() => `${server.url}/${hopsCase}/?step=${step + 1}`, 301)(req, res, server);
      else send(rss(items(2)))(req, res, server);
    },
    expect: ok(2, 'rss'),
  });
  const loopCase = cases.length;
  add({
    name: 'redirect loop',
    handler: redirect((s) => `${s.url}/${loopCase}/`),
    expect: no('too-many-redirects', false),
  });
  const longCase = cases.length;
  add({
    name: 'four redirects (cap 3)',
    handler: (req, res, server) => {
      const step = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('step') ?? '0');
      if (step < 4) redirect(() => `/${longCase}/?step=${step + 1}`, 307)(req, res, server);
      else send(rss(items(1)))(req, res, server);
    },
    expect: no('too-many-redirects', false),
  });
  add({ name: 'redirect without Location', handler: status(302), expect: no('http-302', false) });
  add({
    name: 'redirect to file:///etc/passwd',
    handler: redirect(() => 'file:///etc/passwd'),
    expect: no('bad-scheme', false),
  });
  add({
    name: 'redirect to ftp://',
    handler: redirect(() => 'ftp://127.0.0.1/feed.xml'),
    expect: no('bad-scheme', false),
  });
  add({
    name: 'slow drip (a byte every 100 ms, 1 s deadline)',
    handler: (_req, res, server) => {
      res.writeHead(200, { 'content-type': 'application/rss+xml' });
      const timer = setInterval(() => res.write(' '), 100);
      server.timers.add(timer);
      res.on('close', () => clearInterval(timer));
    },
    options: { timeoutMs: 1000, idleTimeoutMs: 5000 },
    maxMs: 2500,
    expect: no('timeout', true),
  });
  add({
    name: 'stalls after the headers (idle timeout)',
    handler: (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/rss+xml' });
      res.write('<rss>');
    },
    options: { idleTimeoutMs: 400 },
    maxMs: 2000,
    expect: no('timeout', true),
  });
  add({
    name: 'never answers',
    handler: () => undefined,
    options: { idleTimeoutMs: 400 },
    maxMs: 2000,
    expect: no('timeout', true),
  });
  add({
    name: 'connection dropped mid-body',
    handler: (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/rss+xml', 'content-length': '100000' });
      res.write(rss(items(3)).slice(0, 200));
      setTimeout(() => res.socket?.destroy(), 20);
    },
    expect: no('network', true),
  });
  return cases;
}
