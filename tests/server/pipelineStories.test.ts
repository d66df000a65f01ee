import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bodySimhash,
  findStoryLeader,
  hammingDistance,
  headlineSimilarity,
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

  it('groups the same disaster in the same country even when the headlines share no words', () => {
    const chile = [
      {
        id: 'c',
        title: 'Magnitude 6.2 earthquake shakes central Chile; no major damage reported',
        body: null,
        publisher: 'Wire A',
        country: 'Chile',
      },
    ];
    const copy = {
      title: 'Strong quake off Valparaíso jolts Santiago, beaches briefly evacuated',
      body: null,
      publisher: 'Wire B',
    };
    expect(findStoryLeader({ ...copy, country: 'Chile' }, chile)?.id).toBe('c');
    expect(findStoryLeader({ ...copy, country: 'Peru' }, chile)).toBeNull();
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
