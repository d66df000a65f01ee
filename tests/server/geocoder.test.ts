import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GeocodeInput, Geocoder } from '../../server/pipeline/contracts';
import { loadGazetteer, type Gazetteer } from '../../server/geocode/gazetteer';
import { createGeocoder } from '../../server/geocode/geocoder';
import { distanceKm } from '../../server/geocode/text';

let gazetteer: Gazetteer;
let geocoder: Geocoder;

beforeAll(() => {
  gazetteer = loadGazetteer();
  geocoder = createGeocoder(gazetteer);
}, 60_000);

function text(title: string, description: string | null = null): GeocodeInput {
  return { title, description, content: null, point: null };
}

function primaryOf(
  input: GeocodeInput,
): { name: string; cc: string; kind: string; evidence: string } | null {
  const r = geocoder.geocode(input);
  if (r === null) return null;
  return {
    name: r.primary.name,
    cc: r.primary.countryCode,
    kind: r.primary.kind,
    evidence: r.primary.evidence,
  };
}

describe('whole-word matching', () => {
  it('never matches a place inside another word', () => {
    // "assad" in "ambassador", "oman" in "woman", "bath" in "bathroom", "roma" in "romance",
    // "nice" in "nicest", "lima" in "climate": none of these may match.
    const r = geocoder.geocode(
      text(
        'Ambassador and a woman discuss climate',
        'The ambassador told the woman that the bathroom renovation and romance novels were the nicest topics at the climate dinner.',
      ),
    );
    expect(r).toBeNull();
  });

  it('reads sentence-initial common words and title-cased names as words, not places', () => {
    expect(
      geocoder.geocode(
        text('Nice weather ahead', 'Nice and sunny. Reading is popular. Split the bill.'),
      ),
    ).toBeNull();
    expect(
      geocoder.geocode(text('Paris Hilton launches a podcast', 'The celebrity said it was fun.')),
    ).toBeNull();
    expect(
      geocoder.geocode(
        text('Critics praise film', 'The film starring Andrew Jackson Smith opened on Friday.'),
      ),
    ).toBeNull();
  });

  it('keeps a place followed by a modifier, drops a name that is the subject of "said"', () => {
    expect(
      primaryOf(text('City hall', 'Officials said Kyiv Mayor Vitali Klitschko asked for help.')),
    ).toMatchObject({
      name: 'Kyiv',
      cc: 'UA',
    });
    expect(
      geocoder.geocode(
        text('Coach speaks', 'After the game, Jackson said the team had played well.'),
      ),
    ).toBeNull();
  });

  it('still finds the same names when they are places mid-sentence', () => {
    expect(
      primaryOf(text('Festival opens', 'Crowds gathered on the seafront in Nice on Sunday.')),
    ).toMatchObject({
      name: 'Nice',
      cc: 'FR',
    });
  });
});

describe('disambiguation', () => {
  it('lets an explicit qualifier beat population', () => {
    expect(
      primaryOf(text('Tornado hits town', 'A tornado struck Paris, Texas, on Tuesday.')),
    ).toMatchObject({
      name: 'Paris',
      cc: 'US',
    });
    expect(
      primaryOf(text('Crash downtown', 'Police in London, Ontario, closed a road.')),
    ).toMatchObject({
      name: 'London',
      cc: 'CA',
    });
    expect(
      primaryOf(text('Storm warning', 'Residents of Portland, Maine, were told to stay home.')),
    ).toMatchObject({
      name: 'Portland',
      cc: 'US',
    });
    const r = geocoder.geocode(
      text('Tornado hits town', 'A tornado struck Paris, Tex., on Tuesday.'),
    );
    expect(r?.primary.evidence).toContain('qualifier');
    // Without a qualifier the larger, capital Paris wins.
    expect(primaryOf(text('Museum strike', 'Staff at museums in Paris walked out.'))).toMatchObject(
      { cc: 'FR' },
    );
  });

  it('uses colocation with other places and countries in the text', () => {
    expect(
      primaryOf(
        text('Clashes in Tripoli', 'Gunmen fought in Tripoli overnight, the army in Lebanon said.'),
      ),
    ).toMatchObject({
      name: 'Tripoli',
      cc: 'LB',
    });
    expect(
      primaryOf(text('Clashes in Tripoli', 'Rival militias fought near the airport overnight.')),
    ).toMatchObject({
      name: 'Tripoli',
      cc: 'LY',
    });
    expect(
      primaryOf(
        text(
          'Storms hit Birmingham',
          'Tornado sirens sounded across Alabama as storms reached Birmingham and Tuscaloosa.',
        ),
      ),
    ).toMatchObject({ name: 'Birmingham', cc: 'US' });
    expect(
      primaryOf(
        text(
          'Georgia certifies results',
          'Officials in Atlanta said the recount in Georgia was complete.',
        ),
      ),
    ).toMatchObject({ cc: 'US' });
    expect(
      primaryOf(text('Georgia protests', 'Thousands marched in Tbilisi against the law.')),
    ).toMatchObject({
      cc: 'GE',
    });
  });
});

describe('focus', () => {
  it('takes the dateline place as the focus', () => {
    const r = geocoder.geocode(
      text(
        'Markets fall in Tokyo and Paris',
        'LONDON (Reuters) - Shares fell in Tokyo and Paris, while London was flat.',
      ),
    );
    expect(r?.primary).toMatchObject({
      name: 'London',
      countryCode: 'GB',
      kind: 'city',
      relevance: 1,
    });
    expect(r?.primary.evidence).toContain('dateline');
    expect(r?.mentioned.map((p) => p.name)).toEqual(expect.arrayContaining(['Tokyo', 'Paris']));
  });

  it('reads an ALL-CAPS dateline with a country qualifier', () => {
    const r = geocoder.geocode(
      text('Air raid sirens', 'KYIV, Ukraine (Reuters) - Sirens sounded early on Tuesday.'),
    );
    expect(r?.primary).toMatchObject({ name: 'Kyiv', countryCode: 'UA' });
  });

  it('without a dateline prefers the title place', () => {
    const r = geocoder.geocode(
      text('Floods in Valencia', 'Rain also hit Madrid. Valencia counted the damage.'),
    );
    expect(r?.primary.name).toBe('Valencia');
    expect(r?.primary.countryCode).toBe('ES');
  });
});

describe('feed coordinates', () => {
  it('win over the text and name the nearest place within 50 km', () => {
    const r = geocoder.geocode({
      title: 'Earthquake in Tokyo',
      description: 'A strong earthquake shook Tokyo.',
      content: null,
      point: { lat: 45.76, lon: 4.84 },
    });
    expect(r?.primary).toMatchObject({
      kind: 'feed',
      countryCode: 'FR',
      evidence: 'feed',
      lat: 45.76,
      lon: 4.84,
    });
    expect(r?.primary.name).toBe('Lyon');
    expect(r?.mentioned[0]).toEqual(r?.primary);
    expect(r?.mentioned.some((p) => p.name === 'Tokyo')).toBe(true);
  });

  it('keep the coordinates but do not invent a city name far from any place', () => {
    // South Atlantic, ~600 km from the nearest land.
    const r = geocoder.geocode({
      title: 'Buoy report',
      description: null,
      content: null,
      point: { lat: -45, lon: -20 },
    });
    expect(r?.primary.kind).toBe('feed');
    expect(r?.primary.lat).toBe(-45);
    const nearest = [...Array(gazetteer.placeName.length).keys()].some(
      (i) =>
        r?.primary.name === gazetteer.placeName[i] &&
        distanceKm(-45, -20, gazetteer.placeLat[i] ?? 0, gazetteer.placeLon[i] ?? 0) <= 50,
    );
    expect(nearest).toBe(false);
  });
});

describe('demonyms', () => {
  it('are weak evidence: one in the body alone is not enough', () => {
    expect(
      geocoder.geocode(text('Officials speak', 'Ukrainian officials said talks would continue.')),
    ).toBeNull();
  });

  it('place a story on the country when the headline carries one', () => {
    expect(
      primaryOf(text('Ukrainian drones hit refinery', 'The plant caught fire overnight.')),
    ).toMatchObject({
      cc: 'UA',
      kind: 'country',
      evidence: 'title+demonym',
    });
  });

  it('lose to a named place', () => {
    const r = geocoder.geocode(
      text('Talks continue', 'Ukrainian and Russian officials met in Istanbul.'),
    );
    expect(r?.primary).toMatchObject({ name: 'Istanbul', countryCode: 'TR' });
    const ua = r?.mentioned.find((p) => p.countryCode === 'UA');
    expect(ua === undefined || ua.relevance < 1).toBe(true);
  });
});

describe('result shape', () => {
  it('returns null for empty text', () => {
    expect(geocoder.geocode(text(''))).toBeNull();
    expect(
      geocoder.geocode({ title: '   ', description: '', content: '', point: null }),
    ).toBeNull();
  });

  it('caps mentioned places at 6, focus first, relevance in 0..1', () => {
    const r = geocoder.geocode(
      text(
        'Leaders meet in Berlin',
        'Envoys flew in from Paris, Madrid, Rome, Warsaw, Vienna, Prague, Lisbon and Dublin for the talks in Berlin.',
      ),
    );
    expect(r).not.toBeNull();
    expect(r?.mentioned.length).toBe(6);
    expect(r?.primary.name).toBe('Berlin');
    expect(r?.mentioned[0]).toEqual(r?.primary);
    for (const p of r?.mentioned ?? []) {
      expect(p.relevance).toBeGreaterThanOrEqual(0);
      expect(p.relevance).toBeLessThanOrEqual(1);
      expect(p.countryCode).toMatch(/^[A-Z]{2}$/);
    }
  });

  it('is deterministic', () => {
    const input = text(
      'Storms hit Springfield and Portland',
      'Storms moved from Springfield toward Portland and Kingston; officials in Victoria and Perth watched.',
    );
    const a = geocoder.geocode(input);
    geocoder.geocode(text('Something else in Cairo'));
    const b = createGeocoder(gazetteer).geocode(input);
    expect(b).toEqual(a);
    expect(JSON.stringify(geocoder.geocode(input))).toBe(JSON.stringify(a));
  });
});

describe('gazetteer file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'atlas-gazetteer-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is built on first use when missing', () => {
    const path = join(dir, 'gazetteer.json');
    expect(existsSync(path)).toBe(false);
    const g = loadGazetteer(path);
    expect(existsSync(path)).toBe(true);
    expect(g.placeName.length).toBeGreaterThan(100_000);
    expect(g.countries.get('FR')?.name).toBe('France');
    expect(g.admin1.some((a) => a.cc === 'US' && a.code === 'TX' && a.name === 'Texas')).toBe(true);
  }, 60_000);
});
