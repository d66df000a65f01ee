/**
 * Automation handle contract: the engine installs `window.atlas` in the page; browser tests
 * (tests/e2e) and the benchmark runner (scripts/bench.ts) drive and read the globe through it.
 * Pure types only: nothing here imports from engine/, ui/, systems/ or server/.
 */

import type { MarkerFilter } from './markers/markerFilter';
import type { ProfileRecording } from './profile';

/** Engine instrumentation, sampled on demand. */
export interface AtlasStats {
  /** Frames per second as the engine reports it (pinned near 60 in headless Chromium). */
  fps: number;
  /** Draw calls issued in the last frame. */
  drawCalls: number;
  /** Triangles drawn in the last frame, when the engine tracks them. */
  triangles?: number;
  /** Live entities in the ECS world. */
  entities: number;
  /** Frame counter since the engine started. */
  frame: number;
  /** Milliseconds spent in each system in the last frame, keyed by system name. */
  systems: Record<string, number>;
}

export interface AtlasAutomation {
  /** Resolves once the first frame with the globe has been rendered. */
  whenReady(): Promise<void>;
  camera: {
    get(): { lat: number; lon: number; distance: number };
    set(v: { lat?: number; lon?: number; distance?: number }): void;
    /**
     * Moves the camera to `to` over exactly `frames` frames (ease-in-out cubic, longitude the
     * short way round, distance interpolated geometrically), driven by the engine's own frame:
     * the same motion on any machine. Resolves once the last pose has been drawn.
     */
    animate(to: { lat?: number; lon?: number; distance?: number }, frames: number): Promise<void>;
    /** The lens and tuning in force (the settings' camera tab): field of view in degrees, clip
     * planes, distance limits, damping, rotate/zoom/auto-rotate speeds, auto-rotation on. */
    tuning(): CameraTuning;
  };
  /** The engine's frames: counted and timed by the engine itself, so a benchmark or test needs
   * no requestAnimationFrame loop of its own (whose work would count as the app's). */
  frames: {
    /** Frames drawn since the engine started. */
    count(): number;
    /** Start times (performance.now()) of the frames after an earlier `count()`; the last 16384
     * are kept, asking for older ones throws. */
    since(count: number): number[];
    /** Resolves once `n` more frames have been drawn. */
    wait(n: number): Promise<void>;
  };
  stats(): AtlasStats;
  layers: {
    /** Turns a layer on or off at the next frame; throws on an unknown layer name. */
    set(name: string, on: boolean): void;
    /** Current on/off state of every layer. */
    get(): Record<string, boolean>;
    /** The choropleth layer: countries given a fill (setChoropleth), and countries the drawn
     * mesh fills (0 until the country outlines have loaded or while nothing matches). */
    choropleth(): { fills: number; filled: number };
  };
  scenario: {
    /** Replaces the articles with seeded synthetic ones; resolves once they are drawn. */
    load(options: ScenarioOptions): Promise<{ drawn: number; loadMs: number }>;
  };
  quality: {
    /** The adaptive quality state: rung, detected rung, override, smoothed FPS, pixel ratio,
     * culling level, degradation steps and the reason for the last change. */
    get(): {
      mode: 'low' | 'medium' | 'high';
      detected: 'low' | 'medium' | 'high';
      override: 'low' | 'medium' | 'high' | null;
      fps: number;
      pixelRatio: number;
      /** Resolution scale behind the shell's backdrop blur (0.5 under 6-8 px, else 1); the
       * drawing buffer keeps its size, the scene goes into a smaller texture. */
      backdropScale: number;
      culling: 'full' | 'reduced' | 'emergency';
      /** Stepwise degradation steps taken (0 = none; animations off, low textures, segments). */
      degradation: number;
      /** Animations on (off from degradation step 1, or on a low battery). */
      animations: boolean;
      /** Globe sphere segments (device default, -20% per degradation step from step 3, floor 24). */
      segments: number;
      /** Texture size of the texture quality in force (2048 / 1024 / 512: the rung's, 512 from
       * degradation step 2), and the marker atlas's size in texels (at most 1024) that follows it
       * (null until the render side has applied it). */
      textureSize: number;
      markerAtlasPx: number | null;
      /** Milliseconds between label / marker-culling passes while the camera moves (0 = every
       * frame; 100 under 'reduced' culling, 250 under 'emergency'). */
      placementMs: number;
      reason: string;
    };
    /** Fixes the rung, or 'auto' to adapt again. */
    set(mode: 'low' | 'medium' | 'high' | 'auto'): void;
    /** Forces slow frames: the engine busy-waits `ms` each frame (0 stops). For tests/benchmarks. */
    simulateLoad(ms: number): void;
  };
  profile: {
    /** Starts recording every frame's per-system milliseconds (restarts if already on). */
    start(): void;
    /** Stops and returns the recording (JSON-serialisable; see data/profile.ts). */
    stop(): ProfileRecording;
    /** The recording in Chrome's Trace Event Format, one track per system. */
    toChromeTrace(recording: ProfileRecording): unknown;
  };
  markers: {
    /** Markers on the globe after the filter and the cap (drawn individually or inside cluster
     * badges) and articles with a place held by the engine. */
    count(): { drawn: number; articles: number };
    /** Where an article's marker is on screen (CSS px), or null when not drawn or not facing. */
    screenPosition(id: string): { x: number; y: number } | null;
    /** Ids of the markers drawn individually now (not clustered, not culled), newest first. */
    ids(): string[];
    /** Allows (default) or forbids clustering; off draws every marker individually (benchmarks). */
    setClustering(on: boolean): void;
    /** The cluster badges drawn now (none while markers are drawn individually), each with its
     * place and count, and where clustering runs: the worker, or the main thread after the worker
     * failed or timed out. */
    clusters(): {
      path: 'worker' | 'main-thread';
      badges: { lon: number; lat: number; count: number }[];
    };
    /** The marker filter in force: sentiment, categories, reality types, sources, hours and
     * maxMarkers (the /app filters sidebar and the settings write it). */
    filter(): MarkerFilter;
    /** Changes the marker filter at the next frame (the `setMarkerFilter` command); omitted keys
     * stay. Giving maxMarkers makes it explicit (no quality cap). */
    setFilter(f: Partial<MarkerFilter>): void;
    /** Selects the article with this id at the next frame, as a click on its marker or a search
     * result does (the `selectArticle` command); null clears the selection. */
    select(id: string | null): void;
    /** How the marker emoji are drawn: 'emoji' in colour (the bundled font, or the platform's),
     * 'initials' while no colour emoji font works (the category's initial stands in). */
    glyphs(): 'emoji' | 'initials';
    /** The display switches (spec emojiOnly, pulseEffect, glowEffect): current values. */
    display(): { emojiOnly: boolean; pulse: boolean; glow: boolean };
    /** Marker size factor (spec small 0.3, medium 0.5, large 0.8, times the base size). */
    sizeFactor(): number;
    /** Changes display switches at the next frame; omitted keys keep their value. */
    setDisplay(v: { emojiOnly?: boolean; pulse?: boolean; glow?: boolean }): void;
  };
  sky: {
    /** The sky's clock (setSimTime) and the sun it shows: simulated time (ms since the epoch),
     * speed mode, live or simulated, the unit vector toward the sun in the globe frame (as sent
     * to the renderer; refreshed every 10 s of simulated time) and its subsolar point. */
    get(): SkyInfo;
    /** Like the solar-system time panel: a speed mode, a manual time (ms since the epoch), or
     * `timeMs: null` to return to live time. Applied at the next frame. */
    setTime(v: { mode?: SimTimeMode; timeMs?: number | null }): void;
  };
  globe: {
    /** The globe's appearance: sphere ON/OFF and style, ocean scale (percent), true-scale sky,
     * colour tint, the view and variant preset in force, and the background's activity circles. */
    get(): GlobeInfo;
    /** Changes the globe sphere and the sky scale at the next frame; omitted fields keep their
     * value. `oceanScalePercent` is clamped to 100-200; a non-number, or an unknown style, throws. */
    set(v: {
      sphere?: boolean;
      style?: GlobeSphereStyle;
      oceanScalePercent?: number;
      trueScale?: boolean;
    }): void;
  };
  timeline: {
    /** The timeline filter in force ({startMs, endMs}, ms since the epoch), or null when the
     * marker filter's `hours` window applies. */
    get(): { startMs: number; endMs: number } | null;
    /** True once the markers of the timeline window in force are drawn: the filter has run for
     * it and the individual markers (or, far out, the cluster badges from the worker's reply for
     * that set) are on screen. */
    onScreen(): boolean;
    /** Sets (null clears) the timeline filter at the next frame: markers, clusters and
     * `markers.count()` obey it. Throws on a window that is not finite or whose start is after its
     * end. */
    set(w: { startMs: number; endMs: number } | null): void;
  };
  labels: {
    /** The place-name labels placed in the last placement pass (not those fading out): kind
     * ('sky' for the sun, moon and planets), text and screen box in CSS px (top-left x, y);
     * `selected` on the selected country's name. No two boxes overlap. */
    visible(): LabelInfo[];
    /** Same as visible(): the placed label rectangles. */
    placed(): LabelInfo[];
    /** The obstacles of the last placement pass, CSS px boxes: the drawn markers or cluster
     * badges (`markers`), the user marker (`user`) and the rectangles the UI occupies (`ui`,
     * from the elements marked data-occludes). No placed label intersects any of them. */
    obstacles(): { markers: ScreenRect[]; user: ScreenRect[]; ui: ScreenRect[] };
    /** Labels in the catalogue (0 until the gazetteer has loaded) and labels being drawn
     * (placed, held or fading). */
    count(): { catalogue: number; drawn: number };
  };
  /** The /xr in-headset panels (Babylon GUI: the selected article's card, the layer toggles). */
  xr: {
    /** What the panels draw now, read back from the GUI controls; positions are the controls'
     * centres in CSS px on the canvas while the desktop preview shows them (NaN otherwise). */
    panels(): XrPanelsInfo;
    /** The desktop preview: the same panels in front of the normal camera (the `/xr` page's
     * 'Preview headset panels' button). Resolves once they are built and drawn, or hidden. */
    previewPanels(on: boolean): Promise<void>;
  };
}

/** `atlas.xr.panels()`. */
export interface XrPanelsInfo {
  /** 'off', 'preview' (in front of the normal camera) or 'xr' (in an immersive session). */
  mode: 'off' | 'preview' | 'xr';
  /** The GUI has been built (its chunk loaded). */
  built: boolean;
  /** The texts drawn on the card; null while no article is selected (the card shows a hint) or
   * the panels are off. */
  card: { title: string; place: string; timeAgo: string; category: string; summary: string } | null;
  /** The card's Close button's centre (preview, with an article), else null. */
  close: { x: number; y: number } | null;
  /** One toggle per engine layer: its label as drawn, whether it shows the layer on, its centre. */
  toggles: { layer: string; label: string; on: boolean; x: number; y: number }[];
}

/** Speed modes of the sky's clock (spec: realtime, 1day, 10days, 100days). */
export type SimTimeMode = 'realtime' | '1day' | '10days' | '100days';

export interface SkyInfo {
  timeMs: number;
  mode: SimTimeMode;
  simulated: boolean;
  sun: [number, number, number];
  subsolar: { lat: number; lon: number };
}

/** Globe sphere styles: 'Blue Ocean', 'Ethereal Core', 'Transparent', 'Grid Core'. */
export type GlobeSphereStyle = 'blue' | 'ethereal' | 'transparent' | 'grid';

export interface GlobeInfo {
  sphere: boolean;
  style: GlobeSphereStyle;
  oceanScalePercent: number;
  trueScale: boolean;
  tint: 'default' | 'cyan';
  /** The view preset ('landing', 'app', 'background', 'solar') and the variant preset, if any. */
  view: string;
  variant: string | null;
  /** The sun as laid out now (scene units from the Earth's centre), null before the first
   * sky layout (the sky is laid out while the sun, moon or planets are drawn). */
  sun: { distance: number; radius: number } | null;
  moon: { distance: number; radius: number } | null;
  /** The background globe's activity circles: built, on land, drawn now. */
  activityCircles: { count: number; onLand: number; drawn: boolean };
  /** The camera's distance limits in force. */
  cameraLimits: { min: number; max: number };
  /** Coastline/border/land tiers loaded so far ('110m', '50m', '10m'): finer ones load as the
   * camera comes close. */
  geoTiers: string[];
}

/** One placed label as automation reports it. */
export interface LabelInfo {
  kind: string;
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
  selected?: boolean;
}

/** A screen rectangle in CSS px (top-left x, y). */
export interface ScreenRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Seeded synthetic load for benchmarks and scripted tests. */
export interface ScenarioOptions {
  /** Number of synthetic articles; all are drawn (maxMarkers is raised to match). */
  markers: number;
  /** PRNG seed (default 1): the same seed gives the same articles. */
  seed?: number;
  /** Articles are published within this many hours before now (default 23; 168 = a week, for
   * the timeline's time-lapse). */
  hours?: number;
}

declare global {
  interface Window {
    atlas?: AtlasAutomation;
  }
}

/** `atlas.camera.tuning()`: what the settings' camera tab controls, as the engine applies it. */
export interface CameraTuning {
  fovDeg: number;
  near: number;
  far: number;
  minDistance: number;
  maxDistance: number;
  damping: number;
  rotateSpeed: number;
  zoomSpeed: number;
  autoRotateSpeed: number;
  autoRotate: boolean;
}
