/** Saved regions in words (/account's chips and alert rows). */
import { parseBox } from '../../data/alertMatch';

/** A saved box as words: 'Area 42.1° N to 53.0° N, 3.6° W to 26.8° E'. */
export function boxLabel(text: string): string | null {
  const b = parseBox(text);
  if (b === null) return null;
  const lat = (v: number): string => `${Math.abs(v).toFixed(1)}° ${v < 0 ? 'S' : 'N'}`;
  const lon = (v: number): string => `${Math.abs(v).toFixed(1)}° ${v < 0 ? 'W' : 'E'}`;
  return `Area ${lat(b.south)} to ${lat(b.north)}, ${lon(b.west)} to ${lon(b.east)}`;
}

/** A saved region as shown: a box in words, anything else as typed. */
export function regionLabel(text: string): string {
  return boxLabel(text) ?? text;
}
