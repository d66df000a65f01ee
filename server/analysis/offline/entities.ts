/**
 * Rule-based entity extraction from capitalised word sequences.
 *
 * A sequence is a run of capitalised tokens separated by single spaces, with name connectors
 * ("of", "de", "van", ...) allowed inside. It is classified by, in order:
 * - a title inside it or before it ("President Ana Ruiz", "Mr. Smith", "spokeswoman Li Wei")
 *   -> person (without the title);
 * - an organisation suffix ("... Ministry", "... Bank", "... Inc"), "X of ..." prefixes ("Bank of
 *   England"), or a known acronym (UN, NATO...) -> organisation;
 * - a known country or city, or a location cue before it ("in", "at", "from", "near" +
 *   capitalised) -> location;
 * - a common given name first, or a reporting verb after it ("Ana Ruiz said") or "according to"
 *   before it -> person.
 * Sequences at the start of a sentence are capitalised by grammar, so there they count only when
 * a strong cue (title, suffix, known name) classifies them or the same name appears elsewhere
 * mid-sentence. Headlines in Title Case give no capitalisation evidence at all: from a title
 * only names confirmed by the body or known lists are taken.
 */
import {
  CITIES,
  COUNTRIES,
  GIVEN_NAMES,
  HONORIFICS,
  KNOWN_ACRONYMS,
  NEVER_ENTITIES,
  ORG_PREFIXES,
  ORG_SUFFIXES,
  ROLE_NOUNS,
  TITLE_MODIFIERS,
} from '../lexicons/entities';
import { tokenize, type Token } from './text';

export type EntityKind = 'person' | 'organization' | 'location';

export interface EntityMention {
  name: string;
  kind: EntityKind;
  /** Mentions across the document (title mentions count double, a dateline triple). */
  weight: number;
  /** Order of first mention, for stable ranking. */
  first: number;
  inTitle: boolean;
}

export interface EntityResult {
  persons: EntityMention[];
  organizations: EntityMention[];
  locations: EntityMention[];
}

const CONNECTORS = new Set([
  'and',
  'of',
  'for',
  'de',
  'del',
  'da',
  'do',
  'dos',
  'van',
  'von',
  'der',
  'bin',
  'al',
  'la',
  'le',
  'du',
  'des',
  '&',
]);

const REPORTING_VERBS = new Set([
  'said',
  'says',
  'told',
  'added',
  'wrote',
  'explained',
  'argued',
  'warned',
  'stated',
  'announced',
  'insisted',
  'noted',
  'claimed',
  'urged',
  'tweeted',
  'posted',
]);
/**
 * Lower-case nouns that, right after a capitalised name, say it is an organisation: "the IG Metall
 * union", "the Green Vault museum", "the CGT union". eval:analysis entities: organisations recall
 * (see docs/news-eval.md).
 */
const ORG_NOUNS = new Set([
  'union',
  'unions',
  'museum',
  'company',
  'firm',
  'group',
  'bank',
  'club',
  'party',
  'airline',
  'carmaker',
  'chipmaker',
  'automaker',
  'agency',
  'ministry',
  'university',
  'council',
  'committee',
  'foundation',
  'newspaper',
  'broadcaster',
  'regulator',
  'insurer',
  'lender',
  'retailer',
  'brand',
  'conglomerate',
  'charity',
  'institute',
  'network',
  'startup',
  'team',
]);
/** People who work somewhere: "analysts at Morgan Stanley", "scientists at CERN". */
const STAFF_NOUNS = new Set([
  'analysts',
  'economists',
  'researchers',
  'scientists',
  'officials',
  'executives',
  'workers',
  'staff',
  'strategists',
  'engineers',
  'employees',
  'doctors',
  'lawyers',
  'managers',
  'traders',
]);

const LOCATION_CUES = new Set([
  'in',
  'at',
  'from',
  'near',
  'across',
  'outside',
  'throughout',
  'around',
  'towards',
  'toward',
]);
const PLACE_NOUNS = new Set([
  'city',
  'town',
  'village',
  'province',
  'region',
  'district',
  'state',
  'county',
  'capital',
  'island',
  'port',
  'suburb',
]);
const DIRECTIONS = new Set([
  'Northern',
  'Southern',
  'Eastern',
  'Western',
  'Central',
  'North',
  'South',
  'East',
  'West',
  'Northeast',
  'Northwest',
  'Southeast',
  'Southwest',
  'Upper',
  'Lower',
  'Greater',
]);

interface Candidate {
  tokens: Token[];
  name: string;
  /** Set by a strong cue; null when only context can decide. */
  kind: EntityKind | null;
  /** A weak person cue (reporting verb, "according to"). */
  personHint: boolean;
  locationHint: boolean;
  /** A weak organisation cue: an organisation noun after it, or "analysts at" before it. */
  orgHint: boolean;
  sentenceInitial: boolean;
  inTitle: boolean;
  order: number;
  weight: number;
}

const isCapitalised = (token: Token): boolean =>
  /^\p{Lu}/u.test(token.text) && token.text !== token.lower;
const bare = (word: string): string => word.replace(/\.$/, '');
const isHonorific = (word: string): boolean => HONORIFICS.has(bare(word));

/** Country or city lookup, with dotted acronyms ("U.S.") and leading directions stripped. */
export function knownPlace(name: string): { name: string; country: string } | null {
  const key = /^(\p{Lu}\.)+\p{Lu}\.?$/u.test(name) ? name.replace(/\./g, '') : name;
  const country = COUNTRIES.get(key);
  if (country !== undefined) return { name: key === name ? name : country, country };
  const city = CITIES.get(key);
  if (city !== undefined) return { name, country: city };
  return null;
}

function classifyName(tokens: Token[]): { kind: EntityKind | null; tokens: Token[] } {
  const name = tokens.map((t) => t.text).join(' ');
  const first = tokens[0];
  const last = tokens[tokens.length - 1];
  if (first === undefined || last === undefined) return { kind: null, tokens };
  if (KNOWN_ACRONYMS.has(name)) return { kind: 'organization', tokens };
  if (knownPlace(name) !== null) return { kind: 'location', tokens };
  if (tokens.length > 1 && ORG_SUFFIXES.has(last.text)) return { kind: 'organization', tokens };
  const link = tokens[1]?.lower;
  if (tokens.length > 2 && ORG_PREFIXES.has(first.text) && (link === 'of' || link === 'for'))
    return { kind: 'organization', tokens };
  if (tokens.length > 1 && DIRECTIONS.has(first.text)) {
    const rest = tokens.slice(1);
    if (knownPlace(rest.map((t) => t.text).join(' ')) !== null)
      return { kind: 'location', tokens: rest };
  }
  if (tokens.length >= 2 && tokens.length <= 4 && GIVEN_NAMES.has(first.text))
    return { kind: 'person', tokens };
  return { kind: null, tokens };
}

/** Known places and acronyms inside a longer run, longest match first. */
function knownParts(tokens: Token[]): { tokens: Token[]; name: string; kind: EntityKind }[] {
  const parts: { tokens: Token[]; name: string; kind: EntityKind }[] = [];
  if (tokens.length < 2) return parts;
  let i = 0;
  while (i < tokens.length) {
    let matched = 0;
    for (let n = Math.min(3, tokens.length - i); n >= 1 && matched === 0; n--) {
      if (n === tokens.length) continue;
      const slice = tokens.slice(i, i + n);
      const name = slice.map((t) => t.text).join(' ');
      const place = knownPlace(name);
      if (place !== null) parts.push({ tokens: slice, name: place.name, kind: 'location' });
      else if (KNOWN_ACRONYMS.has(name)) parts.push({ tokens: slice, name, kind: 'organization' });
      else continue;
      matched = n;
    }
    i += Math.max(matched, 1);
  }
  return parts;
}

/** Capitalised sequences of one sentence. */
interface Run {
  tokens: Token[];
  all: Token[];
  startIndex: number;
  /** Token index by start offset, so lookups stay linear on huge sentences. */
  indexByStart: Map<number, number>;
}

function sequencesOf(text: string): Run[] {
  const all = tokenize(text);
  const indexByStart = new Map(all.map((t, index) => [t.start, index]));
  const runs: Run[] = [];
  let i = 0;
  while (i < all.length) {
    const token = all[i];
    if (token === undefined || !isCapitalised(token)) {
      i++;
      continue;
    }
    const run: Token[] = [token];
    let j = i + 1;
    while (j < all.length) {
      const prev = run[run.length - 1];
      const next = all[j];
      if (prev === undefined || next === undefined) break;
      if (/'s$/i.test(prev.text)) break;
      const gap = text.slice(prev.end, next.start);
      const joined = gap === ' ' || gap === '-' || (gap === '. ' && isHonorific(prev.text));
      if (!joined) break;
      if (isCapitalised(next)) {
        run.push(next);
        j++;
        continue;
      }
      // A connector joins only when a capitalised token follows it directly.
      const after = all[j + 1];
      if (
        CONNECTORS.has(next.lower) &&
        after !== undefined &&
        isCapitalised(after) &&
        text.slice(next.end, after.start) === ' '
      ) {
        run.push(next, after);
        j += 2;
        continue;
      }
      break;
    }
    // "and" joins only inside organisation names ("Disaster and Emergency Management Authority").
    const parts = splitAtAnd(run);
    for (const part of parts) {
      const offset = indexByStart.get((part[0] ?? token).start) ?? i;
      runs.push({
        tokens: part.map((t) =>
          /'s$/i.test(t.text) ? { ...t, text: t.text.slice(0, -2), end: t.end - 2 } : t,
        ),
        all,
        startIndex: offset,
        indexByStart,
      });
    }
    i = j;
  }
  return runs;
}

function splitAtAnd(run: Token[]): Token[][] {
  const parts: Token[][] = [[]];
  for (const token of run) {
    if (token.lower === 'and') parts.push([]);
    else parts[parts.length - 1]?.push(token);
  }
  const nonEmpty = parts.filter((p) => p.length > 0);
  // One organisation name with "and" inside, unless its first part is already a name of its own
  // ("Ministry of Finance and Zenith Holdings" is two).
  const last = run[run.length - 1];
  const head = nonEmpty[0];
  if (
    last !== undefined &&
    ORG_SUFFIXES.has(last.text) &&
    head !== undefined &&
    classifyName(head).kind === null
  )
    return [run];
  return nonEmpty;
}

export interface EntityInput {
  title: string;
  /** Body sentences (description and content). */
  sentences: readonly string[];
  /** Lower-case words that occur written in lower case somewhere (they are common words). */
  lowercaseWords: ReadonlySet<string>;
}

/** Datelines such as "NAIROBI, Kenya (Reuters) -" or "KYIV -" at the start of the body. */
function datelinePlace(firstSentence: string): string | null {
  const match = /^([A-Z][A-Z'.-]+(?: [A-Z][A-Z'.-]+){0,3})(?:,| \(| [-\u2013\u2014])/.exec(
    firstSentence,
  );
  const caps = match?.[1];
  if (caps === undefined || caps.length < 3) return null;
  return caps
    .toLowerCase()
    .split(' ')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}

function isTitleCase(title: string): boolean {
  const tokens = tokenize(title).filter((t) => /^\p{L}/u.test(t.text) && t.text.length > 3);
  if (tokens.length < 3) return false;
  return tokens.filter(isCapitalised).length / tokens.length > 0.6;
}

export function extractEntities(input: EntityInput): EntityResult {
  const candidates: Candidate[] = [];
  let order = 0;
  const consider = (text: string, inTitle: boolean): void => {
    for (const run of sequencesOf(text)) {
      let tokens = run.tokens;
      let kind: EntityKind | null = null;
      let sentenceInitial = run.startIndex === 0;
      const before = run.all[run.startIndex - 1];
      const beforeTwo = run.all[run.startIndex - 2];

      // A title inside the sequence splits it: "Transport Minister Mark Ellison" -> person "Mark
      // Ellison"; "Commission President Ana Ruiz" -> "Commission" is looked at on its own. A
      // sequence ending in an organisation suffix is an organisation ("General Motors").
      const lastWord = tokens[tokens.length - 1]?.text ?? '';
      let k = -1;
      if (!ORG_SUFFIXES.has(lastWord)) {
        for (let i = tokens.length - 2; i >= 0; i--) {
          const word = bare(tokens[i]?.text ?? '');
          if (HONORIFICS.has(word) || ROLE_NOUNS.has(word.toLowerCase())) {
            k = i;
            break;
          }
        }
      }
      if (k >= 0) {
        let prefix = tokens.slice(0, k);
        while (
          prefix.length > 0 &&
          (TITLE_MODIFIERS.has(prefix[prefix.length - 1]?.text ?? '') ||
            HONORIFICS.has(bare(prefix[prefix.length - 1]?.text ?? '')))
        )
          prefix = prefix.slice(0, -1);
        if (prefix.length > 0) {
          const kind = classifyName(prefix).kind;
          if (kind !== null)
            candidates.push({
              tokens: prefix,
              name: prefix.map((t) => t.text).join(' '),
              kind,
              personHint: false,
              locationHint: false,
              orgHint: false,
              sentenceInitial,
              inTitle,
              order: order++,
              weight: inTitle ? 2 : 1,
            });
        }
        tokens = tokens.slice(k + 1);
        kind = 'person';
        sentenceInitial = false;
      } else if (
        before !== undefined &&
        ROLE_NOUNS.has(before.lower) &&
        before.text === before.lower
      ) {
        kind = 'person';
      }
      // Leading words that are never names ("The", "In", "Monday") are dropped.
      while (tokens.length > 0 && NEVER_ENTITIES.has(tokens[0]?.text ?? '')) {
        tokens = tokens.slice(1);
        sentenceInitial = false;
      }
      // A sentence-initial common word ("Heavy rains...") is dropped when it is written in lower
      // case elsewhere in the text.
      if (
        sentenceInitial &&
        tokens.length > 1 &&
        input.lowercaseWords.has(tokens[0]?.lower ?? '')
      ) {
        tokens = tokens.slice(1);
        sentenceInitial = false;
      }
      while (tokens.length > 0 && CONNECTORS.has(tokens[tokens.length - 1]?.lower ?? ''))
        tokens = tokens.slice(0, -1);
      if (tokens.length === 0 || tokens.length > 6) continue;
      if (tokens.every((t) => NEVER_ENTITIES.has(t.text) || /^\p{N}/u.test(t.text))) continue;
      // A lone title or organisation word ("President", "Ministry") names nobody.
      if (
        tokens.length === 1 &&
        (isHonorific(tokens[0]?.text ?? '') || ORG_SUFFIXES.has(tokens[0]?.text ?? ''))
      )
        continue;

      const classified = classifyName(tokens);
      tokens = classified.tokens;
      if (kind === null) kind = classified.kind;
      const name = tokens.map((t) => t.text).join(' ');
      if (name.length < 2 || name.length > 80) continue;

      if (kind === null) {
        // Known places and acronyms inside an unclassified run ("Floods Hit Northern Italy").
        for (const part of knownParts(tokens)) {
          candidates.push({
            tokens: part.tokens,
            name: part.name,
            kind: part.kind,
            personHint: false,
            locationHint: false,
            orgHint: false,
            sentenceInitial: false,
            inTitle,
            order: order++,
            weight: inTitle ? 2 : 1,
          });
        }
      }
      const lastToken = tokens[tokens.length - 1];
      const lastIndex =
        lastToken === undefined ? -1 : (run.indexByStart.get(lastToken.start) ?? -1);
      const after = lastIndex === -1 ? undefined : run.all[lastIndex + 1];
      // Names of people are not preceded by "the" ("the Civic Coalition said").
      const personHint =
        before?.lower !== 'the' &&
        ((after !== undefined && REPORTING_VERBS.has(after.lower)) ||
          (before !== undefined && REPORTING_VERBS.has(before.lower)) ||
          (before?.lower === 'to' && beforeTwo?.lower === 'according'));
      const locationHint =
        (before !== undefined && LOCATION_CUES.has(before.text)) ||
        (before?.lower === 'of' && beforeTwo !== undefined && PLACE_NOUNS.has(beforeTwo.lower));
      // An all-capitals word that is no known place or dateline is an organisation's initials
      // ("HSBC", "CGT"); an organisation noun after a name or "analysts at" before it hint one.
      const single = tokens.length === 1 ? (tokens[0]?.text ?? '') : '';
      const initials =
        /^\p{Lu}{2,6}$/u.test(single) && knownPlace(single) === null && run.startIndex > 0;
      const orgHint =
        initials ||
        (after !== undefined && after.text === after.lower && ORG_NOUNS.has(after.lower)) ||
        (before?.lower === 'at' && beforeTwo !== undefined && STAFF_NOUNS.has(beforeTwo.lower));
      candidates.push({
        tokens,
        name,
        kind,
        personHint,
        locationHint,
        orgHint,
        sentenceInitial,
        inTitle,
        order: order++,
        weight: inTitle ? 2 : 1,
      });
    }
  };

  const titleCase = isTitleCase(input.title);
  consider(input.title, true);
  const dateline = input.sentences[0] === undefined ? null : datelinePlace(input.sentences[0]);
  for (const sentence of input.sentences) consider(sentence, false);

  // Names seen mid-sentence in the body confirm sentence-initial and title mentions.
  const confirmed = new Set(
    candidates.filter((c) => !c.sentenceInitial && !c.inTitle).map((c) => c.name),
  );
  const byName = new Map<string, EntityMention>();
  const add = (
    name: string,
    kind: EntityKind,
    weight: number,
    first: number,
    inTitle: boolean,
  ): void => {
    const key = `${kind}:${name.toLowerCase()}`;
    const existing = byName.get(key);
    if (existing === undefined) byName.set(key, { name, kind, weight, first, inTitle });
    else {
      existing.weight += weight;
      existing.inTitle ||= inTitle;
    }
  };
  if (dateline !== null) add(knownPlace(dateline)?.name ?? dateline, 'location', 3, -1, false);

  // Resolve kinds: strong cues first, then hints, then promotion of "Surname said".
  const surnames = new Map<string, string>();
  const pending: Candidate[] = [];
  for (const c of candidates) {
    const untrustedCaps = (c.inTitle && titleCase) || c.sentenceInitial;
    let kind = c.kind;
    if (kind === null && c.orgHint && !(c.inTitle && titleCase)) kind = 'organization';
    if (kind === null && !untrustedCaps && c.locationHint) kind = 'location';
    if (
      kind === null &&
      c.personHint &&
      c.tokens.length >= 2 &&
      c.tokens.length <= 4 &&
      !untrustedCaps
    )
      kind = 'person';
    if (kind === null) {
      pending.push(c);
      continue;
    }
    // Sentence-initial or Title-Case mentions need a strong cue or confirmation elsewhere.
    const strong =
      c.kind !== null &&
      (knownPlace(c.name) !== null || KNOWN_ACRONYMS.has(c.name) || c.tokens.length > 1);
    if (untrustedCaps && !strong && !confirmed.has(c.name)) continue;
    add(
      kind === 'location' ? (knownPlace(c.name)?.name ?? c.name) : c.name,
      kind,
      c.weight,
      c.order,
      c.inTitle,
    );
    if (kind === 'person' && c.tokens.length > 1) {
      const surname = c.tokens[c.tokens.length - 1]?.text;
      if (surname !== undefined) surnames.set(surname, c.name);
    }
  }
  // A lone surname of a known person joins that person; unknown full names become persons when
  // their surname is later used with a reporting verb.
  for (const c of pending) {
    if (c.tokens.length !== 1) continue;
    const full = surnames.get(c.name);
    if (full !== undefined) add(full, 'person', c.weight, c.order, c.inTitle);
  }
  const hinted = new Set(
    pending.filter((c) => c.tokens.length === 1 && c.personHint).map((c) => c.name),
  );
  for (const c of pending) {
    if (c.tokens.length < 2 || c.tokens.length > 3 || c.sentenceInitial) continue;
    const surname = c.tokens[c.tokens.length - 1]?.text ?? '';
    if (hinted.has(surname) && !(c.inTitle && titleCase)) {
      add(c.name, 'person', c.weight, c.order, c.inTitle);
      for (const h of pending)
        if (h.tokens.length === 1 && h.name === surname)
          add(c.name, 'person', h.weight, h.order, h.inTitle);
    }
  }

  // A person's name that is also a place or organisation ("Georgia") keeps the strongest reading;
  // a single-word person equal to a known surname is already merged above.
  const rank = (list: EntityMention[]): EntityMention[] =>
    list.sort((a, b) => b.weight - a.weight || a.first - b.first || (a.name < b.name ? -1 : 1));
  const all = [...byName.values()];
  const persons = all.filter((e) => e.kind === 'person');
  const personNames = new Set(persons.map((p) => p.name));
  return {
    persons: rank(
      persons.filter(
        (p) =>
          !(
            p.name.split(' ').length === 1 &&
            [...personNames].some((n) => n !== p.name && n.endsWith(` ${p.name}`))
          ),
      ),
    ),
    organizations: rank(all.filter((e) => e.kind === 'organization' && !personNames.has(e.name))),
    locations: rank(all.filter((e) => e.kind === 'location' && !personNames.has(e.name))),
  };
}
