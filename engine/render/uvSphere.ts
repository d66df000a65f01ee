/**
 * A UV sphere as typed arrays: the same vertices, normals, UVs and triangles as Babylon's
 * `CreateSphereVertexData({ diameter: 2 * radius, segments })` (2 + segments latitude steps, twice
 * as many longitude steps, a seam column and pole rows repeated), built in one pass of plain
 * arithmetic. Babylon's builder makes two rotation matrices and several vectors per vertex: for
 * the ocean's 64 segments (8,911 vertices) that was ~14 ms of main thread, ~55 ms under 4x CPU
 * throttling, each time adaptive quality changed the ocean's segment count.
 */
export interface SphereArrays {
  positions: Float32Array;
  normals: Float32Array;
  uvs: Float32Array;
  indices: Uint16Array | Uint32Array;
}

export function uvSphere(radius: number, segments: number): SphereArrays {
  const seg = Math.max(1, Math.floor(segments));
  const zSteps = 2 + seg;
  const ySteps = 2 * zSteps;
  const columns = ySteps + 1;
  const vertexCount = (zSteps + 1) * columns;
  const positions = new Float32Array(vertexCount * 3);
  const normals = new Float32Array(vertexCount * 3);
  const uvs = new Float32Array(vertexCount * 2);
  const indexCount = zSteps * ySteps * 6;
  const indices = vertexCount > 0xffff ? new Uint32Array(indexCount) : new Uint16Array(indexCount);
  // Longitude terms are the same on every row.
  const cosY = new Float64Array(columns);
  const sinY = new Float64Array(columns);
  for (let y = 0; y <= ySteps; y++) {
    const angle = (y / ySteps) * Math.PI * 2;
    cosY[y] = Math.cos(angle);
    sinY[y] = Math.sin(angle);
  }
  let v = 0;
  let k = 0;
  for (let z = 0; z <= zSteps; z++) {
    const nz = z / zSteps;
    const angleZ = nz * Math.PI;
    const ring = Math.sin(angleZ);
    const up = Math.cos(angleZ);
    for (let y = 0; y <= ySteps; y++) {
      const x = ring * (cosY[y] as number);
      const w = -ring * (sinY[y] as number);
      positions[v * 3] = x * radius;
      positions[v * 3 + 1] = up * radius;
      positions[v * 3 + 2] = w * radius;
      normals[v * 3] = x;
      normals[v * 3 + 1] = up;
      normals[v * 3 + 2] = w;
      uvs[v * 2] = y / ySteps;
      uvs[v * 2 + 1] = nz;
      v++;
    }
    if (z > 0) {
      // The quads between the previous row and this one, two triangles each.
      const first = (z - 1) * columns;
      for (let i = first; i < first + ySteps; i++) {
        indices[k++] = i;
        indices[k++] = i + 1;
        indices[k++] = i + columns;
        indices[k++] = i + columns;
        indices[k++] = i + 1;
        indices[k++] = i + columns + 1;
      }
    }
  }
  return { positions, normals, uvs, indices };
}
