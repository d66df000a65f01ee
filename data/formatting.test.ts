import { describe, expect, it } from 'vitest';
import {
  descriptionText,
  formatDate,
  formatPercent,
  formatTimeAgo,
  INVALID_DATE,
  UNKNOWN_DATE,
  UNKNOWN_TIME,
} from './formatting';

const NOW = Date.parse('2024-06-10T12:00:00.000Z');
const ago = (ms: number): string => new Date(NOW - ms).toISOString();

describe('formatTimeAgo', () => {
  it('uses the spec texts at each unit boundary', () => {
    expect(formatTimeAgo(ago(0), NOW)).toBe('Just now');
    expect(formatTimeAgo(ago(59_999), NOW)).toBe('Just now');
    expect(formatTimeAgo(ago(60_000), NOW)).toBe('1m ago');
    expect(formatTimeAgo(ago(59 * 60_000 + 59_000), NOW)).toBe('59m ago');
    expect(formatTimeAgo(ago(3_600_000), NOW)).toBe('1h ago');
    expect(formatTimeAgo(ago(23 * 3_600_000 + 3_599_000), NOW)).toBe('23h ago');
    expect(formatTimeAgo(ago(86_400_000), NOW)).toBe('1d ago');
    expect(formatTimeAgo(ago(40 * 86_400_000), NOW)).toBe('40d ago');
  });

  it('accepts Date objects and epoch ms; future times are Just now', () => {
    expect(formatTimeAgo(new Date(NOW - 7_200_000), NOW)).toBe('2h ago');
    expect(formatTimeAgo(NOW - 300_000, NOW)).toBe('5m ago');
    expect(formatTimeAgo(NOW + 3_600_000, NOW)).toBe('Just now');
  });

  it("says 'Unknown time' for missing or invalid input", () => {
    for (const v of [null, undefined, '', 'yesterday-ish', Number.NaN, new Date('x'), {}]) {
      expect(formatTimeAgo(v, NOW)).toBe(UNKNOWN_TIME);
    }
    expect(UNKNOWN_TIME).toBe('Unknown time');
  });
});

describe('formatDate', () => {
  it("distinguishes 'Unknown date' from 'Invalid date'", () => {
    expect(formatDate(null)).toBe(UNKNOWN_DATE);
    expect(formatDate(undefined)).toBe('Unknown date');
    expect(formatDate('')).toBe('Unknown date');
    expect(formatDate('31/31/2024')).toBe(INVALID_DATE);
    expect(formatDate('garbage')).toBe('Invalid date');
  });

  it('formats valid dates in the given zone', () => {
    expect(formatDate('2024-03-01T23:30:00Z', { timeZone: 'UTC' })).toBe('Mar 1, 2024');
    expect(formatDate('2024-03-01T23:30:00Z', { timeZone: 'Asia/Tokyo' })).toBe('Mar 2, 2024');
  });
});

describe('formatPercent and descriptionText', () => {
  it('rounds and clamps percents', () => {
    expect(formatPercent(0.734)).toBe('73%');
    expect(formatPercent(0.736)).toBe('74%');
    expect(formatPercent(1.7)).toBe('100%');
    expect(formatPercent(null)).toBe('—');
  });

  it("says 'No description available' when missing", () => {
    expect(descriptionText(null)).toBe('No description available');
    expect(descriptionText('  ')).toBe('No description available');
    expect(descriptionText('Text')).toBe('Text');
  });
});
