import { describe, expect, it } from 'vitest';
import {
  FORCED_NAV_MS,
  LOG_LINES,
  NORMAL_NAV_MS,
  navigationDue,
  visibleLines,
} from './launchSequence';
import {
  countCountries,
  cutTitle,
  readRecentStats,
  recentStatsText,
  toLandingArticle,
  windowHours,
} from './landingState';
import { parseSavedLocation, UNKNOWN_LOCATION } from './location';

describe('launch sequence', () => {
  it('shows the lines reached, with the counter figures or ... while unknown', () => {
    expect(visibleLines(0, { stories: null, countries: null })).toEqual([
      'ATLAS boot sequence initiated',
    ]);
    const mid = visibleLines(50, { stories: 12, countries: 3 });
    expect(mid.at(-1)).toBe('Indexed 12 stories across 3 countries');
    expect(visibleLines(50, { stories: null, countries: null }).at(-1)).toBe(
      'Indexed ... stories across ... countries',
    );
    const all = visibleLines(99, { stories: 1, countries: 1 });
    expect(all).toHaveLength(LOG_LINES.length);
    expect(all.at(-1)).toBe('Welcome to ATLAS');
  });

  it('navigates when finished and loaded, else at 25 s, at the latest at 60 s', () => {
    expect(navigationDue(14_000, true, true)).toBe('ready');
    expect(navigationDue(14_000, true, false)).toBeNull();
    expect(navigationDue(14_000, false, true)).toBeNull();
    expect(navigationDue(NORMAL_NAV_MS, true, false)).toBe('normal');
    expect(navigationDue(NORMAL_NAV_MS - 1, false, false)).toBeNull();
    expect(navigationDue(FORCED_NAV_MS, false, false)).toBe('forced');
  });
});

describe('landing helpers', () => {
  it('cuts titles at 60 characters', () => {
    expect(cutTitle('short')).toBe('short');
    const cut = cutTitle('x'.repeat(80));
    expect(cut).toHaveLength(60);
    expect(cut.endsWith('…')).toBe(true);
  });

  it('reads wire articles and counts distinct countries', () => {
    const a = toLandingArticle({
      id: 'a1',
      title: 'T',
      location: { name: 'Paris, France' },
      extractedLocation: { country: 'France' },
      createdAt: '2026-01-01T00:00:00Z',
    });
    expect(a).toMatchObject({ id: 'a1', place: 'Paris, France', country: 'France' });
    expect(toLandingArticle({ id: 'x' })).toBeNull();
    expect(toLandingArticle(null)).toBeNull();
    const b = toLandingArticle({ id: 'b', title: 'U', extractedLocation: { country: 'france' } });
    const c = toLandingArticle({ id: 'c', title: 'V' });
    expect(countCountries([a, b, c].filter((x) => x !== null))).toBe(1);
  });

  it('maps the timeline position to hours (1 -> 24 h, else (2 - p) x 24)', () => {
    expect(windowHours(1)).toBe(24);
    expect(windowHours(0.5)).toBe(36);
    expect(windowHours(0)).toBe(48);
  });
});

describe('saved location', () => {
  it('accepts a valid entry and rejects corrupt ones', () => {
    expect(parseSavedLocation('{"lat":1,"lon":2,"name":"Here"}')).toEqual({
      lat: 1,
      lon: 2,
      name: 'Here',
    });
    expect(parseSavedLocation('{"lat":1,"lon":2}')?.name).toBe(UNKNOWN_LOCATION);
    for (const bad of ['{not json', '[]', '{"lat":91,"lon":0}', '{"lat":"1","lon":2}', 'null']) {
      expect(parseSavedLocation(bad)).toBeNull();
    }
    expect(parseSavedLocation(null)).toBeNull();
  });
});

describe('landing stats line', () => {
  it('reads the stats call: the window, its total and the known countries', () => {
    const stats = readRecentStats({
      success: true,
      hours: 12,
      total: 9,
      byCategory: {},
      bySentiment: {},
      byCountry: { France: 4, Japan: 3, Unknown: 2 },
      byHour: [],
    });
    expect(stats).toEqual({ hours: 12, total: 9, countries: 2 });
    expect(recentStatsText({ hours: 12, total: 9, countries: 2 })).toBe(
      '9 new in the last 12 h from 2 countries',
    );
    expect(recentStatsText({ hours: 12, total: 1, countries: 1 })).toBe(
      '1 new in the last 12 h from 1 country',
    );
    expect(readRecentStats({ success: false })).toBeNull();
    expect(readRecentStats({ success: true, hours: 12, total: 'x', byCountry: {} })).toBeNull();
  });
});
