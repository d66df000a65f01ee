/**
 * commandSystem - applies the UI's commands at the start of the frame.
 * Reads: the command queue. Writes: view, preset, layers, autoRotate, flyTo, rig (jumps).
 * Order: first. Cadence: every frame.
 */
import { state } from '../engine/bridge/state';
import { drainInto } from '../engine/bridge/commandQueue';
import { defaultVariant } from '../engine/globeVariants';
import { MARKER_SIZE_FACTORS, type AtlasWorld } from '../engine/world';
import { selectById } from './pickingSystem';
import { MAX_OCCLUDERS } from '../engine/labelState';
import { startProfile, stopProfile } from '../engine/profiler';
import { clamp, wrapLon } from '../data/geoMath';
import { FLY_TO_DEFAULT_MS, applyCameraToRig } from './cameraSystem';
import { applySimTime } from './skySystem';
import { applyControlsCommand } from './controlsSystem';
import { applyCameraSettings, lensFor, tunedPreset } from './cameraSettings';
import {
  applyEnterXr,
  applyGlobeSphere,
  applyTrueScale,
  applyVariant,
  presetFor,
} from './appearanceSystem';

export function commandSystem(world: AtlasWorld): void {
  const list = world.commands;
  list.length = 0;
  drainInto(list);
  for (const c of list) {
    switch (c.type) {
      case 'setView': {
        const variant = c.variant ?? defaultVariant(c.view);
        const base = presetFor(c.view, variant);
        world.view = c.view;
        world.basePreset = base;
        // The settings' camera tuning over the view's preset (limits, lens, speeds).
        const preset = tunedPreset(c.view, base, world.cameraSettings);
        world.preset = preset;
        world.autoRotate = preset.autoRotate;
        world.rig.lowerRadiusLimit = preset.minDistance;
        world.rig.upperRadiusLimit = preset.maxDistance;
        world.rig.setInputEnabled(preset.interactive);
        const lens = lensFor(c.view, preset, world.cameraSettings);
        world.rig.setLens?.(lens.fovDeg, lens.near, lens.far);
        const d = clamp(world.camera.distance, preset.minDistance, preset.maxDistance);
        if (d !== world.camera.distance) {
          world.camera = { ...world.camera, distance: d };
          applyCameraToRig(world.camera, world.rig);
        }
        applyVariant(world, variant);
        // The headset panels' desktop preview belongs to /xr: leaving it closes the preview.
        if (variant !== 'xr') world.xrPanels.preview = false;
        break;
      }
      case 'setGlobeSphere':
        applyGlobeSphere(world, c);
        break;
      case 'setTrueScale':
        applyTrueScale(world, c.on);
        break;
      case 'enterXr':
        applyEnterXr(world, c.mode);
        break;
      case 'setXrPanelsPreview':
        world.xrPanels.preview = c.on;
        break;
      case 'setCamera': {
        const next = {
          lat: clamp(c.lat ?? world.camera.lat, -90, 90),
          lon: wrapLon(c.lon ?? world.camera.lon),
          distance: clamp(
            c.distance ?? world.camera.distance,
            world.preset.minDistance,
            world.preset.maxDistance,
          ),
        };
        world.flyTo = null;
        world.camera = next;
        applyCameraToRig(next, world.rig);
        world.rig.stopInertia();
        // Nor may pending keyboard steps or touch momentum move it afterwards.
        world.controls.keyAlpha = world.controls.keyBeta = world.controls.keyZoom = 0;
        world.controls.momentum.stop();
        break;
      }
      case 'flyTo':
        world.flyTo = {
          from: { ...world.camera },
          to: {
            lat: clamp(c.lat, -90, 90),
            lon: wrapLon(c.lon),
            distance: clamp(
              c.distance ?? world.camera.distance,
              world.preset.minDistance,
              world.preset.maxDistance,
            ),
          },
          startMs: world.time.now,
          // Reduced motion (settings): the flight is one frame long.
          durationMs:
            world.cameraSettings.instantFly === true ? 1 : (c.durationMs ?? FLY_TO_DEFAULT_MS),
        };
        break;
      case 'setLayer':
        world.layers[c.layer] = c.on;
        break;
      case 'setAutoRotate':
        world.autoRotate = c.on;
        break;
      case 'setArticles':
        if ((c.source ?? 'real') === world.markers.source) {
          world.markers.ops.push({ kind: 'replace', articles: c.articles });
        }
        break;
      case 'setDataSource':
        // A scenario loaded by automation owns the globe until the page reloads: the shell mounts
        // after the first frame and would otherwise switch a running test or bench back to the
        // page's own feed (its demo set or the server) under it.
        if (world.markers.source === 'scenario' && c.source !== 'scenario') break;
        if (c.source !== world.markers.source) {
          world.markers.source = c.source;
          world.markers.ops.push({ kind: 'replace', articles: [] });
        }
        break;
      case 'upsertArticles':
        world.markers.ops.push({ kind: 'upsert', articles: c.articles, live: c.live ?? false });
        break;
      case 'removeArticles':
        world.markers.ops.push({ kind: 'remove', ids: c.ids });
        break;
      case 'addArticleColumns':
        if (c.source === world.markers.source) {
          world.markers.ops.push({ kind: 'columns', columns: c.columns, more: c.more });
        }
        break;
      case 'setMarkerClustering':
        world.markers.clustering = c.on;
        break;
      case 'setChoropleth': {
        const fills = new Map<string, readonly [number, number, number, number]>();
        // Automation and tests can send anything: keep ISO codes with four finite channels.
        for (const [iso2, rgba] of Object.entries(c.fills)) {
          const channels: readonly unknown[] = rgba;
          if (/^[A-Z]{2}$/.test(iso2) && channels.length === 4 && rgba.every(Number.isFinite)) {
            fills.set(iso2, rgba);
          }
        }
        world.controls.choropleth = {
          ...world.controls.choropleth,
          fills,
          version: world.controls.choropleth.version + 1,
        };
        break;
      }
      case 'setTimeline':
        world.markers.timeline = c.window === null ? null : { ...c.window };
        world.markers.dirty = true;
        state.timeline.value = world.markers.timeline;
        break;
      case 'setMarkerFilter':
        world.markers.filter = { ...world.markers.filter, ...c.filter };
        if (c.filter.maxMarkers !== undefined) world.markers.maxMarkersChosen = true;
        world.markers.dirty = true;
        break;
      case 'setMarkerDisplay':
        // In place: the marker materials hold this object and read it when they bind.
        for (const key of ['emojiOnly', 'pulse', 'glow'] as const) {
          const v = c.display[key];
          if (typeof v === 'boolean') world.markers.display[key] = v;
        }
        break;
      case 'setCameraSettings':
        world.cameraSettings = { ...c.camera };
        applyCameraSettings(world);
        break;
      case 'setMarkerSize':
        world.markers.sizeFactor =
          MARKER_SIZE_FACTORS[c.size] *
          (c.scale !== undefined && Number.isFinite(c.scale) ? clamp(c.scale, 0.3, 2) : 1);
        for (const e of world.markers.visible) world.markers.changed.add(e);
        break;
      case 'selectArticle':
        selectById(world, c.id);
        break;
      case 'setRole':
        world.markers.role = c.role;
        break;
      case 'setProfiling':
        if (c.on) startProfile(world);
        else if (world.profile.frames !== null) stopProfile(world, '');
        break;
      case 'setQuality':
        world.quality?.controller.setOverride(c.mode === 'auto' ? null : c.mode, world.time.now);
        break;
      case 'setBackdropBlur':
        if (world.quality)
          world.quality.backdropBlurPx = Number.isFinite(c.px) ? Math.max(0, c.px) : 0;
        break;
      case 'setOccluders': {
        const l = world.labels;
        const n = Math.min(c.rects.length, MAX_OCCLUDERS);
        for (let i = 0; i < n; i++) {
          const r = c.rects[i] as { x: number; y: number; width: number; height: number };
          l.ui[i * 4] = r.x;
          l.ui[i * 4 + 1] = r.y;
          l.ui[i * 4 + 2] = r.x + r.width;
          l.ui[i * 4 + 3] = r.y + r.height;
        }
        l.uiCount = n;
        l.uiVersion++;
        break;
      }
      case 'resetView':
      case 'northUp':
      case 'goHome':
      case 'locateMe':
      case 'goToLocation':
      case 'selectCountry':
      case 'setViewOption':
      case 'setShortcutsOpen':
      case 'clearNotice':
      case 'setUserLocation':
        applyControlsCommand(world, c);
        break;
      case 'setSimTime':
        applySimTime(world, c);
        break;
    }
  }
  list.length = 0;
}
