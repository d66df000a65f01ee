/**
 * Boots the one engine: Babylon engine + scene, the bitecs world, the geo layers, and the frame
 * loop (pipeline, then render). Created once per page and reused across routes.
 */
import { SceneInstrumentation } from '@babylonjs/core/Instrumentation/sceneInstrumentation';
import { state } from './bridge/state';
import { recordTiming, runPipeline, totalSmoothedMs } from './pipeline';
import { createEngine, createGlobeScene, type GlobeScene } from './render/globeScene';
import { loadGeoLod } from './render/geoLayers';
import { MarkerMesh } from './render/markerMesh';
import { attachPointerInput } from './render/pointerInput';
import { RenderTable } from './render/renderTable';
import { LOD_110M, LOD_ANY, createAtlasWorld, spawnGeoLayer, type AtlasWorld } from './world';

export interface AtlasEngine {
  world: AtlasWorld;
  globe: GlobeScene;
  /** Resolves after the first frame with the geo layers has been rendered. */
  ready: Promise<void>;
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
  const markerMesh = new MarkerMesh(globe.scene);
  const table = new RenderTable(globe.scene, globe.camera, markerMesh);
  const world = createAtlasWorld(globe.rig, table);

  spawnGeoLayer(world, 'ocean', LOD_ANY, table.add(globe.ocean));
  spawnGeoLayer(world, 'atmosphere', LOD_ANY, table.add(globe.atmosphere));
  spawnGeoLayer(world, 'stars', LOD_ANY, table.add(globe.stars));
  spawnGeoLayer(world, 'markers', LOD_ANY, table.add(markerMesh.mesh));
  const detachPointer = attachPointerInput(canvas, world.pointer);

  const loading = new Set<number>();
  const loadLod = async (lod: number): Promise<void> => {
    if (loading.has(lod)) return;
    loading.add(lod);
    for (const g of await loadGeoLod(globe.scene, baseUrl, lod)) {
      spawnGeoLayer(world, g.layer, lod, table.add(g.mesh));
    }
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
  let rejectReady: (e: unknown) => void = () => undefined;
  const ready = new Promise<void>((resolve, reject) => {
    resolveReady = resolve;
    rejectReady = reject;
  });
  let geoLoaded = false;

  engine.runRenderLoop(() => {
    runPipeline(world, performance.now());
    globe.updateLight();
    const t0 = performance.now();
    globe.scene.render();
    recordTiming(world, 'render', performance.now() - t0);
    const s = world.stats;
    s.fps = engine.getFps();
    s.drawCalls = instrumentation.drawCallsCounter.current;
    s.triangles = Math.round(globe.scene.getActiveIndices() / 3);
    s.frameMs = totalSmoothedMs(world);
    if (geoLoaded && !state.ready.peek()) {
      state.ready.value = true;
      resolveReady();
    }
  });

  loadLod(LOD_110M)
    .then(() => {
      geoLoaded = true;
    })
    .catch((err: unknown) => {
      const detail = err instanceof Error ? err.message : String(err);
      state.error.value = { message: 'The map data could not be loaded.', detail };
      rejectReady(err);
    });

  const onResize = (): void => engine.resize();
  window.addEventListener('resize', onResize);

  return {
    world,
    globe,
    ready,
    nextFrame: () =>
      new Promise<void>((resolve) => {
        globe.scene.onAfterRenderObservable.addOnce(() => resolve());
      }),
    dispose() {
      window.removeEventListener('resize', onResize);
      detachPointer();
      markerMesh.dispose();
      instrumentation.dispose();
      globe.scene.dispose();
      engine.dispose();
    },
  };
}
