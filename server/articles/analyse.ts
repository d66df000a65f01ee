/**
 * Running the analyser on one stored article (POST /api/articles/:id/analyze).
 * - The article is claimed by setting analysis_status 'processing' in one conditional UPDATE, so
 *   two concurrent calls cannot both run (the second sees 'running'). A claim older than
 *   STALE_CLAIM_MS (a crashed process) may be taken over.
 * - The result and its 'article:analyzed' event are written in one transaction and announced
 *   after commit; a failure leaves analysis_status 'failed'.
 */
import type { Kysely } from 'kysely';
import type { Analyser, AnalysisInput } from '../analysis/analyser';
import type { Database } from '../db/schema';
import type { ArticleEventLog } from '../realtime/articleEventLog';

/** Longest an analysis may take before it counts as failed. */
export const ANALYSIS_TIMEOUT_MS = 30_000;
/** A 'processing' claim older than this belongs to a process that died. */
export const STALE_CLAIM_MS = 5 * 60_000;
/** Longest analyser error message passed on to the client. */
const MAX_MESSAGE = 200;

export type AnalyseOutcome =
  | { status: 'complete'; analysis: unknown }
  | { status: 'failed'; message: string }
  | { status: 'not-found' }
  | { status: 'running' };

export async function analyseArticle(
  db: Kysely<Database>,
  events: ArticleEventLog,
  analyser: Analyser,
  id: string,
): Promise<AnalyseOutcome> {
  const now = Date.now();
  const claimed = await db
    .updateTable('articles')
    .set({ analysis_status: 'processing', updated_at: new Date(now).toISOString() })
    .where('id', '=', id)
    .where((eb) =>
      eb.or([
        eb('analysis_status', '<>', 'processing'),
        eb('updated_at', '<', new Date(now - STALE_CLAIM_MS).toISOString()),
      ]),
    )
    .returning(['id', 'title', 'description', 'content', 'source', 'language', 'updated_at'])
    .executeTakeFirst();
  if (claimed === undefined) {
    const exists = await db
      .selectFrom('articles')
      .select('id')
      .where('id', '=', id)
      .executeTakeFirst();
    return exists === undefined ? { status: 'not-found' } : { status: 'running' };
  }
  const claimStamp = claimed.updated_at;
  const input: AnalysisInput = {
    id: claimed.id,
    title: claimed.title,
    description: claimed.description,
    content: claimed.content,
    source: claimed.source,
    language: claimed.language,
  };

  let analysis: unknown;
  let json: string | undefined;
  try {
    analysis = await withTimeout(analyser.analyse(input), ANALYSIS_TIMEOUT_MS);
    // Only objects are analyses (JSON.stringify would also give undefined for undefined).
    if (analysis === null || typeof analysis !== 'object') {
      throw new Error('Analyser returned no result');
    }
    json = JSON.stringify(analysis);
  } catch (error) {
    const message = errorMessage(error);
    await db
      .updateTable('articles')
      .set({ analysis_status: 'failed', updated_at: new Date().toISOString() })
      .where('id', '=', id)
      .where('updated_at', '=', claimStamp)
      .execute();
    return { status: 'failed', message };
  }

  const stored = json;
  const logged = await db.transaction().execute(async (trx) => {
    // Only while our claim holds: a takeover after STALE_CLAIM_MS must not be overwritten.
    const updated = await trx
      .updateTable('articles')
      .set({
        hybrid_analysis: stored,
        analysis_status: 'complete',
        updated_at: new Date().toISOString(),
      })
      .where('id', '=', id)
      .where('analysis_status', '=', 'processing')
      .where('updated_at', '=', claimStamp)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return null;
    return events.record(trx, {
      kind: 'article:analyzed',
      articleId: id,
      payload: { articleId: id, analysis },
    });
  });
  if (logged === null) return { status: 'running' };
  events.announce([logged]);
  return { status: 'complete', analysis };
}

function errorMessage(error: unknown): string {
  const raw = error instanceof Error ? error.message : String(error);
  const message = raw.trim() === '' ? 'Unknown error' : raw.trim();
  return message.length > MAX_MESSAGE ? `${message.slice(0, MAX_MESSAGE - 3)}...` : message;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('Analysis timed out')), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
