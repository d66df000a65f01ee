/**
 * R6 property tests for the feed front half (fast-check, fixed seed so a failure reproduces):
 * parsing arbitrary strings and bytes always returns an outcome (never throws); sanitiseText is
 * idempotent, never returns a tag and respects its cap; canonicalUrl is idempotent and only ever
 * returns http(s) URLs; the decoder never throws.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalUrl } from '../../server/feeds/canonicalUrl';
import { decodeFeedBytes } from '../../server/feeds/decode';
import { parseFeedDocument, parseFeedText } from '../../server/feeds/parse';
import { sanitiseLink, sanitiseText } from '../../server/feeds/sanitize';
import { rss, rssItem } from './feedCorpus';

const SEED = 20251122;
const RUNS = 300;
const META = { url: 'https://feed.example.org/rss', contentType: null };
const MARKUP = /<[A-Za-z!/?]/;
const OUTCOMES = new Set(['ok', 'rejected', 'not-modified']);

/** Strings made of feed-ish fragments, so the parsers' deeper paths are reached too. */
const feedish = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        '<rss version="2.0">',
        '<channel>',
        '<item>',
        '</item>',
        '<title>',
        '</title>',
        '<link>',
        '</link>',
        '<feed xmlns="http://www.w3.org/2005/Atom">',
        '<entry>',
        '</entry>',
        '<![CDATA[',
        ']]>',
        '&amp;',
        '&',
        '&lt;script&gt;',
        '<script>',
        '<!DOCTYPE x [<!ENTITY a "b">]>',
        '&a;',
        'javascript:alert(1)',
        'https://n.example/a',
        '{"version":"https://jsonfeed.org/version/1.1","items":[',
        '<__proto__>',
        '\u0000',
        '\ufeff',
      ),
      fc.string({ maxLength: 20 }),
    ),
    { maxLength: 40 },
  )
  .map((parts) => parts.join(''));

describe('parse never throws', () => {
  it('arbitrary strings give an outcome', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 400 }), feedish), (text) => {
        const outcome = parseFeedText(text, META);
        expect(OUTCOMES.has(outcome.status)).toBe(true);
        if (outcome.status === 'ok') {
          for (const item of outcome.items) {
            expect(item.url).toMatch(/^https?:\/\//);
            expect(item.title).not.toMatch(MARKUP);
          }
        }
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('arbitrary bytes with any content type give an outcome', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 400 }),
        fc.option(
          fc.constantFrom(
            'text/xml; charset=utf-16',
            'application/rss+xml; charset=koi8-r',
            'text/plain; charset=bogus',
            'application/json',
          ),
        ),
        (bytes, contentType) => {
          const outcome = parseFeedDocument(bytes, { url: META.url, contentType });
          expect(OUTCOMES.has(outcome.status)).toBe(true);
          expect(typeof decodeFeedBytes(bytes, contentType).text).toBe('string');
        },
      ),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('titles put into a real feed come out as plain text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (title) => {
        const escaped = title.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
        const outcome = parseFeedText(rss(rssItem(1).replace('Item 1', escaped)), META);
        expect(OUTCOMES.has(outcome.status)).toBe(true);
        if (outcome.status === 'ok') {
          for (const item of outcome.items) expect(item.title).not.toMatch(MARKUP);
        }
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });
});

describe('sanitiseText', () => {
  const htmlish = fc
    .array(
      fc.oneof(
        fc.constantFrom(
          '<b>',
          '</b>',
          '<script>',
          '</script>',
          '<style>',
          '<',
          '>',
          '&',
          '&amp;',
          '&lt;',
          '&gt;',
          '&#60;',
          '&#x3c;',
          '&copy',
          '&amp;lt;p&amp;gt;',
          '&amp;amp;amp;amp;',
          '&amp;amp;amp;lt;',
          'lt;',
          'amp;',
          '<!--',
          '-->',
          '<![CDATA[',
          ']]>',
          '<p',
          '\u0000',
          '\ud800',
          ' ',
          '\n',
        ),
        fc.string({ maxLength: 8 }),
      ),
      { maxLength: 60 },
    )
    .map((parts) => parts.join(''));

  it('is idempotent, tag-free and capped', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ maxLength: 300 }), htmlish),
        fc.integer({ min: 1, max: 300 }),
        (input, max) => {
          const once = sanitiseText(input, max);
          expect(sanitiseText(once, max)).toBe(once);
          expect(once).not.toMatch(MARKUP);
          expect(once.length).toBeLessThanOrEqual(max);
          expect(once).toBe(once.trim());
        },
      ),
      { seed: SEED, numRuns: RUNS * 3 },
    );
  });

  it('handles escaping nested deeper than its decode rounds', () => {
    for (const input of [
      '&amp;amp;amp;amp;lt;script&amp;amp;amp;amp;gt;alert(1)',
      '&amp;amp;amp;amp;amp;amp;',
      '&amp;amp;amp;#60;b&amp;amp;amp;#62;x',
    ]) {
      const once = sanitiseText(input);
      expect(sanitiseText(once)).toBe(once);
      expect(once).not.toMatch(MARKUP);
    }
    expect(sanitiseText('&amp;amp;amp;amp;lt;script&amp;amp;amp;amp;gt;alert(1)')).toBe(
      '＆amp;lt;script＆amp;gt;alert(1)',
    );
    expect(sanitiseText('<p>Fish &amp; <b>chips</b></p><script>x()</script> &copy 2025')).toBe(
      'Fish & chips © 2025',
    );
  });
});

describe('canonicalUrl', () => {
  const urlish = fc.oneof(
    fc.webUrl({ withQueryParameters: true, withFragments: true }),
    fc
      .tuple(
        fc.constantFrom(
          'http://',
          'https://',
          'HTTP://',
          'javascript:',
          'data:',
          'ftp://',
          '//',
          '',
        ),
        fc.constantFrom(
          'News.Example.ORG',
          'n.example:80',
          'n.example:443',
          'xn--bcher-kva.example',
          '[::1]',
          '1.2.3.4',
        ),
        fc.constantFrom('', '/', '/a/', '/a//', '/a/./b/../c/', '/%2e%2e/', '/ü'),
        fc.constantFrom(
          '',
          '?b=2&a=1',
          '?utm_source=x&id=3',
          '?fbclid=1',
          '?a=1&a=0',
          '?q=a+b%20c',
        ),
        fc.constantFrom('', '#frag'),
      )
      .map((parts) => parts.join('')),
    fc.string({ maxLength: 60 }),
  );

  it('is idempotent and returns only http(s) URLs without tracking parameters', () => {
    fc.assert(
      fc.property(urlish, (raw) => {
        const once = canonicalUrl(raw);
        if (once === null) return;
        expect(once).toMatch(/^https?:\/\//);
        expect(canonicalUrl(once)).toBe(once);
        expect(once).not.toContain('#');
        expect(new URL(once).searchParams.has('utm_source')).toBe(false);
      }),
      { seed: SEED, numRuns: RUNS * 3 },
    );
  });

  it('known cases', () => {
    expect(
      canonicalUrl('HTTPS://News.Example.ORG:443/a/b/?utm_source=rss&z=1&a=2&fbclid=x#top'),
    ).toBe('https://news.example.org/a/b?a=2&z=1');
    expect(canonicalUrl('http://n.example:80/')).toBe('http://n.example/');
    expect(canonicalUrl('http://n.example:8080/x/')).toBe('http://n.example:8080/x');
    expect(canonicalUrl('javascript:alert(1)')).toBeNull();
    expect(canonicalUrl('/relative')).toBeNull();
    expect(sanitiseLink('/relative?ref=home', 'https://feed.example.org/rss')).toBe(
      'https://feed.example.org/relative',
    );
    expect(sanitiseLink(' java\tscript:alert(1)', 'https://feed.example.org/rss')).toBeNull();
    expect(sanitiseLink('data:text/html,x')).toBeNull();
  });
});
