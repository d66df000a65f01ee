/**
 * The bitecs world: components (SoA typed arrays) and the per-world context the systems share.
 * State that changes every frame is an array field, not a tag (ARCHITECTURE.md: tag churn is
 * ~100x slower at 100k entities).
 */
import { addComponent, addEntity, createWorld, type World } from 'bitecs';
import type { LatLonDistance } from '../data/geoMath';
import type { Command } from './commands';
import { LAYER_NAMES, VIEW_PRESETS, type LayerName, type ViewName, type ViewPreset } from './layers';

/** Capacity of the geo-layer component arrays; the skeleton uses a few dozen. */
export const MAX_GEO_ENTITIES = 256;

/** Level of detail of a geo asset. `LOD_ANY` draws at every distance. */
export const LOD_110M = 0;
export const LOD_50M = 1;
export const LOD_ANY = 255;

/** A drawable piece of a geo layer (one merged mesh: one draw call). */
export const GeoLayer = {
  /** Index into LAYER_NAMES. */
  layer: new Uint8Array(MAX_GEO_ENTITIES),
  /** LOD_110M, LOD_50M or LOD_ANY. */
  lod: new Uint8Array(MAX_GEO_ENTITIES),
  /** Render-side handle (index into the render bindings' table). */
  handle: new Int32Array(MAX_GEO_ENTITIES),
  /** Visibility wanted this frame (1/0), written by the lod system. */
  visible: new Uint8Array(MAX_GEO_ENTITIES),
  /** Visibility last applied to the mesh (1/0, 2 = never), so render sync touches only changes. */
  applied: new Uint8Array(MAX_GEO_ENTITIES),
};

/**
 * The camera rig as systems see it: an orbit around the origin in ArcRotateCamera terms
 * (alpha/beta in radians, radius in scene units). The render side adapts Babylon's camera to this,
 * so systems stay free of Babylon imports and can run against a plain object in tests.
 */
export interface OrbitRig {
  alpha: number;
  beta: number;
  radius: number;
  lowerRadiusLimit: number;
  upperRadiusLimit: number;
  /** Stops damping (inertia) from moving the camera after a programmatic jump. */
  stopInertia(): void;
  /** Enables or disables pointer/wheel input. */
  setInputEnabled(on: boolean): void;
  /** True while a pointer is held down on the canvas. */
  readonly pointerDown: boolean;
}

/** What render sync may do to Babylon objects, by handle. */
export interface RenderBindings {
  setVisible(handle: number, visible: boolean): void;
  /** Asks the render side to make a LOD's meshes available (e.g. fetch the 50m assets). */
  requestLod(lod: number): void;
}

export interface FlyTo {
  from: LatLonDistance;
  to: LatLonDistance;
  startMs: number;
  durationMs: number;
}

export interface AtlasContext {
  time: {
    /** Milliseconds (performance.now()) at the start of this frame. */
    now: number;
    /** Seconds since the previous frame, capped so a hidden tab does not jump. */
    dt: number;
    frame: number;
  };
  view: ViewName;
  preset: ViewPreset;
  layers: Record<LayerName, boolean>;
  /** Camera state derived from the rig each frame (degrees, scene units). */
  camera: LatLonDistance;
  autoRotate: boolean;
  flyTo: FlyTo | null;
  /** Currently wanted border/coast LOD (LOD_110M or LOD_50M), with hysteresis. */
  geoLod: number;
  /** Bit (1 << lod) set once that LOD's meshes exist; until then the coarser one stays drawn. */
  loadedLods: number;
  rig: OrbitRig;
  render: RenderBindings;
  /** Scratch list the command system drains into (reused every frame). */
  commands: Command[];
  stats: FrameStats;
}

/** Instrumentation: written by the pipeline (timings) and the render side (draw calls, fps). */
export interface FrameStats {
  fps: number;
  drawCalls: number;
  triangles: number;
  /** Smoothed ms per system and for Babylon's `render`, keyed by name. */
  systemMs: Record<string, number>;
  /** Last frame's ms per system, keyed by name. */
  lastMs: Record<string, number>;
  /** Smoothed ms of all systems plus render. */
  frameMs: number;
}

export type AtlasWorld = World<AtlasContext>;

/** Adds one drawable geo-layer entity bound to render handle `handle`. */
export function spawnGeoLayer(world: AtlasWorld, layer: LayerName, lod: number, handle: number): number {
  const e = addEntity(world);
  addComponent(world, e, GeoLayer);
  GeoLayer.layer[e] = LAYER_NAMES.indexOf(layer);
  GeoLayer.lod[e] = lod;
  GeoLayer.handle[e] = handle;
  GeoLayer.visible[e] = 0;
  GeoLayer.applied[e] = 2;
  return e;
}

export function createAtlasWorld(rig: OrbitRig, render: RenderBindings): AtlasWorld {
  const layers = Object.fromEntries(LAYER_NAMES.map((n) => [n, true])) as Record<LayerName, boolean>;
  return createWorld<AtlasContext>({
    time: { now: 0, dt: 0, frame: 0 },
    view: 'landing',
    preset: VIEW_PRESETS.landing,
    layers,
    camera: { lat: 0, lon: 0, distance: VIEW_PRESETS.landing.startDistance },
    autoRotate: VIEW_PRESETS.landing.autoRotate,
    flyTo: null,
    geoLod: LOD_110M,
    loadedLods: 0,
    rig,
    render,
    commands: [],
    stats: { fps: 0, drawCalls: 0, triangles: 0, systemMs: {}, lastMs: {}, frameMs: 0 },
  });
}
