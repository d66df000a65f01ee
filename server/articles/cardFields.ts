/**
 * The card fields a list carries (the feed page's Breaking/Trending/Verified badges and its
 * minimum-engagement filter read them; the globe's reality-type filter reads realityType): a few numbers and short strings taken from the stored
 * analysis. The full analysis stays on GET /api/articles/:id.
 */
import { REALITY_TYPES, type RealityType } from '../../data/analysis';
import type { ArticleCardFields } from '../../data/article';

const MAX_CARD_TAGS = 5;

function unit(value: unknown, scale = 1): number | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value)) return undefined;
  const x = value / scale;
  return Math.round(Math.min(1, Math.max(0, x)) * 1000) / 1000;
}

function field(obj: unknown, ...path: string[]): unknown {
  let cur: unknown = obj;
  for (const key of path) {
    if (typeof cur !== 'object' || cur === null) return undefined;
    cur = (cur as Record<string, unknown>)[key];
  }
  return cur;
}

/** Card fields of a stored analysis JSON; empty when not analysed or unreadable. */
export function cardFieldsOf(json: string | null | undefined): ArticleCardFields {
  if (json === null || json === undefined || json === '') return {};
  let a: unknown;
  try {
    a = JSON.parse(json);
  } catch {
    return {};
  }
  const out: ArticleCardFields = {};
  const engagement = unit(field(a, 'engagementPrediction', 'score'));
  if (engagement !== undefined) out.engagement = engagement;
  const virality = unit(field(a, 'viralityPrediction', 'score'));
  if (virality !== undefined) out.virality = virality;
  const credibility = unit(field(a, 'credibilityAssessment', 'score'));
  if (credibility !== undefined) out.credibility = credibility;
  // Risk is scored 0..100; urgency is its 0..1 form.
  const urgency = unit(field(a, 'riskAssessment', 'score'), 100);
  if (urgency !== undefined) out.urgencyScore = urgency;
  const reality = field(a, 'realityType');
  if ((REALITY_TYPES as readonly unknown[]).includes(reality)) {
    out.realityType = reality as RealityType;
  }
  const tags = field(a, 'tagExtraction', 'tags');
  if (Array.isArray(tags)) {
    out.tags = tags.filter((t): t is string => typeof t === 'string').slice(0, MAX_CARD_TAGS);
  }
  const insights = field(a, 'aiInsights', 'insights');
  if (Array.isArray(insights)) {
    const first = insights.find((i): i is string => typeof i === 'string' && i !== '');
    if (first !== undefined) out.insights = [first];
  }
  return out;
}
