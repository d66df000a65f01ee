/**
 * The prompt the LLM analyser sends: one article per request, versioned so a wording change
 * invalidates the cache (the cache key includes PROMPT_VERSION) and stored analyses can be told
 * apart. The reply shape is the JSON schema in ./schema.ts; the prompt repeats the rules that
 * matter most because many local servers accept a schema without enforcing it.
 */
import type { AnalysisInput } from '../analyser';

/** Bump whenever the wording, the schema or the article block changes. */
export const PROMPT_VERSION = '1';

/** Longest article body sent (characters); longer text is cut, with a marker. */
export const MAX_PROMPT_BODY_CHARS = 12_000;

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export const SYSTEM_PROMPT = [
  'You analyse one news article for a news globe. Reply with ONE JSON object matching the given',
  'schema and nothing else: no prose, no code fences, no reasoning.',
  'Rules:',
  '- Use only the article. Do not add facts, numbers or names that are not in it.',
  '- quotes: copy text verbatim from the article (at most 3); speaker only when the article',
  '  names them, else null. No quotes in the article: [].',
  '- entities and geography: names exactly as written in the article; never coordinates.',
  '- sentiment.score: -1 (very negative) to 1 (very positive). risk.score: 0 to 100.',
  '- credibility.score: 0 to 1, judged from the text alone (attribution, sourcing, hedging);',
  '  say in the explanation that this is not fact-checking.',
  '- summary: at most 3 sentences. keyTakeaways, insights, implications: short sentences.',
].join('\n');

/**
 * The article block of the user message. Also what the cache key hashes, so two articles with
 * the same text share one model call.
 */
export function articleText(input: AnalysisInput): string {
  const lines = [`Title: ${input.title.trim()}`];
  if (input.source !== null && input.source.trim() !== '') {
    lines.push(`Source: ${input.source.trim()}`);
  }
  if (input.language !== null && input.language.trim() !== '') {
    lines.push(`Declared language: ${input.language.trim()}`);
  }
  const description = input.description?.trim() ?? '';
  const content = input.content?.trim() ?? '';
  // Feeds often repeat the description as the first paragraph of the content.
  const body =
    description === '' || content.includes(description.slice(0, 200))
      ? content
      : content === ''
        ? description
        : `${description}\n\n${content}`;
  if (body !== '') {
    const cut =
      body.length > MAX_PROMPT_BODY_CHARS
        ? `${body.slice(0, MAX_PROMPT_BODY_CHARS)}\n[article truncated]`
        : body;
    lines.push('', cut);
  }
  return lines.join('\n');
}

export function firstTurn(article: string): ChatMessage[] {
  return [
    { role: 'system', content: SYSTEM_PROMPT },
    { role: 'user', content: `Analyse this article.\n\n${article}` },
  ];
}

/** Longest part of a previous reply echoed back in the repair turn. */
const MAX_ECHO_CHARS = 6_000;

/**
 * The one repair turn: the previous reply and the validation errors, quoted, so the model can
 * fix exactly those fields.
 */
export function repairTurn(
  first: readonly ChatMessage[],
  previousReply: string,
  errors: readonly string[],
  truncated: boolean,
): ChatMessage[] {
  const problems = errors.slice(0, 20).map((e) => `- ${e}`);
  const note = truncated
    ? 'Your reply was cut off before the end. Answer again, more briefly, so it fits.'
    : 'Your reply did not match the schema.';
  return [
    ...first,
    { role: 'assistant', content: previousReply.slice(0, MAX_ECHO_CHARS) },
    {
      role: 'user',
      content: `${note}\nValidation errors:\n${problems.join('\n')}\nReply again with only the corrected JSON object.`,
    },
  ];
}
