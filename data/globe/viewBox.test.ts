import { describe, expect, it } from 'vitest';
import { inBox, parseBox } from '../alertMatch';
import { boxText, visibleBox } from './viewBox';

const FOV_45 = Math.PI / 4;

describe('visibleBox', () => {
  it('a close view of Bavaria: a small box around the centre, roughly as wide as the screen', () => {
    const box = visibleBox({ lat: 48.1, lon: 11.6, distance: 240 }, FOV_45, 16 / 9);
    expect(box).not.toBeNull();
    if (box === null) return;
    expect(inBox(box, 48.1, 11.6)).toBe(true);
    // 40 units above the surface at 45 degrees: about 33 units of screen height, ~9.5 degrees.
    expect(box.north - box.south).toBeGreaterThan(7);
    expect(box.north - box.south).toBeLessThan(13);
    // Wider than tall (16:9), and wider still in longitude at 48 degrees north.
    expect(box.east - box.west).toBeGreaterThan((box.north - box.south) * 1.7);
    expect(inBox(box, 55.7, 12.6)).toBe(false); // Copenhagen
    expect(inBox(box, 38.7, -9.1)).toBe(false); // Lisbon
    expect(inBox(box, 30.0, 31.2)).toBe(false); // Cairo
    expect(inBox(box, 35.7, 139.7)).toBe(false); // Tokyo
  });

  it('a far view shows the whole disc: about 90 degrees each way, a pole opens every longitude', () => {
    const equator = visibleBox({ lat: 0, lon: 0, distance: 2000 }, FOV_45, 1);
    expect(equator).not.toBeNull();
    if (equator === null) return;
    // The horizon from 2000 units: acos(200 / 2000) = 84.3 degrees from the centre.
    expect(equator.north).toBeCloseTo(84.3, 0);
    expect(equator.south).toBeCloseTo(-84.3, 0);
    expect(equator.west).toBeCloseTo(-84.3, 0);
    expect(equator.east).toBeCloseTo(84.3, 0);
    const arctic = visibleBox({ lat: 70, lon: 30, distance: 1200 }, FOV_45, 1);
    expect(arctic).toMatchObject({ north: 90, west: -180, east: 180 });
    expect(arctic?.south).toBeLessThan(0);
  });

  it('crosses the antimeridian (west > east) and round-trips as a saved region', () => {
    const box = visibleBox({ lat: -17, lon: 179, distance: 300 }, FOV_45, 1.5);
    expect(box).not.toBeNull();
    if (box === null) return;
    expect(box.west).toBeGreaterThan(box.east);
    expect(inBox(box, -17.7, 178.4)).toBe(true); // Suva
    expect(inBox(box, -17, -179)).toBe(true);
    expect(inBox(box, -17, 150)).toBe(false);
    const text = boxText(box);
    expect(text).toMatch(/^-?\d+\.\d,-?\d+\.\d,-?\d+\.\d,-?\d+\.\d$/);
    expect(parseBox(text)).toEqual(box);
  });

  it('refuses a camera inside the globe or bad numbers', () => {
    expect(visibleBox({ lat: 0, lon: 0, distance: 150 }, FOV_45, 1)).toBeNull();
    expect(visibleBox({ lat: Number.NaN, lon: 0, distance: 500 }, FOV_45, 1)).toBeNull();
    expect(visibleBox({ lat: 0, lon: 0, distance: 500 }, FOV_45, 0)).toBeNull();
  });
});
