/**
 * Lexicon sentiment with negation and intensifiers, scored per sentence and combined.
 *
 * Per sentence: each lexicon word adds its valence, multiplied by an intensifier just before it
 * ("very good" x1.3, "slightly worse" x0.6) and by -0.74 when a negator is among the three words
 * before it ("not good" reads as mildly negative, not as strongly negative). The sum s becomes a
 * compound score s / sqrt(s^2 + 15) in -1..1 (the normalisation VADER uses).
 *
 * Document: mean compound of the sentences that carry sentiment, damped by the share of such
 * sentences (a long neutral report with one upbeat line stays near neutral). 'mixed' when at
 * least a quarter of the sentiment-bearing sentences are strongly positive (>= 0.4) and at least
 * a quarter strongly negative (<= -0.4); otherwise the sign of the score beyond +-0.1.
 */
import type { SentimentLabel } from '../../../data/analysis';
import { INTENSIFIERS, NEGATORS, SENTIMENT_LEXICON } from '../lexicons/sentiment';
import { round, words } from './text';

export interface SentimentResult {
  overall: SentimentLabel;
  score: number;
  /** Sentences that contained at least one lexicon word. */
  bearing: number;
}

const NEGATION_WINDOW = 3;
const NEGATION_FACTOR = -0.74;
const STRONG = 0.4;

export function sentenceCompound(tokens: readonly string[]): number | null {
  let sum = 0;
  let found = false;
  for (let i = 0; i < tokens.length; i++) {
    const word = tokens[i] ?? '';
    const valence = SENTIMENT_LEXICON.get(word);
    if (valence === undefined) continue;
    found = true;
    let value = valence;
    const before = tokens[i - 1];
    if (before !== undefined) value *= INTENSIFIERS.get(before) ?? 1;
    for (let j = Math.max(0, i - NEGATION_WINDOW); j < i; j++) {
      if (NEGATORS.has(tokens[j] ?? '')) {
        value *= NEGATION_FACTOR;
        break;
      }
    }
    sum += value;
  }
  if (!found) return null;
  return sum / Math.sqrt(sum * sum + 15);
}

/** Sentences as text, or already split into lower-case words. */
export function analyseSentiment(
  sentences: readonly (string | readonly string[])[],
): SentimentResult {
  const compounds: number[] = [];
  for (const sentence of sentences) {
    const compound = sentenceCompound(typeof sentence === 'string' ? words(sentence) : sentence);
    if (compound !== null) compounds.push(compound);
  }
  if (compounds.length === 0) return { overall: 'neutral', score: 0, bearing: 0 };
  const mean = compounds.reduce((a, b) => a + b, 0) / compounds.length;
  const share = compounds.length / Math.max(sentences.length, 1);
  const score = round(mean * (0.5 + 0.5 * share), 3);
  const strongPositive = compounds.filter((c) => c >= STRONG).length;
  const strongNegative = compounds.filter((c) => c <= -STRONG).length;
  const quarter = compounds.length / 4;
  let overall: SentimentLabel;
  if (compounds.length >= 2 && strongPositive >= quarter && strongNegative >= quarter)
    overall = 'mixed';
  else if (score >= 0.1) overall = 'positive';
  else if (score <= -0.1) overall = 'negative';
  else overall = 'neutral';
  return { overall, score, bearing: compounds.length };
}
