/**
 * What the HTTP layer needs from an article analyser (POST /api/articles/:id/analyze). The offline
 * analyser and any test double implement this; the app gets one through AppDeps.analyser and
 * answers 503 'Analysis is not available' when none is configured.
 */

/** The article text handed to an analyser; nothing else of the row leaks into analysis. */
export interface AnalysisInput {
  id: string;
  title: string;
  description: string | null;
  content: string | null;
  /** Source display name, when known. */
  source: string | null;
  /** ISO 639-1 code, when known. */
  language: string | null;
}

export interface Analyser {
  /** Shown in logs, e.g. 'offline-v1'. */
  name: string;
  /**
   * Resolves with the analysis object stored as hybrid_analysis (spec "hybridAnalysis" shape) and
   * sent as `analysis` in the response and the 'article:analyzed' event. Rejects with an Error
   * whose message is shown to the user ('Analysis failed: {message}'), so keep it free of secrets.
   */
  analyse(input: AnalysisInput): Promise<unknown>;
}
