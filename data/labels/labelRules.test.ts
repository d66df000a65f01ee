import { describe, expect, it } from 'vitest';
import {
  COUNTRIES_DELAY_MS,
  LABELS_DELAY_MS,
  LABEL_KINDS,
  LABEL_RULES,
  apparentSize,
  inDistanceRange,
  kindLoaded,
  labelPriority,
  spotlightRadiusDeg,
} from './labelRules';

describe('label kind rules (spec globe.md section 9)', () => {
  it('carries the spec radius multipliers, caps and font sizes', () => {
    expect(LABEL_RULES.continent.radius).toBe(1.02);
    expect(LABEL_RULES.country.radius).toBe(1.015);
    expect(LABEL_RULES.capital.radius).toBe(1.01);
    expect(LABEL_RULES.city.radius).toBe(1.01);
    expect(LABEL_RULES.town.radius).toBe(1.005);
    const caps = ['continent', 'country', 'capital', 'state', 'region', 'city', 'town'] as const;
    expect(caps.map((k) => LABEL_RULES[k].cap)).toEqual([7, 500, 300, 200, 150, 800, 500]);
    const fonts = ['continent', 'country', 'state', 'capital', 'city', 'region', 'town'] as const;
    expect(fonts.map((k) => LABEL_RULES[k].fontPx)).toEqual([22, 18, 14, 13, 13, 13, 12]);
  });

  it.each([
    ['continent', 540, 50000],
    ['country', 205, 900],
    ['state', 205, 450],
    ['capital', 205, 540],
    ['city', 205, 440],
    ['region', 205, 440],
    ['town', 205, 330],
  ] as const)('%s shows from %d to %d inclusive, not outside', (kind, min, max) => {
    expect(inDistanceRange(kind, min)).toBe(true);
    expect(inDistanceRange(kind, max)).toBe(true);
    expect(inDistanceRange(kind, (min + max) / 2)).toBe(true);
    expect(inDistanceRange(kind, min - 0.01)).toBe(false);
    expect(inDistanceRange(kind, max + 0.01)).toBe(false);
  });

  it('at 800 shows countries but no cities or towns; at 300 cities and towns too', () => {
    const at = (d: number): string[] => LABEL_KINDS.filter((k) => inDistanceRange(k, d));
    expect(at(800)).toContain('country');
    expect(at(800)).toContain('continent');
    expect(at(800)).not.toContain('city');
    expect(at(800)).not.toContain('town');
    expect(at(300)).toEqual(expect.arrayContaining(['country', 'capital', 'city', 'town']));
    expect(at(300)).not.toContain('continent');
  });
});

describe('spotlight radius', () => {
  it('hits the spec stops exactly', () => {
    expect(spotlightRadiusDeg(250)).toBe(35);
    expect(spotlightRadiusDeg(500)).toBe(45);
    expect(spotlightRadiusDeg(1000)).toBe(55);
    expect(spotlightRadiusDeg(5000)).toBe(70);
    expect(spotlightRadiusDeg(10000)).toBe(85);
  });

  it('interpolates linearly between stops and clamps outside', () => {
    expect(spotlightRadiusDeg(375)).toBeCloseTo(40, 10);
    expect(spotlightRadiusDeg(750)).toBeCloseTo(50, 10);
    expect(spotlightRadiusDeg(3000)).toBeCloseTo(62.5, 10);
    expect(spotlightRadiusDeg(7500)).toBeCloseTo(77.5, 10);
    expect(spotlightRadiusDeg(200.1)).toBe(35);
    expect(spotlightRadiusDeg(50000)).toBe(85);
  });

  it('never shrinks as the camera moves out', () => {
    let prev = 0;
    for (let d = 200; d <= 12000; d += 37) {
      const r = spotlightRadiusDeg(d);
      expect(r).toBeGreaterThanOrEqual(prev);
      prev = r;
    }
  });
});

describe('apparent size (the 0.5 angular-size rule)', () => {
  it('is 1 straight below the camera and falls toward the limb', () => {
    expect(apparentSize(0, 0, 1, 200, 0, 0, 600)).toBeCloseTo(1, 10);
    const c = Math.cos((50 * Math.PI) / 180);
    const s = Math.sin((50 * Math.PI) / 180);
    const tilted = apparentSize(s, 0, c, 200, 0, 0, 600);
    expect(tilted).toBeGreaterThan(0);
    expect(tilted).toBeLessThan(1);
    // The far side faces away.
    expect(apparentSize(0, 0, -1, 200, 0, 0, 600)).toBeCloseTo(-1, 10);
  });

  it('crosses 0.5 where the line of sight is 60 degrees off the surface normal', () => {
    // Camera at distance D on +z, label at angle t from the sub-camera point on radius r:
    // search t for apparentSize = 0.5 and check the geometry.
    const r = 200;
    const D = 600;
    let t = 0;
    while (apparentSize(Math.sin(t), 0, Math.cos(t), r, 0, 0, D) >= 0.5) t += 1e-4;
    const px = r * Math.sin(t);
    const pz = r * Math.cos(t);
    const angle = Math.acos((Math.sin(t) * -px + Math.cos(t) * (D - pz)) / Math.hypot(px, D - pz));
    expect((angle * 180) / Math.PI).toBeCloseTo(60, 1);
  });
});

describe('load delays and priority', () => {
  it('lets countries in after 500 ms and everything else after 2 s', () => {
    expect(COUNTRIES_DELAY_MS).toBe(500);
    expect(LABELS_DELAY_MS).toBe(2000);
    expect(kindLoaded('country', 499)).toBe(false);
    expect(kindLoaded('country', 500)).toBe(true);
    expect(kindLoaded('city', 1999)).toBe(false);
    expect(kindLoaded('continent', 1999)).toBe(false);
    expect(kindLoaded('city', 2000)).toBe(true);
  });

  it('orders by kind first, then population', () => {
    expect(labelPriority('country', 0)).toBeGreaterThan(labelPriority('capital', 5e10));
    expect(labelPriority('city', 2e7)).toBeGreaterThan(labelPriority('city', 1e6));
    expect(labelPriority('city', 1)).toBeGreaterThan(labelPriority('town', 1e9));
  });
});
