/**
 * labelSystem - places the place-name labels: which ones qualify this frame (kind loaded, camera
 * distance in the kind's range, inside the spotlight, facing the camera enough, on screen, not
 * colliding with a more important label, under the kind's cap), then their fade, then the GPU
 * slots of the labels whose opacity changed.
 * Reads: layers.labels, camera, time, labels.catalogue, labelRender.measure/viewport, the shell's
 * backdrop scale (quality.appliedBackdropScale: behind the landing page's 6-8 px blur no label is
 * placed, none could be read), the applied animations switch (quality.appliedEffects: off, labels
 * show and go without fading).
 * Writes: labels (active, placed), labelRender slots. Order: after camera, before render.
 * Cadence: every frame; the placement pass only runs when its inputs changed (camera, viewport,
 * the kinds loaded), so a still globe costs a key compare plus the fades in progress. While the
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
  inDistanceRange,
  kindLoaded,
  spotlightRadiusDeg,
} from '../data/labels/labelRules';
import type { ScreenBox } from '../data/labels/collision';
import { GLOBE_RADIUS, latLonToXyzInto } from '../data/geoMath';
import type { LabelViewport, PlacedLabel } from '../engine/labelState';
import type { AtlasWorld } from '../engine/world';

/** Empty space kept around each label (CSS px) so neighbours never touch. */
export const LABEL_MARGIN_PX = 2;
/**
 * Most collision tests per kind and pass. Candidates come most important first, so once this many
 * have been tried the rest are small places in an already crowded view (close over Europe 20k
 * towns lie in the spotlight and nearly all collide); stopping bounds the pass's cost.
 */
export const MAX_TESTS_PER_KIND = 1200;
/** Vertical shifts tried, in label heights: centred, above, below the anchor. */
export const SHIFTS = [0, -0.75, 0.75] as const;
/** Labels must lie this far inside the viewport edges (CSS px). */
export const EDGE_MARGIN_PX = 2;

const DEG = Math.PI / 180;
const cam = new Float64Array(3);
const viewport: LabelViewport = { width: 0, height: 0, fovY: Math.PI / 4 };
const size = { width: 0, height: 0 };
/** Box pool of the placement pass (see place()). */
const boxes: ScreenBox[] = [];

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
    gpu.writeSlot(a.slot, 0, 0, 0, '', 0, 0, 0);
    s.freeSlots.push(a.slot);
  }
  s.active.clear();
  s.placed = [];
  s.placedIndex = [];
  s.key.fill(NaN);
}

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
  const cosSpot = Math.cos(spotlightRadiusDeg(distance) * DEG);
  const grid = s.grid;
  grid.reset(w, h);
  let boxCount = 0;
  const placedIndex: number[] = [];
  const placedOffset: number[] = [];
  const placed: PlacedLabel[] = [];

  for (let k = 0; k < LABEL_KINDS.length; k++) {
    const kind = LABEL_KINDS[k] as (typeof LABEL_KINDS)[number];
    if ((mask & (1 << k)) === 0 || !inDistanceRange(kind, distance)) continue;
    const rule = LABEL_RULES[kind];
    let count = 0;
    let tests = 0;
    const end = cat.start[k + 1] as number;
    for (
      let i = cat.start[k] as number;
      i < end && count < rule.cap && tests < MAX_TESTS_PER_KIND;
      i++
    ) {
      // The group sets range, cap and priority; the label's own kind its look and height.
      const own = cat.kind[i] as number;
      const ownKind = LABEL_KINDS[own] as (typeof LABEL_KINDS)[number];
      const r = GLOBE_RADIUS * LABEL_RULES[ownKind].radius;
      const nx = cat.dir[i * 3] as number;
      const ny = cat.dir[i * 3 + 1] as number;
      const nz = cat.dir[i * 3 + 2] as number;
      // Spotlight: the angle between the place and the point under the camera.
      if (-(nx * fx + ny * fy + nz * fz) < cosSpot) continue;
      if (apparentSize(nx, ny, nz, r, cx, cy, cz) < MIN_APPARENT_SIZE) continue;
      const dx = nx * r - cx;
      const dy = ny * r - cy;
      const dz = nz * r - cz;
      const depth = dx * fx + dy * fy + dz * fz;
      if (depth <= 0) continue;
      const sx = w / 2 + (focal * (dx * rx + dz * rz)) / depth;
      const sy = h / 2 - (focal * (dx * ux + dy * uy + dz * uz)) / depth;
      // Anchor off screen: the label cannot fit (checked before measuring the text).
      if (sx < 0 || sx > w || sy < 0 || sy > h) continue;
      let lw = s.width[i] as number;
      let lh = s.height[i] as number;
      if (Number.isNaN(lw)) {
        world.labelRender.measure(cat.name[i] as string, own, size);
        lw = s.width[i] = size.width;
        lh = s.height[i] = size.height;
      }
      // Boxes come from a pool: the grid keeps the placed ones until its next reset, a rejected
      // candidate's box is reused by the next one (no garbage per candidate).
      const box = boxes[boxCount] ?? (boxes[boxCount] = { x0: 0, y0: 0, x1: 0, y1: 0 });
      // Centred on the anchor first; when that collides, just above, then just below it (at
      // small scales a country's centre is often next to a neighbour's).
      let offset = NaN;
      for (const shift of SHIFTS) {
        const oy = shift * lh;
        box.x0 = sx - lw / 2 - LABEL_MARGIN_PX;
        box.y0 = sy + oy - lh / 2 - LABEL_MARGIN_PX;
        box.x1 = sx + lw / 2 + LABEL_MARGIN_PX;
        box.y1 = sy + oy + lh / 2 + LABEL_MARGIN_PX;
        if (
          box.x0 < EDGE_MARGIN_PX ||
          box.y0 < EDGE_MARGIN_PX ||
          box.x1 > w - EDGE_MARGIN_PX ||
          box.y1 > h - EDGE_MARGIN_PX
        ) {
          continue;
        }
        tests++;
        if (grid.tryPlace(box)) {
          offset = oy;
          break;
        }
      }
      if (Number.isNaN(offset)) continue;
      boxCount++;
      count++;
      s.placedFrame[i] = frame;
      placedIndex.push(i);
      placedOffset.push(offset);
      placed.push({
        kind: ownKind,
        name: cat.name[i] as string,
        x: sx - lw / 2,
        y: sy + offset - lh / 2,
        width: lw,
        height: lh,
      });
    }
  }
  s.placedIndex = placedIndex;
  s.placedOffset = placedOffset;
  s.placed = placed;
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
  const viewChanged =
    key[3] !== viewport.width ||
    key[4] !== viewport.height ||
    key[5] !== viewport.fovY ||
    key[6] !== mask;
  const cameraMoved = key[0] !== cam.lat || key[1] !== cam.lon || key[2] !== cam.distance;
  // Adaptive quality spaces the passes while the camera moves (placementMs: 0 at full rate);
  // in between, the placed labels stay on their places (the GPU projects them every frame).
  const interval = world.quality?.controller.state.placementMs ?? 0;
  if (viewChanged || (cameraMoved && now - s.placedAt >= interval)) {
    s.placedAt = now;
    key[0] = cam.lat;
    key[1] = cam.lon;
    key[2] = cam.distance;
    key[3] = viewport.width;
    key[4] = viewport.height;
    key[5] = viewport.fovY;
    key[6] = mask;
    place(world, mask);
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
    const offsetY = s.placedOffset[n] ?? 0;
    const known = s.active.get(i);
    if (known !== undefined) {
      known.offsetY = offsetY;
      return;
    }
    const slot = s.freeSlots.pop() ?? s.slotCount++;
    s.active.set(i, {
      slot,
      life: { lastQualifiedFrame: frame, alpha: 0 },
      written: -1,
      offsetY,
      writtenOffset: NaN,
    });
  });
  gpu.setCount(s.slotCount);
  let changed = false;
  for (const [i, a] of s.active) {
    const alive = stepLife(a.life, s.placedFrame[i] === frame, frame, dtMs);
    const k = cat.kind[i] as number;
    if (!alive) {
      gpu.writeSlot(a.slot, 0, 0, 0, '', k, 0, 0);
      s.freeSlots.push(a.slot);
      s.active.delete(i);
      changed = true;
      continue;
    }
    if (a.life.alpha === a.written && a.offsetY === a.writtenOffset) continue;
    a.written = a.life.alpha;
    a.writtenOffset = a.offsetY;
    const r = GLOBE_RADIUS * LABEL_RULES[LABEL_KINDS[k] as (typeof LABEL_KINDS)[number]].radius;
    gpu.writeSlot(
      a.slot,
      (cat.dir[i * 3] as number) * r,
      (cat.dir[i * 3 + 1] as number) * r,
      (cat.dir[i * 3 + 2] as number) * r,
      cat.name[i] as string,
      k,
      a.life.alpha,
      a.offsetY,
    );
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
