/**
 * xrPanelSystem - feeds the /xr in-headset panels (engine/xrPanels.ts): the selected article's
 * card and the layer toggles, drawn by Babylon GUI on two planes in an immersive session, or in
 * front of the normal camera while the desktop preview is on (setXrPanelsPreview). Sends the
 * render side new content only when the mode, the selection, a layer switch or the minute (the
 * card's 'time ago') changed; outside XR and the preview it does nothing after hiding them once,
 * so /app and /xr pay no draw call and no GUI code for the panels.
 * Reads: xrPanels, markers.selected, markers.store, layers. Writes: xrPanels.sent*.
 * Order: after the marker systems and picking, before the UI publish. Cadence: every frame; work
 * only on a change.
 */
import { LAYER_NAMES } from '../engine/layers';
import type { XrPanelsMode } from '../engine/xrPanels';
import type { AtlasWorld } from '../engine/world';

/** The layer switches as one number, a bit per layer of LAYER_NAMES (22 of them). */
export function layerBits(layers: Readonly<Record<string, boolean>>): number {
  let bits = 0;
  for (let i = 0; i < LAYER_NAMES.length; i++) {
    if (layers[LAYER_NAMES[i] as string] === true) bits |= 1 << i;
  }
  return bits;
}

export function xrPanelSystem(world: AtlasWorld): void {
  const x = world.xrPanels;
  const mode: XrPanelsMode = x.render.inXr() ? 'xr' : x.preview ? 'preview' : 'off';
  if (mode === 'off') {
    if (x.sentMode !== 'off') {
      x.sentMode = 'off';
      x.sentRow = -2;
      x.render.show('off', { record: null, layers: world.layers, nowMs: Date.now() });
    }
    return;
  }
  const nowMs = Date.now();
  const minute = Math.floor(nowMs / 60_000);
  const row = world.markers.selected;
  const bits = layerBits(world.layers);
  if (
    mode === x.sentMode &&
    row === x.sentRow &&
    bits === x.sentLayers &&
    minute === x.sentMinute
  ) {
    return;
  }
  x.sentMode = mode;
  x.sentRow = row;
  x.sentLayers = bits;
  x.sentMinute = minute;
  const record = row >= 0 ? (world.markers.store.record(row) ?? null) : null;
  x.render.show(mode, { record, layers: world.layers, nowMs });
}
