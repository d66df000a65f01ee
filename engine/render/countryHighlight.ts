/**
 * The selected country on the globe: a translucent fill and a bright outline - two small meshes,
 * two draw calls, only while a country is selected. Built from the country polygons of
 * `countries-110m.bin` (the mesh the country index is made from) when the selection changes,
 * never per frame. The countrySystem drives it through `CountryHighlightBinding`.
 *
 * The fill uses the asset's triangles, whose long edges cut under the sphere (chords); it is drawn
 * without a depth test instead, the far side dropped in the fragment shader, so a large country
 * stays filled to its edges. Outline segments longer than OUTLINE_STEP_DEG are split so they
 * follow the sphere.
 */
import { Constants } from '@babylonjs/core/Engines/constants';
import { ShaderMaterial } from '@babylonjs/core/Materials/shaderMaterial';
import { Material } from '@babylonjs/core/Materials/material';
import { Vector4 } from '@babylonjs/core/Maths/math.vector';
import { Mesh } from '@babylonjs/core/Meshes/mesh';
import { VertexData } from '@babylonjs/core/Meshes/mesh.vertexData';
import type { Scene } from '@babylonjs/core/scene';
import type { PolygonMesh } from '../../data/geo/codec';
import { GLOBE_RADIUS, latLonToXyzInto } from '../../data/geoMath';
import type { CountryHighlightBinding } from '../controls';

/** Radius factors: the fill just above the land, the outline above the border lines. */
export const FILL_RADIUS = 1.002;
export const OUTLINE_RADIUS = 1.004;
/** Longest outline segment before it is split (degrees). */
export const OUTLINE_STEP_DEG = 1;
/** Colours (premultiplied by the shader): a light amber. */
const FILL_RGBA = [1.0, 0.78, 0.25, 0.22] as const;
const LINE_RGBA = [1.0, 0.85, 0.35, 0.95] as const;

const vertex = /* glsl */ `
precision highp float;
attribute vec3 position;
uniform mat4 viewProjection;
uniform vec3 cameraPosition;
varying float vFacing;
void main() {
  vFacing = dot(normalize(position), normalize(cameraPosition - position));
  gl_Position = viewProjection * vec4(position, 1.0);
}`;

const fragment = /* glsl */ `
precision highp float;
uniform vec4 color;
varying float vFacing;
void main() {
  if (vFacing < 0.0) discard;
  gl_FragColor = vec4(color.rgb * color.a, color.a);
}`;

function material(scene: Scene, name: string, rgba: readonly number[], lines: boolean) {
  const m = new ShaderMaterial(
    name,
    scene,
    { vertexSource: vertex, fragmentSource: fragment },
    {
      attributes: ['position'],
      uniforms: ['viewProjection', 'cameraPosition', 'color'],
      needAlphaBlending: true,
    },
  );
  m.setVector4('color', new Vector4(rgba[0] ?? 1, rgba[1] ?? 1, rgba[2] ?? 1, rgba[3] ?? 1));
  m.alphaMode = Constants.ALPHA_PREMULTIPLIED;
  m.backFaceCulling = false;
  m.disableDepthWrite = true;
  m.depthFunction = Constants.ALWAYS;
  if (lines) m.fillMode = Material.LineListDrawMode;
  return m;
}

export class CountryHighlightMesh implements CountryHighlightBinding {
  readonly fill: Mesh;
  readonly outline: Mesh;
  private source: PolygonMesh | null = null;
  private shown = -1;
  /** Highlights built so far (tests and stats). */
  builds = 0;

  constructor(scene: Scene) {
    this.fill = new Mesh('countryHighlightFill', scene);
    this.outline = new Mesh('countryHighlightOutline', scene);
    for (const m of [this.fill, this.outline]) {
      m.isPickable = false;
      m.alwaysSelectAsActiveMesh = true;
      m.doNotSyncBoundingInfo = true;
      // After the Earth layers and the labels' own order: over the land, under the markers.
      m.alphaIndex = 6;
      // A placeholder triangle so the programs compile in the start-up warm-up.
      const vd = new VertexData();
      vd.positions = [0, 0, 0, 0, 0, 0, 0, 0, 0];
      vd.indices = [0, 1, 2];
      vd.applyToMesh(m, true);
      m.isVisible = false;
    }
    this.fill.material = material(scene, 'countryHighlightFillMat', FILL_RGBA, false);
    this.outline.material = material(scene, 'countryHighlightLineMat', LINE_RGBA, true);
  }

  /** The decoded country polygons (feature indices match the country index's). */
  setSource(mesh: PolygonMesh): void {
    this.source = mesh;
    if (this.shown >= 0) this.build(this.shown);
  }

  show(feature: number): void {
    if (feature === this.shown) return;
    this.shown = feature;
    if (feature < 0 || this.source === null) {
      this.fill.isVisible = false;
      this.outline.isVisible = false;
      return;
    }
    this.build(feature);
  }

  private build(feature: number): void {
    const src = this.source;
    const f = src?.features[feature];
    if (src === null || f === undefined) return;
    this.builds++;
    const p = new Float64Array(3);
    // Fill: the feature's triangles. Indices address the whole mesh's vertices.
    const fillPos: number[] = [];
    const fillIdx: number[] = [];
    const remap = new Map<number, number>();
    for (let k = f.indexStart; k < f.indexStart + f.indexCount; k++) {
      const v = src.indices[k] as number;
      let out = remap.get(v);
      if (out === undefined) {
        out = fillPos.length / 3;
        remap.set(v, out);
        latLonToXyzInto(
          src.positions[v * 2 + 1] as number,
          src.positions[v * 2] as number,
          GLOBE_RADIUS * FILL_RADIUS,
          p,
        );
        fillPos.push(p[0] as number, p[1] as number, p[2] as number);
      }
      fillIdx.push(out);
    }
    // Outline: every ring as segments, split to follow the sphere.
    const linePos: number[] = [];
    const lineIdx: number[] = [];
    const push = (lat: number, lon: number): number => {
      latLonToXyzInto(lat, lon, GLOBE_RADIUS * OUTLINE_RADIUS, p);
      linePos.push(p[0] as number, p[1] as number, p[2] as number);
      return linePos.length / 3 - 1;
    };
    for (const poly of f.polygons) {
      for (const ring of poly.rings) {
        for (let i = 0; i < ring.count; i++) {
          const a = ring.start + i;
          const b = ring.start + ((i + 1) % ring.count);
          const lon0 = src.positions[a * 2] as number;
          const lat0 = src.positions[a * 2 + 1] as number;
          const lon1 = src.positions[b * 2] as number;
          const lat1 = src.positions[b * 2 + 1] as number;
          const steps = Math.max(
            1,
            Math.ceil(Math.max(Math.abs(lon1 - lon0), Math.abs(lat1 - lat0)) / OUTLINE_STEP_DEG),
          );
          let prev = push(lat0, lon0);
          for (let s = 1; s <= steps; s++) {
            const t = s / steps;
            const next = push(lat0 + (lat1 - lat0) * t, lon0 + (lon1 - lon0) * t);
            lineIdx.push(prev, next);
            prev = next;
          }
        }
      }
    }
    const fill = new VertexData();
    fill.positions = fillPos;
    fill.indices = fillIdx;
    fill.applyToMesh(this.fill, true);
    const line = new VertexData();
    line.positions = linePos;
    line.indices = lineIdx;
    line.applyToMesh(this.outline, true);
    this.fill.isVisible = fillIdx.length > 0;
    this.outline.isVisible = lineIdx.length > 0;
  }

  dispose(): void {
    this.fill.material?.dispose();
    this.outline.material?.dispose();
    this.fill.dispose();
    this.outline.dispose();
  }
}
