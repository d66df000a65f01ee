/**
 * lodSystem - picks the border/coast level of detail from the camera distance, with hysteresis,
 * and decides which geo-layer entities are visible.
 * Reads: camera.distance, layers, loadedLods, GeoLayer.layer/lod. Writes: geoLod,
 * GeoLayer.visible. Order: after camera. Cadence: every frame (a few dozen entities).
 *
 * Three tiers: 110m far, 50m closer than 450, 10m closer than 300 (coastline and borders only).
 * Beyond the solar-system view's 5000 the Earth is under ~70 px across: its coastline and border
 * lines are not drawn (the land fill still shows the continents), two draw calls fewer there.
 * Each layer draws the finest of its loaded tiers that is not finer than the wanted one, so a tier
 * still loading keeps the coarser one on screen, and a layer without a 10m asset (land) keeps its
 * 50m mesh at the 10m tier.
 */
import { query } from 'bitecs';
import { LAYER_NAMES } from '../engine/layers';
import { GeoLayer, LOD_10M, LOD_110M, LOD_ANY, type AtlasWorld } from '../engine/world';
import { SOLAR_VIEW_DISTANCE } from './earthLayerSystem';

/** Switch to 50m detail when closer than this (scene units from the centre)... */
export const LOD_50M_ENTER = 450;
/** ...and back to 110m only beyond this, so a camera hovering at the boundary never flickers. */
export const LOD_50M_EXIT = 520;
/** Switch to 10m coastline and borders when closer than this (altitude ~3,200 km)... */
export const LOD_10M_ENTER = 300;
/** ...and back to 50m only beyond this. */
export const LOD_10M_EXIT = 340;

/** Enter/exit distances of each tier finer than 110m, indexed by LOD. */
const ENTER: readonly number[] = [Infinity, LOD_50M_ENTER, LOD_10M_ENTER];
const EXIT: readonly number[] = [Infinity, LOD_50M_EXIT, LOD_10M_EXIT];

/**
 * The wanted LOD for `distance` given the current one: finer only when closer than the finer
 * tier's enter distance, coarser only when beyond the current tier's exit distance. Jumps several
 * tiers at once when the camera does (a jump from 1000 to 230 goes straight to 10m).
 */
export function nextGeoLod(current: number, distance: number): number {
  let lod = current;
  while (lod < LOD_10M && distance < (ENTER[lod + 1] as number)) lod++;
  while (lod > LOD_110M && distance > (EXIT[lod] as number)) lod--;
  return lod;
}

/** Layers of lines on the Earth's surface: not drawn beyond SOLAR_VIEW_DISTANCE. */
const SURFACE_LINES: readonly number[] = [
  LAYER_NAMES.indexOf('coastline'),
  LAYER_NAMES.indexOf('borders'),
];

/** Per layer index: the LOD to draw this frame (reused between frames). */
const drawnByLayer = new Int16Array(LAYER_NAMES.length);

export function lodSystem(world: AtlasWorld): void {
  const lod = nextGeoLod(world.geoLod, world.camera.distance);
  if (lod !== world.geoLod) {
    world.geoLod = lod;
    world.render.requestLod(lod);
  }
  const ents = query(world, [GeoLayer]);
  // Per layer, the finest loaded tier not finer than the wanted one. Until the wanted LOD has
  // loaded, the coarser one stays drawn rather than nothing (110m, loaded at boot, always counts).
  const loaded = world.loadedLods | (1 << LOD_110M);
  drawnByLayer.fill(-1);
  for (let i = 0; i < ents.length; i++) {
    const e = ents[i] as number;
    const l = GeoLayer.lod[e] as number;
    if (l === LOD_ANY || l > lod || (loaded & (1 << l)) === 0) continue;
    const layer = GeoLayer.layer[e] as number;
    if (l > (drawnByLayer[layer] as number)) drawnByLayer[layer] = l;
  }
  const farOut = world.camera.distance > SOLAR_VIEW_DISTANCE;
  for (let i = 0; i < ents.length; i++) {
    const e = ents[i] as number;
    const layer = GeoLayer.layer[e] as number;
    const name = LAYER_NAMES[layer];
    const on =
      name !== undefined && world.layers[name] && !(farOut && SURFACE_LINES.includes(layer));
    const l = GeoLayer.lod[e];
    GeoLayer.visible[e] = on && (l === LOD_ANY || l === drawnByLayer[layer]) ? 1 : 0;
  }
}
