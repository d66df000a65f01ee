/**
 * POST /api/articles/:id/ask {question}: the spatial workspace's action buttons ('Explain this
 * event', 'How does it impact region?', 'What is historical context?').
 *
 * With the LLM configured (ATLAS_LLM_URL), a prompt over the article, its stored analysis and the
 * related articles (same place, shared entities) asks the model for a short answer (provenance
 * 'model'); without it, or when the model fails, an offline answer is assembled from the same
 * material (provenance 'template', saying what it used). Answers are cached per article, question
 * and analysis version; signed-in users only (the aiInsights capability, like AI insights) and
 * rate limited per role.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { normalizeArticle, type NormalizedArticle } from '../../data/articleNormalizer';
import {
  ASK_LABELS,
  ASK_QUESTIONS,
  type AskAnswer,
  type AskQuestion,
  type AskRelated,
} from '../../data/askArticle';
import type { Role } from '../../data/permissions';
import { chatCompletion } from '../analysis/llm/client';
import { findArticleById } from '../articles/queries';
import { ARTICLE_DETAIL_COLUMNS, rowToArticleDetail } from '../articles/rowToArticle';
import { articleIdParamsSchema, errorJsonSchema } from '../articles/schemas';
import { requireCapability } from '../auth/guards';
import type { LlmConfig } from '../config';
import type { Database } from '../db/schema';
import { articleErrorHandler, requireJsonBody, sendError } from './articles/common';

export const ASK_PATH = '/api/articles/:id/ask';
/** Questions per role per window (guests never get this far). */
export const ASK_LIMITS: Readonly<Record<Role, number>> = { guest: 0, user: 20, admin: 200 };
export const ASK_WINDOW_MS = 60_000;
export const ASK_CACHE_MAX = 500;
export const ASK_CACHE_MS = 60 * 60_000;
/** Related articles considered (the newest rows) and reported. */
const RELATED_SCAN = 400;
const RELATED_MAX = 3;
const ASK_TIMEOUT_MS = 20_000;

export interface AskDeps {
  db: Kysely<Database>;
  llm?: LlmConfig | undefined;
  fetch?: typeof fetch;
  now?: () => number;
}

const answerSchema = {
  type: 'object',
  required: ['question', 'answer', 'provenance', 'detail', 'related', 'cached'],
  properties: {
    question: { type: 'string', enum: [...ASK_QUESTIONS] },
    answer: { type: 'string' },
    provenance: { type: 'string', enum: ['model', 'template'] },
    detail: { type: 'string' },
    related: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'title', 'reason'],
        properties: {
          id: { type: 'string' },
          title: { type: 'string' },
          reason: { type: 'string' },
        },
      },
    },
    cached: { type: 'boolean' },
  },
} as const;

type Related = AskRelated & { article: NormalizedArticle };

const entityNames = (a: NormalizedArticle): string[] =>
  [...a.entities.people, ...a.entities.organizations, ...a.entities.locations].map((e) =>
    e.name.toLowerCase(),
  );

/** Articles at the same place (location name or country) or sharing a named entity. */
export function relatedArticles(
  a: NormalizedArticle,
  candidates: readonly NormalizedArticle[],
): Related[] {
  const names = new Set(entityNames(a));
  const raw = a.location.name.toLowerCase();
  const place = raw === 'unknown location' ? '' : raw;
  const country = (a.location.country ?? '').toLowerCase();
  const out: (Related & { score: number })[] = [];
  for (const c of candidates) {
    if (c.id === a.id) continue;
    const shared = entityNames(c).find((n) => names.has(n));
    const samePlace =
      (place !== '' && c.location.name.toLowerCase() === place) ||
      (country !== '' && (c.location.country ?? '').toLowerCase() === country);
    if (shared === undefined && !samePlace) continue;
    const sharedName =
      shared === undefined
        ? ''
        : ([...c.entities.people, ...c.entities.organizations, ...c.entities.locations].find(
            (e) => e.name.toLowerCase() === shared,
          )?.name ?? shared);
    out.push({
      id: c.id,
      title: c.title,
      reason: shared !== undefined ? `shares ${sharedName}` : 'same place',
      article: c,
      score: (shared !== undefined ? 2 : 0) + (samePlace ? 1 : 0),
    });
  }
  out.sort((x, y) => y.score - x.score || (y.article.timestamp ?? 0) - (x.article.timestamp ?? 0));
  return out.slice(0, RELATED_MAX).map(({ id, title, reason, article }) => ({
    id,
    title,
    reason,
    article,
  }));
}

const list = (items: readonly string[]): string =>
  items.length <= 1
    ? (items[0] ?? '')
    : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1] ?? ''}`;

const sentence = (s: string): string => {
  const t = s.trim();
  return t === '' ? '' : /[.!?]$/.test(t) ? t : `${t}.`;
};

/** The offline answer: only what the article, its analysis and the related articles say. */
export function offlineAnswer(
  q: AskQuestion,
  a: NormalizedArticle,
  related: readonly Related[],
): { answer: string; detail: string } {
  const place =
    a.location.name !== '' && a.location.name !== 'Unknown Location'
      ? a.location.name
      : 'an unspecified place';
  const who = list(
    [...a.entities.people, ...a.entities.organizations].slice(0, 3).map((e) => e.name),
  );
  const used: string[] = ['the article'];
  const parts: string[] = [];
  if (q === 'explain') {
    parts.push(sentence(a.summary));
    if (who !== '') parts.push(`Named in the story: ${who}.`);
    if (a.takeaways.length > 0) {
      used.push('its key takeaways');
      parts.push(`Key points: ${a.takeaways.slice(0, 2).map(sentence).join(' ')}`);
    }
  } else if (q === 'impact') {
    parts.push(`This ${a.category.toLowerCase()} story is located in ${place}.`);
    if (a.implications.length > 0) {
      used.push('its analysed implications');
      parts.push(`Possible impacts: ${a.implications.slice(0, 3).map(sentence).join(' ')}`);
    } else if (a.insights.length > 0) {
      used.push('its analysed insights');
      parts.push(a.insights.slice(0, 2).map(sentence).join(' '));
    } else {
      parts.push('No impacts have been analysed for it yet.');
    }
    const near = related.filter((r) => r.reason === 'same place');
    if (near.length > 0) {
      used.push(`${near.length} article${near.length === 1 ? '' : 's'} from the same place`);
      parts.push(`Also reported from there: ${near.map((r) => `"${r.title}"`).join('; ')}.`);
    }
  } else {
    if (related.length > 0) {
      used.push(`${related.length} related article${related.length === 1 ? '' : 's'}`);
      parts.push(
        `Earlier and related coverage in ATLAS: ${related
          .map((r) => `"${r.title}" (${r.reason})`)
          .join('; ')}.`,
      );
    } else {
      parts.push('ATLAS holds no earlier articles about the same place or people.');
    }
    if (a.commentary !== null) {
      used.push('its commentary');
      parts.push(sentence(a.commentary));
    }
  }
  parts.push('Offline answer: assembled from stored text, not written by a language model.');
  return { answer: parts.filter((p) => p !== '').join(' '), detail: `Built from ${list(used)}.` };
}

function prompt(q: AskQuestion, a: NormalizedArticle, related: readonly Related[]): string {
  const lines = [
    `Question: ${ASK_LABELS[q]}`,
    `Title: ${a.title}`,
    `Place: ${a.location.name}${a.location.country !== null ? `, ${a.location.country}` : ''}`,
    `Category: ${a.category}`,
    `Published: ${a.publishedAt ?? 'unknown'}`,
    `Summary: ${a.summary}`,
  ];
  if (a.content !== null) lines.push(`Text: ${a.content.slice(0, 4000)}`);
  if (a.takeaways.length > 0) lines.push(`Takeaways: ${a.takeaways.join(' | ')}`);
  if (a.implications.length > 0) lines.push(`Implications: ${a.implications.join(' | ')}`);
  for (const r of related) lines.push(`Related (${r.reason}): ${r.title} - ${r.article.summary}`);
  return lines.join('\n');
}

const SYSTEM =
  'You answer questions about one news article for readers of a news globe. Use only the ' +
  'article and related articles given; say plainly when they do not contain the answer. ' +
  'At most 120 words. Reply with JSON {"answer": string}.';

async function modelAnswer(
  deps: AskDeps,
  llm: LlmConfig,
  q: AskQuestion,
  a: NormalizedArticle,
  related: readonly Related[],
): Promise<string> {
  const reply = await chatCompletion(llm, {
    messages: [
      { role: 'system', content: SYSTEM },
      { role: 'user', content: prompt(q, a, related) },
    ],
    schemaName: 'atlas_ask',
    schema: {
      type: 'object',
      properties: { answer: { type: 'string' } },
      required: ['answer'],
      additionalProperties: false,
    },
    timeoutMs: Math.min(llm.timeoutMs, ASK_TIMEOUT_MS),
    ...(deps.fetch === undefined ? {} : { fetch: deps.fetch }),
  });
  const parsed = JSON.parse(reply.content) as { answer?: unknown };
  if (typeof parsed.answer !== 'string' || parsed.answer.trim() === '') {
    throw new Error('the model sent no answer');
  }
  return parsed.answer.trim();
}

export function registerAskRoutes(app: FastifyInstance, deps: AskDeps): void {
  const now = deps.now ?? Date.now;
  const cache = new Map<string, { at: number; answer: Omit<AskAnswer, 'cached'> }>();
  const calls = new Map<string, number[]>();

  const limited = (request: FastifyRequest): boolean => {
    const { role, user } = request.auth;
    const limit = ASK_LIMITS[role];
    const key = user?.id ?? request.ip;
    const t = now();
    const recent = (calls.get(key) ?? []).filter((at) => t - at < ASK_WINDOW_MS);
    if (recent.length >= limit) {
      calls.set(key, recent);
      return true;
    }
    recent.push(t);
    calls.set(key, recent);
    return false;
  };

  app.post<{ Params: { id: string }; Body: { question: AskQuestion } }>(
    ASK_PATH,
    {
      onRequest: requireCapability('aiInsights'),
      errorHandler: articleErrorHandler,
      preValidation: requireJsonBody,
      schema: {
        summary: 'Ask about one article (signed-in users)',
        description:
          "question: 'explain' (Explain this event), 'impact' (How does it impact region?), " +
          "'history' (What is historical context?). provenance 'model' when the configured LLM " +
          "wrote the answer, 'template' for the offline answer built from the article, its " +
          'analysis and related articles (same place, shared entities). Cached per article, ' +
          `question and analysis; ${ASK_LIMITS.user} questions a minute per user ` +
          `(${ASK_LIMITS.admin} for admins), then 429.`,
        tags: ['articles'],
        security: [{ bearerAuth: [] }],
        params: articleIdParamsSchema,
        body: {
          type: 'object',
          required: ['question'],
          additionalProperties: false,
          properties: { question: { type: 'string', enum: [...ASK_QUESTIONS] } },
        },
        response: {
          200: answerSchema,
          ...Object.fromEntries([400, 401, 403, 404, 415, 429].map((c) => [c, errorJsonSchema])),
        },
      },
    },
    async (request, reply) => {
      if (limited(request)) {
        return sendError(reply, 429, 'Too many questions: try again in a minute');
      }
      const row = await findArticleById(deps.db, request.params.id);
      if (row === undefined) return sendError(reply, 404, 'Article not found');
      const article = normalizeArticle(rowToArticleDetail(row));
      if (article === null) return sendError(reply, 404, 'Article not found');
      const q = request.body.question;
      // A new analysis (status, stored text) makes a new key.
      const version = `${row.analysis_status}:${row.hybrid_analysis?.length ?? 0}`;
      const key = `${row.id}|${q}|${version}|${deps.llm === undefined ? 'offline' : deps.llm.model}`;
      const hit = cache.get(key);
      if (hit !== undefined && now() - hit.at < ASK_CACHE_MS)
        return { ...hit.answer, cached: true };

      const rows = await deps.db
        .selectFrom('articles')
        .select(ARTICLE_DETAIL_COLUMNS)
        .where('story_id', 'is', null)
        .orderBy('created_at', 'desc')
        .limit(RELATED_SCAN)
        .execute();
      const candidates = rows
        .map((r) => normalizeArticle(rowToArticleDetail(r)))
        .filter((a): a is NormalizedArticle => a !== null);
      const related = relatedArticles(article, candidates);
      let answer: Omit<AskAnswer, 'cached'> | null = null;
      let fallbackWhy = '';
      if (deps.llm !== undefined) {
        try {
          answer = {
            question: q,
            answer: await modelAnswer(deps, deps.llm, q, article, related),
            provenance: 'model',
            detail: `Written by ${deps.llm.model} from the article and ${related.length} related article${related.length === 1 ? '' : 's'}.`,
            related: related.map(({ id, title, reason }) => ({ id, title, reason })),
          };
        } catch (error) {
          fallbackWhy = ` The language model failed (${error instanceof Error ? error.message : 'error'}).`;
          request.log.warn({ articleId: row.id }, `ask: model failed, offline answer`);
        }
      }
      if (answer === null) {
        const off = offlineAnswer(q, article, related);
        answer = {
          question: q,
          answer: off.answer,
          provenance: 'template',
          detail: off.detail + fallbackWhy,
          related: related.map(({ id, title, reason }) => ({ id, title, reason })),
        };
      }
      // A model failure is not cached: the next ask tries the model again.
      if (fallbackWhy === '') {
        cache.set(key, { at: now(), answer });
        if (cache.size > ASK_CACHE_MAX) {
          const oldest = cache.keys().next().value;
          if (oldest !== undefined) cache.delete(oldest);
        }
      }
      return { ...answer, cached: false };
    },
  );
}
