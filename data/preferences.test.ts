import { describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES, mergePreferences, savedList } from './preferences';

describe('preferences sync: last write wins per field', () => {
  it('an update stamped older than the stored field is skipped, a newer one applies', () => {
    const stored = mergePreferences(
      { theme: 'light', crtEffect: false, updatedAt: { theme: 200, crtEffect: 100 } },
      undefined,
    );
    const merged = mergePreferences(stored, {
      theme: 'dark',
      crtEffect: true,
      updatedAt: { theme: 150, crtEffect: 300 },
    });
    expect(merged.theme).toBe('light');
    expect(merged.crtEffect).toBe(true);
    expect(merged.updatedAt).toEqual({ theme: 200, crtEffect: 300 });
  });

  it('an unstamped update applies (older clients) and keeps the stored stamp', () => {
    const stored = mergePreferences({ quality: 'low', updatedAt: { quality: 50 } }, undefined);
    const merged = mergePreferences(stored, { quality: 'high' });
    expect(merged.quality).toBe('high');
    expect(merged.updatedAt.quality).toBe(50);
  });

  it('saved lists are trimmed, empty items dropped, bounded; bad stamps ignored', () => {
    const m = mergePreferences(DEFAULT_PREFERENCES, {
      savedTopics: ['  climate ', '', '   ', 7, 'AI'],
      savedRegions: 'France',
      updatedAt: { savedTopics: -1, theme: 'x', __proto__: { polluted: 1 } },
    });
    expect(m.savedTopics).toEqual(['climate', 'AI']);
    expect(m.savedRegions).toEqual([]);
    expect(m.updatedAt).toEqual({});
    expect(savedList(Array.from({ length: 500 }, (_, i) => `t${i}`))).toHaveLength(100);
    expect(savedList(['x'.repeat(1000)])[0]).toHaveLength(200);
  });
});
