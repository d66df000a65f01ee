/**
 * The alert index (server/alerts/alertIndex.ts) over the real gazetteer: topics by the search
 * score, regions as a box, a country (name or alias), a first-level region (through the nearest
 * gazetteer place) or a plain name; users saving the same topic share one entry; updates and
 * removals keep the index exact.
 */
import { describe, expect, it } from 'vitest';
import { normalizeArticle, type NormalizedArticle } from '../../data/articleNormalizer';
import { AlertIndex, compileRegion } from '../../server/alerts/alertIndex';
import { sharedGazetteer } from '../../server/geocode/reverse';

function article(
  title: string,
  place: { city?: string; country?: string; lat: number; lon: number },
): NormalizedArticle {
  const a = normalizeArticle({
    id: `a-${title.length}-${place.lat}`,
    title,
    description: 'A short description.',
    url: 'https://example.org/a',
    source: { name: 'Example Wire' },
    publishedAt: '2026-11-24T10:00:00.000Z',
    latitude: place.lat,
    longitude: place.lon,
    location: {
      name: place.city ?? place.country ?? '',
      city: place.city ?? null,
      country: place.country ?? null,
      lat: place.lat,
      lon: place.lon,
    },
  });
  if (a === null) throw new Error('article did not normalise');
  return a;
}

const munich = article('City council meets', {
  city: 'Munich',
  country: 'Germany',
  lat: 48.137,
  lon: 11.575,
});
const berlin = article('City council meets', {
  city: 'Berlin',
  country: 'Germany',
  lat: 52.52,
  lon: 13.405,
});
const austin = article('Budget vote tonight', {
  city: 'Austin',
  country: 'United States',
  lat: 30.267,
  lon: -97.743,
});
const tokyo = article('Election results are in', {
  city: 'Tokyo',
  country: 'Japan',
  lat: 35.68,
  lon: 139.69,
});

const atlanta = article('Transit plan approved', {
  city: 'Atlanta',
  country: 'United States',
  lat: 33.749,
  lon: -84.388,
});
const tbilisi = article('Transit plan approved', {
  city: 'Tbilisi',
  country: 'Georgia',
  lat: 41.7151,
  lon: 44.8271,
});
const paris = article('Museum reopens', {
  city: 'Paris',
  country: 'France',
  lat: 48.8566,
  lon: 2.3522,
});
const parisTexas = article('Museum reopens', {
  city: 'Paris',
  country: 'United States',
  lat: 33.66,
  lon: -95.555,
});

describe('AlertIndex', () => {
  const g = sharedGazetteer();

  it('resolves regions through the gazetteer', () => {
    expect(compileRegion('Germany', g)).toEqual({ kind: 'place', countries: ['DE'], admin1: [] });
    expect(compileRegion('US', g)).toEqual({ kind: 'place', countries: ['US'], admin1: [] });
    expect(compileRegion('Bavaria', g)).toEqual({
      kind: 'place',
      countries: [],
      admin1: ['DE.02'],
    });
    // A state of the country named alike adds nothing ('Mexico' the country holds México state).
    expect(compileRegion('Mexico', g)).toEqual({ kind: 'place', countries: ['MX'], admin1: [] });
    expect(compileRegion('10,-20,30,40', g)).toEqual({
      kind: 'box',
      box: { south: 10, west: -20, north: 30, east: 40 },
    });
    expect(compileRegion('Nowhere-in-particular', g)).toEqual({
      kind: 'name',
      text: 'Nowhere-in-particular',
    });
    expect(compileRegion('  ', g)).toBeNull();
  });

  it('a name that is a country and a state matches both; a qualifier picks one', () => {
    expect(compileRegion('Georgia', g)).toEqual({
      kind: 'place',
      countries: ['GE'],
      admin1: ['US.GA'],
    });
    expect(compileRegion('Georgia (country)', g)).toEqual({
      kind: 'place',
      countries: ['GE'],
      admin1: [],
    });
    for (const state of ['Georgia (state)', 'Georgia, US', 'georgia, United States']) {
      expect(compileRegion(state, g), state).toEqual({
        kind: 'place',
        countries: [],
        admin1: ['US.GA'],
      });
    }
    // Two first-level regions share a name: both, or one by its country.
    expect(compileRegion('Punjab', g)).toMatchObject({ countries: [], admin1: ['IN.23', 'PK.04'] });
    expect(compileRegion('Punjab, PK', g)).toMatchObject({ admin1: ['PK.04'] });
    // A place that is no first-level region of the named country: a city there.
    expect(compileRegion('Paris, France', g)).toEqual({ kind: 'city', name: 'paris', cc: 'FR' });

    const index = new AlertIndex(() => g);
    index.setUser('both', [], ['Georgia']);
    index.setUser('country', [], ['Georgia (country)']);
    index.setUser('state', [], ['Georgia, US']);
    index.setUser('paris', [], ['Paris, France']);
    const users = (a: NormalizedArticle) =>
      index
        .match(a)
        .map((m) => m.userId)
        .sort();
    expect(users(atlanta)).toEqual(['both', 'state']);
    expect(users(tbilisi)).toEqual(['both', 'country']);
    expect(users(austin)).toEqual([]);
    expect(users(paris)).toEqual(['paris']);
    expect(users(parisTexas)).toEqual([]);

    // /account shows the readings of an ambiguous name with the text that keeps each.
    expect(index.describeUser('both')).toEqual([
      {
        term: 'Georgia',
        kind: 'place',
        places: [
          { label: 'Georgia (country)', pick: 'Georgia (country)' },
          { label: 'Georgia, United States (state)', pick: 'Georgia, US' },
        ],
      },
    ]);
    expect(index.describeUser('state')[0]?.places).toEqual([
      { label: 'Georgia, United States (state)', pick: 'Georgia, US' },
    ]);
    expect(index.describeUser('nobody')).toEqual([]);
  });

  it('matches topics by the search score and regions by place, per user', () => {
    const index = new AlertIndex(() => g);
    index.setUser('u1', ['election'], []);
    index.setUser('u2', ['Election', 'budget'], ['Bavaria']);
    index.setUser('u3', [], ['US']);
    index.setUser('u4', [], ['45,5,55,16']);
    expect(index.distinct).toEqual({ topics: 2, regions: 3 });

    const users = (a: NormalizedArticle) =>
      Object.fromEntries(index.match(a).map((m) => [m.userId, `${m.match.kind}:${m.match.term}`]));
    expect(users(tokyo)).toEqual({ u1: 'topic:election', u2: 'topic:Election' });
    expect(users(munich)).toEqual({ u2: 'region:Bavaria', u4: 'region:45,5,55,16' });
    // Berlin is in Germany and in the box, but not in Bavaria.
    expect(users(berlin)).toEqual({ u4: 'region:45,5,55,16' });
    expect(users(austin)).toEqual({ u2: 'topic:budget', u3: 'region:US' });
  });

  it('follows updates and removals exactly', () => {
    const index = new AlertIndex(() => g);
    index.setUser('u1', ['election', ' ', 'ELECTION'], []);
    index.setUser('u2', ['election'], []);
    expect(index.distinct.topics).toBe(1);
    index.setUser('u1', ['budget'], []);
    expect(index.match(tokyo).map((m) => m.userId)).toEqual(['u2']);
    index.setUser('u2', [], []);
    expect(index.match(tokyo)).toEqual([]);
    expect(index.size).toBe(1);
    expect(index.distinct).toEqual({ topics: 1, regions: 0 });
  });
});
