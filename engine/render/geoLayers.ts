/**
 * Loads one level of detail of the geo layers (land fill, coastline, borders) from the compact
 * assets in public/geo and turns each into one merged mesh.
 */
import { Material } from '@babylonjs/core/Materials/material';
import { Color3 } from '@babylonjs/core/Maths/math.color';
import type { Mesh } from '@babylonjs/core/Meshes/mesh';
import type { Scene } from '@babylonjs/core/scene';
import { GLOBE_RADIUS } from '../../data/geoMath';
import type { LayerName } from '../layers';
import { GEO_TIER_NAMES, LOD_10M, LOD_50M } from '../world';
import { fetchGeometry } from './geoAssets';
import { buildGeoMesh } from './geoMeshes';
import { lineMaterial, surfaceMaterial } from './materials';

/** Radii above the ocean (scene units) so fills and lines never z-fight with what is below. */
export const LAND_RADIUS = GLOBE_RADIUS + 0.12;
export const COAST_RADIUS = GLOBE_RADIUS + 0.3;
export const BORDER_RADIUS = GLOBE_RADIUS + 0.32;

export interface LoadedGeoLayer {
  layer: LayerName;
  mesh: Mesh;
}

/**
 * The 10m tier has coastline and borders only: the land fill keeps its 50m mesh close up (a 10m
 * fill would be ~400k vertices for edges the lines already draw).
 */
export async function loadGeoLod(
  scene: Scene,
  baseUrl: string,
  lod: number,
): Promise<LoadedGeoLayer[]> {
  const res = GEO_TIER_NAMES[lod] ?? GEO_TIER_NAMES[LOD_50M];
  // Fetched, decoded and projected in the geo worker; only the meshes are built here.
  const [coast, borders, land] = await Promise.all([
    fetchGeometry(`${baseUrl}/geo/coastline-${res}.bin`, 'lines', COAST_RADIUS),
    fetchGeometry(`${baseUrl}/geo/borders-${res}.bin`, 'lines', BORDER_RADIUS),
    lod === LOD_10M
      ? null
      : fetchGeometry(`${baseUrl}/geo/land-${res}.bin`, 'surface', LAND_RADIUS),
  ]);
  const lines: LoadedGeoLayer[] = [
    {
      layer: 'coastline',
      mesh: buildGeoMesh(
        scene,
        `coastline-${res}`,
        coast,
        lineMaterial(`coastMat-${res}`, scene, Color3.FromHexString('#8fd3ff'), 0.85),
      ),
    },
    {
      layer: 'borders',
      mesh: buildGeoMesh(
        scene,
        `borders-${res}`,
        borders,
        lineMaterial(`borderMat-${res}`, scene, Color3.FromHexString('#f4d58d'), 0.55),
      ),
    },
  ];
  if (land === null) return lines;
  const landMat = surfaceMaterial(`landMat-${res}`, scene, {
    color: Color3.FromHexString('#2f5d46'),
    rimColor: Color3.FromHexString('#5fa88a'),
    ambient: 0.4,
    rimStrength: 0.25,
  });
  // Triangles are counter-clockwise seen from outside (data/geo/codec.ts): cull the back faces,
  // which halves the land's rasterisation cost under SwiftShader.
  landMat.backFaceCulling = true;
  landMat.sideOrientation = Material.CounterClockWiseSideOrientation;
  return [{ layer: 'land', mesh: buildGeoMesh(scene, `land-${res}`, land, landMat) }, ...lines];
}
