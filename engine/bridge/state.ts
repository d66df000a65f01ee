/**
 * The writable side of the engine -> UI bridge. Only engine code (the uiPublish system and boot)
 * writes these; the UI imports the read-only views from `engine/signals.ts`.
 */
import { signal } from '@preact/signals-core';
import type { LatLonDistance } from '../../data/geoMath';
import type { ViewName } from '../layers';

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
  view: signal<ViewName>('landing'),
  renderer: signal(''),
  hoveredMarker: signal<HoveredMarker | null>(null),
  selectedArticle: signal<SelectedArticle | null>(null),
  /** Time (ms) of the last marker click refused for lack of the interactWithMarkers right. */
  markerRestricted: signal<number | null>(null),
  markerCount: signal(0),
  articleCount: signal(0),
};

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
