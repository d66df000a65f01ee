import { describe, expect, it } from 'vitest';
import { ArticleColumns, selectNewest, type MarkerRecord } from './articleColumns';
import { syntheticArticles, syntheticGenerator } from './syntheticArticles';

const rec = (id: string, publishedMs: number, extra: Partial<MarkerRecord> = {}): MarkerRecord => ({
  id,
  title: `T ${id}`,
  category: 'Politics',
  categories: ['politics'],
  sentiment: 'positive',
  emoji: '🏛️',
  publishedMs,
  lat: 10,
  lon: 20,
  article: { id },
  ...extra,
});

describe('ArticleColumns', () => {
  it('upserts, finds, removes and reuses rows', () => {
    const s = new ArticleColumns();
    const a = s.upsert(rec('a', 1));
    const b = s.upsert(rec('b', 2));
    expect([a.added, b.added]).toEqual([true, true]);
    expect(s.size).toBe(2);
    expect(s.rowOf('b')).toBe(b.row);
    expect(s.idOf(b.row)).toBe('b');
    const again = s.upsert(rec('a', 5, { lat: -3 }));
    expect(again).toEqual({ row: a.row, added: false });
    expect(s.publishedMs[a.row]).toBe(5);
    expect(s.record(a.row)?.lat).toBe(-3);
    expect(s.remove('a')).toBe(a.row);
    expect(s.rowOf('a')).toBe(-1);
    expect(s.record(a.row)).toBeUndefined();
    expect(s.size).toBe(1);
    // The freed row is reused rather than growing the columns.
    const c = s.upsert(rec('c', 3));
    expect(c.row).toBe(a.row);
    expect(s.length).toBe(2);
    expect(s.remove('zzz')).toBe(-1);
  });

  it('interns categories as bits and checks overflow names exactly', () => {
    const s = new ArticleColumns();
    for (let i = 0; i < 40; i++) s.upsert(rec(`x${i}`, i, { categories: [`cat${i}`] }));
    const r5 = s.rowOf('x5');
    expect((s.catMask[r5] as number) & s.filterMask(['cat5']).mask).not.toBe(0);
    // cat35 and cat36 share the overflow bit: the mask matches both, the names tell them apart.
    const f = s.filterMask(['cat35']);
    expect(f.overflow).toBe(true);
    expect(s.hasCategory(s.rowOf('x35'), ['cat35'])).toBe(true);
    expect(s.hasCategory(s.rowOf('x36'), ['cat35'])).toBe(false);
  });

  it('holds synthetic rows without strings and rebuilds the same articles on demand', () => {
    const now = 1_700_000_000_000;
    const s = new ArticleColumns();
    const gen = syntheticGenerator(7, now);
    s.appendSynthetic(gen.next(30));
    s.appendSynthetic(gen.next(20));
    const objects = syntheticArticles(50, 7, now);
    expect(s.size).toBe(50);
    for (const i of [0, 29, 30, 49]) {
      const o = objects[i];
      if (o === undefined) throw new Error('missing');
      const row = s.rowOf(o.id);
      expect(row).toBe(i);
      const r = s.record(row);
      expect(r?.id).toBe(o.id);
      expect(r?.title).toBe(o.title);
      expect(r?.lat).toBe(o.latitude);
      expect(r?.lon).toBe(o.longitude);
      expect(r?.publishedMs).toBe(o.publishedAt);
      expect(r?.categories).toEqual([o.category]);
      expect(r?.article).toEqual(o);
    }
    expect(s.rowOf('syn-7-50')).toBe(-1);
    expect(s.rowOf('syn-8-1')).toBe(-1);
    expect(s.remove('syn-7-3')).toBe(3);
    expect(s.rowOf('syn-7-3')).toBe(-1);
    // A feed article that takes the freed row does not answer to the synthetic id.
    expect(s.upsert(rec('feed', 1)).row).toBe(3);
    expect(s.rowOf('syn-7-3')).toBe(-1);
    expect(s.idOf(3)).toBe('feed');
    s.clear();
    expect([s.size, s.length, s.rowOf('syn-7-0'), s.rowOf('feed')]).toEqual([0, 0, -1, -1]);
  });
});

describe('selectNewest', () => {
  it('keeps the newest rows, ties by id, and sorts them when asked', () => {
    const s = new ArticleColumns();
    const times = [5, 9, 9, 1, 7, 9, 3];
    times.forEach((t, i) => s.upsert(rec(`r${6 - i}`, t)));
    const rows = Int32Array.from(times.keys());
    const n = selectNewest(s, rows, rows.length, 3, true);
    expect(n).toBe(3);
    expect([...rows.subarray(0, n)].map((r) => s.idOf(r))).toEqual(['r1', 'r4', 'r5']);
    const all = Int32Array.from(times.keys());
    expect(selectNewest(s, all, all.length, 100, true)).toBe(7);
    expect([...all].map((r) => s.publishedMs[r])).toEqual([9, 9, 9, 7, 5, 3, 1]);
    expect(selectNewest(s, all, all.length, 0, false)).toBe(0);
  });
});
