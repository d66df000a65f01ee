/**
 * Risk score 0..100 from the risk lexicon, casualty figures and mitigation terms.
 *
 * raw = sum over risk terms of weight * (1 + ln(count))   (repetition adds, with diminishing returns)
 *     + 8 * ln(1 + casualties)                           ("12 killed", "300 injured")
 *     - sum over mitigation terms of weight
 * Title terms count twice (the headline states what the story is about). The score is
 * 100 * (1 - exp(-raw / 40)), so one strong term gives ~30 (medium), a deadly attack with
 * casualties reaches critical, and nothing gives 0. Levels: >= 75 critical, >= 50 high,
 * >= 25 medium, else low.
 */
import { riskLevelForScore, type RiskLevel } from '../../../data/analysis';
import { CASUALTY_WORDS, MITIGATION_TERMS, RISK_TERMS } from '../lexicons/risk';
import { round } from './text';

export interface RiskResult {
  level: RiskLevel;
  score: number;
  /** Risk terms found, most weighty first (for commentary and emoji). */
  terms: string[];
  casualties: number;
}

const NUMBER_WORDS: Readonly<Record<string, number>> = {
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  dozens: 24,
  hundreds: 200,
  thousands: 2000,
};

function parseCount(word: string): number | null {
  const code = word.charCodeAt(0);
  if (code < 48 || code > 57) return NUMBER_WORDS[word] ?? null;
  const numeric = Number(word.replace(/,/g, ''));
  if (Number.isFinite(numeric) && /^\d[\d,]*$/.test(word)) return numeric;
  return null;
}

export function assessRisk(
  titleWords: readonly string[],
  bodyWords: readonly string[],
): RiskResult {
  const counts = new Map<string, number>();
  const mitigations = new Set<string>();
  const visit = (list: readonly string[], weight: number): void => {
    for (const word of list) {
      if (RISK_TERMS.has(word)) counts.set(word, (counts.get(word) ?? 0) + weight);
      if (MITIGATION_TERMS.has(word)) mitigations.add(word);
    }
  };
  visit(titleWords, 2);
  visit(bodyWords, 1);

  let raw = 0;
  for (const [term, count] of counts) raw += (RISK_TERMS.get(term) ?? 0) * (1 + Math.log(count));
  for (const term of mitigations) raw -= MITIGATION_TERMS.get(term) ?? 0;

  // Largest casualty figure: a number followed (within two words) by a casualty word.
  let casualties = 0;
  const all = [...titleWords, ...bodyWords];
  for (let i = 0; i < all.length; i++) {
    const count = parseCount(all[i] ?? '');
    if (count === null || count > 10_000_000) continue;
    for (let j = i + 1; j <= i + 3 && j < all.length; j++) {
      if (CASUALTY_WORDS.has(all[j] ?? '')) {
        casualties = Math.max(casualties, count);
        break;
      }
    }
  }
  // ... or a casualty verb followed by a number: "killing at least 40", "injuring more than 300".
  for (let i = 0; i < all.length; i++) {
    if (!CASUALTY_WORDS.has(all[i] ?? '')) continue;
    for (let j = i + 1; j <= i + 4 && j < all.length; j++) {
      const count = parseCount(all[j] ?? '');
      if (count !== null && count <= 10_000_000) {
        casualties = Math.max(casualties, count);
        break;
      }
    }
  }
  raw += 8 * Math.log(1 + casualties);

  const score = Math.round(100 * (1 - Math.exp(-Math.max(raw, 0) / 40)));
  const terms = [...counts.entries()]
    .sort(
      (a, b) =>
        (RISK_TERMS.get(b[0]) ?? 0) * b[1] - (RISK_TERMS.get(a[0]) ?? 0) * a[1] ||
        (a[0] < b[0] ? -1 : 1),
    )
    .map(([term]) => term);
  return { level: riskLevelForScore(score), score: round(score, 0), terms, casualties };
}
