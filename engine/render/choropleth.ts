/**
 * The choropleth layer: countries filled by a figure of the news (article count, mean sentiment
 * or highest risk in a window; the colours are chosen by the UI, data/choropleth.ts). One merged
 * mesh of the country polygons of `countries-110m.bin` (the mesh the country index is made from)
 * with a colour per vertex: one draw call, rebuilt only when new fills arrive (setChoropleth),
 * never per frame. Drawn like the selected country's fill (engine/render/countryHighlight.ts):
 * no depth test (the asset's long triangle edges cut under the sphere), the far side dropped in
 * the fragment shader. Its visibility is the `choropleth` layer's (a GeoLayer entity).
 */
import { Constants } from '@babylonjs/core/Engines/constants';
import { ShaderMaterial } from '@babylonjs/core/Materials/shaderMaterial';
import { Mesh } from '@babylonjs/core/Meshes/mesh';
import { VertexData } from '@babylonjs/core/Meshes/mesh.vertexData';
import type { Scene } from '@babylonjs/core/scene';
import type { PolygonMesh } from '../../data/geo/codec';
import { GLOBE_RADIUS, latLonToXyzInto } from '../../data/geoMath';
import type { ChoroplethBinding, ChoroplethColor } from '../controls';

/** Radius factor: just above the land, under the selected country's fill (1.002). */
export const CHOROPLETH_RADIUS = 1.0015;

const vertex = /* glsl */ `
precision highp float;
attribute vec3 position;
attribute vec4 color;
uniform mat4 viewProjection;
uniform vec3 cameraPosition;
varying float vFacing;
varying vec4 vColor;
void main() {
  vFacing = dot(normalize(position), normalize(cameraPosition - position));
  vColor = color;
  gl_Position = viewProjection * vec4(position, 1.0);
}`;

const fragment = /* glsl */ `
precision highp float;
varying float vFacing;
varying vec4 vColor;
void main() {
  if (vFacing < 0.0) discard;
  gl_FragColor = vec4(vColor.rgb * vColor.a, vColor.a);
}`;

/** ISO alpha-2 of a country feature of the 110m mesh ('' when it has none). */
function iso2Of(props: Readonly<Record<string, string | number | boolean | null>>): string {
  const v = props['iso2'];
  return typeof v === 'string' && /^[A-Z]{2}$/.test(v) ? v : '';
}

export class ChoroplethMesh implements ChoroplethBinding {
  readonly mesh: Mesh;
  private source: PolygonMesh | null = null;
  private fills: ReadonlyMap<string, ChoroplethColor> = new Map();
  /** Countries filled by the mesh as built (tests and automation). */
  filled = 0;
  /** Meshes built so far. */
  builds = 0;

  constructor(scene: Scene) {
    this.mesh = new Mesh('choropleth', scene);
    const m = this.mesh;
    m.isPickable = false;
    m.alwaysSelectAsActiveMesh = true;
    m.doNotSyncBoundingInfo = true;
    // Over the land and the borders, under the grid, cities, clouds and the country highlight.
    m.alphaIndex = 1;
    const material = new ShaderMaterial(
      'choroplethMat',
      scene,
      { vertexSource: vertex, fragmentSource: fragment },
      {
        attributes: ['position', 'color'],
        uniforms: ['viewProjection', 'cameraPosition'],
        needAlphaBlending: true,
      },
    );
    material.alphaMode = Constants.ALPHA_PREMULTIPLIED;
    material.backFaceCulling = false;
    material.disableDepthWrite = true;
    material.depthFunction = Constants.ALWAYS;
    m.material = material;
    // A placeholder triangle so the program compiles in the start-up warm-up.
    const vd = new VertexData();
    vd.positions = [0, 0, 0, 0, 0, 0, 0, 0, 0];
    vd.colors = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
    vd.indices = [0, 1, 2];
    vd.applyToMesh(m, true);
  }

  /** The decoded country polygons (loaded after the first globe frame). */
  setSource(mesh: PolygonMesh): void {
    this.source = mesh;
    this.build();
  }

  setFills(fills: ReadonlyMap<string, ChoroplethColor>): void {
    this.fills = fills;
    this.build();
  }

  private build(): void {
    const src = this.source;
    if (src === null) return;
    this.builds++;
    const p = new Float64Array(3);
    const positions: number[] = [];
    const colors: number[] = [];
    const indices: number[] = [];
    let filled = 0;
    for (const f of src.features) {
      const rgba = this.fills.get(iso2Of(f.properties));
      if (rgba === undefined || f.indexCount === 0) continue;
      filled++;
      // The feature's triangles; indices address the whole mesh's vertices.
      const remap = new Map<number, number>();
      for (let k = f.indexStart; k < f.indexStart + f.indexCount; k++) {
        const v = src.indices[k] as number;
        let out = remap.get(v);
        if (out === undefined) {
          out = positions.length / 3;
          remap.set(v, out);
          latLonToXyzInto(
            src.positions[v * 2 + 1] as number,
            src.positions[v * 2] as number,
            GLOBE_RADIUS * CHOROPLETH_RADIUS,
            p,
          );
          positions.push(p[0] as number, p[1] as number, p[2] as number);
          colors.push(rgba[0], rgba[1], rgba[2], rgba[3]);
        }
        indices.push(out);
      }
    }
    this.filled = filled;
    if (indices.length === 0) {
      // Nothing to fill: keep the placeholder (drawn as nothing: a degenerate triangle).
      positions.push(0, 0, 0, 0, 0, 0, 0, 0, 0);
      colors.push(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
      indices.push(0, 1, 2);
    }
    const vd = new VertexData();
    vd.positions = positions;
    vd.colors = colors;
    vd.indices = indices;
    vd.applyToMesh(this.mesh, true);
  }

  dispose(): void {
    this.mesh.material?.dispose();
    this.mesh.dispose();
  }
}
