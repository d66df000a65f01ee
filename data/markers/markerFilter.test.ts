import { describe, expect, it } from 'vitest';
import { DEFAULT_PUBLISHER } from '../articleNormalizer';
import {
  articleFilterFields,
  articlePublishedMs,
  DEFAULT_MARKER_FILTER,
  filterFacets,
  isFiltering,
  passesFilter,
  type FilterFields,
  type MarkerFilter,
} from './markerFilter';
import { articleRealityType, articleSource, UNKNOWN_SOURCE } from './markerStyle';

const NOW = Date.UTC(2025, 0, 15, 12);
const H = 3_600_000;
const f = (over: Partial<MarkerFilter> = {}): MarkerFilter => ({
  ...DEFAULT_MARKER_FILTER,
  ...over,
});
const x = (over: Partial<FilterFields> = {}): FilterFields => ({
  sentiment: 'neutral',
  categories: ['politics'],
  realityType: 'unverified',
  source: 'Atlas Wire',
  publishedMs: NOW - H,
  ...over,
});

describe('article filter fields', () => {
  it('reads the reality type from the article or its analysis; unclassified is unverified', () => {
    expect(articleRealityType({ realityType: 'fact' })).toBe('fact');
    expect(articleRealityType({ realityType: 'FICTION' })).toBe('fiction');
    expect(articleRealityType({ hybridAnalysis: { realityType: 'mixed' } })).toBe('mixed');
    expect(articleRealityType({ realityType: 'rumour' })).toBe('unverified');
    expect(articleRealityType({})).toBe('unverified');
    expect(articleRealityType(null)).toBe('unverified');
  });

  it('reads the source as the normaliser does: a string, {name}, the publisher, else unknown', () => {
    expect(UNKNOWN_SOURCE).toBe(DEFAULT_PUBLISHER);
    expect(articleSource({ source: 'Orbit Times' })).toBe('Orbit Times');
    expect(articleSource({ source: { id: 'x', name: 'Atlas Wire' } })).toBe('Atlas Wire');
    expect(articleSource({ source: { id: 'x' }, publisher: 'Global Desk' })).toBe('Global Desk');
    expect(articleSource({ source: '  ' })).toBe(UNKNOWN_SOURCE);
    expect(articleSource(undefined)).toBe(UNKNOWN_SOURCE);
  });

  it('builds every field from a wire article', () => {
    const a = {
      sentiment: { label: 'positive' },
      category: 'Science',
      categories: ['science', 'health'],
      realityType: 'fact',
      source: { name: 'Meridian News' },
      publishedAt: new Date(NOW - 2 * H).toISOString(),
    };
    expect(articleFilterFields(a, articlePublishedMs(a, NOW))).toEqual({
      sentiment: 'positive',
      categories: ['science', 'health'],
      realityType: 'fact',
      source: 'Meridian News',
      publishedMs: NOW - 2 * H,
    });
    // publishedAt, then createdAt, then the fallback.
    expect(articlePublishedMs({ createdAt: new Date(NOW - H).toISOString() }, NOW)).toBe(NOW - H);
    expect(articlePublishedMs({ publishedAt: 'not a date' }, NOW)).toBe(NOW);
  });
});

describe('passesFilter', () => {
  it('passes everything in the window with the default filter', () => {
    expect(isFiltering(f())).toBe(false);
    expect(passesFilter(f(), x(), NOW)).toBe(true);
    expect(passesFilter(f(), x({ publishedMs: NOW - 25 * H }), NOW)).toBe(false);
    expect(passesFilter(f({ hours: 168 }), x({ publishedMs: NOW - 25 * H }), NOW)).toBe(true);
  });

  it('applies each kind on its own', () => {
    expect(passesFilter(f({ sentiment: 'negative' }), x(), NOW)).toBe(false);
    expect(passesFilter(f({ sentiment: 'neutral' }), x(), NOW)).toBe(true);
    expect(passesFilter(f({ categories: ['science'] }), x(), NOW)).toBe(false);
    expect(passesFilter(f({ categories: ['science', 'politics'] }), x(), NOW)).toBe(true);
    expect(passesFilter(f({ realityTypes: ['fact'] }), x(), NOW)).toBe(false);
    expect(passesFilter(f({ realityTypes: ['fact', 'unverified'] }), x(), NOW)).toBe(true);
    expect(passesFilter(f({ sources: ['Orbit Times'] }), x(), NOW)).toBe(false);
    expect(passesFilter(f({ sources: ['Orbit Times', 'Atlas Wire'] }), x(), NOW)).toBe(true);
    for (const over of [
      { sentiment: 'negative' as const },
      { categories: ['x'] },
      { realityTypes: ['fact' as const] },
      { sources: ['y'] },
    ]) {
      expect(isFiltering(f(over))).toBe(true);
    }
  });

  it('uses the timeline window instead of hours when given', () => {
    const w = { startMs: NOW - 3 * H, endMs: NOW - 2 * H };
    expect(passesFilter(f(), x({ publishedMs: NOW - 2.5 * H }), NOW, w)).toBe(true);
    expect(passesFilter(f(), x({ publishedMs: NOW - H }), NOW, w)).toBe(false);
  });
});

describe('filterFacets', () => {
  const items: FilterFields[] = [
    x({ sentiment: 'positive', categories: ['politics'], realityType: 'fact', source: 'A' }),
    x({ sentiment: 'negative', categories: ['science'], realityType: 'fact', source: 'B' }),
    x({ sentiment: 'negative', categories: ['science', 'health'], source: 'A' }),
    x({ sentiment: 'neutral', categories: ['sports'], realityType: 'fiction', source: 'C' }),
    // Outside the default 24 hours, inside 7 days.
    x({ sentiment: 'positive', categories: ['politics'], source: 'A', publishedMs: NOW - 48 * H }),
  ];

  it('counts every option with no filter (inside the date range)', () => {
    const c = filterFacets(f(), items, NOW);
    expect(c.total).toBe(5);
    expect(c.matching).toBe(4);
    expect(c.sentiment).toEqual({ positive: 1, negative: 2, mixed: 0, neutral: 1 });
    expect(c.realityTypes).toEqual({ fact: 2, mixed: 0, fiction: 1, unverified: 1 });
    expect(c.categories).toEqual([
      { name: 'science', count: 2 },
      { name: 'health', count: 1 },
      { name: 'politics', count: 1 },
      { name: 'sports', count: 1 },
    ]);
    expect(c.sources).toEqual([
      { name: 'A', count: 2 },
      { name: 'B', count: 1 },
      { name: 'C', count: 1 },
    ]);
    expect(c.hours[24]).toBe(4);
    expect(c.hours[168]).toBe(5);
    expect(c.hours[1]).toBe(4);
  });

  it('counts each option as choosing it alone in its group would match (facets)', () => {
    const filter = f({ sentiment: 'negative', sources: ['A'] });
    const c = filterFacets(filter, items, NOW);
    expect(c.matching).toBe(1);
    // Sentiment counts ignore the sentiment choice but keep source A.
    expect(c.sentiment).toEqual({ positive: 1, negative: 1, mixed: 0, neutral: 0 });
    // Source counts keep the negative choice.
    expect(c.sources).toEqual([
      { name: 'A', count: 1 },
      { name: 'B', count: 1 },
    ]);
    // Each option's count is what the filter with that option alone gives.
    for (const s of c.sources) {
      const alone = items.filter((i) => passesFilter({ ...filter, sources: [s.name] }, i, NOW));
      expect(alone.length).toBe(s.count);
    }
    expect(c.realityTypes).toEqual({ fact: 0, mixed: 0, fiction: 0, unverified: 1 });
    expect(c.hours[168]).toBe(1);
  });

  it('keeps chosen options listed even when nothing matches them', () => {
    const c = filterFacets(f({ categories: ['weather'], sources: ['Z'] }), items, NOW);
    expect(c.matching).toBe(0);
    expect(c.categories).toContainEqual({ name: 'weather', count: 0 });
    expect(c.sources).toContainEqual({ name: 'Z', count: 0 });
  });
});
