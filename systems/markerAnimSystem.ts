/**
 * markerAnimSystem - live-article glow decay and the selection flash.
 * Reads: markers.animating (rows), store.intensity, flashUntil, time. Writes: store.intensity,
 * markers.changed (drawn entities to rewrite), markers.animating, flashUntil.
 * Order: after picking, before marker sync. Cadence: every frame, only animating rows.
 * The glow lives in the article store, so it keeps decaying while the marker is culled or
 * inside a cluster.
 */
import type { AtlasWorld } from '../engine/world';

/** Spec: a new article starts at intensity 1 and decays x0.95 per second down to 0.2. */
export const INTENSITY_DECAY_PER_SECOND = 0.95;
export const INTENSITY_FLOOR = 0.2;
/** Spec: selecting flashes the marker yellow for 1 s. */
export const FLASH_MS = 1000;

export function markerAnimSystem(world: AtlasWorld): void {
  const m = world.markers;
  const now = world.time.now;
  if (m.flashUntil > 0) {
    // Redraw the selected marker while it flashes, and once more when the flash is over.
    const e = m.selected >= 0 ? m.entityOfRow.get(m.selected) : undefined;
    if (e !== undefined) m.changed.add(e);
    if (now > m.flashUntil) m.flashUntil = 0;
  }
  if (m.animating.size === 0) return;
  const decay = Math.pow(INTENSITY_DECAY_PER_SECOND, world.time.dt);
  const intensity = m.store.intensity;
  let glowChanged = false;
  for (const row of m.animating) {
    const i = Math.max(INTENSITY_FLOOR, (intensity[row] as number) * decay);
    intensity[row] = i;
    if (i <= INTENSITY_FLOOR) m.animating.delete(row);
    const e = m.entityOfRow.get(row);
    if (e !== undefined) m.changed.add(e);
    else glowChanged = true;
  }
  // Single articles drawn by the cluster badges glow too.
  if (glowChanged && world.clusters.active) world.clusters.dirty = true;
}
