/**
 * pickingSystem - what is under the pointer, without mesh picking: a ray from the camera meets the
 * sphere the markers float on, a grid index over the individually drawn markers gives the
 * candidates near that point, and the nearest one on screen within its hit radius wins (in cluster
 * mode: the badges and single articles of the reply). Hover is throttled to 50 ms (spec); a click
 * selects (with the interactWithMarkers right) or sets the restriction state. In an immersive
 * session a controller's select arrives as a click with a 3D ray (pickMarkerOnRay). Hovered and selected
 * are store rows, so they survive the marker's entity coming and going.
 * Reads: pointer, markers.visible, Marker fields, store, camera, role. Writes: Marker.state,
 * hovered, selected, restricted, flashUntil, markers.changed.
 * Order: after the marker filter, before animation and sync. Cadence: every frame; work only
 * when the pointer moved or clicked.
 */
import { GLOBE_RADIUS, latLonToXyzInto } from '../data/geoMath';
import { CLUSTER_STRIDE } from '../data/markers/clusterProtocol';
import { can } from '../data/permissions';
import {
  Marker,
  MARKER_HOVERED,
  MARKER_NORMAL,
  MARKER_SELECTED,
} from '../engine/markers/markerComponents';
import type { AtlasWorld, Ray } from '../engine/world';
import { FLASH_MS } from './markerAnimSystem';
import {
  MARKER_RADIUS,
  clusterItemSize,
  markerCentre,
  markerScale,
  markerSize,
} from './markerGeometry';

/** Spec: hover raycast throttled to 50 ms. */
export const HOVER_THROTTLE_MS = 50;
/** Smallest hit target, CSS px: 20 px on touch (spec), a little forgiving with a mouse too. */
export const MIN_HIT_PX_TOUCH = 20;
export const MIN_HIT_PX_MOUSE = 12;

const DEG = Math.PI / 180;
const ray: Ray = { ox: 0, oy: 0, oz: 0, dx: 0, dy: 0, dz: 0 };
const screen = { x: 0, y: 0 };
const centre = new Float64Array(3);
const camScratch = new Float64Array(3);

/**
 * Distance along the ray to the sphere of `radius` (nearest hit in front). A ray that misses
 * (just past the limb, where markers still stick out) gets its closest approach instead; -1 when
 * the sphere is behind the camera.
 */
export function raySphere(r: Ray, radius: number): number {
  const b = r.ox * r.dx + r.oy * r.dy + r.oz * r.dz;
  const c = r.ox * r.ox + r.oy * r.oy + r.oz * r.oz - radius * radius;
  const disc = b * b - c;
  if (disc < 0) return -b > 0 ? -b : -1;
  const t = -b - Math.sqrt(disc);
  return t >= 0 ? t : -1;
}

/** Zooming into a clicked cluster: this fraction of the current distance (never below the view's
 * minimum), centred on the cluster. */
export const CLUSTER_ZOOM_FACTOR = 0.55;

/** Encodes cluster item i as a pick result (markers are store rows >= 0, nothing is -1). */
export const clusterPick = (i: number): number => -(i + 2);

/** In cluster mode: the badge (or single) under CSS pixel (x, y): a row, clusterPick(i), or -1. */
function pickCluster(world: AtlasWorld, x: number, y: number, touch: boolean): number {
  const c = world.clusters;
  const r = world.render;
  const size = markerSize(world.markers.sizeFactor) * markerScale(world.camera.distance);
  const minHit = touch ? MIN_HIT_PX_TOUCH : MIN_HIT_PX_MOUSE;
  const cam = world.camera;
  const camPos = camScratch;
  latLonToXyzInto(cam.lat, cam.lon, cam.distance, camPos);
  let best = -1;
  let bestD = Infinity;
  for (let i = 0; i < c.itemCount; i++) {
    const lon = c.items[i * CLUSTER_STRIDE] as number;
    const lat = c.items[i * CLUSTER_STRIDE + 1] as number;
    const count = c.items[i * CLUSTER_STRIDE + 2] as number;
    const id = c.items[i * CLUSTER_STRIDE + 3] as number;
    latLonToXyzInto(lat, lon, MARKER_RADIUS, centre);
    const cx = centre[0] as number;
    const cy = centre[1] as number;
    const cz = centre[2] as number;
    // Over the horizon: hidden by the globe.
    if (
      cx * (camPos[0] as number) + cy * (camPos[1] as number) + cz * (camPos[2] as number) <
      GLOBE_RADIUS * GLOBE_RADIUS
    )
      continue;
    if (!r.project(cx, cy, cz, screen)) continue;
    const dist = Math.hypot(
      cx - (camPos[0] as number),
      cy - (camPos[1] as number),
      cz - (camPos[2] as number),
    );
    const badge = clusterItemSize(size, count);
    const hitPx = Math.max(minHit, (badge * r.pixelsPerUnitAt(dist)) / 2);
    const d = Math.hypot(screen.x - x, screen.y - y);
    if (d <= hitPx && d < bestD) {
      bestD = d;
      best = count === 1 && id >= 0 ? id : clusterPick(i);
    }
  }
  return best;
}

/** The store row of the drawn marker under CSS pixel (x, y), or -1; in cluster mode also
 * clusterPick(i). */
export function pickMarker(world: AtlasWorld, x: number, y: number, touch: boolean): number {
  const m = world.markers;
  if (!world.layers.markers) return -1;
  if (world.clusters.active) return pickCluster(world, x, y, touch);
  if (m.visible.length === 0) return -1;
  const index = m.pickIndex;
  if (m.pickIndexVersion !== m.version) {
    index.clear();
    for (const e of m.visible) index.insert(e, Marker.lat[e] as number, Marker.lon[e] as number);
    m.pickIndexVersion = m.version;
  }
  const r = world.render;
  r.pickRay(x, y, ray);
  const t = raySphere(ray, MARKER_RADIUS);
  if (t < 0) return -1;
  const hx = ray.ox + ray.dx * t;
  const hy = ray.oy + ray.dy * t;
  const hz = ray.oz + ray.dz * t;
  const hr = Math.hypot(hx, hy, hz);
  const lat = Math.asin(Math.max(-1, Math.min(1, hy / hr))) / DEG;
  const lon = Math.atan2(hx, hz) / DEG;

  const size = markerSize(m.sizeFactor) * markerScale(world.camera.distance);
  const fanSize = markerSize(m.sizeFactor) * m.fanScale;
  const ppu = r.pixelsPerUnitAt(t);
  const minHit = touch ? MIN_HIT_PX_TOUCH : MIN_HIT_PX_MOUSE;
  // Candidates: anything whose place is within the hit radius plus the largest fan-out ring.
  const searchUnits = Math.max(minHit / ppu, size) + fanSize * m.maxFanRadius;
  const searchDeg = searchUnits / MARKER_RADIUS / DEG;
  let best = -1;
  let bestD = Infinity;
  index.query(lat, lon, searchDeg, (e) => {
    markerCentre(e, fanSize, centre);
    if (!r.project(centre[0] as number, centre[1] as number, centre[2] as number, screen)) return;
    const scale =
      Marker.state[e] === MARKER_SELECTED ? 2 : Marker.state[e] === MARKER_HOVERED ? 1.5 : 1;
    const hitPx = Math.max(minHit, (size * scale * ppu) / 2);
    const d = Math.hypot(screen.x - x, screen.y - y);
    if (d <= hitPx && d < bestD) {
      bestD = d;
      best = e;
    }
  });
  return best < 0 ? -1 : (Marker.row[best] as number);
}

/** Angular hit radius of an immersive controller's ray (tangent of ~1.5 degrees): a pointing
 * hand shakes more than a mouse. */
export const RAY_HIT_TAN = 0.026;

/**
 * The store row of the drawn marker (or in cluster mode also clusterPick(i)) nearest to a 3D ray
 * - an immersive controller's pointing ray, which has no screen point - or -1: every drawn marker
 * or badge on the side of the globe facing the ray's origin whose centre lies within its own
 * radius or RAY_HIT_TAN of the ray, the smallest angle wins. A click's work, not per frame.
 */
export function pickMarkerOnRay(world: AtlasWorld, r: Ray): number {
  const m = world.markers;
  if (!world.layers.markers) return -1;
  const len = Math.hypot(r.dx, r.dy, r.dz);
  if (!(len > 0)) return -1;
  const dx = r.dx / len;
  const dy = r.dy / len;
  const dz = r.dz / len;
  const size = markerSize(m.sizeFactor) * markerScale(world.camera.distance);
  let best = -1;
  let bestAngle = Infinity;
  const consider = (cx: number, cy: number, cz: number, radius: number, result: number): void => {
    // Over the horizon seen from the ray's origin: hidden by the globe.
    if (cx * r.ox + cy * r.oy + cz * r.oz < GLOBE_RADIUS * GLOBE_RADIUS) return;
    const vx = cx - r.ox;
    const vy = cy - r.oy;
    const vz = cz - r.oz;
    const t = vx * dx + vy * dy + vz * dz;
    if (t <= 0) return;
    const off = Math.hypot(vx - dx * t, vy - dy * t, vz - dz * t);
    if (off > Math.max(radius, t * RAY_HIT_TAN)) return;
    const angle = off / t;
    if (angle < bestAngle) {
      bestAngle = angle;
      best = result;
    }
  };
  if (world.clusters.active) {
    const c = world.clusters;
    for (let i = 0; i < c.itemCount; i++) {
      const count = c.items[i * CLUSTER_STRIDE + 2] as number;
      const id = c.items[i * CLUSTER_STRIDE + 3] as number;
      latLonToXyzInto(
        c.items[i * CLUSTER_STRIDE + 1] as number,
        c.items[i * CLUSTER_STRIDE] as number,
        MARKER_RADIUS,
        centre,
      );
      const badge = clusterItemSize(size, count);
      consider(
        centre[0] as number,
        centre[1] as number,
        centre[2] as number,
        badge / 2,
        count === 1 && id >= 0 ? id : clusterPick(i),
      );
    }
    return best;
  }
  const fanSize = markerSize(m.sizeFactor) * m.fanScale;
  for (const e of m.visible) {
    markerCentre(e, fanSize, centre);
    const scale =
      Marker.state[e] === MARKER_SELECTED ? 2 : Marker.state[e] === MARKER_HOVERED ? 1.5 : 1;
    consider(
      centre[0] as number,
      centre[1] as number,
      centre[2] as number,
      (size * scale) / 2,
      Marker.row[e] as number,
    );
  }
  return best;
}

/** Sets the drawn state of a row's marker (if it has an entity now; a later spawn reads
 * hovered/selected itself). Cluster singles are redrawn by the cluster system. */
function setState(world: AtlasWorld, row: number, state: number): void {
  if (row < 0) return;
  const e = world.markers.entityOfRow.get(row);
  if (e === undefined) return;
  Marker.state[e] = state;
  world.markers.changed.add(e);
}

/** Selects the article with this id (or clears the selection), as a click by a user would. */
export function selectById(world: AtlasWorld, id: string | null): void {
  select(world, id === null ? -1 : world.markers.store.rowOf(id));
}

function select(world: AtlasWorld, row: number): void {
  const m = world.markers;
  if (m.selected === row) return;
  if (m.selected >= 0)
    setState(world, m.selected, m.selected === m.hovered ? MARKER_HOVERED : MARKER_NORMAL);
  m.selected = row;
  m.version++;
  if (row < 0) return;
  setState(world, row, MARKER_SELECTED);
  m.flashUntil = world.time.now + FLASH_MS;
  // Spec: selecting an article stops auto-rotation - the camera's auto-rotate controller holds it
  // at zero while an article is selected (systems/cameraSystem.ts), without touching the setting.
}

/** Spec: clicking a cluster zooms in on it. */
function zoomIntoCluster(world: AtlasWorld, i: number): void {
  const c = world.clusters;
  world.flyTo = {
    from: { ...world.camera },
    to: {
      lat: c.items[i * CLUSTER_STRIDE + 1] as number,
      lon: c.items[i * CLUSTER_STRIDE] as number,
      distance: Math.max(world.preset.minDistance, world.camera.distance * CLUSTER_ZOOM_FACTOR),
    },
    startMs: world.time.now,
    durationMs: world.cameraSettings.instantFly === true ? 1 : CLUSTER_FLY_MS,
  };
}

/** Zoom-into-cluster animation length (ms). */
export const CLUSTER_FLY_MS = 800;

export function pickingSystem(world: AtlasWorld): void {
  const p = world.pointer;
  const m = world.markers;
  const now = world.time.now;
  if (p.clicked) {
    p.clicked = false;
    const row =
      p.ray !== null ? pickMarkerOnRay(world, p.ray) : pickMarker(world, p.x, p.y, p.touch);
    p.ray = null;
    if (row <= -2) zoomIntoCluster(world, -row - 2);
    else if (row >= 0) {
      if (can(m.role, 'interactWithMarkers')) select(world, row);
      else {
        m.restricted = true;
        m.version++;
      }
    }
  }
  if (!p.moved || now - m.lastHoverAt < HOVER_THROTTLE_MS) return;
  p.moved = false;
  m.lastHoverAt = now;
  const hit = p.inside ? pickMarker(world, p.x, p.y, p.touch) : -1;
  const row = hit >= 0 ? hit : -1;
  const item = hit <= -2 ? -hit - 2 : -1;
  if (item !== world.clusters.hoveredItem) {
    world.clusters.hoveredItem = item;
    world.clusters.dirty = true;
  }
  if (row !== m.hovered) {
    if (m.hovered >= 0 && m.hovered !== m.selected) setState(world, m.hovered, MARKER_NORMAL);
    m.hovered = row;
    if (row >= 0 && row !== m.selected) setState(world, row, MARKER_HOVERED);
  }
  world.render.setCursor(hit !== -1 ? 'pointer' : '');
}
