/**
 * Engagement and virality predictions. Uncalibrated heuristics: no click data was used to fit
 * them, and the provenance says so. Both are 0..1.
 *
 * engagement = 0.15 + 0.3 * risk/100 + 0.2 * |sentiment| + 0.05 per named person (max 0.15)
 *            + 0.05 when there are quotes + 0.1 with recency words + 0.05 for politics, sports or
 *            entertainment
 * virality   = 0.1 + 0.35 * |sentiment| + 0.2 * risk/100 + 0.05 per clickbait phrase (max 0.15)
 *            + 0.1 with recency words + 0.03 per '!' (max 0.09) + 0.1 * (engagement - 0.15)
 */
import type { AnalysisCategory } from '../../../data/analysis';
import { RECENCY_MARKERS } from '../lexicons/signals';
import { clamp, countPhrases, round } from './text';

export interface PredictionInput {
  lowerText: string;
  riskScore: number;
  sentimentScore: number;
  persons: number;
  quotes: number;
  clickbait: number;
  exclamations: number;
  category: AnalysisCategory;
}

export function predictEngagement(input: PredictionInput): {
  engagement: number;
  virality: number;
} {
  const recency = countPhrases(input.lowerText, RECENCY_MARKERS).size > 0;
  const strength = Math.abs(input.sentimentScore);
  const popular =
    input.category === 'politics' ||
    input.category === 'sports' ||
    input.category === 'entertainment';
  const engagement = clamp(
    0.15 +
      0.3 * (input.riskScore / 100) +
      0.2 * strength +
      Math.min(0.15, 0.05 * input.persons) +
      (input.quotes > 0 ? 0.05 : 0) +
      (recency ? 0.1 : 0) +
      (popular ? 0.05 : 0),
    0,
    1,
  );
  const virality = clamp(
    0.1 +
      0.35 * strength +
      0.2 * (input.riskScore / 100) +
      Math.min(0.15, 0.05 * input.clickbait) +
      (recency ? 0.1 : 0) +
      Math.min(0.09, 0.03 * input.exclamations) +
      0.1 * (engagement - 0.15),
    0,
    1,
  );
  return { engagement: round(engagement, 2), virality: round(virality, 2) };
}
