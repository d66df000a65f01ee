/**
 * Builds merged Babylon meshes from decoded geo assets: one mesh (one draw call) per layer and LOD,
 * never one per feature.
 */
import type { ShaderMaterial } from '@babylonjs/core/Materials/shaderMaterial';
import { Mesh } from '@babylonjs/core/Meshes/mesh';
import { VertexData } from '@babylonjs/core/Meshes/mesh.vertexData';
import type { Scene } from '@babylonjs/core/scene';
import { lineSegmentIndices, type LineSet, type PolygonMesh } from '../../data/geo/codec';
import { latLonToXyzInto } from '../../data/geoMath';

/** Projects lon/lat degree pairs onto a sphere of `radius` (xyz triples). */
export function projectLonLat(lonLat: Float32Array, radius: number): Float32Array {
  const n = lonLat.length / 2;
  const out = new Float32Array(n * 3);
  for (let i = 0; i < n; i++) {
    latLonToXyzInto(lonLat[i * 2 + 1] as number, lonLat[i * 2] as number, radius, out, i * 3);
  }
  return out;
}

function finish(mesh: Mesh): Mesh {
  mesh.isPickable = false;
  // Geo meshes wrap the whole sphere: their bounding boxes are always in view, skip the tests.
  mesh.alwaysSelectAsActiveMesh = true;
  mesh.freezeWorldMatrix();
  mesh.doNotSyncBoundingInfo = true;
  return mesh;
}

export function buildLineMesh(
  scene: Scene,
  name: string,
  lines: LineSet,
  radius: number,
  material: ShaderMaterial,
): Mesh {
  const mesh = new Mesh(name, scene);
  const vd = new VertexData();
  vd.positions = projectLonLat(lines.positions, radius);
  vd.indices = lineSegmentIndices(lines.starts);
  vd.applyToMesh(mesh, false);
  mesh.material = material;
  return finish(mesh);
}

export function buildSurfaceMesh(
  scene: Scene,
  name: string,
  surface: PolygonMesh,
  radius: number,
  material: ShaderMaterial,
): Mesh {
  const mesh = new Mesh(name, scene);
  const vd = new VertexData();
  vd.positions = projectLonLat(surface.positions, radius);
  vd.indices = surface.indices;
  vd.applyToMesh(mesh, false);
  mesh.material = material;
  return finish(mesh);
}
