import { describe, expect, it } from 'vitest';
import type { MarkerRecord } from '../data/markers/articleColumns';
import { LAYER_NAMES, layerDefault, type LayerName } from './layers';
import {
  CARD_SUMMARY_MAX,
  CARD_TITLE_MAX,
  LAYER_LABELS,
  cardOf,
  formatLatLon,
  togglesOf,
  truncate,
} from './xrPanelModel';

const NOW = Date.UTC(2026, 10, 27, 12, 0, 0);

function record(over: Partial<MarkerRecord> & { article?: unknown } = {}): MarkerRecord {
  return {
    id: 'a1',
    title: 'Floods close the old bridge',
    category: 'Weather',
    categories: ['weather'],
    sentiment: 'negative',
    emoji: '🌧️',
    publishedMs: NOW - 3 * 3600_000,
    lat: 48.8566,
    lon: 2.3522,
    article: {
      id: 'a1',
      title: 'Floods close the old bridge',
      summary: 'The river rose two metres overnight.',
      location: { name: 'Paris, France', lat: 48.8566, lon: 2.3522 },
    },
    ...over,
  };
}

describe('truncate', () => {
  it('keeps short text, collapsing white space', () => {
    expect(truncate('  a  b\n c ', 10)).toBe('a b c');
  });
  it('cuts at a word boundary near the end, with an ellipsis, within the limit', () => {
    const t = truncate('one two three four five six seven eight', 20);
    expect(t).toBe('one two three four…');
    expect(t.length).toBeLessThanOrEqual(20);
  });
  it('cuts inside a word when the last space is too far back', () => {
    const t = truncate('a supercalifragilisticexpialidocious word', 20);
    expect(t).toBe('a supercalifragilis…');
    expect(t.length).toBe(20);
  });
  it('drops trailing punctuation before the ellipsis', () => {
    expect(truncate('alpha beta, gamma delta epsilon', 13)).toBe('alpha beta…');
  });
});

describe('cardOf', () => {
  it('has the title, place, time ago, category and summary', () => {
    expect(cardOf(record(), NOW)).toEqual({
      id: 'a1',
      title: 'Floods close the old bridge',
      place: 'Paris, France',
      timeAgo: '3h ago',
      category: 'Weather',
      summary: 'The river rose two metres overnight.',
    });
  });
  it('says how long ago in minutes, hours and days', () => {
    expect(cardOf(record({ publishedMs: NOW - 20_000 }), NOW).timeAgo).toBe('Just now');
    expect(cardOf(record({ publishedMs: NOW - 5 * 60_000 }), NOW).timeAgo).toBe('5m ago');
    expect(cardOf(record({ publishedMs: NOW - 2 * 86_400_000 }), NOW).timeAgo).toBe('2d ago');
    // A clock running behind the publisher's: never 'in the future'.
    expect(cardOf(record({ publishedMs: NOW + 60_000 }), NOW).timeAgo).toBe('Just now');
  });
  it('falls back to the coordinates when no place is named', () => {
    const r = record({ lat: -33.8688, lon: -151.2093, article: { id: 'a1', title: 'x' } });
    expect(cardOf(r, NOW).place).toBe('33.87° S, 151.21° W');
  });
  it('bounds the title and the summary', () => {
    const long = 'word '.repeat(100);
    const c = cardOf(record({ title: long, article: { id: 'a1', summary: long } }), NOW);
    expect(c.title.length).toBeLessThanOrEqual(CARD_TITLE_MAX);
    expect(c.title.endsWith('…')).toBe(true);
    expect(c.summary.length).toBeLessThanOrEqual(CARD_SUMMARY_MAX);
    expect(c.summary.endsWith('…')).toBe(true);
  });
  it('copes with an article object it cannot read', () => {
    const c = cardOf(record({ article: null }), NOW);
    expect(c.title).toBe('Floods close the old bridge');
    expect(c.summary).toBe('');
    expect(c.place).toBe('48.86° N, 2.35° E');
  });
});

describe('togglesOf', () => {
  it('has every engine layer, in order, with its label and state', () => {
    const layers = Object.fromEntries(LAYER_NAMES.map((n) => [n, layerDefault(n)])) as Record<
      LayerName,
      boolean
    >;
    layers.rivers = true;
    const t = togglesOf(layers);
    expect(t.map((x) => x.layer)).toEqual([...LAYER_NAMES]);
    expect(t.find((x) => x.layer === 'rivers')).toEqual({
      layer: 'rivers',
      label: 'Rivers',
      on: true,
    });
    expect(t.find((x) => x.layer === 'clouds')?.on).toBe(false);
    for (const x of t) expect(x.label).toBe(LAYER_LABELS[x.layer]);
  });
  it('labels fit a toggle', () => {
    for (const n of LAYER_NAMES) expect(LAYER_LABELS[n].length).toBeLessThanOrEqual(16);
  });
});

describe('formatLatLon', () => {
  it('writes hemispheres', () => {
    expect(formatLatLon(0, 0)).toBe('0.00° N, 0.00° E');
    expect(formatLatLon(-1.234, 179.999)).toBe('1.23° S, 180.00° E');
  });
});
