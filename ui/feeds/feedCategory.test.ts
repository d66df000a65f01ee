import { describe, expect, it } from 'vitest';
import { FEED_HOUR_PRESETS } from '../../data/feedFilters';
import {
  categoryStyle,
  DEFAULT_CATEGORY_STYLE,
  hoursLabel,
  QUICK_RANGES,
  TIME_PRESETS,
} from './feedCategory';

describe('feed category styles', () => {
  it('has a distinct colour for each category the spec names', () => {
    const named = ['politics', 'economics', 'technology', 'environment', 'conflict', 'social'];
    const colours = named.map((c) => categoryStyle(c).color);
    expect(new Set(colours).size).toBe(named.length);
    expect(colours).not.toContain(DEFAULT_CATEGORY_STYLE.color);
    expect(categoryStyle('  Politics ')).toEqual(categoryStyle('politics'));
  });

  it('uses the default for unknown names, including prototype keys', () => {
    expect(categoryStyle('General')).toBe(DEFAULT_CATEGORY_STYLE);
    expect(categoryStyle('__proto__')).toBe(DEFAULT_CATEGORY_STYLE);
    expect(categoryStyle('constructor')).toBe(DEFAULT_CATEGORY_STYLE);
  });
});

describe('time ranges', () => {
  it('offers only the spec presets and quick ranges', () => {
    const hours = [...TIME_PRESETS, ...QUICK_RANGES].map((p) => p.hours);
    for (const h of hours) expect(FEED_HOUR_PRESETS).toContain(h);
    expect(TIME_PRESETS.map((p) => p.label)).toEqual(['6h', '12h', '24h', '48h', '7d', '30d']);
    expect(QUICK_RANGES.map((p) => p.label)).toEqual(['1H', '6H', '1D', '1W']);
  });

  it('labels slider values in hours and days', () => {
    expect(hoursLabel(6)).toBe('6h');
    expect(hoursLabel(24)).toBe('1d');
    expect(hoursLabel(60)).toBe('2d 12h');
    expect(hoursLabel(720)).toBe('30d');
  });
});
