/**
 * GET /api/geo/reverse?lat=..&lon=..[&maxKm=..]: the place at a point from the offline gazetteer
 * (server/geocode/reverse.ts) - the landing's location name, the workspace's location card.
 * 404 when no place lies within maxKm (open ocean, ice). The gazetteer loads on the first request
 * (~0.3 s), so an API node that never answers this pays nothing.
 */
import type { FastifyInstance } from 'fastify';
import {
  REVERSE_DEFAULT_MAX_KM,
  createReverseGeocoder,
  sharedGazetteer,
  type ReverseGeocoder,
} from '../geocode/reverse';

export const REVERSE_GEOCODE_PATH = '/api/geo/reverse';

const querySchema = {
  type: 'object',
  required: ['lat', 'lon'],
  additionalProperties: false,
  properties: {
    lat: { type: 'number', minimum: -90, maximum: 90 },
    lon: { type: 'number', minimum: -180, maximum: 180 },
    maxKm: { type: 'number', minimum: 1, maximum: 2000, default: REVERSE_DEFAULT_MAX_KM },
  },
} as const;

const placeSchema = {
  type: 'object',
  required: ['name', 'admin1', 'country', 'countryCode', 'lat', 'lon', 'population', 'distanceKm'],
  properties: {
    name: { type: 'string' },
    admin1: { type: ['string', 'null'], description: 'State or province' },
    country: { type: 'string' },
    countryCode: { type: 'string', description: 'ISO 3166-1 alpha-2' },
    lat: { type: 'number' },
    lon: { type: 'number' },
    population: { type: 'number' },
    distanceKm: { type: 'number', description: 'From the asked point to the place' },
  },
} as const;

const errorSchema = {
  type: 'object',
  required: ['error', 'message'],
  properties: {
    error: { type: 'string' },
    message: { type: 'string' },
    statusCode: { type: 'number' },
  },
} as const;

export function registerReverseGeocodeRoutes(
  app: FastifyInstance,
  deps: { geocoder?: () => ReverseGeocoder } = {},
): void {
  let geocoder: ReverseGeocoder | null = null;
  const get = deps.geocoder ?? (() => (geocoder ??= createReverseGeocoder(sharedGazetteer())));
  app.get<{ Querystring: { lat: number; lon: number; maxKm: number } }>(
    REVERSE_GEOCODE_PATH,
    {
      schema: {
        summary: 'Reverse geocode a point with the offline gazetteer',
        tags: ['geo'],
        querystring: querySchema,
        response: { 200: placeSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const { lat, lon, maxKm } = request.query;
      const place = get().reverse(lat, lon, maxKm);
      // The gazetteer changes only with a deploy.
      reply.header('cache-control', 'public, max-age=86400');
      if (place === null) {
        return reply.code(404).send({
          statusCode: 404,
          error: 'Not Found',
          message: `No place within ${maxKm} km of ${lat}, ${lon}`,
        });
      }
      return place;
    },
  );
}
