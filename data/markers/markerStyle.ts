/**
 * How an article looks as a marker: sentiment and category (with the spec's fallbacks), colours,
 * and the emoji (spec: analysis emoji, the article's own emoji, a keyword-based category guess,
 * finally a newspaper).
 */

export const SENTIMENTS = ['positive', 'negative', 'mixed', 'neutral'] as const;
export type Sentiment = (typeof SENTIMENTS)[number];

/** RGB in 0..1. */
export type Rgb = readonly [number, number, number];

function hex(h: string): Rgb {
  const n = parseInt(h.slice(1), 16);
  return [((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255];
}

/** Spec globe.md section 9: positive green, negative red, mixed amber, else grey. */
export const SENTIMENT_COLORS: Readonly<Record<Sentiment, Rgb>> = {
  positive: hex('#22c55e'),
  negative: hex('#ef4444'),
  mixed: hex('#f59e0b'),
  neutral: hex('#9ca3af'),
};

/** Spec: breaking red, politics blue, technology teal, business gold, science purple,
 * environment green, default cyan. */
export const CATEGORY_COLORS: Readonly<Record<string, Rgb>> = {
  breaking: hex('#ef4444'),
  politics: hex('#3b82f6'),
  technology: hex('#14b8a6'),
  tech: hex('#14b8a6'),
  business: hex('#eab308'),
  science: hex('#a855f7'),
  environment: hex('#22c55e'),
};
export const DEFAULT_CATEGORY_COLOR: Rgb = hex('#06b6d4');

/** Marker outline shades (spec: white and greys 102, 170, 204). */
export const OUTLINE_SHADES = [255, 204, 170, 102] as const;

export const NEWSPAPER_EMOJI = '📰';

/** Emoji per category (the demo's 8 categories plus the ones our analyser emits). */
export const CATEGORY_EMOJI: Readonly<Record<string, string>> = {
  politics: '🏛️',
  technology: '💻',
  tech: '💻',
  business: '💼',
  science: '🔬',
  health: '🏥',
  entertainment: '🎬',
  sports: '⚽',
  environment: '🌿',
  breaking: '🚨',
  conflict: '⚔️',
  disaster: '🌪️',
  economy: '📈',
  crime: '🚔',
  weather: '⛈️',
};

/** Keyword guesses when an article has no category (whole words, lower case). */
const CATEGORY_KEYWORDS: readonly (readonly [string, readonly string[]])[] = [
  ['politics', ['election', 'parliament', 'president', 'minister', 'senate', 'vote', 'government']],
  ['technology', ['ai', 'software', 'tech', 'chip', 'startup', 'cyber', 'robot']],
  ['business', ['market', 'stocks', 'company', 'trade', 'bank', 'earnings', 'economy']],
  ['science', ['research', 'scientists', 'study', 'space', 'nasa', 'physics']],
  ['health', ['health', 'hospital', 'virus', 'vaccine', 'disease', 'outbreak']],
  ['sports', ['match', 'football', 'league', 'olympic', 'cup', 'tournament']],
  ['environment', ['climate', 'wildfire', 'flood', 'emissions', 'drought', 'storm']],
  ['entertainment', ['film', 'music', 'festival', 'celebrity', 'movie', 'album']],
];

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | null =>
  typeof v === 'string' && v.trim() !== '' ? v.trim() : null;

export function normalizeSentiment(v: unknown): Sentiment | null {
  const s = str(v);
  const l = s === null ? null : s.toLowerCase();
  return l !== null && (SENTIMENTS as readonly string[]).includes(l) ? (l as Sentiment) : null;
}

/** Sentiment from a string, a {label} object, or the analysis (spec filter rule). Default neutral. */
export function articleSentiment(a: unknown): Sentiment {
  if (!isObj(a)) return 'neutral';
  const s = a['sentiment'];
  const analysis = a['analysis'];
  const hybrid = a['hybridAnalysis'];
  return (
    normalizeSentiment(s) ??
    (isObj(s) ? normalizeSentiment(s['label']) : null) ??
    (isObj(analysis) && isObj(analysis['sentiment'])
      ? normalizeSentiment(analysis['sentiment']['label'])
      : null) ??
    (isObj(hybrid) && isObj(hybrid['sentimentAnalysis'])
      ? normalizeSentiment(hybrid['sentimentAnalysis']['overall'])
      : null) ??
    'neutral'
  );
}

/** Reality types (spec article field realityType), in the order the filters list them. */
export const MARKER_REALITY_TYPES = ['fact', 'mixed', 'fiction', 'unverified'] as const;
export type MarkerRealityType = (typeof MARKER_REALITY_TYPES)[number];

/**
 * The article's reality type: its own `realityType`, else its analysis's (hybridAnalysis); an
 * article no analysis has classified is 'unverified' (nothing has checked it).
 */
export function articleRealityType(a: unknown): MarkerRealityType {
  if (!isObj(a)) return 'unverified';
  const hybrid = a['hybridAnalysis'];
  const v = str(a['realityType']) ?? (isObj(hybrid) ? str(hybrid['realityType']) : null);
  const l = v === null ? null : v.toLowerCase();
  return l !== null && (MARKER_REALITY_TYPES as readonly string[]).includes(l)
    ? (l as MarkerRealityType)
    : 'unverified';
}

/** Same as data/articleNormalizer DEFAULT_PUBLISHER (a unit test keeps them equal). */
export const UNKNOWN_SOURCE = 'Unknown Publisher';

/** The article's source name as written: source (a string or {name}), else publisher. */
export function articleSource(a: unknown): string {
  if (!isObj(a)) return UNKNOWN_SOURCE;
  const src = a['source'];
  return (
    str(src) ?? (isObj(src) ? str(src['name']) : null) ?? str(a['publisher']) ?? UNKNOWN_SOURCE
  );
}

/** Every category an article claims: its category, categories, and the analysis categories. */
export function articleCategories(a: unknown): string[] {
  if (!isObj(a)) return [];
  const out: string[] = [];
  const push = (v: unknown): void => {
    const s = str(v);
    const l = s === null ? null : s.toLowerCase();
    if (l !== null && !out.includes(l)) out.push(l);
  };
  push(a['category']);
  const cats = a['categories'];
  if (Array.isArray(cats)) cats.forEach(push);
  const analysis = a['analysis'];
  if (isObj(analysis) && Array.isArray(analysis['categories']))
    analysis['categories'].forEach(push);
  return out;
}

function guessCategory(text: string): string | null {
  const words = new Set(text.toLowerCase().split(/[^\p{L}\p{N}]+/u));
  for (const [cat, keys] of CATEGORY_KEYWORDS) if (keys.some((k) => words.has(k))) return cat;
  return null;
}

/** The marker's emoji, by the spec's fallback chain. */
export function articleEmoji(a: unknown): string {
  if (!isObj(a)) return NEWSPAPER_EMOJI;
  const hybrid = a['hybridAnalysis'];
  const sel = isObj(hybrid) ? hybrid['emojiSelection'] : undefined;
  if (isObj(sel)) {
    const e =
      str(sel['emoji']) ??
      (Array.isArray(sel['primaryEmojis']) ? str(sel['primaryEmojis'][0]) : null);
    if (e !== null) return e;
  }
  const own = str(a['emoji']) ?? str(a['title_emoji']);
  if (own !== null) return own;
  for (const c of articleCategories(a)) {
    // Object.hasOwn: a category named '__proto__' or 'constructor' must not reach Object.prototype.
    if (Object.hasOwn(CATEGORY_EMOJI, c)) return CATEGORY_EMOJI[c] ?? NEWSPAPER_EMOJI;
  }
  const guessed = guessCategory(`${str(a['title']) ?? ''} ${str(a['description']) ?? ''}`);
  return guessed !== null ? (CATEGORY_EMOJI[guessed] ?? NEWSPAPER_EMOJI) : NEWSPAPER_EMOJI;
}

/** Colour of a marker: its first known category's colour, else its sentiment colour. */
export function markerColor(categories: readonly string[], sentiment: Sentiment): Rgb {
  for (const c of categories) {
    if (Object.hasOwn(CATEGORY_COLORS, c)) return CATEGORY_COLORS[c] ?? DEFAULT_CATEGORY_COLOR;
  }
  return sentiment === 'neutral' ? DEFAULT_CATEGORY_COLOR : SENTIMENT_COLORS[sentiment];
}

/**
 * Marker display switches (spec marker display settings emojiOnly, pulseEffect, glowEffect):
 * emoji only draws the emoji without the badge, ring and outline (hovered and selected markers
 * keep their outline); pulse makes the live glow breathe; glow is the halo of live articles (the
 * hover and selection glow are states, not this effect).
 */
export interface MarkerDisplay {
  emojiOnly: boolean;
  pulse: boolean;
  glow: boolean;
}

export const DEFAULT_MARKER_DISPLAY: Readonly<MarkerDisplay> = {
  emojiOnly: false,
  pulse: true,
  glow: true,
};

/** The shader's `effects` uniform: (emoji only, pulse, glow) as 0/1, written into `out` (the
 * materials call this at every bind: no allocation per frame). */
export function markerEffectsUniform(
  d: Readonly<MarkerDisplay>,
  out: [number, number, number],
): [number, number, number] {
  out[0] = d.emojiOnly ? 1 : 0;
  out[1] = d.pulse ? 1 : 0;
  out[2] = d.glow ? 1 : 0;
  return out;
}
