/**
 * The Earth-and-sky meshes (issue "The Earth and the sky"): a few merged meshes, each one draw
 * call, addressed by part bits (systems/earthLayerSystem.ts) through the EarthRender binding.
 *
 * | mesh | parts | built from |
 * |---|---|---|
 * | lines | states, rivers, time zones, background grid (per-vertex colour + part, masked in the vertex shader) | admin1-50m, rivers-50m, generated meridians/parallels |
 * | fills | lakes, urban areas (per-vertex colour + part) | lakes-50m, urban-50m |
 * | cities | city points (spec scale 3 over a million people, else 2) | gazetteer cities + capitals |
 * | cityLights | additive glows on the night side (the night test is in the shader) | same points |
 * | grid | the XGrid, rebuilt by systems/gridSystem.ts when the view changes | gridLevels.ts |
 * | clouds | 12 fixed soft patches at radius 203 | seeded |
 * | sun, moon, planets, orbits | the sky and the solar-system view | data/globe/astro.ts |
 *
 * Assets are fetched the first time a part is asked for; until then the part draws nothing.
 */
import type { ArcRotateCamera } from '@babylonjs/core/Cameras/arcRotateCamera';
import type { ShaderMaterial } from '@babylonjs/core/Materials/shaderMaterial';
import { Color3 } from '@babylonjs/core/Maths/math.color';
import { Matrix, Vector3, Vector4 } from '@babylonjs/core/Maths/math.vector';
import { Mesh } from '@babylonjs/core/Meshes/mesh';
import { CreateSphereVertexData } from '@babylonjs/core/Meshes/Builders/sphereBuilder';
import { VertexData } from '@babylonjs/core/Meshes/mesh.vertexData';
import type { Observer } from '@babylonjs/core/Misc/observable';
import type { Scene } from '@babylonjs/core/scene';
import { lineSegmentIndices, type LineSet, type PolygonMesh } from '../../data/geo/codec';
import { MOON_RADIUS_SIMPLIFIED, PLANETS, type SolarSystemLayout } from '../../data/globe/astro';
import { backgroundGridLines } from '../../data/globe/gridLevels';
import { GLOBE_RADIUS, latLonToXyzInto } from '../../data/geoMath';
import {
  FILL_PARTS,
  LINE_PARTS,
  PART_BACKGROUND_GRID,
  PART_CITIES,
  PART_CITY_LIGHTS,
  PART_CLOUDS,
  PART_GRID,
  PART_LAKES,
  PART_MOON,
  PART_PLANETS,
  PART_RIVERS,
  PART_STATES,
  PART_SUN,
  PART_SUNLIGHT,
  PART_TIMEZONES,
  PART_URBAN,
} from '../../systems/earthLayerSystem';
import { ORBIT_SEGMENTS, planetOrbitRings } from '../../systems/skySystem';
import type { EarthRender } from '../world';
import { lightWeight, mergeCities, type CityPoint } from './cityPoints';
import { fetchLineSet, fetchSurface } from './geoAssets';
import { clearLoadIssue, reportLoadIssue } from '../../data/loadStatus';
import { projectLonLat } from '../../data/geo/geometry';
import {
  bodyMaterial,
  cityLightMaterial,
  cityMaterial,
  cloudMaterial,
  colorLineMaterial,
  dayNightParams,
  fillMaterial,
  gridMaterial,
  sunDirection,
  sunMaterial,
} from './materials';
import { mulberry32 } from '../../data/random';
import { canvasCssSize } from './canvasSize';

/** Radii (scene units): fills just above land (200.12), lines just under the coast (200.3) and
 * borders (200.32), overlays above them. */
export const LAKE_RADIUS = GLOBE_RADIUS + 0.16;
export const URBAN_RADIUS = GLOBE_RADIUS + 0.18;
export const RIVER_RADIUS = GLOBE_RADIUS + 0.28;
export const STATE_RADIUS = GLOBE_RADIUS + 0.31;
export const TIMEZONE_RADIUS = GLOBE_RADIUS + 0.36;
export const BACKGROUND_GRID_RADIUS = GLOBE_RADIUS + 0.38;
export const CITY_RADIUS = GLOBE_RADIUS + 0.5;
/** Cloud patches float at ~203 (issue: "radius ~203"); spec: 12 fixed patches. */
export const CLOUD_RADIUS = 203;
export const CLOUD_PATCHES = 12;
/** Time-zone boundaries: 24 meridians 15 deg apart, at the half hours of the nominal zones. */
export const TIMEZONE_LINES = 24;
/** Spec globe.md section 1: "Night-light intensity is 0.15". */
export const NIGHT_LIGHT_INTENSITY = 0.15;
/** CSS px per unit of the spec's city scale (3 -> 3.6 px, 2 -> 2.4 px). */
export const CITY_PX_PER_SCALE = 1.2;
/** Night-light glow diameter in CSS px: base + weight * extra. */
export const CITY_LIGHT_PX = 4;
export const CITY_LIGHT_EXTRA_PX = 10;
/** Smallest radius a planet or the moon is drawn with, in CSS px, so they stay findable. */
export const BODY_MIN_PX = 3;
/** Smallest radius of the sun's disc, in CSS px. */
export const SUN_MIN_PX = 5;
/** Planet sphere tessellation (they are a few pixels to a few hundred across). */
const PLANET_SEGMENTS = 12;

const COLORS = {
  river: [0.36, 0.66, 1.0, 0.75],
  state: [0.86, 0.78, 0.56, 0.42],
  timezone: [1.0, 0.78, 0.35, 0.45],
  backgroundGrid: [0.0, 1.0, 1.0, 0.22],
  lake: [0.1, 0.3, 0.55, 1],
  urban: [0.72, 0.66, 0.52, 1],
} as const;

/** Part slots inside the merged meshes' partOn vectors. */
const LINE_SLOTS = [PART_STATES, PART_RIVERS, PART_TIMEZONES, PART_BACKGROUND_GRID] as const;
const FILL_SLOTS = [PART_LAKES, PART_URBAN] as const;

function finish(mesh: Mesh, material: ShaderMaterial): Mesh {
  mesh.material = material;
  mesh.isPickable = false;
  mesh.alwaysSelectAsActiveMesh = true;
  mesh.doNotSyncBoundingInfo = true;
  mesh.setEnabled(false);
  return mesh;
}

/** Lines and their attributes, appended piece by piece, then turned into one mesh. */
class LineBuilder {
  positions: number[] = [];
  colors: number[] = [];
  parts: number[] = [];
  indices: number[] = [];

  addLineSet(lines: LineSet, radius: number, color: readonly number[], slot: number): void {
    const base = this.positions.length / 3;
    const xyz = projectLonLat(lines.positions, radius);
    for (let i = 0; i < xyz.length; i++) this.positions.push(xyz[i] as number);
    for (let v = 0; v < xyz.length / 3; v++) {
      this.colors.push(...color);
      this.parts.push(slot);
    }
    const idx = lineSegmentIndices(lines.starts);
    for (let i = 0; i < idx.length; i++) this.indices.push(base + (idx[i] as number));
  }

  /** Segments as `[lon0, lat0, lon1, lat1, ...]`. */
  addSegments(seg: Float64Array, radius: number, color: readonly number[], slot: number): void {
    const p: [number, number, number] = [0, 0, 0];
    for (let i = 0; i < seg.length / 2; i++) {
      latLonToXyzInto(seg[i * 2 + 1] as number, seg[i * 2] as number, radius, p);
      this.indices.push(this.positions.length / 3);
      this.positions.push(p[0], p[1], p[2]);
      this.colors.push(...color);
      this.parts.push(slot);
    }
  }

  build(scene: Scene, name: string, material: ShaderMaterial): Mesh {
    const mesh = new Mesh(name, scene);
    const vd = new VertexData();
    vd.positions = new Float32Array(this.positions);
    vd.colors = new Float32Array(this.colors);
    vd.indices = new Uint32Array(this.indices);
    vd.applyToMesh(mesh, false);
    mesh.setVerticesData('part', new Float32Array(this.parts), false, 1);
    mesh.freezeWorldMatrix();
    return finish(mesh, material);
  }
}

/** The 24 time-zone boundary meridians (lon 7.5 + 15k), pole to pole in 2-degree steps. */
export function timezoneSegments(): Float64Array {
  const steps = 90;
  const out = new Float64Array(TIMEZONE_LINES * steps * 4);
  let o = 0;
  for (let k = 0; k < TIMEZONE_LINES; k++) {
    const lon = -172.5 + 15 * k;
    for (let s = 0; s < steps; s++) {
      out[o++] = lon;
      out[o++] = -90 + (180 * s) / steps;
      out[o++] = lon;
      out[o++] = -90 + (180 * (s + 1)) / steps;
    }
  }
  return out;
}

/** Puff density below which a cloud fragment is fully transparent (the shader's smoothstep edge). */
const CLOUD_MIN_DENSITY = 0.15;
/** Cloud puff lobes per patch: centres and radii in patch coordinates (-1..1). */
const CLOUD_LOBES = 12;
/** Grid cells per patch side: the puffs' density is evaluated per vertex (cheap fragments under
 * SwiftShader) and thresholded per fragment, so the edges stay crisp. */
const CLOUD_GRID = 20;

function buildClouds(scene: Scene): Mesh {
  const rand = mulberry32(0xc10d5);
  const n = CLOUD_GRID;
  const positions: number[] = [];
  const uvs: number[] = [];
  const indices: number[] = [];
  const c: [number, number, number] = [0, 0, 0];
  for (let p = 0; p < CLOUD_PATCHES; p++) {
    const lat = (rand() * 2 - 1) * 62;
    const lon = rand() * 360 - 180;
    const radiusDeg = 6 + rand() * 7;
    const stretch = 1 + rand() * 0.5;
    const turn = rand() * Math.PI;
    const density = 0.55 + rand() * 0.25;
    const lobes: number[] = [];
    for (let k = 0; k < CLOUD_LOBES; k++) {
      lobes.push(rand() * 1.2 - 0.6, rand() * 1.2 - 0.6, 0.16 + 0.2 * rand());
    }
    latLonToXyzInto(lat, lon, 1, c);
    const [cx, cy, cz] = c;
    // Tangent basis (east, north), rotated by `turn`.
    const ex0 = Math.cos((lon * Math.PI) / 180);
    const ez0 = -Math.sin((lon * Math.PI) / 180);
    const nx0 = cy * ez0;
    const ny0 = cz * ex0 - cx * ez0;
    const nz0 = -cy * ex0;
    const ct = Math.cos(turn);
    const st = Math.sin(turn);
    const t = Math.tan((radiusDeg * Math.PI) / 180);
    const base = positions.length / 3;
    for (let j = 0; j <= n; j++) {
      for (let i = 0; i <= n; i++) {
        const u = (i / n) * 2 - 1;
        const v = (j / n) * 2 - 1;
        const a = u * ct * stretch - v * st;
        const b = u * st * stretch + v * ct;
        const x = cx + (ex0 * a + nx0 * b) * t;
        const y = cy + ny0 * b * t;
        const z = cz + (ez0 * a + nz0 * b) * t;
        const len = Math.hypot(x, y, z);
        positions.push(
          (x / len) * CLOUD_RADIUS,
          (y / len) * CLOUD_RADIUS,
          (z / len) * CLOUD_RADIUS,
        );
        let sum = 0;
        for (let k = 0; k < CLOUD_LOBES; k++) {
          const du = (u - (lobes[k * 3] as number)) / (lobes[k * 3 + 2] as number);
          const dv = (v - (lobes[k * 3 + 1] as number)) / (lobes[k * 3 + 2] as number);
          sum += Math.exp(-(du * du + dv * dv) * 2.2);
        }
        const r = Math.hypot(u, v);
        const edge = 1 - smoothstep(0.55, 1, r);
        uvs.push(sum * edge, density);
      }
    }
    // Only cells with some cloud: the empty corners of a patch would cost fragments for nothing.
    const dens = (k: number): number => uvs[k * 2] as number;
    for (let j = 0; j < n; j++) {
      for (let i = 0; i < n; i++) {
        const k = base + j * (n + 1) + i;
        const d = Math.max(dens(k), dens(k + 1), dens(k + n + 1), dens(k + n + 2));
        if (d < CLOUD_MIN_DENSITY) continue;
        indices.push(k, k + 1, k + n + 2, k, k + n + 2, k + n + 1);
      }
    }
  }
  const mesh = new Mesh('clouds', scene);
  const vd = new VertexData();
  vd.positions = new Float32Array(positions);
  vd.uvs = new Float32Array(uvs);
  vd.indices = new Uint16Array(indices);
  vd.applyToMesh(mesh, false);
  mesh.freezeWorldMatrix();
  return finish(mesh, cloudMaterial('cloudMat', scene));
}

function smoothstep(e0: number, e1: number, x: number): number {
  const k = Math.max(0, Math.min(1, (x - e0) / (e1 - e0)));
  return k * k * (3 - 2 * k);
}

export class EarthLayers implements EarthRender {
  private mask = 0;
  private lines: Mesh | null = null;
  private fills: Mesh | null = null;
  private cities: Mesh | null = null;
  private cityLights: Mesh | null = null;
  private readonly grid: Mesh;
  private gridHasLines = false;
  private lineIndicesAll = 0;
  private fillIndicesAll = 0;
  private fillIndicesLakes = 0;
  private lineIndicesWithoutStates = 0;
  private gridCapacity = 0;
  private gridPositions = new Float32Array(0);
  private gridAlphas = new Float32Array(0);
  private clouds: Mesh | null = null;
  private readonly sun: Mesh;
  private readonly moon: Mesh;
  private planets: Mesh | null = null;
  private orbits: Mesh | null = null;
  private readonly linePartOn = new Vector4(0, 0, 0, 0);
  private readonly fillPartOn = new Vector4(0, 0, 0, 0);
  private readonly sunPosition = new Vector3(0, 0, 23455);
  private readonly sunRadius = { value: 109 };
  private readonly loading = new Set<string>();
  private layout: SolarSystemLayout | null = null;
  private eclMatrix: Float64Array | null = null;
  private readonly tmpMatrix = new Matrix();
  /** Sphere template for the planets (unit radius). */
  private readonly sphere = CreateSphereVertexData({ diameter: 2, segments: PLANET_SEGMENTS });

  constructor(
    private readonly scene: Scene,
    private readonly camera: ArcRotateCamera,
    private readonly baseUrl: string,
  ) {
    this.grid = finish(
      new Mesh('xgrid', scene),
      gridMaterial('xgridMat', scene, Color3.FromHexString('#00ffff')),
    );
    this.grid.alphaIndex = 2;
    this.sun = this.buildSun();
    this.moon = this.buildMoon();
    // Built now (hidden) rather than when the solar-system view first opens, so the shader
    // warm-up (engine/render/shaderWarmup.ts) compiles their programs at start.
    this.buildPlanets();
    this.orbits?.setEnabled(false);
    // Point sizes are in render pixels: follow the pixel ratio (the quality system changes it).
    this.scaleObserver = scene.onBeforeRenderObservable.add(() => {
      const k = this.pointScale;
      if (k === this.appliedPointScale) return;
      this.appliedPointScale = k;
      for (const m of [this.cities, this.cityLights]) {
        (m?.material as ShaderMaterial | null | undefined)?.setFloat('pointScale', k);
      }
    });
  }

  private appliedPointScale = 0;
  private readonly scaleObserver: Observer<Scene> | null;

  /** Radians per CSS pixel at the screen centre (vertical fov over the canvas height). */
  private get radPerPx(): number {
    const h = canvasCssSize(this.scene.getEngine().getRenderingCanvas()).height || 720;
    return this.camera.fov / Math.max(1, h);
  }

  /** The backdrop resolution scale (RenderTable.setBackdropScale): points are drawn into a
   * texture that much smaller than the drawing buffer. */
  backdropScale = 1;

  private get pointScale(): number {
    return this.backdropScale / this.scene.getEngine().getHardwareScalingLevel();
  }

  // ---------------------------------------------------------------------------------------------
  // EarthRender

  setParts(mask: number): void {
    this.mask = mask;
    dayNightParams.x = mask & PART_SUNLIGHT ? 1 : 0;
    if (mask & LINE_PARTS) this.load('lines', () => this.loadLines());
    if (mask & FILL_PARTS) this.load('fills', () => this.loadFills());
    if (mask & (PART_CITIES | PART_CITY_LIGHTS)) this.load('cities', () => this.loadCities());
    if (mask & PART_CLOUDS && this.clouds === null) {
      this.clouds = buildClouds(this.scene);
      this.clouds.alphaIndex = 4;
    }
    this.apply();
  }

  setSun(x: number, y: number, z: number, sunLit: boolean): void {
    sunDirection.set(x, y, z);
    dayNightParams.x = sunLit ? 1 : 0;
  }

  setGrid(positions: Float32Array, alphas: Float32Array, vertexCount: number): void {
    this.gridHasLines = vertexCount > 0;
    if (vertexCount > this.gridCapacity) {
      // Grow (doubling): new buffers and a fixed 0..capacity-1 index list. Otherwise the same
      // GPU buffers are rewritten in place, the unused tail as zero-length segments at the
      // centre (inside the globe, never seen).
      this.gridCapacity = Math.max(4096, 2 ** Math.ceil(Math.log2(vertexCount)));
      this.gridPositions = new Float32Array(this.gridCapacity * 3);
      this.gridAlphas = new Float32Array(this.gridCapacity);
      const idx = new Uint32Array(this.gridCapacity);
      for (let i = 0; i < idx.length; i++) idx[i] = i;
      this.gridPositions.set(positions.subarray(0, vertexCount * 3));
      this.gridAlphas.set(alphas.subarray(0, vertexCount));
      const vd = new VertexData();
      vd.positions = this.gridPositions;
      vd.indices = idx;
      vd.applyToMesh(this.grid, true);
      this.grid.setVerticesData('alpha', this.gridAlphas, true, 1);
    } else {
      this.gridPositions.set(positions.subarray(0, vertexCount * 3));
      this.gridPositions.fill(0, vertexCount * 3);
      this.gridAlphas.set(alphas.subarray(0, vertexCount));
      this.gridAlphas.fill(0, vertexCount);
      this.grid.updateVerticesData('position', this.gridPositions, false, false);
      this.grid.updateVerticesData('alpha', this.gridAlphas, false, false);
    }
    this.apply();
  }

  setSky(layout: SolarSystemLayout, eclipticToGlobe: Float64Array): void {
    this.layout = layout;
    this.eclMatrix = eclipticToGlobe;
    const s = layout.sun;
    this.sunPosition.set(s.position[0], s.position[1], s.position[2]);
    this.sunRadius.value = s.radius;
    (this.sun.material as ShaderMaterial).setFloat('radius', s.radius);
    const m = layout.moon;
    this.moon.position.set(m.position[0], m.position[1], m.position[2]);
    // The mesh is built at the simplified radius; true scale is ten times larger.
    this.moon.scaling.setAll(m.radius / MOON_RADIUS_SIMPLIFIED);
    this.updatePlanets();
    // The first layout lets the sun, moon and planets show.
    this.apply();
  }

  setSolarView(on: boolean, distance: number): void {
    // Beyond 5000 the planets reach ~130000 units out: widen the depth range, and move the near
    // plane out with the distance so depth precision stays where the bodies are.
    this.camera.minZ = on ? Math.max(1, Math.min(distance * 0.02, 500)) : 1;
    this.camera.maxZ = on ? 400_000 : 50_000;
  }

  dispose(): void {
    this.scene.onBeforeRenderObservable.remove(this.scaleObserver);
    for (const m of [
      this.lines,
      this.fills,
      this.cities,
      this.cityLights,
      this.grid,
      this.clouds,
      this.sun,
      this.moon,
      this.planets,
      this.orbits,
    ]) {
      m?.dispose(false, true);
    }
  }

  // ---------------------------------------------------------------------------------------------

  private apply(): void {
    const m = this.mask;
    const on = (bit: number): number => (m & bit ? 1 : 0);
    this.linePartOn.set(on(LINE_SLOTS[0]), on(LINE_SLOTS[1]), on(LINE_SLOTS[2]), on(LINE_SLOTS[3]));
    this.fillPartOn.set(on(FILL_SLOTS[0]), on(FILL_SLOTS[1]), 0, 0);
    this.lines?.setEnabled((m & LINE_PARTS) !== 0);
    const sub = this.lines?.subMeshes[0];
    if (sub) {
      sub.indexCount = m & PART_STATES ? this.lineIndicesAll : this.lineIndicesWithoutStates;
    }
    this.fills?.setEnabled((m & FILL_PARTS) !== 0);
    // Urban areas come after the lakes in the buffer: skip their vertices while they are off.
    const fillSub = this.fills?.subMeshes[0];
    if (fillSub) {
      fillSub.indexCount = m & PART_URBAN ? this.fillIndicesAll : this.fillIndicesLakes;
    }
    this.cities?.setEnabled((m & PART_CITIES) !== 0);
    this.cityLights?.setEnabled((m & PART_CITY_LIGHTS) !== 0);
    this.grid.setEnabled((m & PART_GRID) !== 0 && this.gridHasLines);
    this.clouds?.setEnabled((m & PART_CLOUDS) !== 0);
    this.sun.setEnabled((m & PART_SUN) !== 0 && this.layout !== null);
    this.moon.setEnabled((m & PART_MOON) !== 0 && this.layout !== null);
    this.planets?.setEnabled((m & PART_PLANETS) !== 0 && this.layout !== null);
    // The orbit rings are drawn in the simplified scale only (true-scale bodies sit on a sky
    // shell, systems/skySystem.ts sceneSkyLayout, where no ring would pass through them).
    this.orbits?.setEnabled(
      (m & PART_PLANETS) !== 0 && this.layout !== null && this.layout.mode === 'simplified',
    );
  }

  private load(key: string, fn: () => Promise<void>): void {
    if (this.loading.has(key)) return;
    this.loading.add(key);
    fn()
      .then(() => {
        clearLoadIssue(`${key} layer`);
        this.apply();
      })
      .catch((err: unknown) => {
        // Spec error catalogue: a geo/gazetteer failure is logged and the layer skipped; the
        // load status offers a retry (data/loadStatus.ts).
        reportLoadIssue(`${key} layer`, err, () => {
          this.loading.delete(key);
          this.load(key, fn);
        });
      });
  }

  private async loadLines(): Promise<void> {
    const [admin1, rivers] = await Promise.all([
      fetchLineSet(`${this.baseUrl}/geo/admin1-50m.bin`),
      fetchLineSet(`${this.baseUrl}/geo/rivers-50m.bin`),
    ]);
    const b = new LineBuilder();
    b.addLineSet(rivers, RIVER_RADIUS, COLORS.river, 1);
    b.addSegments(timezoneSegments(), TIMEZONE_RADIUS, COLORS.timezone, 2);
    b.addSegments(backgroundGridLines(), BACKGROUND_GRID_RADIUS, COLORS.backgroundGrid, 3);
    // State lines last (52k vertices, drawn only close up): while they are off the draw stops
    // before them, so the GPU does not even run their vertices.
    this.lineIndicesWithoutStates = b.indices.length;
    b.addLineSet(admin1, STATE_RADIUS, COLORS.state, 0);
    this.lineIndicesAll = b.indices.length;
    const mat = colorLineMaterial('earthLinesMat', this.scene, true);
    mat.setVector4('partOn', this.linePartOn);
    this.lines = b.build(this.scene, 'earthLines', mat);
    this.lines.alphaIndex = 1;
    // A sub-mesh that is not the whole mesh keeps its own bounding info (transparent sorting
    // reads it): give it the mesh's, which covers every part.
    this.lines.subMeshes[0]?.setBoundingInfo(this.lines.getBoundingInfo());
  }

  private async loadFills(): Promise<void> {
    const [lakes, urban] = await Promise.all([
      fetchSurface(`${this.baseUrl}/geo/lakes-50m.bin`),
      fetchSurface(`${this.baseUrl}/geo/urban-50m.bin`),
    ]);
    const parts: [PolygonMesh, number, readonly number[]][] = [
      [lakes, LAKE_RADIUS, COLORS.lake],
      [urban, URBAN_RADIUS, COLORS.urban],
    ];
    let vertices = 0;
    let indexCount = 0;
    for (const [m] of parts) {
      vertices += m.positions.length / 2;
      indexCount += m.indices.length;
    }
    const positions = new Float32Array(vertices * 3);
    const colors = new Float32Array(vertices * 4);
    const partIdx = new Float32Array(vertices);
    const indices = new Uint32Array(indexCount);
    let v0 = 0;
    let i0 = 0;
    parts.forEach(([m, radius, color], slot) => {
      const xyz = projectLonLat(m.positions, radius);
      positions.set(xyz, v0 * 3);
      const n = m.positions.length / 2;
      for (let v = 0; v < n; v++) {
        colors.set(color, (v0 + v) * 4);
        partIdx[v0 + v] = slot;
      }
      for (let i = 0; i < m.indices.length; i++) indices[i0 + i] = v0 + (m.indices[i] as number);
      v0 += n;
      i0 += m.indices.length;
    });
    this.fillIndicesLakes = lakes.indices.length;
    this.fillIndicesAll = indexCount;
    const mesh = new Mesh('earthFills', this.scene);
    const vd = new VertexData();
    vd.positions = positions;
    vd.colors = colors;
    vd.indices = indices;
    vd.applyToMesh(mesh, false);
    mesh.setVerticesData('part', partIdx, false, 1);
    mesh.freezeWorldMatrix();
    const mat = fillMaterial('earthFillsMat', this.scene);
    mat.setVector4('partOn', this.fillPartOn);
    this.fills = finish(mesh, mat);
    this.fills.subMeshes[0]?.setBoundingInfo(this.fills.getBoundingInfo());
  }

  private async loadCities(): Promise<void> {
    const get = async (file: string): Promise<unknown> => {
      const res = await fetch(`${this.baseUrl}/data/gazetteer/${file}`);
      if (!res.ok) throw new Error(`HTTP error! status: ${res.status} (${file})`);
      return res.json();
    };
    const [cities, capitals] = await Promise.all([get('cities.json'), get('capitals.json')]);
    const list = mergeCities(cities, capitals);
    this.cities = this.cityMesh('cities', list, false);
    this.cities.material = cityMaterial('citiesMat', this.scene, this.pointScale);
    this.cities.alphaIndex = 3;
    this.cityLights = this.cityMesh('cityLights', list, true);
    this.cityLights.material = cityLightMaterial(
      'cityLightsMat',
      this.scene,
      this.pointScale,
      NIGHT_LIGHT_INTENSITY,
    );
    this.cityLights.alphaIndex = 5;
    this.appliedPointScale = 0;
  }

  private cityMesh(name: string, list: readonly CityPoint[], lights: boolean): Mesh {
    const positions = new Float32Array(list.length * 3);
    const uvs = new Float32Array(list.length * 2);
    list.forEach((c, i) => {
      latLonToXyzInto(c.lat, c.lon, CITY_RADIUS, positions, i * 3);
      const w = lightWeight(c.population);
      if (lights) {
        uvs[i * 2] = CITY_LIGHT_PX + CITY_LIGHT_EXTRA_PX * w;
        // Brightness per light, scaled by the intensity uniform (0.15) in the shader.
        uvs[i * 2 + 1] = 2 + 5 * w;
      } else {
        uvs[i * 2] = c.scale * CITY_PX_PER_SCALE;
        uvs[i * 2 + 1] = w;
      }
    });
    const mesh = new Mesh(name, this.scene);
    const vd = new VertexData();
    vd.positions = positions;
    vd.uvs = uvs;
    vd.applyToMesh(mesh, false);
    mesh.freezeWorldMatrix();
    mesh.isPickable = false;
    mesh.alwaysSelectAsActiveMesh = true;
    mesh.doNotSyncBoundingInfo = true;
    mesh.setEnabled(false);
    return mesh;
  }

  private buildSun(): Mesh {
    const mesh = new Mesh('sun', this.scene);
    const vd = new VertexData();
    vd.positions = new Float32Array([-1, -1, 0, 1, -1, 0, 1, 1, 0, -1, 1, 0]);
    vd.indices = new Uint16Array([0, 1, 2, 0, 2, 3]);
    vd.applyToMesh(mesh, false);
    const mat = sunMaterial('sunMat', this.scene, this.sunPosition, new Color3(1, 0.93, 0.8));
    mat.setFloat('radius', this.sunRadius.value);
    mat.setFloat('minAngle', SUN_MIN_PX * this.radPerPx);
    mesh.freezeWorldMatrix();
    const m = finish(mesh, mat);
    m.alphaIndex = 6;
    return m;
  }

  /** A lit body mesh: positions, per-vertex centre (the body's own centre) and colour. */
  private bodyMesh(name: string, updatable: boolean): Mesh {
    const mesh = new Mesh(name, this.scene);
    mesh.material = bodyMaterial(`${name}Mat`, this.scene, this.sunPosition);
    mesh.isPickable = false;
    mesh.alwaysSelectAsActiveMesh = true;
    mesh.doNotSyncBoundingInfo = true;
    mesh.setEnabled(false);
    if (updatable) mesh.freezeWorldMatrix();
    return mesh;
  }

  private buildMoon(): Mesh {
    const mesh = this.bodyMesh('moon', false);
    (mesh.material as ShaderMaterial).setFloat('minAngle', BODY_MIN_PX * this.radPerPx);
    const t = CreateSphereVertexData({ diameter: MOON_RADIUS_SIMPLIFIED * 2, segments: 16 });
    const n = (t.positions?.length ?? 0) / 3;
    const vd = new VertexData();
    vd.positions = t.positions ?? [];
    vd.indices = t.indices ?? [];
    vd.colors = new Float32Array(n * 4).map((_, i) => (i % 4 === 3 ? 1 : 0.78));
    vd.applyToMesh(mesh, false);
    mesh.setVerticesData('center', new Float32Array(n * 3), false, 3);
    return mesh;
  }

  private buildPlanets(): void {
    const tp = this.sphere.positions ?? [];
    const ti = this.sphere.indices ?? [];
    const nv = tp.length / 3;
    const count = PLANETS.length;
    const colors = new Float32Array(nv * count * 4);
    const indices = new Uint32Array(ti.length * count);
    PLANETS.forEach((p, k) => {
      const c = Color3.FromHexString(p.color);
      for (let v = 0; v < nv; v++) colors.set([c.r, c.g, c.b, 1], (k * nv + v) * 4);
      for (let i = 0; i < ti.length; i++) indices[k * ti.length + i] = k * nv + (ti[i] as number);
    });
    const mesh = this.bodyMesh('planets', true);
    (mesh.material as ShaderMaterial).setFloat('minAngle', BODY_MIN_PX * this.radPerPx);
    const vd = new VertexData();
    vd.positions = new Float32Array(nv * count * 3);
    vd.colors = colors;
    vd.indices = indices;
    vd.applyToMesh(mesh, true);
    mesh.setVerticesData('center', new Float32Array(nv * count * 3), true, 3);
    this.planets = mesh;

    // Orbits: fixed rings in the J2000 ecliptic around the sun, placed by a world matrix.
    const rings = planetOrbitRings(ORBIT_SEGMENTS);
    const b = new LineBuilder();
    const seg = ORBIT_SEGMENTS;
    [...PLANETS.map((p) => p.color), '#4f9dff'].forEach((color, k) => {
      const c = Color3.FromHexString(color);
      const base = b.positions.length / 3;
      for (let i = 0; i < seg; i++) {
        const o = (k * seg + i) * 3;
        b.positions.push(rings[o] as number, rings[o + 1] as number, rings[o + 2] as number);
        b.colors.push(c.r, c.g, c.b, 0.45);
        b.parts.push(0);
        b.indices.push(base + i, base + ((i + 1) % seg));
      }
    });
    const mat = colorLineMaterial('orbitsMat', this.scene, false);
    this.orbits = b.build(this.scene, 'orbits', mat);
    this.orbits.alphaIndex = 0;
    this.updatePlanets();
  }

  private updatePlanets(): void {
    const layout = this.layout;
    const mesh = this.planets;
    if (layout === null || mesh === null) return;
    const tp = this.sphere.positions ?? [];
    const nv = tp.length / 3;
    const positions = new Float32Array(nv * PLANETS.length * 3);
    const centers = new Float32Array(nv * PLANETS.length * 3);
    layout.planets.forEach((p, k) => {
      for (let v = 0; v < nv; v++) {
        const o = (k * nv + v) * 3;
        for (let a = 0; a < 3; a++) {
          positions[o + a] = p.position[a as 0 | 1 | 2] + (tp[v * 3 + a] as number) * p.radius;
          centers[o + a] = p.position[a as 0 | 1 | 2];
        }
      }
    });
    mesh.updateVerticesData('position', positions);
    mesh.updateVerticesData('center', centers);
    const r = this.eclMatrix;
    if (r !== null && this.orbits !== null) {
      const s = layout.sun.position;
      // Babylon multiplies row vectors (v * M): M's row i is column i of the rotation.
      Matrix.FromValuesToRef(
        r[0] as number,
        r[3] as number,
        r[6] as number,
        0,
        r[1] as number,
        r[4] as number,
        r[7] as number,
        0,
        r[2] as number,
        r[5] as number,
        r[8] as number,
        0,
        s[0],
        s[1],
        s[2],
        1,
        this.tmpMatrix,
      );
      this.orbits.freezeWorldMatrix(this.tmpMatrix);
    }
  }
}
