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
] as const;
export type LayerName = (typeof LAYER_NAMES)[number];

export function isLayerName(v: string): v is LayerName {
  return (LAYER_NAMES as readonly string[]).includes(v);
}

/** Named views: one engine, configured per route (spec: "one engine with presets"). */
export const VIEW_NAMES = ['landing', 'app', 'background'] as const;
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
};

/**
 * Radians per second for a three.js-style auto-rotate speed: OrbitControls turns 2π/60/60 × speed
 * per frame at 60 Hz, so speed 2.0 is one turn per 30 s and the spec's 0.5 one turn per 120 s.
 */
export function autoRotateRadPerSec(speed: number): number {
  return ((2 * Math.PI) / 60) * speed;
}
