/**
 * The render side of the globe's appearance (engine/appearance.ts, systems/appearanceSystem.ts):
 *
 * - The globe sphere is the ocean mesh (globeScene.ts) with a four-style shader
 *   (appearanceShaders.ts): no extra mesh and no extra draw call. Opaque for 'Blue Ocean' and
 *   'Grid Core'; 'Ethereal Core' and 'Transparent' are blended after the land, and then the land
 *   is drawn double-sided so the far side's continents show faintly through the sphere (their
 *   back faces get only ambient light). Globe Sphere OFF hides the mesh (the land floats, also
 *   double-sided). An ocean scale over 100 % adds a translucent water shell of that radius around
 *   the globe (a clone sharing the sphere's geometry: one draw call while it is shown).
 * - The colour tint of the variant globes (holographic cyan) recolours the land, coast, border and
 *   atmosphere materials through their uniforms.
 * - The background globe's 500 activity circles are ONE merged quad mesh (one draw call; under
 *   SwiftShader each instance of an instanced draw is rasterised separately), built once from the
 *   country index; the pulses are animated in the shader from a time uniform and a two-pulse
 *   schedule uniform (data/globe/activityCircles.ts), so no buffer is rewritten per frame.
 * - WebXR: Babylon's WebXR default experience, loaded on demand, enters 'immersive-vr'; the
 *   in-headset panels are engine/render/xrPanels.ts.
 */
import { Constants } from '@babylonjs/core/Engines/constants';
import { ShaderMaterial } from '@babylonjs/core/Materials/shaderMaterial';
import { Color3 } from '@babylonjs/core/Maths/math.color';
import { Vector4 } from '@babylonjs/core/Maths/math.vector';
import { Mesh } from '@babylonjs/core/Meshes/mesh';
import { VertexData } from '@babylonjs/core/Meshes/mesh.vertexData';
import type { Observer } from '@babylonjs/core/Misc/observable';
import type { Scene } from '@babylonjs/core/scene';
import type { WebXRDefaultExperience } from '@babylonjs/core/XR/webXRDefaultExperience';
import {
  PULSE_LIFE_MS,
  livePulses,
  placeActivityCircles,
  type ActivityCircles,
} from '../../data/globe/activityCircles';
import { GLOBE_RADIUS, latLonToXyzInto } from '../../data/geoMath';
import type {
  ActivityCircleInfo,
  AppearanceRender,
  AppearanceSettings,
  GlobeTint,
  SphereStyle,
  XrMode,
} from '../appearance';
import { circleFragment, circleVertex, sphereFragment, sphereVertex } from './appearanceShaders';
import { dayNightParams, lightDirection } from './materials';

/** Activity circles sit above land, lines and city points. */
export const CIRCLE_RADIUS = GLOBE_RADIUS + 0.6;
/** A circle's radius (scene units; ~6 CSS px at distance 600, still visible under the 8 px blur
 * of the background) and how far its pulse ring grows (times that). */
export const CIRCLE_SIZE = 4;
export const PULSE_SCALE = 5;

const STYLE_INDEX: Readonly<Record<SphereStyle, number>> = {
  blue: 0,
  ethereal: 1,
  transparent: 2,
  grid: 3,
};

interface Palette {
  land: string;
  landRim: string;
  coast: string;
  border: string;
  atmosphere: string;
  accent: string;
}

/** The default colours are those of geoLayers.ts and globeScene.ts. */
const PALETTES: Readonly<Record<GlobeTint, Palette>> = {
  default: {
    land: '#2f5d46',
    landRim: '#5fa88a',
    coast: '#8fd3ff',
    border: '#f4d58d',
    atmosphere: '#4f9dff',
    accent: '#3fe0ff',
  },
  cyan: {
    land: '#0c3d48',
    landRim: '#2de2f0',
    coast: '#6ff6ff',
    border: '#2fc9e0',
    atmosphere: '#22e5ff',
    accent: '#22e5ff',
  },
};

function sphereMaterial(name: string, scene: Scene, blend: boolean): ShaderMaterial {
  const m = new ShaderMaterial(
    name,
    scene,
    { vertexSource: sphereVertex, fragmentSource: sphereFragment },
    {
      attributes: ['position'],
      uniforms: [
        'world',
        'viewProjection',
        'cameraPosition',
        'lightDir',
        'dayNight',
        'style',
        'shell',
        'accent',
      ],
      needAlphaBlending: blend,
    },
  );
  m.setVector3('lightDir', lightDirection);
  m.setVector3('dayNight', dayNightParams);
  m.setFloat('style', 0);
  m.setFloat('shell', 0);
  m.setColor3('accent', Color3.FromHexString(PALETTES.default.accent));
  if (blend) m.disableDepthWrite = true;
  m.freeze();
  return m;
}

export class GlobeAppearance implements AppearanceRender {
  private readonly opaque: ShaderMaterial;
  private readonly blended: ShaderMaterial;
  /** The ocean sphere scaled beyond the globe (ocean scale over 100 %): a translucent water shell
   * sharing the ocean's geometry, a child of it (so the `ocean` layer hides it too). */
  private readonly shell: Mesh;
  private settings: AppearanceSettings = {
    sphere: true,
    style: 'blue',
    oceanScale: 1,
    tint: 'default',
  };
  private doubleSidedLand = false;
  private materialCount = -1;
  private circles: Mesh | null = null;
  private circleInfo: ActivityCircleInfo = { count: 0, onLand: 0, drawn: false };
  private circlesWanted = false;
  private circlesStartMs = 0;
  private readonly pulses = new Float64Array(4);
  /** Adaptive quality's animations switch (boot sets it through the render table). */
  animations = true;
  /** Whether pulses may run (the settings' pulse effect; off under reduced motion). */
  pulsesAllowed: () => boolean = () => true;
  /** The pulses' clock while animations are off (null: running). */
  private heldMs: number | null = null;
  private readonly pulseUniform = new Vector4(-1, 0, -1, 0);
  private readonly observer: Observer<Scene> | null;
  /** Told when the WebXR experience exists, before the session starts (the in-headset panels
   * load their GUI then and take the controllers' selects: engine/render/xrPanelHost.ts). */
  onXrExperience: ((xr: WebXRDefaultExperience) => void) | null = null;

  constructor(
    private readonly scene: Scene,
    private readonly ocean: Mesh,
    /** The country index's land test, once it has loaded (null until then). */
    private readonly isLand: () => ((lat: number, lon: number) => boolean) | null,
  ) {
    this.opaque = sphereMaterial('sphereMat', scene, false);
    this.blended = sphereMaterial('sphereBlendMat', scene, true);
    // Among the blended meshes the sphere goes first: lines, markers and labels draw over it.
    ocean.alphaIndex = -1;
    ocean.material = this.opaque;
    const shellMat = sphereMaterial('oceanShellMat', scene, true);
    shellMat.setFloat('shell', 1);
    this.shell = ocean.clone('oceanShell', ocean);
    this.shell.material = shellMat;
    this.shell.alphaIndex = -2;
    this.shell.setEnabled(false);
    this.observer = scene.onBeforeRenderObservable.add(() => this.beforeRender());
  }

  apply(s: AppearanceSettings): void {
    this.settings = s;
    const blend = s.style === 'ethereal' || s.style === 'transparent';
    for (const m of [this.opaque, this.blended]) {
      m.setFloat('style', STYLE_INDEX[s.style]);
      m.setColor3('accent', Color3.FromHexString(PALETTES[s.tint].accent));
    }
    this.ocean.material = blend ? this.blended : this.opaque;
    this.ocean.isVisible = s.sphere;
    // The globe sphere keeps the globe's radius; a larger ocean sphere is the extra shell (one
    // more draw call, only while the scale is over 100 %).
    this.shell.scaling.setAll(s.oceanScale);
    this.shell.setEnabled(s.oceanScale > 1.0001);
    this.doubleSidedLand = blend || !s.sphere;
    this.materialCount = -1; // re-apply to the geo materials
  }

  setActivityCircles(on: boolean): void {
    this.circlesWanted = on;
    if (!on) {
      this.circles?.setEnabled(false);
      this.circleInfo = { ...this.circleInfo, drawn: false };
    }
  }

  activityCircles(): ActivityCircleInfo {
    return { ...this.circleInfo };
  }

  async enterXr(mode: XrMode = 'immersive-vr'): Promise<string | null> {
    const xr = (navigator as Navigator & { xr?: XrSystemLike }).xr;
    if (xr === undefined) return 'WebXR is not available in this browser.';
    try {
      if (!(await xr.isSessionSupported(mode))) {
        return mode === 'immersive-ar'
          ? 'This device cannot start an immersive AR session.'
          : 'This device cannot start an immersive VR session.';
      }
      const { WebXRDefaultExperience, WebXRDefaultExperienceOptions } =
        await import('@babylonjs/core/XR/webXRDefaultExperience');
      const options = new WebXRDefaultExperienceOptions();
      options.disableDefaultUI = true;
      options.disableTeleportation = true;
      const helper = await WebXRDefaultExperience.CreateAsync(this.scene, options);
      this.onXrExperience?.(helper);
      // Starts where the orbit camera is (the helper copies its transform on entering).
      await helper.baseExperience.enterXRAsync(mode, 'local-floor');
      return null;
    } catch (err) {
      return `WebXR failed: ${err instanceof Error ? err.message : String(err)}`;
    }
  }

  dispose(): void {
    this.scene.onBeforeRenderObservable.remove(this.observer);
    this.circles?.dispose(false, true);
    this.shell.dispose(false, true);
    this.opaque.dispose();
    this.blended.dispose();
  }

  // ---------------------------------------------------------------------------------------------

  private beforeRender(): void {
    // The geo materials (land, coast, borders) arrive with each level of detail: re-tint and
    // re-cull whenever the scene's material list grew or the settings changed.
    if (this.scene.materials.length !== this.materialCount) {
      this.materialCount = this.scene.materials.length;
      this.styleGeoMaterials();
    }
    if (this.circlesWanted) this.updateCircles();
  }

  private styleGeoMaterials(): void {
    const p = PALETTES[this.settings.tint];
    for (const m of this.scene.materials) {
      if (!(m instanceof ShaderMaterial)) continue;
      const name = m.name;
      if (name.startsWith('landMat-')) {
        m.backFaceCulling = !this.doubleSidedLand;
        m.setColor3('color', Color3.FromHexString(p.land));
        m.setColor3('rimColor', Color3.FromHexString(p.landRim));
      } else if (name.startsWith('coastMat-')) {
        m.setColor3('color', Color3.FromHexString(p.coast));
      } else if (name.startsWith('borderMat-')) {
        m.setColor3('color', Color3.FromHexString(p.border));
      } else if (name === 'atmosphereMat') {
        m.setColor3('color', Color3.FromHexString(p.atmosphere));
      }
    }
  }

  private updateCircles(): void {
    if (this.circles === null) {
      const test = this.isLand();
      if (test === null) return; // the country index is still loading
      this.circles = this.buildCircles(placeActivityCircles(test));
      this.circlesStartMs = performance.now();
    }
    if (!this.circleInfo.drawn) {
      this.circles.setEnabled(true);
      this.circleInfo = { ...this.circleInfo, drawn: true };
    }
    // Adaptive quality's animations switch, the pulse effect setting and reduced motion: off holds
    // the pulses where they are.
    if (this.animations && this.pulsesAllowed()) this.heldMs = null;
    else this.heldMs ??= performance.now() - this.circlesStartMs;
    const ms = this.heldMs ?? performance.now() - this.circlesStartMs;
    livePulses(ms, this.pulses);
    this.pulseUniform.set(
      this.pulses[0] as number,
      (this.pulses[1] as number) / 1000,
      this.pulses[2] as number,
      (this.pulses[3] as number) / 1000,
    );
    (this.circles.material as ShaderMaterial).setFloat('time', ms / 1000);
  }

  private buildCircles(c: ActivityCircles): Mesh {
    const n = c.lat.length;
    const positions = new Float32Array(n * 4 * 3);
    const offsets = new Float32Array(n * 4 * 3);
    const uvs = new Float32Array(n * 4 * 2);
    const info = new Float32Array(n * 4 * 3);
    const indices = new Uint16Array(n * 6);
    const centre: [number, number, number] = [0, 0, 0];
    const corners = [-1, -1, 1, -1, 1, 1, -1, 1];
    for (let i = 0; i < n; i++) {
      const lat = c.lat[i] as number;
      const lon = c.lon[i] as number;
      latLonToXyzInto(lat, lon, CIRCLE_RADIUS, centre);
      // Tangent basis: east and north at (lat, lon) (data/geoMath.ts axes).
      const la = (lat * Math.PI) / 180;
      const lo = (lon * Math.PI) / 180;
      const ex = Math.cos(lo);
      const ez = -Math.sin(lo);
      const nx = -Math.sin(la) * Math.sin(lo);
      const ny = Math.cos(la);
      const nz = -Math.sin(la) * Math.cos(lo);
      for (let k = 0; k < 4; k++) {
        const v = i * 4 + k;
        const u = corners[k * 2] as number;
        const w = corners[k * 2 + 1] as number;
        positions.set(centre, v * 3);
        offsets[v * 3] = (ex * u + nx * w) * CIRCLE_SIZE;
        offsets[v * 3 + 1] = ny * w * CIRCLE_SIZE;
        offsets[v * 3 + 2] = (ez * u + nz * w) * CIRCLE_SIZE;
        uvs[v * 2] = u;
        uvs[v * 2 + 1] = w;
        info[v * 3] = i;
        info[v * 3 + 1] = c.phase[i] as number;
        info[v * 3 + 2] = c.land[i] as number;
      }
      const b = i * 4;
      indices.set([b, b + 1, b + 2, b, b + 2, b + 3], i * 6);
    }
    const mesh = new Mesh('activityCircles', this.scene);
    const vd = new VertexData();
    vd.positions = positions;
    vd.uvs = uvs;
    vd.indices = indices;
    vd.applyToMesh(mesh, false);
    mesh.setVerticesData('offset', offsets, false, 3);
    mesh.setVerticesData('circle', info, false, 3);
    const m = new ShaderMaterial(
      'activityCirclesMat',
      this.scene,
      { vertexSource: circleVertex, fragmentSource: circleFragment },
      {
        attributes: ['position', 'offset', 'uv', 'circle'],
        uniforms: ['viewProjection', 'cameraPosition', 'time', 'pulses', 'pulseLife', 'pulseScale'],
        needAlphaBlending: true,
      },
    );
    m.setFloat('time', 0);
    m.setVector4('pulses', this.pulseUniform);
    m.setFloat('pulseLife', PULSE_LIFE_MS / 1000);
    m.setFloat('pulseScale', PULSE_SCALE);
    m.alphaMode = Constants.ALPHA_ADD;
    m.backFaceCulling = false;
    m.disableDepthWrite = true;
    m.freeze();
    mesh.material = m;
    mesh.isPickable = false;
    mesh.alwaysSelectAsActiveMesh = true;
    mesh.doNotSyncBoundingInfo = true;
    mesh.alphaIndex = 7;
    mesh.freezeWorldMatrix();
    this.circleInfo = { count: n, onLand: c.onLand, drawn: false };
    return mesh;
  }
}

/** The part of `navigator.xr` used here (lib.dom has no WebXR types). */
interface XrSystemLike {
  isSessionSupported(mode: string): Promise<boolean>;
}
