/**
 * Adapts the account layer's token verifier (server/auth/tokens.ts: signature, claims, expiry and
 * token_version, role from the database) to what the socket layer needs, which also includes the
 * expiry time so the socket can be dropped when the token runs out.
 */
import { decodeJwt } from 'jose';
import type { UserRow } from '../db/schema';
import type { TokenIdentity, VerifyToken } from './socketServer';

export interface TokenVerifierLike {
  verify(token: string): Promise<UserRow | null>;
}

export function socketTokenVerifier(tokens: TokenVerifierLike): VerifyToken {
  return async (token: string): Promise<TokenIdentity | null> => {
    const user = await tokens.verify(token);
    if (user === null) return null;
    // verify() has checked the signature and `exp`; reading the claim again is safe.
    const { exp } = decodeJwt(token);
    if (typeof exp !== 'number') return null;
    return { userId: user.id, role: user.role, expiresAt: exp * 1000 };
  };
}
