/**
 * uiPublishSystem - the only writer of UI signals. Numbers (fps, draw calls, camera) are
 * published every UI_PUBLISH_MS inside one `batch()` so React re-renders at most a few times a
 * second; marker events (hover, selection, restriction) as soon as they change, so the tooltip
 * follows the pointer.
 * Reads: camera, view, stats, markers, pointer, the viewport and lens (labelRender.viewport, for
 * the visible box). Writes: engine/bridge/state signals.
 * Order: last. Cadence: every frame; stats part every UI_PUBLISH_MS.
 */
import { batch } from '@preact/signals-core';
import { state } from '../engine/bridge/state';
import { query } from 'bitecs';
import { GeoLayer, liveEntityCount, type AtlasWorld } from '../engine/world';
import { LAYER_NAMES } from '../engine/layers';
import type { LabelViewport } from '../engine/labelState';
import { visibleBox } from '../data/globe/viewBox';

/** How often the overlay's numbers refresh; 4 Hz reads as live without costing renders. */
export const UI_PUBLISH_MS = 250;

let lastStatsAt = -Infinity;
let lastVersion = -1;
let lastHovered = -2;
let lastX = NaN;
let lastY = NaN;

const viewport: LabelViewport = { width: 0, height: 0, fovY: 0 };
const lastLens = { width: 0, height: 0, fovY: 0 };

/** The part of the globe on screen (Share View's 'Watch this area'), when camera or lens moved. */
function publishViewBox(world: AtlasWorld, moved: boolean): void {
  world.labelRender.viewport(viewport);
  const lensChanged =
    viewport.width !== lastLens.width ||
    viewport.height !== lastLens.height ||
    viewport.fovY !== lastLens.fovY;
  if (!moved && !lensChanged && state.viewBox.peek() !== null) return;
  Object.assign(lastLens, viewport);
  const aspect = viewport.height > 0 ? viewport.width / viewport.height : 0;
  state.viewBox.value = visibleBox(world.camera, viewport.fovY, aspect);
}

function publishStats(world: AtlasWorld): void {
  const s = world.stats;
  state.fps.value = Math.round(s.fps);
  state.drawCalls.value = s.drawCalls;
  state.entities.value = liveEntityCount(world);
  state.frameMs.value = s.frameMs;
  state.systemMs.value = { ...s.systemMs };
  const c = state.camera.peek();
  const w = world.camera;
  const moved = c.lat !== w.lat || c.lon !== w.lon || c.distance !== w.distance;
  if (moved) {
    state.camera.value = { ...w };
  }
  publishViewBox(world, moved);
  state.view.value = world.view;
  state.markerCount.value = world.markers.filteredCount;
  state.articleCount.value = world.markers.store.size;
  state.triangles.value = s.triangles;
  state.entityKinds.value = {
    'geo layers': query(world, [GeoLayer]).length,
    markers: world.markers.visible.length,
    'cluster badges': world.clusters.active ? world.clusters.itemCount : 0,
  };
  const q = world.quality?.controller.state;
  if (q) {
    state.quality.value = {
      mode: q.mode,
      detected: q.detected,
      override: q.override,
      fps: q.fps,
      pixelRatio: q.pixelRatio,
      culling: q.culling,
      degradation: q.degradation,
      reason: q.reason,
    };
  }
}

/** Layers (a new object only when one changed) and the sky's simulated time. */
function publishSky(world: AtlasWorld): void {
  const shown = state.layers.peek();
  if (shown === null || LAYER_NAMES.some((n) => shown[n] !== world.layers[n])) {
    state.layers.value = { ...world.layers };
  }
  const t = state.simTime.peek();
  const clock = world.simClock;
  if (t.timeMs !== world.simTime || t.mode !== clock.mode || t.simulated !== clock.simulated) {
    state.simTime.value = { timeMs: world.simTime, mode: clock.mode, simulated: clock.simulated };
  }
}

function publishMarkers(world: AtlasWorld): void {
  const m = world.markers;
  const p = world.pointer;
  if (m.hovered !== lastHovered || (m.hovered >= 0 && (p.x !== lastX || p.y !== lastY))) {
    lastHovered = m.hovered;
    lastX = p.x;
    lastY = p.y;
    const r = m.hovered >= 0 ? m.store.record(m.hovered) : undefined;
    state.hoveredMarker.value =
      r === undefined
        ? null
        : {
            id: r.id,
            title: r.title,
            category: r.category,
            publishedMs: r.publishedMs,
            x: p.x,
            y: p.y,
          };
  }
  if (m.version !== lastVersion) {
    lastVersion = m.version;
    const sel = m.selected >= 0 ? m.store.record(m.selected) : undefined;
    const cur = state.selectedArticle.peek();
    if ((sel?.id ?? null) !== (cur?.id ?? null)) {
      state.selectedArticle.value = sel === undefined ? null : { id: sel.id, article: sel.article };
    }
    if (m.restricted) {
      m.restricted = false;
      state.markerRestricted.value = Date.now();
    }
    state.markerCount.value = m.filteredCount;
    state.articleCount.value = m.store.size;
  }
}

export function uiPublishSystem(world: AtlasWorld): void {
  batch(() => {
    publishMarkers(world);
    const recording = world.profile.frames !== null;
    if (recording !== state.profiling.peek()) state.profiling.value = recording;
    if (world.profile.last !== state.profileRecording.peek()) {
      state.profileRecording.value = world.profile.last;
    }
    const toast = world.quality?.controller.state.toast?.text ?? null;
    if (toast !== state.qualityToast.peek()) state.qualityToast.value = toast;
    if (world.time.now - lastStatsAt >= UI_PUBLISH_MS) {
      lastStatsAt = world.time.now;
      publishStats(world);
      publishSky(world);
    }
  });
}
