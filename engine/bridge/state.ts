/**
 * The writable side of the engine -> UI bridge. Only engine code (the uiPublish system and boot)
 * writes these; the UI imports the read-only views from `engine/signals.ts`.
 */
import { signal } from '@preact/signals-core';
import type { ProfileRecording } from '../../data/profile';
import type { GlobeAppearanceInfo } from '../appearance';
import type { Box } from '../../data/alertMatch';
import type { LatLonDistance } from '../../data/geoMath';
import type { LayerName, ViewName } from '../layers';
import type { TimeMode } from '../../data/globe/timezones';
import type { TimelineWindow } from '../../data/markers/timeline';

export interface EngineErrorInfo {
  /** A short message fit for users. */
  message: string;
  /** Technical detail for the error box and logs. */
  detail: string;
}

export const state = {
  ready: signal(false),
  error: signal<EngineErrorInfo | null>(null),
  fps: signal(0),
  drawCalls: signal(0),
  entities: signal(0),
  frameMs: signal(0),
  systemMs: signal<Readonly<Record<string, number>>>({}),
  camera: signal<LatLonDistance>({ lat: 0, lon: 0, distance: 600 }),
  /** The part of the globe on screen as a box (data/globe/viewBox.ts); null before a frame. */
  viewBox: signal<Box | null>(null),
  view: signal<ViewName>('landing'),
  renderer: signal(''),
  hoveredMarker: signal<HoveredMarker | null>(null),
  selectedArticle: signal<SelectedArticle | null>(null),
  /** Time (ms) of the last marker click refused for lack of the interactWithMarkers right. */
  markerRestricted: signal<number | null>(null),
  markerCount: signal(0),
  /** Adaptive quality: the current rung and why (published 4x a second). */
  quality: signal<QualityInfo | null>(null),
  /** The performance toast text while it shows (spec: dip 3 s, recovery 2 s). */
  qualityToast: signal<string | null>(null),
  /** True while the profiler records. */
  profiling: signal(false),
  /** The last finished profiler recording (for export). */
  profileRecording: signal<ProfileRecording | null>(null),
  triangles: signal(0),
  /** Entities by kind: geo-layer pieces, markers, cluster badges. */
  entityKinds: signal<Readonly<Record<string, number>>>({}),
  articleCount: signal(0),
  // Camera and controls (systems/controlsSystem.ts publishes them).
  shortcutsOpen: signal(false),
  controlsNotice: signal<ControlsNoticeInfo | null>(null),
  selectedCountry: signal<SelectedCountry | null>(null),
  viewOptions: signal<ViewOptionsInfo>({ dragToRotate: false, debugCrosshair: false }),
  userLocationTooltip: signal<UserLocationTooltip | null>(null),
  userLocation: signal<{ lat: number; lon: number; name: string } | null>(null),
  gesture: signal<GestureInfo | null>(null),
  autoRotating: signal(false),
  /** Globe sphere, ocean scale, sky scale, variant, WebXR (systems/appearanceSystem.ts). */
  globeAppearance: signal<GlobeAppearanceInfo>({
    sphere: true,
    style: 'blue',
    oceanScalePercent: 100,
    trueScale: false,
    tint: 'default',
    variant: null,
    xr: { state: 'idle', message: '' },
  }),
  // The Earth and the sky (systems/uiPublishSystem.ts, 4x a second).
  /** Which layers are on (a new object only when one changed). */
  layers: signal<Readonly<Record<LayerName, boolean>> | null>(null),
  /** Simulated time of the sky (setSimTime command); live = real time. */
  simTime: signal<SimTimeInfo>({ timeMs: Date.now(), mode: 'realtime', simulated: false }),
  // The timeline filter (setTimeline; written by the command system when applied).
  timeline: signal<TimelineWindow | null>(null),
};

export interface SimTimeInfo {
  /** Simulated time, ms since the epoch (what the sun, moon and planets show). */
  timeMs: number;
  mode: TimeMode;
  /** False for live time ('LIVE ASTRONOMICAL DATA'). */
  simulated: boolean;
}

export interface ControlsNoticeInfo {
  message: string;
  kind: 'error' | 'info';
  /** Date.now() when raised: each new notice has a new value. */
  at: number;
}

export interface SelectedCountry {
  name: string;
  /** ISO 3166-1 alpha-2 ('' when the data has none). */
  iso2: string;
}

export interface ViewOptionsInfo {
  dragToRotate: boolean;
  debugCrosshair: boolean;
}

/** The 'Your Location' tooltip over the user marker (CSS px). */
export interface UserLocationTooltip {
  lat: number;
  lon: number;
  x: number;
  y: number;
}

/** The last long press or swipe on the globe. */
export interface GestureInfo {
  type: 'longpress' | 'swipe';
  x: number;
  y: number;
  direction: string;
  at: number; /** Long press: the point of the globe under the finger (null off the globe) and its country
   * ('' over the ocean or before the country index has loaded). */
  lat?: number | null;
  lon?: number | null;
  place?: string;
}

export interface QualityInfo {
  mode: 'low' | 'medium' | 'high';
  detected: 'low' | 'medium' | 'high';
  override: 'low' | 'medium' | 'high' | null;
  fps: number;
  pixelRatio: number;
  culling: 'full' | 'reduced' | 'emergency';
  degradation: number;
  reason: string;
}

export interface HoveredMarker {
  id: string;
  title: string;
  category: string;
  publishedMs: number;
  /** Pointer position in CSS pixels. */
  x: number;
  y: number;
}

export interface SelectedArticle {
  id: string;
  article: unknown;
}
