/**
 * Article search for the Cmd/Ctrl+K overlay (spec application.md sections 2 "Search overlay",
 * 5 and 9). Scoring, case-insensitive, summed per article:
 *
 *   exact phrase in title +10, each query word in title +5, phrase in content +5, each word in
 *   content +2, entity name match +7, city/country match +6, source match +3.
 *
 * Choices the spec leaves open, made here:
 * - "in" means substring (so 'elect' finds 'election'), as a search-as-you-type box expects.
 * - Words are the query split on whitespace, de-duplicated (typing 'gas gas' does not double).
 * - "Content" is the article's description, summary and content text; the default summary
 *   'No summary available' is not searched.
 * - Entity, city/country and source matches count once each, when a name contains the phrase.
 * - Articles scoring 0 are not results. Ties: newest first, then input order.
 */
import { DEFAULT_SUMMARY, type NormalizedArticle } from './articleNormalizer';

export const SEARCH_DEBOUNCE_MS = 300;
export const MAX_SEARCH_RESULTS = 20;

export const SEARCH_SCORES = {
  phraseInTitle: 10,
  wordInTitle: 5,
  phraseInContent: 5,
  wordInContent: 2,
  entity: 7,
  place: 6,
  source: 3,
} as const;

export type RelevanceDot = 'green' | 'amber' | 'gray';

export interface SearchResult {
  article: NormalizedArticle;
  score: number;
  relevance: RelevanceDot;
}

/** Spec: green above 15, amber above 10, else gray. */
export function relevanceDot(score: number): RelevanceDot {
  if (score > 15) return 'green';
  if (score > 10) return 'amber';
  return 'gray';
}

export function noResultsMessage(query: string): string {
  return `No results found for "${query.trim()}"`;
}

function contentText(a: NormalizedArticle): string {
  const parts = [a.description, a.summary === DEFAULT_SUMMARY ? null : a.summary, a.content];
  return parts
    .filter((p) => p !== null)
    .join('\n')
    .toLowerCase();
}

/** The score of one article for a query; 0 for a blank query. */
export function scoreArticle(article: NormalizedArticle, query: string): number {
  const phrase = query.trim().toLowerCase();
  if (phrase === '') return 0;
  const words = [...new Set(phrase.split(/\s+/))];
  const title = article.title.toLowerCase();
  const content = contentText(article);
  let score = 0;
  if (title.includes(phrase)) score += SEARCH_SCORES.phraseInTitle;
  for (const w of words) if (title.includes(w)) score += SEARCH_SCORES.wordInTitle;
  if (content.includes(phrase)) score += SEARCH_SCORES.phraseInContent;
  for (const w of words) if (content.includes(w)) score += SEARCH_SCORES.wordInContent;
  const { people, organizations, locations, other } = article.entities;
  const entityNames = [...people, ...organizations, ...locations, ...other].map((e) => e.name);
  if (entityNames.some((n) => n.toLowerCase().includes(phrase))) score += SEARCH_SCORES.entity;
  const { city, country } = article.location;
  if ([city, country].some((p) => p?.toLowerCase().includes(phrase) === true))
    score += SEARCH_SCORES.place;
  if (article.publisher.toLowerCase().includes(phrase)) score += SEARCH_SCORES.source;
  return score;
}

/** The best `MAX_SEARCH_RESULTS` matches, best first; [] for a blank query. */
export function searchArticles(
  articles: readonly NormalizedArticle[],
  query: string,
): SearchResult[] {
  if (query.trim() === '') return [];
  const scored: { result: SearchResult; index: number }[] = [];
  articles.forEach((article, index) => {
    const score = scoreArticle(article, query);
    if (score > 0)
      scored.push({ result: { article, score, relevance: relevanceDot(score) }, index });
  });
  scored.sort(
    (x, y) =>
      y.result.score - x.result.score ||
      (y.result.article.timestamp ?? -Infinity) - (x.result.article.timestamp ?? -Infinity) ||
      x.index - y.index,
  );
  return scored.slice(0, MAX_SEARCH_RESULTS).map((s) => s.result);
}

/**
 * Calls `fn` once input has been quiet for `delayMs` (the overlay's 300 ms). `cancel` drops a
 * pending call, e.g. when the overlay closes.
 */
export function debounce<A extends unknown[]>(
  fn: (...args: A) => void,
  delayMs: number = SEARCH_DEBOUNCE_MS,
): { call: (...args: A) => void; cancel: () => void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cancel = (): void => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  return {
    call: (...args: A) => {
      cancel();
      timer = setTimeout(() => {
        timer = undefined;
        fn(...args);
      }, delayMs);
    },
    cancel,
  };
}
