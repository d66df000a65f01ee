import { afterEach, describe, expect, it, vi } from 'vitest';
import { type NormalizedArticle, normalizeArticle } from './articleNormalizer';
import {
  debounce,
  MAX_SEARCH_RESULTS,
  noResultsMessage,
  relevanceDot,
  scoreArticle,
  SEARCH_DEBOUNCE_MS,
  searchArticles,
} from './search';

function art(raw: Record<string, unknown>): NormalizedArticle {
  const a = normalizeArticle({ id: 'x', ...raw });
  if (a === null) throw new Error('bad fixture');
  return a;
}

describe('scoreArticle', () => {
  it('scores title phrase and words: one word in the title is 10 + 5', () => {
    expect(scoreArticle(art({ title: 'Flooding in Jakarta' }), 'jakarta')).toBe(15);
  });

  it('scores a two-word phrase in the title and the content', () => {
    const a = art({ title: 'Climate summit opens', description: 'The climate summit in Baku' });
    // title: phrase 10 + 'climate' 5 + 'summit' 5; content: phrase 5 + 2 + 2.
    expect(scoreArticle(a, 'Climate Summit')).toBe(29);
  });

  it('scores words found apart without the phrase bonus', () => {
    const a = art({ title: 'Summit on climate', content: 'climate talks, then a summit' });
    // title: 5 + 5; content: 2 + 2.
    expect(scoreArticle(a, 'climate summit')).toBe(14);
  });

  it('scores entity +7, city/country +6, source +3, once each', () => {
    const a = art({
      title: 'Talks',
      source: { id: 'p', name: 'Paris Daily' },
      location: { city: 'Paris', country: 'France' },
      entities: [
        { type: 'location', name: 'Paris' },
        { type: 'organization', name: 'Paris Club' },
      ],
    });
    expect(scoreArticle(a, 'paris')).toBe(7 + 6 + 3);
  });

  it('does not search the default summary and ignores blank queries', () => {
    expect(scoreArticle(art({ title: 'T' }), 'summary')).toBe(0);
    expect(scoreArticle(art({ title: 'T' }), '   ')).toBe(0);
  });

  it('counts repeated query words once', () => {
    expect(scoreArticle(art({ title: 'gas prices' }), 'gas gas')).toBe(5);
  });
});

describe('searchArticles', () => {
  it('returns [] for a blank query and drops zero scores', () => {
    const list = [art({ title: 'Alpha' }), art({ id: 'b', title: 'Beta' })];
    expect(searchArticles(list, '  ')).toEqual([]);
    expect(searchArticles(list, 'beta').map((r) => r.article.id)).toEqual(['b']);
  });

  it('orders by score, then newest first, with the relevance dot', () => {
    const list = [
      art({ id: 'old', title: 'Mars rover', publishedAt: '2024-01-01T00:00:00Z' }),
      art({ id: 'content', title: 'Space news', content: 'a mars rover update' }),
      art({ id: 'new', title: 'Mars rover', publishedAt: '2024-02-01T00:00:00Z' }),
    ];
    const results = searchArticles(list, 'mars rover');
    expect(results.map((r) => [r.article.id, r.score, r.relevance])).toEqual([
      ['new', 20, 'green'],
      ['old', 20, 'green'],
      ['content', 9, 'gray'],
    ]);
  });

  it('keeps the top 20', () => {
    const list = Array.from({ length: 30 }, (_, i) =>
      art({ id: `a${i}`, title: i % 2 === 0 ? 'tide report' : 'tide', publishedAt: '2024-01-01' }),
    );
    const results = searchArticles(list, 'tide report');
    expect(results).toHaveLength(MAX_SEARCH_RESULTS);
    expect(results.slice(0, 15).every((r) => r.score === 20)).toBe(true);
    expect(results[15]?.score).toBe(5);
  });

  it('maps scores to dots at the spec thresholds', () => {
    expect(relevanceDot(16)).toBe('green');
    expect(relevanceDot(15)).toBe('amber');
    expect(relevanceDot(11)).toBe('amber');
    expect(relevanceDot(10)).toBe('gray');
  });

  it('words the empty state exactly', () => {
    expect(noResultsMessage(' Lisbon ')).toBe('No results found for "Lisbon"');
  });
});

describe('debounce', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('calls once after 300 ms of quiet, with the last arguments; cancel drops it', () => {
    vi.useFakeTimers();
    const calls: string[] = [];
    const d = debounce((q: string) => calls.push(q));
    d.call('a');
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1);
    d.call('ab');
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1);
    expect(calls).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(calls).toEqual(['ab']);
    d.call('abc');
    d.cancel();
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS * 2);
    expect(calls).toEqual(['ab']);
    expect(SEARCH_DEBOUNCE_MS).toBe(300);
  });
});
