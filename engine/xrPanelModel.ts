/**
 * The /xr in-headset panels' model (issue #23 item 6): the texts of the selected article's card
 * and the layer toggles, as plain data. Pure; used by the GUI module (engine/render/xrPanels.ts,
 * loaded on demand with @babylonjs/gui) so the article normaliser stays out of the first bundle.
 */
import { normalizeArticle } from '../data/articleNormalizer';
import type { MarkerRecord } from '../data/markers/articleColumns';
import { timeAgo } from '../data/markers/markerFilter';
import { LAYER_NAMES, type LayerName } from './layers';

/** The layers' names as the Layers view shows them (ui/views/layers/layerCatalogue.ts; two long
 * ones shortened to fit a toggle). */
export const LAYER_LABELS: Readonly<Record<LayerName, string>> = {
  ocean: 'Ocean',
  land: 'Land',
  coastline: 'Coastline',
  borders: 'Borders',
  atmosphere: 'Atmosphere',
  stars: 'Stars',
  markers: 'News markers',
  states: 'States',
  rivers: 'Rivers',
  lakes: 'Lakes',
  urban: 'Urban areas',
  cities: 'Cities',
  cityLights: 'City lights',
  grid: 'Grid',
  backgroundGrid: 'XGrid',
  timezones: 'Time zones',
  dayNight: 'Day / night',
  clouds: 'Clouds',
  moon: 'Moon',
  solarSystem: 'Sun and planets',
  labels: 'Labels',
  choropleth: 'Choropleth',
};

/** Longest title and summary on the card (characters; longer ones end in an ellipsis). */
export const CARD_TITLE_MAX = 90;
export const CARD_SUMMARY_MAX = 220;

export interface XrCard {
  id: string;
  title: string;
  /** Place name, else the coordinates ('48.86° N, 2.35° E'). */
  place: string;
  /** 'Just now', '5m ago', '3h ago', '2d ago'. */
  timeAgo: string;
  category: string;
  summary: string;
}

export interface XrToggle {
  layer: LayerName;
  label: string;
  on: boolean;
}

export interface XrPanelsModel {
  /** The selected article, or null (the card then says how to select one). */
  card: XrCard | null;
  /** Every engine layer, in the Layers view's order (LAYER_NAMES). */
  toggles: XrToggle[];
}

/** Where the panels are drawn: not at all, in front of the normal camera, or in a headset. */
export type XrPanelsMode = 'off' | 'preview' | 'xr';

/** Cuts `text` to at most `max` characters at a word boundary when one is near, with '…'. */
export function truncate(text: string, max: number): string {
  const t = text.replace(/\s+/g, ' ').trim();
  if (t.length <= max) return t;
  const cut = t.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  // Break at the last space unless that would drop more than a fifth of the room.
  const head = space >= max * 0.8 ? cut.slice(0, space) : cut;
  return `${head.replace(/[\s,;:.-]+$/, '')}…`;
}

/** '48.86° N, 2.35° E' (two decimals). */
export function formatLatLon(lat: number, lon: number): string {
  const ns = lat >= 0 ? 'N' : 'S';
  const ew = lon >= 0 ? 'E' : 'W';
  return `${Math.abs(lat).toFixed(2)}° ${ns}, ${Math.abs(lon).toFixed(2)}° ${ew}`;
}

/** The card of a selected article (its store record) at time `nowMs`. */
export function cardOf(record: MarkerRecord, nowMs: number): XrCard {
  const a = normalizeArticle(record.article);
  const name = a?.location.name ?? '';
  const place =
    name !== '' && name !== 'Unknown Location' ? name : formatLatLon(record.lat, record.lon);
  return {
    id: record.id,
    title: truncate(record.title, CARD_TITLE_MAX),
    place: truncate(place, 60),
    timeAgo: timeAgo(record.publishedMs, nowMs),
    category: truncate(record.category, 24),
    summary: truncate(a?.summary ?? '', CARD_SUMMARY_MAX),
  };
}

/** The toggles for the current layer switches. */
export function togglesOf(layers: Readonly<Record<LayerName, boolean>>): XrToggle[] {
  return LAYER_NAMES.map((layer) => ({ layer, label: LAYER_LABELS[layer], on: layers[layer] }));
}
