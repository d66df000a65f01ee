import { describe, expect, it, vi } from 'vitest';
import type { Command } from '../engine/commands';

const { sent } = vi.hoisted(() => ({ sent: [] as Command[] }));
vi.mock('../engine/commands', () => ({
  sendCommand: (c: Command): void => {
    sent.push(c);
  },
}));
const drainInto = (out: Command[]): void => {
  out.push(...sent.splice(0));
};
import { articleStore } from './article/sharedStore';
import { markerToArticle, mergeMarkers, visibleBounds } from './markerFeed';

describe('marker feed', () => {
  it('boxes the cap the camera sees when zoomed in, the whole world when zoomed out', () => {
    // Distance 300 over Lagos: a 48.2 degree cap.
    const b = visibleBounds(6.5, 3.4, 300);
    expect(b).not.toBeNull();
    expect(b?.minLat).toBeCloseTo(6.5 - 48.19, 1);
    expect(b?.maxLat).toBeLessThan(90);
    // Longitude widened by the latitude's cosine: wider than the latitude span.
    expect((b?.maxLng ?? 0) - (b?.minLng ?? 0)).toBeGreaterThan(
      (b?.maxLat ?? 0) - (b?.minLat ?? 0),
    );
    expect(visibleBounds(48.85, 2.35, 300)).toBeNull(); // Paris at 300: the pole in view
    expect(visibleBounds(0, 0, 600)).toBeNull(); // a 70 degree cap
    expect(visibleBounds(80, 0, 250)).toBeNull(); // the pole in view
    expect(visibleBounds(0, 170, 250)).toBeNull(); // across the antimeridian
    expect(visibleBounds(0, 0, 150)).toBeNull(); // inside the globe: nonsense
    const near = visibleBounds(10, 20, 210);
    expect(near?.minLat).toBeGreaterThan(-10);
    expect(near?.maxLng).toBeLessThan(41); // a 17.8 degree cap, widened at 27.8 N
  });

  it('adds only markers it does not hold, as compact articles', () => {
    articleStore.clear();
    articleStore.upsertMany([
      { id: 'known', title: 'Known', latitude: 1, longitude: 2, createdAt: '2026-11-27T10:00:00Z' },
    ]);
    const out: Command[] = [];
    drainInto(out);
    const added = mergeMarkers([
      { id: 'known', title: 'Known again', lat: 1, lng: 2 },
      {
        id: 'new',
        title: 'New',
        lat: -33.9,
        lng: 151.2,
        category: 'science',
        createdAt: '2026-11-27T11:00:00Z',
        source: 'Wire',
      },
      { id: 'bad', title: 'No place' },
      'junk',
    ]);
    expect(added).toBe(1);
    drainInto(out);
    expect(out).toHaveLength(1);
    const cmd = out[0];
    expect(cmd?.type).toBe('upsertArticles');
    if (cmd?.type === 'upsertArticles') {
      expect(cmd.articles).toEqual([
        markerToArticle({
          id: 'new',
          title: 'New',
          lat: -33.9,
          lng: 151.2,
          category: 'science',
          createdAt: '2026-11-27T11:00:00Z',
          source: 'Wire',
        }),
      ]);
    }
    expect(articleStore.getRaw('known')?.['title']).toBe('Known');
    expect(articleStore.getRaw('new')?.['latitude']).toBe(-33.9);
    expect(mergeMarkers([{ id: 'new', title: 'New', lat: -33.9, lng: 151.2 }])).toBe(0);
  });
});
