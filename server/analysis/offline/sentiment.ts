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
import { createRequire } from 'node:module';
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

interface Vader {
  SentimentIntensityAnalyzer: {
    polarity_scores(text: string): { compound: number; neu: number };
  };
}
/** vader-sentiment ships CommonJS without types. */
const vader = createRequire(import.meta.url)('vader-sentiment') as Vader;

/** VADER's compound for one sentence; null when it finds no sentiment-bearing word. */
export function vaderCompound(sentence: string): number | null {
  const scores = vader.SentimentIntensityAnalyzer.polarity_scores(sentence);
  return scores.neu >= 1 ? null : scores.compound;
}

/**
 * The document rule of analyseSentiment over VADER's sentence compounds (vader-sentiment: its
 * lexicon of 7,500 rated words with negation, boosters, "but" and capitals). eval:analysis on
 * tests/fixtures/analysis-eval.json: see docs/news-eval.md for both analysers' figures.
 */
export function analyseSentimentVader(sentences: readonly string[]): SentimentResult {
  const compounds: number[] = [];
  for (const sentence of sentences) {
    const compound = vaderCompound(sentence);
    if (compound !== null) compounds.push(compound);
  }
  return combine(compounds, sentences.length);
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
  return combine(compounds, sentences.length);
}

/**
 * Sentence compounds to a document label: their mean damped by the share of sentences that carry
 * sentiment; 'mixed' when a quarter are strongly positive and a quarter strongly negative.
 */
function combine(compounds: readonly number[], sentenceCount: number): SentimentResult {
  if (compounds.length === 0) return { overall: 'neutral', score: 0, bearing: 0 };
  const mean = compounds.reduce((a, b) => a + b, 0) / compounds.length;
  const share = compounds.length / Math.max(sentenceCount, 1);
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
