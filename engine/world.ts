/**
 * The bitecs world: components (SoA typed arrays) and the per-world context the systems share.
 * State that changes every frame is an array field, not a tag (ARCHITECTURE.md: tag churn is
 * ~100x slower at 100k entities).
 */
import { addComponent, addEntity, createWorld, query, type World } from 'bitecs';
import type { LatLonDistance } from '../data/geoMath';
import type { MarkerFilter } from '../data/markers/markerFilter';
import type { TimelineWindow } from '../data/markers/timeline';
import { DEFAULT_MARKER_FILTER } from '../data/markers/markerFilter';
import { GeoGridIndex } from '../data/markers/geoGridIndex';
import type { Role } from '../data/permissions';
import type { ProfileFrame, ProfileRecording } from '../data/profile';
import type { QualityContext, QualityController } from '../data/quality/adaptiveQuality';
import type { Command, DataSource } from './commands';
import type { CameraSettingsOverride } from './settings';
import { ArticleColumns, type SyntheticColumns } from '../data/markers/articleColumns';
import { createControlsState, type ControlsState } from './controls';
import type { SolarSystemLayout } from '../data/globe/astro';
import { createEmergencyMode, type EmergencyMode } from '../data/globe/gridLevels';
import { createSimClock, type SimClock } from '../data/globe/timezones';
import { NOOP_LABEL_GPU, createLabelState, type LabelGpu, type LabelState } from './labelState';
import {
  NOOP_APPEARANCE_RENDER,
  createAppearanceState,
  type AppearanceRender,
  type AppearanceState,
} from './appearance';

/** Marker size setting (spec globe.md section 9). */
export const MARKER_SIZE_FACTORS = { small: 0.3, medium: 0.5, large: 0.8 } as const;
import {
  LAYER_NAMES,
  VIEW_PRESETS,
  layerDefault,
  type LayerName,
  type ViewName,
  type ViewPreset,
} from './layers';
import { DEFAULT_MARKER_DISPLAY, type MarkerDisplay } from '../data/markers/markerStyle';
import { createXrPanelsState, type XrPanelsState } from './xrPanels';

/** Capacity of the geo-layer component arrays; the skeleton uses a few dozen. */
export const MAX_GEO_ENTITIES = 256;

/** Level of detail of a geo asset, coarse to fine. `LOD_ANY` draws at every distance. */
export const LOD_110M = 0;
export const LOD_50M = 1;
/** 1:10m coastline and borders only (close up); the land fill stays 50m. */
export const LOD_10M = 2;
export const LOD_ANY = 255;
/** The Natural Earth scale of each geo tier, by LOD (the asset names and `globe.get().geoTiers`). */
export const GEO_TIER_NAMES = ['110m', '50m', '10m'] as const;

/** A drawable piece of a geo layer (one merged mesh: one draw call). */
export const GeoLayer = {
  /** Index into LAYER_NAMES. */
  layer: new Uint8Array(MAX_GEO_ENTITIES),
  /** LOD_110M, LOD_50M, LOD_10M or LOD_ANY. */
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
  /** Input tuning per view (the Babylon rig implements it; test rigs may omit it). */
  configure?(config: RigConfig): void;
  /** Field of view (degrees) and clip planes (the settings' camera tab; test rigs may omit it). */
  setLens?(fovDeg: number, near: number, far: number): void;
}

/** Orbit input tuning (spec globe.md section 9: rotate speed, zoom speed, damping). */
export interface RigConfig {
  /** three.js OrbitControls units: 1 turns 360 degrees per canvas height of drag. */
  rotateSpeed: number;
  /** three.js units: wheel/pinch zoom speed factor. */
  zoomSpeed: number;
  /** Fraction of the velocity shed per frame (three.js dampingFactor). */
  damping: number;
  /** Multiplies rotation per pixel (slower close to the surface). */
  rotateScale: number;
  /** Drag-to-rotate mode: only the left button rotates. */
  leftButtonOnly: boolean;
}

/** The marker GPU buffer as systems see it: slots of one merged billboard mesh. */
export interface MarkerGpu {
  /** Number of slots drawn (slots 0..count-1). */
  setCount(count: number): void;
  /** Writes one slot: centre (scene units), atlas cell, size (scene units), state, intensity,
   * category colour and sentiment index. */
  writeSlot(
    slot: number,
    x: number,
    y: number,
    z: number,
    cell: number,
    size: number,
    state: number,
    intensity: number,
    r: number,
    g: number,
    b: number,
    sentiment: number,
  ): void;
  /** Atlas cell for an emoji (added on first use). */
  cellFor(emoji: string, category: string): number;
  /** The atlas draws the emoji in colour (false: category initials stand in for them). */
  readonly colorEmoji: boolean;
  /** Connecting lines of fanned-out markers: `count` segments as xyz pairs (6 floats each). */
  setFanLines(positions: Float32Array, count: number): void;
  /** Uploads what changed since the last flush. */
  flush(): void;
}

/** The marker-cluster worker as systems see it. Replies land in `world.clusters.reply`. */
export interface ClusterService {
  /** Points as lon/lat pairs and the store row of each (both transferred to the worker). */
  load(generation: number, lonLat: Float32Array, ids: Int32Array): void;
  /** Returns the request id. */
  query(generation: number, zoom: number): number;
  /** Where the index is built and queried: the worker, or the main thread after it failed. */
  readonly path?: 'worker' | 'main-thread';
}

/** The cluster badges' GPU buffer: marker slots plus text cells for the counts. */
export interface ClusterGpu extends MarkerGpu {
  cellForText(text: string): number;
  /** Hides or shows the individual markers' mesh while clusters stand in for them. */
  setMarkersHidden(hidden: boolean): void;
}

export interface ClusterState {
  service: ClusterService | null;
  /** Cluster mode: badges stand in for the individual markers (far zoom, many markers). */
  active: boolean;
  /** The individual markers' mesh is hidden (clusters wanted, maybe still being computed). */
  markersHidden: boolean;
  /** Generation of the point set sent to the worker, and of the last one it finished. */
  generation: number;
  loadedGeneration: number;
  /** Generation of the cluster items drawn now (the accepted reply's). */
  itemsGeneration: number;
  /** markers.version the current generation was built from. */
  sourceVersion: number;
  requestedZoom: number;
  requestedGeneration: number;
  lastRequestId: number;
  /** The newest reply from the worker (written between frames). */
  reply: { requestId: number; generation: number; zoom: number; data: Float64Array } | null;
  /** The clusters drawn now: lon, lat, count, id (store row for singles) per item. */
  items: Float64Array;
  itemCount: number;
  /** Cluster item under the pointer, or -1. */
  hoveredItem: number;
  /** Needs a GPU rewrite (new items, hover or selection changed). */
  dirty: boolean;
  lastHovered: number;
  lastSelected: number;
}

/** Ray through a screen point, in scene units (written into the caller's object). */
export interface Ray {
  ox: number;
  oy: number;
  oz: number;
  dx: number;
  dy: number;
  dz: number;
}

/** What render sync may do to Babylon objects, by handle. */
export interface RenderBindings {
  setVisible(handle: number, visible: boolean): void;
  /** Asks the render side to make a LOD's meshes available (e.g. fetch the 50m assets). */
  requestLod(lod: number): void;
  markers: MarkerGpu;
  clusters: ClusterGpu;
  /** Ray from the camera through CSS pixel (x, y) of the canvas. */
  pickRay(x: number, y: number, out: Ray): void;
  /** Projects a scene point to CSS pixels; returns false when it is behind the camera. */
  project(x: number, y: number, z: number, out: { x: number; y: number }): boolean;
  /** CSS pixels per scene unit for an object `distance` units in front of the camera. */
  pixelsPerUnitAt(distance: number): number;
  /** Pointer cursor over the canvas ('' = default). */
  setCursor(cursor: string): void;
  /** Render pixel ratio (adaptive quality's dynamic resolution; capped at 2 by the engine). */
  setPixelRatio(ratio: number): void;
  /**
   * Resolution scale behind the shell's CSS blur (1 = full): the scene is drawn into a smaller
   * texture and stretched onto the canvas, so the drawing buffer keeps its size.
   */
  setBackdropScale(scale: number): void;
  /** Adaptive quality's render-side effects: animations (the marker pulse, the background's
   * activity pulses) and the globe sphere's tessellation. Called when either changes. */
  setQualityEffects(effects: QualityEffects): void;
}

/** The render-side part of the adaptive quality state (data/quality/adaptiveQuality.ts). */
export interface QualityEffects {
  animations: boolean;
  /** Globe sphere segments (device default, cut 20% per degradation step to a floor of 24). */
  segments: number;
  /** Texture size of the texture quality in force (spec 2048 / 1024 / 512; low from degradation
   * step 2): the marker atlas follows it. */
  textureSize: number;
}

/** Pointer state gathered between frames by the render side, consumed by the picking system. */
export interface PointerState {
  x: number;
  y: number;
  /** The pointer is over the canvas (not over UI, not outside the window). */
  inside: boolean;
  /** It moved since the picking system last looked. */
  moved: boolean;
  /** A click (short press without a drag) happened since the picking system last looked. */
  clicked: boolean;
  /** Touch input: larger hit targets. */
  touch: boolean;
  /** In an immersive session, the controller's pointing ray of the click (scene units), which
   * the picking system then uses instead of (x, y); null for a click on the canvas. */
  ray: Ray | null;
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
  /** The view's preset before the settings' camera tuning (engine/settings.ts) was laid over it. */
  basePreset: ViewPreset;
  /** The settings' camera tuning (setCameraSettings); empty = every view's own values. */
  cameraSettings: CameraSettingsOverride;
  layers: Record<LayerName, boolean>;
  /** Camera state derived from the rig each frame (degrees, scene units). */
  camera: LatLonDistance;
  autoRotate: boolean;
  flyTo: FlyTo | null;
  /** Currently wanted border/coast LOD (LOD_110M, LOD_50M or LOD_10M), with hysteresis. */
  geoLod: number;
  /** Bit (1 << lod) set once that LOD's meshes exist; until then the coarser one stays drawn. */
  loadedLods: number;
  rig: OrbitRig;
  render: RenderBindings;
  /** Scratch list the command system drains into (reused every frame). */
  commands: Command[];
  stats: FrameStats;
  markers: MarkerState;
  clusters: ClusterState;
  pointer: PointerState;
  /** Profiler recording: frames while recording (else null) and the last finished recording. */
  profile: { frames: ProfileFrame[] | null; startedAt: string; last: ProfileRecording | null };
  /** Adaptive quality (data/quality): null until boot has profiled the device. */
  quality: {
    controller: QualityController;
    context: QualityContext;
    appliedPixelRatio: number;
    /** The backdrop resolution scale last applied (setBackdropScale). */
    appliedBackdropScale: number;
    /** The render-side effects last applied (null: not yet). */
    appliedEffects: QualityEffects | null;
    /** Camera of the previous frame, to tell whether it moves. */
    lastCamera: LatLonDistance;
    /** Test/benchmark hook: busy-wait this many ms each frame to force a slow frame rate. */
    simulatedLoadMs: number;
    /** CSS blur on the canvas behind pages (setBackdropBlur): lowers the render resolution. */
    backdropBlurPx: number;
  } | null;
  /** Keyboard, gestures, auto-rotation, camera animations, countries, Locate Me (engine/controls.ts). */
  controls: ControlsState;
  /** Simulated time in ms since the epoch (what the sun, moon and planets show); advanced by
   * the sky system from `simClock` (data/globe/timezones.ts), set by the `setSimTime` command. */
  simTime: number;
  simClock: SimClock;
  /** Bookkeeping of the Earth-and-sky systems (earthLayer, grid, sky). */
  earth: EarthState;
  /** The Earth-and-sky render side (engine/render/earthLayers.ts); a no-op until boot binds it. */
  earthRender: EarthRender;
  /** Place-name labels (systems/labelSystem.ts) and their GPU buffer (a no-op until boot). */
  labels: LabelState;
  labelRender: LabelGpu;
  /** Globe sphere style, ocean scale, sky scale, tint, variant preset (engine/appearance.ts). */
  appearance: AppearanceState;
  /** Their render side (engine/render/globeAppearance.ts); a no-op until boot binds it. */
  appearanceRender: AppearanceRender;
  /** The /xr in-headset panels (engine/xrPanels.ts, systems/xrPanelSystem.ts). */
  xrPanels: XrPanelsState;
}

/**
 * The Earth-and-sky meshes as systems see them: a few merged meshes addressed by part bits
 * (systems/earthParts.ts), no Babylon types.
 */
export interface EarthRender {
  /** Which parts are drawn (bitmask). The render side fetches a part's assets on first use. */
  setParts(mask: number): void;
  /** Unit vector toward the sun (globe frame) and whether the globe is lit by it (dayNight)
   * rather than by the camera headlight. */
  setSun(x: number, y: number, z: number, sunLit: boolean): void;
  /** The XGrid's lines: `vertexCount` vertices (pairs are segments), xyz in `positions`, alpha per
   * vertex in `alphas`. The arrays may be reused by the caller after the call. */
  setGrid(positions: Float32Array, alphas: Float32Array, vertexCount: number): void;
  /** Sun, moon and planets (scene units, Earth at the origin), and the row-major rotation from
   * the J2000 ecliptic to the globe frame that places the planets' orbit rings around the sun. */
  setSky(layout: SolarSystemLayout, eclipticToGlobe: Float64Array): void;
  /** The solar-system view is on screen (camera beyond 5000): widen the depth range. */
  setSolarView(on: boolean, distance: number): void;
}

export const NOOP_EARTH_RENDER: EarthRender = {
  setParts: () => undefined,
  setSun: () => undefined,
  setGrid: () => undefined,
  setSky: () => undefined,
  setSolarView: () => undefined,
};

export interface EarthState {
  /** Part mask last sent to the render side (-1 = never). */
  parts: number;
  /** `solarSystem` layer state seen last frame (its edges switch the app/solar views). */
  solarLayerWas: boolean;
  /** Grid: key of the last built view (-1 = none), its level, emergency mode. */
  gridKey: number;
  gridLevel: number;
  gridEmergency: EmergencyMode;
  /** Grid rebuilds so far (tests and stats). */
  gridBuilds: number;
  /** Sun: unit vector toward it, sim time it was computed for, sun-lit flag last sent. */
  sun: [number, number, number];
  sunAt: number;
  sunLitSent: number;
  /** Sky layout: sim time of the last layout and of the last orbit rebuild (ms, -Infinity = never). */
  skyAt: number;
  orbitsAt: number;
  /** Whether the solar view was on last frame (sent to the render side on change). */
  solarView: boolean;
}

/** Article changes waiting for the marker spawn system. */
export type MarkerOp =
  | { kind: 'replace'; articles: readonly unknown[] }
  | { kind: 'upsert'; articles: readonly unknown[]; live: boolean }
  | { kind: 'remove'; ids: readonly string[] }
  /** Synthetic rows generated straight into columns (the scenario source); `more` while further
   * chunks of the same load are coming (the filter waits for the last). */
  | { kind: 'columns'; columns: SyntheticColumns; more: boolean };

export interface MarkerState {
  /** Every article on the globe, one row each (columnar; rows are stable while it lives). */
  store: ArticleColumns;
  ops: MarkerOp[];
  filter: MarkerFilter;
  /** The timeline filter (setTimeline): a publication window replacing filter.hours, or null. */
  timeline: TimelineWindow | null;
  /** The timeline window of the last filter pass (a play step glows what it newly passes). */
  appliedTimeline: TimelineWindow | null;
  /** maxMarkers was set explicitly (setMarkerFilter, a scenario): the quality caps do not apply. */
  maxMarkersChosen: boolean;
  /** The cap the last filter pass used (effectiveMaxMarkers); a new rung re-filters. */
  appliedCap: number;
  /** Set when markers or the filter changed: the filter system rebuilds the filtered set. */
  dirty: boolean;
  /** Rows passing the filter and the cap (filtered[0..filteredCount-1]; any order): what the
   * globe shows, individually or inside clusters. */
  filtered: Int32Array;
  filteredCount: number;
  /** Bumped whenever the filtered set changes (the cluster worker and the cull compare it). */
  filterVersion: number;
  /** A chunked load is under way: the filter waits for its last chunk. */
  pendingColumns: boolean;
  /** Clustering allowed (on by default; benchmarks may turn it off to draw every marker). */
  clustering: boolean;
  /** Entities drawn individually, in slot order (slot i = visible[i]), newest first. */
  visible: number[];
  /** The entity of a row while it is drawn individually. */
  entityOfRow: Map<number, number>;
  /** Atlas cell per interned emoji key of the store (-1 = not asked yet). */
  cells: number[];
  /** filterVersion and markersHidden the entity set was built for, and the camera it was culled
   * for (culling only applies to big sets). */
  cullFilterVersion: number;
  cullHidden: boolean;
  cullCamera: { lat: number; lon: number; distance: number };
  /** Frame time (ms) of the last culling pass (adaptive quality spaces the passes while the
   * camera moves on a struggling device). */
  cullAt: number;
  /** Entities whose slot must be rewritten this frame. */
  changed: Set<number>;
  /** Rows with a live glow decaying (store.intensity). */
  animating: Set<number>;
  /** Rows hovered and selected, or -1 (rows, not entities: they survive culling and clustering). */
  hovered: number;
  selected: number;
  /** Until when (ms, frame time) the selected marker flashes yellow. */
  flashUntil: number;
  /** Camera distance the marker detail levels were last computed for. */
  lodDistance: number;
  /** Marker size setting factor (spec: small 0.3, medium 0.5, large 0.8). */
  sizeFactor: number;
  /** Emoji-only mode, pulse and glow (setMarkerDisplay); the marker materials read this object. */
  display: MarkerDisplay;
  /** Current role, for the interactWithMarkers permission. */
  role: Role;
  /** Set when a guest clicked a marker (spec: the restriction state). */
  restricted: boolean;
  /** Ms timestamp of the last filter rebuild (time windows are re-evaluated every minute). */
  rebuiltAt: number;
  /** Bumped whenever the drawn set or the selection changes (the UI publish compares it). */
  version: number;
  /** Zoom scale the fan-out offsets were last written with (see markerSyncSystem). */
  fanScale: number;
  /** Largest fan-out ring among the drawn markers, in marker sizes (picking searches that far). */
  maxFanRadius: number;
  /** markers.version the fan-out lines were last built for. */
  fanLinesVersion: number;
  /** The active data source; article lists from any other source are ignored. */
  source: DataSource;
  /** Picking: a grid index over the drawn markers, rebuilt when `version` moves past it. */
  pickIndex: GeoGridIndex;
  pickIndexVersion: number;
  lastHoverAt: number;
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

/** Wall-clock ms since the epoch for a frame time `now` (performance.now() ms). */
export function epochNow(now: number): number {
  return performance.timeOrigin + now;
}

/**
 * Live entities: geo-layer pieces plus the individually drawn markers. Counted from the query
 * and the drawn list rather than bitecs' getAllEntities(), which copies every id into a new array.
 */
export function liveEntityCount(world: AtlasWorld): number {
  return query(world, [GeoLayer]).length + world.markers.visible.length;
}

/** Adds one drawable geo-layer entity bound to render handle `handle`. */
export function spawnGeoLayer(
  world: AtlasWorld,
  layer: LayerName,
  lod: number,
  handle: number,
): number {
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
  const layers = Object.fromEntries(LAYER_NAMES.map((n) => [n, layerDefault(n)])) as Record<
    LayerName,
    boolean
  >;
  return createWorld<AtlasContext>({
    time: { now: 0, dt: 0, frame: 0 },
    view: 'landing',
    preset: VIEW_PRESETS.landing,
    basePreset: VIEW_PRESETS.landing,
    cameraSettings: {},
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
    markers: {
      store: new ArticleColumns(),
      ops: [],
      filter: { ...DEFAULT_MARKER_FILTER },
      timeline: null,
      appliedTimeline: null,
      maxMarkersChosen: false,
      appliedCap: -1,
      dirty: false,
      filtered: new Int32Array(256),
      filteredCount: 0,
      filterVersion: 0,
      pendingColumns: false,
      clustering: true,
      visible: [],
      entityOfRow: new Map(),
      cells: [],
      cullFilterVersion: -1,
      cullHidden: false,
      cullCamera: { lat: 0, lon: 0, distance: 0 },
      cullAt: -Infinity,
      changed: new Set(),
      animating: new Set(),
      hovered: -1,
      selected: -1,
      flashUntil: 0,
      lodDistance: -1,
      sizeFactor: MARKER_SIZE_FACTORS.medium,
      display: { ...DEFAULT_MARKER_DISPLAY },
      role: 'guest',
      restricted: false,
      rebuiltAt: 0,
      version: 0,
      fanScale: 1,
      maxFanRadius: 0,
      fanLinesVersion: -1,
      source: 'real',
      pickIndex: new GeoGridIndex(),
      pickIndexVersion: -1,
      lastHoverAt: -Infinity,
    },
    clusters: {
      service: null,
      active: false,
      markersHidden: false,
      generation: 0,
      loadedGeneration: -1,
      itemsGeneration: -1,
      sourceVersion: -1,
      requestedZoom: -1,
      requestedGeneration: -1,
      lastRequestId: -1,
      reply: null,
      items: new Float64Array(0),
      itemCount: 0,
      hoveredItem: -1,
      dirty: false,
      lastHovered: -1,
      lastSelected: -1,
    },
    pointer: {
      x: 0,
      y: 0,
      inside: false,
      moved: false,
      clicked: false,
      touch: false,
      ray: null,
    },
    quality: null,
    profile: { frames: null, startedAt: '', last: null },
    controls: createControlsState(),
    simTime: epochNow(0),
    simClock: createSimClock(epochNow(0)),
    earth: {
      parts: -1,
      solarLayerWas: false,
      gridKey: -1,
      gridLevel: -1,
      gridEmergency: createEmergencyMode(),
      gridBuilds: 0,
      sun: [0, 0, 1],
      sunAt: -Infinity,
      sunLitSent: -1,
      skyAt: -Infinity,
      orbitsAt: -Infinity,
      solarView: false,
    },
    earthRender: NOOP_EARTH_RENDER,
    labels: createLabelState(),
    labelRender: NOOP_LABEL_GPU,
    appearance: createAppearanceState(),
    appearanceRender: NOOP_APPEARANCE_RENDER,
    xrPanels: createXrPanelsState(),
  });
}
