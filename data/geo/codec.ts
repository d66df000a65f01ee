/**
 * Compact binary codec for the globe's geo assets (`public/geo/*.bin`).
 *
 * Two kinds of asset share one container:
 * - line sets (coastline, borders, admin-1 lines, rivers): a list of polylines;
 * - polygon meshes (land, countries, lakes, urban areas): triangles pre-built at build time, with
 *   optional per-feature ranges, the original polygon rings (so GeoJSON can be rebuilt) and a
 *   small feature-property table.
 *
 * Coordinates are longitude/latitude in degrees (WGS84), quantised to int16 on a fixed grid:
 * `qLon = round(lon * 32767 / 180)`, `qLat = round(lat * 32767 / 90)`. The round-trip error is at
 * most half a grid step plus float32 rounding: {@link MAX_LON_ERROR_DEG} (0.00275 deg, about
 * 306 m at the equator) in longitude and {@link MAX_LAT_ERROR_DEG} (0.00138 deg, about 153 m) in
 * latitude. Consecutive vertices are delta-coded as zigzag LEB128 varints (1-2 bytes for most
 * deltas), which decodes in a tight loop without any allocation per vertex.
 *
 * Layout, little-endian:
 * ```
 * 0   u8[4]  magic "AGEO"
 * 4   u16    format version (GEO_FORMAT_VERSION)
 * 6   u8     kind: 1 = line set, 2 = polygon mesh
 * 7   u8     flags: bit 0 = feature table present, bit 1 = polygon rings present (mesh only)
 * 8   u32    total byte length of the asset (detects truncation up front)
 * 12  u32    vertex count
 * 16  u32    polyline count (line set) or index count (mesh, a multiple of 3)
 * 20  u32    feature count
 * 24  body
 * ```
 * Body, all LEB128 varints ("s" = zigzag-signed):
 * - line set: polyline vertex counts; vertex deltas (s lon, s lat per vertex, from 0,0);
 *   per feature: lineStart, lineCount.
 * - mesh: vertex deltas as above; index deltas (s, each from the previous index); per feature:
 *   vertexStart, vertexCount, indexStart, indexCount; if rings: per feature a polygon count, per
 *   polygon a ring count, per ring its start (relative to vertexStart) and vertex count.
 * - then, when there are features: byte length + UTF-8 JSON array of their properties.
 *
 * Decoding the 50m coastline (60k vertices, 131 KB) takes about 2 ms warm and 6-20 ms on the
 * first, unoptimised call in headless Chromium on a loaded 2-core machine.
 *
 * Pure TypeScript: only ArrayBuffer, DataView, typed arrays and TextEncoder/TextDecoder, so the
 * browser client, workers and the server can all import it.
 */

/** ASCII "AGEO": the first four bytes of every asset. */
export const GEO_MAGIC = 'AGEO';
/** Bumped on any incompatible change of the layout; decoders reject other versions. */
export const GEO_FORMAT_VERSION = 1;
/** Size of the fixed header in bytes. */
export const GEO_HEADER_BYTES = 24;

export const GEO_KIND_LINES = 1;
export const GEO_KIND_MESH = 2;
export type GeoAssetKind = typeof GEO_KIND_LINES | typeof GEO_KIND_MESH;

const FLAG_FEATURES = 1;
const FLAG_RINGS = 2;

/** Largest quantised magnitude: int16 without -32768 so the grid is symmetric about 0. */
const Q_MAX = 32767;
/** Degrees of longitude per quantisation step (0.005493 deg). */
export const LON_STEP_DEG = 180 / Q_MAX;
/** Degrees of latitude per quantisation step (0.002747 deg). */
export const LAT_STEP_DEG = 90 / Q_MAX;
/**
 * Float32 rounding of a decoded value of magnitude <= 180 deg: half an ulp at 128..256 is
 * 2^-17 deg (7.6e-6 deg). Added to the error bounds so they hold for the decoded Float32Array.
 */
const FLOAT32_ERROR_DEG = 2 ** -17;
/** Largest |decoded - original| longitude in degrees for in-range input. */
export const MAX_LON_ERROR_DEG = LON_STEP_DEG / 2 + FLOAT32_ERROR_DEG;
/** Largest |decoded - original| latitude in degrees for in-range input. */
export const MAX_LAT_ERROR_DEG = LAT_STEP_DEG / 2 + FLOAT32_ERROR_DEG;
/** Input may overshoot +-180 / +-90 by this much (float noise from clipping) and is clamped. */
const RANGE_SLACK_DEG = 1e-6;

/** Index buffers switch from Uint16 to Uint32 at this vertex count (WebGL's 16-bit limit). */
export const UINT16_INDEX_LIMIT = 65536;

/** Thrown for any malformed, truncated or unsupported asset. */
export class GeoCodecError extends Error {
  override name = 'GeoCodecError';
}

/** Per-feature properties (name, ISO codes...). Values are JSON scalars. */
export type GeoFeatureProperties = Readonly<Record<string, string | number | boolean | null>>;

/** A line-set feature: the polylines `[lineStart, lineStart + lineCount)` belong to it. */
export interface LineFeature {
  readonly lineStart: number;
  readonly lineCount: number;
  readonly properties: GeoFeatureProperties;
}

/**
 * A decoded line set.
 * - `positions`: interleaved `[lon0, lat0, lon1, lat1, ...]` in degrees (Float32, GPU-ready).
 * - `starts`: `lineCount + 1` vertex offsets; polyline `i` is vertices
 *   `starts[i] .. starts[i + 1] - 1` (so `starts[lineCount]` is the vertex count).
 * - `features`: optional named groups of consecutive polylines (empty when the asset has none).
 */
export interface LineSet {
  readonly positions: Float32Array;
  readonly starts: Uint32Array;
  readonly features: readonly LineFeature[];
}

/** A polygon ring as a range of mesh vertices; the ring is closed implicitly (last -> first). */
export interface RingRange {
  /** Absolute index of the ring's first vertex in the mesh. */
  readonly start: number;
  readonly count: number;
}

/** One polygon: `rings[0]` is the exterior, the rest are holes. */
export interface PolygonRings {
  readonly rings: readonly RingRange[];
}

/**
 * A mesh feature (e.g. one country): its vertices are `[vertexStart, vertexStart + vertexCount)`,
 * its triangles are `indices[indexStart .. indexStart + indexCount)`. `polygons` holds the source
 * polygon rings (only when the asset was built with rings; otherwise an empty array).
 */
export interface MeshFeature {
  readonly vertexStart: number;
  readonly vertexCount: number;
  readonly indexStart: number;
  readonly indexCount: number;
  readonly polygons: readonly PolygonRings[];
  readonly properties: GeoFeatureProperties;
}

/**
 * A decoded polygon mesh.
 * - `positions`: interleaved `[lon, lat, ...]` in degrees (Float32).
 * - `indices`: triangle list, 3 per triangle, counter-clockwise in the (east, north) plane, i.e.
 *   counter-clockwise seen from outside the globe. Uint16Array when the mesh has fewer than
 *   65536 vertices, else Uint32Array.
 * - `features`: per-feature ranges and properties (empty when the asset has none).
 */
export interface PolygonMesh {
  readonly positions: Float32Array;
  readonly indices: Uint16Array | Uint32Array;
  readonly features: readonly MeshFeature[];
}

/** Input to {@link encodeLineSet}. Positions in degrees, same layout as {@link LineSet}. */
export interface LineSetInput {
  readonly positions: ArrayLike<number>;
  readonly starts: ArrayLike<number>;
  readonly features?: readonly LineFeature[];
}

/** Input feature for {@link encodeMesh}; `polygons` may be omitted when rings are not stored. */
export interface MeshFeatureInput {
  readonly vertexStart: number;
  readonly vertexCount: number;
  readonly indexStart: number;
  readonly indexCount: number;
  readonly polygons?: readonly PolygonRings[];
  readonly properties: GeoFeatureProperties;
}

/** Input to {@link encodeMesh}. Positions in degrees, indices as in {@link PolygonMesh}. */
export interface MeshInput {
  readonly positions: ArrayLike<number>;
  readonly indices: ArrayLike<number>;
  readonly features?: readonly MeshFeatureInput[];
}

/** Header fields, readable without decoding the body (e.g. for a manifest or a size check). */
export interface GeoAssetHeader {
  readonly kind: GeoAssetKind;
  readonly version: number;
  readonly byteLength: number;
  readonly vertexCount: number;
  /** Polyline count (line set) or index count (mesh). */
  readonly primitiveCount: number;
  readonly featureCount: number;
  readonly hasRings: boolean;
}

// ---------------------------------------------------------------------------------------------
// Quantisation

function checkRange(value: number, limit: number, what: string): number {
  if (!Number.isFinite(value)) throw new RangeError(`${what} is not a finite number: ${value}`);
  if (value > limit + RANGE_SLACK_DEG || value < -limit - RANGE_SLACK_DEG) {
    throw new RangeError(`${what} ${value} is outside [-${limit}, ${limit}] degrees`);
  }
  return value;
}

/** Longitude in degrees [-180, 180] -> grid integer [-32767, 32767]. Throws on out-of-range. */
export function quantizeLon(lonDeg: number): number {
  const q = Math.round(checkRange(lonDeg, 180, 'longitude') / LON_STEP_DEG);
  return q > Q_MAX ? Q_MAX : q < -Q_MAX ? -Q_MAX : q;
}

/** Latitude in degrees [-90, 90] -> grid integer [-32767, 32767]. Throws on out-of-range. */
export function quantizeLat(latDeg: number): number {
  const q = Math.round(checkRange(latDeg, 90, 'latitude') / LAT_STEP_DEG);
  return q > Q_MAX ? Q_MAX : q < -Q_MAX ? -Q_MAX : q;
}

/** Grid integer -> longitude in degrees. */
export function dequantizeLon(q: number): number {
  return q * LON_STEP_DEG;
}

/** Grid integer -> latitude in degrees. */
export function dequantizeLat(q: number): number {
  return q * LAT_STEP_DEG;
}

/** Longitude snapped to the grid the codec stores (what a decoder will see, in float64). */
export function snapLon(lonDeg: number): number {
  return dequantizeLon(quantizeLon(lonDeg));
}

/** Latitude snapped to the grid the codec stores (what a decoder will see, in float64). */
export function snapLat(latDeg: number): number {
  return dequantizeLat(quantizeLat(latDeg));
}

// ---------------------------------------------------------------------------------------------
// Byte writer / reader

class ByteWriter {
  private buf = new Uint8Array(1024);
  private len = 0;

  private ensure(extra: number): void {
    if (this.len + extra <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.len + extra) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buf.subarray(0, this.len));
    this.buf = next;
  }

  bytes(data: Uint8Array): void {
    this.ensure(data.length);
    this.buf.set(data, this.len);
    this.len += data.length;
  }

  /** Unsigned LEB128, values 0 .. 2^32 - 1. */
  varint(value: number): void {
    if (!Number.isInteger(value) || value < 0 || value > 0xffffffff) {
      throw new RangeError(`varint out of range: ${value}`);
    }
    this.ensure(5);
    let v = value;
    while (v >= 0x80) {
      this.buf[this.len++] = (v & 0x7f) | 0x80;
      v = Math.floor(v / 128);
    }
    this.buf[this.len++] = v;
  }

  /** Zigzag-coded signed integer, |value| < 2^31. */
  svarint(value: number): void {
    this.varint(value >= 0 ? value * 2 : -value * 2 - 1);
  }

  finish(): Uint8Array {
    return this.buf.slice(0, this.len);
  }
}

class ByteReader {
  pos: number;
  constructor(
    readonly bytes: Uint8Array,
    start: number,
  ) {
    this.pos = start;
  }

  varint(): number {
    const b = this.bytes;
    let result = 0;
    let shift = 1;
    for (let i = 0; i < 5; i++) {
      if (this.pos >= b.length) throw new GeoCodecError('Geo asset is truncated (varint past end)');
      const byte = b[this.pos++] as number;
      result += (byte & 0x7f) * shift;
      if (byte < 0x80) return result;
      shift *= 128;
    }
    throw new GeoCodecError('Geo asset is corrupt (varint longer than 5 bytes)');
  }

  svarint(): number {
    const v = this.varint();
    return v % 2 === 0 ? v / 2 : -(v + 1) / 2;
  }

  take(count: number): Uint8Array {
    if (this.pos + count > this.bytes.length) {
      throw new GeoCodecError('Geo asset is truncated (section past end)');
    }
    const out = this.bytes.subarray(this.pos, this.pos + count);
    this.pos += count;
    return out;
  }
}

// ---------------------------------------------------------------------------------------------
// Shared sections

function writeHeader(
  body: Uint8Array,
  kind: GeoAssetKind,
  flags: number,
  vertexCount: number,
  primitiveCount: number,
  featureCount: number,
): ArrayBuffer {
  const total = GEO_HEADER_BYTES + body.length;
  const out = new ArrayBuffer(total);
  const view = new DataView(out);
  for (let i = 0; i < 4; i++) view.setUint8(i, GEO_MAGIC.charCodeAt(i));
  view.setUint16(4, GEO_FORMAT_VERSION, true);
  view.setUint8(6, kind);
  view.setUint8(7, flags);
  view.setUint32(8, total, true);
  view.setUint32(12, vertexCount, true);
  view.setUint32(16, primitiveCount, true);
  view.setUint32(20, featureCount, true);
  new Uint8Array(out, GEO_HEADER_BYTES).set(body);
  return out;
}

function toBytes(input: ArrayBuffer | ArrayBufferView): Uint8Array {
  if (input instanceof ArrayBuffer) return new Uint8Array(input);
  return new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
}

/**
 * Reads and validates the fixed header. Throws {@link GeoCodecError} on a wrong magic, an
 * unsupported version, an unknown kind or a byte length that does not match the buffer.
 */
export function readGeoHeader(input: ArrayBuffer | ArrayBufferView): GeoAssetHeader {
  const bytes = toBytes(input);
  if (bytes.length < GEO_HEADER_BYTES) {
    throw new GeoCodecError(
      `Geo asset is truncated: ${bytes.length} bytes, the header alone is ${GEO_HEADER_BYTES}`,
    );
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let magic = '';
  for (let i = 0; i < 4; i++) magic += String.fromCharCode(view.getUint8(i));
  if (magic !== GEO_MAGIC) {
    throw new GeoCodecError(`Not a geo asset: magic is ${JSON.stringify(magic)}, expected "AGEO"`);
  }
  const version = view.getUint16(4, true);
  if (version !== GEO_FORMAT_VERSION) {
    throw new GeoCodecError(
      `Unsupported geo asset version ${version} (this decoder reads version ${GEO_FORMAT_VERSION})`,
    );
  }
  const kind = view.getUint8(6);
  if (kind !== GEO_KIND_LINES && kind !== GEO_KIND_MESH) {
    throw new GeoCodecError(`Unknown geo asset kind ${kind}`);
  }
  const flags = view.getUint8(7);
  const byteLength = view.getUint32(8, true);
  if (byteLength !== bytes.length) {
    throw new GeoCodecError(
      byteLength > bytes.length
        ? `Geo asset is truncated: ${bytes.length} of ${byteLength} bytes`
        : `Geo asset has ${bytes.length - byteLength} trailing bytes after its ${byteLength} bytes`,
    );
  }
  return {
    kind,
    version,
    byteLength,
    vertexCount: view.getUint32(12, true),
    primitiveCount: view.getUint32(16, true),
    featureCount: view.getUint32(20, true),
    hasRings: (flags & FLAG_RINGS) !== 0,
  };
}

function checkFlags(bytes: Uint8Array, featureCount: number): number {
  const flags = bytes[7] as number;
  if ((flags & ~(FLAG_FEATURES | FLAG_RINGS)) !== 0) {
    throw new GeoCodecError(`Unknown geo asset flags 0x${flags.toString(16)}`);
  }
  if ((flags & FLAG_FEATURES) === 0 && featureCount !== 0) {
    throw new GeoCodecError('Geo asset is corrupt: features counted but no feature table');
  }
  return flags;
}

function writeVertices(w: ByteWriter, positions: ArrayLike<number>): number {
  if (positions.length % 2 !== 0) {
    throw new RangeError(`positions length ${positions.length} is not a multiple of 2`);
  }
  let prevLon = 0;
  let prevLat = 0;
  for (let i = 0; i < positions.length; i += 2) {
    const qLon = quantizeLon(positions[i] as number);
    const qLat = quantizeLat(positions[i + 1] as number);
    w.svarint(qLon - prevLon);
    w.svarint(qLat - prevLat);
    prevLon = qLon;
    prevLat = qLat;
  }
  return positions.length / 2;
}

/*
 * The two hot loops of every decode. The first decode of an asset runs before V8 has optimised
 * anything (coastline-50m: 120k varints), so they are written for the interpreter: one pass,
 * the 1-byte case on the fast path, no bounds check per element. Reading past the end yields
 * undefined, which decodes as 0 and ends a multi-byte varint, so running off a truncated buffer
 * is harmless and is detected once after the loop. Coordinates are not range-checked per vertex
 * (that alone cost 30% of the loop); the manifest's sha256 is the integrity check. Measured on
 * the 50m coastline with node --jitless: 30 ms for a two-pass version with per-element checks,
 * 13 ms for this one.
 */

/** Reads `vertexCount` zigzag-delta (lon, lat) pairs and scales them to degrees. */
function readVertices(r: ByteReader, vertexCount: number): Float32Array {
  const n = vertexCount * 2;
  const out = new Float32Array(n);
  const b = r.bytes;
  let pos = r.pos;
  let lon = 0;
  let lat = 0;
  let tooLong = false;
  for (let i = 0; i < n; i += 2) {
    let v = b[pos++] as number;
    if (v > 0x7f) {
      v &= 0x7f;
      let shift = 7;
      let byte: number;
      do {
        byte = b[pos++] as number;
        v |= (byte & 0x7f) << shift;
        shift += 7;
      } while (byte > 0x7f && shift < 35);
      if (byte > 0x7f) tooLong = true;
    }
    lon += (v >>> 1) ^ -(v & 1);
    v = b[pos++] as number;
    if (v > 0x7f) {
      v &= 0x7f;
      let shift = 7;
      let byte: number;
      do {
        byte = b[pos++] as number;
        v |= (byte & 0x7f) << shift;
        shift += 7;
      } while (byte > 0x7f && shift < 35);
      if (byte > 0x7f) tooLong = true;
    }
    lat += (v >>> 1) ^ -(v & 1);
    out[i] = lon * LON_STEP_DEG;
    out[i + 1] = lat * LAT_STEP_DEG;
  }
  if (pos > b.length) throw new GeoCodecError('Geo asset is truncated (vertices past end)');
  if (tooLong) throw new GeoCodecError('Geo asset is corrupt (vertex varint too long)');
  r.pos = pos;
  return out;
}

/** Reads `count` zigzag-delta triangle indices, each checked against the vertex count. */
function readIndices(r: ByteReader, count: number, vertexCount: number): Uint16Array | Uint32Array {
  const out = vertexCount < UINT16_INDEX_LIMIT ? new Uint16Array(count) : new Uint32Array(count);
  const b = r.bytes;
  let pos = r.pos;
  let idx = 0;
  let tooLong = false;
  for (let i = 0; i < count; i++) {
    let v = b[pos++] as number;
    if (v > 0x7f) {
      v &= 0x7f;
      let shift = 7;
      let byte: number;
      do {
        byte = b[pos++] as number;
        v |= (byte & 0x7f) << shift;
        shift += 7;
      } while (byte > 0x7f && shift < 35);
      if (byte > 0x7f) tooLong = true;
    }
    idx += (v >>> 1) ^ -(v & 1);
    // Unsigned compare: a negative index becomes huge and fails too.
    if (idx >>> 0 >= vertexCount) {
      if (pos > b.length) break;
      throw new GeoCodecError(`Geo asset is corrupt: index ${idx} outside [0, ${vertexCount})`);
    }
    out[i] = idx;
  }
  if (pos > b.length) throw new GeoCodecError('Geo asset is truncated (indices past end)');
  if (tooLong) throw new GeoCodecError('Geo asset is corrupt (index varint too long)');
  r.pos = pos;
  return out;
}

const textEncoder = new TextEncoder();
const textDecoder = new TextDecoder('utf-8', { fatal: true });

function writeProperties(w: ByteWriter, props: readonly GeoFeatureProperties[]): void {
  const json = textEncoder.encode(JSON.stringify(props));
  w.varint(json.length);
  w.bytes(json);
}

function readProperties(r: ByteReader, featureCount: number): GeoFeatureProperties[] {
  const len = r.varint();
  const raw = r.take(len);
  let parsed: unknown;
  try {
    parsed = JSON.parse(textDecoder.decode(raw));
  } catch (err) {
    throw new GeoCodecError(`Geo asset feature table is not valid JSON: ${String(err)}`);
  }
  if (!Array.isArray(parsed) || parsed.length !== featureCount) {
    throw new GeoCodecError('Geo asset feature table does not match the feature count');
  }
  for (const p of parsed as unknown[]) {
    if (typeof p !== 'object' || p === null || Array.isArray(p)) {
      throw new GeoCodecError('Geo asset feature table holds a non-object entry');
    }
  }
  return parsed as GeoFeatureProperties[];
}

function checkRangeWithin(start: number, count: number, total: number, what: string): void {
  if (!Number.isInteger(start) || !Number.isInteger(count) || start < 0 || count < 0) {
    throw new RangeError(`${what} range must be non-negative integers: ${start}+${count}`);
  }
  if (start + count > total) {
    throw new RangeError(`${what} range ${start}+${count} exceeds ${total}`);
  }
}

function expectEnd(r: ByteReader): void {
  if (r.pos !== r.bytes.length) {
    throw new GeoCodecError(
      `Geo asset is corrupt: body ended at byte ${r.pos} of ${r.bytes.length}`,
    );
  }
}

// ---------------------------------------------------------------------------------------------
// Line sets

/**
 * Encodes polylines. `positions` are `[lon, lat, ...]` in degrees; `starts` holds
 * `lineCount + 1` non-decreasing vertex offsets starting at 0 and ending at the vertex count.
 * Throws RangeError on malformed input or coordinates outside [-180, 180] x [-90, 90].
 */
export function encodeLineSet(input: LineSetInput): ArrayBuffer {
  const vertexCount = input.positions.length / 2;
  const starts = input.starts;
  if (starts.length < 1 || starts[0] !== 0 || starts[starts.length - 1] !== vertexCount) {
    throw new RangeError('starts must begin at 0 and end at the vertex count');
  }
  const lineCount = starts.length - 1;
  const features = input.features ?? [];
  const w = new ByteWriter();
  for (let i = 0; i < lineCount; i++) {
    const n = (starts[i + 1] as number) - (starts[i] as number);
    if (!(n >= 0)) throw new RangeError(`starts must not decrease (line ${i})`);
    w.varint(n);
  }
  writeVertices(w, input.positions);
  for (const f of features) {
    checkRangeWithin(f.lineStart, f.lineCount, lineCount, 'feature line');
    w.varint(f.lineStart);
    w.varint(f.lineCount);
  }
  if (features.length > 0)
    writeProperties(
      w,
      features.map((f) => f.properties),
    );
  const flags = features.length > 0 ? FLAG_FEATURES : 0;
  return writeHeader(w.finish(), GEO_KIND_LINES, flags, vertexCount, lineCount, features.length);
}

/**
 * Decodes a line set. Throws {@link GeoCodecError} on anything malformed (wrong magic/version,
 * truncated or trailing bytes, inconsistent counts).
 */
export function decodeLineSet(input: ArrayBuffer | ArrayBufferView): LineSet {
  const header = readGeoHeader(input);
  if (header.kind !== GEO_KIND_LINES) {
    throw new GeoCodecError('Geo asset is a polygon mesh, not a line set');
  }
  const bytes = toBytes(input);
  const flags = checkFlags(bytes, header.featureCount);
  if ((flags & FLAG_RINGS) !== 0) throw new GeoCodecError('Line set cannot carry rings');
  const r = new ByteReader(bytes, GEO_HEADER_BYTES);
  const lineCount = header.primitiveCount;
  // Every coded count and coordinate takes at least one byte: reject absurd counts early.
  if (lineCount > bytes.length || header.vertexCount * 2 > bytes.length) {
    throw new GeoCodecError('Geo asset is truncated (counts exceed the data)');
  }
  const starts = new Uint32Array(lineCount + 1);
  let total = 0;
  for (let i = 0; i < lineCount; i++) {
    total += r.varint();
    starts[i + 1] = total;
  }
  if (total !== header.vertexCount) {
    throw new GeoCodecError('Geo asset is corrupt: polyline lengths do not sum to vertex count');
  }
  const positions = readVertices(r, header.vertexCount);
  const ranges: [number, number][] = [];
  for (let i = 0; i < header.featureCount; i++) {
    const lineStart = r.varint();
    const count = r.varint();
    if (lineStart + count > lineCount) throw new GeoCodecError('Feature line range out of bounds');
    ranges.push([lineStart, count]);
  }
  const props = (flags & FLAG_FEATURES) !== 0 ? readProperties(r, header.featureCount) : [];
  expectEnd(r);
  const features = ranges.map(([lineStart, count], i): LineFeature => ({
    lineStart,
    lineCount: count,
    properties: props[i] ?? {},
  }));
  return { positions, starts, features };
}

// ---------------------------------------------------------------------------------------------
// Meshes

/**
 * Encodes a triangle mesh. Indices are coded as zigzag deltas from the previous index, which is
 * small for earcut output because it walks the ring order. Feature ranges and rings must lie
 * within the vertex/index arrays. Throws RangeError on malformed input.
 */
export function encodeMesh(input: MeshInput): ArrayBuffer {
  const vertexCount = input.positions.length / 2;
  const indices = input.indices;
  if (indices.length % 3 !== 0) {
    throw new RangeError(`index count ${indices.length} is not a multiple of 3`);
  }
  const features = input.features ?? [];
  const withRings = features.some((f) => f.polygons !== undefined);
  const w = new ByteWriter();
  writeVertices(w, input.positions);
  let prev = 0;
  for (let i = 0; i < indices.length; i++) {
    const idx = indices[i] as number;
    if (!Number.isInteger(idx) || idx < 0 || idx >= vertexCount) {
      throw new RangeError(`index ${idx} at ${i} is outside [0, ${vertexCount})`);
    }
    w.svarint(idx - prev);
    prev = idx;
  }
  for (const f of features) {
    checkRangeWithin(f.vertexStart, f.vertexCount, vertexCount, 'feature vertex');
    checkRangeWithin(f.indexStart, f.indexCount, indices.length, 'feature index');
    w.varint(f.vertexStart);
    w.varint(f.vertexCount);
    w.varint(f.indexStart);
    w.varint(f.indexCount);
  }
  if (withRings) {
    for (const f of features) {
      const polygons = f.polygons ?? [];
      w.varint(polygons.length);
      for (const p of polygons) {
        w.varint(p.rings.length);
        for (const ring of p.rings) {
          checkRangeWithin(ring.start, ring.count, vertexCount, 'ring');
          if (
            ring.start < f.vertexStart ||
            ring.start + ring.count > f.vertexStart + f.vertexCount
          ) {
            throw new RangeError('ring vertices must lie inside the feature vertex range');
          }
          w.varint(ring.start - f.vertexStart);
          w.varint(ring.count);
        }
      }
    }
  }
  if (features.length > 0)
    writeProperties(
      w,
      features.map((f) => f.properties),
    );
  const flags = (features.length > 0 ? FLAG_FEATURES : 0) | (withRings ? FLAG_RINGS : 0);
  return writeHeader(
    w.finish(),
    GEO_KIND_MESH,
    flags,
    vertexCount,
    indices.length,
    features.length,
  );
}

/**
 * Decodes a polygon mesh. Throws {@link GeoCodecError} on anything malformed, including indices
 * that point outside the vertex array.
 */
export function decodeMesh(input: ArrayBuffer | ArrayBufferView): PolygonMesh {
  const header = readGeoHeader(input);
  if (header.kind !== GEO_KIND_MESH) {
    throw new GeoCodecError('Geo asset is a line set, not a polygon mesh');
  }
  const bytes = toBytes(input);
  const flags = checkFlags(bytes, header.featureCount);
  const vertexCount = header.vertexCount;
  const indexCount = header.primitiveCount;
  if (indexCount % 3 !== 0) throw new GeoCodecError('Geo asset is corrupt: index count % 3 != 0');
  // Every coded index takes at least one byte: reject absurd counts before allocating.
  if (indexCount > bytes.length || vertexCount * 2 > bytes.length) {
    throw new GeoCodecError('Geo asset is truncated (counts exceed the data)');
  }
  const r = new ByteReader(bytes, GEO_HEADER_BYTES);
  const positions = readVertices(r, vertexCount);
  const indices = readIndices(r, indexCount, vertexCount);
  const ranges: [number, number, number, number][] = [];
  for (let i = 0; i < header.featureCount; i++) {
    const vs = r.varint();
    const vc = r.varint();
    const is = r.varint();
    const ic = r.varint();
    if (vs + vc > vertexCount || is + ic > indexCount) {
      throw new GeoCodecError('Feature range out of bounds');
    }
    ranges.push([vs, vc, is, ic]);
  }
  const polygonsByFeature: PolygonRings[][] = [];
  if ((flags & FLAG_RINGS) !== 0) {
    for (const [vs, vc] of ranges) {
      const polygons: PolygonRings[] = [];
      const polygonCount = r.varint();
      if (polygonCount > bytes.length)
        throw new GeoCodecError('Geo asset is corrupt (polygon count)');
      for (let p = 0; p < polygonCount; p++) {
        const ringCount = r.varint();
        if (ringCount > bytes.length) throw new GeoCodecError('Geo asset is corrupt (ring count)');
        const rings: RingRange[] = [];
        for (let k = 0; k < ringCount; k++) {
          const rel = r.varint();
          const count = r.varint();
          if (rel + count > vc) throw new GeoCodecError('Ring range outside its feature');
          rings.push({ start: vs + rel, count });
        }
        polygons.push({ rings });
      }
      polygonsByFeature.push(polygons);
    }
  }
  const props = (flags & FLAG_FEATURES) !== 0 ? readProperties(r, header.featureCount) : [];
  expectEnd(r);
  const features = ranges.map(([vertexStart, vc, indexStart, ic], i): MeshFeature => ({
    vertexStart,
    vertexCount: vc,
    indexStart,
    indexCount: ic,
    polygons: polygonsByFeature[i] ?? [],
    properties: props[i] ?? {},
  }));
  return { positions, indices, features };
}

/** A decoded asset of either kind, tagged for narrowing. */
export type DecodedGeoAsset =
  | { readonly kind: 'lines'; readonly lines: LineSet }
  | { readonly kind: 'mesh'; readonly mesh: PolygonMesh };

/** Decodes an asset whose kind is not known in advance (e.g. a loader keyed by manifest). */
export function decodeGeoAsset(input: ArrayBuffer | ArrayBufferView): DecodedGeoAsset {
  const header = readGeoHeader(input);
  return header.kind === GEO_KIND_LINES
    ? { kind: 'lines', lines: decodeLineSet(input) }
    : { kind: 'mesh', mesh: decodeMesh(input) };
}

/**
 * Index pairs for drawing a line set as GL line segments (`LINES` primitive) in one draw call:
 * polyline `v0 v1 v2` becomes `v0 v1, v1 v2`. Uint32 when the set has 65536+ vertices.
 */
export function lineSegmentIndices(starts: Uint32Array): Uint16Array | Uint32Array {
  const lineCount = starts.length - 1;
  const vertexCount = lineCount >= 0 ? (starts[lineCount] as number) : 0;
  let segments = 0;
  for (let i = 0; i < lineCount; i++) {
    const n = (starts[i + 1] as number) - (starts[i] as number);
    if (n > 1) segments += n - 1;
  }
  const out =
    vertexCount < UINT16_INDEX_LIMIT
      ? new Uint16Array(segments * 2)
      : new Uint32Array(segments * 2);
  let o = 0;
  for (let i = 0; i < lineCount; i++) {
    const end = starts[i + 1] as number;
    for (let v = (starts[i] as number) + 1; v < end; v++) {
      out[o++] = v - 1;
      out[o++] = v;
    }
  }
  return out;
}
