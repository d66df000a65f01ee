/**
 * The reply schema sent as `response_format: json_schema` and the validation the analyser always
 * does itself: OpenAI-compatible servers (Ollama, vLLM, llama.cpp) accept a schema without always
 * enforcing it, and reasoning models wrap the JSON in `<think>` blocks or code fences.
 *
 * Every property is required and closed (strict mode wants that); each top-level property is
 * validated on its own so one bad field does not throw away the good ones. Properties the schema
 * does not name (a model adding `latitude`, say) are removed, not fatal.
 */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import {
  ANALYSIS_CATEGORIES,
  MAX_ENTITIES_PER_LIST,
  MAX_LOCATIONS,
  MAX_QUOTES,
  MAX_TAGS,
  MAX_TAKEAWAYS,
  REALITY_TYPES,
  RISK_LEVELS,
  SENTIMENT_LABELS,
  type AnalysisCategory,
  type RealityType,
  type RiskLevel,
  type SentimentLabel,
} from '../../../data/analysis';

export const SCHEMA_NAME = 'atlas_article_analysis';

const text = (maxLength: number) => ({ type: 'string', minLength: 1, maxLength }) as const;
const list = (maxItems: number, maxLength = 300) =>
  ({ type: 'array', maxItems, items: text(maxLength) }) as const;
const closed = (properties: Record<string, object>) => ({
  type: 'object',
  additionalProperties: false,
  required: Object.keys(properties),
  properties,
});
const nullableName = { type: ['string', 'null'], maxLength: 120 } as const;

/** One JSON schema per reply field, in the order the model is asked to write them. */
export const FIELD_SCHEMAS = {
  summary: text(1200),
  keyTakeaways: list(MAX_TAKEAWAYS),
  sentiment: closed({
    overall: { type: 'string', enum: [...SENTIMENT_LABELS] },
    score: { type: 'number', minimum: -1, maximum: 1 },
  }),
  risk: closed({
    level: { type: 'string', enum: [...RISK_LEVELS] },
    score: { type: 'number', minimum: 0, maximum: 100 },
  }),
  category: { type: 'string', enum: [...ANALYSIS_CATEGORIES] },
  realityType: { type: 'string', enum: [...REALITY_TYPES] },
  entities: closed({
    persons: list(MAX_ENTITIES_PER_LIST, 120),
    organizations: list(MAX_ENTITIES_PER_LIST, 120),
    locations: list(MAX_ENTITIES_PER_LIST, 120),
  }),
  geography: closed({
    primaryLocation: nullableName,
    country: nullableName,
    mentionedLocations: list(MAX_LOCATIONS, 120),
  }),
  tags: list(MAX_TAGS, 60),
  quotes: {
    type: 'array',
    maxItems: MAX_QUOTES,
    items: closed({ text: text(600), speaker: nullableName }),
  },
  credibility: closed({
    score: { type: 'number', minimum: 0, maximum: 1 },
    explanation: text(600),
  }),
  commentary: text(1200),
  insights: list(5),
  implications: list(5),
} as const;

export type LlmFieldName = keyof typeof FIELD_SCHEMAS;
export const LLM_FIELDS = Object.keys(FIELD_SCHEMAS) as LlmFieldName[];

/** The reply fields as TypeScript sees them after validation. */
export interface LlmFields {
  summary: string;
  keyTakeaways: string[];
  sentiment: { overall: SentimentLabel; score: number };
  risk: { level: RiskLevel; score: number };
  category: AnalysisCategory;
  realityType: RealityType;
  entities: { persons: string[]; organizations: string[]; locations: string[] };
  geography: {
    primaryLocation: string | null;
    country: string | null;
    mentionedLocations: string[];
  };
  tags: string[];
  quotes: { text: string; speaker: string | null }[];
  credibility: { score: number; explanation: string };
  commentary: string;
  insights: string[];
  implications: string[];
}

/** The whole reply schema, as sent in the request. */
export const REPLY_SCHEMA = closed(FIELD_SCHEMAS);

const ajv = new Ajv({
  coerceTypes: false,
  useDefaults: false,
  allErrors: true,
  strict: true,
  allowUnionTypes: true,
  // Extra properties are dropped (never trusted, never fatal): see the module comment.
  removeAdditional: 'all',
});

const validators = Object.fromEntries(
  LLM_FIELDS.map((field) => [field, ajv.compile(FIELD_SCHEMAS[field])]),
) as Record<LlmFieldName, ValidateFunction>;

export interface FieldCheck {
  /** The fields that validated (extra properties removed). */
  fields: Partial<LlmFields>;
  /** One readable line per problem, e.g. '/sentiment/score must be <= 1'. */
  errors: string[];
}

function describe(field: string, error: ErrorObject): string {
  const where = `/${field}${error.instancePath}`;
  const allowed =
    error.keyword === 'enum'
      ? ` (${(error.params as { allowedValues: unknown[] }).allowedValues.join(', ')})`
      : '';
  return `${where} ${error.message ?? 'is invalid'}${allowed}`;
}

/** Validates each reply field on its own; missing fields are reported as errors. */
export function checkFields(value: unknown): FieldCheck {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { fields: {}, errors: ['the reply must be one JSON object'] };
  }
  const record = value as Record<string, unknown>;
  const fields: Record<string, unknown> = {};
  const errors: string[] = [];
  for (const field of LLM_FIELDS) {
    if (!(field in record) || record[field] === undefined) {
      errors.push(`/${field} is missing`);
      continue;
    }
    const candidate = record[field];
    const validate = validators[field];
    if (validate(candidate)) fields[field] = candidate;
    else for (const error of validate.errors ?? []) errors.push(describe(field, error));
  }
  return { fields, errors };
}

export type Extracted = { ok: true; value: unknown } | { ok: false; error: string };

/**
 * The JSON object in a model reply: `<think>...</think>` blocks (also an unclosed one at the start)
 * and ``` fences removed, then the outermost {...} parsed.
 */
export function extractJson(reply: string): Extracted {
  let body = reply.replace(/<think>[\s\S]*?<\/think>/gi, '');
  // An unterminated think block hides everything after it; a stray closing tag ends one.
  const closing = body.search(/<\/think>/i);
  if (closing >= 0) body = body.slice(closing + '</think>'.length);
  if (/<think>/i.test(body)) body = body.replace(/<think>[\s\S]*$/i, '');
  const fenced = /```(?:json|JSON)?\s*([\s\S]*?)```/.exec(body);
  if (fenced?.[1] !== undefined) body = fenced[1];
  const start = body.indexOf('{');
  if (start < 0) return { ok: false, error: 'the reply contains no JSON object' };
  const end = body.lastIndexOf('}');
  // Without a closing brace, parse the rest anyway: its error says where the JSON stops.
  const candidate = end > start ? body.slice(start, end + 1) : body.slice(start);
  try {
    return { ok: true, value: JSON.parse(candidate) as unknown };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, error: `the reply is not valid JSON: ${reason.slice(0, 160)}` };
  }
}
