import { describe, expect, it } from 'vitest';
import { CITY_SCALE_LARGE, CITY_SCALE_SMALL, lightWeight, mergeCities, toCity } from './cityPoints';

describe('city points', () => {
  it('reads gazetteer entries and skips ones without a name or numeric coordinates', () => {
    expect(toCity({ name: 'A', coordinates: { lat: 1, lon: 2 }, population: 5 })).toMatchObject({
      lat: 1,
      lon: 2,
      scale: CITY_SCALE_SMALL,
    });
    expect(toCity({ name: 'B', lat: 1, lon: 2, population: 2_000_000 })?.scale).toBe(
      CITY_SCALE_LARGE,
    );
    expect(toCity({ capital_name: 'C', coordinates: { lat: 1, lng: 3 } })?.lon).toBe(3);
    expect(toCity({ name: 'D', coordinates: { lat: '1', lon: 2 } })).toBeNull();
    expect(toCity({ coordinates: { lat: 1, lon: 2 } })).toBeNull();
    expect(toCity(null)).toBeNull();
  });

  it('merges capitals into cities without duplicates, largest first', () => {
    const list = mergeCities(
      [
        { name: 'Paris', coordinates: { lat: 48.85, lon: 2.35 }, population: 2_100_000 },
        { name: 'Lyon', coordinates: { lat: 45.76, lon: 4.83 }, population: 500_000 },
      ],
      [
        { name: 'Paris', coordinates: { lat: 48.86, lon: 2.35 }, population: 2_100_000 },
        { name: 'Vaduz', coordinates: { lat: 47.14, lon: 9.52 }, population: 5000 },
      ],
    );
    expect(list.map((c) => c.name)).toEqual(['Paris', 'Lyon', 'Vaduz']);
    expect(mergeCities('nope', undefined)).toEqual([]);
  });

  it('weights night lights by population, bounded', () => {
    expect(lightWeight(0)).toBeGreaterThan(0);
    expect(lightWeight(20_000_000)).toBe(1);
    expect(lightWeight(1_000_000)).toBeGreaterThan(lightWeight(100_000));
  });
});
