import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { DEFAULT_CONTACT_EMAIL, registerSiteRoutes } from '../../server/http/siteRoutes';

describe('public site configuration', () => {
  it('reads ATLAS_CONTACT_EMAIL and refuses a non-address', () => {
    expect(loadConfig({}).contactEmail).toBeUndefined();
    expect(loadConfig({ ATLAS_CONTACT_EMAIL: 'press@example.org' }).contactEmail).toBe(
      'press@example.org',
    );
    expect(() => loadConfig({ ATLAS_CONTACT_EMAIL: 'not an address' })).toThrow(
      /ATLAS_CONTACT_EMAIL must be an e-mail address/,
    );
  });

  it('serves the configured address, else the reserved default', async () => {
    for (const [opts, expected] of [
      [{ contactEmail: 'press@example.org' }, 'press@example.org'],
      [{}, DEFAULT_CONTACT_EMAIL],
    ] as const) {
      const app = Fastify();
      registerSiteRoutes(app, opts);
      const res = await app.inject({ method: 'GET', url: '/api/public/site' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ contactEmail: expected });
      expect(res.headers['cache-control']).toBe('public, max-age=60');
      await app.close();
    }
  });
});
