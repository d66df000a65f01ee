/**
 * The article action questions of the spatial workspace ('Explain this event', 'How does it impact
 * region?', 'What is historical context?') and the wire shape of POST /api/articles/:id/ask.
 * Shared by the server route and the client.
 */
export const ASK_QUESTIONS = ['explain', 'impact', 'history'] as const;
export type AskQuestion = (typeof ASK_QUESTIONS)[number];

/** The buttons' texts (spec). */
export const ASK_LABELS: Readonly<Record<AskQuestion, string>> = {
  explain: 'Explain this event',
  impact: 'How does it impact region?',
  history: 'What is historical context?',
};

export interface AskRelated {
  id: string;
  title: string;
  /** Why it is related: 'same place' or 'shares {entity}'. */
  reason: string;
}

export interface AskAnswer {
  question: AskQuestion;
  answer: string;
  /** 'model': written by the configured LLM from the prompt; 'template': the offline answer
   * assembled from the article, its stored analysis and the related articles. */
  provenance: 'model' | 'template';
  /** One line on how it was made (model name, or what the offline answer used). */
  detail: string;
  related: AskRelated[];
  /** True when served from the answer cache. */
  cached: boolean;
}

export function isAskQuestion(v: unknown): v is AskQuestion {
  return typeof v === 'string' && (ASK_QUESTIONS as readonly string[]).includes(v);
}
