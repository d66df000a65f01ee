import { describe, expect, it } from 'vitest';
import {
  LOD_BADGE,
  LOD_CLOSE,
  LOD_DOT,
  LOD_FULL,
  LOD_HIDDEN,
  MARKER_LOD_DISTANCES,
  markerLodLevel,
  markerLodRaw,
} from './markerLod';

/** Runs a distance trace through the hysteresis and returns the level after each step. */
function run(trace: readonly number[], start = -1): number[] {
  let level = start;
  return trace.map((d) => (level = markerLodLevel(d, level)));
}

describe('marker LOD', () => {
  it('uses the spec distances 100/500/2000/10000', () => {
    expect(MARKER_LOD_DISTANCES).toEqual([100, 500, 2000, 10_000]);
    expect([50, 100, 499, 500, 1999, 2000, 9999, 10_000].map(markerLodRaw)).toEqual([
      LOD_CLOSE,
      LOD_FULL,
      LOD_FULL,
      LOD_BADGE,
      LOD_BADGE,
      LOD_DOT,
      LOD_DOT,
      LOD_HIDDEN,
    ]);
  });

  it('does not flicker for a marker wobbling around a boundary', () => {
    // Around 500: +-40 never crosses the 450-550 band, so the first level holds.
    const wobble = [480, 520, 470, 530, 460, 540, 490, 510];
    expect(new Set(run(wobble))).toEqual(new Set([LOD_FULL]));
    expect(new Set(run([520, 480, 530, 470, 540, 460], -1))).toEqual(new Set([LOD_BADGE]));
    // Same for the camera swaying around 2000 while at the badge level.
    expect(new Set(run([1950, 2050, 1900, 2150, 1850], LOD_BADGE))).toEqual(new Set([LOD_BADGE]));
  });

  it('switches once the distance is clearly past a boundary, both ways', () => {
    const trace = [400, 540, 560, 520, 460, 440, 90, 85, 95, 105, 5000, 12_000, 10_500, 8_000];
    expect(run(trace)).toEqual([
      LOD_FULL, // 400
      LOD_FULL, // 540: inside the band above 500
      LOD_BADGE, // 560: past 550
      LOD_BADGE, // 520
      LOD_BADGE, // 460: inside the band below 500
      LOD_FULL, // 440: below 450
      LOD_FULL, // 90: not below 100 x 0.9
      LOD_CLOSE, // 85: below 90
      LOD_CLOSE, // 95
      LOD_CLOSE, // 105: not past 110
      LOD_DOT, // 5000: straight through two boundaries
      LOD_HIDDEN, // 12000: past 11000
      LOD_HIDDEN, // 10500
      LOD_DOT, // 8000: below 9000
    ]);
  });
});
