/**
 * The optional LLM analyser: asks an OpenAI-compatible chat completions endpoint for the fields a
 * language model does better than rules (summary, takeaways, tone, risk, entities, quotes,
 * commentary...), and fills everything else - and everything the model got wrong - from the
 * offline analyser, field by field, keeping the offline provenance there. It never rejects because
 * of the model: 429/5xx/timeouts/network errors, a spent daily budget or a 429 cool-down give the
 * whole offline result.
 *
 * Per article: offline analysis -> cache (prompt version, model, text hash) -> budget and
 * cool-down check -> one request -> validate -> at most one repair turn quoting the errors ->
 * ground quotes and names in the article text -> cache -> merge. Coordinates never come from the
 * model: the reply schema has none, extra properties are dropped, and the pipeline geocodes names
 * with the gazetteer.
 */
import type { Kysely } from 'kysely';
import {
  MAX_LOCATIONS,
  riskLevelForScore,
  type AnalysisFieldName,
  type AnalysisProvenance,
  type HybridAnalysis,
} from '../../../data/analysis';
import type { LlmConfig } from '../../config';
import type { Database } from '../../db/schema';
import { ANALYSIS_TIMEOUT_MS } from '../../articles/analyse';
import type { Analyser, AnalysisInput } from '../analyser';
import { chatCompletion, describeEndpoint, LlmCallError, redactor, type ChatReply } from './client';
import { groundingFor } from './grounding';
import { articleText, firstTurn, PROMPT_VERSION, repairTurn, type ChatMessage } from './prompt';
import {
  checkFields,
  extractJson,
  LLM_FIELDS,
  REPLY_SCHEMA,
  SCHEMA_NAME,
  type LlmFieldName,
  type LlmFields,
} from './schema';
import { addTokens, cacheKey, readCache, tokensUsed, utcDay, writeCache } from './store';

export { PROMPT_VERSION } from './prompt';

/** The subset of a pino/Fastify logger the analyser writes to. */
export interface LlmLog {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}

export interface LlmAnalyserDeps {
  db: Kysely<Database>;
  config: LlmConfig;
  /** The fallback; its result is the base every model field is laid over. */
  offline: Analyser;
  log: LlmLog;
  fetch?: typeof fetch;
  now?: () => Date;
  /**
   * Longest time for all model turns of one analysis. The HTTP layer gives an analysis
   * ANALYSIS_TIMEOUT_MS in total, so the default leaves room to fall back to offline before that;
   * the effective per-request timeout is the smaller of this remainder and config.timeoutMs.
   */
  deadlineMs?: number;
}

/** Time kept back from ANALYSIS_TIMEOUT_MS for the fallback and the database writes. */
const FALLBACK_MARGIN_MS = 3_000;
/** Not worth starting a request with less time than this left. */
const MIN_REQUEST_MS = 1_000;
/** Cool-down after a 429 without a readable Retry-After, and the longest one honoured. */
const DEFAULT_COOLDOWN_MS = 30_000;
const MAX_COOLDOWN_MS = 60 * 60_000;

/** Which hybridAnalysis fields each reply field fills. */
const TARGETS: Record<LlmFieldName, AnalysisFieldName> = {
  summary: 'contentSummary',
  keyTakeaways: 'keyTakeaways',
  sentiment: 'sentimentAnalysis',
  risk: 'riskAssessment',
  category: 'category',
  realityType: 'realityType',
  entities: 'entityExtraction',
  geography: 'geographicAnalysis',
  tags: 'tagExtraction',
  quotes: 'quoteExtraction',
  credibility: 'credibilityAssessment',
  commentary: 'aiCommentary',
  insights: 'aiInsights',
  implications: 'aiImplications',
};

interface ModelOutcome {
  fields: Partial<LlmFields>;
  /** Errors left after the repair turn (logged; the fields they name came from offline). */
  errors: string[];
  turns: number;
}

export function createLlmAnalyser(deps: LlmAnalyserDeps): Analyser {
  const { db, config, offline, log } = deps;
  const now = deps.now ?? (() => new Date());
  const deadlineMs = deps.deadlineMs ?? ANALYSIS_TIMEOUT_MS - FALLBACK_MARGIN_MS;
  const redact = redactor(config);
  const endpoint = describeEndpoint(config.url);
  const name = `llm:${config.model}+offline`;
  let cooldownUntil = 0;
  let budgetLoggedFor = '';

  const warn = (details: Record<string, unknown>, message: string): void => {
    const safe = JSON.parse(redact(JSON.stringify(details))) as Record<string, unknown>;
    log.warn({ analyser: name, endpoint, ...safe }, redact(message));
  };

  async function call(messages: readonly ChatMessage[], started: number): Promise<ChatReply> {
    const remaining = started + deadlineMs - Date.now();
    if (remaining < MIN_REQUEST_MS) {
      throw new LlmCallError('timeout', 'no time left for a model request', null, null);
    }
    const reply = await chatCompletion(config, {
      messages,
      schemaName: SCHEMA_NAME,
      schema: REPLY_SCHEMA,
      timeoutMs: Math.min(config.timeoutMs, remaining),
      ...(deps.fetch === undefined ? {} : { fetch: deps.fetch }),
    });
    // Servers that report no usage are charged an estimate of ~4 characters per token.
    const sent = messages.reduce((sum, m) => sum + m.content.length, 0);
    const tokens = reply.totalTokens ?? Math.ceil((sent + reply.content.length) / 4);
    await addTokens(db, utcDay(now()), tokens);
    return reply;
  }

  async function budgetLeft(): Promise<boolean> {
    return (await tokensUsed(db, utcDay(now()))) < config.dailyTokens;
  }

  async function askModel(article: string, started: number): Promise<ModelOutcome> {
    const messages = firstTurn(article);
    const first = await call(messages, started);
    const firstCheck = check(first);
    if (firstCheck.errors.length === 0) return { fields: firstCheck.fields, errors: [], turns: 1 };
    if (!(await budgetLeft())) {
      return { fields: firstCheck.fields, errors: firstCheck.errors, turns: 1 };
    }
    let second: ChatReply;
    try {
      second = await call(
        repairTurn(messages, first.content, firstCheck.errors, first.finishReason === 'length'),
        started,
      );
    } catch (error) {
      // The first reply's valid fields are still worth keeping.
      if (!(error instanceof LlmCallError)) throw error;
      noteCallError(error);
      return { fields: firstCheck.fields, errors: firstCheck.errors, turns: 1 };
    }
    const secondCheck = check(second);
    // Repaired fields win; fields the repair broke keep their first valid value.
    const fields = { ...firstCheck.fields, ...secondCheck.fields };
    const errors = secondCheck.errors.filter((e) => {
      const field = /^\/(\w+)/.exec(e)?.[1];
      return field === undefined || !(field in fields);
    });
    return { fields, errors, turns: 2 };
  }

  function noteCallError(error: LlmCallError): void {
    if (error.kind === 'rate-limited') {
      const wait = Math.min(error.retryAfterMs ?? DEFAULT_COOLDOWN_MS, MAX_COOLDOWN_MS);
      cooldownUntil = Date.now() + wait;
      warn(
        { kind: error.kind, status: error.status, retryAfterMs: wait },
        `LLM analyser rate-limited (${error.message}); offline analysis until the cool-down ends`,
      );
      return;
    }
    warn(
      { kind: error.kind, status: error.status },
      `LLM analyser request failed (${error.message}); using the offline analysis`,
    );
  }

  return {
    name,
    async analyse(input: AnalysisInput): Promise<unknown> {
      const started = Date.now();
      const base = (await offline.analyse(input)) as HybridAnalysis;
      const article = articleText(input);
      if (input.title.trim() === '' && article.split('\n').length <= 1) return base;
      const key = cacheKey(PROMPT_VERSION, config.model, article);
      const grounding = `${input.title}\n${input.description ?? ''}\n${input.content ?? ''}`;

      const cached = await readCache(db, key);
      if (cached !== null) return merge(base, cached, config.model, name, true);

      if (Date.now() < cooldownUntil) return base;
      if (!(await budgetLeft())) {
        // Once per UTC day, not once per article.
        const day = utcDay(now());
        if (budgetLoggedFor !== day) {
          budgetLoggedFor = day;
          log.info(
            { analyser: name, budget: config.dailyTokens, day },
            'LLM daily token budget spent; using the offline analysis until midnight UTC',
          );
        }
        return base;
      }

      let outcome: ModelOutcome;
      try {
        outcome = await askModel(article, started);
      } catch (error) {
        if (!(error instanceof LlmCallError)) throw error;
        noteCallError(error);
        return base;
      }
      const grounded = ground(outcome.fields, grounding, base);
      if (outcome.errors.length > 0) {
        warn(
          { turns: outcome.turns, errors: outcome.errors.slice(0, 10) },
          'LLM reply still invalid after the repair turn; those fields come from the offline analysis',
        );
      }
      if (Object.keys(grounded).length === 0) return base;
      await writeCache(db, key, grounded, now());
      return merge(base, grounded, config.model, name, false);
    },
  };
}

function check(reply: ChatReply): { fields: Partial<LlmFields>; errors: string[] } {
  const extracted = extractJson(reply.content);
  const checked = extracted.ok
    ? checkFields(extracted.value)
    : { fields: {}, errors: [extracted.error] };
  // A cut-off reply that still parsed and validated is usable; otherwise say why it broke.
  if (checked.errors.length > 0 && reply.finishReason === 'length') {
    checked.errors.unshift('the reply was cut off (finish_reason length)');
  }
  return checked;
}

/**
 * Quotes that are not in the article and names that do not occur in it as whole words are
 * dropped; a speaker not named in the article becomes null. A country the text never names is
 * replaced by the offline one (from the built-in place list).
 */
export function ground(
  fields: Partial<LlmFields>,
  text: string,
  offline: HybridAnalysis,
): Partial<LlmFields> {
  const g = groundingFor(text);
  const out: Partial<LlmFields> = { ...fields };
  const names = (list: readonly string[]): string[] => [
    ...new Set(list.map((n) => n.trim()).filter((n) => g.hasName(n))),
  ];
  if (fields.quotes !== undefined) {
    out.quotes = fields.quotes
      .filter((q) => g.hasQuote(q.text))
      .map((q) => ({
        text: q.text.trim(),
        speaker: q.speaker !== null && g.hasName(q.speaker) ? q.speaker.trim() : null,
      }));
  }
  if (fields.entities !== undefined) {
    out.entities = {
      persons: names(fields.entities.persons),
      organizations: names(fields.entities.organizations),
      locations: names(fields.entities.locations),
    };
  }
  if (fields.geography !== undefined) {
    const { primaryLocation, country, mentionedLocations } = fields.geography;
    const primary =
      primaryLocation !== null && g.hasName(primaryLocation) ? primaryLocation.trim() : null;
    const mentioned = names(
      primary === null ? mentionedLocations : [primary, ...mentionedLocations],
    );
    out.geography = {
      primaryLocation: primary,
      country:
        country !== null && g.hasName(country)
          ? country.trim()
          : (offline.geographicAnalysis?.country ?? null),
      mentionedLocations: mentioned.slice(0, MAX_LOCATIONS),
    };
  }
  return out;
}

/** The offline analysis with every model field laid over it (provenance 'model'). */
export function merge(
  offline: HybridAnalysis,
  fields: Partial<LlmFields>,
  model: string,
  analyserName: string,
  cached: boolean,
): HybridAnalysis {
  const result: HybridAnalysis = structuredClone(offline);
  const provenance: AnalysisProvenance = { ...offline.provenance };
  const detail = `${model} via chat completions, prompt v${PROMPT_VERSION}${cached ? ' (cached reply)' : ''}`;
  let used = 0;
  for (const field of LLM_FIELDS) {
    if (fields[field] === undefined) continue;
    apply(result, fields, field);
    const target = TARGETS[field];
    let note = '';
    if (field === 'quotes') note = '; quotes checked against the article text';
    if (field === 'entities' || field === 'geography')
      note = '; names checked against the article text';
    if (field === 'geography') note += '; coordinates from the gazetteer, never the model';
    provenance[target] = { method: 'model', detail: detail + note };
    used += 1;
  }
  if (used === 0) return offline;
  result.provenance = provenance;
  result.analyser = {
    name: analyserName,
    version: `prompt-${PROMPT_VERSION}+${offline.analyser?.name ?? 'offline'}-${offline.analyser?.version ?? '?'}`,
  };
  return result;
}

function apply(result: HybridAnalysis, fields: Partial<LlmFields>, field: LlmFieldName): void {
  switch (field) {
    case 'summary':
      if (fields.summary !== undefined) result.contentSummary = { summary: fields.summary };
      return;
    case 'keyTakeaways':
      if (fields.keyTakeaways !== undefined) result.keyTakeaways = fields.keyTakeaways;
      return;
    case 'sentiment':
      if (fields.sentiment !== undefined) result.sentimentAnalysis = { ...fields.sentiment };
      return;
    case 'risk':
      // The level follows the score with the thresholds the rest of the app uses.
      if (fields.risk !== undefined) {
        const score = Math.round(fields.risk.score);
        result.riskAssessment = { level: riskLevelForScore(score), score };
      }
      return;
    case 'category':
      if (fields.category !== undefined) result.category = fields.category;
      return;
    case 'realityType':
      if (fields.realityType !== undefined) result.realityType = fields.realityType;
      return;
    case 'entities':
      if (fields.entities !== undefined) result.entityExtraction = { ...fields.entities };
      return;
    case 'geography':
      if (fields.geography !== undefined) {
        const { primaryLocation, country, mentionedLocations } = fields.geography;
        const n = mentionedLocations.length;
        result.geographicAnalysis = {
          primary_location: primaryLocation === null ? null : { name: primaryLocation },
          country,
          // The model lists places by prominence; relevance falls off linearly with rank.
          mentioned_locations: mentionedLocations.map((name, i) => ({
            name,
            relevance: Math.round((1 - i / Math.max(n, 1)) * 100) / 100,
          })),
        };
      }
      return;
    case 'tags':
      if (fields.tags !== undefined) result.tagExtraction = { tags: fields.tags };
      return;
    case 'quotes':
      if (fields.quotes !== undefined) result.quoteExtraction = { quotes: fields.quotes };
      return;
    case 'credibility':
      if (fields.credibility !== undefined)
        result.credibilityAssessment = { ...fields.credibility };
      return;
    case 'commentary':
      if (fields.commentary !== undefined) result.aiCommentary = { commentary: fields.commentary };
      return;
    case 'insights':
      if (fields.insights !== undefined) result.aiInsights = { insights: fields.insights };
      return;
    case 'implications':
      if (fields.implications !== undefined) {
        result.aiImplications = { implications: fields.implications };
      }
      return;
  }
}
