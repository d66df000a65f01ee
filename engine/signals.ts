/**
 * Read-only engine state for the React overlay. Written a few times a second by the uiPublish
 * system inside `batch()`; components bind these into JSX or read them with `useSignals()`.
 */
import type { ReadonlySignal } from '@preact/signals-core';
import type { GlobeAppearanceInfo } from './appearance';
import type { Box } from '../data/alertMatch';
import type { LatLonDistance } from '../data/geoMath';
import type { ProfileRecording } from '../data/profile';
import {
  state,
  type EngineErrorInfo,
  type HoveredMarker,
  type QualityInfo,
  type SelectedArticle,
  type ControlsNoticeInfo,
  type GestureInfo,
  type SelectedCountry,
  type SimTimeInfo,
  type UserLocationTooltip,
  type ViewOptionsInfo,
} from './bridge/state';
import type { LayerName, ViewName } from './layers';
import type { TimelineWindow } from '../data/markers/timeline';

export type { EngineErrorInfo, HoveredMarker, QualityInfo, SelectedArticle } from './bridge/state';
export type {
  ControlsNoticeInfo,
  GestureInfo,
  SelectedCountry,
  SimTimeInfo,
  UserLocationTooltip,
  ViewOptionsInfo,
} from './bridge/state';
export type { LayerName, ViewName } from './layers';
/** Every layer the engine draws, in its order (the Layers view's catalogue and the docs page). */
export { LAYER_NAMES } from './layers';
export type { GlobeAppearanceInfo, SphereStyle } from './appearance';
export { SPHERE_STYLES, SPHERE_STYLE_LABELS } from './appearance';
export type { GlobeVariantName } from './globeVariants';

/** True once the first frame with the globe has been drawn. */
export const engineReady: ReadonlySignal<boolean> = state.ready;
/** Set when the engine cannot start (no WebGL2, lost context, asset failure). */
export const engineError: ReadonlySignal<EngineErrorInfo | null> = state.error;
/** Frames per second (Babylon's 30-frame average). */
export const fps: ReadonlySignal<number> = state.fps;
export const drawCalls: ReadonlySignal<number> = state.drawCalls;
export const entityCount: ReadonlySignal<number> = state.entities;
/** Smoothed milliseconds of our per-frame work (all systems). */
export const frameMs: ReadonlySignal<number> = state.frameMs;
/** Smoothed milliseconds per system, keyed by system name. */
export const systemMs: ReadonlySignal<Readonly<Record<string, number>>> = state.systemMs;
export const cameraState: ReadonlySignal<LatLonDistance> = state.camera;
/** The part of the globe on screen, 'south,west,north,east' degrees (4 Hz, when it changes). */
export const viewBox: ReadonlySignal<Box | null> = state.viewBox;
export const currentView: ReadonlySignal<ViewName> = state.view;
/** The WebGL renderer string (unmasked when the browser allows). */
export const rendererInfo: ReadonlySignal<string> = state.renderer;
/** The marker under the pointer (for the tooltip), or null. */
export const hoveredMarker: ReadonlySignal<HoveredMarker | null> = state.hoveredMarker;
/** The selected article (a marker click by a user with the right, or a selectArticle command). */
export const selectedArticle: ReadonlySignal<SelectedArticle | null> = state.selectedArticle;
/** Set (to a timestamp) when a guest clicks a marker: the UI explains how to get access. */
export const markerRestricted: ReadonlySignal<number | null> = state.markerRestricted;
/** Markers drawn now, and articles with a place held by the engine. */
export const markerCount: ReadonlySignal<number> = state.markerCount;
export const articleCount: ReadonlySignal<number> = state.articleCount;

// Camera and controls.
/** The keyboard shortcuts dialog is open ('?' toggles; Escape or a setShortcutsOpen command
 * closes it). */
export const shortcutsOpen: ReadonlySignal<boolean> = state.shortcutsOpen;
/** The latest controls notice (geolocation errors), shown as a toast; null when dismissed. */
export const controlsNotice: ReadonlySignal<ControlsNoticeInfo | null> = state.controlsNotice;
/** The country selected by a click on the globe (or a selectCountry command). */
export const selectedCountry: ReadonlySignal<SelectedCountry | null> = state.selectedCountry;
/** View options: drag-to-rotate, the debug crosshair. */
export const viewOptions: ReadonlySignal<ViewOptionsInfo> = state.viewOptions;
/** 'Your Location' tooltip while the pointer is over the user marker (hides after 2 s). */
export const userLocationTooltip: ReadonlySignal<UserLocationTooltip | null> =
  state.userLocationTooltip;
/** The user's location once Locate Me succeeded (or restored from storage). */
export const userLocation: ReadonlySignal<{ lat: number; lon: number; name: string } | null> =
  state.userLocation;
/** The last long press or swipe on the globe. */
export const gesture: ReadonlySignal<GestureInfo | null> = state.gesture;
/** Auto-rotation is turning the globe now (factor above 0). */
export const autoRotating: ReadonlySignal<boolean> = state.autoRotating;
/** Adaptive quality: rung, smoothed FPS, pixel ratio, culling level and the reason. */
export const qualityInfo: ReadonlySignal<QualityInfo | null> = state.quality;
/** Spec performance toast: 'Optimizing for your device...' / 'Performance optimized'. */
export const qualityToast: ReadonlySignal<string | null> = state.qualityToast;
/** Profiler: recording on/off, the last recording, triangles, entities by kind. */
export const profiling: ReadonlySignal<boolean> = state.profiling;
export const profileRecording: ReadonlySignal<ProfileRecording | null> = state.profileRecording;
export const triangles: ReadonlySignal<number> = state.triangles;
export const entityKinds: ReadonlySignal<Readonly<Record<string, number>>> = state.entityKinds;

// The Earth and the sky.
/** Which layers are on (null until the first frame); a new object only when one changed. */
export const layerState: ReadonlySignal<Readonly<Record<LayerName, boolean>> | null> = state.layers;
/** The sky's simulated time (setSimTime command): time, speed mode, live or simulated. Published
 * 4x a second. */
export const simTime: ReadonlySignal<SimTimeInfo> = state.simTime;

/** Globe sphere ON/OFF and style, ocean scale (percent), true-scale sky, the variant preset in
 * force and the WebXR status; published when one changes. */
export const globeAppearance: ReadonlySignal<GlobeAppearanceInfo> = state.globeAppearance;

// The timeline filter.
/** The timeline filter {startMs, endMs} the markers, clusters and counts obey (null: the marker
 * filter's `hours` window). Lists in the UI filter by it too (data/markers/timeline.ts
 * inTimeline). */
export const timelineFilter: ReadonlySignal<TimelineWindow | null> = state.timeline;
export type { TimelineWindow } from '../data/markers/timeline';
