/**
 * Finds candidate place mentions in article text: ALL-CAPS datelines ("KYIV, Ukraine (Reuters) -"),
 * capitalised word runs looked up whole in the gazetteer (longest first, never substrings),
 * ", Qualifier" patterns ("Paris, Texas"), country names and demonyms. Only finds and filters;
 * choosing between same-named places is geocoder.ts's job.
 *
 * The filters are what keep a news geocoder honest: a run like "Paris Hilton" or "Andrew Jackson"
 * is a name, not a place; "Nice" or "Reading" opening a sentence is a word; "Sen. Lincoln" is a
 * person; a place name directly followed by "said" is usually a person too.
 */
import { placeCountry, placeRefs, type Gazetteer } from './gazetteer';
import {
  COMMON_WORDS,
  NAME_CONNECTORS,
  NEVER_PLACES,
  PERSON_TITLES,
  PLACE_MODIFIERS,
  US_STATE_ABBREVIATIONS,
} from './lexicon';
import { nameKey, tokenize, type Token } from './text';

export type Segment = 'dateline' | 'title' | 'body';

/** A qualifier option: the place must be in this country (and admin-1 unit, when given). */
export interface Qualifier {
  cc: string;
  admin: string | null;
}

export interface Mention {
  key: string;
  surface: string;
  segment: Segment;
  /** Order of appearance across the whole input. */
  order: number;
  /** Sentence number within its segment (0 = lead sentence). */
  sentence: number;
  /** Options from ", Qualifier" (any one may match); empty when none. */
  qualifiers: Qualifier[];
  demonym: boolean;
  /** Capitalised mid-sentence common word (Nice, Reading): needs a large place. */
  commonWord: boolean;
  /**
   * Capitalisation says nothing here (first word of a sentence, or a title-case headline), so a
   * small town of that name does not count without a qualifier.
   */
  weakCase: boolean;
}

const DIRECTION_WORDS = new Set(
  'north south east west northern southern eastern western central greater downtown upstate coastal rural northeastern northwestern southeastern southwestern'.split(
    ' ',
  ),
);
const SPEECH_VERBS = new Set(
  'said says told added wrote argued insisted tweeted posted claimed replied stated'.split(' '),
);

const PREPOSITIONS = new Set(
  'in at from to near of outside across inside into around across throughout via'.split(' '),
);

const DATELINE =
  /^\s*([\p{Lu}][\p{Lu}\p{M}'’. -]*[\p{Lu}.])(?:\s*,\s*([\p{L}][\p{L}. ]{0,30}?))?(?:\s*,\s*\p{L}+\.? \d{1,2})?\s*(?:\([^)]{1,40}\))?\s*[-–—]+\s/u;

function isLookupHit(g: Gazetteer, key: string, surface: string): boolean {
  return (
    g.exactCountry.has(surface) ||
    g.countryIndex.has(key) ||
    g.adminIndex.has(key) ||
    g.placeIndex.has(key) ||
    g.demonymIndex.has(key)
  );
}

/** Reads a ", Qualifier" after a place: US state abbreviations, admin-1 names, country names. */
function readQualifier(
  g: Gazetteer,
  text: string,
  tokens: readonly Token[],
  at: number,
  comma = true,
): { qualifiers: Qualifier[]; next: number } | null {
  const first = tokens[at];
  if (first === undefined || !first.capitalised) return null;
  if (!(comma ? /^\s*,\s*$/u : /^ $/u).test(first.before)) return null;
  const dotted = text[first.end] === '.' ? `${first.text}.` : first.text;
  const abbrev = US_STATE_ABBREVIATIONS[dotted] ?? US_STATE_ABBREVIATIONS[first.text];
  if (abbrev !== undefined && (dotted.endsWith('.') || first.allCaps)) {
    return { qualifiers: [{ cc: 'US', admin: abbrev }], next: at + 1 };
  }
  for (let len = Math.min(4, tokens.length - at); len >= 1; len--) {
    const span = tokens.slice(at, at + len);
    if (span.some((t, k) => k > 0 && !/^ $/u.test(t.before))) continue;
    const surface = span.map((t) => t.text).join(' ');
    const key = nameKey(surface);
    const options: Qualifier[] = [];
    const country = g.exactCountry.get(surface) ?? g.countryIndex.get(key);
    if (country !== undefined) options.push({ cc: country, admin: null });
    for (const ref of g.adminIndex.get(key) ?? []) {
      const a = g.admin1[ref >> 1];
      if (a !== undefined) options.push({ cc: a.cc, admin: a.code });
    }
    if (options.length > 0) return { qualifiers: options, next: at + len };
  }
  return null;
}

function qualifierFits(g: Gazetteer, key: string, q: Qualifier): boolean {
  for (const ref of placeRefs(g, key)) {
    const i = ref >> 1;
    if (placeCountry(g, i) === q.cc && (q.admin === null || g.placeAdmin[i] === q.admin))
      return true;
  }
  for (const ref of g.adminIndex.get(key) ?? []) {
    if (g.admin1[ref >> 1]?.cc === q.cc) return true;
  }
  return false;
}

function joinable(prev: Token, t: Token): boolean {
  if (/^ $/u.test(t.before)) return true;
  // "St. Louis", "Mt. Vernon": an abbreviation's period inside a name.
  return /^\. $/u.test(t.before) && /^(?:St|Mt|Ft)$/u.test(prev.text);
}

/** Scans one segment's tokens for mentions. */
function scanTokens(
  g: Gazetteer,
  text: string,
  segment: Segment,
  orderBase: number,
  out: Mention[],
): void {
  const tokens = tokenize(text);
  const words = tokens.filter((t) => t.text.length > 3);
  // Headline case: capitals carry no signal, so run-boundary rules are off.
  const titleCase =
    segment !== 'body' &&
    words.length > 0 &&
    words.filter((t) => t.capitalised).length / words.length >= 0.6;
  let sentence = -1;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t === undefined) continue;
    if (t.sentenceStart) sentence++;
    if (!t.capitalised) continue;

    // Longest lookup hit first.
    let end = -1;
    let surface = '';
    let key = '';
    for (let len = Math.min(g.maxNameTokens, tokens.length - i); len >= 1; len--) {
      const span = tokens.slice(i, i + len);
      const last = span[span.length - 1];
      if (last === undefined || !last.capitalised) continue;
      let ok = true;
      for (let k = 1; k < span.length; k++) {
        const cur = span[k];
        const prev = span[k - 1];
        if (cur === undefined || prev === undefined || !joinable(prev, cur)) ok = false;
        else if (!cur.capitalised && !NAME_CONNECTORS.has(cur.text)) ok = false;
        if (!ok) break;
      }
      if (!ok) continue;
      const s = span.map((x) => x.text).join(' ');
      const k = nameKey(s);
      if (isLookupHit(g, k, s)) {
        end = i + len - 1;
        surface = s;
        key = k;
        break;
      }
    }
    if (end < 0) continue;

    const single = end === i;
    const lower = t.text.toLowerCase();
    const prev = tokens[i - 1];
    const next = tokens[end + 1];
    const skip = (): void => {
      i = end;
    };
    if (single && NEVER_PLACES.has(lower)) continue;
    const common = single && COMMON_WORDS.has(key);
    if (common && (t.sentenceStart || titleCase)) {
      skip();
      continue;
    }
    // Exact-case aliases ("US") must be written that way; all other names need an initial capital.
    if (!g.exactCountry.has(surface) && t.allCaps && !titleCase && key.length <= 3) continue;
    if (
      prev !== undefined &&
      PERSON_TITLES.has(prev.text.toLowerCase()) &&
      /^\.? $/u.test(t.before)
    ) {
      skip();
      continue;
    }
    // Tail of a longer capitalised name ("Andrew Jackson", "Harvard University"): not a place.
    // A sentence-initial common word ("In", "The") or a possessive before it does not count.
    if (
      !titleCase &&
      prev !== undefined &&
      /^ $/u.test(t.before) &&
      prev.capitalised &&
      !prev.possessive &&
      !(
        prev.sentenceStart &&
        (COMMON_WORDS.has(prev.text.toLowerCase()) || NEVER_PLACES.has(prev.text.toLowerCase()))
      )
    ) {
      const p = prev.text.toLowerCase();
      if (!DIRECTION_WORDS.has(p) && !g.demonymIndex.has(nameKey(prev.text))) {
        skip();
        continue;
      }
    }
    // Head of a longer capitalised name ("Paris Hilton"), unless the follower is a modifier
    // ("Kyiv Mayor") or a comma-less qualifier ("London Ontario").
    let bareQualifier: { qualifiers: Qualifier[]; next: number } | null = null;
    const lastOfSpan = tokens[end];
    if (
      !titleCase &&
      next !== undefined &&
      lastOfSpan !== undefined &&
      !lastOfSpan.possessive &&
      /^ $/u.test(next.before) &&
      next.capitalised &&
      !PLACE_MODIFIERS.has(next.text.toLowerCase())
    ) {
      bareQualifier = g.placeIndex.has(key) ? readQualifier(g, text, tokens, end + 1, false) : null;
      if (bareQualifier === null) {
        skip();
        continue;
      }
    }
    if (
      next !== undefined &&
      /^ $/u.test(next.before) &&
      SPEECH_VERBS.has(next.text) &&
      (prev === undefined || !PREPOSITIONS.has(prev.text)) &&
      !g.countryIndex.has(key) &&
      !g.exactCountry.has(surface)
    ) {
      skip();
      continue;
    }

    const isDemonym =
      g.demonymIndex.has(key) &&
      !g.countryIndex.has(key) &&
      !g.adminIndex.has(key) &&
      !g.placeIndex.has(key);
    let qualifiers: Qualifier[] = [];
    const isCountryName = g.countryIndex.has(key) || g.exactCountry.has(surface);
    if (!isDemonym && !isCountryName) {
      const q = bareQualifier ?? readQualifier(g, text, tokens, end + 1);
      if (q !== null) {
        const hasPlace = g.placeIndex.has(key);
        const options = hasPlace ? q.qualifiers : q.qualifiers.filter((o) => o.admin === null);
        // "Paris, Madrid, Rome" is a list: a qualifier must fit some place of that name.
        if (options.some((o) => qualifierFits(g, key, o))) {
          qualifiers = options;
          end = q.next - 1;
        }
      }
    }
    out.push({
      key,
      surface,
      segment,
      order: orderBase + i,
      sentence: Math.max(0, sentence),
      qualifiers,
      demonym: isDemonym,
      commonWord: common,
      weakCase: single && (t.sentenceStart || titleCase),
    });
    i = end;
  }
}

/** Reads a dateline at the start of a body segment; returns the mention and the rest of the text. */
function readDateline(g: Gazetteer, text: string): { mention: Mention | null; rest: string } {
  const m = DATELINE.exec(text);
  if (m === null) return { mention: null, rest: text };
  const place = m[1] ?? '';
  if (/\p{Ll}/u.test(place)) return { mention: null, rest: text };
  const key = nameKey(place);
  if (!(g.placeIndex.has(key) || g.adminIndex.has(key) || g.countryIndex.has(key))) {
    return { mention: null, rest: text };
  }
  let qualifiers: Qualifier[] = [];
  const qText = m[2]?.trim();
  if (qText !== undefined && qText !== '') {
    const q = readQualifier(g, `, ${qText}`, tokenize(`, ${qText}`), 0);
    if (q !== null) qualifiers = q.qualifiers;
  }
  return {
    mention: {
      key,
      surface: place,
      segment: 'dateline',
      order: -1,
      sentence: 0,
      qualifiers,
      demonym: false,
      commonWord: false,
      weakCase: false,
    },
    rest: text.slice(m[0].length),
  };
}

export interface MentionInput {
  title: string;
  description: string | null;
  content: string | null;
}

/** All mentions in title, description and content, in order; the dateline (if any) first. */
export function findMentions(g: Gazetteer, input: MentionInput): Mention[] {
  const out: Mention[] = [];
  let dateline: Mention | null = null;
  scanTokens(g, input.title, 'title', 0, out);
  let base = 100_000;
  for (const body of [input.description, input.content]) {
    if (body === null || body.trim() === '') continue;
    let text = body;
    if (dateline === null) {
      const d = readDateline(g, body);
      dateline = d.mention;
      text = d.rest;
    }
    scanTokens(g, text, 'body', base, out);
    base += 1_000_000;
  }
  return dateline === null ? out : [dateline, ...out];
}
