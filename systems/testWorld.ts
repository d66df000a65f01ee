/** Tiny worlds for system tests: a plain-object rig and a recording render table. */
import type { MarkerGpu, OrbitRig, QualityEffects, Ray, RenderBindings } from '../engine/world';
import { createAtlasWorld, type AtlasWorld } from '../engine/world';
import { createQualityController } from '../data/quality/adaptiveQuality';
import type { QualityMode } from '../data/quality/deviceProfile';

export interface TestRig extends OrbitRig {
  pointerDown: boolean;
  inputEnabled: boolean;
  inertiaStops: number;
}

export function createTestRig(): TestRig {
  return {
    alpha: Math.PI / 2,
    beta: Math.PI / 2,
    radius: 600,
    lowerRadiusLimit: 200.1,
    upperRadiusLimit: 2500,
    pointerDown: false,
    inputEnabled: true,
    inertiaStops: 0,
    stopInertia() {
      this.inertiaStops++;
    },
    setInputEnabled(on) {
      this.inputEnabled = on;
    },
  };
}

export interface TestMarkerGpu extends MarkerGpu {
  count: number;
  /** Last write per slot: [x, y, z, cell, size, state, intensity, r, g, b, sentiment]. */
  slots: Map<number, number[]>;
  flushes: number;
  emoji: string[];
  fanLines: number;
}

export interface TestClusterGpu extends TestMarkerGpu {
  markersHidden: boolean;
  texts: string[];
  cellForText(text: string): number;
  setMarkersHidden(hidden: boolean): void;
}

export interface TestRender extends RenderBindings {
  clusters: TestClusterGpu;
  visible: Map<number, boolean>;
  requested: number[];
  calls: number;
  cursor: string;
  pixelRatio: number;
  backdropScale: number;
  /** The last setQualityEffects (null: never called). */
  qualityEffects: QualityEffects | null;
  markers: TestMarkerGpu;
}

/** Viewport and pinhole camera of the test render: on +z at `cameraZ`, looking at the origin
 * (the view of lat 0, lon 0), fov 45 degrees, 1280x720 CSS px. */
export const TEST_VIEW = { width: 1280, height: 720, fovDeg: 45 };

export function createTestRender(cameraZ = 600): TestRender {
  const f = TEST_VIEW.height / (2 * Math.tan((TEST_VIEW.fovDeg * Math.PI) / 360));
  const markers: TestMarkerGpu = {
    count: 0,
    slots: new Map(),
    flushes: 0,
    emoji: [],
    colorEmoji: true,
    setCount(n) {
      this.count = n;
    },
    writeSlot(slot, ...rest) {
      this.slots.set(slot, rest);
    },
    cellFor(emoji) {
      const i = this.emoji.indexOf(emoji);
      if (i >= 0) return i;
      this.emoji.push(emoji);
      return this.emoji.length - 1;
    },
    flush() {
      this.flushes++;
    },
    fanLines: 0,
    setFanLines(_p, count) {
      this.fanLines = count;
    },
  };
  const clusters: TestClusterGpu = {
    count: 0,
    slots: new Map(),
    flushes: 0,
    emoji: [],
    colorEmoji: true,
    markersHidden: false,
    texts: [],
    setCount(n) {
      this.count = n;
    },
    writeSlot(slot, ...rest) {
      this.slots.set(slot, rest);
    },
    cellFor: markers.cellFor.bind(markers),
    fanLines: 0,
    setFanLines(_p, count) {
      this.fanLines = count;
    },
    cellForText(text) {
      this.texts.push(text);
      return 1000 + this.texts.length;
    },
    setMarkersHidden(h) {
      this.markersHidden = h;
    },
    flush() {
      this.flushes++;
    },
  };
  return {
    clusters,
    visible: new Map(),
    requested: [],
    calls: 0,
    cursor: '',
    markers,
    setVisible(handle, v) {
      this.calls++;
      this.visible.set(handle, v);
    },
    requestLod(lod) {
      this.requested.push(lod);
    },
    pickRay(x, y, out: Ray) {
      const dx = (x - TEST_VIEW.width / 2) / f;
      const dy = -(y - TEST_VIEW.height / 2) / f;
      const len = Math.hypot(dx, dy, 1);
      out.ox = 0;
      out.oy = 0;
      out.oz = cameraZ;
      out.dx = dx / len;
      out.dy = dy / len;
      out.dz = -1 / len;
    },
    project(x, y, z, out) {
      const depth = cameraZ - z;
      if (depth <= 0) return false;
      out.x = TEST_VIEW.width / 2 + (f * x) / depth;
      out.y = TEST_VIEW.height / 2 - (f * y) / depth;
      return true;
    },
    pixelsPerUnitAt(distance) {
      return f / distance;
    },
    setCursor(c) {
      this.cursor = c;
    },
    pixelRatio: 1,
    setPixelRatio(r) {
      this.pixelRatio = r;
    },
    backdropScale: 1,
    setBackdropScale(s) {
      this.backdropScale = s;
    },
    qualityEffects: null,
    setQualityEffects(e) {
      this.qualityEffects = { ...e };
    },
  };
}

/** Adaptive quality as boot sets it up, on a device detected as `detected` with a pixel ratio of
 * `dpr` (64 sphere segments). */
export function testQuality(
  world: AtlasWorld,
  detected: QualityMode,
  dpr: number,
): NonNullable<AtlasWorld['quality']> {
  return {
    controller: createQualityController({ detected, segments: 64, now: 0 }),
    context: { cameraMoving: false, battery: null, charging: null, devicePixelRatio: dpr },
    appliedPixelRatio: dpr,
    appliedBackdropScale: 1,
    appliedEffects: null,
    lastCamera: { ...world.camera },
    simulatedLoadMs: 0,
    backdropBlurPx: 0,
  };
}

export function createTestWorld(): { world: AtlasWorld; rig: TestRig; render: TestRender } {
  const rig = createTestRig();
  const render = createTestRender();
  return { world: createAtlasWorld(rig, render), rig, render };
}
