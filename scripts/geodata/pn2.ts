/**
 * Reader for Marble's PN2 vector files (version 2), written from the format notes in
 * shared/GEODATA.md and checked against the Natural Earth files shipped in Debian's
 * `marble-qt-data` (every file ends exactly at its last byte).
 *
 * Layout, big-endian:
 * ```
 * u8 version (= 2), u32 part count, u8 hasColor
 * record*: u8 flag, u32 feature id, [u8 color: only when hasColor and the id changed]
 *   flag 0 line | 1 ring | 2 outer ring | 3 inner ring of the previous polygon:
 *     u32 nAbs, nAbs nodes
 *   flag 4 multi-part: u8 m, then m times (u8 flag, u32 id, u32 nAbs, nAbs nodes)
 * node: i16 lat, i16 lon, i16 nRel, nRel times (i8 dlat, i8 dlon) relative to that node
 * ```
 * Coordinates are in 1/120 degree. The header's count is the number of parts (lines and rings),
 * counting each part of a multi-part record, not the number of records.
 */

/** PN2 coordinates are in units of 1/120 degree. */
export const PN2_UNITS_PER_DEG = 120;
/** The only version this reader understands. */
export const PN2_VERSION = 2;

export const PN2_FLAG_LINE = 0;
export const PN2_FLAG_RING = 1;
export const PN2_FLAG_OUTER = 2;
export const PN2_FLAG_INNER = 3;
export const PN2_FLAG_MULTI = 4;

/** One line or ring; `points` are `[lon, lat]` in degrees, in file order. */
export interface Pn2Part {
  /** 0 line, 1 ring, 2 outer ring, 3 inner ring of the previous outer ring. */
  readonly flag: number;
  /** Feature id as stored (the record's id for simple records, the part's own for multi-part). */
  readonly id: number;
  /** Index of the top-level record the part came from (parts of one multi-part record share it). */
  readonly record: number;
  readonly points: [number, number][];
}

export interface Pn2File {
  readonly version: number;
  readonly hasColor: boolean;
  readonly parts: Pn2Part[];
}

export class Pn2Error extends Error {
  override name = 'Pn2Error';
}

/** Parses a PN2 file. Throws {@link Pn2Error} unless the data ends exactly at the last part. */
export function readPn2(input: Uint8Array): Pn2File {
  const view = new DataView(input.buffer, input.byteOffset, input.byteLength);
  let pos = 0;
  const need = (n: number, what: string): void => {
    if (pos + n > input.byteLength) {
      throw new Pn2Error(`PN2 truncated: ${what} at byte ${pos} needs ${n} of ${input.byteLength}`);
    }
  };
  const u8 = (what: string): number => {
    need(1, what);
    return view.getUint8(pos++);
  };
  const u32 = (what: string): number => {
    need(4, what);
    const v = view.getUint32(pos, false);
    pos += 4;
    return v;
  };

  const version = u8('version');
  if (version !== PN2_VERSION) throw new Pn2Error(`Unsupported PN2 version ${version}`);
  const partCount = u32('part count');
  const hasColorByte = u8('hasColor');
  if (hasColorByte > 1) throw new Pn2Error(`PN2 hasColor byte is ${hasColorByte}, expected 0 or 1`);
  const hasColor = hasColorByte === 1;

  const readNodes = (count: number): [number, number][] => {
    const points: [number, number][] = [];
    for (let i = 0; i < count; i++) {
      need(6, 'node');
      const lat = view.getInt16(pos, false);
      const lon = view.getInt16(pos + 2, false);
      const nRel = view.getInt16(pos + 4, false);
      pos += 6;
      if (nRel < 0) throw new Pn2Error(`PN2 negative relative node count at byte ${pos - 2}`);
      points.push([lon / PN2_UNITS_PER_DEG, lat / PN2_UNITS_PER_DEG]);
      need(2 * nRel, 'relative nodes');
      for (let k = 0; k < nRel; k++) {
        const dLat = view.getInt8(pos);
        const dLon = view.getInt8(pos + 1);
        pos += 2;
        points.push([(lon + dLon) / PN2_UNITS_PER_DEG, (lat + dLat) / PN2_UNITS_PER_DEG]);
      }
    }
    return points;
  };

  const parts: Pn2Part[] = [];
  let prevId = -1;
  let record = 0;
  while (parts.length < partCount) {
    const flag = u8('record flag');
    const id = u32('record id');
    if (hasColor && id !== prevId) u8('color');
    prevId = id;
    if (flag <= PN2_FLAG_INNER) {
      const n = u32('node count');
      parts.push({ flag, id, record, points: readNodes(n) });
    } else if (flag === PN2_FLAG_MULTI) {
      const m = u8('part count');
      for (let k = 0; k < m; k++) {
        const subFlag = u8('part flag');
        if (subFlag > PN2_FLAG_INNER) {
          throw new Pn2Error(`PN2 multi-part holds flag ${subFlag} at byte ${pos - 1}`);
        }
        const subId = u32('part id');
        const n = u32('node count');
        parts.push({ flag: subFlag, id: subId, record, points: readNodes(n) });
      }
    } else {
      throw new Pn2Error(`PN2 unknown record flag ${flag} at byte ${pos - 5}`);
    }
    record++;
  }
  if (parts.length !== partCount) {
    throw new Pn2Error(`PN2 header counts ${partCount} parts but records hold ${parts.length}`);
  }
  if (pos !== input.byteLength) {
    throw new Pn2Error(`PN2 has ${input.byteLength - pos} unread bytes after ${partCount} parts`);
  }
  return { version, hasColor, parts };
}

/** A polygon from PN2 parts: `[outer, ...holes]`, points `[lon, lat]` in degrees. */
export interface Pn2Polygon {
  readonly record: number;
  readonly rings: [number, number][][];
}

/**
 * Groups ring parts into polygons: flags 1 and 2 start a polygon, flag 3 adds a hole to the
 * latest one. Line parts are ignored.
 */
export function pn2Polygons(file: Pn2File): Pn2Polygon[] {
  const polygons: Pn2Polygon[] = [];
  for (const part of file.parts) {
    if (part.flag === PN2_FLAG_RING || part.flag === PN2_FLAG_OUTER) {
      polygons.push({ record: part.record, rings: [part.points] });
    } else if (part.flag === PN2_FLAG_INNER) {
      const last = polygons[polygons.length - 1];
      if (last === undefined) throw new Pn2Error('PN2 inner ring before any outer ring');
      last.rings.push(part.points);
    }
  }
  return polygons;
}
