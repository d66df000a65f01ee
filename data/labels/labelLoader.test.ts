import { describe, expect, it } from 'vitest';
import { emptyCombinedLabels } from './gazetteer';
import { COMBINED_LABELS_URL, loadCombinedLabels, type FetchLike } from './labelLoader';

function fakeFetch(respond: () => Promise<{ ok: boolean; status: number; body: unknown }>): {
  fetch: FetchLike;
  urls: string[];
} {
  const urls: string[] = [];
  return {
    urls,
    fetch: async (url) => {
      urls.push(url);
      const r = await respond();
      return { ok: r.ok, status: r.status, json: () => Promise.resolve(r.body) };
    },
  };
}

describe('loadCombinedLabels', () => {
  it('fetches the combined labels and keeps valid entries', async () => {
    const f = fakeFetch(() =>
      Promise.resolve({
        ok: true,
        status: 200,
        body: {
          continents: [{ name: 'Europe', coordinates: { lat: 54, lon: 15 } }],
          countries: [
            {
              name: 'France',
              coordinates: { lat: 46, lon: 2 },
              country: 'FR',
              capital_name: 'Paris',
            },
          ],
          cities: [
            { name: 'Lyon', coordinates: { lat: 45.76, lon: 4.83 }, population: 500000 },
            { name: 'Nowhere', coordinates: { lat: 95, lon: 0 } },
          ],
        },
      }),
    );
    const warnings: string[] = [];
    const labels = await loadCombinedLabels(f.fetch, 'http://127.0.0.1:1', (m) => warnings.push(m));
    expect(f.urls).toEqual([`http://127.0.0.1:1${COMBINED_LABELS_URL}`]);
    expect(labels.continents.map((c) => c.name)).toEqual(['Europe']);
    expect(labels.countries[0]).toMatchObject({
      name: 'France',
      country: 'FR',
      capital_name: 'Paris',
    });
    expect(labels.cities.map((c) => c.name)).toEqual(['Lyon']);
    expect(labels.towns).toEqual([]);
    expect(warnings).toEqual([]);
  });

  it.each([
    ['a network error', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['an HTTP 500', () => Promise.resolve({ ok: false, status: 500, body: null })],
    ['a body that is not JSON', () => Promise.resolve({ ok: true, status: 200, body: undefined })],
  ])('gives empty lists and one warning on %s, never a rejection', async (what, respond) => {
    const warnings: string[] = [];
    const f = fakeFetch(respond);
    const labels = await loadCombinedLabels(f.fetch, '', (m) => warnings.push(m));
    expect(labels).toEqual(emptyCombinedLabels());
    if (what === 'a body that is not JSON') expect(warnings).toEqual([]);
    else expect(warnings).toHaveLength(1);
  });

  it('turns a json() failure into empty lists and a warning', async () => {
    const warnings: string[] = [];
    const labels = await loadCombinedLabels(
      () =>
        Promise.resolve({
          ok: true,
          status: 200,
          json: () => Promise.reject(new SyntaxError('Unexpected token <')),
        }),
      '',
      (m) => warnings.push(m),
    );
    expect(labels).toEqual(emptyCombinedLabels());
    expect(warnings[0]).toMatch(/could not be loaded/);
  });
});
