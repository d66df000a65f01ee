/**
 * The globe's appearance settings (issue "The Earth and the sky"): the globe sphere (on/off and
 * its four styles), the ocean sphere's scale, the sun/moon/planets scale, the colour tint of the
 * variant globes, and the background globe's activity circles. Held in `world.appearance`,
 * changed by commands, applied to the render side by systems/appearanceSystem.ts through
 * `world.appearanceRender` (engine/render/globeAppearance.ts). No Babylon here.
 */

import type { SolarSystemLayout } from '../data/globe/astro';
import type { LayerName } from './layers';

/** Spec globe.md section 9: sphere style blue/ethereal/transparent/grid. */
export const SPHERE_STYLES = ['blue', 'ethereal', 'transparent', 'grid'] as const;
export type SphereStyle = (typeof SPHERE_STYLES)[number];

/** The style choice's labels (spec globe.md section 2, small GLOBE panel). */
export const SPHERE_STYLE_LABELS: Readonly<Record<SphereStyle, string>> = {
  blue: 'Blue Ocean',
  ethereal: 'Ethereal Core',
  transparent: 'Transparent',
  grid: 'Grid Core',
};

export function isSphereStyle(v: unknown): v is SphereStyle {
  return typeof v === 'string' && (SPHERE_STYLES as readonly string[]).includes(v);
}

/** Ocean sphere scale setting, percent of the globe radius (ours: the spec's 100-200 %). */
export const OCEAN_SCALE_MIN_PERCENT = 100;
export const OCEAN_SCALE_MAX_PERCENT = 200;

/** Clamps an ocean scale in percent to 100-200; NaN and non-numbers are an error. */
export function clampOceanScalePercent(percent: number): number {
  if (typeof percent !== 'number' || !Number.isFinite(percent)) {
    throw new Error(
      `oceanScalePercent must be a number from ${OCEAN_SCALE_MIN_PERCENT} to ${OCEAN_SCALE_MAX_PERCENT}, got ${String(percent)}`,
    );
  }
  return Math.min(OCEAN_SCALE_MAX_PERCENT, Math.max(OCEAN_SCALE_MIN_PERCENT, percent));
}

/** Colour themes of the variant globes: the default look, or the holographic cyan. */
export type GlobeTint = 'default' | 'cyan';

export interface AppearanceState {
  /** Globe sphere ON/OFF (spec display default globeSphereEnabled true). */
  sphere: boolean;
  /** Spec display default globeSphereStyle 'blue'. */
  style: SphereStyle;
  /** Ocean sphere radius in percent of the globe's (100-200). */
  oceanScalePercent: number;
  /** Sun, moon and planets in true scale (spec: simplified by default, true scale optional). */
  trueScale: boolean;
  tint: GlobeTint;
  /** Bumped on every change: the appearance system applies and publishes only then. */
  version: number;
  /** Version last applied to the render side and published (-1 = never). */
  appliedVersion: number;
  /** The trueScale the sky layout was last computed with (the sky system re-lays out on change). */
  skyTrueScale: boolean;
  /** The globe variant preset in force (engine/globeVariants.ts), or null. */
  variant: string | null;
  /** What the variant changed, as it was before: restored when the variant is left. */
  saved: SavedSettings | null;
  /** WebXR: idle, entering, active, or failed with a message. */
  xr: XrStatus;
  /** Whether the activity circles were last asked for (the background view). */
  circlesOn: boolean;
  /** The sky layout last sent to the render side (automation reads it), null before any. */
  sky: SolarSystemLayout | null;
}

export interface XrStatus {
  state: 'idle' | 'entering' | 'active' | 'failed';
  message: string;
}

/** Settings a variant preset overrode, with their values from before it. */
export interface SavedSettings {
  layers: Partial<Record<LayerName, boolean>>;
  quality: 'low' | 'medium' | 'high' | null | undefined;
  sphere?: boolean;
  style?: SphereStyle;
  oceanScalePercent?: number;
  trueScale?: boolean;
  tint?: GlobeTint;
}

export function createAppearanceState(): AppearanceState {
  return {
    sphere: true,
    style: 'blue',
    oceanScalePercent: 100,
    trueScale: false,
    tint: 'default',
    version: 0,
    appliedVersion: -1,
    skyTrueScale: false,
    variant: null,
    saved: null,
    xr: { state: 'idle', message: '' },
    circlesOn: false,
    sky: null,
  };
}

/** What the render side is told (a snapshot of the settings that change the picture). */
export interface AppearanceSettings {
  sphere: boolean;
  style: SphereStyle;
  /** Ocean sphere radius relative to the globe (1-2). */
  oceanScale: number;
  tint: GlobeTint;
}

/** The background globe's decorative activity circles, as the render side reports them. */
export interface ActivityCircleInfo {
  /** Circles built (0 until the land data has loaded and the background view was entered). */
  count: number;
  /** How many of them sit on land. */
  onLand: number;
  /** Whether their mesh is drawn now (background view only). */
  drawn: boolean;
}

/** The render side of the appearance (engine/render/globeAppearance.ts); no Babylon types. */
export interface AppearanceRender {
  apply(settings: AppearanceSettings): void;
  /** Shows the background globe's activity circles (built on first use). */
  setActivityCircles(on: boolean): void;
  activityCircles(): ActivityCircleInfo;
  /** Enters immersive VR, or AR with 'immersive-ar' (Babylon's WebXR experience helper);
   * resolves with an error text or null on success. */
  enterXr(mode?: XrMode): Promise<string | null>;
}

export type XrMode = 'immersive-vr' | 'immersive-ar';

export const NOOP_APPEARANCE_RENDER: AppearanceRender = {
  apply: () => undefined,
  setActivityCircles: () => undefined,
  activityCircles: () => ({ count: 0, onLand: 0, drawn: false }),
  enterXr: () => Promise.resolve('The 3D engine is not running.'),
};

/** The appearance as the UI sees it (the `globeAppearance` signal). */
export interface GlobeAppearanceInfo {
  sphere: boolean;
  style: SphereStyle;
  oceanScalePercent: number;
  trueScale: boolean;
  tint: GlobeTint;
  /** The globe variant preset in force, or null. */
  variant: string | null;
  xr: XrStatus;
}
