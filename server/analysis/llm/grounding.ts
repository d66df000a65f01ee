/**
 * Keeps the model honest about the article: quotes must be substrings of the text and names of
 * people, organisations and places must occur in it as whole words. Comparison is on a normalised
 * form (Unicode NFKC, curly quotes and dashes made plain, whitespace collapsed, lower case), so
 * typography differences do not drop a genuine quote, while invented ones still go.
 */

/** Normalised text for containment checks. */
export function normaliseForMatch(value: string): string {
  return value
    .normalize('NFKC')
    .replace(/[\u2018\u2019\u201a\u201b\u2032\u0060\u00b4]/g, "'")
    .replace(/[\u201c\u201d\u201e\u201f\u2033\u00ab\u00bb]/g, '"')
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/\u2026/g, '...')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

/** Quote marks and punctuation a model may add or drop at the ends of a quote. */
const QUOTE_EDGES = /^["'\s.,;:!?-]+|["'\s.,;:!?-]+$/g;
/** Shorter quotes than this match too easily to prove anything. */
const MIN_QUOTE_CHARS = 8;

export interface Grounding {
  /** True when the quote (edges trimmed) occurs in the article. */
  hasQuote(quote: string): boolean;
  /** True when the name occurs in the article as whole words. */
  hasName(name: string): boolean;
}

export function groundingFor(articleText: string): Grounding {
  const haystack = normaliseForMatch(articleText);
  return {
    hasQuote(quote) {
      const needle = normaliseForMatch(quote).replace(QUOTE_EDGES, '');
      return needle.length >= MIN_QUOTE_CHARS && haystack.includes(needle);
    },
    hasName(name) {
      const needle = normaliseForMatch(name);
      if (needle === '' || !/[\p{L}\p{N}]/u.test(needle)) return false;
      const escaped = needle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      return new RegExp(`(?<![\\p{L}\\p{N}_])${escaped}(?![\\p{L}\\p{N}_])`, 'u').test(haystack);
    },
  };
}
