/**
 * The one rule for role-gated article content (issue #28, spec application.md section 6): basic
 * analysis and AI insights are for signed-in users, so the server omits those fields for guests
 * on EVERY path that returns articles (GET /api/articles/:id, every list and search, markers,
 * v4). Socket payloads need no gate: guests cannot subscribe (capability realTimeData).
 *
 * To gate a new article field, add its name to GATED_ARTICLE_FIELDS; every route applies this
 * function, and the list cache keys on the role class (roleClass), so nothing else changes.
 */
import { can, type Role } from '../../data/permissions';

/**
 * Article fields that carry basic analysis or AI insights (spec section 6): the whole analysis,
 * and the list cards' AI insight line. The cards' numeric scores (engagement, virality,
 * credibility, urgency) and tags stay: they are what the feed's Breaking / Trending / Verified
 * filters and badges read on a guest-allowed page.
 */
export const GATED_ARTICLE_FIELDS = ['hybridAnalysis', 'insights'] as const;

/** Whether `role` may see the gated fields. */
export function seesAnalysis(role: Role): boolean {
  return can(role, 'basicAnalysis') && can(role, 'aiInsights');
}

/** 'full' or 'guest': what part of a cached body differs by role (list cache key). */
export function roleClass(role: Role): 'full' | 'guest' {
  return seesAnalysis(role) ? 'full' : 'guest';
}

/**
 * `payload` as `role` may see it: an article, an array of articles, or an object with an
 * `articles` array (list responses). Gated fields are removed in place from the objects built
 * for this response; returns the payload.
 */
export function gateArticlePayload<T>(payload: T, role: Role): T {
  if (seesAnalysis(role)) return payload;
  const strip = (article: unknown): void => {
    if (typeof article !== 'object' || article === null) return;
    const record = article as Record<string, unknown>;
    for (const field of GATED_ARTICLE_FIELDS) Reflect.deleteProperty(record, field);
  };
  if (Array.isArray(payload)) {
    for (const item of payload) strip(item);
  } else if (typeof payload === 'object' && payload !== null) {
    const articles = (payload as { articles?: unknown }).articles;
    if (Array.isArray(articles)) {
      for (const item of articles) strip(item);
    } else {
      strip(payload);
    }
  }
  return payload;
}
