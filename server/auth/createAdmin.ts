/**
 * Admin accounts are made by an operator, never by the API (the first user to register is an
 * ordinary user): `npm run create-admin -- <email>` (scripts/create-admin.ts) calls this.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { hashPassword, passwordProblem } from './passwords';
import { normaliseEmail, toPublicUser, UserRepository, type PublicUser } from './users';

export interface CreateAdminInput {
  email: string;
  /** Required for a new account; for an existing one, replaces its password when given. */
  password?: string;
  name?: string;
}

export type CreateAdminResult = { outcome: 'created' | 'promoted'; user: PublicUser };

/** Creates an admin, or makes an existing user admin (revoking their tokens, as any role change). */
export async function createOrPromoteAdmin(
  db: Kysely<Database>,
  input: CreateAdminInput,
): Promise<CreateAdminResult> {
  const users = new UserRepository(db);
  const email = normaliseEmail(input.email);
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) throw new Error(`not an email address: ${input.email}`);
  if (input.password !== undefined) {
    const problem = passwordProblem(input.password);
    if (problem !== null) throw new Error(problem);
  }
  const existing = await users.findByEmail(email);
  if (existing !== null) {
    if (input.password !== undefined) {
      await users.setPassword(existing.id, await hashPassword(input.password));
    }
    const promoted = await users.setRole(existing.id, 'admin');
    if (promoted === null) throw new Error(`user ${email} disappeared while promoting`);
    return { outcome: 'promoted', user: toPublicUser(promoted) };
  }
  if (input.password === undefined) throw new Error(`no user ${email}: a password is needed`);
  const created = await users.create({
    email,
    name: input.name ?? 'Administrator',
    passwordHash: await hashPassword(input.password),
    role: 'admin',
  });
  if (created === null) throw new Error(`could not create ${email} (registered concurrently?)`);
  return { outcome: 'created', user: toPublicUser(created) };
}
