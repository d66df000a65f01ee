/**
 * The account repository: the only code that reads or writes the users table. Emails are stored
 * trimmed and lower-cased (the column is unique), so lookups use normaliseEmail too.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Role } from '../../data/permissions';
import { mergePreferences, type Preferences, type PreferencesUpdate } from '../../data/preferences';
import type { Database, UserRow } from '../db/schema';

/** What the API returns about a user (spec section 3: id, email, name, role). */
export interface PublicUser {
  id: string;
  email: string;
  name: string;
  role: Role;
}

export function normaliseEmail(email: string): string {
  return email.normalize('NFKC').trim().toLowerCase();
}

export function toPublicUser(row: Pick<UserRow, 'id' | 'email' | 'name' | 'role'>): PublicUser {
  return { id: row.id, email: row.email, name: row.name, role: row.role };
}

export interface NewUser {
  email: string;
  name: string;
  passwordHash: string;
  role?: Role;
}

/** Told after a user's preferences were written (server/alerts keeps its index with it). */
export type PreferencesListener = (userId: string, preferences: Preferences) => void;

export class UserRepository {
  private readonly preferenceListeners = new Set<PreferencesListener>();

  constructor(private readonly db: Kysely<Database>) {}

  /** Calls `listener` after every successful updatePreferences(); returns the unsubscribe. */
  onPreferencesChanged(listener: PreferencesListener): () => void {
    this.preferenceListeners.add(listener);
    return () => {
      this.preferenceListeners.delete(listener);
    };
  }

  /** Inserts the user; null when the email is taken (no exception, no partial row). */
  async create(user: NewUser): Promise<UserRow | null> {
    const row = await this.db
      .insertInto('users')
      .values({
        id: randomUUID(),
        email: normaliseEmail(user.email),
        name: user.name,
        password_hash: user.passwordHash,
        role: user.role ?? 'user',
        created_at: new Date().toISOString(),
      })
      .onConflict((oc) => oc.column('email').doNothing())
      .returningAll()
      .executeTakeFirst();
    return row ?? null;
  }

  async findById(id: string): Promise<UserRow | null> {
    return (
      (await this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst()) ??
      null
    );
  }

  async findByEmail(email: string): Promise<UserRow | null> {
    return (
      (await this.db
        .selectFrom('users')
        .selectAll()
        .where('email', '=', normaliseEmail(email))
        .executeTakeFirst()) ?? null
    );
  }

  /** Revokes every token issued so far; returns the new version (null: no such user). */
  async bumpTokenVersion(id: string): Promise<number | null> {
    const row = await this.db
      .updateTable('users')
      .set((eb) => ({ token_version: eb('token_version', '+', 1) }))
      .where('id', '=', id)
      .returning('token_version')
      .executeTakeFirst();
    return row?.token_version ?? null;
  }

  /** New password hash and token version together, so no old token outlives the change. */
  async setPassword(id: string, passwordHash: string): Promise<UserRow | null> {
    return (
      (await this.db
        .updateTable('users')
        .set((eb) => ({ password_hash: passwordHash, token_version: eb('token_version', '+', 1) }))
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst()) ?? null
    );
  }

  /** Re-hash with current parameters (after a login); tokens stay valid. */
  async replaceHash(id: string, oldHash: string, newHash: string): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ password_hash: newHash })
      .where('id', '=', id)
      .where('password_hash', '=', oldHash)
      .execute();
  }

  /** Changes the role and revokes the user's tokens (their claims were issued for the old role). */
  async setRole(id: string, role: Role): Promise<UserRow | null> {
    return (
      (await this.db
        .updateTable('users')
        .set((eb) => ({ role, token_version: eb('token_version', '+', 1) }))
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst()) ?? null
    );
  }

  async getPreferences(id: string): Promise<Preferences | null> {
    const row = await this.db
      .selectFrom('users')
      .select('preferences')
      .where('id', '=', id)
      .executeTakeFirst();
    return row === undefined ? null : mergePreferences(parseJson(row.preferences), undefined);
  }

  /**
   * Merges `update` into the stored preferences and returns the stored result. Optimistic: the
   * write only lands if the row still holds what was read, else it re-reads and retries, so two
   * tabs saving at once never lose each other's fields (no dialect-specific row locks needed).
   */
  async updatePreferences(id: string, update: PreferencesUpdate): Promise<Preferences | null> {
    for (let attempt = 0; attempt < MAX_PREFERENCE_RETRIES; attempt++) {
      const row = await this.db
        .selectFrom('users')
        .select('preferences')
        .where('id', '=', id)
        .executeTakeFirst();
      if (row === undefined) return null;
      const merged = mergePreferences(parseJson(row.preferences), update);
      const result = await this.db
        .updateTable('users')
        .set({ preferences: JSON.stringify(merged) })
        .where('id', '=', id)
        .where('preferences', '=', row.preferences)
        .executeTakeFirst();
      if (result.numUpdatedRows > 0n) {
        for (const listener of this.preferenceListeners) {
          try {
            listener(id, merged);
          } catch {
            // A listener's failure never fails the write; listeners log their own.
          }
        }
        return merged;
      }
    }
    throw new Error('preferences kept changing under concurrent updates');
  }
}

/** Concurrent writers of one user's preferences are a handful of tabs; more means a bug. */
const MAX_PREFERENCE_RETRIES = 10;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
