/**
 * Quotations: text between straight ("...") or curly (\u201c...\u201d) double quotes, or French
 * guillemets, at least four words long. The speaker comes from the words around the quote:
 * '"...," said Ana Ruiz', '"...," Ana Ruiz said', 'Ana Ruiz said: "..."', '"...", according to
 * Ana Ruiz' (English only). Pronouns ("he said") and unnamed sources give speaker null: naming
 * the last person mentioned would be a guess.
 *
 * Every quote returned is a verbatim substring of one of the original input fields; candidates
 * altered by cleaning (entities, tags, whitespace) are dropped rather than repaired.
 */
import { MAX_QUOTES, type QuoteItem } from '../../../data/analysis';
import { HONORIFICS, ROLE_NOUNS, TITLE_MODIFIERS } from '../lexicons/entities';

const QUOTE =
  /(?<![\p{L}\p{N}])"(?!\s)([^"\n]{12,600})(?<!\s)"|\u201c([^\u201c\u201d\n]{12,600})\u201d|\u00ab\s?([^\u00ab\u00bb\n]{12,600}?)\s?\u00bb/gu;
const VERBS =
  'said|says|told|added|explained|argued|warned|stated|insisted|noted|wrote|asked|replied|declared|continued|cautioned|urged';
const NAME = "((?:\\p{Lu}[\\p{L}'\\-.]*)(?: (?:\\p{Lu}[\\p{L}'\\-.]*|de|da|van|von|bin|al)){0,4})";
/** Lower-case role words allowed between a quote and the name: '"...," chief executive Ana Ruiz said'. */
const ROLE = `(?:(?:the|a|an|former|chief|senior|deputy|executive|${[...ROLE_NOUNS].join('|')}) ){0,3}`;
const AFTER_VERB_NAME = new RegExp(`^[,.!?]?\\s*(?:${VERBS}) ${ROLE}${NAME}`, 'u');
const AFTER_NAME_VERB = new RegExp(`^[,.!?]?\\s*${ROLE}${NAME} (?:${VERBS})\\b`, 'u');
const AFTER_ACCORDING = new RegExp(`^[,.!?]?\\s*according to ${NAME}`, 'u');
const BEFORE_NAME_VERB = new RegExp(`${NAME} (?:${VERBS})(?: that)?[,:]?\\s*$`, 'u');
const NOT_NAMES = new Set([
  'He',
  'She',
  'They',
  'We',
  'I',
  'It',
  'The',
  'This',
  'That',
  'A',
  'An',
  'One',
  'Officials',
  'Police',
  'Sources',
]);

function cleanSpeaker(raw: string | undefined): string | null {
  if (raw === undefined) return null;
  const words = raw.split(' ');
  // Drop titles ("President", "Mr.") and a trailing sentence dot.
  while (words.length > 1) {
    const word = (words[0] ?? '').replace(/\.$/, '');
    if (!HONORIFICS.has(word) && !TITLE_MODIFIERS.has(word)) break;
    words.shift();
  }
  const name = words.join(' ').replace(/[.,]$/, '');
  if (name.length < 2 || NOT_NAMES.has(words[0] ?? '')) return null;
  return name;
}

function speakerFor(text: string, start: number, end: number): string | null {
  const after = text.slice(end, end + 120);
  const before = text.slice(Math.max(0, start - 120), start);
  const match =
    AFTER_VERB_NAME.exec(after) ??
    AFTER_ACCORDING.exec(after) ??
    AFTER_NAME_VERB.exec(after) ??
    BEFORE_NAME_VERB.exec(before);
  return cleanSpeaker(match?.[1]);
}

export function extractQuotes(
  fields: readonly string[],
  originals: readonly string[],
  english: boolean,
): QuoteItem[] {
  const quotes: QuoteItem[] = [];
  const seen = new Set<string>();
  for (const text of fields) {
    for (const match of text.matchAll(QUOTE)) {
      if (quotes.length >= MAX_QUOTES) return quotes;
      // A trailing comma inside the quotes belongs to the sentence, not the quote.
      const inner = (match[1] ?? match[2] ?? match[3] ?? '').trim().replace(/[,;:]$/, '');
      if (inner.split(/\s+/).length < 4 || seen.has(inner)) continue;
      if (!originals.some((original) => original.includes(inner))) continue;
      seen.add(inner);
      const speaker = english ? speakerFor(text, match.index, match.index + match[0].length) : null;
      quotes.push({ text: inner, speaker });
    }
  }
  return quotes;
}
