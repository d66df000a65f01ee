/**
 * uiPublishSystem - the only writer of UI signals. Publishes a snapshot inside one `batch()` so
 * React re-renders at most once per publish, a few times a second rather than every frame.
 * Reads: camera, view, stats, entity count. Writes: engine/bridge/state signals.
 * Order: last. Cadence: every UI_PUBLISH_MS (wrapped with `every` in the pipeline).
 */
import { batch } from '@preact/signals-core';
import { getAllEntities } from 'bitecs';
import { state } from '../engine/bridge/state';
import type { AtlasWorld } from '../engine/world';

/** How often the overlay's numbers refresh; 4 Hz reads as live without costing renders. */
export const UI_PUBLISH_MS = 250;

export function uiPublishSystem(world: AtlasWorld): void {
  const s = world.stats;
  batch(() => {
    state.fps.value = Math.round(s.fps);
    state.drawCalls.value = s.drawCalls;
    state.entities.value = getAllEntities(world).length;
    state.frameMs.value = s.frameMs;
    state.systemMs.value = { ...s.systemMs };
    const c = state.camera.peek();
    const w = world.camera;
    if (c.lat !== w.lat || c.lon !== w.lon || c.distance !== w.distance) {
      state.camera.value = { ...w };
    }
    state.view.value = world.view;
  });
}
