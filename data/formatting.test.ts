import { describe, expect, it } from 'vitest';
import {
  descriptionText,
  formatCount,
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

  it('keeps zones and locales apart when it reuses formatters', () => {
    const t = '2024-03-01T23:30:00Z';
    // Alternating calls: a formatter cached under the wrong key would repeat the previous answer.
    for (let i = 0; i < 2; i++) {
      expect(formatDate(t, { timeZone: 'UTC' })).toBe('Mar 1, 2024');
      expect(formatDate(t, { timeZone: 'Asia/Tokyo' })).toBe('Mar 2, 2024');
      expect(formatDate(t, { timeZone: 'UTC', locale: 'de-DE' })).toBe('1. März 2024');
    }
  });

  it('writes the default (en-US, local zone) like Intl, with or without Intl', () => {
    const intl = new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
    });
    // Every month, both ends of the 1000-9999 range and beyond it, around midnight local time.
    const samples = [
      ...Array.from({ length: 12 }, (_, m) => new Date(2024, m, m + 1, 0, 0, 30).getTime()),
      new Date(2024, 11, 31, 23, 59, 59).getTime(),
      new Date(1000, 0, 1, 12).getTime(),
      new Date(9999, 11, 31, 12).getTime(),
      Date.UTC(999, 5, 1),
      Date.UTC(12000, 5, 1),
      Date.parse('1969-12-31T23:59:59Z'),
      Date.parse('2024-03-01T23:30:00Z'),
    ];
    for (const ms of samples) expect(formatDate(ms)).toBe(intl.format(ms));
    expect(formatDate(new Date(2024, 2, 1, 10))).toBe('Mar 1, 2024');
  });
});

describe('formatCount', () => {
  it('groups thousands like en-US toLocaleString', () => {
    for (const n of [0, 7, 999, 1000, 12345, 999999, 1000000, 1234567890, -1234, -999]) {
      expect(formatCount(n)).toBe(n.toLocaleString('en-US'));
    }
  });

  it('rounds to a whole number and prints non-finite values as they are', () => {
    expect(formatCount(1234.6)).toBe('1,235');
    expect(formatCount(0.4)).toBe('0');
    expect(formatCount(Number.NaN)).toBe('NaN');
    expect(formatCount(Number.POSITIVE_INFINITY)).toBe('Infinity');
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
