/**
 * controlsPublishSystem - publishes the controls' UI state: the shortcuts dialog, notices
 * (geolocation errors), the selected country, view options, the user location and its tooltip,
 * gestures, and whether auto-rotation is turning. Only when `controls.version` moved (and the
 * auto-rotate flag when it flips), inside one `batch()`.
 * Reads: controls, camera. Writes: engine/bridge/state controls signals.
 * Order: after uiPublish (last). Cadence: every frame; work only on change.
 */
import { batch } from '@preact/signals-core';
import { state } from '../engine/bridge/state';
import type { AtlasWorld } from '../engine/world';

let lastVersion = -1;
let lastWorld: AtlasWorld | null = null;

export function controlsPublishSystem(world: AtlasWorld): void {
  const c = world.controls;
  const rotating = c.autoRotateFactor > 0;
  if (state.autoRotating.peek() !== rotating) state.autoRotating.value = rotating;
  if (c.version === lastVersion && world === lastWorld) return;
  lastVersion = c.version;
  lastWorld = world;
  batch(() => {
    state.shortcutsOpen.value = c.shortcutsOpen;
    const n = c.notice;
    if (n?.at !== state.controlsNotice.peek()?.at) state.controlsNotice.value = n ? { ...n } : null;
    const cs = c.country;
    const country = cs.selected >= 0 ? cs.index?.countries[cs.selected] : undefined;
    const cur = state.selectedCountry.peek();
    if ((country?.iso2 ?? null) !== (cur?.iso2 ?? null) || country?.name !== cur?.name) {
      state.selectedCountry.value =
        country === undefined ? null : { name: country.name, iso2: country.iso2 };
    }
    const o = c.options;
    const po = state.viewOptions.peek();
    if (po.dragToRotate !== o.dragToRotate || po.debugCrosshair !== o.debugCrosshair) {
      state.viewOptions.value = { dragToRotate: o.dragToRotate, debugCrosshair: o.debugCrosshair };
    }
    const u = c.userLocation;
    const pu = state.userLocation.peek();
    if (u?.lat !== pu?.lat || u?.lon !== pu?.lon) {
      state.userLocation.value = u === null ? null : { lat: u.lat, lon: u.lon, name: u.name };
    }
    const um = c.userMarker;
    state.userLocationTooltip.value =
      u !== null && um.tooltipAt >= 0 ? { lat: u.lat, lon: u.lon, x: um.x, y: um.y } : null;
    if (c.gesture?.at !== state.gesture.peek()?.at) {
      state.gesture.value = c.gesture ? { ...c.gesture } : null;
    }
  });
}
