/**
 * Category from keyword cues: each cue adds its weight (title words count three times), and the
 * best category wins when it reaches a minimum score and beats the runner-up; otherwise
 * 'general'. Ties break in the spec's category order, so the result is deterministic.
 */
import type { AnalysisCategory } from '../../../data/analysis';
import { CATEGORY_CUES, type ScoredCategory } from '../lexicons/categories';

const ORDER: readonly ScoredCategory[] = [
  'politics',
  'technology',
  'business',
  'science',
  'health',
  'entertainment',
  'sports',
  'environment',
];

const MIN_SCORE = 4;

/** Cue -> (category, weight) pairs, and the first words of two-word cues, built once. */
const CUE_INDEX = new Map<string, [ScoredCategory, number][]>();
const BIGRAM_FIRSTS = new Set<string>();
for (const category of ORDER) {
  for (const [cue, weight] of CATEGORY_CUES[category]) {
    const list = CUE_INDEX.get(cue) ?? [];
    list.push([category, weight]);
    CUE_INDEX.set(cue, list);
    if (cue.includes(' ')) BIGRAM_FIRSTS.add(cue.slice(0, cue.indexOf(' ')));
  }
}

function addCues(
  scores: Map<ScoredCategory, number>,
  list: readonly string[],
  factor: number,
): void {
  const add = (cue: string): void => {
    for (const [category, weight] of CUE_INDEX.get(cue) ?? []) {
      scores.set(category, (scores.get(category) ?? 0) + weight * factor);
    }
  };
  for (let i = 0; i < list.length; i++) {
    const word = list[i] ?? '';
    add(word);
    const next = list[i + 1];
    if (next !== undefined && BIGRAM_FIRSTS.has(word)) add(`${word} ${next}`);
  }
}

export interface CategoryResult {
  category: AnalysisCategory;
  scores: Partial<Record<ScoredCategory, number>>;
}

export function classifyCategory(
  titleWords: readonly string[],
  bodyWords: readonly string[],
): CategoryResult {
  const scores = new Map<ScoredCategory, number>();
  addCues(scores, titleWords, 3);
  addCues(scores, bodyWords, 1);
  let best: ScoredCategory | null = null;
  let bestScore = 0;
  for (const category of ORDER) {
    const score = scores.get(category) ?? 0;
    if (score > bestScore) {
      best = category;
      bestScore = score;
    }
  }
  const result = Object.fromEntries(scores) as Partial<Record<ScoredCategory, number>>;
  if (best === null || bestScore < MIN_SCORE) return { category: 'general', scores: result };
  return { category: best, scores: result };
}
