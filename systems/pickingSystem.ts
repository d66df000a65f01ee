/**
 * pickingSystem - what is under the pointer, without mesh picking: a ray from the camera meets the
 * sphere the markers float on, a grid index over the drawn markers gives the candidates near that
 * point, and the nearest one on screen within its hit radius wins. Hover is throttled to 50 ms
 * (spec); a click selects (with the interactWithMarkers right) or sets the restriction state.
 * Reads: pointer, markers.visible, Marker fields, camera, role. Writes: Marker.state, hovered,
 * selected, restricted, flashUntil, autoRotate, markers.changed.
 * Order: after the marker filter, before animation and sync. Cadence: every frame; work only
 * when the pointer moved or clicked.
 */
import { can } from '../data/permissions';
import {
  Marker,
  MARKER_HOVERED,
  MARKER_NORMAL,
  MARKER_SELECTED,
} from '../engine/markers/markerComponents';
import type { AtlasWorld, Ray } from '../engine/world';
import { FLASH_MS } from './markerAnimSystem';
import { MARKER_RADIUS, markerCentre, markerSize } from './markerGeometry';

/** Spec: hover raycast throttled to 50 ms. */
export const HOVER_THROTTLE_MS = 50;
/** Smallest hit target, CSS px: 20 px on touch (spec), a little forgiving with a mouse too. */
export const MIN_HIT_PX_TOUCH = 20;
export const MIN_HIT_PX_MOUSE = 12;

const DEG = Math.PI / 180;
const ray: Ray = { ox: 0, oy: 0, oz: 0, dx: 0, dy: 0, dz: 0 };
const screen = { x: 0, y: 0 };
const centre = new Float64Array(3);

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

/** The drawn marker under CSS pixel (x, y), or -1. */
export function pickMarker(world: AtlasWorld, x: number, y: number, touch: boolean): number {
  const m = world.markers;
  if (m.visible.length === 0 || !world.layers.markers) return -1;
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

  const size = markerSize(m.sizeFactor);
  const ppu = r.pixelsPerUnitAt(t);
  const minHit = touch ? MIN_HIT_PX_TOUCH : MIN_HIT_PX_MOUSE;
  // Candidates: anything whose place is within the hit radius plus the largest fan-out ring.
  const searchUnits = Math.max(minHit / ppu, size) + size * 3;
  const searchDeg = searchUnits / MARKER_RADIUS / DEG;
  let best = -1;
  let bestD = Infinity;
  index.query(lat, lon, searchDeg, (e) => {
    markerCentre(e, size, centre);
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
  return best;
}

function setState(world: AtlasWorld, e: number, state: number): void {
  if (e < 0) return;
  Marker.state[e] = state;
  world.markers.changed.add(e);
}

/** Selects the article with this id (or clears the selection), as a click by a user would. */
export function selectById(world: AtlasWorld, id: string | null): void {
  const e = id === null ? -1 : (world.markers.byId.get(id) ?? -1);
  select(world, e);
}

function select(world: AtlasWorld, e: number): void {
  const m = world.markers;
  if (m.selected === e) return;
  if (m.selected >= 0)
    setState(world, m.selected, m.selected === m.hovered ? MARKER_HOVERED : MARKER_NORMAL);
  m.selected = e;
  m.version++;
  if (e < 0) return;
  setState(world, e, MARKER_SELECTED);
  Marker.flashUntil[e] = world.time.now + FLASH_MS;
  m.animating.add(e);
  // Spec: selecting an article stops auto-rotation.
  world.autoRotate = false;
}

export function pickingSystem(world: AtlasWorld): void {
  const p = world.pointer;
  const m = world.markers;
  const now = world.time.now;
  if (p.clicked) {
    p.clicked = false;
    const e = pickMarker(world, p.x, p.y, p.touch);
    if (e >= 0) {
      if (can(m.role, 'interactWithMarkers')) select(world, e);
      else {
        m.restricted = true;
        m.version++;
      }
    }
  }
  if (!p.moved || now - m.lastHoverAt < HOVER_THROTTLE_MS) return;
  p.moved = false;
  m.lastHoverAt = now;
  const e = p.inside ? pickMarker(world, p.x, p.y, p.touch) : -1;
  if (e !== m.hovered) {
    if (m.hovered >= 0 && m.hovered !== m.selected) setState(world, m.hovered, MARKER_NORMAL);
    m.hovered = e;
    if (e >= 0 && e !== m.selected) setState(world, e, MARKER_HOVERED);
    world.render.setCursor(e >= 0 ? 'pointer' : '');
  }
}
