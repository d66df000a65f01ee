/**
 * The LLM analyser's database state: the reply cache (llm_cache) and the tokens used per UTC day
 * (llm_usage), both from migration 0004_llm_cache. Works on SQLite and PostgreSQL alike.
 *
 * The budget check is read-then-call, not a reservation: concurrent analyses may overshoot the
 * daily budget by up to one reply each, which is acceptable for a cost guard.
 */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { LlmFields } from './schema';

export function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** Cache key: prompt version, model and the hash of the exact article text sent. */
export function cacheKey(promptVersion: string, model: string, articleText: string): string {
  return `${promptVersion}:${model}:${sha256(articleText)}`;
}

/** 'YYYY-MM-DD' of the UTC day. */
export function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export async function readCache(
  db: Kysely<Database>,
  key: string,
): Promise<Partial<LlmFields> | null> {
  const row = await db
    .selectFrom('llm_cache')
    .select('analysis')
    .where('key', '=', key)
    .executeTakeFirst();
  if (row === undefined) return null;
  try {
    const value = JSON.parse(row.analysis) as unknown;
    return value !== null && typeof value === 'object' ? value : null;
  } catch {
    return null;
  }
}

export async function writeCache(
  db: Kysely<Database>,
  key: string,
  fields: Partial<LlmFields>,
  now: Date,
): Promise<void> {
  await db
    .insertInto('llm_cache')
    .values({ key, analysis: JSON.stringify(fields), created_at: now.toISOString() })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => ({
        analysis: eb.ref('excluded.analysis'),
        created_at: eb.ref('excluded.created_at'),
      })),
    )
    .execute();
}

export async function tokensUsed(db: Kysely<Database>, day: string): Promise<number> {
  const row = await db
    .selectFrom('llm_usage')
    .select('tokens')
    .where('day', '=', day)
    .executeTakeFirst();
  return row?.tokens ?? 0;
}

export async function addTokens(db: Kysely<Database>, day: string, tokens: number): Promise<void> {
  const amount = Math.max(0, Math.round(tokens));
  await db
    .insertInto('llm_usage')
    .values({ day, tokens: amount })
    .onConflict((oc) =>
      oc.column('day').doUpdateSet((eb) => ({
        tokens: eb('llm_usage.tokens', '+', eb.ref('excluded.tokens')),
      })),
    )
    .execute();
}
