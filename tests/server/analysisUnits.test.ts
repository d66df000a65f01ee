/**
 * Unit checks of the offline analyser's parts: sentence splitting (abbreviations, decimals),
 * sentiment negation and intensifiers, mixed tone, language detection, risk ordering, quote
 * speakers, entity rules (sentence-initial words, honorifics, acronyms), HTML cleaning, the
 * shared readers in data/analysis.ts and the Analyser interface wrapper.
 */
import { describe, expect, it } from 'vitest';
import { readQuotes, readTakeaways, riskLevelForScore } from '../../data/analysis';
import { analyseOffline, createOfflineAnalyser } from '../../server/analysis/offline';
import { detectLanguage } from '../../server/analysis/offline/language';
import { assessRisk } from '../../server/analysis/offline/risk';
import { analyseSentiment } from '../../server/analysis/offline/sentiment';
import { cleanText, splitSentences, words } from '../../server/analysis/offline/text';

const input = (title: string, content: string | null = null) => ({
  id: 'x',
  title,
  description: null,
  content,
  source: null,
  language: null,
});

describe('text preparation', () => {
  it('does not split sentences after abbreviations, initials or inside decimals', () => {
    const text =
      'Acme Inc. grew 1.2% in the U.S. last year, said Dr. J. Smith. Shares rose. Then they fell!';
    expect(splitSentences(text).map((s) => s.text)).toEqual([
      'Acme Inc. grew 1.2% in the U.S. last year, said Dr. J. Smith.',
      'Shares rose.',
      'Then they fell!',
    ]);
  });

  it('strips tags, scripts, comments and control characters and decodes entities', () => {
    const cleaned = cleanText(
      '<p>Tom &amp; Jerry</p><script>bad()</script>\u0000ok&#33; <!-- x --> &nbsp;end',
    );
    expect(cleaned).toBe('Tom & Jerry\nok! end');
  });

  it('drops everything after an unclosed script instead of scanning forever', () => {
    expect(cleanText('before <script>' + 'x'.repeat(50_000))).toBe('before');
  });
});

describe('sentiment', () => {
  it('flips negated words and boosts intensified ones', () => {
    const good = analyseSentiment(['The results were good.']).score;
    const notGood = analyseSentiment(['The results were not good.']).score;
    const veryGood = analyseSentiment(['The results were very good.']).score;
    expect(good).toBeGreaterThan(0);
    expect(notGood).toBeLessThan(0);
    expect(Math.abs(notGood)).toBeLessThan(good);
    expect(veryGood).toBeGreaterThan(good);
  });

  it('reports mixed when strong positive and strong negative sentences both weigh in', () => {
    const result = analyseSentiment([
      'Exporters celebrated a historic victory and praised the huge success.',
      'Farmers condemned the deal, warning of ruin and bankruptcies.',
    ]);
    expect(result.overall).toBe('mixed');
  });

  it('is neutral without sentiment words', () => {
    expect(analyseSentiment(['The committee meets on Tuesday in the main hall.'])).toEqual({
      overall: 'neutral',
      score: 0,
      bearing: 0,
    });
  });
});

describe('language detection', () => {
  const cases: [string, string][] = [
    ['en', 'The government said on Monday that it would not change the plan because of the cost.'],
    [
      'es',
      'El gobierno dijo el lunes que no cambiará el plan por el coste de las obras en la ciudad.',
    ],
    [
      'fr',
      'Le gouvernement a déclaré lundi qu’il ne changera pas le plan à cause du coût des travaux.',
    ],
    ['de', 'Die Regierung sagte am Montag, dass sie den Plan wegen der Kosten nicht ändern wird.'],
    [
      'pt',
      'O governo disse na segunda-feira que não vai mudar o plano por causa do custo das obras.',
    ],
    [
      'it',
      'Il governo ha detto lunedì che non cambierà il piano a causa del costo dei lavori nella città.',
    ],
  ];
  for (const [language, text] of cases) {
    it(`detects ${language}`, () => expect(detectLanguage(words(text)).language).toBe(language));
  }
  it('is undetermined for a few words without function words', () => {
    expect(detectLanguage(words('Quake: Tokyo shaken')).language).toBe('und');
  });
});

describe('risk', () => {
  it('ranks a deadly attack above a protest above a product launch', () => {
    const score = (text: string): number => assessRisk([], words(text)).score;
    const attack = score(
      'A bombing killed 25 people and injured 80 in the market; troops were deployed.',
    );
    const protest = score('Protesters clashed with police during a strike over pay.');
    const launch = score('The company launched a new phone with a larger screen.');
    expect(attack).toBeGreaterThan(protest);
    expect(protest).toBeGreaterThan(launch);
    expect(launch).toBe(0);
  });

  it('lowers risk when mitigation terms appear', () => {
    const fire = assessRisk([], words('A wildfire forced an evacuation of the valley.')).score;
    const contained = assessRisk(
      [],
      words(
        'A wildfire forced an evacuation of the valley; it is now contained and residents were rescued.',
      ),
    ).score;
    expect(contained).toBeLessThan(fire);
  });

  it('maps scores to the documented levels', () => {
    expect([0, 24, 25, 49, 50, 74, 75, 100].map(riskLevelForScore)).toEqual([
      'low',
      'low',
      'medium',
      'medium',
      'high',
      'high',
      'critical',
      'critical',
    ]);
  });
});

describe('entities and quotes', () => {
  it('ignores capitalised sentence starts unless confirmed elsewhere', () => {
    const result = analyseOffline(
      input(
        'Council approves budget',
        'Residents packed the hall. Officials said the plan was fair. Growth will follow, Mayor Lina Park said. Critics disagreed. The town of Ashford has 40,000 people, and Ashford residents pay high rates.',
      ),
    );
    const everything = Object.values(result.entityExtraction ?? {}).flat();
    expect(everything).not.toContain('Residents');
    expect(everything).not.toContain('Officials');
    expect(everything).not.toContain('Growth');
    expect(everything).not.toContain('Critics');
    expect(result.entityExtraction?.persons).toEqual(['Lina Park']);
    expect(result.entityExtraction?.locations).toContain('Ashford');
  });

  it('reads organisations from suffixes, "X of Y" names and acronyms', () => {
    const result = analyseOffline(
      input(
        'Talks',
        'Officials from the IMF met the Ministry of Finance and Zenith Holdings in Nairobi on Friday.',
      ),
    );
    expect(result.entityExtraction?.organizations).toEqual(
      expect.arrayContaining(['IMF', 'Ministry of Finance', 'Zenith Holdings']),
    );
    expect(result.entityExtraction?.locations).toEqual(['Nairobi']);
    expect(result.geographicAnalysis?.country).toBe('Kenya');
  });

  it('leaves the speaker null for pronouns and finds it for "according to"', () => {
    const result = analyseOffline(
      input(
        'Quotes',
        '"We will not give up on this town," he said. "The repairs will take at least a year," according to Maria Gomez, the city engineer.',
      ),
    );
    expect(readQuotes(result)).toEqual([
      { text: 'We will not give up on this town', speaker: null },
      { text: 'The repairs will take at least a year', speaker: 'Maria Gomez' },
    ]);
  });

  it('does not pair the closing quote of one quotation with the opening of the next', () => {
    const result = analyseOffline(
      input(
        'Words',
        'The word "ok" is short, and the phrase "good enough for now, surely" is longer.',
      ),
    );
    expect(readQuotes(result).map((q) => q.text)).toEqual(['good enough for now, surely']);
  });
});

describe('shape and wrapper', () => {
  it('returns no analysis fields but zero confidence for empty input', () => {
    const result = analyseOffline(input('', ''));
    expect(result.confidenceScore).toBe(0);
    expect(result.contentSummary).toBeUndefined();
    expect(result.provenance?.contentSummary?.method).toBe('skipped');
  });

  it('gives more confidence to longer texts', () => {
    const short = analyseOffline(input('Rates rise')).confidenceScore ?? 0;
    const long =
      analyseOffline(input('Rates rise', 'The central bank raised rates again. '.repeat(40)))
        .confidenceScore ?? 0;
    expect(long).toBeGreaterThan(short);
  });

  it('readers accept both takeaway and quote shapes', () => {
    expect(readTakeaways({ keyTakeaways: { takeaways: ['a', 'b'] } })).toEqual(['a', 'b']);
    expect(readTakeaways({ keyTakeaways: ['c'] })).toEqual(['c']);
    expect(
      readQuotes({ quoteExtraction: { quotes: ['plain', { text: 't', speaker: 'S' }] } }),
    ).toEqual([
      { text: 'plain', speaker: null },
      { text: 't', speaker: 'S' },
    ]);
  });

  it('implements the Analyser interface with name, version and injectable clock', async () => {
    const analyser = createOfflineAnalyser({ now: () => new Date('2024-05-01T12:00:00Z') });
    expect(analyser.name).toMatch(/^offline-v\d/);
    const result = (await analyser.analyse(
      input('Storm hits coast', 'A storm hit the coast.'),
    )) as ReturnType<typeof analyseOffline>;
    expect(result.analyzedAt).toBe('2024-05-01T12:00:00.000Z');
    expect(result.analyser?.name).toBe('offline');
  });
});
