/**
 * The frame pipeline: the single ordered list of systems, run once per frame before Babylon
 * renders. Each system is timed; the timings feed the stats handle and the profiler.
 *
 *   commands -> markerSpawn -> controls -> camera -> lod -> earthLayer -> grid -> sky -> appearance
 *   -> markerFilter -> cluster -> picking -> country -> markerAnim -> renderSync -> markerSync
 *   -> labels -> xrPanels -> uiPublish -> controlsPublish
 *
 * Markers: markerSpawn (into the article store) -> markerFilter -> cluster -> markerCull (entities
 * for the markers drawn individually) -> picking -> markerAnim -> markerLod -> markerSync.
 */
import { commandSystem } from '../systems/commandSystem';
import { cameraSystem } from '../systems/cameraSystem';
import { controlsSystem } from '../systems/controlsSystem';
import { countrySystem } from '../systems/countrySystem';
import { controlsPublishSystem } from '../systems/controlsPublishSystem';
import { lodSystem } from '../systems/lodSystem';
import { earthLayerSystem } from '../systems/earthLayerSystem';
import { gridSystem } from '../systems/gridSystem';
import { skySystem } from '../systems/skySystem';
import { appearanceSystem } from '../systems/appearanceSystem';
import { renderSyncSystem } from '../systems/renderSyncSystem';
import { markerAnimSystem } from '../systems/markerAnimSystem';
import { clusterSystem } from '../systems/clusterSystem';
import { qualitySystem } from '../systems/qualitySystem';
import { markerCullSystem } from '../systems/markerCullSystem';
import { markerFilterSystem } from '../systems/markerFilterSystem';
import { markerLodSystem } from '../systems/markerLodSystem';
import { markerSpawnSystem } from '../systems/markerSpawnSystem';
import { markerSyncSystem } from '../systems/markerSyncSystem';
import { labelSystem } from '../systems/labelSystem';
import { pickingSystem } from '../systems/pickingSystem';
import { uiPublishSystem } from '../systems/uiPublishSystem';
import { xrPanelSystem } from '../systems/xrPanelSystem';
import type { AtlasWorld } from './world';

export type System = (world: AtlasWorld) => void;

export interface PipelineEntry {
  readonly name: string;
  readonly run: System;
}

export const pipeline: readonly PipelineEntry[] = [
  { name: 'commands', run: commandSystem },
  { name: 'markerSpawn', run: markerSpawnSystem },
  { name: 'controls', run: controlsSystem },
  { name: 'camera', run: cameraSystem },
  { name: 'lod', run: lodSystem },
  { name: 'earthLayer', run: earthLayerSystem },
  { name: 'grid', run: gridSystem },
  { name: 'sky', run: skySystem },
  { name: 'appearance', run: appearanceSystem },
  { name: 'markerFilter', run: markerFilterSystem },
  { name: 'cluster', run: clusterSystem },
  { name: 'markerCull', run: markerCullSystem },
  { name: 'picking', run: pickingSystem },
  { name: 'country', run: countrySystem },
  { name: 'markerAnim', run: markerAnimSystem },
  { name: 'markerLod', run: markerLodSystem },
  { name: 'quality', run: qualitySystem },
  { name: 'renderSync', run: renderSyncSystem },
  { name: 'markerSync', run: markerSyncSystem },
  { name: 'labels', run: labelSystem },
  { name: 'xrPanels', run: xrPanelSystem },
  { name: 'uiPublish', run: uiPublishSystem },
  { name: 'controlsPublish', run: controlsPublishSystem },
];

/** Weight of the newest sample in the smoothed timings (about a 20-frame window). */
export const TIMING_SMOOTHING = 0.1;
/** Longest frame step the simulation takes, so a backgrounded tab does not jump on return. */
export const MAX_DT_SECONDS = 0.1;

/** Advances the clock and runs every system in order, timing each. */
export function runPipeline(
  world: AtlasWorld,
  now: number,
  entries: readonly PipelineEntry[] = pipeline,
  clock: () => number = () => performance.now(),
): void {
  const t = world.time;
  t.dt = t.frame === 0 ? 0 : Math.min(MAX_DT_SECONDS, Math.max(0, (now - t.now) / 1000));
  t.now = now;
  t.frame++;
  for (const entry of entries) {
    const start = clock();
    entry.run(world);
    recordTiming(world, entry.name, clock() - start);
  }
}

/** Samples above this are clipped before smoothing: one-off stalls (shader compilation at start,
 * a GC) would otherwise dominate the smoothed readout for seconds. `lastMs` keeps the raw value. */
export const TIMING_CLIP_MS = 50;

/** Stores a system's (or the render's) time for this frame and folds it into the smoothed value. */
export function recordTiming(world: AtlasWorld, name: string, ms: number): void {
  const stats = world.stats;
  stats.lastMs[name] = ms;
  const sample = Math.min(ms, TIMING_CLIP_MS);
  const prev = stats.systemMs[name];
  stats.systemMs[name] = prev === undefined ? sample : prev + (sample - prev) * TIMING_SMOOTHING;
}

/** Sum of the smoothed timings: our CPU work per frame. */
export function totalSmoothedMs(world: AtlasWorld): number {
  let sum = 0;
  for (const k in world.stats.systemMs) sum += world.stats.systemMs[k] ?? 0;
  return sum;
}
