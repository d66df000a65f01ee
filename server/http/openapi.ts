/**
 * The OpenAPI document (GET /api/docs/openapi.json, and /api/docs as a small HTML page).
 * @fastify/swagger collects every route registered after it, with the same schemas Fastify
 * validates and serialises with, so the document is the contract as enforced. Register it
 * before any route.
 */
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';

export const OPENAPI_JSON_PATH = '/api/docs/openapi.json';

export async function registerOpenApi(
  app: FastifyInstance,
  options: { version: string },
): Promise<void> {
  await app.register(swagger, {
    openapi: {
      // 3.1: JSON Schema 2020-12 types, so `type: ['string', 'null']` is valid as written.
      openapi: '3.1.0',
      info: {
        title: 'ATLAS API',
        version: options.version,
        description:
          'Read calls are public; write calls need a bearer token (POST /api/auth/login). ' +
          'Errors are JSON {success:false, message}. See docs/api.md.',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
  });

  app.get(
    OPENAPI_JSON_PATH,
    { schema: { summary: 'This OpenAPI document', tags: ['docs'] } },
    async (_request, reply) => reply.type('application/json; charset=utf-8').send(app.swagger()),
  );

  // A plain page with a link: the CSP forbids inline scripts, so no bundled viewer here.
  app.get(
    '/api/docs',
    { schema: { summary: 'Pointer to the OpenAPI document', tags: ['docs'] } },
    async (_request, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .send(
          '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>ATLAS API</title>' +
            '</head><body><h1>ATLAS API</h1><p>OpenAPI 3.1 document: ' +
            `<a href="${OPENAPI_JSON_PATH}">${OPENAPI_JSON_PATH}</a></p>` +
            '<p>Reference: docs/api.md in the repository.</p></body></html>',
        ),
  );
}
