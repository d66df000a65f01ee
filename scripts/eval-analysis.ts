/**
 * `npm run eval:analysis`: sentiment and language on a small annotated set
 * (tests/fixtures/analysis-eval.json: 24 texts labelled positive/negative/neutral, 12 headlines
 * and sentences in six languages). Compares the offline analyser's own lexicon and stopword
 * detector with vader-sentiment and franc-min, so the choice between them rests on figures.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { franc } from 'franc-min';
import { analyseOffline } from '../server/analysis/offline';
import { detectLanguage } from '../server/analysis/offline/language';
import { analyseSentiment, analyseSentimentVader } from '../server/analysis/offline/sentiment';
import { splitSentences, words } from '../server/analysis/offline/text';
import { REPO_ROOT } from '../server/geocode/gazetteer';

interface Set {
  sentiment: { label: string; text: string }[];
  language: { lang: string; text: string }[];
  entities: EntityItem[];
  /** Written after the entity rules, scored once: not used to tune them. */
  entitiesHeldout: EntityItem[];
}
interface EntityItem {
  title: string;
  text: string;
  persons: string[];
  organizations: string[];
}
const data = JSON.parse(
  readFileSync(join(REPO_ROOT, 'tests/fixtures/analysis-eval.json'), 'utf8'),
) as Set;

// Both analysers with the same document rule (mean of sentence compounds, 'mixed' when a quarter
// of the sentences are strongly positive and a quarter strongly negative): only the sentence
// scorer differs. The title is the first sentence, as in the pipeline.
let own = 0;
let vad = 0;
const misses: string[] = [];
for (const item of data.sentiment) {
  const sentences = splitSentences(item.text).map((s) => s.text);
  const mine = analyseSentiment(sentences).overall;
  const theirs = analyseSentimentVader(sentences).overall;
  if (mine === item.label) own++;
  else misses.push(`  own    ${item.label} -> ${mine}: ${item.text.slice(0, 70)}`);
  if (theirs === item.label) vad++;
  else misses.push(`  vader  ${item.label} -> ${theirs}: ${item.text.slice(0, 70)}`);
}
const iso3: Record<string, string> = {
  eng: 'en',
  spa: 'es',
  fra: 'fr',
  deu: 'de',
  por: 'pt',
  ita: 'it',
};
let ownLang = 0;
let francLang = 0;
for (const item of data.language) {
  if (detectLanguage(words(item.text)).language === item.lang) ownLang++;
  const guess = franc(item.text, { minLength: 3, only: Object.keys(iso3) });
  if (iso3[guess] === item.lang) francLang++;
}
const n = data.sentiment.length;
const m = data.language.length;
const labels = [...new Set(data.sentiment.map((s) => s.label))].join('/');
console.log(
  `sentiment (${n} texts, ${labels}): own lexicon ${own}/${n}, vader-sentiment ${vad}/${n}`,
);
if (process.argv.includes('--misses')) console.log(misses.join('\n'));
console.log(`language (${m} texts): own stopwords ${ownLang}/${m}, franc-min ${francLang}/${m}`);

// Entities: people and organisations named in 20 short reports, scored by exact name (case and
// punctuation folded) against what the pipeline's analyser extracts (`entityExtraction`).
const fold = (s: string): string =>
  s
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^\p{L}\p{N} ]/gu, '')
    .trim();
function scoreEntities(items: readonly EntityItem[], label: string): void {
  const entityScores = { persons: [0, 0, 0], organizations: [0, 0, 0] };
  const entityMisses: string[] = [];
  for (const item of items) {
    const analysis = analyseOffline(
      {
        id: 'eval',
        title: item.title,
        description: null,
        content: item.text,
        source: 'Eval',
        language: null,
      },
      { now: () => new Date(0) },
    );
    for (const kind of ['persons', 'organizations'] as const) {
      const got = new Set((analysis.entityExtraction?.[kind] ?? []).map(fold));
      const want = new Set(item[kind].map(fold));
      const s = entityScores[kind];
      for (const name of got) if (want.has(name)) s[0] = (s[0] ?? 0) + 1;
      s[1] = (s[1] ?? 0) + got.size;
      s[2] = (s[2] ?? 0) + want.size;
      const extra = [...got].filter((n) => !want.has(n));
      const missed = [...want].filter((n) => !got.has(n));
      if (extra.length + missed.length > 0) {
        entityMisses.push(`  ${kind}: missed [${missed.join(', ')}] extra [${extra.join(', ')}]`);
      }
    }
  }
  for (const kind of ['persons', 'organizations'] as const) {
    const [hit = 0, got = 0, want = 0] = entityScores[kind];
    const p = got === 0 ? 0 : hit / got;
    const r = want === 0 ? 0 : hit / want;
    const f1 = p + r === 0 ? 0 : (2 * p * r) / (p + r);
    console.log(
      `${kind}, ${label} (${items.length} texts, ${want} names): precision ${p.toFixed(3)}, recall ${r.toFixed(3)}, F1 ${f1.toFixed(3)}`,
    );
  }
  if (process.argv.includes('--misses') && label === 'dev') console.log(entityMisses.join('\n'));
}
scoreEntities(data.entities, 'dev');
scoreEntities(data.entitiesHeldout, 'held-out');
