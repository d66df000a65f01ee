/**
 * Access tokens (RELIABILITY.md R3): HS256 JWTs signed with jose. Verification pins the algorithm
 * (so `alg: none` and RS256/HS256 confusion are refused), the issuer, the audience and the time
 * claims, then loads the user: a token whose `tv` claim differs from users.token_version (bumped
 * on logout, password change and role change) is dead at once, and the role always comes from the
 * database, never from the token.
 */
import { SignJWT, jwtVerify } from 'jose';
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../db/schema';

export const TOKEN_ALGORITHM = 'HS256';
export const TOKEN_ISSUER = 'atlas';
export const TOKEN_AUDIENCE = 'atlas-api';
/** Token lifetime: one hour (the client asks /api/auth/me on entry and logs out on failure). */
export const TOKEN_TTL_SECONDS = 60 * 60;
/** Longest Authorization value considered at all; real tokens are ~250 characters. */
export const MAX_TOKEN_LENGTH = 4096;

export class AccessTokens {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly db: Kysely<Database>,
    private readonly now: () => number = Date.now,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  /** A token for `user`, valid for TOKEN_TTL_SECONDS and until its token_version changes. */
  async issue(user: Pick<UserRow, 'id' | 'token_version'>): Promise<string> {
    const nowSeconds = Math.floor(this.now() / 1000);
    return new SignJWT({ tv: user.token_version })
      .setProtectedHeader({ alg: TOKEN_ALGORITHM, typ: 'JWT' })
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setSubject(user.id)
      .setIssuedAt(nowSeconds)
      .setNotBefore(nowSeconds)
      .setExpirationTime(nowSeconds + TOKEN_TTL_SECONDS)
      .sign(this.key);
  }

  /** The user the token speaks for, or null for any invalid, expired or revoked token. */
  async verify(token: string): Promise<UserRow | null> {
    if (token.length === 0 || token.length > MAX_TOKEN_LENGTH) return null;
    let sub: string;
    let tv: unknown;
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: [TOKEN_ALGORITHM],
        issuer: TOKEN_ISSUER,
        audience: TOKEN_AUDIENCE,
        requiredClaims: ['sub', 'exp', 'iat', 'nbf', 'tv'],
        currentDate: new Date(this.now()),
      });
      if (typeof payload.sub !== 'string') return null;
      sub = payload.sub;
      tv = payload['tv'];
    } catch {
      return null;
    }
    if (typeof tv !== 'number' || !Number.isInteger(tv)) return null;
    const user = await this.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', sub)
      .executeTakeFirst();
    if (user === undefined || user.token_version !== tv) return null;
    // A disabled account's tokens die with it (disabling also bumps token_version).
    if (user.disabled_at !== null) return null;
    return user;
  }
}
