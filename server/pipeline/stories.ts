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

export interface StoryCandidate {
  id: string;
  title: string;
  body: string | null;
  publisher: string | null;
  /** ISO 3166-1 alpha-2 or country name from geocoding, when placed. */
  country: string | null;
}

export interface StoryItem {
  title: string;
  body: string | null;
  publisher: string | null;
  country: string | null;
}

/**
 * The candidate this item is another outlet's copy of, or null. Same-publisher items are never
 * grouped (an outlet's follow-up is a new article, not corroboration).
 */
export function findStoryLeader(
  item: StoryItem,
  candidates: readonly StoryCandidate[],
): StoryCandidate | null {
  const publisher = normaliseText(item.publisher ?? '');
  const itemHash = item.body === null ? null : bodySimhash(item.body);
  let best: StoryCandidate | null = null;
  let bestScore = 0;
  for (const candidate of candidates) {
    if (publisher !== '' && normaliseText(candidate.publisher ?? '') === publisher) continue;
    let score = headlineSimilarity(item.title, candidate.title);
    if (score < HEADLINE_THRESHOLD && item.country !== null && item.country === candidate.country) {
      // The same kind of disaster in the same country within the story window: one event.
      const events = eventWords(item.title);
      for (const event of eventWords(candidate.title)) {
        if (events.has(event)) score = Math.max(score, HEADLINE_THRESHOLD);
      }
    }
    if (score < HEADLINE_THRESHOLD && itemHash !== null && candidate.body !== null) {
      const hash = bodySimhash(candidate.body);
      if (hash !== null && hammingDistance(itemHash, hash) <= SIMHASH_MAX_DISTANCE) score = 1;
    }
    if (score >= HEADLINE_THRESHOLD && score > bestScore) {
      best = candidate;
      bestScore = score;
    }
  }
  return best;
}
