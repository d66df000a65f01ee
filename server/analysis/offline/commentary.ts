/**
 * Commentary, insights and implications filled from templates. Every sentence restates a value
 * the other fields computed (category, risk terms, tone, named actors and places, signals); none
 * adds a fact that is not in the article. The provenance marks them 'template'.
 */
import type { AnalysisCategory, RiskLevel, SentimentLabel } from '../../../data/analysis';

export interface CommentaryInput {
  category: AnalysisCategory;
  riskLevel: RiskLevel;
  riskScore: number;
  riskTerms: readonly string[];
  casualties: number;
  sentiment: SentimentLabel;
  sentimentScore: number;
  persons: readonly string[];
  organizations: readonly string[];
  primaryLocation: string | null;
  locations: readonly string[];
  tags: readonly string[];
  quotes: number;
  attributedQuotes: number;
  credibility: number;
  realityType: string;
}

const list = (items: readonly string[], max = 3): string => {
  const shown = items.slice(0, max);
  if (shown.length <= 1) return shown.join('');
  return `${shown.slice(0, -1).join(', ')} and ${shown[shown.length - 1] ?? ''}`;
};

const CATEGORY_PHRASE: Readonly<Record<AnalysisCategory, string>> = {
  politics: 'a politics story',
  technology: 'a technology story',
  business: 'a business story',
  science: 'a science story',
  health: 'a health story',
  entertainment: 'an entertainment story',
  sports: 'a sports story',
  environment: 'an environment story',
  general: 'a general news story',
};

export function writeCommentary(input: CommentaryInput): {
  commentary: string;
  insights: string[];
  implications: string[];
} {
  const where = input.primaryLocation === null ? '' : ` centred on ${input.primaryLocation}`;
  const actors = [...input.persons.slice(0, 2), ...input.organizations.slice(0, 2)];
  const parts = [`This reads as ${CATEGORY_PHRASE[input.category]}${where}.`];
  if (actors.length > 0) parts.push(`It names ${list(actors, 4)}.`);
  parts.push(
    input.riskTerms.length > 0
      ? `Risk is ${input.riskLevel} (${input.riskScore}/100), from terms such as ${list(input.riskTerms)}.`
      : `No risk terms were found (risk ${input.riskLevel}).`,
  );
  parts.push(
    `The tone is ${input.sentiment} (${input.sentimentScore.toFixed(2)} on a -1..1 lexicon scale).`,
  );
  const commentary = parts.join(' ');

  const insights: string[] = [];
  if (input.tags.length > 0) insights.push(`Main themes: ${list(input.tags, 4)}.`);
  if (input.persons.length > 0) insights.push(`People mentioned most: ${list(input.persons)}.`);
  if (input.organizations.length > 0)
    insights.push(`Organisations involved: ${list(input.organizations)}.`);
  if (input.locations.length > 1) insights.push(`Places mentioned: ${list(input.locations, 4)}.`);
  if (input.casualties > 0)
    insights.push(`The text reports a figure of ${input.casualties} affected people.`);
  insights.push(
    input.attributedQuotes > 0
      ? `${input.attributedQuotes} of ${input.quotes} quote${input.quotes > 1 ? 's are' : ' is'} attributed to a named speaker.`
      : input.quotes > 0
        ? 'Quotes are present but not attributed to a named speaker.'
        : 'No direct quotes were found.',
  );

  const implications: string[] = [];
  if (input.riskLevel === 'critical' || input.riskLevel === 'high') {
    implications.push(
      `A ${input.riskLevel}-risk story${where}: figures and details are likely to change as the situation develops.`,
    );
  }
  if (input.realityType === 'unverified')
    implications.push(
      'Claims are not clearly attributed; treat them as unverified until confirmed by named sources.',
    );
  if (input.realityType === 'mixed')
    implications.push(
      'The piece mixes opinion with reporting; separate its arguments from its facts.',
    );
  if (input.realityType === 'fiction')
    implications.push('The text carries satire or fiction markers; it should not be read as news.');
  if (input.sentiment === 'mixed')
    implications.push('Reactions in the text are divided, so further debate is likely.');
  if (input.credibility < 0.4)
    implications.push('Text signals point to low credibility; look for corroboration.');
  if (implications.length === 0)
    implications.push(
      `No particular implications stand out from the text signals for this ${input.category} story.`,
    );
  return { commentary, insights: insights.slice(0, 5), implications: implications.slice(0, 4) };
}
