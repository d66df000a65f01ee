/**
 * Controls state shared by the controls, camera and country systems (world.controls): raw input
 * gathered between frames by the render side (keyboard, pointer samples, wheel), the pure
 * recognisers from data/globe (auto-rotation, gestures, momentum), camera animation requests,
 * the user's location and home, the country selection, and what the UI shows (shortcuts dialog,
 * notices). No Babylon and no DOM here: the render side implements the two small bindings
 * (`ControlsPlatform`, `UserMarkerBinding`) and tests pass fakes.
 */
import type { LatLonDistance } from '../data/geoMath';
import { createAutoRotate, type AutoRotate } from '../data/globe/autoRotate';
import type { CountryIndex } from '../data/globe/countryIndex';
import {
  createGestureRecognizer,
  createMomentum,
  type GestureRecognizer,
  type Momentum,
  type PointerKind,
} from '../data/globe/gestures';
import { GEO_UNSUPPORTED } from '../data/globe/keymap';
import type { ViewName } from './layers';

/** A key event as the keyboard listener saw it (engine/render/keyboardInput.ts). */
export interface KeyInput {
  key: string;
  code: string;
  down: boolean;
  repeat: boolean;
  shift: boolean;
}

/** A pointer event on the canvas, in CSS px relative to it, `t` in performance.now() ms. */
export interface PointerSample {
  type: 'down' | 'move' | 'up' | 'cancel';
  t: number;
  x: number;
  y: number;
  kind: PointerKind;
  /** PointerEvent.button of a down/up (0 left). */
  button: number;
}

export interface ControlsInput {
  keys: KeyInput[];
  pointers: PointerSample[];
  /** Wheel events since the last frame (auto-rotation treats them as interactions). */
  wheel: number;
  /** Two-finger pinch since the last frame: the product of the fingers' distance ratios (>1
   * spreads apart: zoom in). Absent or 1 when there was none. */
  pinch?: number;
}

/** DOM services the controls need (geolocation, storage); boot installs the browser ones. */
export interface ControlsPlatform {
  /** Asks for the user's position; answers by setting `controls.located` or `controls.notice`. */
  requestLocation(controls: ControlsState): void;
  /** Persists the user's location (spec: local key userLocation). */
  saveUserLocation(loc: UserLocation): void;
}

/** The pulsing green user marker (a small separate mesh on the render side). */
export interface UserMarkerBinding {
  /** Places (or hides, with `visible` false) the marker; `size` in scene units, `pulse` 0..1. */
  update(lat: number, lon: number, visible: boolean, size: number, pulse: number): void;
}

/** The selected country's outline and fill on the globe (engine/render/countryHighlight.ts). */
export interface CountryHighlightBinding {
  /** Shows the country of source feature `feature` (CountryInfo.index), or nothing with -1. */
  show(feature: number): void;
}

export const noopCountryHighlight: CountryHighlightBinding = { show: () => undefined };

/** A choropleth fill: premultiplied-ready straight RGBA, each 0..1. */
export type ChoroplethColor = readonly [number, number, number, number];

/** The countries filled by the choropleth layer (engine/render/choropleth.ts). */
export interface ChoroplethBinding {
  /** Fills each country whose ISO alpha-2 code is a key with its colour (one merged mesh,
   * rebuilt here, never per frame); an empty map fills nothing. */
  setFills(fills: ReadonlyMap<string, ChoroplethColor>): void;
  /** Countries the drawn mesh fills (0 until the country outlines have loaded). */
  readonly filled: number;
}

export const noopChoropleth: ChoroplethBinding = { setFills: () => undefined, filled: 0 };

export interface UserLocation {
  lat: number;
  lon: number;
  name: string;
  accuracy: number;
}

export interface ViewOptions {
  /** Spec "drag-required-to-rotate": only the left button rotates. */
  dragToRotate: boolean;
  /** Spec debug crosshair: the camera target's 'Lat/Lon', labelled 'Camera Target'. */
  debugCrosshair: boolean;
  /** Single-key globe shortcuts (settings: they can be switched off). */
  keyShortcuts: boolean;
}
export type ViewOptionName = keyof ViewOptions;

export interface ControlsNotice {
  message: string;
  kind: 'error' | 'info';
  /** Date.now() when raised (the UI shows each new one). */
  at: number;
}

export interface GestureNotice {
  type: 'longpress' | 'swipe';
  x: number;
  y: number;
  /** Swipe direction ('' for a long press). */
  direction: string;
  at: number; /** Long press: the point of the globe under the finger (null off the globe) and its country
   * ('' over the ocean or before the country index has loaded). */
  lat?: number | null;
  lon?: number | null;
  place?: string;
}

export interface CountryState {
  index: CountryIndex | null;
  /** Index into `index.countries`, or -1. */
  hovered: number;
  selected: number;
  /** A click on the globe waiting out the double-tap window before it selects a country. */
  pending: { x: number; y: number; touch: boolean; at: number } | null;
  lastHoverAt: number;
  lastX: number;
  lastY: number;
}

export interface UserMarkerState {
  hovered: boolean;
  /** ms (world time) the tooltip was shown, -1 when hidden. */
  tooltipAt: number;
  /** Screen position of the marker while the tooltip shows. */
  x: number;
  y: number;
  /** Pointer and camera of the last hover test (re-tested only when one changed). */
  lastX: number;
  lastY: number;
  lastCamera: LatLonDistance | null;
}

export interface ControlsState {
  input: ControlsInput;
  platform: ControlsPlatform;
  userMarkerRender: UserMarkerBinding;
  /** The selected country's highlight, and the selection it shows (-1 = none). */
  highlightRender: CountryHighlightBinding;
  highlighted: number;
  /** The choropleth's fills by ISO alpha-2 (setChoropleth), their version and the version the
   * render side last built. */
  choropleth: { fills: ReadonlyMap<string, ChoroplethColor>; version: number; built: number };
  choroplethRender: ChoroplethBinding;
  options: ViewOptions;
  /** Auto-rotation controller (data/globe/autoRotate.ts), made per view. */
  autoRotate: AutoRotate;
  autoRotateView: ViewName | null;
  autoRotateEnabled: boolean;
  /** Factor 0..1 of the last update (for tests and the handle). */
  autoRotateFactor: number;
  gestures: GestureRecognizer;
  momentum: Momentum;
  /** True while a press is a drag (cursor 'grabbing'). */
  dragging: boolean;
  /** The kind of the current press. */
  pressKind: PointerKind;
  /** Keyboard rotation and zoom still to apply, eased in by the camera system: radians of
   * alpha and beta, and the natural log of the distance-above-surface factor. */
  keyAlpha: number;
  keyBeta: number;
  keyZoom: number;
  /** Keys held down -> whether they have auto-repeated (S/D: tap toggles, hold rotates). */
  held: Map<string, boolean>;
  home: LatLonDistance | null;
  userLocation: UserLocation | null;
  /** A geolocation answer waiting for the controls system. */
  located: { lat: number; lon: number; accuracy: number } | null;
  /** A selected location (feed click) waiting for the app globe: flies there, then clears. */
  selectedLocation: { lat: number; lon: number; zoom: number } | null;
  /** The fly-to of the selected location is under way. */
  selectedLocationFlying: boolean;
  country: CountryState;
  userMarker: UserMarkerState;
  shortcutsOpen: boolean;
  notice: ControlsNotice | null;
  gesture: GestureNotice | null;
  /** Cursor last set on the canvas by the controls. */
  cursor: string;
  /** Marker hover the cursor was last decided for (the picking system sets its own cursor). */
  cursorMarker: number;
  /** Rotation-per-pixel scale last sent to the rig (it follows the distance). */
  rigScale: number;
  /** Marker selection seen last frame (to tell a selection's auto-rotate stop from a user's). */
  lastSelected: number;
  /** Bumped whenever something the UI shows changed. */
  version: number;
}

export const noopPlatform: ControlsPlatform = {
  requestLocation(c) {
    c.notice = { message: GEO_UNSUPPORTED, kind: 'error', at: Date.now() };
    c.version++;
  },
  saveUserLocation() {
    /* nothing to persist outside a browser */
  },
};

export const noopUserMarker: UserMarkerBinding = {
  update() {
    /* no mesh */
  },
};

export function createControlsState(): ControlsState {
  return {
    input: { keys: [], pointers: [], wheel: 0 },
    platform: noopPlatform,
    userMarkerRender: noopUserMarker,
    highlightRender: noopCountryHighlight,
    choropleth: { fills: new Map(), version: 0, built: 0 },
    choroplethRender: noopChoropleth,
    highlighted: -1,
    options: { dragToRotate: false, debugCrosshair: false, keyShortcuts: true },
    autoRotate: createAutoRotate(),
    autoRotateView: null,
    autoRotateEnabled: true,
    autoRotateFactor: 0,
    gestures: createGestureRecognizer(),
    momentum: createMomentum(),
    dragging: false,
    pressKind: 'mouse',
    keyAlpha: 0,
    keyBeta: 0,
    keyZoom: 0,
    held: new Map(),
    home: null,
    userLocation: null,
    located: null,
    selectedLocation: null,
    selectedLocationFlying: false,
    country: {
      index: null,
      hovered: -1,
      selected: -1,
      pending: null,
      lastHoverAt: -Infinity,
      lastX: NaN,
      lastY: NaN,
    },
    userMarker: {
      hovered: false,
      tooltipAt: -1,
      x: 0,
      y: 0,
      lastX: NaN,
      lastY: NaN,
      lastCamera: null,
    },
    shortcutsOpen: false,
    notice: null,
    gesture: null,
    cursor: '',
    cursorMarker: -2,
    rigScale: 0,
    lastSelected: -1,
    version: 0,
  };
}
