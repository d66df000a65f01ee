import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type NormalizedArticle, normalizeArticle } from './articleNormalizer';
import {
  clampFeedHours,
  compareFeed,
  DEFAULT_FEED_FILTERS,
  FEED_HOUR_PRESETS,
  feedBadges,
  type FeedFilterState,
  filterFeed,
  matchesTab,
} from './feedFilters';

const NOW = Date.parse('2024-06-10T12:00:00.000Z');
const hoursAgo = (h: number): string => new Date(NOW - h * 3_600_000).toISOString();

function art(raw: Record<string, unknown>): NormalizedArticle {
  const a = normalizeArticle({ id: 'x', publishedAt: hoursAgo(1), ...raw });
  if (a === null) throw new Error('bad fixture');
  return a;
}

const filters = (f: Partial<FeedFilterState>): FeedFilterState => ({
  ...DEFAULT_FEED_FILTERS,
  ...f,
});
const ids = (list: NormalizedArticle[]): string[] => list.map((a) => a.id);

describe('feed filters', () => {
  it('searches title, summary and content case-insensitively', () => {
    const list = [
      art({ id: 't', title: 'Drought in SPAIN' }),
      art({ id: 's', summary: 'spain reservoirs low' }),
      art({ id: 'c', summary: 'x', content: 'Farmers in Spain' }),
      art({ id: 'n', title: 'Portugal', tags: ['spain'] }),
    ];
    expect(ids(filterFeed(list, filters({ search: ' Spain ' }), NOW)).sort()).toEqual([
      'c',
      's',
      't',
    ]);
  });

  it('applies the tab thresholds inclusively', () => {
    const breaking = art({ urgencyScore: 0.7 });
    const viral = art({ hybridAnalysis: { viralityPrediction: { score: 0.7 } } });
    const lowUrgency = art({
      urgencyScore: 0.2,
      hybridAnalysis: { viralityPrediction: { score: 0.9 } },
    });
    expect(matchesTab(breaking, 'breaking')).toBe(true);
    expect(matchesTab(viral, 'breaking')).toBe(true);
    expect(matchesTab(lowUrgency, 'breaking')).toBe(false);
    expect(matchesTab(art({ urgencyScore: 0.69 }), 'breaking')).toBe(false);
    expect(
      matchesTab(art({ hybridAnalysis: { engagementPrediction: { score: 0.6 } } }), 'trending'),
    ).toBe(true);
    expect(
      matchesTab(art({ hybridAnalysis: { engagementPrediction: { score: 0.59 } } }), 'trending'),
    ).toBe(false);
    expect(matchesTab(art({}), 'trending')).toBe(false);
    expect(matchesTab(art({ trustScore: 0.7 }), 'verified')).toBe(true);
    expect(matchesTab(art({}), 'verified')).toBe(false);
    expect(matchesTab(art({}), 'all')).toBe(true);
  });

  it('matches sentiment and category exactly, ignoring case', () => {
    const list = [
      art({ id: 'p', sentiment: 'positive', categories: ['Politics', 'World'] }),
      art({ id: 'n', sentiment: 'negative', category: 'politics-extra' }),
    ];
    expect(ids(filterFeed(list, filters({ sentiment: 'POSITIVE' }), NOW))).toEqual(['p']);
    expect(ids(filterFeed(list, filters({ category: 'world' }), NOW))).toEqual(['p']);
    expect(ids(filterFeed(list, filters({ category: 'politics' }), NOW))).toEqual(['p']);
  });

  it('applies the minimum engagement', () => {
    const list = [
      art({ id: 'hi', hybridAnalysis: { engagementPrediction: { score: 0.5 } } }),
      art({ id: 'lo', hybridAnalysis: { engagementPrediction: { score: 0.49 } } }),
      art({ id: 'none' }),
    ];
    expect(ids(filterFeed(list, filters({ minEngagement: 0.5 }), NOW))).toEqual(['hi']);
    expect(filterFeed(list, filters({ minEngagement: 0 }), NOW)).toHaveLength(3);
  });

  it('excludes articles older than the window and keeps undated ones', () => {
    const list = [
      art({ id: 'in', publishedAt: hoursAgo(5.9) }),
      art({ id: 'edge', publishedAt: hoursAgo(6) }),
      art({ id: 'out', publishedAt: hoursAgo(6.1) }),
      art({ id: 'undated', publishedAt: 'soon' }),
    ];
    expect(ids(filterFeed(list, filters({ hours: 6 }), NOW))).toEqual(['in', 'edge', 'undated']);
  });

  it('snaps hours to the slider and lists the presets', () => {
    expect(FEED_HOUR_PRESETS).toEqual([1, 6, 12, 24, 48, 168, 720]);
    expect(clampFeedHours(1)).toBe(6);
    expect(clampFeedHours(100)).toBe(102);
    expect(clampFeedHours(10_000)).toBe(720);
    expect(clampFeedHours(Number.NaN)).toBe(24);
  });
});

describe('feed order', () => {
  const e = (id: string, engagement: number, hours: number): NormalizedArticle =>
    art({
      id,
      publishedAt: hoursAgo(hours),
      hybridAnalysis: { engagementPrediction: { score: engagement } },
    });

  it('puts engagement first when it differs by more than 0.1, else newest first', () => {
    const list = [
      e('old-high', 0.99, 10),
      e('new-low', 0.5, 1),
      e('new-mid', 0.85, 2),
      e('newest-mid', 0.81, 0.5),
    ];
    expect(ids(filterFeed(list, filters({}), NOW))).toEqual([
      'old-high',
      'newest-mid',
      'new-mid',
      'new-low',
    ]);
  });

  it('orders neighbours across a band edge by engagement (the documented deviation)', () => {
    // 0.79 and 0.81 differ by less than 0.1, so the literal rule would put the newer first.
    const list = [e('newer', 0.79, 1), e('older', 0.81, 5)];
    expect(ids(filterFeed(list, filters({}), NOW))).toEqual(['older', 'newer']);
  });

  it('is a consistent total order that keeps the spec rule for differences above 0.1', () => {
    const arb = fc.record({
      id: fc.constantFrom('a', 'b', 'c'),
      engagement: fc.oneof(fc.constant(null), fc.double({ min: 0, max: 1, noNaN: true })),
      hours: fc.oneof(fc.constant(null), fc.integer({ min: 0, max: 100 })),
    });
    const make = (r: { id: string; engagement: number | null; hours: number | null }) =>
      art({
        id: r.id,
        publishedAt: r.hours === null ? null : hoursAgo(r.hours),
        hybridAnalysis:
          r.engagement === null ? {} : { engagementPrediction: { score: r.engagement } },
      });
    fc.assert(
      fc.property(arb, arb, arb, (ra, rb, rc) => {
        const [a, b, c] = [make(ra), make(rb), make(rc)];
        expect(Math.sign(compareFeed(a, b)) + Math.sign(compareFeed(b, a))).toBe(0);
        if (compareFeed(a, b) <= 0 && compareFeed(b, c) <= 0) {
          expect(compareFeed(a, c)).toBeLessThanOrEqual(0);
        }
        const ea = a.engagement ?? 0;
        const eb = b.engagement ?? 0;
        if (ea - eb > 0.1 + 1e-9) expect(compareFeed(a, b)).toBeLessThan(0);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('badges', () => {
  it("shows 'Trending' above 0.7 virality and '✓ Verified' above 0.8 credibility", () => {
    expect(
      feedBadges(
        art({
          hybridAnalysis: {
            viralityPrediction: { score: 0.71 },
            credibilityAssessment: { score: 0.81 },
          },
        }),
      ),
    ).toEqual(['Trending', '✓ Verified']);
    expect(
      feedBadges(
        art({
          hybridAnalysis: {
            viralityPrediction: { score: 0.7 },
            credibilityAssessment: { score: 0.8 },
          },
        }),
      ),
    ).toEqual([]);
  });
});
