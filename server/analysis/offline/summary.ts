/**
 * Extractive summary and key takeaways: sentences ranked by the frequency of their content words
 * (normalised by length), with a lead prior (news puts the point first) and a bonus for words
 * shared with the title. Output sentences are copied from the text, never rewritten; one longer
 * than the limit is cut at a word boundary with an ellipsis.
 */
import { MAX_SUMMARY_CHARS, MAX_TAKEAWAYS } from '../../../data/analysis';
import { truncate, words, type Sentence } from './text';

export interface ExtractiveResult {
  summary: string;
  takeaways: string[];
}

const MAX_SUMMARY_SENTENCES = 3;
const MAX_TAKEAWAY_CHARS = 300;
/** Sentences ranked; later ones in a very long text are unlikely to matter. */
const MAX_CANDIDATES = 400;

interface Ranked {
  sentence: Sentence;
  score: number;
  terms: Set<string>;
}

function contentWords(text: string, stopwords: ReadonlySet<string>): string[] {
  return words(text).filter((w) => w.length > 2 && !stopwords.has(w) && !/^\d+$/.test(w));
}

function jaccard(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const term of a) if (b.has(term)) shared++;
  return shared / (a.size + b.size - shared);
}

export function extractSummary(
  title: string,
  sentences: readonly Sentence[],
  stopwords: ReadonlySet<string>,
): ExtractiveResult {
  const candidates = sentences.slice(0, MAX_CANDIDATES);
  // Fragments (bylines, "Photo: AP") are poor summaries; keep them only when nothing else exists.
  const full = candidates.filter((s) => s.text.split(' ').length >= 5);
  const pool = full.length > 0 ? full : candidates;
  if (pool.length === 0) return { summary: truncate(title, MAX_SUMMARY_CHARS), takeaways: [] };

  const frequency = new Map<string, number>();
  const termsOf = pool.map((s) => contentWords(s.text, stopwords));
  for (const terms of termsOf)
    for (const term of terms) frequency.set(term, (frequency.get(term) ?? 0) + 1);
  const titleTerms = new Set(contentWords(title, stopwords));

  const ranked: Ranked[] = pool.map((sentence, i) => {
    const terms = termsOf[i] ?? [];
    let weight = 0;
    for (const term of terms) weight += (frequency.get(term) ?? 0) + (titleTerms.has(term) ? 2 : 0);
    const lengthNorm = Math.sqrt(Math.max(terms.length, 1));
    const lead = 1.5 / (1 + i * 0.5);
    return { sentence, score: weight / lengthNorm / 2 + lead, terms: new Set(terms) };
  });
  // Stable, deterministic order: score, then position.
  const order = [...ranked].sort(
    (a, b) => b.score - a.score || a.sentence.index - b.sentence.index,
  );

  const chosen: Ranked[] = [];
  let length = 0;
  for (const candidate of order) {
    if (chosen.length >= MAX_SUMMARY_SENTENCES) break;
    const extra = candidate.sentence.text.length + (chosen.length > 0 ? 1 : 0);
    if (chosen.length > 0 && length + extra > MAX_SUMMARY_CHARS) continue;
    if (chosen.some((c) => jaccard(c.terms, candidate.terms) > 0.6)) continue;
    chosen.push(candidate);
    length += extra;
  }
  chosen.sort((a, b) => a.sentence.index - b.sentence.index);
  const summary = truncate(chosen.map((c) => c.sentence.text).join(' '), MAX_SUMMARY_CHARS);

  const takeaways: string[] = [];
  const used = [...chosen];
  for (const candidate of order) {
    if (takeaways.length >= MAX_TAKEAWAYS) break;
    if (used.includes(candidate)) continue;
    if (candidate.terms.size < 3) continue;
    if (used.some((c) => jaccard(c.terms, candidate.terms) > 0.5)) continue;
    used.push(candidate);
    takeaways.push(truncate(candidate.sentence.text, MAX_TAKEAWAY_CHARS));
  }
  return { summary, takeaways };
}
