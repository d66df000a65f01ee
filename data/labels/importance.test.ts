import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PLACES_GROUP, buildCatalogue } from './catalogue';
import { LABEL_LISTS, buildCombinedLabels, type LabelList } from './gazetteer';
import {
  ADMIN_SEAT_WEIGHT,
  CAPITAL_WEIGHT,
  COUNTRY_WEIGHT,
  REACH_MAX,
  REACH_SCORE,
  STATE_WEIGHT,
  importance,
  reach,
} from './importance';
import { LABEL_KINDS, LABEL_RULES } from './labelRules';

describe('importance', () => {
  it('weighs population by capital, admin seat and kind, and counts area for large countries', () => {
    expect(importance({ kind: 'city', population: 1e6 })).toBe(1e6);
    expect(importance({ kind: 'city', population: 1e6, capital: true })).toBe(1e6 * CAPITAL_WEIGHT);
    expect(importance({ kind: 'capital', population: 1e6 })).toBe(1e6 * CAPITAL_WEIGHT);
    expect(importance({ kind: 'city', population: 1e6, adminSeat: true })).toBe(
      1e6 * ADMIN_SEAT_WEIGHT,
    );
    expect(importance({ kind: 'state', population: 1e6 })).toBe(1e6 * STATE_WEIGHT);
    // A vast, thinly peopled country still ranks; a micro-state gains nothing from its area.
    expect(importance({ kind: 'country', population: 1e5, areaKm2: 1.5e6 })).toBeGreaterThan(1e7);
    expect(importance({ kind: 'country', population: 4e4, areaKm2: 2 })).toBe(4e4 * COUNTRY_WEIGHT);
    expect(importance({ kind: 'town', population: -5 })).toBe(0);
  });

  it('lets important places reach farther than their kind, up to REACH_MAX', () => {
    expect(reach(540, REACH_SCORE)).toBe(540);
    expect(reach(540, 1000)).toBe(540);
    expect(reach(540, REACH_SCORE * 10)).toBeGreaterThan(540);
    expect(reach(540, 1e30)).toBeCloseTo(540 * REACH_MAX, 6);
  });

  describe('on the committed gazetteer', () => {
    const dir = path.join(import.meta.dirname, '../../public/data/gazetteer');
    const files: Partial<Record<LabelList, unknown>> = {};
    for (const list of LABEL_LISTS) {
      files[list] = JSON.parse(readFileSync(path.join(dir, `${list}.json`), 'utf8')) as unknown;
    }
    const cat = buildCatalogue(buildCombinedLabels(files));
    const at = (name: string, kind?: string): number => {
      for (let i = 0; i < cat.size; i++) {
        if (cat.name[i] === name && (kind === undefined || LABEL_KINDS[cat.kind[i] ?? -1] === kind))
          return i;
      }
      throw new Error(`${name} is not in the catalogue`);
    };

    it('orders major cities before micro-states, their capitals and départements', () => {
      for (const n of ['Berlin', 'Hamburg', 'Munich', 'Köln', 'Düsseldorf']) {
        const i = at(n);
        expect(cat.group[i]).toBe(PLACES_GROUP);
        for (const minor of [
          'Vaduz',
          'Monaco',
          'San Marino',
          'Liechtenstein',
          'Andorra la Vella',
        ]) {
          expect(i, `${n} before ${minor}`).toBeLessThan(at(minor));
        }
      }
      // French départements (states) come after the big French cities.
      expect(at('Lyon')).toBeLessThan(at('Rhône', 'state'));
      expect(at('Marseille')).toBeLessThan(at('Bouches-du-Rhône', 'state'));
    });

    it('lets major capitals show at 600 and keeps minor ones to their range', () => {
      for (const n of ['Paris', 'Madrid', 'Rome', 'London', 'Berlin']) {
        expect(cat.reach[at(n)], n).toBeGreaterThanOrEqual(600);
      }
      for (const n of ['Vaduz', 'Monaco', 'Luxembourg', 'Liechtenstein']) {
        expect(cat.reach[at(n)], n).toBeLessThanOrEqual(LABEL_RULES.capital.maxDistance);
      }
    });
  });
});
