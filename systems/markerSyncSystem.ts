/**
 * markerSyncSystem - writes changed markers into the GPU buffer and uploads only those ranges.
 * The sentiment channel carries the detail level too: sentiment index + 4 x Marker.lod.
 * Reads: markers.changed, Marker fields, store.intensity, flashUntil, sizeFactor, time.
 * Writes: GPU slots; clears `changed`.
 * Order: last before render. Cadence: every frame (no-op when nothing changed).
 */
import { LOD_FULL, LOD_HIDDEN } from '../data/markers/markerLod';
import { Marker, MARKER_SELECTED } from '../engine/markers/markerComponents';
import type { AtlasWorld } from '../engine/world';
import { INTENSITY_FLOOR } from './markerAnimSystem';
import { markerCentre, markerScale, markerSize } from './markerGeometry';

/** GPU state code for a selected marker that is still flashing yellow. */
export const GPU_STATE_FLASH = 3;

const centre = new Float64Array(3);
const place = new Float64Array(3);
let fanPositions = new Float32Array(0);

/** Spec: fanned-out markers are joined to their shared place by lines. */
function writeFanLines(world: AtlasWorld): void {
  const m = world.markers;
  m.fanLinesVersion = m.version;
  const fanSize = markerSize(m.sizeFactor) * m.fanScale;
  let n = 0;
  for (const e of m.visible) {
    if (Marker.fanEast[e] === 0 && Marker.fanNorth[e] === 0) continue;
    if (fanPositions.length < (n + 1) * 6) {
      const grown = new Float32Array(Math.max(64, fanPositions.length * 2));
      grown.set(fanPositions);
      fanPositions = grown;
    }
    markerCentre(e, fanSize, centre);
    markerCentre(e, 0, place);
    fanPositions.set([place[0] as number, place[1] as number, place[2] as number], n * 6);
    fanPositions.set([centre[0] as number, centre[1] as number, centre[2] as number], n * 6 + 3);
    n++;
  }
  world.render.markers.setFanLines(fanPositions, n);
}

/** Fanned-out markers sit a multiple of their on-screen size from their place: when the zoom
 * scale moves by more than this fraction, their positions are rewritten. */
export const FAN_RESCALE_STEP = 0.05;

export function markerSyncSystem(world: AtlasWorld): void {
  const m = world.markers;
  const scale = markerScale(world.camera.distance);
  let rescaled = false;
  if (Math.abs(scale - m.fanScale) > m.fanScale * FAN_RESCALE_STEP) {
    m.fanScale = scale;
    rescaled = true;
    for (const e of m.visible) {
      if (Marker.fanEast[e] !== 0 || Marker.fanNorth[e] !== 0) m.changed.add(e);
    }
  }
  if (rescaled || m.fanLinesVersion !== m.version) writeFanLines(world);
  if (m.changed.size === 0) return;
  const gpu = world.render.markers;
  const size = markerSize(m.sizeFactor);
  const fanSize = size * m.fanScale;
  const now = world.time.now;
  for (const e of m.changed) {
    const slot = Marker.slot[e] as number;
    if (slot < 0) continue;
    markerCentre(e, fanSize, centre);
    let state = Marker.state[e] as number;
    if (state === MARKER_SELECTED && m.flashUntil > now) state = GPU_STATE_FLASH;
    const intensity = Math.max(INTENSITY_FLOOR, m.store.intensity[Marker.row[e] as number] ?? 0);
    const lod = Marker.lod[e] as number;
    gpu.writeSlot(
      slot,
      centre[0] as number,
      centre[1] as number,
      centre[2] as number,
      Marker.cell[e] as number,
      size,
      state,
      intensity,
      Marker.rgb[e * 3] as number,
      Marker.rgb[e * 3 + 1] as number,
      Marker.rgb[e * 3 + 2] as number,
      (Marker.sentiment[e] as number) + 4 * (lod > LOD_HIDDEN ? LOD_FULL : lod),
    );
  }
  m.changed.clear();
  gpu.flush();
}
