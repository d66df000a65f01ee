import { describe, expect, it } from 'vitest';
import {
  choroplethFills,
  countClass,
  COUNT_COLORS,
  hexToRgba,
  mergeRows,
  RISK_CLASSES,
  SENTIMENT_CLASSES,
  type ChoroplethRow,
} from './choropleth';

const row = (
  iso2: string | null,
  count: number,
  meanSentiment: number | null = null,
  risk = 'none',
): ChoroplethRow => ({ iso2, count, meanSentiment, risk });

describe('choropleth fills', () => {
  it('merges rows naming the same country and drops rows without a code', () => {
    const merged = mergeRows([
      row('US', 3, 0.5, 'low'),
      row('US', 1, -0.5, 'high'),
      row(null, 7, 0.9, 'critical'),
      row('us', 2),
    ]);
    expect([...merged.keys()]).toEqual(['US']);
    const us = merged.get('US');
    expect(us?.count).toBe(4);
    expect((us?.sentimentSum ?? 0) / (us?.sentimentWeight ?? 1)).toBeCloseTo(0.25);
    expect(us?.risk).toBe('high');
  });

  it('classes counts on a log scale, the largest in the darkest class', () => {
    expect(countClass(100, 100)).toBe(COUNT_COLORS.length - 1);
    expect(countClass(1, 100)).toBe(0);
    expect(countClass(10, 100)).toBeGreaterThan(countClass(2, 100));
    expect(countClass(1, 1)).toBe(COUNT_COLORS.length - 1);
  });

  it('fills by article count with a legend of the classes present', () => {
    const r = choroplethFills([row('JP', 40), row('DE', 1), row('FR', 1)], 'count');
    expect(Object.keys(r.fills).sort()).toEqual(['DE', 'FR', 'JP']);
    expect(r.fills['JP']).toEqual(hexToRgba(COUNT_COLORS[4]));
    expect(r.fills['DE']).toEqual(hexToRgba(COUNT_COLORS[0]));
    expect(r.legend).toEqual([
      { label: '1 article', color: COUNT_COLORS[0], countries: 2 },
      { label: '40 articles', color: COUNT_COLORS[4], countries: 1 },
    ]);
    expect(r.note).toBe('');
  });

  it('fills by mean sentiment and leaves unscored countries unfilled, saying so', () => {
    const r = choroplethFills(
      [row('JP', 3, -0.6), row('DE', 2, 0.7), row('FR', 1, null)],
      'sentiment',
    );
    expect(r.fills['JP']).toEqual(hexToRgba(SENTIMENT_CLASSES[0]?.color ?? ''));
    expect(r.fills['DE']).toEqual(hexToRgba(SENTIMENT_CLASSES[4]?.color ?? ''));
    expect(r.fills['FR']).toBeUndefined();
    expect(r.legend.map((l) => l.countries)).toEqual([1, 0, 0, 0, 1]);
    expect(r.note).toBe('1 country without a scored article: not filled');
  });

  it('fills by highest risk; not assessed is not filled', () => {
    const r = choroplethFills(
      [row('JP', 3, null, 'high'), row('DE', 1, null, 'none'), row('FR', 1, null, 'critical')],
      'risk',
    );
    expect(r.fills['JP']).toEqual(hexToRgba(RISK_CLASSES[2]?.color ?? ''));
    expect(r.fills['FR']).toEqual(hexToRgba(RISK_CLASSES[3]?.color ?? ''));
    expect(r.fills['DE']).toBeUndefined();
    expect(r.legend.map((l) => `${l.label}:${String(l.countries)}`)).toEqual([
      'low:0',
      'medium:0',
      'high:1',
      'critical:1',
    ]);
    expect(r.note).toContain('without a risk assessment');
  });

  it('turns a hex colour into 0..1 channels with the fill opacity', () => {
    expect(hexToRgba('#ff8000', 0.5)).toEqual([1, 128 / 255, 0, 0.5]);
  });
});
