import { describe, expect, it } from 'vitest';
import { EARTH_LAYERS, LAYER_NAMES } from './layers';
import {
  GLOBE_VARIANTS,
  GLOBE_VARIANT_NAMES,
  defaultVariant,
  isGlobeVariantName,
  variantProblems,
  type GlobeVariant,
} from './globeVariants';

describe('globe variant presets', () => {
  it('every row is valid: known layers, styles, camera limits inside the globe rules', () => {
    for (const name of GLOBE_VARIANT_NAMES) {
      const v = GLOBE_VARIANTS[name];
      expect(variantProblems(v), name).toEqual([]);
      for (const layer of Object.keys(v.layers)) {
        expect(LAYER_NAMES as readonly string[], `${name}: ${layer}`).toContain(layer);
      }
    }
  });

  it('the checker catches bad rows', () => {
    const bad: GlobeVariant = {
      view: 'app',
      layers: {},
      oceanScalePercent: 250,
      camera: { minDistance: 150, maxDistance: 100, startDistance: 5 },
    };
    expect(variantProblems(bad)).toHaveLength(3);
  });

  it('the variants differ from each other (no two rows alike)', () => {
    const rows = GLOBE_VARIANT_NAMES.map((n) => JSON.stringify(GLOBE_VARIANTS[n]));
    expect(new Set(rows).size).toBe(rows.length);
  });

  it('globe-complete turns on every Earth layer at high quality', () => {
    const v = GLOBE_VARIANTS['globe-complete'];
    for (const l of EARTH_LAYERS) expect(v.layers[l], l).toBe(true);
    expect(v.quality).toBe('high');
  });

  it('globe-minimal keeps few layers; globe-optimized is low quality', () => {
    const min = GLOBE_VARIANTS['globe-minimal'];
    const off = Object.values(min.layers).filter((on) => !on).length;
    expect(off).toBeGreaterThanOrEqual(4);
    expect(Object.values(min.layers).some((on) => on)).toBe(false);
    expect(GLOBE_VARIANTS['globe-optimized'].quality).toBe('low');
  });

  it('globe-holographic is the cyan grid core; test-solar reaches 50000 and starts beyond 5000', () => {
    const h = GLOBE_VARIANTS['globe-holographic'];
    expect([h.style, h.tint]).toEqual(['grid', 'cyan']);
    const s = GLOBE_VARIANTS['test-solar'];
    expect(s.view).toBe('solar');
    expect(s.layers.solarSystem).toBe(true);
    expect(s.camera?.maxDistance).toBe(50000);
    expect(s.camera?.startDistance).toBeGreaterThan(5000);
  });

  it('the background view gets the background row: 16x32 grid, low power', () => {
    expect(defaultVariant('background')).toBe('background');
    expect(defaultVariant('app')).toBe(null);
    expect(GLOBE_VARIANTS.background.layers.backgroundGrid).toBe(true);
    expect(GLOBE_VARIANTS.background.quality).toBe('low');
    expect(isGlobeVariantName('xr')).toBe(true);
    expect(isGlobeVariantName('globe3')).toBe(false);
    expect(isGlobeVariantName(null)).toBe(false);
  });
});
