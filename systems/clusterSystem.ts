/**
 * clusterSystem - at far zoom with many markers, cluster badges (with counts) stand in for the
 * individual markers. The index is built in a Web Worker (supercluster) from the filtered rows,
 * sent as transferred typed arrays; queries go by zoom level; replies older than the newest
 * request are dropped. Single points of a reply are drawn from the article store (no entity).
 * Reads: markers.filtered/filterVersion, store, camera distance, clusters.reply.
 * Writes: clusters.* state, the cluster GPU buffer, the markers mesh's hidden flag.
 * Order: after markerFilter, before markerCull and picking. Cadence: every frame; work only on
 * change.
 */
import { clusterZoomForDistance, CLUSTER_STRIDE } from '../data/markers/clusterProtocol';
import { MARKER_HOVERED, MARKER_SELECTED } from '../engine/markers/markerComponents';
import type { AtlasWorld } from '../engine/world';
import { INTENSITY_FLOOR } from './markerAnimSystem';
import { cellOfRow } from './markerCullSystem';
import { MARKER_RADIUS, clusterItemSize, markerSize } from './markerGeometry';

/** Cluster only when at least this many markers are drawn: a few hundred stay readable as is. */
export const CLUSTER_MIN_MARKERS = 400;
/** Cluster beyond this camera distance; back to individual markers inside CLUSTER_EXIT_DISTANCE
 * (hysteresis, so hovering at the boundary never flickers). */
export const CLUSTER_ENTER_DISTANCE = 340;
export const CLUSTER_EXIT_DISTANCE = 300;
/** Cluster badge colour (the accent blue) and the neutral sentiment index. */
const CLUSTER_RGB = [0.23, 0.51, 0.96] as const;
const NEUTRAL = 3;

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
  const enough = m.clustering && m.filteredCount >= CLUSTER_MIN_MARKERS && world.layers.markers;

  // (Re)send the filtered set when it changed (transferred: the worker owns the arrays).
  if (enough && c.sourceVersion !== m.filterVersion) {
    c.sourceVersion = m.filterVersion;
    c.generation++;
    const n = m.filteredCount;
    const lonLat = new Float32Array(n * 2);
    const ids = m.filtered.slice(0, n);
    const { lat, lon } = m.store;
    for (let i = 0; i < n; i++) {
      const row = ids[i] as number;
      lonLat[i * 2] = lon[row] as number;
      lonLat[i * 2 + 1] = lat[row] as number;
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
    c.itemsGeneration = r.generation;
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
  const m = world.markers;
  const s = m.store;
  const gpu = world.render.clusters;
  const size = markerSize(m.sizeFactor);
  gpu.setCount(c.itemCount);
  for (let i = 0; i < c.itemCount; i++) {
    const lon = c.items[i * CLUSTER_STRIDE] as number;
    const lat = c.items[i * CLUSTER_STRIDE + 1] as number;
    const count = c.items[i * CLUSTER_STRIDE + 2] as number;
    const id = c.items[i * CLUSTER_STRIDE + 3] as number;
    const cl = Math.cos(lat * DEG);
    if (count === 1 && id >= 0 && id < s.length && s.alive[id] === 1) {
      // A single article: drawn from its store row, like a marker.
      const [cr, cg, cb] = s.colorOf(id);
      gpu.writeSlot(
        i,
        MARKER_RADIUS * cl * Math.sin(lon * DEG),
        MARKER_RADIUS * Math.sin(lat * DEG),
        MARKER_RADIUS * cl * Math.cos(lon * DEG),
        cellOfRow(world, id),
        size,
        id === m.selected ? MARKER_SELECTED : id === m.hovered ? MARKER_HOVERED : 0,
        Math.max(INTENSITY_FLOOR, s.intensity[id] as number),
        cr,
        cg,
        cb,
        s.sentiment[id] as number,
      );
      continue;
    }
    const r = MARKER_RADIUS;
    const badge = clusterItemSize(size, count);
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
