/**
 * lodSystem - picks the border/coast level of detail from the camera distance, with hysteresis,
 * and decides which geo-layer entities are visible.
 * Reads: camera.distance, layers, GeoLayer.layer/lod. Writes: geoLod, GeoLayer.visible.
 * Order: after camera. Cadence: every frame (a few dozen entities).
 */
import { query } from 'bitecs';
import { LAYER_NAMES } from '../engine/layers';
import { GeoLayer, LOD_110M, LOD_50M, LOD_ANY, type AtlasWorld } from '../engine/world';

/** Switch to 50m detail when closer than this (scene units from the centre)... */
export const LOD_50M_ENTER = 450;
/** ...and back to 110m only beyond this, so a camera hovering at the boundary never flickers. */
export const LOD_50M_EXIT = 520;

export function nextGeoLod(current: number, distance: number): number {
  if (current === LOD_110M && distance < LOD_50M_ENTER) return LOD_50M;
  if (current === LOD_50M && distance > LOD_50M_EXIT) return LOD_110M;
  return current;
}

export function lodSystem(world: AtlasWorld): void {
  const lod = nextGeoLod(world.geoLod, world.camera.distance);
  if (lod !== world.geoLod) {
    world.geoLod = lod;
    world.render.requestLod(lod);
  }
  // Until the wanted LOD has loaded, keep drawing the coarse one rather than nothing.
  const drawn = world.loadedLods & (1 << lod) ? lod : LOD_110M;
  const ents = query(world, [GeoLayer]);
  for (let i = 0; i < ents.length; i++) {
    const e = ents[i] as number;
    const name = LAYER_NAMES[GeoLayer.layer[e] as number];
    const on = name !== undefined && world.layers[name];
    const l = GeoLayer.lod[e];
    GeoLayer.visible[e] = on && (l === LOD_ANY || l === drawn) ? 1 : 0;
  }
}
