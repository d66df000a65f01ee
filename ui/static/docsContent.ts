/**
 * What /docs says about layers and keys, generated from the tables the app itself uses: the
 * engine's layer list (engine/layers.ts LAYER_NAMES, via engine/signals) and the globe's key map
 * (data/globe/keymap.ts SHORTCUT_HELP). A new layer without an entry here fails the typecheck
 * (the record is keyed by LayerName), so the page cannot drift from the app.
 */
import { SHORTCUT_HELP } from '../../data/globe/keymap';
import { LAYER_NAMES, type LayerName } from '../../engine/signals';

export const LAYER_DOCS: Readonly<Record<LayerName, { label: string; text: string }>> = {
  ocean: { label: 'Ocean', text: 'The globe sphere and its style (Settings).' },
  land: { label: 'Land', text: 'Natural Earth land masses.' },
  coastline: { label: 'Coastline', text: 'Coastlines, finer as you zoom in (110m, 50m, 10m).' },
  borders: { label: 'Borders', text: 'Country borders; click a country to select it.' },
  atmosphere: { label: 'Atmosphere', text: 'The glow around the planet.' },
  stars: { label: 'Stars', text: 'The star field behind the globe.' },
  markers: {
    label: 'Story markers',
    text: 'One glowing marker per story at the place it happened; click to read it.',
  },
  choropleth: {
    label: 'Choropleth',
    text: 'Countries filled by their article count, mean sentiment or highest risk in a window, with a legend (chosen on the Analytics page).',
  },
  states: { label: 'States & provinces', text: 'First-level administrative borders.' },
  rivers: { label: 'Rivers', text: 'Major rivers and lake centrelines.' },
  lakes: { label: 'Lakes', text: 'Large lakes.' },
  urban: { label: 'Urban areas', text: 'The extent of large cities.' },
  cities: { label: 'Cities', text: 'City points from the GeoNames gazetteer.' },
  cityLights: { label: 'City lights', text: 'Lights on the night side.' },
  grid: { label: 'Grid', text: 'Latitude and longitude lines.' },
  backgroundGrid: { label: 'Background grid', text: 'A faint grid behind the globe.' },
  timezones: { label: 'Time zones', text: 'Time-zone bands with their local times.' },
  dayNight: {
    label: 'Day / night',
    text: 'The terminator and the sun position for the current (or chosen) time.',
  },
  clouds: { label: 'Clouds', text: 'A cloud layer.' },
  moon: { label: 'Moon', text: 'The Moon in its real position.' },
  solarSystem: {
    label: 'Solar system',
    text: 'Zoom out past the Moon to the Sun and planets in their real positions.',
  },
  labels: { label: 'Labels', text: 'Continent, country and city names.' },
};

export const DOC_LAYERS: readonly { name: LayerName; label: string; text: string }[] =
  LAYER_NAMES.map((name) => ({ name, ...LAYER_DOCS[name] }));

export const DOC_SHORTCUTS = SHORTCUT_HELP;

/** Spec Quick Start list. */
export const QUICK_START: readonly string[] = [
  'Click Launch ATLAS on the home page.',
  'Drag to rotate the globe.',
  'Scroll or pinch to zoom.',
  'Click glowing markers to read articles.',
  'The left panel lists recent articles.',
  'Article details open on the right.',
];
