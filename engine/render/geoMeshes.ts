/**
 * Builds merged Babylon meshes from decoded geo assets: one mesh (one draw call) per layer and LOD,
 * never one per feature.
 */
import type { ShaderMaterial } from '@babylonjs/core/Materials/shaderMaterial';
import { Mesh } from '@babylonjs/core/Meshes/mesh';
import { VertexData } from '@babylonjs/core/Meshes/mesh.vertexData';
import type { Scene } from '@babylonjs/core/scene';
import type { GeoGeometry } from '../../data/geo/geometry';

function finish(mesh: Mesh): Mesh {
  mesh.isPickable = false;
  // Geo meshes wrap the whole sphere: their bounding boxes are always in view, skip the tests.
  mesh.alwaysSelectAsActiveMesh = true;
  mesh.freezeWorldMatrix();
  mesh.doNotSyncBoundingInfo = true;
  return mesh;
}

/** One merged mesh (line segments or triangles, by the material's fill mode) from prepared
 * geometry (data/geo/geometry.ts). */
export function buildGeoMesh(
  scene: Scene,
  name: string,
  geometry: GeoGeometry,
  material: ShaderMaterial,
): Mesh {
  const mesh = new Mesh(name, scene);
  const vd = new VertexData();
  vd.positions = geometry.positions;
  vd.indices = geometry.indices;
  vd.applyToMesh(mesh, false);
  mesh.material = material;
  return finish(mesh);
}
