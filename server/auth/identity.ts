/**
 * Who is asking: an onRequest hook on /api paths that sets `request.auth` from the bearer token.
 * No Authorization header: guest. A header that is present but not a valid, unexpired,
 * unrevoked token is NOT downgraded to guest: the request ends in 401 'Token invalid' (a client
 * whose token died must learn it and log out, spec section 4 "Token check").
 *
 * Two hooks, with the rate limiter registered between them (server/auth/accounts.ts), so requests
 * carrying junk tokens still count against their IP's limit before they are refused.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Role } from '../../data/permissions';
import { isApiPathname, requestPath } from '../http/canonicalPath';
import type { AccessTokens } from './tokens';
import { toPublicUser, type PublicUser } from './users';

export interface RequestAuth {
  /** The signed-in user (role read from the database on this request), or null for a guest. */
  user: PublicUser | null;
  role: Role;
  /** An Authorization header was sent but did not verify; the request will be answered 401. */
  tokenRejected: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set for every request by the identity hook (guest outside /api). */
    auth: RequestAuth;
  }
}

export const GUEST: Readonly<RequestAuth> = Object.freeze({
  user: null,
  role: 'guest',
  tokenRejected: false,
});
const REJECTED: Readonly<RequestAuth> = Object.freeze({
  user: null,
  role: 'guest',
  tokenRejected: true,
});

export const TOKEN_INVALID = 'Token invalid';

const BEARER = /^Bearer +([A-Za-z0-9._~+/-]+=*) *$/i;

/** Whether a request URL (canonical: app.ts rewrites it, server/http/canonicalPath.ts) is /api. */
export function isApiPath(url: string): boolean {
  return isApiPathname(requestPath({ url }));
}

/** The token in an Authorization header; null when the header is not a well-formed bearer. */
export function bearerToken(header: string): string | null {
  return BEARER.exec(header)?.[1] ?? null;
}

export function registerIdentity(app: FastifyInstance, tokens: AccessTokens): void {
  // A getter-backed default: Fastify 5 forbids object defaults shared across requests.
  const store = new WeakMap<FastifyRequest, RequestAuth>();
  app.decorateRequest('auth', {
    getter(this: FastifyRequest): RequestAuth {
      return store.get(this) ?? GUEST;
    },
    setter(this: FastifyRequest, value: RequestAuth) {
      store.set(this, value);
    },
  });

  app.addHook('onRequest', async (request) => {
    if (!isApiPath(request.url)) return;
    const header = request.headers.authorization;
    if (header === undefined) return;
    const token = bearerToken(header);
    const user = token === null ? null : await tokens.verify(token);
    request.auth =
      user === null
        ? REJECTED
        : { user: toPublicUser(user), role: user.role, tokenRejected: false };
  });
}

/** Answers 401 for requests whose token was rejected (register after the rate limiter). */
export function registerTokenRejection(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply: FastifyReply) => {
    if (request.auth.tokenRejected) {
      return reply.code(401).send({ success: false, message: TOKEN_INVALID });
    }
    return undefined;
  });
}
