/**
 * GET /api/public/site: the public pages' configuration (About, Privacy, Terms and Docs show the
 * contact address from ATLAS_CONTACT_EMAIL). Public, cacheable for a minute.
 */
import type { FastifyInstance } from 'fastify';

/** Used when ATLAS_CONTACT_EMAIL is unset: a reserved, undeliverable domain (RFC 2606). */
export const DEFAULT_CONTACT_EMAIL = 'contact@atlas.invalid';

export interface SiteInfo {
  contactEmail: string;
}

const siteResponse = {
  type: 'object',
  required: ['contactEmail'],
  properties: { contactEmail: { type: 'string' } },
} as const;

export function registerSiteRoutes(app: FastifyInstance, opts: { contactEmail?: string }): void {
  const body: SiteInfo = { contactEmail: opts.contactEmail ?? DEFAULT_CONTACT_EMAIL };
  app.get('/api/public/site', { schema: { response: { 200: siteResponse } } }, (_req, reply) => {
    reply.header('cache-control', 'public, max-age=60');
    return reply.send(body);
  });
}
