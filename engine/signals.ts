/**
 * Read-only engine state for the React overlay. Written a few times a second by the uiPublish
 * system inside `batch()`; components bind these into JSX or read them with `useSignals()`.
 */
import type { ReadonlySignal } from '@preact/signals-core';
import type { LatLonDistance } from '../data/geoMath';
import {
  state,
  type EngineErrorInfo,
  type HoveredMarker,
  type SelectedArticle,
} from './bridge/state';
import type { ViewName } from './layers';

export type { EngineErrorInfo, HoveredMarker, SelectedArticle } from './bridge/state';
export type { LayerName, ViewName } from './layers';

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
