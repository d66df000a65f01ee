/**
 * earthLayerSystem - decides which Earth-and-sky parts are drawn (states, rivers, time zones and
 * the background grid share one merged line mesh; lakes and urban areas one merged fill mesh;
 * cities, city lights, the XGrid, clouds, sun, moon and planets one mesh each) and tells the
 * render side only when that set changes. Also switches between the `app` and `solar` views on
 * the edges of the `solarSystem` layer.
 * Reads: layers, view, geoLod (50m hysteresis 450/520), camera.distance.
 * Writes: earth.parts, earth.solarLayerWas, earth.solarView; earthRender.setParts/setSolarView;
 * queues a setView command on a solarSystem edge.
 * Order: after lod (uses its geoLod), before grid and sky. Cadence: every frame (a few compares).
 */
import { sendCommand } from '../engine/commands';
import { isGlobeVariantName } from '../engine/globeVariants';
import { LOD_50M, type AtlasWorld } from '../engine/world';

/** Part bits (one bit per drawable piece; a layer may own several, a mesh may hold several). */
export const PART_STATES = 1 << 0;
export const PART_RIVERS = 1 << 1;
export const PART_TIMEZONES = 1 << 2;
export const PART_BACKGROUND_GRID = 1 << 3;
export const PART_LAKES = 1 << 4;
export const PART_URBAN = 1 << 5;
export const PART_CITIES = 1 << 6;
export const PART_CITY_LIGHTS = 1 << 7;
export const PART_GRID = 1 << 8;
export const PART_CLOUDS = 1 << 9;
export const PART_SUN = 1 << 10;
export const PART_MOON = 1 << 11;
/** Planets and their orbits (the solar-system view proper). */
export const PART_PLANETS = 1 << 12;
/** Not a mesh: the globe is lit by the sun instead of the camera headlight. */
export const PART_SUNLIGHT = 1 << 13;

/** Parts drawn by the merged static line mesh. */
export const LINE_PARTS = PART_STATES | PART_RIVERS | PART_TIMEZONES | PART_BACKGROUND_GRID;
/** Parts drawn by the merged fill mesh. */
export const FILL_PARTS = PART_LAKES | PART_URBAN;

/** The solar-system view shows beyond this camera distance (spec globe.md section 1: 5000). */
export const SOLAR_VIEW_DISTANCE = 5000;

/** What the render side should draw for these layer switches and camera (pure). */
export function earthParts(world: AtlasWorld): number {
  const l = world.layers;
  let m = 0;
  // State/province lines only close up: the 50m (or finer) LOD with its 450/520 hysteresis (spec
  // label range for states: 205-450).
  if (l.states && world.geoLod >= LOD_50M) m |= PART_STATES;
  // Beyond the solar-system view's threshold the Earth is under ~70 px across: no river or time
  // zone lines on it (as lodSystem drops coastlines and borders there).
  const farOut = world.camera.distance > SOLAR_VIEW_DISTANCE;
  if (l.rivers && !farOut) m |= PART_RIVERS;
  if (l.timezones && !farOut) m |= PART_TIMEZONES;
  // The 16 x 32 grid belongs to the background globe behind static pages (spec section 1).
  if (l.backgroundGrid && world.view === 'background') m |= PART_BACKGROUND_GRID;
  if (l.lakes) m |= PART_LAKES;
  if (l.urban) m |= PART_URBAN;
  if (l.cities) m |= PART_CITIES;
  // City lights exist only with the day/night lighting (they are drawn where it is night).
  if (l.cityLights && l.dayNight) m |= PART_CITY_LIGHTS | PART_SUNLIGHT;
  if (l.dayNight) m |= PART_SUNLIGHT;
  if (l.grid) m |= PART_GRID;
  if (l.clouds) m |= PART_CLOUDS;
  if (l.moon) m |= PART_MOON;
  if (l.solarSystem) {
    m |= PART_SUN;
    if (world.camera.distance > SOLAR_VIEW_DISTANCE) m |= PART_PLANETS;
  }
  return m;
}

/** The view to switch to when the solarSystem layer changes, or null to stay. */
export function solarViewSwitch(
  was: boolean,
  now: boolean,
  view: AtlasWorld['view'],
): AtlasWorld['view'] | null {
  if (!was && now && view === 'app') return 'solar';
  if (was && !now && view === 'solar') return 'app';
  return null;
}

export function earthLayerSystem(world: AtlasWorld): void {
  const e = world.earth;
  const solarOn = world.layers.solarSystem;
  if (solarOn !== e.solarLayerWas) {
    const next = solarViewSwitch(e.solarLayerWas, solarOn, world.view);
    e.solarLayerWas = solarOn;
    // The variant preset in force stays (e.g. /test-solar with the solar system switched off).
    const variant = world.appearance.variant;
    if (next !== null) {
      sendCommand(
        isGlobeVariantName(variant)
          ? { type: 'setView', view: next, variant }
          : { type: 'setView', view: next },
      );
    }
  }
  const mask = earthParts(world);
  if (mask !== e.parts) {
    e.parts = mask;
    world.earthRender.setParts(mask);
  }
  const solarView = (mask & PART_PLANETS) !== 0;
  if (solarView !== e.solarView || solarView) {
    // While on, the depth range follows the distance; setSolarView is a couple of assignments.
    e.solarView = solarView;
    world.earthRender.setSolarView(solarView, world.camera.distance);
  }
}
