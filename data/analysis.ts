/**
 * The `hybridAnalysis` of an Article (spec section 3) as the server stores it and the client
 * reads it, plus the detail-view limits (spec section 9) and small readers for the fields whose
 * shape varies across producers.
 *
 * Every field is optional by design: the spec is a union of what several analysers wrote, and an
 * analyser leaves out what it cannot do honestly (for example the offline analyser skips
 * sentiment for non-English text). `provenance` says, per field, how the value was made or why it
 * is absent, so the UI can label heuristic output as such.
 *
 * Pure TypeScript, shared with the browser: no Node APIs here.
 */

/** Spec section 9, "Detail limits". */
export const MAX_TAKEAWAYS = 5;
export const MAX_TAGS = 8;
export const MAX_QUOTES = 3;
export const MAX_LOCATIONS = 6;
export const MAX_ENTITIES_PER_LIST = 8;
/** Longest extractive summary the offline analyser produces (characters). */
export const MAX_SUMMARY_CHARS = 400;

export const ANALYSIS_LIMITS = {
  takeaways: MAX_TAKEAWAYS,
  tags: MAX_TAGS,
  quotes: MAX_QUOTES,
  locations: MAX_LOCATIONS,
  entitiesPerList: MAX_ENTITIES_PER_LIST,
  summaryChars: MAX_SUMMARY_CHARS,
} as const;

/**
 * The 15 hybridAnalysis fields of the spec (section 3): the v4 `completeness` filter counts them
 * (server) and the dialog reports them as processed schemas (client).
 */
export const ANALYSIS_SCHEMA_FIELDS = [
  'contentSummary',
  'keyTakeaways',
  'riskAssessment',
  'sentimentAnalysis',
  'entityExtraction',
  'geographicAnalysis',
  'tagExtraction',
  'quoteExtraction',
  'credibilityAssessment',
  'aiCommentary',
  'aiInsights',
  'aiImplications',
  'engagementPrediction',
  'viralityPrediction',
  'emojiSelection',
] as const;

/** Spec section 9 "Demo data": the eight categories, plus 'general' when none fits. */
export const ANALYSIS_CATEGORIES = [
  'politics',
  'technology',
  'business',
  'science',
  'health',
  'entertainment',
  'sports',
  'environment',
  'general',
] as const;
export type AnalysisCategory = (typeof ANALYSIS_CATEGORIES)[number];

export const RISK_LEVELS = ['critical', 'high', 'medium', 'low'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

export const SENTIMENT_LABELS = ['positive', 'negative', 'neutral', 'mixed'] as const;
export type SentimentLabel = (typeof SENTIMENT_LABELS)[number];

export const REALITY_TYPES = ['fact', 'fiction', 'mixed', 'unverified'] as const;
export type RealityType = (typeof REALITY_TYPES)[number];

/**
 * How a field was made. 'skipped' means the field is absent on purpose; `detail` says why
 * (e.g. 'skipped: non-English').
 */
export const PROVENANCE_METHODS = [
  'extractive',
  'lexicon',
  'rule-based',
  'heuristic',
  'template',
  'model',
  'skipped',
] as const;
export type ProvenanceMethod = (typeof PROVENANCE_METHODS)[number];

export interface FieldProvenance {
  method: ProvenanceMethod;
  /** One short human-readable line: what the method looked at, or why the field was skipped. */
  detail: string;
}

export interface QuoteItem {
  /** Verbatim text between the quotation marks. */
  text: string;
  /** Who said it, when the text names them; null otherwise. */
  speaker: string | null;
}

export interface MentionedLocation {
  name: string;
  /** 0..1, 1 for the most prominent place. */
  relevance: number;
}

export interface HybridAnalysis {
  contentSummary?: { summary: string };
  /** A list, or `{takeaways}` in some producers; read with `readTakeaways`. */
  keyTakeaways?: string[] | { takeaways: string[] };
  riskAssessment?: { level: RiskLevel; score: number };
  /** 0..1: how much material the analysis had to work with. */
  confidenceScore?: number;
  sentimentAnalysis?: { overall: SentimentLabel; score: number };
  entityExtraction?: { persons: string[]; organizations: string[]; locations: string[] };
  geographicAnalysis?: {
    primary_location: { name: string } | null;
    country: string | null;
    mentioned_locations: MentionedLocation[];
  };
  tagExtraction?: { tags: string[] };
  /** Items are plain strings in some producers; read with `readQuotes`. */
  quoteExtraction?: { quotes: (string | QuoteItem)[] };
  credibilityAssessment?: { score: number; explanation: string };
  aiCommentary?: { commentary: string };
  aiInsights?: { insights: string[] };
  aiImplications?: { implications: string[] };
  engagementPrediction?: { score: number };
  viralityPrediction?: { score: number };
  emojiSelection?: { emoji: string; primaryEmojis: string[]; emojis: string[] };
  /** "Entities as a map of lists of names in some views" (spec section 3). */
  entities?: Record<string, string[]>;

  category?: AnalysisCategory;
  realityType?: RealityType;
  /** ISO 639-1 code, or 'und' when undetermined. */
  language?: string;
  /** ISO 8601. */
  analyzedAt?: string;
  analyser?: { name: string; version: string };
  provenance?: AnalysisProvenance;
}

/** The fields that carry a provenance record. */
export type AnalysisFieldName = Exclude<
  keyof HybridAnalysis,
  'provenance' | 'analyzedAt' | 'analyser' | 'entities'
>;

export type AnalysisProvenance = Partial<Record<AnalysisFieldName, FieldProvenance>>;

/** Takeaways whichever shape the producer used. */
export function readTakeaways(analysis: HybridAnalysis | null | undefined): string[] {
  const value = analysis?.keyTakeaways;
  if (value === undefined) return [];
  const list = Array.isArray(value) ? value : value.takeaways;
  return list.filter((item) => typeof item === 'string').slice(0, MAX_TAKEAWAYS);
}

/** Quotes as `{text, speaker}` whichever shape the producer used. */
export function readQuotes(analysis: HybridAnalysis | null | undefined): QuoteItem[] {
  const quotes = analysis?.quoteExtraction?.quotes ?? [];
  return quotes
    .map((quote) => (typeof quote === 'string' ? { text: quote, speaker: null } : quote))
    .slice(0, MAX_QUOTES);
}

/** Risk level for a 0..100 score; the thresholds the offline analyser uses. */
export function riskLevelForScore(score: number): RiskLevel {
  if (score >= 75) return 'critical';
  if (score >= 50) return 'high';
  if (score >= 25) return 'medium';
  return 'low';
}

/** True when the field was produced by a heuristic, lexicon or template (UI shows a hint). */
export function isApproximate(analysis: HybridAnalysis, field: AnalysisFieldName): boolean {
  const method = analysis.provenance?.[field]?.method;
  return method === 'heuristic' || method === 'template' || method === 'lexicon';
}

/**
 * The summary line of the analysis a wire article holds (its `hybridAnalysis`): the content
 * summary, else 'AI analysis'; null when it holds none (lists leave the analysis out).
 */
export function heldAnalysisSummary(raw: unknown): string | null {
  const isObj = (v: unknown): v is Record<string, unknown> =>
    typeof v === 'object' && v !== null && !Array.isArray(v);
  const analysis = isObj(raw) ? raw['hybridAnalysis'] : undefined;
  if (!isObj(analysis)) return null;
  const summary = isObj(analysis['contentSummary']) ? analysis['contentSummary']['summary'] : null;
  return typeof summary === 'string' && summary.trim() !== '' ? summary.trim() : 'AI analysis';
}
