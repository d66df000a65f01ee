/** Client of POST /api/articles/:id/ask (server/http/askRoutes.ts). */
import type { AskAnswer, AskQuestion } from '../../data/askArticle';
import { apiClient } from '../auth/authState';

export async function askArticle(id: string, question: AskQuestion): Promise<AskAnswer> {
  return (await apiClient.post(`/articles/${encodeURIComponent(id)}/ask`, {
    question,
  })) as AskAnswer;
}

/** A user-facing line for a failed ask (guests are refused like AI insights). */
export function askErrorText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (/\b401\b|\b403\b/.test(message)) return 'Sign in to ask ATLAS about this event.';
  if (/\b429\b/.test(message)) return 'Too many questions for now - try again in a minute.';
  return `Could not get an answer: ${message}`;
}
