/**
 * Commands in: the UI (and the automation handle) ask the engine to do things by pushing typed
 * commands. They are applied at the start of the next frame by the command system. Commands carry
 * domain ids, never raw entity ids (bitecs recycles those).
 */
import { enqueue } from './bridge/commandQueue';
import type { MarkerFilter } from '../data/markers/markerFilter';
import type { Role } from '../data/permissions';
import type { LayerName, ViewName } from './layers';

export type Command =
  /** Switch to a view preset (camera limits, auto-rotate, interactivity). */
  | { type: 'setView'; view: ViewName }
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
  /** Change the marker filter (sentiment, categories, hours, maxMarkers); omitted keys stay. */
  | { type: 'setMarkerFilter'; filter: Partial<MarkerFilter> }
  | { type: 'setMarkerSize'; size: MarkerSize }
  /** Select an article by id (null clears the selection). */
  | { type: 'selectArticle'; id: string | null }
  /** The signed-in role, for marker interaction rights. */
  | { type: 'setRole'; role: Role };

export type MarkerSize = 'small' | 'medium' | 'large';
export type DataSource = 'real' | 'demo' | 'scenario';

export function sendCommand(command: Command): void {
  enqueue(command);
}
