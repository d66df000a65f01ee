/**
 * Commands in: the UI (and the automation handle) ask the engine to do things by pushing typed
 * commands. They are applied at the start of the next frame by the command system. Commands carry
 * domain ids, never raw entity ids (bitecs recycles those).
 */
import { enqueue } from './bridge/commandQueue';
import type { MarkerFilter } from '../data/markers/markerFilter';
import type { SyntheticColumns } from '../data/markers/articleColumns';
import type { Role } from '../data/permissions';
import type { LayerName, ViewName } from './layers';
import type { TimeMode } from '../data/globe/timezones';
import type { SphereStyle } from './appearance';
import type { GlobeVariantName } from './globeVariants';
import type { MarkerDisplay } from '../data/markers/markerStyle';
import type { TimelineWindow } from '../data/markers/timeline';
import type { CameraSettingsOverride } from './settings';

export type Command =
  /** Switch to a view preset (camera limits, auto-rotate, interactivity), with a globe variant
   * preset (engine/globeVariants.ts: layers, quality, sphere style, camera limits) or the view's
   * default one; the previous variant's changes are undone first. */
  | { type: 'setView'; view: ViewName; variant?: GlobeVariantName }
  /** The globe sphere: ON/OFF, its style, the ocean sphere's scale in percent (clamped to
   * 100-200). Omitted fields keep their value. */
  | {
      type: 'setGlobeSphere';
      on?: boolean;
      style?: SphereStyle;
      oceanScalePercent?: number;
    }
  /** Sun, moon and planets in true scale (on) or the simplified layout (off, the default). */
  | { type: 'setTrueScale'; on: boolean }
  /** Enter immersive VR (WebXR 'immersive-vr'); send it from a user gesture. The outcome is
   * published as the `xrStatus` signal. */
  | { type: 'enterXr'; mode?: 'immersive-vr' | 'immersive-ar' }
  /** The /xr in-headset panels (article card, layer toggles) drawn in front of the normal camera:
   * the desktop preview for people without a headset, and for tests. */
  | { type: 'setXrPanelsPreview'; on: boolean }
  /** Jump the camera; omitted fields keep their value. Distance is clamped to the view's limits. */
  | { type: 'setCamera'; lat?: number; lon?: number; distance?: number }
  /** Animate the camera (default 2000 ms, ease-in-out cubic). */
  | { type: 'flyTo'; lat: number; lon: number; distance?: number; durationMs?: number }
  /** Turn a layer on or off. */
  | { type: 'setLayer'; layer: LayerName; on: boolean }
  /** Override auto-rotation for the current view. */
  | { type: 'setAutoRotate'; on: boolean }
  /** Replace the articles on the globe (a data source's full list); diffed by id. Ignored unless
   * `source` is the active data source (so a late reply from a previous source cannot win). */
  | { type: 'setArticles'; articles: readonly unknown[]; source?: DataSource }
  /** Switch the data source: 'real' (the server), 'demo' (the sample set) or 'scenario'
   * (seeded synthetic load from the automation handle). Clears the current articles. */
  | { type: 'setDataSource'; source: DataSource }
  /** Add or update articles; `live` ones start glowing (intensity 1, decaying). */
  | { type: 'upsertArticles'; articles: readonly unknown[]; live?: boolean }
  | { type: 'removeArticles'; ids: readonly string[] }
  /** Synthetic articles straight into the columnar store (the scenario load, chunk by chunk;
   * `more` while further chunks follow). Ignored unless `source` is the active data source. */
  | { type: 'addArticleColumns'; source: DataSource; columns: SyntheticColumns; more: boolean }
  /** Allow or forbid marker clustering (benchmarks draw every marker individually with off). */
  | { type: 'setMarkerClustering'; on: boolean }
  /** Change the marker filter (sentiment, categories, hours, maxMarkers); omitted keys stay. */
  | { type: 'setMarkerFilter'; filter: Partial<MarkerFilter> }
  /** Marker size (spec factors small 0.3, medium 0.5, large 0.8), times `scale` (the settings'
   * marker base size 0.3-2; default 1). */
  | { type: 'setMarkerSize'; size: MarkerSize; scale?: number }
  /** Marker display switches (spec emojiOnly, pulseEffect, glowEffect); omitted keys stay. */
  | { type: 'setMarkerDisplay'; display: Partial<MarkerDisplay> }
  /** Select an article by id (null clears the selection). */
  | { type: 'selectArticle'; id: string | null }
  /** The signed-in role, for marker interaction rights. */
  | { type: 'setRole'; role: Role }
  /** Start or stop the profiler's frame recording (the result is published as a signal). */
  | { type: 'setProfiling'; on: boolean }
  /** Fix the quality rung (the user's override) or go back to adapting with 'auto'. */
  | { type: 'setQuality'; mode: 'low' | 'medium' | 'high' | 'auto' }
  /** The CSS blur the shell puts on the canvas (px, 0 = sharp): behind a heavy blur the engine
   * renders at a lower resolution, which the blur hides. */
  | { type: 'setBackdropBlur'; px: number }
  /** The screen rectangles the UI occupies over the globe (CSS px, viewport coordinates: navbar,
   * panels, bars, floating buttons, open dialogs and sheets - every element marked
   * `data-occludes`): no place-name label is placed under them. Sent on resize and route change,
   * not per frame (ui/shell/occluders.ts). */
  | {
      type: 'setOccluders';
      rects: readonly { x: number; y: number; width: number; height: number }[];
    }
  /** Simulated time for the sky and the day/night light: a speed mode (spec: realtime, 1day,
   * 10days, 100days), a manual time (ms since the epoch), or `timeMs: null` to return to live. */
  | { type: 'setSimTime'; mode?: TimeMode; timeMs?: number | null }
  /** The timeline filter: only articles published inside {startMs, endMs} become markers (and
   * clusters, and counts); null returns to the marker filter's `hours` window. When the end moves
   * forward with the same start (a time-lapse play), the articles it passes start glowing. */
  | { type: 'setTimeline'; window: TimelineWindow | null }
  /** The choropleth layer's fills: ISO alpha-2 code -> [r, g, b, a] (0..1); {} fills nothing.
   * Shown while the `choropleth` layer is on. */
  | {
      type: 'setChoropleth';
      fills: Readonly<Record<string, readonly [number, number, number, number]>>;
    }
  /** The settings' camera tuning over the interactive views (engine/settings.ts); fields left
   * out keep each view's own value, an empty object restores them all. */
  | { type: 'setCameraSettings'; camera: CameraSettingsOverride }
  | ControlsCommand;

/** Camera and controls commands (systems/controlsSystem.ts applies them). */
export type ControlsCommand =
  /** Spec reset: distance 600 over 1.5 s, keeping the place. */
  | { type: 'resetView' }
  /** North up: latitude back to the equator plane, so the poles stand upright. */
  | { type: 'northUp' }
  /** To the saved home (set by Locate Me, distance 450), else (0, 0, 600). */
  | { type: 'goHome' }
  /** Locate Me: the browser's geolocation, then fly to distance 280 and place the user marker. */
  | { type: 'locateMe' }
  /** A selected location (feed click): the app globe flies to it (distance 200 + zoom, zoom
   * default 300) over 2000 ms, then the selection is cleared. */
  | { type: 'goToLocation'; lat: number; lon: number; zoom?: number }
  /** Select a country by ISO alpha-2 code and zoom to it; null clears the selection. */
  | { type: 'selectCountry'; iso2: string | null }
  /** View options of the globe: drag-to-rotate, the debug crosshair, single-key shortcuts. */
  | {
      type: 'setViewOption';
      option: 'dragToRotate' | 'debugCrosshair' | 'keyShortcuts';
      on: boolean;
    }
  /** The keyboard shortcuts dialog (toggled by '?', closed by Escape or backdrop). */
  | { type: 'setShortcutsOpen'; open: boolean }
  /** Dismisses the controls notice (geolocation errors). */
  | { type: 'clearNotice' }
  /** The landing's location flow: the user's place (named), home and the pulsing green marker. */
  | { type: 'setUserLocation'; lat: number; lon: number; name: string };

export type MarkerSize = 'small' | 'medium' | 'large';
export type DataSource = 'real' | 'demo' | 'scenario';

export function sendCommand(command: Command): void {
  enqueue(command);
}
