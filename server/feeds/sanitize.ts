/**
 * Feed text and links made safe to store and show (RELIABILITY.md R5, R6): HTML becomes plain
 * text (tags stripped, script/style contents dropped, entities decoded, whitespace collapsed,
 * length capped) and links survive only as absolute http(s) URLs.
 *
 * sanitiseText is idempotent: feeds often escape HTML twice ("&amp;lt;b&amp;gt;"), so decoding
 * runs up to three rounds; whatever could still be read as markup or as an entity afterwards is
 * neutralised ('<' before a tag-name character becomes '‹', a decodable '&' becomes '＆'), so a
 * second pass finds nothing to change and no output contains a tag.
 */
import { Parser } from 'htmlparser2';
import { canonicalUrl } from './canonicalUrl';

export const TITLE_MAX = 500;
export const DESCRIPTION_MAX = 2000;
export const CONTENT_MAX = 20_000;

/** Elements whose text is never content. */
const SKIPPED = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'iframe',
  'object',
  'svg',
  'math',
  'head',
  'title',
]);
/** Elements that separate words when stripped. */
const BLOCKS = new Set([
  'br',
  'p',
  'div',
  'li',
  'ul',
  'ol',
  'tr',
  'td',
  'th',
  'table',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'pre',
  'section',
  'article',
  'header',
  'footer',
  'figure',
  'figcaption',
  'hr',
  'img',
]);
const DECODE_ROUNDS = 3;
/** Longest input looked at, relative to the output cap (bounds time on huge fields). */
const INPUT_FACTOR = 20;

// C0/C1 controls (except tab/newline handled as whitespace), lone surrogates, noncharacters.
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufffe\uffff]/g;
const LONE_SURROGATES = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const TAG_START = /<(?=[A-Za-z!/?])/g;
const ENTITY_LIKE = /&(#[xX][0-9a-fA-F]+|#[0-9]+|[A-Za-z][A-Za-z0-9]*);?/g;

/** One round: HTML -> text with entities decoded once. */
function htmlToText(html: string): string {
  if (!html.includes('<') && !html.includes('&')) return html;
  const parts: string[] = [];
  let skipDepth = 0;
  const parser = new Parser(
    {
      onopentag(name) {
        if (SKIPPED.has(name)) skipDepth++;
        else if (BLOCKS.has(name)) parts.push(' ');
      },
      onclosetag(name) {
        if (SKIPPED.has(name)) skipDepth = Math.max(0, skipDepth - 1);
        else if (BLOCKS.has(name)) parts.push(' ');
      },
      ontext(text) {
        if (skipDepth === 0) parts.push(text);
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.write(html);
  parser.end();
  return parts.join('');
}

/**
 * Bidirectional controls (embeddings, overrides, isolates, marks): a right-to-left override in a
 * title can make 'exe.txt' read as 'txt.exe' or reorder a headline (issue #28). Removed; the
 * text's own script still sets its direction.
 */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

function collapse(text: string): string {
  return text
    .replace(LONE_SURROGATES, '')
    .replace(BIDI_CONTROLS, '')
    .replace(CONTROLS, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Cuts at `max` UTF-16 units without splitting a surrogate pair. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end--;
  return text.slice(0, end).trim();
}

/** Entity-like sequences the HTML decoder would still turn into something else. */
function neutraliseEntities(text: string): string {
  return text.replace(ENTITY_LIKE, (match) =>
    htmlToText(match) === match ? match : `＆${match.slice(1)}`,
  );
}

/** HTML (or text that may contain HTML) -> plain text of at most `max` characters. */
export function sanitiseText(input: string, max: number = CONTENT_MAX): string {
  let text = input.length > max * INPUT_FACTOR ? input.slice(0, max * INPUT_FACTOR) : input;
  for (let round = 0; round < DECODE_ROUNDS; round++) {
    const next = collapse(htmlToText(text));
    if (next === text) break;
    text = next;
  }
  text = collapse(text);
  text = cut(text, max);
  return collapse(neutraliseEntities(text.replace(TAG_START, '‹')));
}

/** Null for null/empty results, so optional fields stay null rather than ''. */
export function sanitiseOptional(input: string | null | undefined, max: number): string | null {
  if (input === null || input === undefined) return null;
  const text = sanitiseText(input, max);
  return text === '' ? null : text;
}

/**
 * A link from a feed: absolute http(s) only (javascript:, data:, vbscript:, mailto: ... are
 * dropped), relative links resolved against the feed's URL, then canonicalised. Null when unsafe.
 */
export function sanitiseLink(raw: string | null | undefined, base?: string): string | null {
  if (raw === null || raw === undefined) return null;
  // WHATWG URL drops tabs/newlines inside the scheme ("java\nscript:") before reading it, so
  // such links are seen as what a browser would run, and refused.
  const cleaned = raw.trim();
  if (cleaned === '') return null;
  if (cleaned.length > 4096) return null;
  return canonicalUrl(cleaned, base);
}
