import { describe, expect, it } from 'vitest';
import { LAYER_NAMES } from '../../engine/signals';
import { overviewCsv, stackedSeries, categoriesOf } from './analytics/analyticsTables';
import { catalogue, layerKey, LAYER_INFO } from './layers/layerCatalogue';
import { csvField, toCsv, type AnalyticsOverview } from './viewData';

const overview: AnalyticsOverview = {
  hours: 24,
  bucket: 'hour',
  generatedAt: '2026-11-27T09:00:00.000Z',
  total: 5,
  geocoded: 4,
  analysed: 1,
  series: [
    {
      t: '2026-11-27T07:00:00.000Z',
      total: 2,
      byCategory: { world: 1, sports: 1 },
      bySentiment: { neutral: 2 },
      meanSentiment: null,
    },
    {
      t: '2026-11-27T08:00:00.000Z',
      total: 3,
      byCategory: { world: 3 },
      bySentiment: { positive: 3 },
      meanSentiment: 0.25,
    },
  ],
  bySource: { 'Wire, Inc.': 4, '=cmd': 1 },
  byCountry: { Chad: 5 },
  byRisk: { none: 4, high: 1 },
  countries: [{ country: 'Chad', count: 5, meanSentiment: 0.25, risk: 'high' }],
};

describe('CSV', () => {
  it('quotes separators and neutralises spreadsheet formulas', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvField(-0.5)).toBe('-0.5');
    expect(csvField(null)).toBe('');
    expect(toCsv(['a', 'b'], [[1, 'x']])).toBe('a,b\r\n1,x\r\n');
  });

  it('holds every table of the overview with the API numbers', () => {
    const lines = overviewCsv(overview).trim().split('\r\n');
    expect(lines[0]).toBe('table,key,count,meanSentiment,risk');
    expect(lines).toContain('summary,total,5,,');
    expect(lines).toContain('country,Chad,5,0.25,high');
    expect(lines).toContain('source,"Wire, Inc.",4,,');
    expect(lines).toContain("source,'=cmd,1,,");
    expect(lines).toContain('risk,none,4,,');
    expect(lines).toContain('series,2026-11-27T08:00:00.000Z,3,0.25,');
  });
});

describe('stacked categories', () => {
  it('stacks cumulatively, largest category first; the last line is the total', () => {
    const cats = categoriesOf(overview);
    expect(cats).toEqual(['world', 'sports']);
    const [xs, world, top] = stackedSeries(overview, cats);
    expect(xs).toEqual([
      Date.parse('2026-11-27T07:00:00.000Z') / 1000,
      Date.parse('2026-11-27T08:00:00.000Z') / 1000,
    ]);
    expect(world).toEqual([1, 3]);
    expect(top).toEqual(overview.series.map((s) => s.total));
  });
});

describe('layer catalogue', () => {
  it('lists every engine layer once, in a group, with source and licence', () => {
    const listed = catalogue().flatMap((g) => g.layers);
    expect([...listed].sort()).toEqual([...LAYER_NAMES].sort());
    for (const l of LAYER_NAMES) {
      expect(LAYER_INFO[l].source.length, l).toBeGreaterThan(0);
      expect(LAYER_INFO[l].licence.length, l).toBeGreaterThan(0);
    }
  });

  it("reads the keys from the engine's keymap", () => {
    expect(layerKey('grid')).toBe('G');
    expect(layerKey('labels')).toBe('L');
    expect(layerKey('timezones')).toBe('T');
    expect(layerKey('moon')).toBe('M');
    expect(layerKey('dayNight')).toBe('D');
    expect(layerKey('solarSystem')).toBe('S');
    expect(layerKey('ocean')).toBeNull();
  });
});
