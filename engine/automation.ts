/**
 * `window.atlas`: the documented automation handle (docs/automation.md) used by browser tests,
 * the benchmark runner and people who script ATLAS. Everything goes through commands and stats,
 * exactly like the UI: automation cannot put the engine in a state a user could not.
 */
import { TEXTURE_SIZE } from '../data/quality/deviceProfile';
import type { AtlasAutomation, AtlasStats, ScreenRect } from '../data/automation';
import { OBSTACLE_MARKER, OBSTACLE_USER } from './labelState';
import { sendCommand } from './commands';
import { GLOBE_RADIUS } from '../data/geoMath';
import { DEFAULT_DAMPING, DEFAULT_ROTATE_SPEED, DEFAULT_ZOOM_SPEED } from '../systems/cameraSystem';
import { SYNTHETIC_CHUNK, syntheticGenerator } from '../data/markers/syntheticArticles';
import { isTimelineWindow } from '../data/markers/timeline';
import { CLUSTER_STRIDE } from '../data/markers/clusterProtocol';
import type { SyntheticChunk, SyntheticRequest } from './markers/syntheticWorker';
import { markerCentre, markerSize } from '../systems/markerGeometry';
import { LAYER_NAMES, isLayerName } from './layers';
import { Marker } from './markers/markerComponents';
import type { AtlasEngine } from './boot';
import { animatedPose } from './frames';
import { GEO_TIER_NAMES, liveEntityCount } from './world';
import { startProfile, stopProfile } from './profiler';
import { state } from './bridge/state';
import { toChromeTrace } from '../data/profile';
import { SPHERE_STYLES, clampOceanScalePercent, isSphereStyle } from './appearance';

/**
 * Runs the synthetic generator in a worker, handing each chunk to `onChunk` as it arrives;
 * resolves after the last. Falls back to generating here (same chunks) when workers fail.
 */
function generateSynthetic(
  req: SyntheticRequest,
  onChunk: (chunk: SyntheticChunk) => void,
): Promise<void> {
  const inline = (): void => {
    const generator = syntheticGenerator(req.seed, req.nowMs, req.hours);
    let done = 0;
    do {
      const n = Math.min(SYNTHETIC_CHUNK, req.count - done);
      done += n;
      onChunk({ columns: generator.next(n), more: done < req.count });
    } while (done < req.count);
  };
  return new Promise((resolve) => {
    let worker: Worker;
    try {
      worker = new Worker(new URL('./markers/syntheticWorker.ts', import.meta.url), {
        type: 'module',
      });
    } catch {
      inline();
      resolve();
      return;
    }
    let received = false;
    worker.onmessage = (ev: MessageEvent<SyntheticChunk>) => {
      received = true;
      onChunk(ev.data);
      if (!ev.data.more) {
        worker.terminate();
        resolve();
      }
    };
    worker.onerror = () => {
      worker.terminate();
      // Before any chunk: generate here instead. Mid-way: keep what arrived rather than doubling it.
      if (!received) inline();
      else
        onChunk({
          columns: syntheticGenerator(req.seed, req.nowMs, req.hours).next(0),
          more: false,
        });
      resolve();
    };
    worker.postMessage(req);
  });
}

export function createAutomation(atlas: AtlasEngine): AtlasAutomation {
  const { world } = atlas;
  return {
    whenReady: () => atlas.ready,
    camera: {
      get: () => ({ ...world.camera }),
      set: (v) => {
        sendCommand({ type: 'setCamera', ...v });
      },
      animate: (to, frames) => {
        if (!Number.isInteger(frames) || frames < 1) {
          return Promise.reject(
            new Error(`camera.animate: frames must be a whole number >= 1, got ${frames}`),
          );
        }
        const from = { ...world.camera };
        const target = {
          lat: to.lat ?? from.lat,
          lon: to.lon ?? from.lon,
          distance: to.distance ?? from.distance,
        };
        if (![target.lat, target.lon, target.distance].every(Number.isFinite)) {
          return Promise.reject(new Error('camera.animate: lat, lon and distance must be numbers'));
        }
        return new Promise<void>((resolve) => {
          let k = 0;
          atlas.frameTasks.add(() => {
            k++;
            sendCommand({ type: 'setCamera', ...animatedPose(from, target, k, frames) });
            if (k < frames) return false;
            // Resolved when this frame (the last pose) has been drawn.
            void atlas.frames.wait(1).then(resolve);
            return true;
          });
        });
      },
      tuning: () => {
        const cam = atlas.globe.camera;
        const p = world.preset;
        return {
          fovDeg: (cam.fov * 180) / Math.PI,
          near: cam.minZ,
          far: cam.maxZ,
          minDistance: p.minDistance,
          maxDistance: p.maxDistance,
          damping: p.damping ?? DEFAULT_DAMPING,
          rotateSpeed: p.rotateSpeed ?? DEFAULT_ROTATE_SPEED,
          zoomSpeed: p.zoomSpeed ?? DEFAULT_ZOOM_SPEED,
          autoRotateSpeed: p.autoRotateSpeed,
          autoRotate: world.autoRotate,
        };
      },
    },
    frames: {
      count: () => atlas.frames.count,
      since: (count) => atlas.frames.since(count),
      wait: (n) => atlas.frames.wait(n),
    },
    stats: (): AtlasStats => ({
      fps: world.stats.fps,
      drawCalls: world.stats.drawCalls,
      triangles: world.stats.triangles,
      entities: liveEntityCount(world),
      frame: world.time.frame,
      systems: { ...world.stats.lastMs },
    }),
    layers: {
      set: (name, on) => {
        if (!isLayerName(name)) {
          throw new Error(`Unknown layer "${name}". Layers: ${LAYER_NAMES.join(', ')}`);
        }
        sendCommand({ type: 'setLayer', layer: name, on });
      },
      get: () => ({ ...world.layers }),
      choropleth: () => ({
        fills: world.controls.choropleth.fills.size,
        filled: world.controls.choroplethRender.filled,
      }),
    },
    scenario: {
      load: async ({ markers, seed = 1, hours = 23 }) => {
        if (!Number.isInteger(markers) || markers < 0) {
          throw new Error(`scenario.load: markers must be a whole number >= 0, got ${markers}`);
        }
        const t0 = performance.now();
        // A source of its own, so a late reply from the server feed cannot replace the load.
        sendCommand({ type: 'setDataSource', source: 'scenario' });
        sendCommand({ type: 'setArticles', source: 'scenario', articles: [] });
        sendCommand({
          type: 'setMarkerFilter',
          filter: {
            maxMarkers: markers,
            hours: Math.max(24, Math.ceil(hours) + 1),
            sentiment: 'all',
            categories: [],
          },
        });
        // Generated straight into columns by a worker (a million articles: ~1.5 s of CPU there,
        // none here); each chunk's arrays are transferred and appended to the article store.
        await generateSynthetic({ count: markers, seed, nowMs: Date.now(), hours }, (chunk) => {
          sendCommand({
            type: 'addArticleColumns',
            source: 'scenario',
            columns: chunk.columns,
            more: chunk.more,
          });
        });
        // Two frames: one to store, filter and cull, one to draw.
        await atlas.nextFrame();
        await atlas.nextFrame();
        return { drawn: world.markers.filteredCount, loadMs: performance.now() - t0 };
      },
    },
    quality: {
      get: () => {
        const q = world.quality?.controller.state;
        if (!q) throw new Error('adaptive quality is not running');
        return {
          mode: q.mode,
          detected: q.detected,
          override: q.override,
          fps: q.fps,
          pixelRatio: q.pixelRatio,
          backdropScale: world.quality?.appliedBackdropScale ?? 1,
          culling: q.culling,
          degradation: q.degradation,
          animations: q.animations,
          segments: q.segments,
          textureSize: TEXTURE_SIZE[q.textureQuality],
          markerAtlasPx:
            world.quality?.appliedEffects === null
              ? null
              : (atlas.globe.scene.getTextureByName('emojiAtlas')?.getSize().width ?? null),
          placementMs: q.placementMs,
          reason: q.reason,
        };
      },
      set: (mode) => {
        sendCommand({ type: 'setQuality', mode });
      },
      simulateLoad: (ms) => {
        if (!(ms >= 0 && ms <= 1000)) throw new Error(`simulateLoad: ms must be 0-1000, got ${ms}`);
        if (world.quality) world.quality.simulatedLoadMs = ms;
      },
    },
    profile: {
      start: () => startProfile(world),
      stop: () => stopProfile(world, state.renderer.peek()),
      toChromeTrace: (rec) => toChromeTrace(rec),
    },
    markers: {
      count: () => ({ drawn: world.markers.filteredCount, articles: world.markers.store.size }),
      filter: () => {
        const f = world.markers.filter;
        return {
          ...f,
          categories: [...f.categories],
          realityTypes: [...f.realityTypes],
          sources: [...f.sources],
        };
      },
      setFilter: (f) => sendCommand({ type: 'setMarkerFilter', filter: f }),
      select: (id) => sendCommand({ type: 'selectArticle', id }),
      screenPosition: (id) => {
        const row = world.markers.store.rowOf(id);
        const e = row < 0 ? undefined : world.markers.entityOfRow.get(row);
        if (e === undefined || (Marker.slot[e] as number) < 0) return null;
        const c = [0, 0, 0];
        markerCentre(e, markerSize(world.markers.sizeFactor) * world.markers.fanScale, c);
        const out = { x: 0, y: 0 };
        // Over the horizon when the line of sight would pass through the globe.
        const cam = atlas.globe.camera.position;
        const facing =
          cam.x * (c[0] as number) + cam.y * (c[1] as number) + cam.z * (c[2] as number) >
          GLOBE_RADIUS * GLOBE_RADIUS;
        if (!facing || !world.render.project(c[0] as number, c[1] as number, c[2] as number, out))
          return null;
        return out;
      },
      ids: () =>
        world.markers.visible.map((e) => world.markers.store.idOf(Marker.row[e] as number)),
      setClustering: (on) => {
        sendCommand({ type: 'setMarkerClustering', on });
      },
      clusters: () => {
        const c = world.clusters;
        const badges: { lon: number; lat: number; count: number }[] = [];
        if (c.active) {
          for (let i = 0; i < c.itemCount; i++) {
            badges.push({
              lon: c.items[i * CLUSTER_STRIDE] as number,
              lat: c.items[i * CLUSTER_STRIDE + 1] as number,
              count: c.items[i * CLUSTER_STRIDE + 2] as number,
            });
          }
        }
        return { path: c.service?.path ?? 'worker', badges };
      },
      glyphs: () => (world.render.markers.colorEmoji ? 'emoji' : 'initials'),
      display: () => ({ ...world.markers.display }),
      sizeFactor: () => world.markers.sizeFactor,
      setDisplay: (v) => {
        sendCommand({ type: 'setMarkerDisplay', display: v });
      },
    },
    sky: {
      get: () => {
        const [x, y, z] = world.earth.sun;
        return {
          timeMs: world.simTime,
          mode: world.simClock.mode,
          simulated: world.simClock.simulated,
          sun: [x, y, z],
          subsolar: {
            lat: (Math.asin(Math.max(-1, Math.min(1, y))) * 180) / Math.PI,
            lon: (Math.atan2(x, z) * 180) / Math.PI,
          },
        };
      },
      setTime: (v) => {
        if (v.timeMs !== undefined && v.timeMs !== null && !Number.isFinite(v.timeMs)) {
          throw new Error(`sky.setTime: timeMs must be a finite number or null, got ${v.timeMs}`);
        }
        sendCommand({ type: 'setSimTime', ...v });
      },
    },
    globe: {
      get: () => {
        const a = world.appearance;
        const body = (b: { distance: number; radius: number } | undefined) =>
          b === undefined ? null : { distance: b.distance, radius: b.radius };
        return {
          sphere: a.sphere,
          style: a.style,
          oceanScalePercent: a.oceanScalePercent,
          trueScale: a.trueScale,
          tint: a.tint,
          view: world.view,
          variant: a.variant,
          sun: body(a.sky?.sun),
          moon: body(a.sky?.moon),
          activityCircles: world.appearanceRender.activityCircles(),
          cameraLimits: { min: world.preset.minDistance, max: world.preset.maxDistance },
          geoTiers: GEO_TIER_NAMES.filter((_, lod) => (world.loadedLods & (1 << lod)) !== 0),
        };
      },
      set: (v) => {
        if (v.style !== undefined && !isSphereStyle(v.style)) {
          throw new Error(
            `Unknown sphere style "${String(v.style)}". Styles: ${SPHERE_STYLES.join(', ')}`,
          );
        }
        // Throws for a non-number; clamps to 100-200.
        const scale =
          v.oceanScalePercent === undefined
            ? undefined
            : clampOceanScalePercent(v.oceanScalePercent);
        sendCommand({
          type: 'setGlobeSphere',
          ...(v.sphere === undefined ? {} : { on: v.sphere }),
          ...(v.style === undefined ? {} : { style: v.style }),
          ...(scale === undefined ? {} : { oceanScalePercent: scale }),
        });
        if (v.trueScale !== undefined) sendCommand({ type: 'setTrueScale', on: v.trueScale });
      },
    },
    timeline: {
      get: () => (world.markers.timeline === null ? null : { ...world.markers.timeline }),
      onScreen: () => {
        const m = world.markers;
        const c = world.clusters;
        if (m.dirty || m.pendingColumns || m.appliedTimeline !== m.timeline) return false;
        // Cluster badges: the worker's reply for the current filtered set is drawn.
        if (c.markersHidden) {
          return c.sourceVersion === m.filterVersion && c.itemsGeneration === c.generation;
        }
        return m.cullFilterVersion === m.filterVersion;
      },
      set: (w) => {
        if (w !== null && !isTimelineWindow(w)) {
          throw new Error('timeline.set: expected {startMs, endMs} (finite, start <= end) or null');
        }
        sendCommand({ type: 'setTimeline', window: w });
      },
    },
    labels: {
      visible: () => world.labels.placed.map((l) => ({ ...l })),
      placed: () => world.labels.placed.map((l) => ({ ...l })),
      obstacles: () => {
        const s = world.labels;
        const out = {
          markers: [] as ScreenRect[],
          user: [] as ScreenRect[],
          ui: [] as ScreenRect[],
        };
        for (let i = 0; i < s.obstacleCount; i++) {
          const x0 = s.obstacles[i * 4] as number;
          const y0 = s.obstacles[i * 4 + 1] as number;
          const rect = {
            x: x0,
            y: y0,
            width: (s.obstacles[i * 4 + 2] as number) - x0,
            height: (s.obstacles[i * 4 + 3] as number) - y0,
          };
          const kind = s.obstacleKind[i];
          (kind === OBSTACLE_MARKER
            ? out.markers
            : kind === OBSTACLE_USER
              ? out.user
              : out.ui
          ).push(rect);
        }
        return out;
      },
      count: () => ({
        catalogue: world.labels.catalogue?.size ?? 0,
        drawn: world.labels.active.size,
      }),
    },
    xr: {
      panels: () => world.xrPanels.render.info(),
      previewPanels: async (on) => {
        sendCommand({ type: 'setXrPanelsPreview', on });
        // The first preview loads the GUI chunk: wait (frame by frame, at most 30 s) until the
        // panels are built and shown, or hidden, then for one frame that draws them.
        const t0 = performance.now();
        for (;;) {
          await atlas.frames.wait(1);
          const info = world.xrPanels.render.info();
          if (on ? info.built && info.mode !== 'off' : info.mode === 'off') break;
          if (performance.now() - t0 > 30_000) {
            throw new Error(`xr.previewPanels(${on}): the panels did not ${on ? 'show' : 'hide'}`);
          }
        }
        await atlas.frames.wait(1);
      },
    },
  };
}

/** An automation handle for a page where the engine could not start: everything says why. */
export function failedAutomation(error: Error): AtlasAutomation {
  return {
    whenReady: () => Promise.reject(error),
    camera: {
      get: () => {
        throw error;
      },
      set: () => {
        throw error;
      },
      animate: () => Promise.reject(error),
      tuning: () => {
        throw error;
      },
    },
    frames: {
      count: () => {
        throw error;
      },
      since: () => {
        throw error;
      },
      wait: () => Promise.reject(error),
    },
    stats: () => {
      throw error;
    },
    layers: {
      set: () => {
        throw error;
      },
      get: () => {
        throw error;
      },
      choropleth: () => {
        throw error;
      },
    },
    scenario: { load: () => Promise.reject(error) },
    quality: {
      get: () => {
        throw error;
      },
      set: () => {
        throw error;
      },
      simulateLoad: () => {
        throw error;
      },
    },
    profile: {
      start: () => {
        throw error;
      },
      stop: () => {
        throw error;
      },
      toChromeTrace: () => {
        throw error;
      },
    },
    markers: {
      count: () => {
        throw error;
      },
      screenPosition: () => {
        throw error;
      },
      ids: () => {
        throw error;
      },
      setClustering: () => {
        throw error;
      },
      clusters: () => {
        throw error;
      },
      filter: () => {
        throw error;
      },
      setFilter: () => {
        throw error;
      },
      select: () => {
        throw error;
      },
      glyphs: () => {
        throw error;
      },
      display: () => {
        throw error;
      },
      sizeFactor: () => {
        throw error;
      },
      setDisplay: () => {
        throw error;
      },
    },
    sky: {
      get: () => {
        throw error;
      },
      setTime: () => {
        throw error;
      },
    },
    globe: {
      get: () => {
        throw error;
      },
      set: () => {
        throw error;
      },
    },
    timeline: {
      get: () => {
        throw error;
      },
      onScreen: () => {
        throw error;
      },
      set: () => {
        throw error;
      },
    },
    labels: {
      visible: () => {
        throw error;
      },
      placed: () => {
        throw error;
      },
      obstacles: () => {
        throw error;
      },
      count: () => {
        throw error;
      },
    },
    xr: {
      panels: () => {
        throw error;
      },
      previewPanels: () => Promise.reject(error),
    },
  };
}
