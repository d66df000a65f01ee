/**
 * Credibility and reality type from text signals. This is not fact-checking: it rewards the
 * habits of careful reporting (named, attributed sources; figures) and penalises those of
 * careless or sensational writing (hedged, unattributed claims; clickbait; shouting).
 *
 * score = 0.5
 *   + 0.08 per attributed quote (max 0.16) + 0.05 per named-source phrase (max 0.15)
 *   + 0.05 when the text has figures (0.08 with three or more)
 *   - 0.05 per hedge (max 0.2) - 0.1 per clickbait phrase (max 0.3)
 *   - 0.1 when over 20% of words are ALL CAPS (>= 4 letters) - 0.05 per '!' (max 0.15)
 *   - 0.15 for satire markers; clamped to 0.05..0.95; very short texts are pulled toward 0.5.
 *
 * Reality type: satire markers -> 'fiction'; opinion markers -> 'mixed' (argument around
 * facts); attribution and no more hedges than attributions -> 'fact'; otherwise 'unverified'.
 */
import type { RealityType } from '../../../data/analysis';
import { CLICKBAIT, HEDGES, OPINION_MARKERS, SATIRE_MARKERS } from '../lexicons/signals';
import { clamp, countPhrases, round } from './text';

export interface CredibilityInput {
  title: string;
  /** Whole text, title included. */
  text: string;
  wordCount: number;
  attributedQuotes: number;
  quotes: number;
}

export interface CredibilityResult {
  score: number;
  explanation: string;
  realityType: RealityType;
  clickbait: number;
  exclamations: number;
}

const total = (counts: Map<string, number>): number =>
  [...counts.values()].reduce((a, b) => a + b, 0);

export function assessCredibility(input: CredibilityInput): CredibilityResult {
  const lower = input.text.toLowerCase();
  const hedges = countPhrases(lower, HEDGES);
  const clickbait = countPhrases(lower, CLICKBAIT);
  const opinion = countPhrases(lower, OPINION_MARKERS);
  const satire = countPhrases(lower, SATIRE_MARKERS);
  const namedSources = (
    input.text.match(
      /\baccording to (?:the )?\p{Lu}|\b(?:said|told) (?:the )?\p{Lu}|\p{Lu}[\p{L}.]{1,40} (?:said|told|confirmed|announced)\b/gu,
    ) ?? []
  ).length;
  const figures = (
    input.text.match(
      /\b\d[\d,.]*\s?(?:%|percent|per cent|million|billion|people|km|kilometres|miles|years)?/g,
    ) ?? []
  ).length;
  const capsWords = (input.text.match(/\b\p{Lu}{4,}\b/gu) ?? []).length;
  const exclamations = (input.text.match(/!/g) ?? []).length;

  const signals: string[] = [];
  let score = 0.5;
  if (input.attributedQuotes > 0) {
    score += Math.min(0.16, 0.08 * input.attributedQuotes);
    signals.push(
      `${input.attributedQuotes} attributed quote${input.attributedQuotes > 1 ? 's' : ''} (+)`,
    );
  }
  if (namedSources > 0) {
    score += Math.min(0.15, 0.05 * namedSources);
    signals.push(`${namedSources} named-source attribution${namedSources > 1 ? 's' : ''} (+)`);
  }
  if (figures > 0) {
    score += figures >= 3 ? 0.08 : 0.05;
    signals.push(`specific figures (+)`);
  }
  const hedgeCount = total(hedges);
  if (hedgeCount > 0) {
    score -= Math.min(0.2, 0.05 * hedgeCount);
    signals.push(`hedged or unattributed claims: ${[...hedges.keys()].slice(0, 3).join(', ')} (-)`);
  }
  const clickbaitCount = total(clickbait);
  if (clickbaitCount > 0) {
    score -= Math.min(0.3, 0.1 * clickbaitCount);
    signals.push(`sensational wording: ${[...clickbait.keys()].slice(0, 3).join(', ')} (-)`);
  }
  if (input.wordCount > 0 && capsWords / input.wordCount > 0.2) {
    score -= 0.1;
    signals.push('heavy use of capitals (-)');
  }
  if (exclamations > 0) {
    score -= Math.min(0.15, 0.05 * exclamations);
    signals.push(`${exclamations} exclamation mark${exclamations > 1 ? 's' : ''} (-)`);
  }
  const satireCount = total(satire);
  if (satireCount > 0) {
    score -= 0.15;
    signals.push('satire or fiction markers (-)');
  }
  const opinionCount = total(opinion);
  if (opinionCount > 0) signals.push('opinion markers (neutral for credibility)');
  // Little text means little evidence either way.
  const evidence = Math.min(1, input.wordCount / 80);
  score = 0.5 + (score - 0.5) * (0.4 + 0.6 * evidence);
  score = round(clamp(score, 0.05, 0.95), 2);

  let realityType: RealityType;
  const attributions = input.attributedQuotes + namedSources;
  if (satireCount > 0) realityType = 'fiction';
  else if (opinionCount > 0) realityType = 'mixed';
  else if (attributions > 0 && hedgeCount <= attributions && clickbaitCount === 0)
    realityType = 'fact';
  else realityType = 'unverified';

  const explanation =
    `Automated assessment from text signals, not fact-checking. ` +
    (signals.length > 0 ? `Signals: ${signals.join('; ')}.` : 'No signals found either way.');
  return { score, explanation, realityType, clickbait: clickbaitCount, exclamations };
}
