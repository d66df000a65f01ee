/**
 * Stopword-overlap language detector for en, es, fr, de, pt, it. Each language scores the share
 * of tokens found in its function-word list; the best wins when it has enough hits and a margin
 * over the runner-up. Good for article bodies; headlines alone are often 'und'.
 */
import { franc } from 'franc-min';
import { DETECTABLE_LANGUAGES, STOPWORDS, type DetectableLanguage } from '../lexicons/stopwords';

const FRANC_CODES: Readonly<Record<string, DetectableLanguage>> = {
  eng: 'en',
  spa: 'es',
  fra: 'fr',
  deu: 'de',
  por: 'pt',
  ita: 'it',
};

/** franc-min limited to the six detectable languages; 'und' when it cannot tell. */
export function francLanguage(text: string): DetectableLanguage | 'und' {
  const code = franc(text.slice(0, 2000), { minLength: 10, only: Object.keys(FRANC_CODES) });
  return FRANC_CODES[code] ?? 'und';
}

export interface LanguageGuess {
  /** ISO 639-1, or 'und' when undetermined. */
  language: DetectableLanguage | 'und';
  /** Share of tokens in the winner's list, 0..1. */
  coverage: number;
  hits: number;
}

/** Words that are stopwords in several languages carry less evidence. */
const LANGUAGE_COUNT = new Map<string, number>();
for (const language of DETECTABLE_LANGUAGES) {
  for (const word of STOPWORDS[language])
    LANGUAGE_COUNT.set(word, (LANGUAGE_COUNT.get(word) ?? 0) + 1);
}

/** Detection looks at the first tokens only; more adds time, not accuracy. */
const MAX_TOKENS = 2000;

export function detectLanguage(lowerWords: readonly string[]): LanguageGuess {
  const sample = lowerWords.length > MAX_TOKENS ? lowerWords.slice(0, MAX_TOKENS) : lowerWords;
  const scores = new Map<DetectableLanguage, number>();
  const hits = new Map<DetectableLanguage, number>();
  for (const word of sample) {
    const shared = LANGUAGE_COUNT.get(word);
    if (shared === undefined) continue;
    for (const language of DETECTABLE_LANGUAGES) {
      if (!STOPWORDS[language].has(word)) continue;
      scores.set(language, (scores.get(language) ?? 0) + 1 / shared);
      hits.set(language, (hits.get(language) ?? 0) + 1);
    }
  }
  let best: DetectableLanguage | null = null;
  let bestScore = 0;
  let second = 0;
  for (const language of DETECTABLE_LANGUAGES) {
    const score = scores.get(language) ?? 0;
    if (score > bestScore) {
      second = bestScore;
      bestScore = score;
      best = language;
    } else if (score > second) {
      second = score;
    }
  }
  const bestHits = best === null ? 0 : (hits.get(best) ?? 0);
  const coverage = sample.length === 0 ? 0 : bestHits / sample.length;
  // Two weighted hits and a clear margin: one shared word ("a", "de") decides nothing.
  if (best === null || bestScore < 1.5 || bestScore < second * 1.3) {
    return { language: 'und', coverage, hits: bestHits };
  }
  return { language: best, coverage, hits: bestHits };
}
