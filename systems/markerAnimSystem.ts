/**
 * markerAnimSystem - live-article glow decay and the selection flash.
 * Reads: markers.animating, Marker.intensity/flashUntil, time. Writes: Marker.intensity,
 * markers.changed (for slots to rewrite), markers.animating.
 * Order: after picking, before marker sync. Cadence: every frame, only animating markers.
 */
import { Marker } from '../engine/markers/markerComponents';
import type { AtlasWorld } from '../engine/world';

/** Spec: a new article starts at intensity 1 and decays x0.95 per second down to 0.2. */
export const INTENSITY_DECAY_PER_SECOND = 0.95;
export const INTENSITY_FLOOR = 0.2;
/** Spec: selecting flashes the marker yellow for 1 s. */
export const FLASH_MS = 1000;

export function markerAnimSystem(world: AtlasWorld): void {
  const m = world.markers;
  if (m.animating.size === 0) return;
  const decay = Math.pow(INTENSITY_DECAY_PER_SECOND, world.time.dt);
  const now = world.time.now;
  for (const e of m.animating) {
    const i = Math.max(INTENSITY_FLOOR, (Marker.intensity[e] as number) * decay);
    Marker.intensity[e] = i;
    const flashing = (Marker.flashUntil[e] as number) > now;
    if (i <= INTENSITY_FLOOR && !flashing) m.animating.delete(e);
    m.changed.add(e);
  }
}
