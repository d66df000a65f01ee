import { describe, expect, it } from 'vitest';
import {
  CATEGORY_COLORS,
  DEFAULT_CATEGORY_COLOR,
  DEFAULT_MARKER_DISPLAY,
  NEWSPAPER_EMOJI,
  SENTIMENT_COLORS,
  articleCategories,
  articleEmoji,
  articleSentiment,
  markerColor,
  markerEffectsUniform,
} from './markerStyle';

describe('articleSentiment', () => {
  it('reads a string, a label object, or the analysis label; defaults to neutral', () => {
    expect(articleSentiment({ sentiment: 'Positive' })).toBe('positive');
    expect(articleSentiment({ sentiment: { label: 'negative', score: -0.8 } })).toBe('negative');
    expect(articleSentiment({ analysis: { sentiment: { label: 'mixed' } } })).toBe('mixed');
    expect(
      articleSentiment({ hybridAnalysis: { sentimentAnalysis: { overall: 'positive' } } }),
    ).toBe('positive');
    expect(articleSentiment({ sentiment: 'ecstatic' })).toBe('neutral');
    expect(articleSentiment(undefined)).toBe('neutral');
  });
});

describe('articleCategories', () => {
  it('joins category, categories and analysis categories without duplicates', () => {
    expect(
      articleCategories({
        category: 'Politics',
        categories: ['politics', 'World'],
        analysis: { categories: ['Economy'] },
      }),
    ).toEqual(['politics', 'world', 'economy']);
  });
});

describe('articleEmoji', () => {
  it('follows analysis, own emoji, category, keyword guess, newspaper', () => {
    expect(articleEmoji({ hybridAnalysis: { emojiSelection: { emoji: '🔥' } }, emoji: '🌍' })).toBe(
      '🔥',
    );
    expect(articleEmoji({ hybridAnalysis: { emojiSelection: { primaryEmojis: ['🧪'] } } })).toBe(
      '🧪',
    );
    expect(articleEmoji({ emoji: '🌍', category: 'sports' })).toBe('🌍');
    expect(articleEmoji({ category: 'Sports' })).toBe('⚽');
    expect(articleEmoji({ title: 'Parliament vote delayed again' })).toBe('🏛️');
    // Whole words only: "ai" inside "said" is not technology.
    expect(articleEmoji({ title: 'He said nothing' })).toBe(NEWSPAPER_EMOJI);
    expect(articleEmoji(42)).toBe(NEWSPAPER_EMOJI);
  });
});

describe('markerColor', () => {
  it('uses the category colour first, then the sentiment colour, then cyan', () => {
    expect(markerColor(['world', 'politics'], 'negative')).toBe(CATEGORY_COLORS['politics']);
    expect(markerColor(['world'], 'negative')).toBe(SENTIMENT_COLORS.negative);
    expect(markerColor([], 'neutral')).toBe(DEFAULT_CATEGORY_COLOR);
  });
});

describe('prototype keys as categories', () => {
  it('never return Object.prototype members as an emoji or a colour', () => {
    for (const category of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      expect(articleEmoji({ title: 'x', category })).toBe('📰');
      expect(markerColor([category], 'neutral')).toEqual(markerColor([], 'neutral'));
    }
  });
});

describe('marker display switches', () => {
  it('maps emoji only, pulse and glow to the shader uniform', () => {
    const out: [number, number, number] = [9, 9, 9];
    expect(markerEffectsUniform(DEFAULT_MARKER_DISPLAY, out)).toEqual([0, 1, 1]);
    expect(markerEffectsUniform({ emojiOnly: true, pulse: false, glow: false }, out)).toBe(out);
    expect(out).toEqual([1, 0, 0]);
  });
});
