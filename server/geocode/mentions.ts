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
import { FEATURE_CAPITAL } from './buildGazetteer';
import { placeCues, type ResolvedCue } from './cues';
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
  /** Set when the mention is an institution/region cue (cues.ts): it means that place. */
  cue?: ResolvedCue;
  /**
   * The place is the object of trade ("exports to the United States", "imports from China"):
   * where goods go, not where the story is. Weighs little in the focus.
   */
  tradeObject?: boolean;
  /**
   * Named only through a water body ("Lake Ontario"): the region it is named for, as context for
   * the towns around it (eval:news dev: "Queen's University in Kingston ... Lake Ontario" went to
   * Jamaica).
   */
  regionOnly?: boolean;
}

/** AP/press abbreviations of Canadian provinces and Australian states, as qualifiers. */
const PROVINCE_ABBREVIATIONS: Readonly<Record<string, { name: string; cc: string }>> = {
  'Ont.': { name: 'Ontario', cc: 'CA' },
  'Que.': { name: 'Quebec', cc: 'CA' },
  'B.C.': { name: 'British Columbia', cc: 'CA' },
  'Alta.': { name: 'Alberta', cc: 'CA' },
  'Sask.': { name: 'Saskatchewan', cc: 'CA' },
  'Man.': { name: 'Manitoba', cc: 'CA' },
  'N.S.': { name: 'Nova Scotia', cc: 'CA' },
  'N.B.': { name: 'New Brunswick', cc: 'CA' },
  'Nfld.': { name: 'Newfoundland and Labrador', cc: 'CA' },
  'N.L.': { name: 'Newfoundland and Labrador', cc: 'CA' },
  'P.E.I.': { name: 'Prince Edward Island', cc: 'CA' },
  'N.S.W.': { name: 'New South Wales', cc: 'AU' },
  'Vic.': { name: 'Victoria', cc: 'AU' },
  'Qld.': { name: 'Queensland', cc: 'AU' },
  'Tas.': { name: 'Tasmania', cc: 'AU' },
  'W.A.': { name: 'Western Australia', cc: 'AU' },
  'S.A.': { name: 'South Australia', cc: 'AU' },
  'N.T.': { name: 'Northern Territory', cc: 'AU' },
  'A.C.T.': { name: 'Australian Capital Territory', cc: 'AU' },
};

/** Planets and the Moon: "three times the mass of Jupiter" is not Jupiter, Florida. */
const WATER_WORDS = new Set(['Lake', 'Lac']);
const CELESTIAL = new Set('mercury venus mars jupiter saturn uranus neptune pluto'.split(' '));

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
  // Canadian and Australian abbreviations ("KINGSTON, Ont.", "NEWCASTLE, N.S.W."): eval:news
  // datelines with them went to Kingston, Jamaica and Newcastle, South Africa.
  const province = PROVINCE_ABBREVIATIONS[dotted];
  if (province !== undefined) {
    for (const ref of g.adminIndex.get(nameKey(province.name)) ?? []) {
      const a = g.admin1[ref >> 1];
      if (a !== undefined && a.cc === province.cc) {
        return { qualifiers: [{ cc: a.cc, admin: a.code }], next: at + 1 };
      }
    }
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

const TRADE_WORDS = new Set(
  'export exports exported exporting exporters import imports imported importing shipments shipped shipping sales sold sell trade tariffs'.split(
    ' ',
  ),
);
const MARKET_WORDS = new Set('shares stocks equities bonds markets trading'.split(' '));
const TRADE_LINKS = new Set('to from into the'.split(' '));

/**
 * "exports to the United States", "shipped 8% less to the United States", "sales to US": the
 * place after to/from within a few words of a trade word. (eval:news: 'Frankfurt ... exports to
 * the United States' went to the USA.)
 */
function isTradeObject(tokens: readonly Token[], at: number): boolean {
  // "Shares in Sao Paulo fell": a market's town is where prices are quoted, not where the story
  // is (eval:news dev: a Brazilian central bank story went to São Paulo).
  if (
    tokens[at - 1]?.text.toLowerCase() === 'in' &&
    MARKET_WORDS.has(tokens[at - 2]?.text.toLowerCase() ?? '')
  )
    return true;
  let k = at - 1;
  while (k >= 0 && TRADE_LINKS.has(tokens[k]?.text.toLowerCase() ?? '') && k > at - 3) k--;
  if (k === at - 1) return false; // no to/from/the link right before the name
  const link = tokens.slice(k + 1, at).map((t) => t.text.toLowerCase());
  if (!link.includes('to') && !link.includes('from') && !link.includes('into')) return false;
  for (let j = k; j >= Math.max(0, k - 4); j--) {
    if (TRADE_WORDS.has(tokens[j]?.text.toLowerCase() ?? '')) return true;
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
  const cues = placeCues(g);
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

    // Institutions, seats of government, region demonyms (cues.ts): the phrase means the place.
    const cue = (cues.get(t.text) ?? []).find(
      (c) => c.mode === 'fixed' && c.words.every((w, k) => tokens[i + k]?.text === w),
    );
    if (cue !== undefined) {
      out.push({
        key: `cue:${cue.phrase}`,
        surface: cue.phrase,
        segment,
        order: orderBase + i,
        sentence: Math.max(0, sentence),
        qualifiers: [],
        demonym: false,
        commonWord: false,
        weakCase: false,
        cue,
      });
      i += cue.words.length - 1;
      continue;
    }

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
    if (single && CELESTIAL.has(lower) && !/^\s*,/u.test(next?.before ?? '')) continue;
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
    // "Lake Ontario": the region the lake is named for, as context (never a town of that name).
    if (
      single &&
      prev !== undefined &&
      /^ $/u.test(t.before) &&
      WATER_WORDS.has(prev.text) &&
      g.adminIndex.has(key)
    ) {
      out.push({
        key,
        surface,
        segment,
        order: orderBase + i,
        sentence: Math.max(0, sentence),
        qualifiers: [],
        demonym: false,
        commonWord: false,
        weakCase: false,
        regionOnly: true,
      });
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
      ...(isTradeObject(tokens, i) ? { tradeObject: true } : {}),
    });
    const descriptor = readDescriptor(g, tokens, end, key, surface, isDemonym);
    if (descriptor !== null) {
      out.push({
        key: `cue:${descriptor.phrase}`,
        surface: descriptor.phrase,
        segment,
        order: orderBase + i,
        sentence: Math.max(0, sentence),
        qualifiers: [],
        demonym: false,
        commonWord: false,
        weakCase: false,
        cue: descriptor,
      });
    }
    i = end;
  }
}

const unitTowns = new WeakMap<Gazetteer, Map<string, number[]>>();
/** A country's (or admin-1 unit's, key "CC.code") three most populous towns, cached per unit. */
function townsByPopulation(g: Gazetteer, unit: string): number[] {
  let map = unitTowns.get(g);
  if (map === undefined) {
    map = new Map();
    unitTowns.set(g, map);
  }
  const known = map.get(unit);
  if (known !== undefined) return known;
  const [cc, admin] = unit.split('.');
  const top: number[] = [];
  let capital = -1;
  for (let i = 0; i < g.placeName.length; i++) {
    if (placeCountry(g, i) !== cc || (admin !== undefined && g.placeAdmin[i] !== admin)) continue;
    const pop = g.placePopulation[i] ?? 0;
    if (
      g.placeFeature[i] === FEATURE_CAPITAL &&
      (capital < 0 || pop > (g.placePopulation[capital] ?? 0))
    )
      capital = i;
    if (top.length < 3 || pop > (g.placePopulation[top[2] ?? 0] ?? 0)) {
      top.push(i);
      top.sort((a, b) => (g.placePopulation[b] ?? 0) - (g.placePopulation[a] ?? 0));
      if (top.length > 3) top.pop();
    }
  }
  const list = capital < 0 ? top : [...top, capital];
  map.set(unit, list);
  return list;
}

/** "capital markets", "capital spending": money, not a city. */
const CAPITAL_NOT_CITY = new Set(
  'markets market gains spending expenditure investment investments flows controls goods ratio'.split(
    ' ',
  ),
);

const ORDINAL_CITY: Readonly<Record<string, number>> = {
  largest: 0,
  biggest: 0,
  'second-largest': 1,
  'second-biggest': 1,
  second: 1,
  'third-largest': 2,
  'third-biggest': 2,
  third: 2,
};

/**
 * "Ukraine's second city", "the Philippine capital", "Maine's largest city": a descriptor that
 * names a town without its name. Country -> its capital or its n-th most populous town; a US
 * state or province -> its n-th most populous town. eval:news dev: "Ukraine's second city" went
 * to Kyiv, "Philippine capital" to a village named Luzon.
 */
function readDescriptor(
  g: Gazetteer,
  tokens: readonly Token[],
  end: number,
  key: string,
  surface: string,
  isDemonym: boolean,
): ResolvedCue | null {
  const last = tokens[end];
  if (last === undefined) return null;
  const w1 = tokens[end + 1]?.text.toLowerCase() ?? '';
  const w2 = tokens[end + 2]?.text.toLowerCase() ?? '';
  let cc: string | undefined;
  let unit: string | undefined;
  if (isDemonym) cc = g.demonymIndex.get(key);
  else if (last.possessive) {
    cc = g.exactCountry.get(surface) ?? g.countryIndex.get(key);
    if (cc === undefined) {
      let bestPop = -1;
      for (const ref of g.adminIndex.get(key) ?? []) {
        const a = g.admin1[ref >> 1];
        if (a !== undefined && (ref & 1) === 0 && a.population > bestPop) {
          bestPop = a.population;
          unit = `${a.cc}.${a.code}`;
        }
      }
    }
  }
  if (cc === undefined && unit === undefined) return null;
  let index: number | undefined;
  let words = 1;
  if (w1 === 'capital' && cc !== undefined && !CAPITAL_NOT_CITY.has(w2)) {
    const towns = townsByPopulation(g, cc);
    index = towns.find((i) => g.placeFeature[i] === FEATURE_CAPITAL);
  } else if (w2 === 'city' && ORDINAL_CITY[w1] !== undefined) {
    index = townsByPopulation(g, unit ?? cc ?? '')[ORDINAL_CITY[w1]];
    words = 2;
  }
  if (index === undefined) return null;
  const phrase = [surface, ...tokens.slice(end + 1, end + 1 + words).map((t) => t.text)].join(' ');
  return {
    phrase,
    words: phrase.split(' '),
    mode: 'fixed',
    kind: 'city',
    index,
    cc: placeCountry(g, index),
  };
}

/** Reads a dateline at the start of a body segment; returns the mention and the rest of the text. */
function readDateline(g: Gazetteer, text: string): { mention: Mention | null; rest: string } {
  const m = DATELINE.exec(text);
  if (m === null) return { mention: null, rest: text };
  const place = m[1] ?? '';
  if (/\p{Ll}/u.test(place)) return { mention: null, rest: text };
  const key = nameKey(place);
  if (!(g.placeIndex.has(key) || g.adminIndex.has(key) || g.countryIndex.has(key))) {
    // "SRIHARIKOTA, India -": a landmark of the cue table the gazetteer lacks by name.
    const cue = [...placeCues(g).values()]
      .flat()
      .find((c) => c.mode === 'fixed' && c.phrase.toUpperCase() === place.toUpperCase());
    if (cue === undefined) return { mention: null, rest: text };
    return {
      mention: {
        key: `cue:${cue.phrase}`,
        surface: place,
        segment: 'dateline',
        order: -1,
        sentence: 0,
        qualifiers: [],
        demonym: false,
        commonWord: false,
        weakCase: false,
        cue,
      },
      rest: text.slice(m[0].length),
    };
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
  scanTokens(
    g,
    input.title.replace(/(?<=\p{L})-(?=(?:based|born|bred|headquartered|registered)\b)/gu, ' '),
    'title',
    0,
    out,
  );
  let base = 100_000;
  for (const raw of [input.description, input.content]) {
    if (raw === null || raw.trim() === '') continue;
    // "Nairobi-based", "Texas-born": the place before the suffix (same length, offsets kept).
    const body = raw.replace(
      /(?<=\p{L})-(?=(?:based|born|bred|headquartered|registered)\b)/gu,
      ' ',
    );
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
