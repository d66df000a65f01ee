/**
 * The pipeline's analysis step for one stored article, run by the 'article:analyse' job.
 *
 * Exactly once: the job queue's lease means one worker runs the job at a time; the result, the
 * column updates and the 'article:analyzed' / 'article:update' events are written in one
 * transaction guarded by `analysis_status <> 'complete'`, so a worker killed after the commit but
 * before it marked the job done re-runs the job, finds the article complete, and does nothing.
 * A failing analyser throws: the queue retries with backoff and dead-letters the job after its
 * last attempt, when the article is marked 'failed' so it is not shown as pending forever.
 */
import type { Kysely } from 'kysely';
import { isArticleSentiment, type Article } from '../../data/article';
import type { HybridAnalysis } from '../../data/analysis';
import type { Analyser } from '../analysis/analyser';
import type { Database } from '../db/schema';
import type { ArticleEventLog, LoggedArticleEvent } from '../realtime/articleEventLog';

export type AnalyseStepOutcome = 'analysed' | 'already-complete' | 'not-found';

export interface AnalyseStepDeps {
  db: Kysely<Database>;
  events: ArticleEventLog;
  analyser: Analyser;
}

export async function runAnalyseStep(
  deps: AnalyseStepDeps,
  articleId: string,
  attempt: { attempts: number; maxAttempts: number },
): Promise<AnalyseStepOutcome> {
  const row = await deps.db
    .selectFrom('articles')
    .select([
      'id',
      'title',
      'description',
      'content',
      'source',
      'language',
      'analysis_status',
      'geo_analysis',
    ])
    .where('id', '=', articleId)
    .executeTakeFirst();
  if (row === undefined) return 'not-found';
  if (row.analysis_status === 'complete') return 'already-complete';

  let analysis: HybridAnalysis;
  try {
    const result = await deps.analyser.analyse({
      id: row.id,
      title: row.title,
      description: row.description,
      content: row.content,
      source: row.source,
      language: row.language,
    });
    if (result === null || typeof result !== 'object') {
      throw new Error('Analyser returned no result');
    }
    analysis = result;
  } catch (error) {
    if (attempt.attempts >= attempt.maxAttempts) {
      // Last attempt: the job goes to the dead letter; the article must not look pending forever.
      await deps.db
        .updateTable('articles')
        .set({ analysis_status: 'failed', updated_at: new Date().toISOString() })
        .where('id', '=', articleId)
        .where('analysis_status', '<>', 'complete')
        .execute();
    }
    throw error;
  }

  withGazetteerPlaces(analysis, row.geo_analysis);
  const updates = articleUpdates(analysis);
  const logged = await deps.db.transaction().execute(async (trx) => {
    const done = await trx
      .updateTable('articles')
      .set({
        hybrid_analysis: JSON.stringify(analysis),
        analysis_status: 'complete',
        updated_at: new Date().toISOString(),
        ...(updates.category === undefined
          ? {}
          : { category: updates.category, categories: JSON.stringify(updates.categories) }),
        ...(updates.sentiment === undefined ? {} : { sentiment: updates.sentiment }),
        ...(updates.sentimentScore === undefined
          ? {}
          : { sentiment_score: updates.sentimentScore }),
        ...(updates.emoji === undefined ? {} : { emoji: updates.emoji }),
      })
      .where('id', '=', articleId)
      .where('analysis_status', '<>', 'complete')
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 0) return null;
    const events: LoggedArticleEvent[] = [];
    events.push(
      await deps.events.record(trx, {
        kind: 'article:analyzed',
        articleId,
        payload: { articleId, analysis },
      }),
    );
    events.push(
      await deps.events.record(trx, {
        kind: 'article:update',
        articleId,
        payload: { id: articleId, updates: { ...updates, analysisStatus: 'complete' } },
      }),
    );
    return events;
  });
  if (logged === null) return 'already-complete';
  deps.events.announce(logged);
  return 'analysed';
}

/**
 * Places come from the gazetteer, never from text rules or a model: the geocoder's result
 * replaces the analyser's geographicAnalysis when the article was geocoded.
 */
function withGazetteerPlaces(analysis: HybridAnalysis, geoJson: string | null): void {
  if (geoJson === null) return;
  try {
    const geo = JSON.parse(geoJson) as HybridAnalysis['geographicAnalysis'] | null;
    if (geo === undefined || geo === null) return;
    analysis.geographicAnalysis = geo;
    analysis.provenance = {
      ...analysis.provenance,
      geographicAnalysis: {
        method: 'rule-based',
        detail: 'offline GeoNames gazetteer: qualifiers, colocation, capitals, population',
      },
    };
  } catch {
    // A corrupt cell leaves the analyser's own places.
  }
}

/** The wire fields an analysis changes (marker colour, emoji, category). */
function articleUpdates(
  analysis: HybridAnalysis,
): Pick<Partial<Article>, 'category' | 'categories' | 'sentiment' | 'sentimentScore' | 'emoji'> {
  const updates: Pick<
    Partial<Article>,
    'category' | 'categories' | 'sentiment' | 'sentimentScore' | 'emoji'
  > = {};
  if (typeof analysis.category === 'string') {
    // `categories` follows the analysed category (it said ['general'] next to 'environment').
    updates.category = analysis.category;
    updates.categories = [analysis.category];
  }
  const sentiment = analysis.sentimentAnalysis;
  if (sentiment !== undefined && isArticleSentiment(sentiment.overall)) {
    updates.sentiment = sentiment.overall;
    if (Number.isFinite(sentiment.score)) updates.sentimentScore = sentiment.score;
  }
  const emoji = analysis.emojiSelection?.emoji;
  if (typeof emoji === 'string' && emoji !== '') updates.emoji = emoji;
  return updates;
}
