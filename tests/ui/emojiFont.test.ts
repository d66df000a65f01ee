/**
 * The bundled emoji font (public/fonts/atlas-emoji.ttf) is a subset: it must hold every emoji the
 * analysers can give an article, the marker styles fall back to, and the UI writes, and carry the
 * family name the stylesheet and the emoji atlas ask for.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CATEGORY_EMOJI as ANALYSIS_EMOJI,
  KEYWORD_EMOJI,
} from '../../server/analysis/lexicons/emoji';
import { DEFAULT_MARKER_EMOJI } from '../../server/http/articles/markers';
import { CATEGORY_EMOJI as MARKER_EMOJI, NEWSPAPER_EMOJI } from '../../data/markers/markerStyle';
import { EMOJI_FONT_FAMILY } from '../../engine/render/emojiAtlas';

const ROOT = path.resolve(import.meta.dirname, '../..');
const FONT = path.join(ROOT, 'public/fonts/atlas-emoji.ttf');

interface Tables {
  data: DataView;
  tables: Map<string, number>;
}

function tablesOf(buf: Buffer): Tables {
  const data = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  const count = data.getUint16(4);
  const tables = new Map<string, number>();
  for (let i = 0; i < count; i++) {
    const rec = 12 + i * 16;
    const tag = String.fromCharCode(...buf.subarray(rec, rec + 4));
    tables.set(tag, data.getUint32(rec + 8));
  }
  return { data, tables };
}

/** Code points mapped by the font's cmap (formats 4 and 12). */
function codePoints({ data, tables }: Tables): Set<number> {
  const cmap = tables.get('cmap');
  if (cmap === undefined) throw new Error('no cmap table');
  const out = new Set<number>();
  const n = data.getUint16(cmap + 2);
  for (let i = 0; i < n; i++) {
    const sub = cmap + data.getUint32(cmap + 4 + i * 8 + 4);
    const format = data.getUint16(sub);
    if (format === 12) {
      const groups = data.getUint32(sub + 12);
      for (let g = 0; g < groups; g++) {
        const start = data.getUint32(sub + 16 + g * 12);
        const end = data.getUint32(sub + 16 + g * 12 + 4);
        for (let c = start; c <= end; c++) out.add(c);
      }
    } else if (format === 4) {
      const segs = data.getUint16(sub + 6) / 2;
      for (let s = 0; s < segs; s++) {
        const end = data.getUint16(sub + 14 + s * 2);
        const start = data.getUint16(sub + 16 + segs * 2 + s * 2);
        for (let c = start; c <= end && c !== 0xffff; c++) out.add(c);
      }
    }
  }
  return out;
}

/** Family names (name id 1) in the Windows Unicode records. */
function familyNames({ data, tables }: Tables): string[] {
  const name = tables.get('name');
  if (name === undefined) throw new Error('no name table');
  const count = data.getUint16(name + 2);
  const strings = name + data.getUint16(name + 4);
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const rec = name + 6 + i * 12;
    if (data.getUint16(rec) !== 3 || data.getUint16(rec + 6) !== 1) continue;
    const len = data.getUint16(rec + 8);
    const off = strings + data.getUint16(rec + 10);
    let s = '';
    for (let k = 0; k < len; k += 2) s += String.fromCharCode(data.getUint16(off + k));
    out.push(s);
  }
  return out;
}

/** The emoji of a string, as their first code points (variation selectors dropped). */
function emojiIn(text: string): number[] {
  const out: number[] = [];
  for (const ch of text) {
    const c = ch.codePointAt(0) ?? 0;
    if (c >= 0x1f300 || (c >= 0x2600 && c <= 0x27bf && c !== 0x2713 && c !== 0x2714)) out.push(c);
  }
  return out;
}

function filesUnder(dir: string, ext: RegExp): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) out.push(...filesUnder(p, ext));
    else if (ext.test(name) && !name.includes('.test.')) out.push(p);
  }
  return out;
}

const font = tablesOf(readFileSync(FONT));
const covered = codePoints(font);
const hex = (c: number): string => `U+${c.toString(16).toUpperCase()} ${String.fromCodePoint(c)}`;

describe('the bundled emoji font', () => {
  it('is the family the stylesheet declares and the emoji atlas asks for', () => {
    expect(familyNames(font)).toContain(EMOJI_FONT_FAMILY);
    const css = readFileSync(path.join(ROOT, 'ui/styles.css'), 'utf8');
    const face = /@font-face\s*{[^}]*}/.exec(css)?.[0] ?? '';
    expect(face).toContain(`font-family: '${EMOJI_FONT_FAMILY}'`);
    expect(face).toContain("url('/fonts/atlas-emoji.ttf')");
    expect(css).toMatch(new RegExp(`font-family:\\s*'${EMOJI_FONT_FAMILY}',`));
  });

  it('holds every emoji the analysers and marker styles can give an article', () => {
    const data = [
      ...Object.values(ANALYSIS_EMOJI),
      ...KEYWORD_EMOJI.values(),
      ...Object.values(MARKER_EMOJI),
      NEWSPAPER_EMOJI,
      DEFAULT_MARKER_EMOJI,
    ];
    expect(data.length).toBeGreaterThan(20);
    const missing = data.flatMap(emojiIn).filter((c) => !covered.has(c));
    expect(missing.map(hex)).toEqual([]);
  });

  it('holds every emoji the UI writes', () => {
    const used = filesUnder(path.join(ROOT, 'ui'), /\.tsx?$/).flatMap((f) =>
      emojiIn(readFileSync(f, 'utf8')),
    );
    expect(used.length).toBeGreaterThan(0);
    expect([...new Set(used)].filter((c) => !covered.has(c)).map(hex)).toEqual([]);
  });

  it('is a subset, not the whole 10 MB font', () => {
    expect(statSync(FONT).size).toBeLessThan(400_000);
    expect(covered.size).toBeLessThan(200);
  });
});
