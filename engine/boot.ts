/**
 * Boots the one engine: Babylon engine + scene, the bitecs world, the geo layers, and the frame
 * loop (pipeline, then render). Created once per page and reused across routes.
 */
import { SceneInstrumentation } from '@babylonjs/core/Instrumentation/sceneInstrumentation';
import { state } from './bridge/state';
import { recordTiming, runPipeline, totalSmoothedMs } from './pipeline';
import { recordProfileFrame } from './profiler';
import {
  PIXEL_RATIO_CAP,
  createEngine,
  createGlobeScene,
  type GlobeScene,
} from './render/globeScene';
import { loadGeoLod } from './render/geoLayers';
import { EarthLayers } from './render/earthLayers';
import { ClusterClient } from './markers/clusterClient';
import { ClusterMesh, MarkerMesh } from './render/markerMesh';
import { ThinMarkerMesh, markerPathFrom } from './render/thinMarkerMesh';
import { attachPointerInput } from './render/pointerInput';
import { attachKeyboardInput } from './render/keyboardInput';
import { browserLocationPlatform, loadSavedUserLocation } from './render/locationPlatform';
import { UserMarkerMesh } from './render/userMarker';
import { LabelMesh } from './render/labelMesh';
import { GlobeAppearance } from './render/globeAppearance';
import { XrPanelHost } from './render/xrPanelHost';
import { loadCombinedLabels } from '../data/labels/labelLoader';
import { buildCatalogue } from '../data/labels/catalogue';
import { setLabelCatalogue } from './labelState';
import { fetchSurface } from './render/geoAssets';
import { CountryIndex } from '../data/globe/countryIndex';
import { HOME_SAVED_DISTANCE } from '../systems/controlsSystem';
import { BACKDROP_SCALE } from '../systems/qualitySystem';
import { RenderTable } from './render/renderTable';
import { setUpQuality } from './render/deviceProfile';
import { warmUpShaders } from './render/shaderWarmup';
import { CountryHighlightMesh } from './render/countryHighlight';
import { ChoroplethMesh } from './render/choropleth';
import { FrameLog, FrameTasks } from './frames';
import {
  GEO_TIER_NAMES,
  LOD_110M,
  LOD_ANY,
  createAtlasWorld,
  spawnGeoLayer,
  type AtlasWorld,
} from './world';
import type { LayerName } from './layers';
import { clearLoadIssue, reportLoadIssue } from '../data/loadStatus';

/** Names of the loads after the first frame in the load status (data/loadStatus.ts). */
const COUNTRY_INDEX_LOAD = 'country outlines (hover and select)';
const LABELS_LOAD = 'place names';

/** performance.mark names: the first frame with land and borders, and whenReady. */
export const FIRST_GLOBE_FRAME_MARK = 'atlas:first-globe-frame';
export const READY_MARK = 'atlas:ready';

export interface AtlasEngine {
  world: AtlasWorld;
  globe: GlobeScene;
  /** Resolves after the first frame with the geo layers has been rendered. */
  ready: Promise<void>;
  /** Every frame's start time, and waits for frames (engine/frames.ts). */
  frames: FrameLog;
  /** Work run at the start of each frame (automation's camera.animate). */
  frameTasks: FrameTasks;
  /** Resolves after the next frame has been rendered. */
  nextFrame(): Promise<void>;
  dispose(): void;
}

/** Reads the unmasked renderer string when the browser allows it (for logs and benchmarks). */
function rendererString(canvas: HTMLCanvasElement): string {
  const gl = canvas.getContext('webgl2');
  if (!gl) return 'unknown';
  const ext = gl.getExtension('WEBGL_debug_renderer_info');
  const r: unknown = ext
    ? gl.getParameter(ext.UNMASKED_RENDERER_WEBGL)
    : gl.getParameter(gl.RENDERER);
  return typeof r === 'string' ? r : 'unknown';
}

export function bootEngine(canvas: HTMLCanvasElement, baseUrl = ''): AtlasEngine {
  const engine = createEngine(canvas);
  state.renderer.value = rendererString(canvas);
  const globe = createGlobeScene(engine);
  // Merged billboards by default; `?markerPath=thin` draws thin instances (for benchmarks).
  const markerMesh =
    markerPathFrom(window.location.search) === 'thin'
      ? new ThinMarkerMesh(globe.scene)
      : new MarkerMesh(globe.scene);
  const clusterMesh = new ClusterMesh(globe.scene, markerMesh);
  const table = new RenderTable(globe.scene, globe.camera, markerMesh, clusterMesh);
  const world = createAtlasWorld(globe.rig, table);
  // The marker materials read the display switches (setMarkerDisplay) when they bind.
  markerMesh.display = world.markers.display;
  clusterMesh.display = world.markers.display;
  const quality = setUpQuality(engine, state.renderer.peek(), performance.now());
  // The device profile's particle count (spec: desktop 5000, tablet 3000, mobile 1000; x0.5 on a
  // low-tier GPU) sets how many stars are drawn.
  globe.setStarCount(quality.settings.particles);
  world.quality = {
    controller: quality.controller,
    context: quality.context,
    appliedPixelRatio: Math.min(quality.info.pixelRatio, PIXEL_RATIO_CAP),
    appliedBackdropScale: 1,
    appliedEffects: null,
    lastCamera: { ...world.camera },
    simulatedLoadMs: 0,
    backdropBlurPx: 0,
  };

  spawnGeoLayer(world, 'ocean', LOD_ANY, table.add(globe.ocean));
  spawnGeoLayer(world, 'atmosphere', LOD_ANY, table.add(globe.atmosphere));
  spawnGeoLayer(world, 'stars', LOD_ANY, table.add(globe.stars));
  spawnGeoLayer(world, 'markers', LOD_ANY, table.add(markerMesh.mesh));
  spawnGeoLayer(world, 'markers', LOD_ANY, table.add(clusterMesh.mesh));
  const clusterClient = new ClusterClient(world.clusters);
  world.clusters.service = clusterClient;
  // The Earth-and-sky layers (rivers, lakes, cities, grid, day/night, clouds, sun, moon, planets):
  // merged meshes driven by the earthLayer, grid and sky systems through world.earthRender.
  const earthLayers = new EarthLayers(globe.scene, globe.camera, baseUrl);
  world.earthRender = earthLayers;
  // Place names (systems/labelSystem.ts): one merged mesh; the gazetteer loads in the background
  // and a failed load leaves only the authored water names (the loader logs a warning).
  const labelMesh = new LabelMesh(globe.scene, globe.camera);
  world.labelRender = labelMesh;
  // Globe sphere styles, ocean scale, tint, the background's activity circles, WebXR.
  const appearance = new GlobeAppearance(globe.scene, globe.ocean, () => {
    const index = world.controls.country.index;
    return index === null ? null : (lat, lon) => index.find(lat, lon) >= 0;
  });
  world.appearanceRender = appearance;
  appearance.pulsesAllowed = () => world.markers.display.pulse;
  // The /xr in-headset panels (article card, layer toggles): Babylon GUI, loaded only with the
  // desktop preview or an immersive session. A controller's select that misses them is a marker
  // click along its ray (systems/pickingSystem.ts).
  const xrPanels = new XrPanelHost(
    globe.scene,
    globe.camera,
    (x, y, z, out) => table.project(x, y, z, out),
    (ray) => {
      world.pointer.ray = ray;
      world.pointer.clicked = true;
    },
  );
  world.xrPanels.render = xrPanels;
  appearance.onXrExperience = (xr) => xrPanels.attachXr(xr);
  // Adaptive quality's render-side effects (systems/qualitySystem.ts).
  table.backdropHooks.push((scale) => {
    earthLayers.backdropScale = scale;
  });
  table.qualityHooks.push((effects) => {
    markerMesh.animations = effects.animations;
    clusterMesh.animations = effects.animations;
    appearance.animations = effects.animations;
    globe.setOceanSegments(effects.segments);
    // The cluster badges share the markers' atlas.
    markerMesh.atlas.setTextureSize(effects.textureSize);
  });
  const detachPointer = attachPointerInput(canvas, world.pointer, world.controls.input);
  // Controls: keyboard on window, Locate Me and the saved location, the user marker, countries.
  const detachKeyboard = attachKeyboardInput(world.controls.input);
  world.controls.platform = browserLocationPlatform();
  const userMarker = new UserMarkerMesh(globe.scene);
  world.controls.userMarkerRender = userMarker;
  const highlight = new CountryHighlightMesh(globe.scene);
  world.controls.highlightRender = highlight;
  const choropleth = new ChoroplethMesh(globe.scene);
  world.controls.choroplethRender = choropleth;
  spawnGeoLayer(world, 'choropleth', LOD_ANY, table.add(choropleth.mesh));
  const saved = loadSavedUserLocation();
  if (saved) {
    world.controls.userLocation = saved;
    world.controls.home = { lat: saved.lat, lon: saved.lon, distance: HOME_SAVED_DISTANCE };
    world.controls.version++;
  }
  // Loaded after the first globe frame (issue #29: the first frame needs only ocean, land and
  // borders). Each one can fail alone (issue #32): logged, skipped, listed with a retry.
  const loadCountryIndex = (): void => {
    fetchSurface(`${baseUrl}/geo/countries-110m.bin`)
      .then((mesh) => {
        world.controls.country.index = new CountryIndex(mesh);
        highlight.setSource(mesh);
        choropleth.setSource(mesh);
        clearLoadIssue(COUNTRY_INDEX_LOAD);
      })
      .catch((err: unknown) => {
        // Country hover and click are extras: the globe works without them.
        reportLoadIssue(COUNTRY_INDEX_LOAD, err, loadCountryIndex);
      });
  };
  const loadLabels = (): void => {
    let failed = false;
    void loadCombinedLabels(
      (url) => fetch(url),
      baseUrl,
      (message, detail) => {
        failed = true;
        reportLoadIssue(LABELS_LOAD, detail ?? message, loadLabels);
      },
    ).then((labels) => {
      if (!failed) clearLoadIssue(LABELS_LOAD);
      setLabelCatalogue(world.labels, buildCatalogue(labels));
    });
  };

  const loading = new Set<number>();
  const loadLod = async (lod: number, only?: ReadonlySet<LayerName>): Promise<void> => {
    if (only === undefined && loading.has(lod)) return;
    loading.add(lod);
    const tier = GEO_TIER_NAMES[lod] ?? String(lod);
    const { layers, failed } = await loadGeoLod(globe.scene, baseUrl, lod, only);
    for (const g of layers) {
      spawnGeoLayer(world, g.layer, lod, table.add(g.mesh));
      clearLoadIssue(`${g.layer} (${tier})`);
    }
    for (const f of failed) {
      reportLoadIssue(`${f.layer} (${tier})`, f.error, () => {
        loadLod(lod, new Set([f.layer])).catch((err: unknown) => {
          console.warn(`ATLAS: retrying the ${f.layer} (${tier}) layer failed`, err);
        });
      });
    }
    // Marked done even when a file failed (spec: a failed layer is skipped): the tier is not asked
    // for again each frame; the status's retry loads the missing files.
    world.loadedLods |= 1 << lod;
  };
  table.onRequestLod = (lod) => {
    loadLod(lod).catch((err: unknown) => {
      // A missing finer LOD is not fatal: the coarse one stays drawn.
      loading.delete(lod);
      console.warn(`ATLAS: could not load geo LOD ${lod}`, err);
    });
  };

  const instrumentation = new SceneInstrumentation(globe.scene);
  let resolveReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => {
    resolveReady = resolve;
  });
  let geoLoaded = false;
  // Every program compiled while the GPU is idle (engine/render/shaderWarmup.ts): ready waits for
  // it, so no later first draw (markers, the solar system) blocks on a program link.
  let shadersWarm = false;
  const backdropPass = table.prepareBackdropPass(BACKDROP_SCALE);
  const warmable = [
    ...globe.scene.meshes,
    { name: 'backdrop pass', material: { isReady: () => backdropPass.isReady() } },
  ];
  void warmUpShaders(warmable).then((r) => {
    shadersWarm = true;
    if (r.late.length > 0) {
      console.warn(
        `ATLAS: shaders still compiling after ${r.ms.toFixed(0)} ms: ${r.late.join(', ')}`,
      );
    }
  });

  const frames = new FrameLog();
  const frameTasks = new FrameTasks();
  let firstGlobeFrame = false;
  engine.runRenderLoop(() => {
    const frameStart = performance.now();
    try {
      frameTasks.run();
    } catch (err) {
      console.error('ATLAS: a frame task failed', err);
    }
    runPipeline(world, frameStart);
    globe.updateLight();
    const t0 = performance.now();
    globe.scene.render();
    recordTiming(world, 'render', performance.now() - t0);
    const s = world.stats;
    s.fps = engine.getFps();
    s.drawCalls = instrumentation.drawCallsCounter.current;
    s.triangles = Math.round(globe.scene.getActiveIndices() / 3);
    s.frameMs = totalSmoothedMs(world);
    recordProfileFrame(world);
    frames.record(frameStart);
    // Marks for the cold-start bench (tests/bench/coldStart.ts): the first frame drawn with the
    // 110m land and borders, and the moment whenReady resolves.
    if (geoLoaded && !firstGlobeFrame) {
      firstGlobeFrame = true;
      performance.mark(FIRST_GLOBE_FRAME_MARK);
      // What the first frame did not need comes next (issue #29's order).
      loadCountryIndex();
      loadLabels();
    }
    if (geoLoaded && shadersWarm && !state.ready.peek()) {
      state.ready.value = true;
      performance.mark(READY_MARK);
      resolveReady();
    }
  });

  loadLod(LOD_110M)
    .then(() => {
      geoLoaded = true;
    })
    .catch((err: unknown) => {
      // Only a failure outside the files (they fail alone, above): the globe still draws its
      // ocean and markers, and the status lists the missing tier with a retry.
      geoLoaded = true;
      reportLoadIssue('map (110m)', err, () => {
        loading.delete(LOD_110M);
        void loadLod(LOD_110M);
      });
    });

  const onResize = (): void => engine.resize();
  window.addEventListener('resize', onResize);

  return {
    world,
    globe,
    ready,
    frames,
    frameTasks,
    nextFrame: () =>
      new Promise<void>((resolve) => {
        globe.scene.onAfterRenderObservable.addOnce(() => resolve());
      }),
    dispose() {
      window.removeEventListener('resize', onResize);
      detachPointer();
      detachKeyboard();
      userMarker.dispose();
      highlight.dispose();
      choropleth.dispose();
      labelMesh.dispose();
      appearance.dispose();
      xrPanels.dispose();
      clusterClient.dispose();
      clusterMesh.dispose();
      markerMesh.dispose();
      earthLayers.dispose();
      instrumentation.dispose();
      globe.scene.dispose();
      engine.dispose();
    },
  };
}
