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

/** A file of a tier that could not be loaded (the others were). */
export interface FailedGeoLayer {
  layer: LayerName;
  error: unknown;
}

export interface GeoLodResult {
  layers: LoadedGeoLayer[];
  failed: FailedGeoLayer[];
}

/** The layers of a tier: the 10m tier has no land fill. */
export function geoLodLayers(lod: number): LayerName[] {
  return lod === LOD_10M ? ['coastline', 'borders'] : ['land', 'coastline', 'borders'];
}

/**
 * Loads a tier's files independently (issue #32: every load can fail alone): a file that fails
 * is returned in `failed` and the others are still built. `only` limits the load to some layers
 * (a retry of the failed ones).
 *
 * The 10m tier has coastline and borders only: the land fill keeps its 50m mesh close up (a 10m
 * fill would be ~400k vertices for edges the lines already draw).
 */
export async function loadGeoLod(
  scene: Scene,
  baseUrl: string,
  lod: number,
  only?: ReadonlySet<LayerName>,
): Promise<GeoLodResult> {
  const res = GEO_TIER_NAMES[lod] ?? GEO_TIER_NAMES[LOD_50M];
  const wanted = geoLodLayers(lod).filter((l) => only === undefined || only.has(l));
  // Fetched, decoded and projected in the geo worker; only the meshes are built here.
  const settled = await Promise.allSettled(
    wanted.map((layer) =>
      layer === 'land'
        ? fetchGeometry(`${baseUrl}/geo/land-${res}.bin`, 'surface', LAND_RADIUS)
        : layer === 'coastline'
          ? fetchGeometry(`${baseUrl}/geo/coastline-${res}.bin`, 'lines', COAST_RADIUS)
          : fetchGeometry(`${baseUrl}/geo/borders-${res}.bin`, 'lines', BORDER_RADIUS),
    ),
  );
  const result: GeoLodResult = { layers: [], failed: [] };
  settled.forEach((outcome, i) => {
    const layer = wanted[i] as LayerName;
    if (outcome.status === 'rejected') {
      result.failed.push({ layer, error: outcome.reason });
      return;
    }
    const geometry = outcome.value;
    if (layer === 'coastline') {
      result.layers.push({
        layer,
        mesh: buildGeoMesh(
          scene,
          `coastline-${res}`,
          geometry,
          lineMaterial(`coastMat-${res}`, scene, Color3.FromHexString('#8fd3ff'), 0.85),
        ),
      });
    } else if (layer === 'borders') {
      result.layers.push({
        layer,
        mesh: buildGeoMesh(
          scene,
          `borders-${res}`,
          geometry,
          lineMaterial(`borderMat-${res}`, scene, Color3.FromHexString('#f4d58d'), 0.55),
        ),
      });
    } else {
      const landMat = surfaceMaterial(`landMat-${res}`, scene, {
        color: Color3.FromHexString('#2f5d46'),
        rimColor: Color3.FromHexString('#5fa88a'),
        ambient: 0.4,
        rimStrength: 0.25,
      });
      // Triangles are counter-clockwise seen from outside (data/geo/codec.ts): cull the back
      // faces, which halves the land's rasterisation cost under SwiftShader.
      landMat.backFaceCulling = true;
      landMat.sideOrientation = Material.CounterClockWiseSideOrientation;
      result.layers.push({ layer, mesh: buildGeoMesh(scene, `land-${res}`, geometry, landMat) });
    }
  });
  return result;
}
