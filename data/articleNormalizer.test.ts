import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CATEGORY,
  DEFAULT_CREDIBILITY,
  DEFAULT_LOCATION_NAME,
  DEFAULT_PUBLISHER,
  DEFAULT_SUMMARY,
  DEFAULT_TITLE,
  MAX_ENTITIES_PER_LIST,
  MAX_LOCATIONS,
  MAX_QUOTES,
  MAX_TAGS,
  MAX_TAKEAWAYS,
  NEWSPAPER_EMOJI,
  type NormalizedArticle,
  normalizeArticle,
  normalizeArticles,
  safeHttpUrl,
  unitScore,
} from './articleNormalizer';

function norm(raw: unknown): NormalizedArticle {
  const a = normalizeArticle(raw);
  if (a === null) throw new Error('expected an article');
  return a;
}

const wire = (a: NormalizedArticle): unknown => JSON.parse(JSON.stringify(a));

/** Objects shaped like the producers' articles, with every field sometimes junk. */
const junk = fc.oneof(fc.constant(null), fc.boolean(), fc.double(), fc.string(), fc.jsonValue());
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.oneof(arb, junk);
const articleLike = fc.record(
  {
    _id: maybe(fc.oneof(fc.string({ minLength: 1 }), fc.integer())),
    id: maybe(fc.oneof(fc.string({ minLength: 1 }), fc.integer())),
    title: maybe(fc.string()),
    summary: maybe(fc.string()),
    description: maybe(fc.string()),
    content: maybe(fc.string({ maxLength: 300 })),
    url: maybe(fc.oneof(fc.webUrl(), fc.constant('javascript:alert(1)'))),
    source: maybe(fc.oneof(fc.string(), fc.record({ id: junk, name: maybe(fc.string()) }))),
    sentiment: maybe(
      fc.oneof(
        fc.constantFrom('positive', 'negative', 'neutral', 'mixed', 'POSITIVE', 'angry'),
        fc.record({ label: junk, score: maybe(fc.double({ min: -1, max: 1 })) }),
      ),
    ),
    categories: maybe(fc.array(junk, { maxLength: 12 })),
    category: maybe(fc.string()),
    tags: maybe(fc.array(maybe(fc.string()), { maxLength: 20 })),
    latitude: maybe(fc.double()),
    longitude: maybe(fc.double()),
    location: maybe(
      fc.record({
        lat: maybe(fc.double()),
        lon: maybe(fc.double()),
        lng: maybe(fc.double()),
        name: maybe(fc.string()),
        city: maybe(fc.string()),
        country: maybe(fc.string()),
      }),
    ),
    publishedAt: maybe(
      fc.oneof(
        fc.date().map((d) => d.toString()),
        fc.string(),
      ),
    ),
    createdAt: maybe(fc.integer()),
    trustScore: junk,
    urgencyScore: junk,
    hybridAnalysis: maybe(
      fc.record({
        keyTakeaways: maybe(
          fc.oneof(fc.array(junk, { maxLength: 12 }), fc.record({ takeaways: junk })),
        ),
        quoteExtraction: maybe(fc.record({ quotes: fc.array(junk, { maxLength: 8 }) })),
        entityExtraction: maybe(
          fc.record({
            persons: fc.array(maybe(fc.string()), { maxLength: 20 }),
            organizations: junk,
            locations: fc.array(junk, { maxLength: 20 }),
          }),
        ),
        geographicAnalysis: maybe(
          fc.record({ mentioned_locations: fc.array(junk, { maxLength: 12 }) }),
        ),
        tagExtraction: maybe(fc.record({ tags: fc.array(junk, { maxLength: 20 }) })),
        engagementPrediction: maybe(fc.record({ score: junk })),
        viralityPrediction: maybe(fc.record({ score: junk })),
        credibilityAssessment: maybe(fc.record({ score: junk, explanation: junk })),
        emojiSelection: maybe(fc.record({ emoji: junk, emojis: junk })),
      }),
    ),
    v6Analysis: maybe(
      fc.record({
        geographicAnalysis: fc.record({
          data: fc.record({
            primaryLocation: fc.record({
              coordinates: maybe(fc.tuple(fc.double(), fc.double())),
            }),
          }),
        }),
      }),
    ),
  },
  { requiredKeys: [] },
);

function checkInvariants(a: NormalizedArticle): void {
  expect(a.id.length).toBeGreaterThan(0);
  expect(a.title.length).toBeGreaterThan(0);
  expect(a.summary.length).toBeGreaterThan(0);
  expect(a.publisher.length).toBeGreaterThan(0);
  expect(a.categories.length).toBeGreaterThan(0);
  expect(a.category).toBe(a.categories[0]);
  expect(['positive', 'negative', 'neutral', 'mixed']).toContain(a.sentiment);
  expect(a.takeaways.length).toBeLessThanOrEqual(MAX_TAKEAWAYS);
  expect(a.tags.length).toBeLessThanOrEqual(MAX_TAGS);
  expect(a.quotes.length).toBeLessThanOrEqual(MAX_QUOTES);
  expect(a.mentionedLocations.length).toBeLessThanOrEqual(MAX_LOCATIONS);
  for (const l of [
    a.entities.people,
    a.entities.organizations,
    a.entities.locations,
    a.entities.other,
  ]) {
    expect(l.length).toBeLessThanOrEqual(MAX_ENTITIES_PER_LIST);
  }
  expect(a.latitude === null).toBe(a.longitude === null);
  if (a.latitude !== null && a.longitude !== null) {
    expect(Math.abs(a.latitude)).toBeLessThanOrEqual(90);
    expect(Math.abs(a.longitude)).toBeLessThanOrEqual(180);
  }
  expect(a.location.lat).toBe(a.latitude);
  expect(a.location.lon).toBe(a.longitude);
  for (const s of [a.credibility, a.engagement, a.virality, a.urgencyScore, a.trustScore]) {
    if (s !== null) {
      expect(s).toBeGreaterThanOrEqual(0);
      expect(s).toBeLessThanOrEqual(1);
    }
  }
  if (a.url !== null) expect(a.url).toMatch(/^https?:\/\//);
  if (a.timestamp !== null) expect(Number.isFinite(a.timestamp)).toBe(true);
  expect(a.emoji.length).toBeGreaterThan(0);
}

describe('normalizeArticle: properties', () => {
  it('never throws on arbitrary values and returns null for non-objects', () => {
    fc.assert(
      fc.property(fc.anything(), (v) => {
        const a = normalizeArticle(v);
        if (typeof v !== 'object' || v === null || Array.isArray(v)) expect(a).toBeNull();
        if (a !== null) checkInvariants(a);
      }),
      { numRuns: 500 },
    );
  });

  it('keeps the invariants (limits, ranges, types) on article-like input', () => {
    fc.assert(
      fc.property(articleLike, (raw) => {
        const a = normalizeArticle(raw);
        if (a !== null) checkInvariants(a);
      }),
      { numRuns: 500 },
    );
  });

  it('is idempotent: the wire form of a normalised article normalises to the same article', () => {
    fc.assert(
      fc.property(articleLike, (raw) => {
        const a = normalizeArticle(raw);
        if (a === null) return;
        expect(normalizeArticle(wire(a))).toEqual(a);
      }),
      { numRuns: 500 },
    );
  });

  it('returns null only when there is no usable id', () => {
    expect(normalizeArticle({ title: 'x' })).toBeNull();
    expect(normalizeArticle({ _id: '  ' })).toBeNull();
    expect(normalizeArticle({ id: Number.NaN })).toBeNull();
    expect(normalizeArticle([{ _id: 'a' }])).toBeNull();
    expect(normalizeArticles([{ id: 'a' }, null, { id: 2 }]).map((a) => a.id)).toEqual(['a', '2']);
  });
});

describe('normalizeArticle: shapes', () => {
  it('applies the spec defaults to a bare article', () => {
    const a = norm({ _id: 'abc' });
    expect(a).toMatchObject({
      id: 'abc',
      title: DEFAULT_TITLE,
      summary: DEFAULT_SUMMARY,
      publisher: DEFAULT_PUBLISHER,
      categories: [DEFAULT_CATEGORY],
      category: 'General',
      sentiment: 'neutral',
      credibility: DEFAULT_CREDIBILITY,
      credibilityExplanation: 'Automated assessment',
      engagement: null,
      url: null,
      latitude: null,
      longitude: null,
      emoji: NEWSPAPER_EMOJI,
      timestamp: null,
    });
    expect(a.location.name).toBe(DEFAULT_LOCATION_NAME);
    expect(DEFAULT_TITLE).toBe('Untitled Article');
    expect(DEFAULT_PUBLISHER).toBe('Unknown Publisher');
    expect(DEFAULT_SUMMARY).toBe('No summary available');
    expect(DEFAULT_LOCATION_NAME).toBe('Unknown Location');
  });

  it('reads the id from _id before id, numbers as strings', () => {
    expect(norm({ _id: 'mongo', id: 'other' }).id).toBe('mongo');
    expect(norm({ id: 42 }).id).toBe('42');
    expect(norm({ _id: 7, id: 'x' }).id).toBe('7');
  });

  it('reads source as a string or {id, name}, with the publisher fallback', () => {
    expect(norm({ id: 1, source: 'Reuters' }).source).toEqual({ id: null, name: 'Reuters' });
    expect(norm({ id: 1, source: { id: 'bbc', name: 'BBC News' } })).toMatchObject({
      source: { id: 'bbc', name: 'BBC News' },
      publisher: 'BBC News',
    });
    expect(norm({ id: 1, publisher: 'AP' }).publisher).toBe('AP');
    expect(norm({ id: 1, source: { id: 3 } }).source).toEqual({ id: '3', name: DEFAULT_PUBLISHER });
  });

  it('reads sentiment as a string, {label, score}, or the analysis label', () => {
    expect(norm({ id: 1, sentiment: 'Positive' }).sentiment).toBe('positive');
    expect(norm({ id: 1, sentiment: { label: 'negative', score: -0.8 } })).toMatchObject({
      sentiment: 'negative',
      sentimentScore: -0.8,
    });
    expect(norm({ id: 1, analysis: { sentiment: { label: 'mixed', score: 0.1 } } })).toMatchObject({
      sentiment: 'mixed',
      sentimentScore: 0.1,
    });
    expect(norm({ id: 1, sentiment: 'furious' }).sentiment).toBe('neutral');
    expect(
      norm({ id: 1, v6Analysis: { sentimentAnalysis: { data: { overallSentiment: 'positive' } } } })
        .sentiment,
    ).toBe('positive');
  });

  it('collects categories from the list, category and analysis.categories', () => {
    const a = norm({
      id: 1,
      categories: ['Politics', 'politics', ''],
      category: 'World',
      analysis: { categories: ['Economy'] },
    });
    expect(a.categories).toEqual(['Politics', 'World', 'Economy']);
    expect(a.category).toBe('Politics');
    expect(norm({ id: 1, category: 'tech' }).categories).toEqual(['tech']);
  });

  it('falls back through the summary chain', () => {
    const content = 'x'.repeat(200);
    expect(norm({ id: 1, summary: 'S', description: 'D' }).summary).toBe('S');
    expect(norm({ id: 1, description: 'D' }).summary).toBe('D');
    expect(norm({ id: 1, hybridAnalysis: { contentSummary: { summary: 'H' } } }).summary).toBe('H');
    expect(
      norm({ id: 1, v4Analysis: { criteria: { contentSummary: { summary: 'V4' } } } }).summary,
    ).toBe('V4');
    expect(norm({ id: 1, content }).summary).toBe('x'.repeat(120));
  });

  it('keeps dates as given and derives a timestamp', () => {
    const a = norm({ id: 1, publishedAt: '2024-03-01T10:00:00.000Z', createdAt: 5 });
    expect(a.timestamp).toBe(Date.parse('2024-03-01T10:00:00.000Z'));
    expect(a.createdAt).toBe('1970-01-01T00:00:00.005Z');
    const b = norm({ id: 1, dateTimePub: 'not a date', createdAt: '2024-01-01T00:00:00Z' });
    expect(b.publishedAt).toBe('not a date');
    expect(b.timestamp).toBe(Date.parse('2024-01-01T00:00:00Z'));
  });

  it('resolves the place: v6 [lon, lat] first, then v4, then latitude/longitude, then location', () => {
    const v6 = {
      v6Analysis: {
        geographicAnalysis: {
          data: { primaryLocation: { coordinates: [2.35, 48.85], name: 'Paris' } },
        },
      },
    };
    const a = norm({ id: 1, ...v6, latitude: 10, longitude: 20 });
    expect([a.latitude, a.longitude]).toEqual([48.85, 2.35]);
    expect(a.location.name).toBe('Paris');

    const v4 = norm({
      id: 1,
      v4Analysis: {
        criteria: {
          geographicAnalysis: {
            primaryLocation: {
              name: 'Nairobi',
              coordinates: { latitude: -1.29, longitude: 36.82 },
            },
          },
        },
      },
      latitude: 10,
      longitude: 20,
    });
    expect([v4.latitude, v4.longitude, v4.location.name]).toEqual([-1.29, 36.82, 'Nairobi']);

    expect(
      norm({ id: 1, latitude: 10, longitude: 20, location: { lat: 1, lon: 2 } }),
    ).toMatchObject({ latitude: 10, longitude: 20 });
    for (const key of ['lon', 'lng', 'longitude']) {
      const l = norm({
        id: 1,
        location: { lat: -33.9, [key]: 151.2, city: 'Sydney', country: 'AU' },
      });
      expect([l.latitude, l.longitude, l.location.name]).toEqual([-33.9, 151.2, 'Sydney, AU']);
    }
  });

  it('rejects out-of-range and NaN coordinates', () => {
    for (const [lat, lon] of [
      [91, 0],
      [-91, 0],
      [0, 181],
      [0, -180.5],
      [Number.NaN, 0],
      [0, Number.POSITIVE_INFINITY],
    ]) {
      expect(norm({ id: 1, latitude: lat, longitude: lon }).latitude).toBeNull();
    }
    expect(norm({ id: 1, latitude: -90, longitude: 180 })).toMatchObject({
      latitude: -90,
      longitude: 180,
    });
  });

  it('names the place from locationName, a location string, extractedLocation', () => {
    expect(norm({ id: 1, locationName: 'Lagos' }).location.name).toBe('Lagos');
    expect(norm({ id: 1, location: 'Berlin, Germany' }).location.name).toBe('Berlin, Germany');
    expect(norm({ id: 1, extractedLocation: { country: 'Chile' } }).location).toMatchObject({
      name: 'Chile',
      country: 'Chile',
    });
    expect(
      norm({ id: 1, v4GeographicData: { primaryLocation: { displayName: 'Lima, Peru' } } }).location
        .name,
    ).toBe('Lima, Peru');
  });

  it('reads hybridAnalysis: scores, takeaways, tags, quotes, places, entities, emoji', () => {
    const a = norm({
      id: 1,
      tags: ['a'],
      hybridAnalysis: {
        keyTakeaways: { takeaways: ['1', '2', '3', '4', '5', '6'] },
        tagExtraction: { tags: ['b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'] },
        quoteExtraction: { quotes: ['plain', { text: 'said', speaker: 'Ann' }, 'q3', 'q4'] },
        geographicAnalysis: {
          primary_location: { name: 'Oslo' },
          country: 'Norway',
          mentioned_locations: [1, 2, 3, 4, 5, 6, 7].map((i) => ({
            name: `P${i}`,
            relevance: 0.5,
          })),
        },
        entityExtraction: {
          persons: ['Ann', 'ann', 'Bob'],
          organizations: ['UN'],
          locations: Array.from({ length: 10 }, (_, i) => `L${i}`),
        },
        credibilityAssessment: { score: 0.9, explanation: 'Two sources' },
        engagementPrediction: { score: 0.8 },
        viralityPrediction: { score: 75 },
        emojiSelection: { emoji: '🔥' },
      },
    });
    expect(a.takeaways).toEqual(['1', '2', '3', '4', '5']);
    expect(a.tags).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']);
    expect(a.quotes).toEqual([
      { text: 'plain', speaker: null },
      { text: 'said', speaker: 'Ann' },
      { text: 'q3', speaker: null },
    ]);
    expect(a.mentionedLocations).toHaveLength(6);
    expect(a.location).toMatchObject({ name: 'Oslo', country: 'Norway' });
    expect(a.entities.people.map((e) => e.name)).toEqual(['Ann', 'Bob']);
    expect(a.entities.organizations[0]).toEqual({
      name: 'UN',
      type: 'organization',
      relevance: null,
      role: null,
    });
    expect(a.entities.locations).toHaveLength(8);
    expect(a).toMatchObject({
      credibility: 0.9,
      credibilityExplanation: 'Two sources',
      engagement: 0.8,
      virality: 0.75,
      emoji: '🔥',
    });
  });

  it('reads the article entity list and an entities map', () => {
    const listed = norm({
      id: 1,
      entities: [
        { id: 'e1', type: 'person', name: 'Ada', relevance: 0.9 },
        { id: 'e2', type: 'organization', name: 'ACME', relevance: 0.4 },
        { id: 'e3', type: 'thing', name: 'Widget' },
      ],
    });
    expect(listed.entities.people).toEqual([
      { name: 'Ada', type: 'person', relevance: 0.9, role: null },
    ]);
    expect(listed.entities.organizations.map((e) => e.name)).toEqual(['ACME']);
    expect(listed.entities.other.map((e) => e.name)).toEqual(['Widget']);
    const mapped = norm({
      id: 1,
      hybridAnalysis: { entities: { people: ['Zoe'], places: ['X'] } },
    });
    expect(mapped.entities.people.map((e) => e.name)).toEqual(['Zoe']);
    expect(mapped.entities.other.map((e) => e.name)).toEqual(['X']);
  });

  it('reads v4Analysis takeaways, emoji and implications; v6 scores', () => {
    const a = norm({
      id: 1,
      v4Analysis: {
        criteria: {
          keyTakeaways: { points: ['p1', 'p2'] },
          emojiSelection: { emojis: ['🌊'] },
          aiImplications: { potentialImpacts: ['i1'] },
        },
      },
      v6Analysis: {
        engagementPrediction: { data: { predictedEngagement: 0.65 } },
        viralityPrediction: { criteria: { viralityScore: 0.3 } },
        credibilityAssessment: { data: { overallScore: 0.72 } },
        categoryClassification: { data: { primaryCategory: 'Science' } },
        aiInsights: { data: { insights: [{ insight: 'a' }, { text: 'b' }, 'c'] } },
      },
    });
    expect(a).toMatchObject({
      takeaways: ['p1', 'p2'],
      emoji: '🌊',
      implications: ['i1'],
      engagement: 0.65,
      virality: 0.3,
      credibility: 0.72,
      categories: ['Science'],
      insights: ['a', 'b', 'c'],
    });
  });

  it('falls back for the emoji: own emoji, title_emoji, category, keywords, newspaper', () => {
    expect(norm({ id: 1, emoji: '🎉' }).emoji).toBe('🎉');
    expect(norm({ id: 1, title_emoji: '🚀' }).emoji).toBe('🚀');
    expect(norm({ id: 1, category: 'sports' }).emoji).toBe('⚽');
    expect(norm({ id: 1, title: 'Parliament vote delayed' }).emoji).toBe('🏛️');
    expect(norm({ id: 1, title: 'Nothing to see' }).emoji).toBe(NEWSPAPER_EMOJI);
    // Regression (found by the invariant property): a prototype key as category.
    expect(norm({ id: 1, category: '__proto__' }).emoji).toBe(NEWSPAPER_EMOJI);
    expect(norm({ id: 1, category: 'constructor' }).emoji).toBe(NEWSPAPER_EMOJI);
  });

  it('keeps realityType and trustScore only when valid', () => {
    expect(norm({ id: 1, realityType: 'Fact', trustScore: 0.4 })).toMatchObject({
      realityType: 'fact',
      trustScore: 0.4,
      credibility: 0.4,
    });
    expect(norm({ id: 1, realityType: 'rumour', trustScore: -2 })).toMatchObject({
      realityType: null,
      trustScore: null,
      credibility: DEFAULT_CREDIBILITY,
    });
  });

  it('keeps only http(s) URLs', () => {
    expect(norm({ id: 1, url: 'https://example.com/a?b=1' }).url).toBe('https://example.com/a?b=1');
    expect(safeHttpUrl('http://x.test')).toBe('http://x.test/');
    for (const bad of [
      'javascript:alert(1)',
      'data:text/html,hi',
      '/relative',
      'ftp://x.test',
      7,
    ]) {
      expect(safeHttpUrl(bad)).toBeNull();
    }
  });

  it('scales percent scores and rejects out-of-range ones', () => {
    expect(unitScore(0.3)).toBe(0.3);
    expect(unitScore(30)).toBe(0.3);
    expect(unitScore(101)).toBeNull();
    expect(unitScore(-0.1)).toBeNull();
    expect(unitScore('0.5')).toBeNull();
  });
});

describe('sample data and corroboration', () => {
  it('marks sample articles and reads corroboration with safe links only', () => {
    const a = normalizeArticle({
      id: 'a1',
      title: 'Floods in Nairobi',
      isSample: true,
      corroboration: {
        count: 3,
        sources: [
          { name: 'Wire B', url: 'https://b.example.org/x', title: 'Nairobi floods' },
          { name: 'Wire C', url: 'javascript:alert(1)', title: 'Floods hit Nairobi' },
          'not an object',
        ],
      },
    });
    expect(a?.isSample).toBe(true);
    expect(a?.corroboration).toEqual({
      count: 3,
      sources: [
        { name: 'Wire B', url: 'https://b.example.org/x', title: 'Nairobi floods' },
        { name: 'Wire C', url: null, title: 'Floods hit Nairobi' },
      ],
    });
  });

  it('reads a lone article or a malformed record as no corroboration, and not sample', () => {
    expect(normalizeArticle({ id: 'a2', title: 't' })?.corroboration).toBeNull();
    expect(normalizeArticle({ id: 'a2', title: 't' })?.isSample).toBe(false);
    expect(
      normalizeArticle({ id: 'a3', corroboration: { count: 1, sources: [] } })?.corroboration,
    ).toBeNull();
    expect(normalizeArticle({ id: 'a4', corroboration: 'three' })?.corroboration).toBeNull();
    expect(normalizeArticle({ id: 'a5', isSample: 'yes' })?.isSample).toBe(false);
  });
});
