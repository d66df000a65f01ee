/**
 * Property tests for the offline analyser (fast-check, fixed seed so a failure reproduces):
 * arbitrary and hostile strings never throw, the spec's detail limits always hold, scores stay
 * in range, quotes are verbatim substrings of an input field, every present field has a
 * provenance record, and the output is a pure function of the input and the clock.
 * Plus one huge hostile article (HTML, emoji, control characters, ~1 MB) that must finish.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ANALYSIS_CATEGORIES,
  MAX_ENTITIES_PER_LIST,
  MAX_LOCATIONS,
  MAX_QUOTES,
  MAX_SUMMARY_CHARS,
  MAX_TAGS,
  MAX_TAKEAWAYS,
  REALITY_TYPES,
  RISK_LEVELS,
  SENTIMENT_LABELS,
  readQuotes,
  readTakeaways,
  type HybridAnalysis,
} from '../../data/analysis';
import type { AnalysisInput } from '../../server/analysis/analyser';
import { analyseOffline } from '../../server/analysis/offline';

const CLOCK = (): Date => new Date('2025-01-01T00:00:00.000Z');
const SEED = 20250101;
const RUNS = 250;

/** Text mixing news-like words, names, quotes, markup, emoji and control characters. */
const piece = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.constantFrom(
    'The',
    'President',
    'Ana Ruiz',
    'said',
    'killed',
    'not',
    'very',
    'good',
    'in',
    'Paris',
    'NATO',
    'Bank of England',
    'Mr.',
    '"',
    '\u201c',
    '\u201d',
    '\u00ab',
    '\u00bb',
    '.',
    '!',
    '?',
    ',',
    '\n',
    ' ',
    '<p>',
    '</p>',
    '<script>',
    '&amp;',
    '&#0;',
    '\u0000',
    '\u202e',
    '\ud83d',
    '\ud83d\udd25',
    '\u00e9t\u00e9',
    'el',
    'der',
    'according to',
    'Inc.',
    'U.S.',
    '12',
    'people',
    'according to Maria Gomez',
    '"We will rebuild the town," said Ana Ruiz.',
  ),
);
const text = fc.array(piece, { maxLength: 60 }).map((parts) => parts.join(' '));
const articleInput: fc.Arbitrary<AnalysisInput> = fc.record({
  id: fc.constant('p'),
  title: text,
  description: fc.option(text, { nil: null }),
  content: fc.option(text, { nil: null }),
  source: fc.option(fc.string({ maxLength: 20 }), { nil: null }),
  language: fc.option(fc.constantFrom('en', 'es', 'fr', 'xx', ''), { nil: null }),
});

function checkInvariants(input: AnalysisInput, result: HybridAnalysis): void {
  expect(readTakeaways(result).length).toBeLessThanOrEqual(MAX_TAKEAWAYS);
  expect(result.tagExtraction?.tags.length ?? 0).toBeLessThanOrEqual(MAX_TAGS);
  const quotes = readQuotes(result);
  expect(quotes.length).toBeLessThanOrEqual(MAX_QUOTES);
  expect(result.quoteExtraction?.quotes.length ?? 0).toBeLessThanOrEqual(MAX_QUOTES);
  const fields = [input.title, input.description ?? '', input.content ?? ''];
  for (const quote of quotes) expect(fields.some((field) => field.includes(quote.text))).toBe(true);
  for (const list of Object.values(result.entityExtraction ?? {}))
    expect(list.length).toBeLessThanOrEqual(MAX_ENTITIES_PER_LIST);
  expect(result.geographicAnalysis?.mentioned_locations.length ?? 0).toBeLessThanOrEqual(
    MAX_LOCATIONS,
  );
  expect((result.contentSummary?.summary ?? '').length).toBeLessThanOrEqual(MAX_SUMMARY_CHARS);

  const unit = [
    result.confidenceScore,
    result.credibilityAssessment?.score,
    result.engagementPrediction?.score,
    result.viralityPrediction?.score,
    ...(result.geographicAnalysis?.mentioned_locations.map((l) => l.relevance) ?? []),
  ];
  for (const value of unit) if (value !== undefined) expect(value >= 0 && value <= 1).toBe(true);
  if (result.riskAssessment) {
    expect(RISK_LEVELS).toContain(result.riskAssessment.level);
    expect(result.riskAssessment.score >= 0 && result.riskAssessment.score <= 100).toBe(true);
  }
  if (result.sentimentAnalysis) {
    expect(SENTIMENT_LABELS).toContain(result.sentimentAnalysis.overall);
    expect(Math.abs(result.sentimentAnalysis.score)).toBeLessThanOrEqual(1);
  }
  if (result.category !== undefined) expect(ANALYSIS_CATEGORIES).toContain(result.category);
  if (result.realityType !== undefined) expect(REALITY_TYPES).toContain(result.realityType);
  expect(typeof result.language).toBe('string');

  // Every analysis field is either present with a non-skipped provenance or absent with 'skipped'.
  const provenance = result.provenance ?? {};
  for (const key of Object.keys(result)) {
    if (['provenance', 'analyzedAt', 'analyser'].includes(key)) continue;
    const record = (provenance as Record<string, { method: string } | undefined>)[key];
    expect(record, `provenance for ${key}`).toBeDefined();
    expect(record?.method).not.toBe('skipped');
  }
  // Output must survive JSON storage unchanged (no undefined in arrays, no NaN).
  expect(JSON.parse(JSON.stringify(result))).toEqual(result);
}

describe('offline analyser properties', () => {
  it('never throws and always respects the limits and ranges', () => {
    fc.assert(
      fc.property(articleInput, (input) => {
        checkInvariants(input, analyseOffline(input, { now: CLOCK }));
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('is deterministic: the same input and clock give the same output', () => {
    fc.assert(
      fc.property(articleInput, (input) => {
        expect(analyseOffline(input, { now: CLOCK })).toEqual(
          analyseOffline({ ...input }, { now: CLOCK }),
        );
      }),
      { seed: SEED + 1, numRuns: 100 },
    );
  });

  it('handles a huge hostile article (markup, emoji, controls, unbalanced quotes and tags)', () => {
    const chunk =
      '<div class="x"><p>LYON, France - A <b>fire</b> broke out at Acme Corp on Friday, injuring five, officials said.</p>' +
      '\u201cThe situation is under control,\u201d said Pierre Martin. \u0000\u0007\u001b[31m \ud83d\udd25\ud83d\ude92 \ud800 ' +
      '"unbalanced <script>alert(1)</script> &amp;&lt;&#x1F525;&#0; !!!!!!!!!! ????? ...... ' +
      'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA <a href="javascript:evil()">click</a> \u202eevil\u202c\n';
    const huge = chunk.repeat(Math.ceil(1_000_000 / chunk.length));
    const hugeInput: AnalysisInput = {
      id: 'h',
      title: `<h1>${'Fire '.repeat(2000)}</h1>`,
      description: huge,
      content: huge,
      source: null,
      language: null,
    };
    const result = analyseOffline(hugeInput, { now: CLOCK });
    checkInvariants(hugeInput, result);
    expect(result.language).toBe('en');
    expect(JSON.stringify(result)).not.toMatch(/<script|alert\(1\)|\\u0000|\\u202e/);
    expect(result.entityExtraction?.persons).toContain('Pierre Martin');

    // Pathological runs that would make backtracking regular expressions quadratic.
    const runs = [
      '.'.repeat(200_000),
      'A'.repeat(200_000),
      '"'.repeat(100_000),
      '<a'.repeat(100_000),
      'A.'.repeat(100_000),
      '<script'.repeat(20_000),
    ];
    for (const run of runs) {
      const pathological: AnalysisInput = {
        id: 'r',
        title: run.slice(0, 1000),
        description: null,
        content: run,
        source: null,
        language: null,
      };
      checkInvariants(pathological, analyseOffline(pathological, { now: CLOCK }));
    }
  });
});
