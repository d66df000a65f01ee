import { describe, expect, it } from 'vitest';
import { buildShareQuery, buildShareUrl, parseShareParams, type ShareState } from './shareUrl';

describe('share URL', () => {
  it('needs both lat and lon for a camera; altitude defaults to 400', () => {
    expect(parseShareParams('?lat=10').camera).toBeNull();
    expect(parseShareParams('?lon=10').camera).toBeNull();
    expect(parseShareParams('?lat=abc&lon=1').camera).toBeNull();
    expect(parseShareParams('?lat=95&lon=1').camera).toBeNull();
    expect(parseShareParams('lat=48.85&lon=2.35').camera).toEqual({
      lat: 48.85,
      lon: 2.35,
      altitude: 400,
    });
    expect(parseShareParams('?lat=0&lon=0&altitude=750').camera?.altitude).toBe(750);
  });

  it('reads layers, time and article with their defaults', () => {
    const s = parseShareParams('?layers=grid,%20labels,,dayNight&time=7d&article=abc');
    expect(s.layers).toEqual(['grid', 'labels', 'dayNight']);
    expect(s.time).toBe('7d');
    expect(s.article).toBe('abc');
    const d = parseShareParams('');
    expect(d).toEqual({ camera: null, layers: [], time: '24h', article: null });
  });

  it('builds lat/lon with 4 decimals, a rounded altitude, and omits the defaults', () => {
    const s: ShareState = {
      camera: { lat: 48.856613, lon: -2.352222, altitude: 412.6 },
      layers: [],
      time: '24h',
      article: null,
    };
    expect(buildShareQuery(s)).toBe('?lat=48.8566&lon=-2.3522&altitude=413');
    expect(buildShareUrl('https://atlas.example/', s)).toBe(
      'https://atlas.example/app?lat=48.8566&lon=-2.3522&altitude=413',
    );
    expect(buildShareQuery({ camera: null, layers: [], time: '24h', article: null })).toBe('');
  });

  it('round-trips', () => {
    const s: ShareState = {
      camera: { lat: -33.8688, lon: 151.2093, altitude: 300 },
      layers: ['grid', 'timezones'],
      time: '1h',
      article: 'a b&c',
    };
    expect(parseShareParams(buildShareQuery(s))).toEqual(s);
    const url = new URL(buildShareUrl('http://x', s));
    expect(url.pathname).toBe('/app');
    expect(parseShareParams(url.search)).toEqual(s);
  });
});
