import { describe, expect, it } from 'vitest';
import { resolveArticleLocation, validPoint } from './articleLocation';

describe('resolveArticleLocation', () => {
  it('prefers the AI primary location given as [lon, lat]', () => {
    const a = {
      latitude: 1,
      longitude: 2,
      v6Analysis: {
        geographicAnalysis: { data: { primaryLocation: { coordinates: [2.35, 48.85] } } },
      },
    };
    expect(resolveArticleLocation(a)).toEqual({ lat: 48.85, lon: 2.35 });
  });

  it('falls back to the criteria branch and to v4 coordinates', () => {
    expect(
      resolveArticleLocation({
        v6Analysis: { geographicAnalysis: { criteria: { primaryLocation: { lat: 10, lon: 20 } } } },
      }),
    ).toEqual({ lat: 10, lon: 20 });
    expect(
      resolveArticleLocation({
        v4Analysis: {
          criteria: {
            geographicAnalysis: {
              primaryLocation: { coordinates: { latitude: -5, longitude: 7 } },
            },
          },
        },
      }),
    ).toEqual({ lat: -5, lon: 7 });
  });

  it('then uses numeric latitude/longitude, then the location object', () => {
    expect(resolveArticleLocation({ latitude: 35.7, longitude: 139.7 })).toEqual({
      lat: 35.7,
      lon: 139.7,
    });
    expect(resolveArticleLocation({ location: { lat: 1, lng: 2 } })).toEqual({ lat: 1, lon: 2 });
    expect(resolveArticleLocation({ location: { latitude: 3, longitude: 4 } })).toEqual({
      lat: 3,
      lon: 4,
    });
    expect(resolveArticleLocation({ latitude: 'x', location: { lat: 1, lon: 2 } })).toEqual({
      lat: 1,
      lon: 2,
    });
  });

  it('drops articles without a valid place', () => {
    expect(resolveArticleLocation({ title: 'x' })).toBeNull();
    expect(resolveArticleLocation({ latitude: NaN, longitude: 0 })).toBeNull();
    expect(resolveArticleLocation({ latitude: 91, longitude: 0 })).toBeNull();
    expect(resolveArticleLocation({ latitude: 0, longitude: -181 })).toBeNull();
    expect(resolveArticleLocation({ location: 'Paris' })).toBeNull();
    expect(resolveArticleLocation(null)).toBeNull();
    expect(resolveArticleLocation([1, 2])).toBeNull();
  });

  it('accepts the exact bounds', () => {
    expect(validPoint(-90, 180)).toEqual({ lat: -90, lon: 180 });
    expect(validPoint(90, -180)).toEqual({ lat: 90, lon: -180 });
  });
});
