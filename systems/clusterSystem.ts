/**
 * clusterSystem - at far zoom with many markers, cluster badges (with counts) stand in for the
 * individual markers. The index is built in a Web Worker (supercluster) from the drawn markers;
 * queries go by zoom level; replies older than the newest request are dropped.
 * Reads: markers.visible/version, Marker fields, camera distance, clusters.reply.
 * Writes: clusters.* state, the cluster GPU buffer, the markers mesh's hidden flag.
 * Order: after markerFilter, before picking. Cadence: every frame; work only on change.
 */
import { clusterZoomForDistance, CLUSTER_STRIDE } from '../data/markers/clusterProtocol';
import { Marker, MARKER_HOVERED, MARKER_SELECTED } from '../engine/markers/markerComponents';
import type { AtlasWorld } from '../engine/world';
import { INTENSITY_FLOOR } from './markerAnimSystem';
import { markerCentre, markerSize } from './markerGeometry';

/** Cluster only when at least this many markers are drawn: a few hundred stay readable as is. */
export const CLUSTER_MIN_MARKERS = 400;
/** Cluster beyond this camera distance; back to individual markers inside CLUSTER_EXIT_DISTANCE
 * (hysteresis, so hovering at the boundary never flickers). */
export const CLUSTER_ENTER_DISTANCE = 340;
export const CLUSTER_EXIT_DISTANCE = 300;
/** Badge size grows with log10 of the count: x1 for 2, x1.8 for 10,000. */
export const CLUSTER_SIZE_PER_DECADE = 0.2;
/** Cluster badge colour (the accent blue) and the neutral sentiment index. */
const CLUSTER_RGB = [0.23, 0.51, 0.96] as const;
const NEUTRAL = 3;

const centre = new Float64Array(3);
const DEG = Math.PI / 180;

/** The label drawn on a cluster badge: exact below 100, then 100+, 1k+, 10k+ steps. */
export function clusterLabel(count: number): string {
  if (count < 100) return String(count);
  if (count < 1000) return `${Math.floor(count / 100) * 100}+`;
  if (count < 10_000) return `${Math.floor(count / 1000)}k+`;
  return `${Math.floor(count / 10_000) * 10}k+`;
}

export function clusterSystem(world: AtlasWorld): void {
  const c = world.clusters;
  const m = world.markers;
  if (c.service === null) return;
  const enough = m.visible.length >= CLUSTER_MIN_MARKERS && world.layers.markers;

  // (Re)send the drawn set when it changed.
  if (enough && c.sourceVersion !== m.version) {
    c.sourceVersion = m.version;
    c.generation++;
    const n = m.visible.length;
    const lonLat = new Float32Array(n * 2);
    const ids = new Int32Array(n);
    for (let i = 0; i < n; i++) {
      const e = m.visible[i] as number;
      lonLat[i * 2] = Marker.lon[e] as number;
      lonLat[i * 2 + 1] = Marker.lat[e] as number;
      ids[i] = e;
    }
    c.service.load(c.generation, lonLat, ids);
  }

  const d = world.camera.distance;
  const want = enough && (c.active ? d > CLUSTER_EXIT_DISTANCE : d > CLUSTER_ENTER_DISTANCE);
  if (want) {
    const zoom = clusterZoomForDistance(d);
    if (zoom !== c.requestedZoom || c.requestedGeneration !== c.generation) {
      c.requestedZoom = zoom;
      c.requestedGeneration = c.generation;
      c.lastRequestId = c.service.query(c.generation, zoom);
    }
  }
  // Accept only the reply to the newest request for the current point set.
  const r = c.reply;
  if (r !== null && r.requestId === c.lastRequestId && r.generation === c.generation) {
    c.reply = null;
    c.items = r.data;
    c.itemCount = r.data.length / CLUSTER_STRIDE;
    c.dirty = true;
  }
  const show = want && c.itemCount > 0 && c.requestedGeneration === c.generation;
  // Hide the individual markers as soon as clusters are wanted, before the worker answers: a
  // frame of 100k individual markers costs seconds of software rasterisation.
  if (want !== c.markersHidden) {
    c.markersHidden = want;
    world.render.clusters.setMarkersHidden(want);
  }
  if (show !== c.active) {
    c.active = show;
    c.hoveredItem = -1;
    if (!show) world.render.clusters.setCount(0);
    c.dirty = show;
  }
  if (!c.active) return;
  if (m.hovered !== c.lastHovered || m.selected !== c.lastSelected) {
    c.lastHovered = m.hovered;
    c.lastSelected = m.selected;
    c.dirty = true;
  }
  if (c.dirty) writeClusters(world);
}

function writeClusters(world: AtlasWorld): void {
  const c = world.clusters;
  const gpu = world.render.clusters;
  const size = markerSize(world.markers.sizeFactor);
  const fanSize = size * world.markers.fanScale;
  gpu.setCount(c.itemCount);
  for (let i = 0; i < c.itemCount; i++) {
    const lon = c.items[i * CLUSTER_STRIDE] as number;
    const lat = c.items[i * CLUSTER_STRIDE + 1] as number;
    const count = c.items[i * CLUSTER_STRIDE + 2] as number;
    const id = c.items[i * CLUSTER_STRIDE + 3] as number;
    if (count === 1 && id >= 0) {
      markerCentre(id, fanSize, centre);
      const state = Marker.state[id] as number;
      gpu.writeSlot(
        i,
        centre[0] as number,
        centre[1] as number,
        centre[2] as number,
        Marker.cell[id] as number,
        size,
        state === MARKER_SELECTED || state === MARKER_HOVERED ? state : 0,
        Math.max(INTENSITY_FLOOR, Marker.intensity[id] as number),
        Marker.rgb[id * 3] as number,
        Marker.rgb[id * 3 + 1] as number,
        Marker.rgb[id * 3 + 2] as number,
        Marker.sentiment[id] as number,
      );
      continue;
    }
    const r = 205;
    const cl = Math.cos(lat * DEG);
    const badge = size * (1 + Math.log10(Math.max(2, count)) * CLUSTER_SIZE_PER_DECADE * 2.5);
    gpu.writeSlot(
      i,
      r * cl * Math.sin(lon * DEG),
      r * Math.sin(lat * DEG),
      r * cl * Math.cos(lon * DEG),
      gpu.cellForText(clusterLabel(count)),
      badge,
      i === c.hoveredItem ? MARKER_HOVERED : 0,
      INTENSITY_FLOOR,
      CLUSTER_RGB[0],
      CLUSTER_RGB[1],
      CLUSTER_RGB[2],
      NEUTRAL,
    );
  }
  c.dirty = false;
  gpu.flush();
}
