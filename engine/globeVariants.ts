/**
 * One engine, many views: the spec's globe-switcher variants (application.md section 2: /spatial,
 * /globe-complete, /globe-optimized, /globe-minimal, /globe-holographic, /test-solar, /xr) and the
 * background globe behind pages (globe.md section 1) are rows of this table, applied on route
 * entry by the `setView` command (systems/appearanceSystem.ts applyVariant). A row says which
 * layers it turns on or off, the quality rung, the globe sphere's look, the sky scale and the
 * camera limits; whatever it changes is put back when the route is left. Pure data.
 */
import { SPHERE_STYLES, type GlobeTint, type SphereStyle } from './appearance';
import { EARTH_LAYERS, type LayerName, type ViewName } from './layers';

export const GLOBE_VARIANT_NAMES = [
  'spatial',
  'globe-complete',
  'globe-optimized',
  'globe-minimal',
  'globe-holographic',
  'test-solar',
  'xr',
  'background',
] as const;
export type GlobeVariantName = (typeof GLOBE_VARIANT_NAMES)[number];

export interface GlobeVariant {
  /** The camera/interaction preset it builds on (engine/layers.ts VIEW_PRESETS). */
  view: ViewName;
  /** Layers switched on (true) or off (false) while the variant is shown. */
  layers: Partial<Record<LayerName, boolean>>;
  /** Quality rung fixed while shown ('low' is the low-power background). */
  quality?: 'low' | 'medium' | 'high';
  sphere?: boolean;
  style?: SphereStyle;
  oceanScalePercent?: number;
  trueScale?: boolean;
  tint?: GlobeTint;
  /** Camera limits over the view's, and a distance to start at (scene units). */
  camera?: { minDistance?: number; maxDistance?: number; startDistance?: number };
}

/** Every Earth layer on (globe-complete). */
const ALL_EARTH: Partial<Record<LayerName, boolean>> = Object.fromEntries(
  EARTH_LAYERS.map((l) => [l, true]),
);

export const GLOBE_VARIANTS: Readonly<Record<GlobeVariantName, GlobeVariant>> = {
  // Main production globe: the spec's display defaults (globe.md section 3: grid, labels and
  // moon on, day/night, time zones and solar system off, sphere 'blue').
  spatial: {
    view: 'app',
    layers: { grid: true, labels: true, moon: true },
    style: 'blue',
    sphere: true,
  },
  // Everything the Earth has: every Earth layer, labels, the moon, high quality.
  'globe-complete': {
    view: 'app',
    layers: { ...ALL_EARTH, labels: true, moon: true },
    quality: 'high',
    style: 'blue',
    sphere: true,
  },
  // Low quality, only the cheap layers.
  'globe-optimized': {
    view: 'app',
    layers: { clouds: false, cityLights: false, dayNight: false, grid: false, labels: true },
    quality: 'low',
    style: 'blue',
  },
  // Few layers: ocean, land, coastline and markers; no borders, labels, atmosphere or grid.
  'globe-minimal': {
    view: 'app',
    layers: { borders: false, labels: false, atmosphere: false, grid: false, clouds: false },
    quality: 'low',
    style: 'blue',
    camera: { minDistance: 250, maxDistance: 900 },
  },
  // A cyan hologram: the grid core under cyan land and coasts, the XGrid on.
  'globe-holographic': {
    view: 'app',
    layers: { grid: true, labels: false, clouds: false, dayNight: false },
    style: 'grid',
    tint: 'cyan',
    sphere: true,
  },
  // The solar system: sun, moon and planets, the camera out to 50000, starting beyond 5000.
  'test-solar': {
    view: 'solar',
    layers: { solarSystem: true, moon: true },
    camera: { maxDistance: 50000, startDistance: 9000 },
  },
  // WebXR: a plain, light globe (an XR session renders every frame twice).
  xr: {
    view: 'app',
    layers: { labels: false, grid: false, clouds: false },
    quality: 'medium',
    style: 'blue',
  },
  // Behind static pages and the feed (globe.md section 1): the 16 x 32 grid, low-power rendering;
  // the activity circles are drawn in this view only.
  background: {
    view: 'background',
    layers: { backgroundGrid: true },
    quality: 'low',
  },
};

export function isGlobeVariantName(v: unknown): v is GlobeVariantName {
  return typeof v === 'string' && (GLOBE_VARIANT_NAMES as readonly string[]).includes(v);
}

/** The variant a view gets when a route names none (the background view always has its own). */
export function defaultVariant(view: ViewName): GlobeVariantName | null {
  return view === 'background' ? 'background' : null;
}

/** Checks a row (used by the unit tests over the whole table). */
export function variantProblems(v: GlobeVariant): string[] {
  const out: string[] = [];
  if (v.style !== undefined && !SPHERE_STYLES.includes(v.style)) out.push(`style ${v.style}`);
  const p = v.oceanScalePercent;
  if (p !== undefined && !(p >= 100 && p <= 200)) out.push(`oceanScalePercent ${p}`);
  const c = v.camera;
  if (c !== undefined) {
    const min = c.minDistance ?? 200.1;
    const max = c.maxDistance ?? Infinity;
    if (!(min > 200 && min < max)) out.push(`camera limits ${min}..${max}`);
    if (c.startDistance !== undefined && !(c.startDistance >= min && c.startDistance <= max)) {
      out.push(`start distance ${c.startDistance}`);
    }
  }
  return out;
}
