/**
 * `window.atlas`: the documented automation handle (docs/automation.md) used by browser tests,
 * the benchmark runner and people who script ATLAS. Everything goes through commands and stats,
 * exactly like the UI: automation cannot put the engine in a state a user could not.
 */
import type { AtlasAutomation, AtlasStats } from '../data/automation';
import { getAllEntities } from 'bitecs';
import { sendCommand } from './commands';
import { LAYER_NAMES, isLayerName } from './layers';
import type { AtlasEngine } from './boot';

export function createAutomation(atlas: AtlasEngine): AtlasAutomation {
  const { world } = atlas;
  return {
    whenReady: () => atlas.ready,
    camera: {
      get: () => ({ ...world.camera }),
      set: (v) => {
        sendCommand({ type: 'setCamera', ...v });
      },
    },
    stats: (): AtlasStats => ({
      fps: world.stats.fps,
      drawCalls: world.stats.drawCalls,
      triangles: world.stats.triangles,
      entities: getAllEntities(world).length,
      frame: world.time.frame,
      systems: { ...world.stats.lastMs },
    }),
    layers: {
      set: (name, on) => {
        if (!isLayerName(name)) {
          throw new Error(`Unknown layer "${name}". Layers: ${LAYER_NAMES.join(', ')}`);
        }
        sendCommand({ type: 'setLayer', layer: name, on });
      },
      get: () => ({ ...world.layers }),
    },
  };
}

/** An automation handle for a page where the engine could not start: everything says why. */
export function failedAutomation(error: Error): AtlasAutomation {
  return {
    whenReady: () => Promise.reject(error),
    camera: {
      get: () => {
        throw error;
      },
      set: () => {
        throw error;
      },
    },
    stats: () => {
      throw error;
    },
    layers: {
      set: () => {
        throw error;
      },
      get: () => {
        throw error;
      },
    },
  };
}
