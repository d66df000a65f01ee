/**
 * markerSyncSystem - writes changed markers into the GPU buffer and uploads only those ranges.
 * Reads: markers.changed, Marker fields, sizeFactor, time. Writes: GPU slots; clears `changed`.
 * Order: last before render. Cadence: every frame (no-op when nothing changed).
 */
import { Marker, MARKER_SELECTED } from '../engine/markers/markerComponents';
import type { AtlasWorld } from '../engine/world';
import { INTENSITY_FLOOR } from './markerAnimSystem';
import { markerCentre, markerSize } from './markerGeometry';

/** GPU state code for a selected marker that is still flashing yellow. */
export const GPU_STATE_FLASH = 3;

const centre = new Float64Array(3);

export function markerSyncSystem(world: AtlasWorld): void {
  const m = world.markers;
  if (m.changed.size === 0) return;
  const gpu = world.render.markers;
  const size = markerSize(m.sizeFactor);
  const now = world.time.now;
  for (const e of m.changed) {
    const slot = Marker.slot[e] as number;
    if (slot < 0) continue;
    markerCentre(e, size, centre);
    let state = Marker.state[e] as number;
    if (state === MARKER_SELECTED && (Marker.flashUntil[e] as number) > now)
      state = GPU_STATE_FLASH;
    const intensity = Math.max(INTENSITY_FLOOR, Marker.intensity[e] as number);
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
      Marker.sentiment[e] as number,
    );
  }
  m.changed.clear();
  gpu.flush();
}
