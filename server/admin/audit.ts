/**
 * The audit log (issue #30): sign-ins, failed sign-ins, role changes and every admin action, one
 * row each, kept in the database beside the data it speaks of. Writing is best-effort: a failed
 * audit insert is logged and never fails the action it records (the action already happened).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

export type AuditAction =
  | 'auth.login'
  | 'auth.login_failed'
  | 'user.role'
  | 'user.disable'
  | 'user.enable'
  | 'user.revoke'
  | 'feed.add'
  | 'feed.update'
  | 'feed.delete'
  | 'feed.test'
  | 'job.retry'
  | 'article.hide'
  | 'article.restore'
  | 'article.correct';

export interface AuditEntry {
  action: AuditAction;
  actor?: { id: string; email: string } | null;
  target?: string | null;
  detail?: Record<string, unknown>;
  ip?: string | null;
}

export interface AuditRow {
  id: number;
  at: string;
  actorId: string | null;
  actorEmail: string | null;
  action: string;
  target: string | null;
  detail: Record<string, unknown>;
  ip: string | null;
}

export interface AuditQuery {
  action?: string;
  actor?: string;
  since?: string;
  until?: string;
  limit: number;
  offset: number;
}

export class AuditLog {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {}

  async record(entry: AuditEntry): Promise<void> {
    try {
      await this.db
        .insertInto('audit_log')
        .values({
          at: new Date().toISOString(),
          actor_id: entry.actor?.id ?? null,
          actor_email: entry.actor?.email ?? null,
          action: entry.action,
          target: entry.target ?? null,
          detail: JSON.stringify(entry.detail ?? {}),
          ip: entry.ip ?? null,
        })
        .execute();
    } catch (error) {
      this.onError(error);
    }
  }

  async list(query: AuditQuery): Promise<{ total: number; entries: AuditRow[] }> {
    let base = this.db.selectFrom('audit_log');
    if (query.action !== undefined) base = base.where('action', '=', query.action);
    if (query.actor !== undefined) base = base.where('actor_email', '=', query.actor.toLowerCase());
    if (query.since !== undefined) base = base.where('at', '>=', query.since);
    if (query.until !== undefined) base = base.where('at', '<', query.until);
    const [count, rows] = await Promise.all([
      base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst(),
      base
        .selectAll()
        .orderBy('at', 'desc')
        .orderBy('id', 'desc')
        .limit(query.limit)
        .offset(query.offset)
        .execute(),
    ]);
    return {
      total: Number(count?.n ?? 0),
      entries: rows.map((r) => ({
        id: r.id,
        at: r.at,
        actorId: r.actor_id,
        actorEmail: r.actor_email,
        action: r.action,
        target: r.target,
        detail: parseDetail(r.detail),
        ip: r.ip,
      })),
    };
  }
}

function parseDetail(raw: unknown): Record<string, unknown> {
  if (raw !== null && typeof raw === 'object') return raw as Record<string, unknown>;
  if (typeof raw !== 'string') return {};
  try {
    const v: unknown = JSON.parse(raw);
    return v !== null && typeof v === 'object' ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const CSV_COLUMNS = ['at', 'action', 'actorEmail', 'target', 'ip', 'detail'] as const;

/** RFC 4180 CSV; a cell starting with = + - @ is prefixed with ' so spreadsheets do not run it. */
export function auditCsv(entries: readonly AuditRow[]): string {
  const cell = (v: unknown): string => {
    let s = v === null || v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v);
    if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
    return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  const lines = [CSV_COLUMNS.join(',')];
  for (const e of entries) lines.push(CSV_COLUMNS.map((c) => cell(e[c])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
