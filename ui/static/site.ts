/**
 * The public pages' configuration from GET /api/public/site (the contact address comes from the
 * server's ATLAS_CONTACT_EMAIL). Fetched once per page load; null until it answers.
 */
import { signal } from '@preact/signals-core';

export const contactEmail = signal<string | null>(null);

let started = false;

export function loadSiteInfo(): void {
  if (started) return;
  started = true;
  void fetch('/api/public/site')
    .then((r) => (r.ok ? (r.json() as Promise<unknown>) : null))
    .then((body) => {
      const v =
        typeof body === 'object' && body !== null
          ? (body as Record<string, unknown>)['contactEmail']
          : null;
      if (typeof v === 'string') contactEmail.value = v;
    })
    .catch(() => {
      started = false;
    });
}
