/**
 * labelSystem - places the place-name labels: which ones qualify this frame (kind loaded, camera
 * distance in the kind's range - farther for important places -, inside the spotlight, facing the
 * camera enough, narrower than the Earth on screen, on screen, not colliding with an obstacle or a
 * more important label, under the kind's cap), then their fade, then the GPU slots of the labels
 * whose opacity or offset changed.
 *
 * One collision space per pass (data/labels/collision.ts): first the obstacles - the rectangles
 * the UI occupies (setOccluders), the drawn markers or cluster badges, the user marker - then the
 * selected country's name (the badge on the globe), then the sun, moon and planet names in the
 * solar view, then the catalogue's groups in order. Markers win: a label a marker would cover
 * moves to a free anchor (above, below, right or left of its point) or is not placed.
 * Reads: layers.labels/markers, camera, time, labels.catalogue/ui, the drawn markers and cluster
 * items, controls (user location, selected country), appearance.sky and the Earth part mask (sky
 * bodies drawn), labelRender.measure/viewport, the shell's
 * backdrop scale (quality.appliedBackdropScale: behind the landing page's 6-8 px blur no label is
 * placed, none could be read), the applied animations switch (quality.appliedEffects: off, labels
 * show and go without fading).
 * Writes: labels (active, placed, obstacles), labelRender slots. Order: after the marker systems,
 * before render.
 * Cadence: every frame; the placement pass only runs when its inputs changed (camera, viewport,
 * the kinds loaded, the drawn markers, the UI rectangles, the selection, the sky), so a still
 * globe costs a key compare plus the fades in progress. While the
 * camera moves, adaptive quality may space the passes (quality placementMs: 100 ms under
 * 'reduced' culling, 250 ms under 'emergency'); the last camera move is always placed.
 *
 * Placement projects with its own pinhole camera (position from world.camera, looking at the
 * origin, y up, the render side's field of view) rather than the render side's projection, which
 * still holds last frame's matrices while the camera system has already moved the rig.
 */
import { stepLife } from '../data/labels/fade';
import {
  LABEL_KINDS,
  LABEL_RULES,
  MIN_APPARENT_SIZE,
  apparentSize,
  kindLoaded,
  spotlightRadiusDeg,
} from '../data/labels/labelRules';
import type { ScreenBox } from '../data/labels/collision';
import { PLACES_GROUP } from '../data/labels/catalogue';
import { CLUSTER_STRIDE } from '../data/markers/clusterProtocol';
import { GLOBE_RADIUS, latLonToXyzInto } from '../data/geoMath';
import {
  OBSTACLE_MARKER,
  OBSTACLE_UI,
  OBSTACLE_USER,
  SKY_LABELS,
  offsetKey,
  type LabelState,
  type LabelViewport,
  type PlacedLabel,
} from '../engine/labelState';
import { Marker, MARKER_HOVERED, MARKER_SELECTED } from '../engine/markers/markerComponents';
import type { AtlasWorld } from '../engine/world';
import type { BodyPlacement, SolarSystemLayout } from '../data/globe/astro';
import { USER_MARKER_PX } from './countrySystem';
import { PART_MOON, PART_PLANETS, PART_SUN } from './earthLayerSystem';
import { clusterItemSize, markerCentre, markerScale, markerSize } from './markerGeometry';

/** Empty space kept around each label (CSS px) so neighbours never touch. */
export const LABEL_MARGIN_PX = 2;
/**
 * Most collision tests per group and pass. Candidates come most important first, so once this
 * many have been tried the rest are small places in an already crowded view (close over Europe
 * 20k towns lie in the spotlight and nearly all collide); stopping bounds the pass's cost. The
 * places group (countries, capitals, cities, states, regions, towns together) gets PLACE_TESTS.
 */
export const MAX_TESTS_PER_KIND = 1200;
export const PLACE_TESTS = 2400;
/** Gap between a point and a label moved beside it (CSS px): about a marker's radius. */
export const ANCHOR_GAP_PX = 9;
/**
 * Anchors tried, in order, as (x, y) offsets of the label's centre from its point: centred; just
 * above or below (at small scales a country's centre is often next to a neighbour's); then clear
 * of the point to the right, left, above and below (a marker on the point covers the centre).
 * Each is (kx * width + gx, ky * height + gy), CSS px.
 */
export const ANCHORS: readonly (readonly [kx: number, gx: number, ky: number, gy: number])[] = [
  [0, 0, 0, 0],
  [0, 0, -0.75, 0],
  [0, 0, 0.75, 0],
  [0.5, ANCHOR_GAP_PX, 0, 0],
  [-0.5, -ANCHOR_GAP_PX, 0, 0],
  [0, 0, -1, -ANCHOR_GAP_PX],
  [0, 0, 1, ANCHOR_GAP_PX],
];
/** Labels must lie this far inside the viewport edges (CSS px). */
export const EDGE_MARGIN_PX = 2;
/** An Earth label may be at most this share of the Earth's on-screen diameter wide: farther out
 * the names fade (EUROPE never wider than the Earth it names). */
export const EARTH_LABEL_SHARE = 0.6;
/** Sun, moon and planet names are placed from this camera distance out (the solar view). */
export const SKY_LABEL_DISTANCE = 3000;
/** Marker obstacle: the drawn disc's radius as a share of the marker quad's half-size (the
 * outline ends at 0.78 in markerMesh's fragment shader). */
export const MARKER_DISC = 0.8;
/** Sky body names, by SKY_LABELS index: sun, moon, then the planets in their layout order. */
const SKY_DISPLAY: Record<string, string> = {
  sun: 'Sun',
  moon: 'Moon',
  mercury: 'Mercury',
  venus: 'Venus',
  mars: 'Mars',
  jupiter: 'Jupiter',
  saturn: 'Saturn',
  uranus: 'Uranus',
  neptune: 'Neptune',
};
const SKY_KIND = LABEL_KINDS.indexOf('country');

const DEG = Math.PI / 180;
const cam = new Float64Array(3);
const centre = new Float64Array(3);
const viewport: LabelViewport = { width: 0, height: 0, fovY: Math.PI / 4 };
const size = { width: 0, height: 0 };
/** Box pool of the placement pass (see place()). */
const boxes: ScreenBox[] = [];
/** Labels placed per kind this pass (caps). */
const kindCount = new Int32Array(LABEL_KINDS.length);

/** Bits of the kinds whose load delay has passed. */
function loadedMask(elapsedMs: number): number {
  let mask = 0;
  LABEL_KINDS.forEach((k, i) => {
    if (kindLoaded(k, elapsedMs)) mask |= 1 << i;
  });
  return mask;
}

function hideAll(world: AtlasWorld): void {
  const s = world.labels;
  const gpu = world.labelRender;
  for (const a of s.active.values()) {
    gpu.writeSlot(a.slot, 0, 0, 0, '', 0, 0, 0, 0);
    s.freeSlots.push(a.slot);
  }
  s.active.clear();
  s.placed = [];
  s.placedIndex = [];
  s.key.fill(NaN);
}

/** The pass's pinhole camera (see the header). */
const view = {
  cx: 0,
  cy: 0,
  cz: 0,
  fx: 0,
  fy: 0,
  fz: 0,
  rx: 0,
  rz: 0,
  ux: 0,
  uy: 0,
  uz: 0,
  focal: 1,
  w: 0,
  h: 0,
};
const proj = { x: 0, y: 0, depth: 0 };

/** Projects scene point (x, y, z) into proj (CSS px); false when behind the camera. */
function project(x: number, y: number, z: number): boolean {
  const dx = x - view.cx;
  const dy = y - view.cy;
  const dz = z - view.cz;
  const depth = dx * view.fx + dy * view.fy + dz * view.fz;
  if (depth <= 0) return false;
  proj.depth = depth;
  proj.x = view.w / 2 + (view.focal * (dx * view.rx + dz * view.rz)) / depth;
  proj.y = view.h / 2 - (view.focal * (dx * view.ux + dy * view.uy + dz * view.uz)) / depth;
  return true;
}

/** Adds an obstacle to the index and to the list automation reports. */
function obstacle(
  s: LabelState,
  kind: number,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
): void {
  if (x1 < 0 || y1 < 0 || x0 > view.w || y0 > view.h) return;
  s.grid.block(x0, y0, x1, y1);
  const n = s.obstacleCount;
  if ((n + 1) * 4 > s.obstacles.length) {
    const grown = new Float32Array(s.obstacles.length * 2);
    grown.set(s.obstacles);
    s.obstacles = grown;
  }
  if (n + 1 > s.obstacleKind.length) {
    const grown = new Uint8Array(s.obstacleKind.length * 2);
    grown.set(s.obstacleKind);
    s.obstacleKind = grown;
  }
  s.obstacles[n * 4] = x0;
  s.obstacles[n * 4 + 1] = y0;
  s.obstacles[n * 4 + 2] = x1;
  s.obstacles[n * 4 + 3] = y1;
  s.obstacleKind[n] = kind;
  s.obstacleCount = n + 1;
}

/** The UI rectangles, the drawn markers (or cluster badges) and the user marker. */
function addObstacles(world: AtlasWorld): void {
  const s = world.labels;
  s.obstacleCount = 0;
  for (let i = 0; i < s.uiCount; i++) {
    obstacle(
      s,
      OBSTACLE_UI,
      s.ui[i * 4] as number,
      s.ui[i * 4 + 1] as number,
      s.ui[i * 4 + 2] as number,
      s.ui[i * 4 + 3] as number,
    );
  }
  const distance = world.camera.distance;
  // Same horizon as the marker shader's (markerMesh.ts), a little generous.
  const horizon = GLOBE_RADIUS / distance - 0.05;
  if (world.layers.markers) {
    const m = world.markers;
    const unit = markerSize(m.sizeFactor) * markerScale(distance);
    const c = world.clusters;
    if (c.active) {
      for (let i = 0; i < c.itemCount; i++) {
        const lon = c.items[i * CLUSTER_STRIDE] as number;
        const lat = c.items[i * CLUSTER_STRIDE + 1] as number;
        const count = c.items[i * CLUSTER_STRIDE + 2] as number;
        latLonToXyzInto(lat, lon, 1, centre);
        const nx = centre[0] as number;
        const ny = centre[1] as number;
        const nz = centre[2] as number;
        if (-(nx * view.fx + ny * view.fy + nz * view.fz) < horizon) continue;
        const r0 = GLOBE_RADIUS + 5;
        if (!project(nx * r0, ny * r0, nz * r0)) continue;
        const badge = clusterItemSize(unit, count);
        const r = (badge * 0.5 * MARKER_DISC * view.focal) / proj.depth;
        obstacle(s, OBSTACLE_MARKER, proj.x - r, proj.y - r, proj.x + r, proj.y + r);
      }
    } else {
      const fanSize = markerSize(m.sizeFactor) * m.fanScale;
      for (const e of m.visible) {
        if ((Marker.lod[e] as number) > 3) continue;
        markerCentre(e, fanSize, centre);
        const x = centre[0] as number;
        const y = centre[1] as number;
        const z = centre[2] as number;
        const len = Math.sqrt(x * x + y * y + z * z);
        if (-(x * view.fx + y * view.fy + z * view.fz) / len < horizon) continue;
        if (!project(x, y, z)) continue;
        const state = Marker.state[e] as number;
        const k = state === MARKER_SELECTED ? 2 : state === MARKER_HOVERED ? 1.5 : 1;
        const r = (unit * k * 0.5 * MARKER_DISC * view.focal) / proj.depth;
        obstacle(s, OBSTACLE_MARKER, proj.x - r, proj.y - r, proj.x + r, proj.y + r);
      }
    }
  }
  const u = world.controls.userLocation;
  if (u !== null) {
    latLonToXyzInto(u.lat, u.lon, GLOBE_RADIUS, centre);
    const x = centre[0] as number;
    const y = centre[1] as number;
    const z = centre[2] as number;
    if (x * view.cx + y * view.cy + z * view.cz > GLOBE_RADIUS * GLOBE_RADIUS && project(x, y, z)) {
      const r = USER_MARKER_PX / 2;
      obstacle(s, OBSTACLE_USER, proj.x - r, proj.y - r, proj.x + r, proj.y + r);
    }
  }
}

/**
 * Tries the anchors for a label of `lw` x `lh` CSS px around screen point (sx, sy), the first
 * `anchors` of ANCHORS; on success the box is filed in the index and `placedAt` holds the offset.
 */
const placedAt = { x: 0, y: 0 };
function tryAnchors(
  s: LabelState,
  box: ScreenBox,
  sx: number,
  sy: number,
  lw: number,
  lh: number,
  anchors: number,
  counter: { tests: number },
): boolean {
  const { w, h } = view;
  for (let a = 0; a < anchors; a++) {
    const [kx, gx, ky, gy] = ANCHORS[a] as readonly [number, number, number, number];
    const ox = kx * lw + gx;
    const oy = ky * lh + gy;
    box.x0 = sx + ox - lw / 2 - LABEL_MARGIN_PX;
    box.y0 = sy + oy - lh / 2 - LABEL_MARGIN_PX;
    box.x1 = sx + ox + lw / 2 + LABEL_MARGIN_PX;
    box.y1 = sy + oy + lh / 2 + LABEL_MARGIN_PX;
    if (
      box.x0 < EDGE_MARGIN_PX ||
      box.y0 < EDGE_MARGIN_PX ||
      box.x1 > w - EDGE_MARGIN_PX ||
      box.y1 > h - EDGE_MARGIN_PX
    ) {
      continue;
    }
    counter.tests++;
    if (s.grid.tryPlace(box)) {
      placedAt.x = ox;
      placedAt.y = oy;
      return true;
    }
  }
  return false;
}

const counter = { tests: 0 };

/** The placement pass: fills labels.placedIndex/placed and stamps placedFrame. */
function place(world: AtlasWorld, mask: number): void {
  const s = world.labels;
  const cat = s.catalogue;
  if (cat === null) return;
  s.passes++;
  const frame = world.time.frame;
  const { width: w, height: h } = viewport;
  const distance = world.camera.distance;
  latLonToXyzInto(world.camera.lat, world.camera.lon, distance, cam);
  const cx = cam[0] as number;
  const cy = cam[1] as number;
  const cz = cam[2] as number;
  // Camera basis (right-handed, y up): forward to the origin, right = forward x up.
  const fx = -cx / distance;
  const fy = -cy / distance;
  const fz = -cz / distance;
  let rx = -fz; // forward x (0, 1, 0) = (-fz, 0, fx)
  let rz = fx;
  const rl = Math.hypot(rx, rz) || 1;
  rx /= rl;
  rz /= rl;
  // up = right x forward
  const ux = -rz * fy;
  const uy = rz * fx - rx * fz;
  const uz = rx * fy;
  const focal = h / (2 * Math.tan(viewport.fovY / 2));
  Object.assign(view, { cx, cy, cz, fx, fy, fz, rx, rz, ux, uy, uz, focal, w, h });
  const cosSpot = Math.cos(spotlightRadiusDeg(distance) * DEG);
  // The Earth's diameter on screen: no Earth label may be wider than a share of it.
  const earthPx =
    distance > GLOBE_RADIUS
      ? (2 * focal * GLOBE_RADIUS) / Math.sqrt(distance * distance - GLOBE_RADIUS * GLOBE_RADIUS)
      : Infinity;
  const maxEarthLabel = earthPx * EARTH_LABEL_SHARE;
  const grid = s.grid;
  grid.reset(w, h);
  addObstacles(world);
  let boxCount = 0;
  const placedIndex: number[] = [];
  const placedOffset: number[] = [];
  const placed: PlacedLabel[] = [];
  kindCount.fill(0);

  const measure = (i: number, kind: number, text: string): void => {
    if (Number.isNaN(s.width[i])) {
      world.labelRender.measure(text, kind, size);
      s.width[i] = size.width;
      s.height[i] = size.height;
    }
  };
  const commit = (
    i: number,
    kind: PlacedLabel['kind'],
    name: string,
    sx: number,
    sy: number,
    selected: boolean,
  ): void => {
    const lw = s.width[i] as number;
    const lh = s.height[i] as number;
    boxCount++;
    s.placedFrame[i] = frame;
    placedIndex.push(i);
    placedOffset.push(placedAt.x, placedAt.y);
    const label: PlacedLabel = {
      kind,
      name,
      x: sx + placedAt.x - lw / 2,
      y: sy + placedAt.y - lh / 2,
      width: lw,
      height: lh,
    };
    if (selected) label.selected = true;
    placed.push(label);
  };
  const poolBox = (): ScreenBox =>
    boxes[boxCount] ?? (boxes[boxCount] = { x0: 0, y0: 0, x1: 0, y1: 0 });

  // Candidate i of the catalogue: on screen, facing, in the spotlight (unless `anywhere`); writes
  // its anchor into proj. Returns false when it cannot show.
  const anchorOf = (i: number, anywhere: boolean): boolean => {
    const own = cat.kind[i] as number;
    const r = GLOBE_RADIUS * LABEL_RULES[LABEL_KINDS[own] as (typeof LABEL_KINDS)[number]].radius;
    const nx = cat.dir[i * 3] as number;
    const ny = cat.dir[i * 3 + 1] as number;
    const nz = cat.dir[i * 3 + 2] as number;
    // Spotlight: the angle between the place and the point under the camera.
    if (!anywhere && -(nx * fx + ny * fy + nz * fz) < cosSpot) return false;
    if (apparentSize(nx, ny, nz, r, cx, cy, cz) < MIN_APPARENT_SIZE) return false;
    if (!project(nx * r, ny * r, nz * r)) return false;
    // Anchor off screen: the label cannot fit (checked before measuring the text).
    return proj.x >= 0 && proj.x <= w && proj.y >= 0 && proj.y <= h;
  };

  // The selected country's name first: the badge on the globe, placed like a label.
  const sel = s.selectedLabel;
  if (sel >= 0 && sel < cat.size && anchorOf(sel, true)) {
    const sx = proj.x;
    const sy = proj.y;
    const own = cat.kind[sel] as number;
    measure(sel, own, cat.name[sel] as string);
    if ((s.width[sel] as number) <= maxEarthLabel) {
      const box = poolBox();
      if (
        tryAnchors(
          s,
          box,
          sx,
          sy,
          s.width[sel] as number,
          s.height[sel] as number,
          ANCHORS.length,
          counter,
        )
      ) {
        commit(sel, LABEL_KINDS[own] as PlacedLabel['kind'], cat.name[sel] as string, sx, sy, true);
      }
    }
  }

  // The solar view: the sun, moon and planet names (below their discs).
  const sky = world.appearance.sky;
  if (sky !== null && distance >= SKY_LABEL_DISTANCE) {
    const parts = world.earth.parts;
    const bodyCount = 2 + sky.planets.length;
    for (let j = 0; j < bodyCount && j < SKY_LABELS; j++) {
      const b = skyBodyAt(sky, parts, j);
      if (b === null) continue;
      const i = cat.size + j;
      const name = SKY_DISPLAY[b.name] ?? b.name;
      s.skyName[j] = name;
      s.skyPos[j * 3] = b.position[0];
      s.skyPos[j * 3 + 1] = b.position[1];
      s.skyPos[j * 3 + 2] = b.position[2];
      if (!project(b.position[0], b.position[1], b.position[2])) continue;
      const sx = proj.x;
      const sy = proj.y;
      if (sx < 0 || sx > w || sy < 0 || sy > h) continue;
      const discPx = (b.radius * focal) / proj.depth;
      measure(i, SKY_KIND, name);
      const lw = s.width[i] as number;
      const lh = s.height[i] as number;
      // Below the disc, else above it.
      const box = poolBox();
      let ok = false;
      for (const dir of [1, -1]) {
        placedAt.x = 0;
        placedAt.y = dir * (discPx + lh / 2 + 4);
        box.x0 = sx - lw / 2 - LABEL_MARGIN_PX;
        box.x1 = sx + lw / 2 + LABEL_MARGIN_PX;
        box.y0 = sy + placedAt.y - lh / 2 - LABEL_MARGIN_PX;
        box.y1 = sy + placedAt.y + lh / 2 + LABEL_MARGIN_PX;
        if (
          box.x0 < EDGE_MARGIN_PX ||
          box.y0 < EDGE_MARGIN_PX ||
          box.x1 > w - EDGE_MARGIN_PX ||
          box.y1 > h - EDGE_MARGIN_PX
        )
          continue;
        if (grid.tryPlace(box)) {
          ok = true;
          break;
        }
      }
      if (ok) commit(i, 'sky', name, sx, sy, false);
    }
  }

  for (let k = 0; k < LABEL_KINDS.length; k++) {
    if ((mask & (1 << k)) === 0) continue;
    if (distance < (cat.groupMin[k] as number) || distance > (cat.groupMax[k] as number)) continue;
    counter.tests = 0;
    const maxTests = k === PLACES_GROUP ? PLACE_TESTS : MAX_TESTS_PER_KIND;
    const end = cat.start[k + 1] as number;
    for (let i = cat.start[k] as number; i < end && counter.tests < maxTests; i++) {
      if (i === sel) continue;
      // The group sets the order; the label's own kind its look, range, cap and height.
      const own = cat.kind[i] as number;
      const ownKind = LABEL_KINDS[own] as (typeof LABEL_KINDS)[number];
      const rule = LABEL_RULES[ownKind];
      if ((mask & (1 << own)) === 0) continue;
      if (distance < rule.minDistance || distance > (cat.reach[i] as number)) continue;
      if ((kindCount[own] as number) >= rule.cap) continue;
      if (!anchorOf(i, false)) continue;
      const sx = proj.x;
      const sy = proj.y;
      measure(i, own, cat.name[i] as string);
      const lw = s.width[i] as number;
      const lh = s.height[i] as number;
      if (lw > maxEarthLabel) continue;
      // Boxes come from a pool: the grid keeps the placed ones until its next reset, a rejected
      // candidate's box is reused by the next one (no garbage per candidate).
      const box = poolBox();
      if (!tryAnchors(s, box, sx, sy, lw, lh, ANCHORS.length, counter)) continue;
      kindCount[own] = (kindCount[own] as number) + 1;
      commit(i, ownKind, cat.name[i] as string, sx, sy, false);
    }
  }
  s.placedIndex = placedIndex;
  s.placedOffset = placedOffset;
  s.placed = placed;
}

/** The catalogue index of the selected country's name (-1 = none or not in the catalogue). */
function selectedLabelIndex(world: AtlasWorld): number {
  const cs = world.controls.country;
  const cat = world.labels.catalogue;
  if (cs.selected < 0 || cs.index === null || cat === null) return -1;
  const info = cs.index.countries[cs.selected];
  if (info === undefined) return -1;
  const countryKind = LABEL_KINDS.indexOf('country');
  let byName = -1;
  for (let i = 0; i < cat.size; i++) {
    if (cat.kind[i] !== countryKind) continue;
    if (info.iso2 !== '' && cat.code[i] === info.iso2) return i;
    if (byName < 0 && cat.name[i] === info.name) byName = i;
  }
  return byName;
}

/** The body of sky-label slot j (0 the sun, 1 the moon, 2.. the planets), or null while its
 * part is hidden; read in place, so a label pass builds no array. */
function skyBodyAt(sky: SolarSystemLayout, parts: number, j: number): BodyPlacement | null {
  if (j === 0) return (parts & PART_SUN) !== 0 ? sky.sun : null;
  if (j === 1) return (parts & PART_MOON) !== 0 ? sky.moon : null;
  return (parts & PART_PLANETS) !== 0 ? (sky.planets[j - 2] ?? null) : null;
}

export function labelSystem(world: AtlasWorld): void {
  const s = world.labels;
  const gpu = world.labelRender;
  const now = world.time.now;
  if (s.startedAt < 0) s.startedAt = now;
  // Behind the shell's 6-8 px blur (the landing and the pages over the globe: the scene drawn at
  // the backdrop scale) no label could be read: none is placed.
  const behindBlur = (world.quality?.appliedBackdropScale ?? 1) < 1;
  const on = world.layers.labels && !behindBlur;
  if ((on ? 1 : 0) !== s.visibleSent) {
    s.visibleSent = on ? 1 : 0;
    gpu.setVisible(on);
    if (!on) {
      hideAll(world);
      gpu.flush();
    }
  }
  if (!on || s.catalogue === null) return;

  const frame = world.time.frame;
  const mask = loadedMask(now - s.startedAt);
  gpu.viewport(viewport);
  const key = s.key;
  const cam = world.camera;
  const cs = world.controls.country;
  const u = world.controls.userLocation;
  // What else the placement depends on: the drawn markers or cluster badges, the UI rectangles,
  // the selected country, the user marker, the sky (bodies drawn, their layout).
  const markersKey = world.layers.markers
    ? world.markers.version * 4 +
      (world.clusters.active ? 1 + world.clusters.itemsGeneration * 4 : 0)
    : -1;
  const userKey = u === null ? NaN : u.lat * 1000 + u.lon;
  const skyKey = world.earth.skyAt + (world.earth.parts & (PART_SUN | PART_MOON | PART_PLANETS));
  const viewChanged =
    key[3] !== viewport.width ||
    key[4] !== viewport.height ||
    key[5] !== viewport.fovY ||
    key[6] !== mask ||
    key[7] !== markersKey ||
    key[8] !== s.uiVersion ||
    key[9] !== cs.selected ||
    !Object.is(key[10], userKey) ||
    key[11] !== skyKey;
  const cameraMoved = key[0] !== cam.lat || key[1] !== cam.lon || key[2] !== cam.distance;
  // Adaptive quality spaces the passes while the camera moves (placementMs: 0 at full rate);
  // in between, the placed labels stay on their places (the GPU projects them every frame).
  const interval = world.quality?.controller.state.placementMs ?? 0;
  let passed = false;
  if (viewChanged || (cameraMoved && now - s.placedAt >= interval)) {
    s.placedAt = now;
    key[0] = cam.lat;
    key[1] = cam.lon;
    key[2] = cam.distance;
    key[3] = viewport.width;
    key[4] = viewport.height;
    key[5] = viewport.fovY;
    key[6] = mask;
    key[7] = markersKey;
    key[8] = s.uiVersion;
    if (key[9] !== cs.selected) s.selectedLabel = selectedLabelIndex(world);
    key[9] = cs.selected;
    key[10] = userKey;
    key[11] = skyKey;
    place(world, mask);
    passed = true;
  } else {
    // Same inputs, same placement: the placed labels qualify again.
    for (const i of s.placedIndex) s.placedFrame[i] = frame;
  }

  const cat = s.catalogue;
  // With adaptive quality's animations off (a degradation step, or low battery) labels come and
  // go at once instead of fading: each is written once when it shows and once when it goes,
  // rather than on every frame of a 200-300 ms fade.
  const animations = world.quality?.appliedEffects?.animations ?? true;
  const dtMs = animations ? world.time.dt * 1000 : Infinity;
  s.placedIndex.forEach((i, n) => {
    const offsetX = s.placedOffset[n * 2] ?? 0;
    const offsetY = s.placedOffset[n * 2 + 1] ?? 0;
    const known = s.active.get(i);
    if (known !== undefined) {
      known.offsetX = offsetX;
      known.offsetY = offsetY;
      return;
    }
    const slot = s.freeSlots.pop() ?? s.slotCount++;
    s.active.set(i, {
      slot,
      life: { lastQualifiedFrame: frame, alpha: 0 },
      written: -1,
      offsetX,
      offsetY,
      writtenOffset: NaN,
    });
  });
  gpu.setCount(s.slotCount);
  let changed = false;
  for (const [i, a] of s.active) {
    const alive = stepLife(a.life, s.placedFrame[i] === frame, frame, dtMs);
    const isSky = i >= cat.size;
    const k = isSky ? SKY_KIND : (cat.kind[i] as number);
    if (!alive) {
      gpu.writeSlot(a.slot, 0, 0, 0, '', k, 0, 0, 0);
      s.freeSlots.push(a.slot);
      s.active.delete(i);
      changed = true;
      continue;
    }
    const offset = offsetKey(a.offsetX, a.offsetY);
    // Sky bodies move: their slots follow each placement pass.
    if (a.life.alpha === a.written && offset === a.writtenOffset && !(isSky && passed)) continue;
    a.written = a.life.alpha;
    a.writtenOffset = offset;
    if (isSky) {
      const j = i - cat.size;
      gpu.writeSlot(
        a.slot,
        s.skyPos[j * 3] as number,
        s.skyPos[j * 3 + 1] as number,
        s.skyPos[j * 3 + 2] as number,
        s.skyName[j] as string,
        k,
        a.life.alpha,
        a.offsetX,
        a.offsetY,
        true,
      );
    } else {
      const r = GLOBE_RADIUS * LABEL_RULES[LABEL_KINDS[k] as (typeof LABEL_KINDS)[number]].radius;
      gpu.writeSlot(
        a.slot,
        (cat.dir[i * 3] as number) * r,
        (cat.dir[i * 3 + 1] as number) * r,
        (cat.dir[i * 3 + 2] as number) * r,
        cat.name[i] as string,
        k,
        a.life.alpha,
        a.offsetX,
        a.offsetY,
      );
    }
    changed = true;
  }
  // Every label gone (out at the solar system, say): the pool empties, so the label mesh is hidden
  // and costs no draw call until a label qualifies again.
  if (s.active.size === 0 && s.slotCount > 0) {
    s.slotCount = 0;
    s.freeSlots.length = 0;
    gpu.setCount(0);
  }
  if (changed) gpu.flush();
}
