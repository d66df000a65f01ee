/**
 * Keyphrase tags: n-grams of one to three content words (no stopwords, numbers or filler
 * inside, never across punctuation), scored by frequency, with a bonus for phrases in the title
 * and for longer phrases that repeat. A phrase contained in a better-ranked one is dropped
 * ("climate" under "climate change"). Tags are lower case except acronyms.
 */
import { MAX_TAGS } from '../../../data/analysis';
import { tokenize } from './text';

interface Phrase {
  text: string;
  count: number;
  first: number;
  inTitle: boolean;
  size: number;
}

const MAX_TOKENS = 20_000;

function segments(text: string, skip: (word: string) => boolean): string[][] {
  const out: string[][] = [];
  let current: string[] = [];
  let last = -1;
  for (const token of tokenize(text)) {
    if (out.length + current.length > MAX_TOKENS) break;
    const gap = last === -1 ? ' ' : text.slice(last, token.start);
    if (gap !== ' ' && current.length > 0) {
      out.push(current);
      current = [];
    }
    last = token.end;
    const isAcronym = /^\p{Lu}{2,6}$/u.test(token.text);
    const word = isAcronym ? token.text : token.lower;
    if (skip(token.lower) || word.length < 3 || /\p{N}/u.test(word)) {
      if (current.length > 0) out.push(current);
      current = [];
      continue;
    }
    current.push(word);
  }
  if (current.length > 0) out.push(current);
  return out;
}

export function extractTags(
  title: string,
  body: string,
  skip: (word: string) => boolean,
): string[] {
  const phrases = new Map<string, Phrase>();
  let order = 0;
  const collect = (text: string, inTitle: boolean): void => {
    for (const segment of segments(text, skip)) {
      for (let size = 1; size <= 3; size++) {
        for (let i = 0; i + size <= segment.length; i++) {
          const key = segment.slice(i, i + size).join(' ');
          const phrase = phrases.get(key);
          if (phrase === undefined)
            phrases.set(key, { text: key, count: 1, first: order++, inTitle, size });
          else {
            phrase.count++;
            phrase.inTitle ||= inTitle;
          }
        }
      }
    }
  };
  collect(title, true);
  collect(body, false);

  // A title phrase repeated in the body is a theme; title words alone are only used when there
  // is no body to confirm them.
  const titleOnly = body.trim() === '';
  const score = (p: Phrase): number =>
    p.count * (p.size === 1 ? 1 : p.count > 1 ? 1.5 * p.size : 0.6) + (p.inTitle ? 1.5 : 0);
  const ranked = [...phrases.values()]
    .filter((p) => p.count > 1 || (titleOnly && p.inTitle))
    .sort((a, b) => score(b) - score(a) || a.first - b.first);
  const chosen: string[] = [];
  for (const phrase of ranked) {
    if (chosen.length >= MAX_TAGS) break;
    const padded = ` ${phrase.text} `;
    if (chosen.some((c) => ` ${c} `.includes(padded) || padded.includes(` ${c} `))) continue;
    chosen.push(phrase.text);
  }
  return chosen;
}
