/**
 * markerCullSystem - gives ECS entities (and GPU slots) to the markers drawn individually, and
 * only to those: none while cluster badges stand in for the markers; every filtered marker for a
 * small set (the shader hides the far side); for a big set, the ones on the camera's side of the
 * globe, newest first, at most MAX_INDIVIDUAL_MARKERS. Entities of markers that leave the set
 * are removed (bitecs recycles the ids); slots are reassigned in newest-first order so the drawn
 * range stays dense. Markers at the same place (rounded to 4 decimals, spec) fan out in a circle
 * around the first.
 * Reads: markers.filtered/filterVersion, store, clusters.markersHidden, camera.
 * Writes: entities and Marker fields, markers.visible/entityOfRow/changed/version/maxFanRadius,
 * the GPU slot count.
 * Order: after cluster, before picking. Cadence: when the filtered set or cluster mode changed,
 * and for a culled set when the camera moved past CULL_STEP_DEG / CULL_STEP_DISTANCE, at most
 * once per quality placementMs (0 at full rate, 100-250 ms on a struggling device).
 */
import { addComponent, addEntity, removeEntity } from 'bitecs';
import { latLonToXyzInto } from '../data/geoMath';
import { selectNewest } from '../data/markers/articleColumns';
import {
  Marker,
  MARKER_HOVERED,
  MARKER_NORMAL,
  MARKER_SELECTED,
  ensureMarkerCapacity,
} from '../engine/markers/markerComponents';
import type { AtlasWorld } from '../engine/world';

/** Up to this many filtered markers (the maxMarkers setting tops out at 10,000) all get entities,
 * no cull: the shader hides the far side. */
export const CULL_MIN_MARKERS = 10_000;
/** Hard ceiling on individually drawn markers (the maxMarkers setting tops out at 10,000). */
export const MAX_INDIVIDUAL_MARKERS = 20_000;
/** A culled set is recomputed when the camera direction turned this far or its distance moved
 * by this fraction. */
export const CULL_STEP_DEG = 2;
export const CULL_STEP_DISTANCE = 0.05;
/** Kept beyond the horizon the shader hides at (cosine units): covers fan-out rings, billboards
 * peeking over the limb and the camera's travel until the next recull. */
export const CULL_MARGIN = 0.12;
/** Same as the shader (engine/render/markerMesh.ts): far side hidden below this facing. */
const FAR_SIDE_CUTOFF = -0.3;
const HORIZON_MARGIN = 0.08;
/** Fan-out ring radius per marker size (scene units per unit of marker size). */
export const FAN_RADIUS_PER_SIZE = 0.9;

const DEG = Math.PI / 180;
const camDir = new Float64Array(3);
let target = new Int32Array(1024);
let marks = new Uint8Array(1024);

/** Atlas cell of a store row's emoji (asked of the atlas once per emoji). */
export function cellOfRow(world: AtlasWorld, row: number): number {
  const m = world.markers;
  const key = m.store.emoji[row] as number;
  let cell = m.cells[key];
  if (cell === undefined || cell < 0) {
    const k = m.store.emojiKeys[key];
    cell = k === undefined ? 0 : world.render.markers.cellFor(k.emoji, k.category);
    m.cells[key] = cell;
  }
  return cell;
}

/** Copies a row's drawn fields into its entity and queues the slot rewrite. */
export function writeMarkerFields(world: AtlasWorld, e: number, row: number): void {
  const s = world.markers.store;
  Marker.row[e] = row;
  Marker.lat[e] = s.lat[row] as number;
  Marker.lon[e] = s.lon[row] as number;
  Marker.sentiment[e] = s.sentiment[row] as number;
  Marker.cell[e] = cellOfRow(world, row);
  const [r, g, b] = s.colorOf(row);
  Marker.rgb[e * 3] = r;
  Marker.rgb[e * 3 + 1] = g;
  Marker.rgb[e * 3 + 2] = b;
  world.markers.changed.add(e);
}

function spawn(world: AtlasWorld, row: number): number {
  const m = world.markers;
  const e = addEntity(world);
  ensureMarkerCapacity(e);
  addComponent(world, e, Marker);
  writeMarkerFields(world, e, row);
  Marker.state[e] =
    row === m.selected ? MARKER_SELECTED : row === m.hovered ? MARKER_HOVERED : MARKER_NORMAL;
  // Unknown: the LOD system sets it (without hysteresis) this frame.
  Marker.lod[e] = 255;
  Marker.slot[e] = -1;
  Marker.fanEast[e] = 0;
  Marker.fanNorth[e] = 0;
  m.entityOfRow.set(row, e);
  return e;
}

function despawn(world: AtlasWorld, e: number): void {
  const m = world.markers;
  m.entityOfRow.delete(Marker.row[e] as number);
  m.changed.delete(e);
  Marker.slot[e] = -1;
  Marker.row[e] = -1;
  removeEntity(world, e);
}

function cameraMoved(world: AtlasWorld): boolean {
  const a = world.markers.cullCamera;
  const b = world.camera;
  if (Math.abs(b.distance - a.distance) > a.distance * CULL_STEP_DISTANCE) return true;
  const la = a.lat * DEG;
  const lb = b.lat * DEG;
  const cos =
    Math.sin(la) * Math.sin(lb) + Math.cos(la) * Math.cos(lb) * Math.cos((b.lon - a.lon) * DEG);
  return cos < Math.cos(CULL_STEP_DEG * DEG);
}

/** Rows of the filtered set on the camera's side of the globe, into `target`; returns the count. */
function cullToView(world: AtlasWorld): number {
  const m = world.markers;
  const s = m.store;
  const cam = world.camera;
  latLonToXyzInto(cam.lat, cam.lon, 1, camDir);
  const cx = camDir[0] as number;
  const cy = camDir[1] as number;
  const cz = camDir[2] as number;
  const limit =
    Math.max(FAR_SIDE_CUTOFF, 200 / Math.max(200, cam.distance) - HORIZON_MARGIN) - CULL_MARGIN;
  let n = 0;
  for (let i = 0; i < m.filteredCount; i++) {
    const row = m.filtered[i] as number;
    const lat = (s.lat[row] as number) * DEG;
    const lon = (s.lon[row] as number) * DEG;
    const cl = Math.cos(lat);
    if (cl * Math.sin(lon) * cx + Math.sin(lat) * cy + cl * Math.cos(lon) * cz >= limit)
      target[n++] = row;
  }
  return n;
}

export function markerCullSystem(world: AtlasWorld): void {
  const m = world.markers;
  const hidden = world.clusters.markersHidden;
  const culling = !hidden && m.filteredCount > CULL_MIN_MARKERS;
  const stale = m.cullFilterVersion !== m.filterVersion || m.cullHidden !== hidden;
  if (!stale && !(culling && cameraMoved(world))) return;
  // Adaptive quality spaces the passes while the camera moves (placementMs, 0 at full rate); the
  // culling margin keeps markers near the view edge drawn in between.
  const interval = world.quality?.controller.state.placementMs ?? 0;
  if (!stale && world.time.now - m.cullAt < interval) return;
  m.cullAt = world.time.now;
  m.cullFilterVersion = m.filterVersion;
  m.cullHidden = hidden;
  m.cullCamera = { ...world.camera };

  if (target.length < m.filteredCount) target = new Int32Array(m.filtered.length);
  let n = 0;
  if (!hidden) {
    if (culling) n = cullToView(world);
    else {
      target.set(m.filtered.subarray(0, m.filteredCount));
      n = m.filteredCount;
    }
    n = selectNewest(m.store, target, n, MAX_INDIVIDUAL_MARKERS, true);
  }

  if (marks.length < m.store.capacity) marks = new Uint8Array(m.store.capacity);
  for (let i = 0; i < n; i++) marks[target[i] as number] = 1;
  for (const e of m.visible) if (marks[Marker.row[e] as number] !== 1) despawn(world, e);
  const visible: number[] = new Array<number>(n);
  for (let i = 0; i < n; i++) {
    const row = target[i] as number;
    marks[row] = 0;
    const e = m.entityOfRow.get(row) ?? spawn(world, row);
    if (Marker.slot[e] !== i) {
      Marker.slot[e] = i;
      m.changed.add(e);
    }
    visible[i] = e;
  }
  m.visible = visible;
  fanOutAll(world);
  world.render.markers.setCount(n);
  m.version++;
}

function fanOutAll(world: AtlasWorld): void {
  const m = world.markers;
  const groups = new Map<string, number[]>();
  for (const e of m.visible) {
    const key = `${(Marker.lat[e] as number).toFixed(4)},${(Marker.lon[e] as number).toFixed(4)}`;
    const g = groups.get(key);
    if (g) g.push(e);
    else groups.set(key, [e]);
  }
  m.maxFanRadius = 0;
  for (const g of groups.values()) m.maxFanRadius = Math.max(m.maxFanRadius, fanOut(world, g));
}

/** The first marker stays at the place; the others sit on a ring around it, evenly spaced.
 * Returns the ring radius (in marker sizes), 0 for a lone marker. */
function fanOut(world: AtlasWorld, group: readonly number[]): number {
  const changed = world.markers.changed;
  const set = (e: number, east: number, north: number): void => {
    if (Marker.fanEast[e] === Math.fround(east) && Marker.fanNorth[e] === Math.fround(north))
      return;
    Marker.fanEast[e] = east;
    Marker.fanNorth[e] = north;
    changed.add(e);
  };
  const first = group[0];
  if (first === undefined) return 0;
  set(first, 0, 0);
  const n = group.length - 1;
  let radius = 0;
  for (let i = 1; i < group.length; i++) {
    const e = group[i] as number;
    const a = (2 * Math.PI * (i - 1)) / n;
    // Ring radius in units of marker size; grows gently so big groups do not overlap.
    const ring = FAN_RADIUS_PER_SIZE * (1 + Math.floor((i - 1) / 12) * 0.8) * (n > 6 ? 1.3 : 1);
    set(e, Math.cos(a) * ring, Math.sin(a) * ring);
    radius = Math.max(radius, ring);
  }
  return radius;
}
