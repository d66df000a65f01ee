import { describe, expect, it } from 'vitest';
import {
  angularDistanceDeg,
  distanceToKm,
  easeInOutCubic,
  latLonToXyz,
  wrapLon,
  xyzToLatLon,
} from './geoMath';

describe('geoMath', () => {
  it('puts (0,0) on +z, east on +x and the north pole on +y', () => {
    const [x0, y0, z0] = latLonToXyz(0, 0, 1);
    expect([x0, y0, z0].map((v) => Math.round(v * 1e9) / 1e9)).toEqual([0, 0, 1]);
    const east = latLonToXyz(0, 90, 1);
    expect(east[0]).toBeCloseTo(1, 12);
    expect(latLonToXyz(90, 0, 1)[1]).toBeCloseTo(1, 12);
  });

  it('round-trips lat/lon through xyz', () => {
    for (let lat = -89; lat <= 89; lat += 7.3) {
      for (let lon = -179; lon <= 179; lon += 11.1) {
        const [x, y, z] = latLonToXyz(lat, lon, 200);
        const back = xyzToLatLon(x, y, z);
        expect(back.lat).toBeCloseTo(lat, 9);
        expect(back.lon).toBeCloseTo(lon, 9);
        expect(back.distance).toBeCloseTo(200, 9);
      }
    }
  });

  it('wraps longitudes into (-180, 180]', () => {
    expect(wrapLon(190)).toBe(-170);
    expect(wrapLon(-180)).toBe(180);
    expect(wrapLon(540)).toBe(180);
    expect(wrapLon(-725)).toBe(-5);
  });

  it('measures great-circle distance', () => {
    expect(angularDistanceDeg(0, 0, 0, 90)).toBeCloseTo(90, 9);
    expect(angularDistanceDeg(90, 0, -90, 0)).toBeCloseTo(180, 9);
  });

  it('uses the spec altitude formula', () => {
    expect(distanceToKm(600)).toBeCloseTo(400 * 31.855, 9);
  });

  it('eases in and out symmetrically', () => {
    expect(easeInOutCubic(0)).toBe(0);
    expect(easeInOutCubic(1)).toBe(1);
    expect(easeInOutCubic(0.5)).toBeCloseTo(0.5, 12);
    expect(easeInOutCubic(0.25) + easeInOutCubic(0.75)).toBeCloseTo(1, 12);
    expect(easeInOutCubic(2)).toBe(1);
  });
});
