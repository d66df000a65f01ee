/** Fetches and decodes the compact geo assets (public/geo, see data/geo/codec.ts). */
import { decodeLineSet, decodeMesh, type LineSet, type PolygonMesh } from '../../data/geo/codec';

async function fetchBuffer(url: string): Promise<ArrayBuffer> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`HTTP error! status: ${res.status} (${url})`);
  return res.arrayBuffer();
}

export async function fetchLineSet(url: string): Promise<LineSet> {
  return decodeLineSet(await fetchBuffer(url));
}

export async function fetchSurface(url: string): Promise<PolygonMesh> {
  return decodeMesh(await fetchBuffer(url));
}
