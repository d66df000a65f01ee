/**
 * Marker detail by distance from the camera (spec globe.md section 9: LOD distances
 * 100/500/2000/10000), with hysteresis so a marker sitting at a boundary never flickers: a level
 * is left for a coarser one only past the boundary x (1 + MARKER_LOD_HYSTERESIS), and for a finer
 * one only inside the boundary x (1 - MARKER_LOD_HYSTERESIS).
 */

/** Spec LOD distances (scene units from the camera). */
export const MARKER_LOD_DISTANCES = [100, 500, 2000, 10_000] as const;
/** Fraction of a boundary the distance must cross it by before the level changes. */
export const MARKER_LOD_HYSTERESIS = 0.1;

/** Closer than 100: everything (emoji, outline, halo). */
export const LOD_CLOSE = 0;
/** 100-500: everything. */
export const LOD_FULL = 1;
/** 500-2000: badge, sentiment ring and outline; no emoji. */
export const LOD_BADGE = 2;
/** 2000-10000: a coloured dot. */
export const LOD_DOT = 3;
/** Beyond 10000: not drawn. */
export const LOD_HIDDEN = 4;

/** The level for `distance` with no history. */
export function markerLodRaw(distance: number): number {
  let level = 0;
  while (level < LOD_HIDDEN && distance >= (MARKER_LOD_DISTANCES[level] as number)) level++;
  return level;
}

/** The level for `distance` given the `current` one (-1 = none yet: no hysteresis). */
export function markerLodLevel(distance: number, current: number): number {
  const raw = markerLodRaw(distance);
  if (current < 0 || current > LOD_HIDDEN || raw === current) return raw;
  let level = current;
  if (raw > current) {
    while (
      level < LOD_HIDDEN &&
      distance >= (MARKER_LOD_DISTANCES[level] as number) * (1 + MARKER_LOD_HYSTERESIS)
    )
      level++;
  } else {
    while (
      level > 0 &&
      distance < (MARKER_LOD_DISTANCES[level - 1] as number) * (1 - MARKER_LOD_HYSTERESIS)
    )
      level--;
  }
  return level;
}
