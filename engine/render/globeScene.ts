/**
 * The Babylon side of the globe: engine, scene, orbit camera and the always-present meshes
 * (ocean, atmosphere, stars). Geo layers are added by geoLayers.ts.
 */
import { ArcRotateCamera } from '@babylonjs/core/Cameras/arcRotateCamera';
import { ArcRotateCameraPointersInput } from '@babylonjs/core/Cameras/Inputs/arcRotateCameraPointersInput';
import { Engine } from '@babylonjs/core/Engines/engine';
import { Color3, Color4 } from '@babylonjs/core/Maths/math.color';
import { Vector3 } from '@babylonjs/core/Maths/math.vector';
import { Mesh } from '@babylonjs/core/Meshes/mesh';
import { VertexData } from '@babylonjs/core/Meshes/mesh.vertexData';
import { Scene } from '@babylonjs/core/scene';
import { GLOBE_RADIUS } from '../../data/geoMath';
import { uvSphere } from './uvSphere';
import { isSoftwareRenderer } from '../../data/renderer';
import type { OrbitRig } from '../world';
import { ROTATE_REF_HEIGHT_PX } from '../../systems/cameraSystem';
import {
  atmosphereMaterial,
  dayNightParams,
  lightDirection,
  starMaterial,
  sunDirection,
  surfaceMaterial,
} from './materials';
import { mulberry32 } from '../../data/random';

/** Camera constants (spec globe.md section 9): fov 45 degrees, near 1, far 50000. */
export const CAMERA_FOV_DEG = 45;
export const CAMERA_NEAR = 1;
export const CAMERA_FAR = 50000;
/** Device pixel ratio cap (spec: 2). */
export const PIXEL_RATIO_CAP = 2;
/** Wheel and pinch zoom per event at zoom speed 1 and damping 0.1 (Babylon units). */
export const WHEEL_DELTA_PERCENTAGE = 0.01;
export const PINCH_DELTA_PERCENTAGE = 0.002;
/** Damping: Babylon's inertia is the fraction of velocity kept per frame (1 - 0.1 damping). */
export const CAMERA_INERTIA = 0.9;
/** Background stars (spec globe.md section 1): 10,000 in a 2000-unit cube. */
export const STAR_COUNT = 10_000;
export const STAR_CUBE = 2000;
/** Stars closer than this to the centre would sit between the camera and the globe: skip them. */
export const STAR_CLEAR_RADIUS = 900;
/** Ocean sphere tessellation (spec desktop default: 64 segments). */
export const OCEAN_SEGMENTS = 64;
export const ATMOSPHERE_RADIUS = GLOBE_RADIUS * 1.06;

export interface GlobeScene {
  engine: Engine;
  scene: Scene;
  camera: ArcRotateCamera;
  rig: OrbitRig;
  ocean: Mesh;
  atmosphere: Mesh;
  stars: Mesh;
  /** Per-frame: points the key light from the camera, a little up and to the left, or at the
   * real sun while the dayNight layer is on. */
  updateLight(): void;
  /** Re-tessellates the globe sphere (adaptive quality's segment cuts); no-op when unchanged. */
  setOceanSegments(segments: number): void;
  /** Draws the first `count` stars of the field (the device profile's particle count: 5000 on a
   * desktop, 2500 on a low-tier GPU; at most STAR_COUNT). The field is one seeded sequence, so a
   * prefix is an even sample of the sky. */
  setStarCount(count: number): void;
}

/** The renderer string of a throwaway WebGL2 context (before the real one picks its options). */
export function probeRenderer(): string {
  const c = document.createElement('canvas');
  const gl = c.getContext('webgl2');
  if (!gl) return '';
  const ext = gl.getExtension('WEBGL_debug_renderer_info');
  const r: unknown = gl.getParameter(ext ? ext.UNMASKED_RENDERER_WEBGL : gl.RENDERER);
  gl.getExtension('WEBGL_lose_context')?.loseContext();
  return typeof r === 'string' ? r : '';
}

export function createEngine(canvas: HTMLCanvasElement): Engine {
  // MSAA multiplies the fragment work of a software rasteriser (measured: ~1.7x the frame time
  // under SwiftShader); real GPUs get it.
  const antialias = !isSoftwareRenderer(probeRenderer());
  const engine = new Engine(
    canvas,
    antialias,
    {
      // Screenshots and pixel tests read the canvas after the frame.
      preserveDrawingBuffer: true,
      stencil: false,
      powerPreference: 'high-performance',
      failIfMajorPerformanceCaveat: false,
    },
    false,
  );
  if (engine.webGLVersion < 2) {
    engine.dispose();
    throw new Error('WebGL2 is required but this browser only offers WebGL1.');
  }
  // Babylon sets the canvas's tabIndex to this on attach and pointer moves (default 1, a tab stop
  // ahead of the page); the canvas stays out of the tab order (engine/main.ts).
  engine.canvasTabIndex = -1;
  engine.setHardwareScalingLevel(1 / Math.min(window.devicePixelRatio || 1, PIXEL_RATIO_CAP));
  return engine;
}

/** Segments of the atmosphere ring; at 1280x720 a 128-gon is indistinguishable from a circle. */
export const ATMOSPHERE_SEGMENTS = 128;
/** Ring inner radius relative to the silhouette (slightly inside, under the limb line). */
const RING_INNER = 0.985;
/** Ring outer radius relative to the silhouette: past where the glow reaches zero. */
const RING_OUTER = (ATMOSPHERE_RADIUS / GLOBE_RADIUS) * 1.06;

/**
 * The atmosphere as a flat annulus around the globe's silhouette; the vertex shader turns it to
 * face the camera and sizes it to the silhouette every frame (no CPU work). The glow is the same per-fragment function of each view ray's closest approach to the
 * centre as a full shell would give, but only the ring's pixels are shaded: under SwiftShader a
 * back-faced shell cost ~30 ms of GPU-process time per frame for mostly hidden pixels.
 */
function createAtmosphereRing(scene: Scene): Mesh {
  const n = ATMOSPHERE_SEGMENTS;
  const positions = new Float32Array((n + 1) * 2 * 3);
  const indices = new Uint16Array(n * 6);
  for (let i = 0; i <= n; i++) {
    const a = (i / n) * Math.PI * 2;
    const c = Math.cos(a);
    const sn = Math.sin(a);
    positions.set([c * RING_INNER, sn * RING_INNER, 0, c * RING_OUTER, sn * RING_OUTER, 0], i * 6);
    if (i < n) {
      const v = i * 2;
      indices.set([v, v + 1, v + 3, v, v + 3, v + 2], i * 6);
    }
  }
  const mesh = new Mesh('atmosphere', scene);
  const vd = new VertexData();
  vd.positions = positions;
  vd.indices = indices;
  vd.applyToMesh(mesh, false);
  mesh.alwaysSelectAsActiveMesh = true;
  mesh.doNotSyncBoundingInfo = true;
  return mesh;
}

function createStars(scene: Scene): Mesh {
  const rand = mulberry32(0x5eed);
  const positions = new Float32Array(STAR_COUNT * 3);
  const uvs = new Float32Array(STAR_COUNT * 2);
  let n = 0;
  while (n < STAR_COUNT) {
    const x = (rand() - 0.5) * STAR_CUBE;
    const y = (rand() - 0.5) * STAR_CUBE;
    const z = (rand() - 0.5) * STAR_CUBE;
    if (x * x + y * y + z * z < STAR_CLEAR_RADIUS * STAR_CLEAR_RADIUS) continue;
    positions[n * 3] = x;
    positions[n * 3 + 1] = y;
    positions[n * 3 + 2] = z;
    // Most stars faint and small, a few bright ones.
    const b = rand();
    uvs[n * 2] = 1 + b * b * 1.6;
    uvs[n * 2 + 1] = 0.25 + 0.75 * b * b;
    n++;
  }
  const mesh = new Mesh('stars', scene);
  const vd = new VertexData();
  vd.positions = positions;
  vd.uvs = uvs;
  vd.applyToMesh(mesh, false);
  mesh.material = starMaterial('starsMat', scene, 1);
  mesh.isPickable = false;
  mesh.alwaysSelectAsActiveMesh = true;
  return mesh;
}

/** The ocean sphere at a segment count (what Babylon's sphere builder makes, built faster). */
function oceanVertexData(segments: number): VertexData {
  const s = uvSphere(GLOBE_RADIUS, segments);
  const data = new VertexData();
  data.positions = s.positions;
  data.normals = s.normals;
  data.uvs = s.uvs;
  data.indices = s.indices;
  return data;
}

export function createGlobeScene(engine: Engine): GlobeScene {
  const scene = new Scene(engine);
  scene.useRightHandedSystem = true;
  scene.clearColor = new Color4(0.005, 0.008, 0.02, 1);
  // The globe's materials are our own shaders: nothing needs scene lights, fog or picking.
  scene.skipPointerMovePicking = true;
  scene.autoClear = true;
  // Every mesh wraps the globe or is always in view (markers are culled in their shader): frustum
  // tests per mesh per frame buy nothing.
  scene.skipFrustumClipping = true;

  const camera = new ArcRotateCamera(
    'camera',
    Math.PI / 2,
    Math.PI / 2,
    600,
    Vector3.Zero(),
    scene,
  );
  camera.fov = (CAMERA_FOV_DEG * Math.PI) / 180;
  camera.minZ = CAMERA_NEAR;
  camera.maxZ = CAMERA_FAR;
  camera.inertia = CAMERA_INERTIA;
  camera.panningSensibility = 0; // pan off (spec)
  camera.wheelDeltaPercentage = WHEEL_DELTA_PERCENTAGE;
  camera.pinchDeltaPercentage = PINCH_DELTA_PERCENTAGE;
  // Our double tap zooms (systems/controlsSystem.ts); Babylon's would restore a stored state.
  camera.useInputToRestoreState = false;
  // Keys are ours (engine/render/keyboardInput.ts): drop Babylon's arrow-key input.
  camera.inputs.removeByType('ArcRotateCameraKeyboardMoveInput');
  camera.angularSensibilityX = 2000;
  camera.angularSensibilityY = 2000;
  camera.lowerBetaLimit = Math.PI * 0.05;
  camera.upperBetaLimit = Math.PI * 0.95;
  camera.lowerRadiusLimit = 200.1;
  camera.upperRadiusLimit = 2500;
  const canvas = engine.getRenderingCanvas();
  if (canvas) camera.attachControl(true);

  let pointerDown = false;
  scene.onPointerObservable.add((info) => {
    // 1 = POINTERDOWN, 2 = POINTERUP (PointerEventTypes), read without importing the enum map.
    if (info.type === 1) pointerDown = true;
    else if (info.type === 2) pointerDown = false;
  });

  let inputEnabled = true;
  const rig: OrbitRig = {
    get alpha() {
      return camera.alpha;
    },
    set alpha(v) {
      camera.alpha = v;
    },
    get beta() {
      return camera.beta;
    },
    set beta(v) {
      camera.beta = v;
    },
    get radius() {
      return camera.radius;
    },
    set radius(v) {
      camera.radius = v;
    },
    get lowerRadiusLimit() {
      return camera.lowerRadiusLimit ?? 0;
    },
    set lowerRadiusLimit(v) {
      camera.lowerRadiusLimit = v;
    },
    get upperRadiusLimit() {
      return camera.upperRadiusLimit ?? Infinity;
    },
    set upperRadiusLimit(v) {
      camera.upperRadiusLimit = v;
    },
    stopInertia() {
      camera.inertialAlphaOffset = 0;
      camera.inertialBetaOffset = 0;
      camera.inertialRadiusOffset = 0;
    },
    setInputEnabled(on) {
      if (on === inputEnabled) return;
      inputEnabled = on;
      if (on) camera.attachControl(true);
      else camera.detachControl();
    },
    get pointerDown() {
      return pointerDown;
    },
    setLens(fovDeg, near, far) {
      camera.fov = (fovDeg * Math.PI) / 180;
      camera.minZ = near;
      camera.maxZ = far;
    },
    configure(o) {
      // Babylon's inertia keeps this fraction of the velocity per frame; a drag of one pixel
      // turns 1 / angularSensibility per frame, 1 / (angularSensibility * (1 - inertia)) in all.
      const inertia = 1 - o.damping;
      camera.inertia = inertia;
      const radPerPx = ((2 * Math.PI) / ROTATE_REF_HEIGHT_PX) * o.rotateSpeed * o.rotateScale;
      const sensibility = 1 / (radPerPx * (1 - inertia));
      camera.angularSensibilityX = sensibility;
      camera.angularSensibilityY = sensibility;
      // Zoom per wheel notch x zoomSpeed, whatever the damping (the total scales with 1/damping).
      const zoom = (o.zoomSpeed * (1 - inertia)) / (1 - CAMERA_INERTIA);
      camera.wheelDeltaPercentage = WHEEL_DELTA_PERCENTAGE * zoom;
      camera.pinchDeltaPercentage = PINCH_DELTA_PERCENTAGE * zoom;
      const pointers = camera.inputs.attached['pointers'];
      if (pointers instanceof ArcRotateCameraPointersInput) {
        // Drag-to-rotate mode (spec): only the left button rotates.
        pointers.buttons = o.leftButtonOnly ? [0] : [0, 1, 2];
      }
    },
  };

  const ocean = new Mesh('ocean', scene);
  oceanVertexData(OCEAN_SEGMENTS).applyToMesh(ocean);
  ocean.material = surfaceMaterial('oceanMat', scene, {
    color: Color3.FromHexString('#0b2f5b'),
    rimColor: Color3.FromHexString('#3d7fd1'),
    ambient: 0.35,
    rimStrength: 0.55,
  });
  ocean.isPickable = false;

  const atmosphere = createAtmosphereRing(scene);
  atmosphere.material = atmosphereMaterial(
    'atmosphereMat',
    scene,
    Color3.FromHexString('#4f9dff'),
    GLOBE_RADIUS,
    ATMOSPHERE_RADIUS,
  );
  atmosphere.isPickable = false;
  // Draw after the opaque globe so additive blending lands on top of it.
  atmosphere.renderingGroupId = 1;
  scene.setRenderingAutoClearDepthStencil(1, false);

  const stars = createStars(scene);

  const tmpUp = new Vector3();
  const tmpRight = new Vector3();
  const updateLight = (): void => {
    // Day/night on: the key light is the real sun (set by the sky system), not the headlight.
    if (dayNightParams.x > 0.5) {
      lightDirection.copyFrom(sunDirection);
      return;
    }
    const pos = camera.position;
    camera.getDirectionToRef(Vector3.UpReadOnly, tmpUp);
    camera.getDirectionToRef(Vector3.RightReadOnly, tmpRight);
    const r = pos.length();
    lightDirection.set(
      pos.x + (tmpUp.x * 0.45 - tmpRight.x * 0.35) * r,
      pos.y + (tmpUp.y * 0.45 - tmpRight.y * 0.35) * r,
      pos.z + (tmpUp.z * 0.45 - tmpRight.z * 0.35) * r,
    );
    lightDirection.normalize();
  };

  let oceanSegments = OCEAN_SEGMENTS;
  const setOceanSegments = (segments: number): void => {
    const n = Math.max(3, Math.round(segments));
    if (n === oceanSegments) return;
    oceanSegments = n;
    oceanVertexData(n).applyToMesh(ocean);
  };
  const setStarCount = (count: number): void => {
    const sub = stars.subMeshes[0];
    if (sub !== undefined) sub.verticesCount = Math.max(0, Math.min(STAR_COUNT, Math.round(count)));
  };
  return {
    engine,
    scene,
    camera,
    rig,
    ocean,
    atmosphere,
    stars,
    updateLight,
    setOceanSegments,
    setStarCount,
  };
}
