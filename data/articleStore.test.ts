import { describe, expect, it } from 'vitest';
import { ArticleStore, MAX_STORED_ARTICLES } from './articleStore';

const at = (minute: number): string => new Date(Date.UTC(2024, 0, 1, 0, minute)).toISOString();

describe('ArticleStore', () => {
  it('keeps articles newest first and ignores payloads without an id', () => {
    const store = new ArticleStore();
    expect(
      store.upsertMany([
        { _id: 'b', publishedAt: at(2) },
        { id: 'a', publishedAt: at(1) },
        { title: 'no id' },
        'junk',
        { id: 'c', publishedAt: at(3) },
      ]),
    ).toBe(3);
    expect(store.getSnapshot().map((a) => a.id)).toEqual(['c', 'b', 'a']);
    expect(store.upsert({ title: 'still no id' })).toBe(false);
  });

  it('de-duplicates by id, replacing the stored article', () => {
    const store = new ArticleStore();
    store.upsert({ _id: 'x', title: 'First', publishedAt: at(1) });
    store.upsert({ id: 'y', publishedAt: at(2) });
    store.upsert({ _id: 'x', title: 'Second', publishedAt: at(1) });
    expect(store.size).toBe(2);
    expect(store.get('x')?.title).toBe('Second');
    expect(store.getSnapshot().map((a) => a.id)).toEqual(['y', 'x']);
  });

  it('caps the set at 1000, dropping the oldest', () => {
    const store = new ArticleStore();
    const raws = Array.from({ length: MAX_STORED_ARTICLES + 5 }, (_, i) => ({
      id: `a${i}`,
      publishedAt: new Date(Date.UTC(2024, 0, 1) + i * 1000).toISOString(),
    }));
    store.upsertMany(raws);
    expect(MAX_STORED_ARTICLES).toBe(1000);
    expect(store.size).toBe(1000);
    expect(store.get('a0')).toBeUndefined();
    expect(store.get('a4')).toBeUndefined();
    expect(store.get('a5')).toBeDefined();
    expect(store.getSnapshot()[0]?.id).toBe(`a${MAX_STORED_ARTICLES + 4}`);
    // An article older than everything kept does not displace anything.
    store.upsert({ id: 'ancient', publishedAt: at(0) });
    expect(store.get('ancient')).toBeUndefined();
    expect(store.size).toBe(1000);
  });

  it('sorts undated articles last, later arrivals first among equal times', () => {
    const store = new ArticleStore();
    store.upsertMany([{ id: 'u1' }, { id: 'd', publishedAt: at(1) }, { id: 'u2' }]);
    expect(store.getSnapshot().map((a) => a.id)).toEqual(['d', 'u2', 'u1']);
  });

  it('applies article:update by merging wire fields, keeping the id', () => {
    const store = new ArticleStore();
    store.upsert({ _id: 'x', title: 'Old', sentiment: 'neutral', publishedAt: at(1) });
    store.upsert({ _id: 'y', publishedAt: at(2) });
    expect(
      store.applyUpdate({
        id: 'x',
        updates: {
          title: 'New',
          sentiment: { label: 'negative', score: -0.4 },
          _id: 'hijack',
          publishedAt: at(3),
        },
      }),
    ).toBe(true);
    expect(store.get('x')).toMatchObject({
      id: 'x',
      title: 'New',
      sentiment: 'negative',
      sentimentScore: -0.4,
    });
    expect(store.get('hijack')).toBeUndefined();
    expect(store.getSnapshot().map((a) => a.id)).toEqual(['x', 'y']);
    expect(store.applyUpdate({ id: 'missing', updates: { title: 'x' } })).toBe(false);
    expect(store.applyUpdate({ id: 'x', updates: 'nope' })).toBe(false);
  });

  it('stores article:analyzed as hybridAnalysis', () => {
    const store = new ArticleStore();
    store.upsert({ id: 7, title: 'T' });
    expect(
      store.applyAnalysis({
        articleId: 7,
        analysis: { engagementPrediction: { score: 0.9 }, keyTakeaways: ['k1'] },
      }),
    ).toBe(true);
    expect(store.get('7')).toMatchObject({ engagement: 0.9, takeaways: ['k1'] });
    expect(store.getRaw('7')?.['hybridAnalysis']).toEqual({
      engagementPrediction: { score: 0.9 },
      keyTakeaways: ['k1'],
    });
    expect(store.applyAnalysis({ articleId: 'nope', analysis: {} })).toBe(false);
    expect(store.applyAnalysis({ articleId: 7, analysis: null })).toBe(false);
  });

  it('notifies subscribers with a new snapshot on each change only', () => {
    const store = new ArticleStore();
    const seen: (readonly unknown[])[] = [];
    const unsubscribe = store.subscribe((list) => seen.push(list));
    const before = store.getSnapshot();
    store.upsert({ id: 'a' });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toBe(store.getSnapshot());
    expect(store.getSnapshot()).not.toBe(before);
    const stable = store.getSnapshot();
    expect(store.getSnapshot()).toBe(stable);
    store.applyUpdate({ id: 'zzz', updates: {} });
    store.upsertMany([null]);
    expect(seen).toHaveLength(1);
    expect(Object.isFrozen(stable)).toBe(true);
    unsubscribe();
    store.upsert({ id: 'b' });
    expect(seen).toHaveLength(1);
  });

  it('replaceAll swaps the set in one notification; clear empties it', () => {
    const store = new ArticleStore();
    store.upsertMany([{ id: 'a' }, { id: 'b' }]);
    let calls = 0;
    store.subscribe(() => (calls += 1));
    store.replaceAll([{ id: 'c' }, { id: 'c', title: 'dup' }]);
    expect(calls).toBe(1);
    expect(store.getSnapshot().map((a) => [a.id, a.title])).toEqual([['c', 'dup']]);
    store.clear();
    expect(store.size).toBe(0);
    expect(calls).toBe(2);
  });
});
