/**
 * countrySystem - what the pointer means on the globe itself, after the markers had their say:
 * country hover (pointer cursor over land), the delayed country click (select + zoom to distance
 * 500), the cursor ('grab' idle, 'grabbing' while dragging, 'pointer' over a marker, a country or
 * the user marker), the selected country's highlight (outline and fill, through
 * controls.highlightRender, when the selection changes), the choropleth's fills (through
 * controls.choroplethRender, when setChoropleth sent new ones), and the user marker (pulse, size, the
 * 'Your Location' tooltip that hides after 2 s).
 * Reads: pointer (x, y, inside), controls (dragging, country index and pending click, user
 * location), markers.hovered, camera, preset, time. Writes: controls.country (hovered,
 * selected, pending), controls.userMarker, controls.cursor, the canvas cursor, the user-marker
 * mesh (through controls.userMarkerRender), flyTo (country zoom).
 * Countries are off on the landing globe (a showcase; the badge lives on /app).
 * Order: after picking (so a marker under the pointer wins), before render sync.
 * Cadence: every frame; the country lookup only when the pointer moved, at most every 50 ms.
 */
import type { AtlasWorld } from '../engine/world';
import { GLOBE_RADIUS } from '../data/geoMath';
import {
  countryAtScreen,
  selectCountry,
  userMarkerScreen,
  USER_MARKER_HIT_PX,
} from './controlsSystem';

/** Country hover lookups at most this often, ms (spec: hover raycast throttle 50 ms). */
export const COUNTRY_HOVER_THROTTLE_MS = 50;
/** 'Your Location' tooltip hides after this long, ms (spec). */
export const USER_TOOLTIP_MS = 2000;
/** The user marker's size on screen, CSS px, and its pulse period, ms (ours). */
export const USER_MARKER_PX = 28;
export const USER_MARKER_PULSE_MS = 1500;

const screen = { x: 0, y: 0 };

export function countrySystem(world: AtlasWorld): void {
  const c = world.controls;
  const cs = c.country;
  const p = world.pointer;
  const now = world.time.now;
  const interactive = world.preset.interactive;

  // Hover: which country is under the pointer (throttled, not while dragging).
  if (!p.inside || !interactive || c.dragging || world.view === 'landing') {
    cs.hovered = -1;
  } else if (
    cs.index !== null &&
    (p.x !== cs.lastX || p.y !== cs.lastY) &&
    now - cs.lastHoverAt >= COUNTRY_HOVER_THROTTLE_MS
  ) {
    cs.lastX = p.x;
    cs.lastY = p.y;
    cs.lastHoverAt = now;
    cs.hovered = countryAtScreen(world, p.x, p.y);
  }

  // A click that outlived the double-tap window selects the country under it.
  const pending = cs.pending;
  if (pending !== null && now >= pending.at) {
    cs.pending = null;
    const i = countryAtScreen(world, pending.x, pending.y);
    if (i >= 0 && world.markers.hovered < 0) selectCountry(world, i);
  }

  // The selected country's outline and fill: rebuilt on the render side when the selection moves.
  if (cs.selected !== c.highlighted) {
    c.highlighted = cs.selected;
    const info = cs.selected >= 0 ? cs.index?.countries[cs.selected] : undefined;
    c.highlightRender.show(info === undefined ? -1 : info.index);
  }

  // The choropleth's fills: rebuilt on the render side when new ones arrive (a few times a
  // minute at most), drawn while the `choropleth` layer is on.
  const ch = c.choropleth;
  if (ch.built !== ch.version) {
    ch.built = ch.version;
    c.choroplethRender.setFills(ch.fills);
  }

  // The user marker: pulse, constant screen size, hover tooltip.
  const u = c.userLocation;
  const um = c.userMarker;
  if (u !== null) {
    const ppu = world.render.pixelsPerUnitAt(Math.max(1, world.camera.distance - GLOBE_RADIUS));
    c.userMarkerRender.update(
      u.lat,
      u.lon,
      true,
      USER_MARKER_PX / ppu,
      // Held still when pulses are off (the pulse effect setting, reduced motion).
      world.markers.display.pulse ? (now % USER_MARKER_PULSE_MS) / USER_MARKER_PULSE_MS : 0,
    );
    // Re-test only when the pointer or the camera moved (projection allocates in Babylon).
    let over = um.hovered;
    if (!p.inside) over = false;
    else if (p.x !== um.lastX || p.y !== um.lastY || world.camera !== um.lastCamera) {
      um.lastX = p.x;
      um.lastY = p.y;
      um.lastCamera = world.camera;
      over =
        userMarkerScreen(world, screen) &&
        Math.hypot(screen.x - p.x, screen.y - p.y) <= USER_MARKER_HIT_PX;
    }
    if (over && !um.hovered) {
      um.tooltipAt = now;
      um.x = screen.x;
      um.y = screen.y;
      c.version++;
    } else if (um.tooltipAt >= 0 && (!over || now - um.tooltipAt >= USER_TOOLTIP_MS)) {
      um.tooltipAt = -1;
      c.version++;
    }
    um.hovered = over;
  }

  // The cursor: the picking system sets 'pointer'/'' on marker hover changes; we decide last.
  let want = '';
  if (interactive) {
    if (c.dragging || world.rig.pointerDown) want = 'grabbing';
    else if (world.markers.hovered >= 0 || cs.hovered >= 0 || um.hovered) want = 'pointer';
    else want = 'grab';
  }
  if (want !== c.cursor || world.markers.hovered !== c.cursorMarker) {
    c.cursor = want;
    c.cursorMarker = world.markers.hovered;
    world.render.setCursor(want);
  }
}
