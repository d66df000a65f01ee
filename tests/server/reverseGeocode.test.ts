/**
 * The offline reverse geocoder (server/geocode/reverse.ts) on the real gazetteer, and its route
 * on a real server on 127.0.0.1.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReverseGeocoder, sharedGazetteer } from '../../server/geocode/reverse';
import { registerReverseGeocodeRoutes } from '../../server/http/reverseGeocodeRoutes';

const geocoder = createReverseGeocoder(sharedGazetteer());

describe('reverse geocoder', () => {
  // Known coordinates -> the place a reader expects, with region and country.
  const cases: [number, number, string, string, string | null][] = [
    [48.8566, 2.3522, 'Paris', 'FR', 'Île-de-France'],
    [-33.8688, 151.2093, 'Sydney', 'AU', 'New South Wales'],
    [35.6762, 139.6503, 'Tokyo', 'JP', 'Tokyo'],
    [40.7128, -74.006, 'New York City', 'US', 'New York'],
    [-1.2921, 36.8219, 'Nairobi', 'KE', 'Nairobi County'],
    [44.2312, -76.486, 'Kingston', 'CA', 'Ontario'],
    [17.997, -76.7936, 'Kingston', 'JM', null],
  ];
  for (const [lat, lon, name, cc, admin1] of cases) {
    it(`names ${lat}, ${lon} as ${name} (${cc})`, () => {
      const place = geocoder.reverse(lat, lon);
      expect(place).not.toBeNull();
      expect(place?.name).toBe(name);
      expect(place?.countryCode).toBe(cc);
      if (admin1 !== null) expect(place?.admin1).toBe(admin1);
      expect(place?.distanceKm).toBeLessThan(30);
    });
  }

  it('prefers the city to a tiny place a little closer (a point in a suburb)', () => {
    // 8 km west of central Paris, among communes of a few thousand people.
    const place = geocoder.reverse(48.86, 2.24);
    expect(place?.population).toBeGreaterThan(100_000);
  });

  it('finds nothing in the open ocean within the default reach', () => {
    expect(geocoder.reverse(-40, -130)).toBeNull();
  });

  it('answers across the antimeridian', () => {
    const place = geocoder.reverse(-18.14, 178.44); // Suva, Fiji
    expect(place?.countryCode).toBe('FJ');
  });
});

describe('GET /api/geo/reverse', () => {
  let app: FastifyInstance;
  let base: string;

  beforeAll(async () => {
    app = Fastify({ logger: false });
    registerReverseGeocodeRoutes(app, { geocoder: () => geocoder });
    base = await app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers a place with region and country', async () => {
    const res = await fetch(`${base}/api/geo/reverse?lat=51.5074&lon=-0.1278`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { name: string; countryCode: string; country: string };
    expect(body.name).toBe('London');
    expect(body.countryCode).toBe('GB');
    expect(body.country).toBe('United Kingdom');
  });

  it('is 404 with a message where no place is near', async () => {
    const res = await fetch(`${base}/api/geo/reverse?lat=-40&lon=-130`);
    expect(res.status).toBe(404);
    const body = (await res.json()) as { message: string };
    expect(body.message).toMatch(/No place within 200 km/);
  });

  it('refuses bad coordinates with 400', async () => {
    for (const q of ['lat=91&lon=0', 'lat=0', 'lat=abc&lon=1', 'lat=0&lon=0&maxKm=99999']) {
      const res = await fetch(`${base}/api/geo/reverse?${q}`);
      expect(res.status, q).toBe(400);
    }
  });
});
