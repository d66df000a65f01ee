/**
 * Golden fixtures for the offline analyser: realistic news texts written for ATLAS
 * (tests/fixtures/analysis/*.json) with expectations as tolerances (a set of acceptable levels,
 * names that must or must not be found, quotes that must be found verbatim with their speaker)
 * rather than exact outputs, so lexicon tuning does not break them while real regressions do.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  MAX_ENTITIES_PER_LIST,
  readQuotes,
  readTakeaways,
  type AnalysisFieldName,
  type HybridAnalysis,
} from '../../data/analysis';
import type { AnalysisInput } from '../../server/analysis/analyser';
import { analyseOffline } from '../../server/analysis/offline';

const DIR = path.resolve(import.meta.dirname, '../fixtures/analysis');

interface NameExpectation {
  contains?: string[];
  excludes?: string[];
}

interface Expectation {
  language?: string | string[];
  category?: string[];
  sentiment?: string[];
  sentimentSign?: -1 | 0 | 1;
  risk?: string[];
  realityType?: string[];
  persons?: NameExpectation;
  organizations?: NameExpectation;
  locations?: NameExpectation;
  country?: string[];
  primaryLocation?: string[];
  quotes?: { contains: string; speaker: string | null }[];
  quotesMax?: number;
  takeawaysMax?: number;
  credibility?: { min: number; max: number };
  confidenceMax?: number;
  tags?: { containsAny: string[] };
  emoji?: { containsAny: string[] };
  summaryContains?: string;
  skipped?: AnalysisFieldName[];
  noMarkup?: boolean;
}

interface Fixture {
  name: string;
  input: AnalysisInput;
  expect: Expectation;
}

const fixtures: Fixture[] = readdirSync(DIR)
  .filter((file) => file.endsWith('.json'))
  .sort()
  .map((file) => JSON.parse(readFileSync(path.join(DIR, file), 'utf8')) as Fixture);

const FIXED_CLOCK = (): Date => new Date('2025-01-01T00:00:00.000Z');

function checkNames(
  actual: string[] | undefined,
  expected: NameExpectation | undefined,
  label: string,
): void {
  if (expected === undefined) return;
  expect(actual, `${label} present`).toBeDefined();
  const list = actual ?? [];
  for (const name of expected.contains ?? [])
    expect(list, `${label} contains ${name}`).toContain(name);
  for (const name of expected.excludes ?? [])
    expect(list, `${label} excludes ${name}`).not.toContain(name);
}

describe('offline analyser golden fixtures', () => {
  it('has at least 12 fixtures covering English and non-English text', () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(12);
    const languages = new Set(
      fixtures.map((f) =>
        Array.isArray(f.expect.language) ? f.expect.language[0] : f.expect.language,
      ),
    );
    expect(languages).toContain('es');
    expect(languages).toContain('fr');
  });

  for (const fixture of fixtures) {
    it(fixture.name, () => {
      const result: HybridAnalysis = analyseOffline(fixture.input, { now: FIXED_CLOCK });
      const e = fixture.expect;
      const allowedLanguages =
        e.language === undefined ? null : Array.isArray(e.language) ? e.language : [e.language];
      if (allowedLanguages !== null) expect(allowedLanguages).toContain(result.language);
      if (e.category) expect(e.category).toContain(result.category);
      if (e.sentiment) expect(e.sentiment).toContain(result.sentimentAnalysis?.overall);
      if (e.sentimentSign !== undefined) {
        expect(Math.sign(result.sentimentAnalysis?.score ?? Number.NaN)).toBe(e.sentimentSign);
      }
      if (e.risk) expect(e.risk).toContain(result.riskAssessment?.level);
      if (e.realityType) expect(e.realityType).toContain(result.realityType);
      checkNames(result.entityExtraction?.persons, e.persons, 'persons');
      checkNames(result.entityExtraction?.organizations, e.organizations, 'organizations');
      checkNames(result.entityExtraction?.locations, e.locations, 'locations');
      if (e.country) expect(e.country).toContain(result.geographicAnalysis?.country);
      if (e.primaryLocation)
        expect(e.primaryLocation).toContain(result.geographicAnalysis?.primary_location?.name);

      const quotes = readQuotes(result);
      const sourceText = [
        fixture.input.title,
        fixture.input.description ?? '',
        fixture.input.content ?? '',
      ];
      for (const quote of quotes) {
        expect(
          sourceText.some((field) => field.includes(quote.text)),
          `verbatim: ${quote.text}`,
        ).toBe(true);
      }
      for (const wanted of e.quotes ?? []) {
        const found = quotes.find((q) => q.text.includes(wanted.contains));
        expect(found, `quote containing "${wanted.contains}"`).toBeDefined();
        expect(found?.speaker).toBe(wanted.speaker);
      }
      if (e.quotesMax !== undefined) expect(quotes.length).toBeLessThanOrEqual(e.quotesMax);
      if (e.takeawaysMax !== undefined)
        expect(readTakeaways(result).length).toBeLessThanOrEqual(e.takeawaysMax);
      if (e.credibility) {
        expect(result.credibilityAssessment?.score).toBeGreaterThanOrEqual(e.credibility.min);
        expect(result.credibilityAssessment?.score).toBeLessThanOrEqual(e.credibility.max);
      }
      if (e.confidenceMax !== undefined)
        expect(result.confidenceScore).toBeLessThanOrEqual(e.confidenceMax);
      if (e.tags)
        expect(
          result.tagExtraction?.tags.some((t) => e.tags?.containsAny.includes(t)),
          `tags ${JSON.stringify(result.tagExtraction?.tags)}`,
        ).toBe(true);
      if (e.emoji)
        expect(result.emojiSelection?.emojis.some((x) => e.emoji?.containsAny.includes(x))).toBe(
          true,
        );
      if (e.summaryContains !== undefined)
        expect(result.contentSummary?.summary).toContain(e.summaryContains);
      for (const field of e.skipped ?? []) {
        expect(result[field], `${field} absent`).toBeUndefined();
        expect(result.provenance?.[field]?.method).toBe('skipped');
        expect(result.provenance?.[field]?.detail).toMatch(/^skipped: non-English/);
      }
      if (e.noMarkup === true) {
        const text = JSON.stringify([
          result.contentSummary,
          result.keyTakeaways,
          result.entityExtraction,
          result.tagExtraction,
        ]);
        expect(text).not.toMatch(/<\/?[a-z]+|alert\(|color:red|\\u0000|&quot;/i);
      }

      // Whole-result invariants for every fixture.
      for (const list of Object.values(result.entityExtraction ?? {})) {
        expect(list.length).toBeLessThanOrEqual(MAX_ENTITIES_PER_LIST);
        expect(new Set(list.map((n) => n.toLowerCase())).size).toBe(list.length);
      }
      const summary = result.contentSummary?.summary ?? '';
      for (const takeaway of readTakeaways(result)) expect(summary).not.toContain(takeaway);
      for (const [field, record] of Object.entries(result.provenance ?? {})) {
        const present = (result as Record<string, unknown>)[field] !== undefined;
        expect(present, `${field}: provenance ${record.method} matches presence`).toBe(
          record.method !== 'skipped',
        );
      }
    });
  }
});
