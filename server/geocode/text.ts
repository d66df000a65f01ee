/**
 * Text helpers shared by the gazetteer build and the geocoder: the one key function both sides
 * use to compare names, and a word tokenizer that keeps positions and the separators between
 * words. Place names are only ever compared as whole tokens, never as substrings ("assad" inside
 * "ambassador" must not match anything).
 */

/**
 * The lookup key of a name: diacritics removed, lower case, periods dropped, curly apostrophes
 * straightened, whitespace collapsed. "Córdoba" and "Cordoba" share a key; "St. Louis" is "st louis".
 */
export function nameKey(name: string): string {
  // Fast path for plain ASCII names (most of the gazetteer): nothing to fold but case.
  if (PLAIN.test(name)) return name.toLowerCase();
  return name
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[’‘`]/g, "'")
    .replace(/\./g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

const PLAIN = /^[A-Za-z0-9'-]+(?: [A-Za-z0-9'-]+)*$/;

export interface Token {
  /** The word as written (apostrophe-s kept off: "Ukraine's" gives "Ukraine"). */
  text: string;
  start: number;
  end: number;
  /** First letter upper case. */
  capitalised: boolean;
  /** Two or more letters, all upper case ("KYIV", "US"). */
  allCaps: boolean;
  /** First word of its sentence (or of the segment). */
  sentenceStart: boolean;
  /** Characters between the previous token and this one ('' for the first). */
  before: string;
  /** Written with a possessive 's, which ends a name ("Granada's Alhambra"). */
  possessive: boolean;
}

// Dotted abbreviations (U.S., N.Y., D.C.) first, then words with inner hyphens/apostrophes.
const WORD = /(?:\p{Lu}\.){2,}|\p{L}[\p{L}\p{M}\p{N}]*(?:['’-]\p{L}[\p{L}\p{M}\p{N}]*)*/gu;
const UPPER = /^\p{Lu}/u;
const HAS_LOWER = /\p{Ll}/u;

/** Splits text into word tokens with positions; possessive 's is cut off the word. */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let last = 0;
  for (const m of text.matchAll(WORD)) {
    let word = m[0];
    const start = m.index;
    const possessive = /['’]s$/u.test(word);
    if (possessive) word = word.slice(0, -2);
    const before = text.slice(last, start);
    const prev = tokens[tokens.length - 1];
    const sentenceStart =
      prev === undefined || /[.!?:;"“”\n]\s*$|[-–—]\s+$/u.test(before) || /^\s*[-–—]/u.test(before);
    tokens.push({
      text: word,
      start,
      end: start + word.length,
      capitalised: UPPER.test(word),
      allCaps: word.replace(/\./g, '').length >= 2 && !HAS_LOWER.test(word),
      sentenceStart: sentenceStart && !(prev !== undefined && isAbbreviation(prev.text)),
      before,
      possessive,
    });
    last = start + m[0].length;
  }
  return tokens;
}

/** Abbreviations whose trailing period does not end a sentence ("St. Louis", "Gov. Abbott"). */
function isAbbreviation(word: string): boolean {
  return (
    /^(?:St|Mt|Ft|Mr|Mrs|Ms|Dr|Gov|Sen|Rep|Gen|Col|Lt|Sgt|Capt|Prof|Jr|Sr|No|vs)$/u.test(word) ||
    /^(?:\p{Lu}\.)+$/u.test(word) ||
    /^\p{Lu}$/u.test(word)
  );
}

/** Great-circle distance in km. */
export function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const r = Math.PI / 180;
  const dLat = (lat2 - lat1) * r;
  const dLon = (lon2 - lon1) * r;
  const a =
    Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * r) * Math.cos(lat2 * r) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(a)));
}
