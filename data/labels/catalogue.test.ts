import { describe, expect, it } from 'vitest';
import { buildCatalogue, MINOR_COUNTRY_POP } from './catalogue';
import { STATE_WEIGHT } from './importance';
import { emptyCombinedLabels } from './gazetteer';
import { LABEL_KINDS, LABEL_RULES } from './labelRules';

const at = (lat: number, lon: number): { lat: number; lon: number } => ({ lat, lon });

function sample(): ReturnType<typeof emptyCombinedLabels> {
  const l = emptyCombinedLabels();
  l.continents.push({ name: 'Europe', coordinates: at(54, 15), type: 'continent' });
  l.continents.push({ name: 'Atlantic Ocean', coordinates: at(15, -30), type: 'ocean' });
  l.countries.push({
    name: 'Bigland',
    coordinates: at(10, 10),
    country: 'BL',
    capital_name: 'Big',
  });
  l.countries.push({
    name: 'Tinyland',
    coordinates: at(20, 20),
    country: 'TL',
    capital_name: 'Tiny',
  });
  l.capitals.push({
    name: 'Big',
    capital_name: 'Big City',
    coordinates: at(11, 11),
    population: 5e6,
  });
  // The same place in the cities list (a capital) and in the towns list (a city): one label each.
  l.cities.push({ name: 'Big City', coordinates: at(11.1, 11.1), country: 'BL', population: 5e6 });
  l.cities.push({
    name: 'Second',
    coordinates: at(12, 12),
    country: 'BL',
    population: 2e6,
    state: 'North',
  });
  l.cities.push({
    name: 'Third',
    coordinates: at(13, 13),
    country: 'BL',
    population: 3e6,
    state: 'North',
  });
  l.towns.push({ name: 'Second', coordinates: at(12.2, 12), country: 'BL', population: 2e6 });
  l.towns.push({ name: 'Hamlet', coordinates: at(20, 20), country: 'TL', population: 900 });
  l.states.push({ name: 'North', coordinates: at(12, 12), country: 'BL' });
  l.states.push({ name: 'South', coordinates: at(9, 9), country: 'BL' });
  return l;
}

describe('buildCatalogue', () => {
  const cat = buildCatalogue(sample(), [
    { kind: 'lake', name: 'Big Lake', lat: 5, lon: 5, rank: 3 },
  ]);
  const kindOf = (name: string): string | undefined =>
    LABEL_KINDS[cat.kind[cat.name.indexOf(name)] ?? -1];
  const groupOf = (name: string): string | undefined =>
    LABEL_KINDS[cat.group[cat.name.indexOf(name)] ?? -1];

  it('labels each place once: capitals by capital_name, duplicates dropped', () => {
    expect(cat.name.filter((n) => n === 'Big City')).toHaveLength(1);
    expect(kindOf('Big City')).toBe('capital');
    expect(cat.name.filter((n) => n === 'Second')).toHaveLength(1);
    expect(kindOf('Second')).toBe('city');
    expect(cat.name).not.toContain('Big');
    expect(cat.size).toBe(11);
  });

  it('takes the oceans from the continents file and adds the water names', () => {
    expect(kindOf('Atlantic Ocean')).toBe('ocean');
    expect(kindOf('Europe')).toBe('continent');
    expect(kindOf('Big Lake')).toBe('lake');
  });

  it('ranks countries and states by the people in their cities, among the other places', () => {
    expect(kindOf('Tinyland')).toBe('country');
    expect(groupOf('Tinyland')).toBe('country');
    expect(groupOf('Big City')).toBe('country');
    expect(groupOf('Atlantic Ocean')).toBe('ocean');
    // A minor country comes after the big cities and shows only from the capitals' distance in.
    expect(MINOR_COUNTRY_POP).toBeGreaterThan(900);
    expect(cat.name.indexOf('Tinyland')).toBeGreaterThan(cat.name.indexOf('Second'));
    expect(cat.reach[cat.name.indexOf('Tinyland')]).toBe(LABEL_RULES.capital.maxDistance);
    const north = cat.name.indexOf('North');
    const south = cat.name.indexOf('South');
    // A state's score is a share of its people (importance.ts STATE_WEIGHT).
    expect(cat.population[north]).toBe(5e6 * STATE_WEIGHT);
    expect(north).toBeLessThan(south);
  });

  it('groups by priority kind, most important first within a group', () => {
    for (let k = 0; k < LABEL_KINDS.length; k++) {
      for (let i = cat.start[k] ?? 0; i < (cat.start[k + 1] ?? 0); i++) {
        expect(cat.group[i]).toBe(k);
        if (i > (cat.start[k] ?? 0)) {
          expect(cat.population[i - 1]).toBeGreaterThanOrEqual(cat.population[i] ?? 0);
        }
      }
    }
    expect(cat.start[LABEL_KINDS.length]).toBe(cat.size);
    // Unit vectors.
    for (let i = 0; i < cat.size; i++) {
      expect(
        Math.hypot(cat.dir[i * 3] ?? NaN, cat.dir[i * 3 + 1] ?? NaN, cat.dir[i * 3 + 2] ?? NaN),
      ).toBeCloseTo(1, 5);
    }
  });
});
