/**
 * The globe's layers and views (presets of the one engine). Shared vocabulary of the commands,
 * the world and the render side; no Babylon here.
 */

/** Layers the skeleton draws; later layers (rivers, labels, grid...) extend this list. */
export const LAYER_NAMES = [
  'ocean',
  'land',
  'coastline',
  'borders',
  'atmosphere',
  'stars',
  'markers',
  // The Earth and the sky (engine/render/earthLayers.ts, systems/earthLayerSystem.ts).
  'states',
  'rivers',
  'lakes',
  'urban',
  'cities',
  'cityLights',
  'grid',
  'backgroundGrid',
  'timezones',
  'dayNight',
  'clouds',
  'moon',
  'solarSystem',
  // Text labels (continents, countries, cities): toggled by the L key (systems/controlsSystem.ts);
  // spec display default labelsEnabled true.
  'labels',
  // Countries filled by a figure of the news (article count, mean sentiment, highest risk): the
  // data comes from the UI (ui/choropleth.ts, command setChoropleth); engine/render/choropleth.ts.
  'choropleth',
] as const;
export type LayerName = (typeof LAYER_NAMES)[number];

/**
 * Layers that start switched off (every other layer starts on). Spec globe.md section 3 display
 * defaults: dayNightEnabled false, solarSystemEnabled false, timezoneEnabled false. The other
 * Earth-and-sky layers also start off so the plain globe stays as cheap as before (each draw call
 * costs ~10 ms of SwiftShader GPU time per frame); the layer panel and settings turn them on
 * (spec defaults gridEnabled and moonEnabled true are theirs to apply).
 */
export const LAYERS_OFF_BY_DEFAULT: readonly LayerName[] = [
  'states',
  'rivers',
  'lakes',
  'urban',
  'cities',
  'cityLights',
  'grid',
  'backgroundGrid',
  'timezones',
  'dayNight',
  'clouds',
  'moon',
  'solarSystem',
  'choropleth',
];

/** The Earth layers (everything drawn on or just above the globe), for "full Earth" setups. */
export const EARTH_LAYERS: readonly LayerName[] = [
  'states',
  'rivers',
  'lakes',
  'urban',
  'cities',
  'cityLights',
  'grid',
  'timezones',
  'dayNight',
  'clouds',
];

/** Whether a layer is on when the engine starts. */
export function layerDefault(name: LayerName): boolean {
  return !LAYERS_OFF_BY_DEFAULT.includes(name);
}

export function isLayerName(v: string): v is LayerName {
  return (LAYER_NAMES as readonly string[]).includes(v);
}

/** Named views: one engine, configured per route (spec: "one engine with presets"). */
export const VIEW_NAMES = ['landing', 'app', 'background', 'solar'] as const;
export type ViewName = (typeof VIEW_NAMES)[number];

export interface ViewPreset {
  /** Camera distance limits in scene units (spec globe.md section 9). */
  minDistance: number;
  maxDistance: number;
  /** Distance the camera starts at when the view is entered. */
  startDistance: number;
  /** Auto-rotate on entering the view; speed 0.5 = one turn in 120 s (three.js convention). */
  autoRotate: boolean;
  autoRotateSpeed: number;
  /** Whether pointer input moves the camera. */
  interactive: boolean;
  /** Orbit tuning (spec globe.md section 9); omitted = the globe controls' 0.5 / 1 / 0.1. */
  rotateSpeed?: number;
  zoomSpeed?: number;
  damping?: number;
  /** Auto-rotation rules (data/globe/autoRotate.ts): 'landing' resumes after 30 s, the
   * default 'controls' after 20 s. */
  autoRotateVariant?: 'controls' | 'landing';
}

export const VIEW_PRESETS: Readonly<Record<ViewName, ViewPreset>> = {
  // Landing controls: 200.1-2500, auto-rotate 0.5 (globe.md sections 1 and 9).
  landing: {
    minDistance: 200.1,
    maxDistance: 2500,
    startDistance: 600,
    autoRotate: true,
    autoRotateSpeed: 0.5,
    interactive: true,
    // Landing controls: rotate 1.2, zoom 1.5, damping 0.08; resumes after 30 s (globe.md 4, 9).
    rotateSpeed: 1.2,
    zoomSpeed: 1.5,
    damping: 0.08,
    autoRotateVariant: 'landing',
  },
  // The main application: 200.1-1000, start 600 (globe.md section 9).
  app: {
    minDistance: 200.1,
    maxDistance: 1000,
    startDistance: 600,
    autoRotate: false,
    autoRotateSpeed: 0.5,
    interactive: true,
  },
  // Behind static pages: not interactive, slowly turning (globe.md section 1).
  background: {
    minDistance: 200.1,
    maxDistance: 1000,
    startDistance: 600,
    autoRotate: true,
    autoRotateSpeed: 0.5,
    interactive: false,
  },
  // The solar-system view (layer `solarSystem`): the globe's controls with the far limit widened
  // to 50000 (spec globe.md section 9: "200.01 to 50000"); sun, moon and planets show beyond 5000.
  solar: {
    minDistance: 200.1,
    maxDistance: 50000,
    startDistance: 600,
    autoRotate: false,
    autoRotateSpeed: 0.5,
    interactive: true,
  },
};

/** The camera's lens in every view (spec globe.md section 9: fov 45, near 1, far 50000). */
export const DEFAULT_LENS = { fovDeg: 45, near: 1, far: 50000 } as const;

/**
 * Radians per second for a three.js-style auto-rotate speed: OrbitControls turns 2π/60/60 × speed
 * per frame at 60 Hz, so speed 2.0 is one turn per 30 s and the spec's 0.5 one turn per 120 s.
 */
export function autoRotateRadPerSec(speed: number): number {
  return ((2 * Math.PI) / 60) * speed;
}
