/**
 * RELIABILITY.md R3: JWT attacks against a real server. Every forged, expired, misaddressed,
 * tampered or revoked token gets 401 'Token invalid' on /api/auth/me and on a public API route;
 * a valid token works.
 */
import { generateKeyPairSync } from 'node:crypto';
import { SignJWT, decodeJwt, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrPromoteAdmin } from '../../server/auth/createAdmin';
import { TOKEN_TTL_SECONDS } from '../../server/auth/tokens';
import {
  NO_API_LIMITS,
  TEST_JWT_SECRET,
  call,
  login,
  register,
  startAuthServer,
  type AuthTestServer,
} from './authTestServer';

let server: AuthTestServer;
let base: string;
let victim: { id: string; token: string };
let other: { id: string; token: string };

const key = new TextEncoder().encode(TEST_JWT_SECRET);
const now = (): number => Math.floor(Date.now() / 1000);
const b64 = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A token with the server's exact claims, then `change` applied; `alg` with `secret`. */
async function forge(
  change: (jwt: SignJWT) => SignJWT = (jwt) => jwt,
  claims: JWTPayload = {},
  secret: Uint8Array = key,
  alg = 'HS256',
): Promise<string> {
  const jwt = new SignJWT({ tv: 0, ...claims })
    .setProtectedHeader({ alg, typ: 'JWT' })
    .setIssuer('atlas')
    .setAudience('atlas-api')
    .setSubject(victim.id)
    .setIssuedAt(now() - 10)
    .setNotBefore(now() - 10)
    .setExpirationTime(now() + 600);
  return change(jwt).sign(secret);
}

beforeAll(async () => {
  server = await startAuthServer({ accounts: NO_API_LIMITS });
  base = server.url;
  const v = await register(base, 'victim@example.org', 'victim-password');
  victim = { id: v.user.id, token: v.token };
  const o = await register(base, 'other@example.org', 'other-password');
  other = { id: o.user.id, token: o.token };
});

afterAll(async () => {
  await server.close();
});

async function accepted(token: string): Promise<boolean> {
  const me = await call(base, 'GET', '/api/auth/me', { token });
  const list = await call(base, 'GET', '/api/public/all-articles?limit=1', { token });
  for (const res of [me, list]) {
    if (res.status === 401) {
      expect(res.body).toEqual({ success: false, message: 'Token invalid' });
    }
  }
  expect(me.status === 401).toBe(list.status === 401);
  return me.status !== 401;
}

describe('R3: JWT attacks', () => {
  it('a token from the server works, lives one hour and carries the pinned claims', async () => {
    expect(await accepted(victim.token)).toBe(true);
    const claims = decodeJwt(victim.token);
    expect(claims).toMatchObject({ iss: 'atlas', aud: 'atlas-api', sub: victim.id, tv: 0 });
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(TOKEN_TTL_SECONDS);
    expect(TOKEN_TTL_SECONDS).toBe(3600);
    // The forging helper itself produces an acceptable token (so the refusals below are real).
    expect(await accepted(await forge())).toBe(true);
  });

  it('refuses every forged, expired, misaddressed or tampered token: 0 accepted', async () => {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const publicPem = publicKey.export({ type: 'spki', format: 'pem' });
    const valid = await forge();
    const [header, payload, signature] = valid.split('.') as [string, string, string];
    const claims = decodeJwt(valid);

    const attacks: Record<string, string> = {
      'alg none': `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`,
      'alg none, capitalised': `${b64({ alg: 'None', typ: 'JWT' })}.${payload}.`,
      'wrong key': await forge(undefined, {}, new TextEncoder().encode('x'.repeat(48))),
      'RS256 signed with a generated RSA key': await new SignJWT({ ...claims })
        .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
        .sign(privateKey),
      'HS256 with the RSA public key as HMAC secret': await forge(
        undefined,
        {},
        new TextEncoder().encode(publicPem.toString()),
      ),
      'HS512 with the right key': await forge(undefined, {}, key, 'HS512'),
      expired: await forge((jwt) => jwt.setIssuedAt(now() - 7200).setExpirationTime(now() - 60)),
      'future nbf': await forge((jwt) => jwt.setNotBefore(now() + 3600)),
      'wrong aud': await forge((jwt) => jwt.setAudience('someone-else')),
      'wrong iss': await forge((jwt) => jwt.setIssuer('evil')),
      'no exp': await new SignJWT({ tv: 0 })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer('atlas')
        .setAudience('atlas-api')
        .setSubject(victim.id)
        .setIssuedAt()
        .setNotBefore(now() - 10)
        .sign(key),
      'no tv claim': await forge(undefined, { tv: undefined }),
      'tv as a string': await forge(undefined, { tv: '0' }),
      'tv from the future': await forge(undefined, { tv: 1 }),
      'unknown subject': await forge((jwt) => jwt.setSubject('no-such-user')),
      'tampered payload (sub swapped, signature kept)': `${header}.${b64({ ...claims, sub: other.id })}.${signature}`,
      'tampered payload (tv bumped)': `${header}.${b64({ ...claims, tv: 5 })}.${signature}`,
      'tampered signature': `${header}.${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`,
      'truncated token': valid.slice(0, -10),
      'two segments': `${header}.${payload}`,
      'garbage with dots': 'a.b.c',
      'very long token': `${header}.${'A'.repeat(10_000)}.${signature}`,
    };

    const results = await Promise.all(
      Object.entries(attacks).map(async ([name, token]) => [name, await accepted(token)] as const),
    );
    const acceptedNames = results.filter(([, ok]) => ok).map(([name]) => name);
    expect(acceptedNames).toEqual([]);
    expect(results.length).toBe(22);
  });

  it('refuses a token issued before logout', async () => {
    const session = await register(base, 'r3-logout@example.org', 'logout-password');
    expect(await accepted(session.token)).toBe(true);
    expect((await call(base, 'POST', '/api/auth/logout', { token: session.token })).status).toBe(
      200,
    );
    expect(await accepted(session.token)).toBe(false);
  });

  it('refuses a token issued before a password change', async () => {
    const session = await register(base, 'r3-password@example.org', 'first-password');
    const second = await login(base, 'r3-password@example.org', 'first-password');
    const change = await call(base, 'PUT', '/api/auth/password', {
      token: session.token,
      body: { currentPassword: 'first-password', newPassword: 'second-password' },
    });
    expect(change.status).toBe(200);
    expect(await accepted(session.token)).toBe(false);
    expect(await accepted(second.token)).toBe(false);
    expect(await accepted(change.body['token'] as string)).toBe(true);
  });

  it('refuses a token issued before a role change', async () => {
    await createOrPromoteAdmin(server.atlasDb.db, {
      email: 'r3-admin@example.org',
      password: 'admin-password',
    });
    const admin = await login(base, 'r3-admin@example.org', 'admin-password');
    const target = await register(base, 'r3-role@example.org', 'role-password');
    const res = await call(base, 'PUT', `/api/admin/users/${target.user.id}/role`, {
      token: admin.token,
      body: { role: 'admin' },
    });
    expect(res.status).toBe(200);
    expect(await accepted(target.token)).toBe(false);
    // Only a fresh login (carrying the new token_version) works.
    expect(await accepted((await login(base, 'r3-role@example.org', 'role-password')).token)).toBe(
      true,
    );
  });
});
