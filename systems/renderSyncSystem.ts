/**
 * renderSyncSystem - pushes ECS decisions to the render side, touching only what changed.
 * Reads: GeoLayer.visible/applied/handle. Writes: GeoLayer.applied, mesh visibility via bindings.
 * Order: after every system that decides visibility, right before Babylon renders. Every frame.
 */
import { query } from 'bitecs';
import { GeoLayer, type AtlasWorld } from '../engine/world';

export function renderSyncSystem(world: AtlasWorld): void {
  const ents = query(world, [GeoLayer]);
  for (let i = 0; i < ents.length; i++) {
    const e = ents[i] as number;
    const v = GeoLayer.visible[e] as number;
    if (GeoLayer.applied[e] !== v) {
      GeoLayer.applied[e] = v;
      world.render.setVisible(GeoLayer.handle[e] as number, v === 1);
    }
  }
}
