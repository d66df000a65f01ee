/**
 * Globe geometry from an encoded geo asset (data/geo/codec.ts): lon/lat projected onto a sphere,
 * with the indices to draw it (line segments or triangles). Pure, so it runs in the geo worker
 * (engine/render/geoWorker.ts) - decoding, projecting and indexing the 50m and 10m tiers cost
 * ~45 ms of main thread per tour at 1x CPU, ~5% of it - and on the main thread where workers are
 * missing.
 */
import { decodeLineSet, decodeMesh, lineSegmentIndices } from './codec';
import { latLonToXyzInto } from '../geoMath';

export type GeoGeometryKind = 'lines' | 'surface';

export interface GeoGeometry {
  /** xyz triples on the sphere. */
  positions: Float32Array;
  /** Line-segment pairs ('lines') or triangles ('surface'). */
  indices: Uint16Array | Uint32Array;
}

/** Projects lon/lat degree pairs onto a sphere of `radius` (xyz triples). */
export function projectLonLat(lonLat: Float32Array, radius: number): Float32Array {
  const n = lonLat.length / 2;
  const out = new Float32Array(n * 3);
  for (let i = 0; i < n; i++) {
    latLonToXyzInto(lonLat[i * 2 + 1] as number, lonLat[i * 2] as number, radius, out, i * 3);
  }
  return out;
}

/** Decodes an asset of `kind` and projects it onto a sphere of `radius`. Throws GeoCodecError on
 * a malformed or mismatched asset. */
export function geometryFromAsset(
  buffer: ArrayBuffer,
  kind: GeoGeometryKind,
  radius: number,
): GeoGeometry {
  if (kind === 'lines') {
    const lines = decodeLineSet(buffer);
    return {
      positions: projectLonLat(lines.positions, radius),
      indices: lineSegmentIndices(lines.starts),
    };
  }
  const mesh = decodeMesh(buffer);
  return { positions: projectLonLat(mesh.positions, radius), indices: mesh.indices };
}

/** Main thread -> geo worker. */
export interface GeoGeometryRequest {
  id: number;
  /** Absolute URL of the asset. */
  url: string;
  kind: GeoGeometryKind;
  radius: number;
}

/** Geo worker -> main thread. */
export type GeoGeometryResponse =
  { id: number; ok: true; geometry: GeoGeometry } | { id: number; ok: false; error: string };
