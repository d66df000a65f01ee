import { describe, expect, it } from 'vitest';
import { normalizeArticle } from '../../data/articleNormalizer';
import {
  activeFilterCount,
  DATE_RANGES,
  hoursOf,
  markerFilterOf,
  NO_FILTER,
  placedFields,
  toggled,
} from './markerFilters';

describe('sidebar filter state', () => {
  it('toggles a value in and out of a multi-choice group', () => {
    expect(toggled(['a'], 'b')).toEqual(['a', 'b']);
    expect(toggled(['a', 'b'], 'a')).toEqual(['b']);
  });

  it("maps the settings' time frames to hours", () => {
    expect(DATE_RANGES.map((r) => r.value)).toEqual(['1h', '6h', '12h', '24h', '7d', '30d']);
    expect(hoursOf('7d')).toBe(168);
    expect(markerFilterOf(NO_FILTER, '30d')).toMatchObject({ hours: 720, sentiment: 'all' });
  });

  it('counts the groups that narrow the set', () => {
    expect(activeFilterCount(NO_FILTER, '24h')).toBe(0);
    expect(
      activeFilterCount(
        { sentiment: 'positive', categories: ['x'], realityTypes: ['fact'], sources: ['y'] },
        '7d',
      ),
    ).toBe(5);
  });

  it('keeps only articles with a place, reading the raw article when held', () => {
    const placed = normalizeArticle({ id: 'p', latitude: 1, longitude: 2, title: 'P' });
    const nowhere = normalizeArticle({ id: 'n', title: 'N' });
    if (placed === null || nowhere === null) throw new Error('normalise failed');
    const raw = { id: 'p', latitude: 1, longitude: 2, realityType: 'fact', source: 'Atlas Wire' };
    const out = placedFields([placed, nowhere], (id) => (id === 'p' ? raw : undefined), 1000);
    expect(out.map((o) => o.article.id)).toEqual(['p']);
    expect(out[0]?.fields).toMatchObject({ realityType: 'fact', source: 'Atlas Wire' });
  });
});
