/**
 * The /xr in-headset panels (issue #23 item 6). In an immersive session the DOM is not drawn, so
 * the selected article's card and the layer toggles are drawn by Babylon GUI on two planes
 * (engine/render/xrPanels.ts, loaded on demand; the pure model is engine/xrPanelModel.ts). This
 * file is what the system that feeds them (systems/xrPanelSystem.ts), the render side and the
 * automation handle share; no Babylon here.
 */
import type { MarkerRecord } from '../data/markers/articleColumns';
import type { XrPanelsInfo } from '../data/automation';
import type { LayerName } from './layers';

/** Where the panels are drawn: not at all, in front of the normal camera, or in a headset. */
export type XrPanelsMode = 'off' | 'preview' | 'xr';

/** What the panels are built from: the selected article's record, the layer switches, the time. */
export interface XrPanelsInput {
  record: MarkerRecord | null;
  layers: Readonly<Record<LayerName, boolean>>;
  nowMs: number;
}

/** What the automation handle reads back from the drawn panels (`atlas.xr.panels()`). */
export type { XrPanelsInfo };

/** The render side of the panels as systems see it (engine/render/xrPanelHost.ts). */
export interface XrPanelsRender {
  /** Shows the panels in this mode with this content ('off' hides them: no draw call). The first
   * call with another mode than 'off' loads the GUI chunk. */
  show(mode: XrPanelsMode, input: XrPanelsInput): void;
  /** Whether an immersive session is running now (entered and not yet left). */
  inXr(): boolean;
  info(): XrPanelsInfo;
}

export const NOOP_XR_PANELS: XrPanelsRender = {
  show: () => undefined,
  inXr: () => false,
  info: () => ({ mode: 'off', built: false, card: null, close: null, toggles: [] }),
};

/** The panels' bookkeeping in the world (systems/xrPanelSystem.ts). */
export interface XrPanelsState {
  /** The desktop preview is on (setXrPanelsPreview). */
  preview: boolean;
  /** What was last sent to the render side: the mode, the selected row, the
   * layer switches (one bit per layer of LAYER_NAMES) and the minute the card's 'time ago' was
   * computed in. */
  sentMode: XrPanelsMode;
  sentRow: number;
  sentLayers: number;
  sentMinute: number;
  render: XrPanelsRender;
}

export function createXrPanelsState(): XrPanelsState {
  return {
    preview: false,
    sentMode: 'off',
    sentRow: -2,
    sentLayers: -1,
    sentMinute: -1,
    render: NOOP_XR_PANELS,
  };
}
