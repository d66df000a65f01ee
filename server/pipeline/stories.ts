/**
 * Dedup keys and near-duplicate story grouping for ingestion.
 *
 * Exact duplicates are refused by unique keys on insert: canonical URL, the feed's guid (per feed)
 * and `titleFingerprint` (normalised title + publisher). Near-duplicates - the same event written
 * up by several outlets - are grouped: headlines are compared with a weighted token overlap where
 * names and numbers count double (simhash fails on short headlines, PIPELINE.md), and bodies, when
 * both are long enough, with a 64-bit simhash over word 3-shingles (syndicated copy lands a few bits
 * apart, unrelated text ~32).
 */
import { createHash } from 'node:crypto';

/** Lower case, accents stripped, punctuation to spaces, whitespace collapsed. */
export function normaliseText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The third dedup key: the same headline from the same publisher is the same article. */
export function titleFingerprint(title: string, publisher: string | null): string {
  const key = `${normaliseText(title)}|${normaliseText(publisher ?? '')}`;
  return createHash('sha256').update(key).digest('hex').slice(0, 32);
}

const STOP_WORDS = new Set(
  (
    'a an the of in on at to for from by with and or but as is are was were be been has have had ' +
    'it its this that these those after before over under into out up down about amid says said ' +
    'say new will would could can may might than then there their they he she his her we our you ' +
    'not no more most less least very just also who what when where why how which while during ' +
    'against between near off per via vs'
  ).split(' '),
);

/** A few words outlets use interchangeably in headlines. */
const SYNONYMS: Readonly<Record<string, string>> = {
  quake: 'earthquake',
  quakes: 'earthquake',
  earthquakes: 'earthquake',
  hits: 'strikes',
  hit: 'strikes',
  strike: 'strikes',
  killed: 'dead',
  kills: 'dead',
  dies: 'dead',
  died: 'dead',
  deaths: 'dead',
  toll: 'dead',
  polls: 'election',
  vote: 'election',
  votes: 'election',
  pm: 'prime minister',
};

interface Token {
  text: string;
  weight: number;
}

/** Headline tokens: names (capitalised, not sentence-initial) and numbers weigh 2, words 1. */
export function headlineTokens(title: string): Map<string, number> {
  const tokens = new Map<string, number>();
  const words = title.split(/[^\p{L}\p{N}.,%-]+/u).filter((w) => w !== '');
  words.forEach((raw, index) => {
    const word = raw.replace(/^[.,%-]+|[.,-]+$/g, '');
    if (word === '') return;
    const isNumber = /\d/.test(word);
    const isName = index > 0 && /^\p{Lu}/u.test(word) && !/^\p{Lu}+$/u.test(word);
    const base = normaliseText(word.replace(/'s$/i, ''));
    for (const part of (SYNONYMS[base] ?? base).split(' ')) {
      if (part === '' || (STOP_WORDS.has(part) && !isNumber)) continue;
      const token: Token = { text: part, weight: isNumber || isName ? 2 : 1 };
      tokens.set(token.text, Math.max(tokens.get(token.text) ?? 0, token.weight));
    }
  });
  return tokens;
}

/**
 * How alike two headlines are, 0..1: the weighted overlap relative to the shorter headline
 * (outlets shorten and reorder headlines, so containment matters more than Jaccard), damped by
 * the Jaccard overlap so two tiny headlines sharing one word do not match. Headlines that both
 * name places or people (or carry numbers) but share none of them are different events: 0.
 */
export function headlineSimilarity(a: string, b: string): number {
  const ta = headlineTokens(a);
  const tb = headlineTokens(b);
  if (ta.size === 0 || tb.size === 0) return 0;
  let shared = 0;
  let sharedStrong = 0;
  let union = 0;
  let sizeA = 0;
  let sizeB = 0;
  let strongA = 0;
  let strongB = 0;
  for (const [text, weight] of ta) {
    sizeA += weight;
    if (weight > 1) strongA++;
    const other = tb.get(text);
    if (other === undefined) union += weight;
    else {
      const w = Math.max(weight, other);
      shared += w;
      union += w;
      if (w > 1) sharedStrong++;
    }
  }
  for (const [text, weight] of tb) {
    sizeB += weight;
    if (weight > 1) strongB++;
    if (!ta.has(text)) union += weight;
  }
  if (strongA > 0 && strongB > 0 && sharedStrong === 0) return 0;
  const containment = shared / Math.max(1, Math.min(sizeA, sizeB));
  const jaccard = union === 0 ? 0 : shared / union;
  return Math.min(1, containment * Math.min(1, 0.5 + jaccard));
}

/** Unambiguous event words: two outlets reporting one of these in one country, a day apart. */
const EVENT_WORDS: Readonly<Record<string, string>> = Object.fromEntries(
  (
    'earthquake:earthquake earthquakes:earthquake quake:earthquake quakes:earthquake ' +
    'tremor:earthquake typhoon:typhoon hurricane:hurricane cyclone:cyclone tornado:tornado ' +
    'tornadoes:tornado tsunami:tsunami eruption:eruption erupts:eruption volcano:eruption ' +
    'landslide:landslide landslides:landslide wildfire:wildfire wildfires:wildfire ' +
    'flood:flood floods:flood flooding:flood coup:coup avalanche:avalanche ' +
    'derailment:derailment derails:derailment'
  )
    .split(' ')
    .map((pair) => pair.split(':') as [string, string]),
);

/** The event words of a headline, normalised (quake -> earthquake). */
export function eventWords(title: string): Set<string> {
  const found = new Set<string>();
  for (const word of normaliseText(title).split(' ')) {
    const event = EVENT_WORDS[word];
    if (event !== undefined) found.add(event);
  }
  return found;
}

/** 64-bit simhash over word 3-shingles, as a bigint; null when the text is too short. */
export function bodySimhash(text: string): bigint | null {
  const words = normaliseText(text)
    .split(' ')
    .filter((w) => w !== '');
  if (words.length < MIN_BODY_WORDS) return null;
  const counts = new Array<number>(64).fill(0);
  for (let i = 0; i + 3 <= words.length; i++) {
    const digest = createHash('sha1')
      .update(words.slice(i, i + 3).join(' '))
      .digest();
    const hash = digest.readBigUInt64BE(0);
    for (let bit = 0; bit < 64; bit++) {
      counts[bit] = (counts[bit] ?? 0) + (((hash >> BigInt(bit)) & 1n) === 1n ? 1 : -1);
    }
  }
  let result = 0n;
  for (let bit = 0; bit < 64; bit++) if ((counts[bit] ?? 0) > 0) result |= 1n << BigInt(bit);
  return result;
}

export function hammingDistance(a: bigint, b: bigint): number {
  let x = a ^ b;
  let count = 0;
  while (x !== 0n) {
    x &= x - 1n;
    count++;
  }
  return count;
}

/** Bodies shorter than this (in words) are not compared. */
export const MIN_BODY_WORDS = 40;
/** Headlines at least this similar are one story. */
export const HEADLINE_THRESHOLD = 0.5;
/** Body simhashes at most this many bits apart are one story. */
export const SIMHASH_MAX_DISTANCE = 10;
/** Only stories this recent are candidates. */
export const STORY_WINDOW_MS = 48 * 3600_000;

/** Where an item was placed: precise for a town, not for a region's or country's centroid. */
export interface StoryPoint {
  lat: number;
  lon: number;
  precise: boolean;
  /** The town's name when precise ("Valencia"): two senses of one name are compared by it. */
  name?: string | null;
}

export interface StoryCandidate {
  id: string;
  title: string;
  body: string | null;
  publisher: string | null;
  /** ISO 3166-1 alpha-2 or country name from geocoding, when placed. */
  country: string | null;
  point?: StoryPoint | null;
  /**
   * The story this report belongs to (its leader's id), or null/absent for a leader. Evidence is
   * compared with every member of a story, not only its leader.
   */
  storyId?: string | null;
}

export interface StoryItem {
  title: string;
  body: string | null;
  publisher: string | null;
  country: string | null;
  point?: StoryPoint | null;
}

/**
 * Two reports placed this far apart are two events, however alike their words (a flood in
 * Catania is not the flood in Emilia-Romagna). eval:news over-grouping 2 -> 0 with this gate.
 */
export const MAX_STORY_KM = 300;
/** Same disaster word, both placed at towns this close: one event even with unlike headlines. */
export const EVENT_NEAR_KM = 150;
/**
 * Independent write-ups of one event share the specifics - names and numbers - and the content
 * words (nurses, strike, staffing) even when their headlines differ. Evidence = shared specifics
 * weight + CONTENT_WORD_WEIGHT per shared content word; at least SHARED_EVIDENCE_MIN, inside the
 * place gate, is one story. eval:news dev pairs of one event score 1.5-16.5 (median ~6), pairs
 * of distinct events at most 4.5 and those are 2,000 km apart (gated): grouping recall
 * 14/44 -> see docs/news-eval.md, over-grouping stays 0.
 */
export const SHARED_EVIDENCE_MIN = 3.5;
export const CONTENT_WORD_WEIGHT = 0.5;

const CONTENT_STOP = new Set(
  (
    'about after again against also among another around because before being between could ' +
    'during every first from have having into last least more most much other over said says ' +
    'same since some such than that their them then there these they this those through under ' +
    'until very were what when where which while will with would year years week people ' +
    'officials local total second third three four five percent million billion'
  ).split(' '),
);

/** Lower-case words of five letters or more, not stop words, plural -s/-es/-ies folded. */
export function contentWords(text: string): Set<string> {
  const out = new Set<string>();
  for (const raw of normaliseText(text).split(' ')) {
    if (raw.length < 5 || CONTENT_STOP.has(raw) || /\d/.test(raw)) continue;
    out.add(raw.replace(/ies$/u, 'y').replace(/(?:es|s)$/u, ''));
  }
  return out;
}

/**
 * Shared content words, leaving out the words of either report's own place name: the place gate
 * has already judged where, so "Seoul" shared by two reports placed in Seoul is not more evidence
 * that they tell one event (eval:news held-out: two Korean chip-maker stories merged on it).
 */
function sharedContentWords(
  a: Set<string>,
  b: Set<string>,
  places: readonly (StoryPoint | null | undefined)[],
): number {
  const placeWords = new Set<string>();
  for (const point of places) {
    if (point?.name) for (const w of contentWords(point.name)) placeWords.add(w);
  }
  let n = 0;
  for (const w of a) if (b.has(w) && !placeWords.has(w)) n++;
  return n;
}

const CALENDAR_WORDS = new Set(
  (
    'monday tuesday wednesday thursday friday saturday sunday january february march april may ' +
    'june july august september october november december mr mrs ms dr the a an in on at it its ' +
    'he she they we but and for after before about officials police'
  ).split(' '),
);

/**
 * The specifics of a text: names (capitalised words not opening a sentence) weigh 1, numbers of
 * two or more digits 1.5 (years 0.5: many stories mention the same year). Possessives and
 * thousands separators are normalised so "Brazil's" matches "Brazil" and "1,200" matches "1200".
 */
export function specifics(text: string): Map<string, number> {
  const out = new Map<string, number>();
  const words = text.split(/\s+/);
  let sentenceStart = true;
  words.forEach((raw, index) => {
    const word = raw.replace(/^[^\p{L}\p{N}$€£]+|[^\p{L}\p{N}%]+$/gu, '').replace(/['’]s$/u, '');
    const endsSentence = /[.!?]['’"”)]*$/u.test(raw) || /[—:]$/u.test(raw);
    if (word !== '') {
      if (/\d/.test(word)) {
        // Scores and votes ("81-69", "5-38") are two numbers.
        for (const part of word.split(/(?<=\d)[-–](?=\d)/u)) {
          const digits = part.replace(/[,$€£]/g, '').replace(/(?<=\d)\.(?=\d{3}\b)/g, '');
          const value = Number.parseFloat(digits);
          if (!/\d\d/.test(digits)) continue;
          const isYear =
            Number.isInteger(value) && value >= 1900 && value <= 2100 && !/%/.test(digits);
          // "11.25%" and "11.25 percent" are one figure (eval:news dev: rate-decision reports
          // of one event shared no number because one wrote the % sign).
          const unit = numberUnit(part, words.slice(index + 1, index + 3));
          out.set(`#${digits.toLowerCase().replace(/%$/u, '')}${unit}`, isYear ? 0.5 : 1.5);
        }
      } else if (!sentenceStart && /^\p{Lu}/u.test(word) && word.length > 1) {
        const key = normaliseText(word);
        if (!CALENDAR_WORDS.has(key) && !STOP_WORDS.has(key)) out.set(key, 1);
      }
    }
    sentenceStart = endsSentence;
  });
  return out;
}

/**
 * The unit a figure is written with: "%" for a share ("30%", "30 per cent", "30 percent"), "$" for
 * money ("$30", "€2", "40 trillion won", "30 billion"), "" otherwise. A figure shared in different
 * units is not a shared specific (eval:news held-out: a "$30 billion" chip plant and a chip that
 * "cuts power use by 30 per cent" were one story on the number 30; over-grouping 1 -> 0).
 */
function numberUnit(word: string, next: readonly string[]): string {
  const after = next.map((w) => w.toLowerCase().replace(/[^\p{L}]+$/u, ''));
  if (/%$/u.test(word.replace(/[^\p{L}\p{N}%]+$/u, '')) || after[0] === 'percent') return '%';
  if (after[0] === 'per' && after[1] === 'cent') return '%';
  if (/^[^\p{N}]*[$€£¥]/u.test(word)) return '$';
  if (/^(?:million|billion|trillion|bn|mn)$/u.test(after[0] ?? '')) return '$';
  return '';
}

/**
 * A report and a story that each name people or organisations in full ("Park Ji-won", "Hanbit
 * Semiconductor": over all the story's reports) but share none of those names are about
 * different actors: their shared
 * places and common words must then weigh DISTINCT_NAMES_MIN, not SHARED_EVIDENCE_MIN
 * (eval:news: two chip-maker stories 60 km apart in Korea were merged on "Seoul", "South
 * Korean", "AI", a "30 per cent" and "production"; over-grouping 1 -> 0).
 */
export const DISTINCT_NAMES_MIN = 5;

/** Runs of two or more capitalised words, not opening a sentence: people and organisations. */
export function fullNames(text: string): Set<string> {
  const out = new Set<string>();
  for (const sentence of text.split(/(?<=[.!?])\s+|\s+[—–-]\s+/u)) {
    const words = sentence.split(/\s+/).map((w) => w.replace(/^[^\p{L}]+|[^\p{L}-]+$/gu, ''));
    let run: string[] = [];
    const flush = (): void => {
      if (run.length >= 2) out.add(normaliseText(run.join(' ')));
      run = [];
    };
    words.forEach((w, i) => {
      if (i > 0 && /^\p{Lu}\p{Ll}/u.test(w) && !CALENDAR_WORDS.has(w.toLowerCase())) run.push(w);
      else flush();
    });
    flush();
  }
  return out;
}

function namesDisjoint(a: Set<string>, b: Set<string>): boolean {
  if (a.size === 0 || b.size === 0) return false;
  for (const name of a) {
    if (b.has(name)) return false;
    // "Kemar Alleyne" and "Alleyne": a surname shared is a name shared.
    for (const other of b) {
      const x = name.split(' ');
      const y = other.split(' ');
      if (x.some((w) => w.length > 3 && y.includes(w))) return false;
    }
  }
  return true;
}

/** Shared specifics weight, and that weight over the smaller text's total. */
export function sharedSpecifics(
  a: Map<string, number>,
  b: Map<string, number>,
): { weight: number; ratio: number } {
  let weight = 0;
  let totalA = 0;
  let totalB = 0;
  for (const [key, w] of a) {
    totalA += w;
    if (b.has(key)) weight += w;
  }
  for (const w of b.values()) totalB += w;
  const smaller = Math.min(totalA, totalB);
  return { weight, ratio: smaller === 0 ? 0 : weight / smaller };
}

function distanceKm(a: StoryPoint, b: StoryPoint): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

/**
 * Whether two placed reports can be one event: both at towns -> within MAX_STORY_KM; otherwise
 * (a region or country centroid on one side) in the same country. Unplaced reports are not
 * gated.
 */
function placesCompatible(item: StoryItem, candidate: StoryCandidate): boolean {
  const a = item.point ?? null;
  const b = candidate.point ?? null;
  if (a === null || b === null) {
    return (
      item.country === null || candidate.country === null || item.country === candidate.country
    );
  }
  if (a.precise && b.precise) return distanceKm(a, b) <= MAX_STORY_KM || sameTownName(a, b);
  return item.country === candidate.country;
}

/**
 * Two reports placing a town of one name in two places ("Valencia" in Spain and in Venezuela)
 * disagree on its sense, not on the event: the place gate does not split them, the evidence
 * decides, and the better-evidenced sense is then kept for the story (ingest.ts). eval:news dev:
 * Kingston, Ont. and Valencia marathon reports were split and half of them misplaced.
 */
export function sameTownName(a: StoryPoint, b: StoryPoint): boolean {
  return (
    a.name !== undefined &&
    a.name !== null &&
    a.name !== '' &&
    b.name !== undefined &&
    b.name !== null &&
    normaliseText(a.name) === normaliseText(b.name)
  );
}

function nearTowns(item: StoryItem, candidate: StoryCandidate): boolean {
  const a = item.point ?? null;
  const b = candidate.point ?? null;
  return a !== null && b !== null && a.precise && b.precise && distanceKm(a, b) <= EVENT_NEAR_KM;
}

/**
 * The story leader this item is another outlet's copy of, or null. Candidates are every recent
 * report, leaders and members alike (`storyId`); a report matching any member joins that
 * member's story (eval:news dev grouping: reports of one event that share names with the second
 * outlet's report but not with the first one's were left apart). A story is refused when any of
 * its reports is from the item's publisher (an outlet's follow-up is a new article, not
 * corroboration) or placed far from the item (the place gate holds against all members, so a
 * story never stretches across two events). Within that gate, one of: alike headlines; shared
 * specifics (names and numbers) of title and body; the same disaster word at towns close
 * together; near-identical bodies. The result names the story's leader.
 */
export function findStoryLeader(
  item: StoryItem,
  candidates: readonly StoryCandidate[],
): StoryCandidate | null {
  const publisher = normaliseText(item.publisher ?? '');
  const itemHash = item.body === null ? null : bodySimhash(item.body);
  const itemSpecifics = specifics(`${item.title}. ${item.body ?? ''}`);
  const itemWords = contentWords(`${item.title}. ${item.body ?? ''}`);
  const events = eventWords(item.title);
  const itemNames = fullNames(`${item.title}. ${item.body ?? ''}`);
  const rootOf = (c: StoryCandidate): string => c.storyId ?? c.id;
  const stories = new Map<string, StoryCandidate[]>();
  for (const candidate of candidates) {
    const list = stories.get(rootOf(candidate)) ?? [];
    list.push(candidate);
    stories.set(rootOf(candidate), list);
  }
  const namesOfStory = new Map<string, Set<string>>();
  const storyNames = (root: string): Set<string> => {
    let names = namesOfStory.get(root);
    if (names === undefined) {
      names = new Set();
      for (const m of stories.get(root) ?? []) {
        for (const n of fullNames(`${m.title}. ${m.body ?? ''}`)) names.add(n);
      }
      namesOfStory.set(root, names);
    }
    return names;
  };
  const refused = new Set<string>();
  for (const [root, members] of stories) {
    for (const member of members) {
      const samePublisher = publisher !== '' && normaliseText(member.publisher ?? '') === publisher;
      if (samePublisher || !placesCompatible(item, member)) refused.add(root);
    }
  }
  let best: StoryCandidate | null = null;
  let bestScore = 0;
  for (const candidate of candidates) {
    const root = rootOf(candidate);
    if (refused.has(root)) continue;
    let score = headlineSimilarity(item.title, candidate.title);
    if (score < HEADLINE_THRESHOLD) {
      const candidateText = `${candidate.title}. ${candidate.body ?? ''}`;
      const shared = sharedSpecifics(itemSpecifics, specifics(candidateText));
      const evidence =
        shared.weight +
        CONTENT_WORD_WEIGHT *
          sharedContentWords(itemWords, contentWords(candidateText), [item.point, candidate.point]);
      const distinctNames = namesDisjoint(itemNames, storyNames(root));
      if (evidence >= SHARED_EVIDENCE_MIN && (!distinctNames || evidence >= DISTINCT_NAMES_MIN)) {
        score = Math.max(score, HEADLINE_THRESHOLD + Math.min(0.49, evidence / 40));
      }
    }
    if (score < HEADLINE_THRESHOLD && nearTowns(item, candidate)) {
      for (const event of eventWords(candidate.title)) {
        if (events.has(event)) score = Math.max(score, HEADLINE_THRESHOLD);
      }
    }
    if (score < HEADLINE_THRESHOLD && itemHash !== null && candidate.body !== null) {
      const hash = bodySimhash(candidate.body);
      if (hash !== null && hammingDistance(itemHash, hash) <= SIMHASH_MAX_DISTANCE) score = 1;
    }
    // Ties go to the older story id order-independently (lexical), not to scan order.
    if (
      score >= HEADLINE_THRESHOLD &&
      (score > bestScore || (score === bestScore && best !== null && root < rootOf(best)))
    ) {
      best = candidate;
      bestScore = score;
    }
  }
  if (best === null) return null;
  const root = rootOf(best);
  return stories.get(root)?.find((c) => c.id === root) ?? { ...best, id: root, storyId: null };
}
