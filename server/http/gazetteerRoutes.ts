/**
 * GET /api/gazetteer/combined/labels (spec application.md section 7): the place names the globe
 * labels, in one document: continents, countries (with `capital_name`), capitals, states,
 * regions, cities and towns, each `{ name, coordinates: { lat, lon } }` plus population and
 * country code where known.
 *
 * Built once, on the first request, from the committed public/data/gazetteer/*.json files (the
 * same files the static /data/gazetteer/ paths serve, so the two cannot disagree), through the
 * shared skip rules in data/labels/gazetteer.ts. The body is kept in memory plain and gzipped
 * with a strong ETag; later requests cost a header compare. A failed build (missing directory,
 * corrupt JSON) answers 500 and is retried on the next request; a single missing file counts as an
 * empty list (the spec's rule for the static files).
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { LABEL_LISTS, buildCombinedLabels, type LabelList } from '../../data/labels/gazetteer';

export interface GazetteerRoutesOptions {
  /** Folder holding data/gazetteer/*.json (the project's public/). */
  publicDir: string;
}

export const COMBINED_LABELS_PATH = '/api/gazetteer/combined/labels';
/** The data changes only with a deploy: an hour of caching, then an ETag revalidation. */
const CACHE_CONTROL = 'public, max-age=3600';

const coordinates = {
  type: 'object',
  required: ['lat', 'lon'],
  properties: {
    lat: { type: 'number', minimum: -90, maximum: 90 },
    lon: { type: 'number', minimum: -180, maximum: 180 },
  },
} as const;

const label = {
  type: 'object',
  required: ['name', 'coordinates'],
  properties: {
    name: { type: 'string', minLength: 1 },
    coordinates,
    population: { type: 'number', minimum: 0 },
    country: { type: 'string', description: 'ISO 3166-1 alpha-2 code' },
    state: { type: 'string', description: 'Cities and towns: their state or province' },
    type: { type: 'string', description: "Continents list: 'continent' or 'ocean'" },
  },
} as const;

const listOf = (item: object, description: string): object => ({
  type: 'array',
  description,
  items: item,
});

/** JSON schema of the document (OpenAPI; the body itself is pre-serialised). */
export const combinedLabelsSchema = {
  type: 'object',
  required: [...LABEL_LISTS],
  properties: {
    continents: listOf(label, 'Continents and the five oceans (type tells which)'),
    countries: listOf(
      {
        ...label,
        required: ['name', 'coordinates', 'capital_name'],
        properties: { ...label.properties, capital_name: { type: ['string', 'null'] } },
      },
      'Countries with their capital city name (null for a few territories)',
    ),
    capitals: listOf(
      {
        ...label,
        required: ['name', 'coordinates', 'capital_name'],
        properties: { ...label.properties, capital_name: { type: 'string' } },
      },
      'Capital cities',
    ),
    states: listOf(label, 'States and provinces (first-level subdivisions)'),
    regions: listOf(label, 'Named regions (Balkans, Sahel...)'),
    cities: listOf(label, 'Cities, most populous first'),
    towns: listOf(label, 'Towns, most populous first'),
  },
} as const;

interface CachedBody {
  body: Buffer;
  gzip: Buffer;
  etag: string;
}

/** Reads one static file: a missing file is an empty list; corrupt JSON is an error. */
async function readList(dir: string, list: LabelList): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(path.join(dir, `${list}.json`), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return JSON.parse(text) as unknown;
}

async function buildBody(publicDir: string): Promise<CachedBody> {
  const dir = path.join(publicDir, 'data', 'gazetteer');
  const files: Partial<Record<LabelList, unknown>> = {};
  for (const list of LABEL_LISTS) files[list] = await readList(dir, list);
  const body = Buffer.from(JSON.stringify(buildCombinedLabels(files)), 'utf8');
  return {
    body,
    gzip: gzipSync(body),
    etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
  };
}

function acceptsGzip(header: string | string[] | undefined): boolean {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  return value.split(',').some((token) => {
    const [coding = '', ...params] = token.trim().toLowerCase().split(';');
    if (coding.trim() !== 'gzip' && coding.trim() !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

function etagMatches(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  return header
    .split(',')
    .map((t) => t.trim().replace(/^W\//, ''))
    .some((t) => t === etag || t === '*');
}

export function registerGazetteerRoutes(app: FastifyInstance, opts: GazetteerRoutesOptions): void {
  let pending: Promise<CachedBody> | null = null;
  const load = (): Promise<CachedBody> => {
    if (pending === null) {
      const p = buildBody(opts.publicDir);
      pending = p;
      // Do not keep a failure: the next request tries again.
      p.catch(() => {
        if (pending === p) pending = null;
      });
    }
    return pending;
  };

  app.get(
    COMBINED_LABELS_PATH,
    {
      schema: {
        summary: 'Place names for the globe labels',
        description:
          'Continents, countries (with capital_name), capitals, states, regions, cities and ' +
          'towns from the committed gazetteer (/data/gazetteer/*.json). Entries without a name ' +
          'or with invalid coordinates are left out.',
        response: {
          200: combinedLabelsSchema,
          304: { description: 'Not modified (If-None-Match matched the ETag)', type: 'null' },
        },
      },
    },
    async (request, reply) => {
      const doc = await load();
      reply.header('cache-control', CACHE_CONTROL);
      reply.header('etag', doc.etag);
      reply.header('vary', 'accept-encoding');
      if (etagMatches(request.headers['if-none-match'], doc.etag)) return reply.code(304).send();
      reply.type('application/json; charset=utf-8');
      if (acceptsGzip(request.headers['accept-encoding'])) {
        reply.header('content-encoding', 'gzip');
        return reply.send(doc.gzip);
      }
      return reply.send(doc.body);
    },
  );
}
