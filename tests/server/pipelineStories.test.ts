import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bodySimhash,
  findStoryLeader,
  hammingDistance,
  headlineSimilarity,
  specifics,
  titleFingerprint,
} from '../../server/pipeline/stories';

describe('title fingerprint', () => {
  it('ignores case, accents, punctuation and spacing but not the publisher', () => {
    const a = titleFingerprint('São Paulo floods: 12 dead', 'Wire A');
    expect(titleFingerprint('SAO PAULO FLOODS - 12 dead!', ' wire a ')).toBe(a);
    expect(titleFingerprint('São Paulo floods: 12 dead', 'Wire B')).not.toBe(a);
    expect(titleFingerprint('São Paulo floods: 13 dead', 'Wire A')).not.toBe(a);
  });
});

describe('headline similarity', () => {
  it('groups the same event worded differently by two outlets', () => {
    expect(
      headlineSimilarity(
        'Magnitude 6.8 earthquake strikes off the coast of Japan',
        "Quake of magnitude 6.8 hits off Japan's coast",
      ),
    ).toBeGreaterThanOrEqual(0.5);
  });

  it('keeps apart different events that share a place', () => {
    expect(
      headlineSimilarity(
        'Magnitude 6.8 earthquake strikes off the coast of Japan',
        'Japan central bank holds interest rates steady',
      ),
    ).toBeLessThan(0.3);
  });

  it('keeps apart the same kind of event with different numbers and places', () => {
    expect(
      headlineSimilarity('Floods in Kenya leave 40 dead', 'Floods in Brazil leave 12 dead'),
    ).toBeLessThan(0.5);
  });

  it('matches a shortened, reordered headline from another outlet', () => {
    expect(
      headlineSimilarity(
        'Seven miners rescued alive after 40 hours trapped in Zacatecas silver mine',
        'Mexico: all seven trapped Zacatecas miners pulled out alive',
      ),
    ).toBeGreaterThanOrEqual(0.5);
  });

  it('is 0 when both name places but none in common', () => {
    expect(
      headlineSimilarity(
        'Floods in Kenya leave dead across Rift Valley',
        'Floods in Brazil leave dead across Minas Gerais',
      ),
    ).toBe(0);
  });

  it('is symmetric and within 0..1', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        const ab = headlineSimilarity(a, b);
        expect(ab).toBeGreaterThanOrEqual(0);
        expect(ab).toBeLessThanOrEqual(1);
        expect(headlineSimilarity(b, a)).toBeCloseTo(ab, 10);
      }),
    );
  });
});

describe('body simhash', () => {
  const body =
    'Rescue teams worked through the night in the hills above the city after heavy rain ' +
    'triggered landslides that buried dozens of homes. Officials said at least 40 people had ' +
    'been pulled from the mud and that the search would continue as long as there was hope. ' +
    'The regional governor declared a state of emergency and asked the army for helicopters.';

  it('puts a lightly edited copy a few bits away and unrelated text far away', () => {
    const copy = body
      .replace('at least 40 people', 'at least forty people')
      .replace('army', 'military');
    const other =
      'The central bank left its main interest rate unchanged on Thursday, saying inflation ' +
      'had eased for a third month but remained above target. Markets had expected the pause ' +
      'and the currency barely moved. Analysts said a cut could come early next year if wage ' +
      'growth slows and energy prices stay where they are now.';
    const h = bodySimhash(body);
    const hc = bodySimhash(copy);
    const ho = bodySimhash(other);
    if (h === null || hc === null || ho === null) throw new Error('long texts must hash');
    expect(hammingDistance(h, hc)).toBeLessThanOrEqual(10);
    expect(hammingDistance(h, ho)).toBeGreaterThan(16);
  });

  it('is null for short texts', () => {
    expect(bodySimhash('Too short to compare.')).toBeNull();
  });
});

describe('findStoryLeader', () => {
  const candidates = [
    {
      id: 'a',
      title: 'Japan central bank holds rates',
      body: null,
      publisher: 'Wire A',
      country: 'JP',
    },
    {
      id: 'b',
      title: 'Magnitude 6.8 earthquake strikes off the coast of Japan',
      body: null,
      publisher: 'Wire A',
      country: 'JP',
    },
  ];

  it('finds another outlet’s copy', () => {
    const leader = findStoryLeader(
      {
        title: "Quake of magnitude 6.8 hits off Japan's coast",
        body: null,
        publisher: 'Wire B',
        country: null,
      },
      candidates,
    );
    expect(leader?.id).toBe('b');
  });

  it('never groups two items of the same publisher', () => {
    expect(
      findStoryLeader(
        {
          title: "Quake of magnitude 6.8 hits off Japan's coast",
          body: null,
          publisher: 'Wire A',
          country: 'JP',
        },
        candidates,
      ),
    ).toBeNull();
  });

  it('groups the same disaster at towns close together even when the headlines share no words', () => {
    const chile = [
      {
        id: 'c',
        title: 'Magnitude 6.2 earthquake shakes central Chile; no major damage reported',
        body: null,
        publisher: 'Wire A',
        country: 'Chile',
        point: { lat: -33.45, lon: -70.67, precise: true }, // Santiago
      },
    ];
    const copy = {
      title: 'Strong quake off Valparaíso jolts Santiago, beaches briefly evacuated',
      body: null,
      publisher: 'Wire B',
      country: 'Chile',
    };
    const valparaiso = { lat: -33.05, lon: -71.62, precise: true };
    expect(findStoryLeader({ ...copy, point: valparaiso }, chile)?.id).toBe('c');
    // The same disaster word 1,500 km away in the same country is another event.
    const antofagasta = { lat: -23.65, lon: -70.4, precise: true };
    expect(findStoryLeader({ ...copy, point: antofagasta }, chile)).toBeNull();
    expect(findStoryLeader({ ...copy, country: 'Peru', point: null }, chile)).toBeNull();
  });

  it('groups independent write-ups sharing names and numbers, never reports far apart', () => {
    const leader = {
      id: 'l',
      title: 'Thames River spills its banks in London after record rainfall',
      body: 'The Thames River overflowed in London on Tuesday after 110 millimetres of rain fell. The Upper Thames River Conservation Authority closed two bridges. About 300 homes lost power.',
      publisher: 'Wire A',
      country: 'Canada',
      point: { lat: 42.98, lon: -81.25, precise: true },
    };
    const other = {
      title: 'Flooding forces closures across southwestern Ontario city',
      body: 'Emergency crews in London, Ontario, pumped water from basements after 110 mm of rain swelled the Thames River. Roughly 300 homes lost power, the conservation authority said.',
      publisher: 'Wire B',
      country: 'Canada',
      point: { lat: 42.98, lon: -81.25, precise: true },
    };
    expect(findStoryLeader(other, [leader])?.id).toBe('l');
    // The same words placed 400 km away (Kingston, Ont.) are not the same event.
    expect(
      findStoryLeader({ ...other, point: { lat: 44.23, lon: -76.49, precise: true } }, [leader]),
    ).toBeNull();
  });

  it('keeps apart two stories of one town whose only shared evidence is its name and a figure in other units', () => {
    // Before: "Seoul" (name 1) + the number 30 (1.5) + the words "seoul" and "design" (0.5 each)
    // = 3.5, one story. Now the figures differ in unit and the town's own name is not a content
    // word: 1 + 0.5.
    const seoul = { lat: 37.57, lon: 126.98, precise: true, name: 'Seoul' };
    const plant = {
      id: 'p',
      title: 'Chipmaker picks Seoul for its new design centre',
      body: 'SEOUL — The group will spend $30 billion on the site.',
      publisher: 'Wire A',
      country: 'KR',
      point: seoul,
    };
    const chip = {
      title: 'Startup in Seoul shows a faster accelerator',
      body: 'SEOUL — The design uses 30 per cent less power than the last one.',
      publisher: 'Wire B',
      country: 'KR',
      point: seoul,
    };
    expect(findStoryLeader(chip, [plant])).toBeNull();
  });

  it('returns null when nothing is close', () => {
    expect(
      findStoryLeader(
        {
          title: 'Chess olympiad opens in Budapest',
          body: null,
          publisher: 'Wire C',
          country: null,
        },
        candidates,
      ),
    ).toBeNull();
  });
});

describe('specifics', () => {
  it('matches a figure only in the same unit', () => {
    const keys = (text: string): string[] =>
      [...specifics(text).keys()].filter((k) => k.startsWith('#'));
    expect(keys('Rates rose to 11.25% on Monday')).toEqual(keys('Rates rose to 11.25 percent'));
    expect(keys('Rates rose to 11.25 per cent')).toEqual(keys('Rates rose to 11.25%'));
    expect(keys('A $30 billion plant')).not.toEqual(keys('It uses 30 per cent less'));
    expect(keys('A 40 trillion won plan')).toEqual(keys('The firm puts 40 trillion won in'));
    expect(keys('About 300 homes lost power')).toEqual(keys('Roughly 300 homes were hit'));
  });
});
