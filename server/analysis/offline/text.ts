/**
 * Text preparation for the offline analyser: untrusted feed text in, plain text and sentences
 * out. Everything here is linear-time (no nested quantifiers) because input may be hostile.
 */

/** Longest text analysed per field; the rest is ignored (a feed body longer than this is junk). */
export const MAX_FIELD_CHARS = 100_000;

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ldquo: '\u201c',
  rdquo: '\u201d',
  lsquo: '\u2018',
  rsquo: '\u2019',
  mdash: '\u2014',
  ndash: '\u2013',
  hellip: '\u2026',
};

function decodeEntity(entity: string, body: string): string {
  if (body.startsWith('#')) {
    const code =
      body[1] === 'x' || body[1] === 'X'
        ? parseInt(body.slice(2), 16)
        : parseInt(body.slice(1), 10);
    // Only printable code points; controls and surrogates would be stripped anyway.
    if (
      Number.isFinite(code) &&
      code >= 0x20 &&
      code <= 0x10ffff &&
      (code < 0xd800 || code > 0xdfff)
    ) {
      return String.fromCodePoint(code);
    }
    return ' ';
  }
  return NAMED_ENTITIES[body.toLowerCase()] ?? entity;
}

/**
 * Removes every `open ... close` block (case-insensitive), or from `open` to the end when the
 * block is not closed. indexOf-based so hostile input cannot make it quadratic.
 */
function removeBlocks(text: string, open: string, close: string): string {
  // ASCII-only lower-casing keeps offsets aligned with `text` (toLowerCase can change lengths).
  const lower = text.replace(/[A-Z]+/g, (run) => run.toLowerCase());
  if (!lower.includes(open)) return text;
  let out = '';
  let from = 0;
  for (;;) {
    const start = lower.indexOf(open, from);
    if (start === -1) break;
    out += text.slice(from, start) + ' ';
    const end = lower.indexOf(close, start + open.length);
    if (end === -1) return out;
    from = end + close.length;
  }
  return out + text.slice(from);
}

/**
 * Plain text from a feed field: HTML tags and script/style bodies removed, common entities
 * decoded, control characters and lone surrogates removed, spaces collapsed (line breaks kept as
 * paragraph boundaries).
 */
export function cleanText(raw: string | null | undefined): string {
  if (raw === null || raw === undefined || raw === '') return '';
  let text = raw.length > MAX_FIELD_CHARS ? raw.slice(0, MAX_FIELD_CHARS) : raw;
  text = removeBlocks(text, '<!--', '-->');
  text = removeBlocks(text, '<script', '</script>');
  text = removeBlocks(text, '<style', '</style>');
  text = text
    .replace(/<\/?(p|div|br|li|h[1-6]|tr|blockquote|section|article)\b[^>]*>/gi, '\n')
    .replace(/<\/?[a-zA-Z][^<>]{0,2000}>/g, ' ')
    .replace(/&(#x?[0-9a-fA-F]{1,7}|[a-zA-Z]{2,8});/g, decodeEntity)
    // C0 controls except tab/newline, DEL, C1 controls, zero-width and bidi controls.
    .replace(
      // eslint-disable-next-line no-control-regex -- removing control characters is the point
      /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2064\ufeff]/g,
      '',
    )
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '')
    .replace(/\r\n?/g, '\n')
    // Long punctuation runs are noise, and bounding them keeps the sentence splitter linear.
    .replace(/[.!?\u2026]{4,}/g, '...')
    .replace(/[ \t\u00a0]+/g, ' ')
    .replace(/ ?\n[\n ]*/g, '\n');
  return text.trim();
}

/** Abbreviations after which a full stop does not end a sentence (lower case, without dot). */
const ABBREVIATIONS = new Set(
  `mr mrs ms dr prof sr jr st mt inc ltd co corp plc llc gen col capt lt sgt gov sen rep rev
   fr no vs etc e.g i.e u.s u.k u.n jan feb mar apr jun jul aug sep sept oct nov dec est approx
   dept univ fig al ave blvd`.split(/\s+/),
);

export interface Sentence {
  text: string;
  /** Offset of `text` in the document it came from. */
  start: number;
  /** 0-based position in the document. */
  index: number;
}

/**
 * Sentences of a plain-text document. Splits on line breaks and on . ! ? (plus closing quotes)
 * followed by a space and an upper-case letter, digit or opening quote, except after known
 * abbreviations and single initials ("J. Smith", "U.S.").
 */
export function splitSentences(text: string): Sentence[] {
  const sentences: Sentence[] = [];
  const push = (from: number, to: number): void => {
    let a = from;
    let b = to;
    while (a < b && /\s/.test(text.charAt(a))) a++;
    while (b > a && /\s/.test(text.charAt(b - 1))) b--;
    if (b > a) sentences.push({ text: text.slice(a, b), start: a, index: sentences.length });
  };
  const boundary = /[.!?\u2026]+["'\u201d\u2019)\]]*(?=\s+["'\u201c\u2018([]?[\p{Lu}\p{N}])|\n/gu;
  let from = 0;
  for (const match of text.matchAll(boundary)) {
    const at = match.index;
    if (match[0] !== '\n' && match[0].startsWith('.')) {
      // The word before the dot: an abbreviation or a single initial does not end a sentence.
      const before = /([\p{L}.]+)$/u.exec(text.slice(Math.max(from, at - 12), at));
      const word = before?.[1]?.toLowerCase() ?? '';
      if (ABBREVIATIONS.has(word) || /^\p{L}$/u.test(word) || /^(\p{L}\.)+\p{L}$/u.test(word))
        continue;
    }
    const end = at + match[0].length;
    push(from, end);
    from = end;
  }
  push(from, text.length);
  return sentences;
}

export interface Token {
  /** As written. */
  text: string;
  /** Lower case. */
  lower: string;
  start: number;
  end: number;
}

const WORD = /[\p{L}\p{N}]+(?:['\u2019.\-&][\p{L}\p{N}]+)*/gu;

/** Word tokens (letters/digits with inner apostrophes, dots, hyphens) with offsets. */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const match of text.matchAll(WORD)) {
    const raw = match[0];
    const value = raw.includes('\u2019') ? raw.replace(/\u2019/g, "'") : raw;
    tokens.push({
      text: value,
      lower: value.toLowerCase(),
      start: match.index,
      end: match.index + match[0].length,
    });
  }
  return tokens;
}

/** Lower-case word list of a text, for lexicon lookups. */
export function words(text: string): string[] {
  return tokenize(text).map((token) => token.lower);
}

/** Counts of phrase occurrences on word boundaries (phrases lower case). */
export function countPhrases(lowerText: string, phrases: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const phrase of phrases) {
    let count = 0;
    let at = lowerText.indexOf(phrase);
    while (at !== -1) {
      const before = at === 0 ? '' : lowerText.charAt(at - 1);
      const after = lowerText.charAt(at + phrase.length);
      if (!/[\p{L}\p{N}]/u.test(before) && !/[\p{L}\p{N}]/u.test(after)) count++;
      at = lowerText.indexOf(phrase, at + phrase.length);
    }
    if (count > 0) counts.set(phrase, count);
  }
  return counts;
}

export function clamp(value: number, min: number, max: number): number {
  if (Number.isNaN(value)) return min;
  return Math.min(max, Math.max(min, value));
}

/** Rounded to `digits` decimals, so stored values are stable and readable. */
export function round(value: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/** Cut at a word boundary to at most `max` characters, with an ellipsis when cut. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}\u2026`;
}
