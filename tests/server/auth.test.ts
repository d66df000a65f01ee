/**
 * Account routes against a real server (127.0.0.1:0, temp SQLite): register, login, me, logout,
 * password change, admin role change, preferences, guards; password storage (RELIABILITY.md R4);
 * the generated JWT secret file; the create-admin path. API limits are off here (many requests
 * from one IP); rateLimit.test.ts checks the limits.
 */
import { stat, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES } from '../../data/preferences';
import { createOrPromoteAdmin } from '../../server/auth/createAdmin';
import { requireCapability, requireRole } from '../../server/auth/guards';
import { ARGON2_OPTIONS } from '../../server/auth/passwords';
import { jwtSecretFile, resolveJwtSecret } from '../../server/auth/secret';
import { makeTempDir, removeDir } from './helpers';
import {
  NO_API_LIMITS,
  call,
  login,
  register,
  startAuthServer,
  type AuthTestServer,
} from './authTestServer';

let server: AuthTestServer;
let base: string;

beforeAll(async () => {
  server = await startAuthServer({
    accounts: NO_API_LIMITS,
    beforeListen: (app) => {
      app.get('/api/test/admin-only', { onRequest: requireRole('admin') }, () => ({ ok: true }));
      app.get('/api/test/analysis', { onRequest: requireCapability('basicAnalysis') }, () => ({
        ok: true,
      }));
    },
  });
  base = server.url;
});

afterAll(async () => {
  await server.close();
});

const storedHash = async (email: string): Promise<string> =>
  (
    await server.atlasDb.db
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', email)
      .executeTakeFirstOrThrow()
  ).password_hash;

describe('POST /api/auth/register', () => {
  it('creates a user (role user, not admin even when first) and returns a working token', async () => {
    const res = await call(base, 'POST', '/api/auth/register', {
      body: { email: 'First.User@Example.org', password: 'correct horse', name: ' Ada ' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      success: true,
      message: 'Registration successful',
      user: { email: 'first.user@example.org', name: 'Ada', role: 'user' },
    });
    expect(Object.keys(res.body['user'] as object).sort()).toEqual(['email', 'id', 'name', 'role']);
    const me = await call(base, 'GET', '/api/auth/me', { token: res.body['token'] as string });
    expect(me.status).toBe(200);
    expect(me.body).toEqual({ success: true, user: res.body['user'] });
  });

  it('defaults the name to the email local part', async () => {
    const session = await register(base, 'grace.hopper@example.org', 'password-123');
    expect(session.user.name).toBe('grace.hopper');
  });

  it('refuses a taken email (any case) with 409 Registration failed', async () => {
    await register(base, 'dup@example.org', 'password-123');
    const res = await call(base, 'POST', '/api/auth/register', {
      body: { email: 'DUP@example.org', password: 'another-password' },
    });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ success: false, message: 'Registration failed' });
  });

  it.each([
    ['too short', 'seven77', 400],
    ['too long', 'x'.repeat(1025), 400],
  ])('refuses a password that is %s', async (_label, password, status) => {
    const res = await call(base, 'POST', '/api/auth/register', {
      body: { email: `len-${password.length}@example.org`, password },
    });
    expect(res.status).toBe(status);
    expect(res.body).toEqual({
      success: false,
      message: 'Password must be between 8 and 1024 characters',
    });
  });

  it.each([
    ['missing password', { email: 'a@example.org' }],
    ['missing email', { password: 'password-123' }],
    ['bad email', { email: 'not-an-email', password: 'password-123' }],
    ['password of wrong type', { email: 'b@example.org', password: 12345678 }],
    ['email of wrong type', { email: ['c@example.org'], password: 'password-123' }],
    ['extra field', { email: 'd@example.org', password: 'password-123', role: 'admin' }],
    ['too long name', { email: 'e@example.org', password: 'password-123', name: 'n'.repeat(101) }],
    ['too long email', { email: `${'a'.repeat(250)}@example.org`, password: 'password-123' }],
  ])('answers 400 {success:false} for %s', async (_label, body) => {
    const res = await call(base, 'POST', '/api/auth/register', { body });
    expect(res.status).toBe(400);
    expect(res.body['success']).toBe(false);
    expect(typeof res.body['message']).toBe('string');
    expect(JSON.stringify(res.body)).not.toMatch(/at .*\.ts/);
  });

  it('answers 400 for malformed JSON and 415 for a non-JSON body', async () => {
    const bad = await call(base, 'POST', '/api/auth/register', { raw: '{"email": "x@y.z",' });
    expect(bad.status).toBe(400);
    expect(bad.body['success']).toBe(false);
    const form = await call(base, 'POST', '/api/auth/register', {
      raw: 'email=x@y.z',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);
  });
});

describe('POST /api/auth/login', () => {
  beforeAll(async () => {
    await register(base, 'login@example.org', 'login-password', 'Login User');
  });

  it('logs in with any case of the email', async () => {
    const res = await call(base, 'POST', '/api/auth/login', {
      body: { email: ' LOGIN@example.org ', password: 'login-password' },
    });
    // Leading/trailing spaces are not a valid email format: the schema refuses them.
    expect(res.status).toBe(400);
    const ok = await call(base, 'POST', '/api/auth/login', {
      body: { email: 'LOGIN@Example.org', password: 'login-password' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      success: true,
      message: 'Login successful',
      user: { email: 'login@example.org', name: 'Login User', role: 'user' },
    });
    expect(typeof ok.body['token']).toBe('string');
  });

  it('answers 401 Invalid credentials for a wrong password and for an unknown user alike', async () => {
    const wrong = await call(base, 'POST', '/api/auth/login', {
      body: { email: 'login@example.org', password: 'wrong-password' },
    });
    const unknown = await call(base, 'POST', '/api/auth/login', {
      body: { email: 'nobody@example.org', password: 'wrong-password' },
    });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ success: false, message: 'Invalid credentials' });
    }
  });

  it('refuses extra fields, wrong types and missing fields with 400', async () => {
    for (const body of [
      { email: 'login@example.org', password: 'login-password', remember: true },
      { email: 'login@example.org', password: true },
      { email: 'login@example.org' },
      {},
    ]) {
      const res = await call(base, 'POST', '/api/auth/login', { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body['success']).toBe(false);
    }
  });
});

describe('GET /api/auth/me, logout, password change', () => {
  it('me without a token or with junk answers 401 Token invalid', async () => {
    const none = await call(base, 'GET', '/api/auth/me');
    const junk = await call(base, 'GET', '/api/auth/me', { token: 'not.a.token' });
    const basic = await call(base, 'GET', '/api/auth/me', {
      headers: { authorization: 'Basic dXNlcjpwYXNz' },
    });
    for (const res of [none, junk, basic]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ success: false, message: 'Token invalid' });
    }
  });

  it('a bad token is refused on public API routes too (never downgraded to guest)', async () => {
    const res = await call(base, 'GET', '/api/public/all-articles', { token: 'junk' });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ success: false, message: 'Token invalid' });
    // ...but not on static files, which ignore Authorization.
    const page = await fetch(`${base}/`, { headers: { authorization: 'Bearer junk' } });
    expect(page.status).toBe(200);
  });

  it('logout revokes every token of the user', async () => {
    const first = await register(base, 'logout@example.org', 'logout-password');
    const second = await login(base, 'logout@example.org', 'logout-password');
    const out = await call(base, 'POST', '/api/auth/logout', { token: first.token });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ success: true, message: 'Logged out' });
    for (const token of [first.token, second.token]) {
      expect((await call(base, 'GET', '/api/auth/me', { token })).status).toBe(401);
    }
    expect((await call(base, 'POST', '/api/auth/logout')).status).toBe(401);
    const again = await login(base, 'logout@example.org', 'logout-password');
    expect((await call(base, 'GET', '/api/auth/me', { token: again.token })).status).toBe(200);
  });

  it('password change checks the current password, revokes old tokens and returns a new one', async () => {
    const session = await register(base, 'change@example.org', 'old-password');
    const wrong = await call(base, 'PUT', '/api/auth/password', {
      token: session.token,
      body: { currentPassword: 'not-it-at-all', newPassword: 'new-password' },
    });
    expect(wrong.status).toBe(403);
    expect(wrong.body).toEqual({ success: false, message: 'Current password is incorrect' });
    const short = await call(base, 'PUT', '/api/auth/password', {
      token: session.token,
      body: { currentPassword: 'old-password', newPassword: 'short' },
    });
    expect(short.status).toBe(400);
    const extra = await call(base, 'PUT', '/api/auth/password', {
      token: session.token,
      body: { currentPassword: 'old-password', newPassword: 'new-password', x: 1 },
    });
    expect(extra.status).toBe(400);
    const guest = await call(base, 'PUT', '/api/auth/password', {
      body: { currentPassword: 'old-password', newPassword: 'new-password' },
    });
    expect(guest.status).toBe(401);

    const ok = await call(base, 'PUT', '/api/auth/password', {
      token: session.token,
      body: { currentPassword: 'old-password', newPassword: 'new-password' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ success: true, message: 'Password changed' });
    expect((await call(base, 'GET', '/api/auth/me', { token: session.token })).status).toBe(401);
    const fresh = ok.body['token'] as string;
    expect((await call(base, 'GET', '/api/auth/me', { token: fresh })).status).toBe(200);
    await expect(login(base, 'change@example.org', 'old-password')).rejects.toThrow(/401/);
    await login(base, 'change@example.org', 'new-password');
  });
});

describe('roles: admin route and guards', () => {
  let admin: string;
  let user: { token: string; id: string };

  beforeAll(async () => {
    await createOrPromoteAdmin(server.atlasDb.db, {
      email: 'root@example.org',
      password: 'admin-password',
    });
    admin = (await login(base, 'root@example.org', 'admin-password')).token;
    const session = await register(base, 'member@example.org', 'member-password');
    user = { token: session.token, id: session.user.id };
  });

  it('guards: guest 401, user 403 with the spec text, admin through', async () => {
    const guest = await call(base, 'GET', '/api/test/admin-only');
    expect(guest.status).toBe(401);
    expect(guest.body).toEqual({ success: false, message: 'Authentication required' });
    const member = await call(base, 'GET', '/api/test/admin-only', { token: user.token });
    expect(member.status).toBe(403);
    expect(member.body).toEqual({ success: false, message: 'Required role: admin' });
    expect((await call(base, 'GET', '/api/test/admin-only', { token: admin })).status).toBe(200);
    // Capability guard: basicAnalysis needs role user.
    expect((await call(base, 'GET', '/api/test/analysis')).status).toBe(401);
    expect((await call(base, 'GET', '/api/test/analysis', { token: user.token })).status).toBe(200);
  });

  it('only an admin changes roles; the change revokes the target tokens', async () => {
    const path = `/api/admin/users/${user.id}/role`;
    const byUser = await call(base, 'PUT', path, { token: user.token, body: { role: 'admin' } });
    expect(byUser.status).toBe(403);
    expect(byUser.body).toEqual({ success: false, message: 'Required role: admin' });
    expect((await call(base, 'PUT', path, { body: { role: 'admin' } })).status).toBe(401);

    const bad = await call(base, 'PUT', path, { token: admin, body: { role: 'superuser' } });
    expect(bad.status).toBe(400);
    const missing = await call(base, 'PUT', '/api/admin/users/nope/role', {
      token: admin,
      body: { role: 'admin' },
    });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ success: false, message: 'User not found' });

    const ok = await call(base, 'PUT', path, { token: admin, body: { role: 'admin' } });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ success: true, user: { id: user.id, role: 'admin' } });
    expect((await call(base, 'GET', '/api/auth/me', { token: user.token })).status).toBe(401);
    const relogged = await login(base, 'member@example.org', 'member-password');
    expect(relogged.user.role).toBe('admin');
  });

  it('an admin cannot change their own role', async () => {
    const me = await call(base, 'GET', '/api/auth/me', { token: admin });
    const id = (me.body['user'] as { id: string }).id;
    const res = await call(base, 'PUT', `/api/admin/users/${id}/role`, {
      token: admin,
      body: { role: 'user' },
    });
    expect(res.status).toBe(400);
  });

  it('createOrPromoteAdmin promotes an existing user and refuses bad input', async () => {
    await register(base, 'promote@example.org', 'promote-password');
    const result = await createOrPromoteAdmin(server.atlasDb.db, { email: 'Promote@example.org' });
    expect(result).toMatchObject({ outcome: 'promoted', user: { role: 'admin' } });
    await expect(
      createOrPromoteAdmin(server.atlasDb.db, { email: 'new-admin@example.org' }),
    ).rejects.toThrow(/password is needed/);
    await expect(
      createOrPromoteAdmin(server.atlasDb.db, { email: 'x@example.org', password: 'short' }),
    ).rejects.toThrow(/between 8 and 1024/);
  });
});

describe('R4 password storage', () => {
  it('stores argon2id with parameters at or above the OWASP minimum', async () => {
    await register(base, 'hash@example.org', 'hash-password');
    const hash = await storedHash('hash@example.org');
    expect(hash.startsWith('$argon2id$')).toBe(true);
    const params = /\$m=(\d+),t=(\d+),p=(\d+)\$|\$m=(\d+),p=(\d+),t=(\d+)\$/.exec(hash);
    expect(params).not.toBeNull();
    const m = Number(params?.[1] ?? params?.[4]);
    const t = Number(params?.[2] ?? params?.[6]);
    const p = Number(params?.[3] ?? params?.[5]);
    expect(m).toBeGreaterThanOrEqual(19_456);
    expect(t).toBeGreaterThanOrEqual(2);
    expect(p).toBeGreaterThanOrEqual(1);
    expect(ARGON2_OPTIONS.memoryCost).toBe(m);
  });

  it('gives two users with the same password different hashes (unique salts)', async () => {
    await register(base, 'salt1@example.org', 'same-password');
    await register(base, 'salt2@example.org', 'same-password');
    const [a, b] = await Promise.all([
      storedHash('salt1@example.org'),
      storedHash('salt2@example.org'),
    ]);
    expect(a).not.toBe(b);
    expect(a.split('$')[4]).not.toBe(b.split('$')[4]);
  });

  it('accepts a 1000-character password and tells it from one that differs in the last char', async () => {
    const long = `${'Lorem ipsum dolor sit amet '.repeat(37)}END`.slice(0, 1000);
    expect(long.length).toBe(1000);
    await register(base, 'long@example.org', long);
    await login(base, 'long@example.org', long);
    await expect(login(base, 'long@example.org', `${long.slice(0, 999)}X`)).rejects.toThrow(/401/);
  });

  it('accepts Unicode passwords; NFC and NFD forms of the same text log in', async () => {
    const password = 'pässwörd-密码-🔑';
    await register(base, 'unicode@example.org', password);
    await login(base, 'unicode@example.org', password);
    const nfc = 'Ünïcödé-paß'.normalize('NFC');
    const nfd = nfc.normalize('NFD');
    expect(nfc).not.toBe(nfd);
    await register(base, 'nfc@example.org', nfc);
    await login(base, 'nfc@example.org', nfd);
    await register(base, 'nfd@example.org', nfd);
    await login(base, 'nfd@example.org', nfc);
    await expect(login(base, 'unicode@example.org', 'passwörd-密码-🔑')).rejects.toThrow(/401/);
  });
});

describe('preferences', () => {
  let token: string;

  beforeAll(async () => {
    token = (await register(base, 'prefs@example.org', 'prefs-password')).token;
  });

  it('guests get 401', async () => {
    expect((await call(base, 'GET', '/api/preferences')).status).toBe(401);
    expect((await call(base, 'PUT', '/api/preferences', { body: { theme: 'light' } })).status).toBe(
      401,
    );
  });

  it('returns the defaults for a new user', async () => {
    const res = await call(base, 'GET', '/api/preferences', { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, preferences: DEFAULT_PREFERENCES });
  });

  it('merges partial updates (including partial globe toggles) and stores them', async () => {
    const first = await call(base, 'PUT', '/api/preferences', {
      token,
      body: { theme: 'light', crtEffect: false, globe: { dayNight: true } },
    });
    expect(first.status).toBe(200);
    const second = await call(base, 'PUT', '/api/preferences', {
      token,
      body: { quality: 'low', globe: { grid: false } },
    });
    const expected = {
      ...DEFAULT_PREFERENCES,
      theme: 'light',
      crtEffect: false,
      quality: 'low',
      globe: { ...DEFAULT_PREFERENCES.globe, dayNight: true, grid: false },
    };
    expect(second.body).toEqual({ success: true, preferences: expected });
    const read = await call(base, 'GET', '/api/preferences', { token });
    expect(read.body).toEqual({ success: true, preferences: expected });
  });

  it('refuses unknown fields, wrong types and bad enum values without changing anything', async () => {
    const before = await call(base, 'GET', '/api/preferences', { token });
    for (const body of [
      { theme: 'blue' },
      { crtEffect: 'yes' },
      { soundEnabled: 1 },
      { quality: 'ultra' },
      { performanceMode: 'turbo' },
      { fontSize: 12 },
      { globe: { planets: true } },
      { globe: { grid: 'on' } },
      { globe: [] },
      [],
    ]) {
      const res = await call(base, 'PUT', '/api/preferences', { token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body['success']).toBe(false);
    }
    const after = await call(base, 'GET', '/api/preferences', { token });
    expect(after.body).toEqual(before.body);
  });

  it('keeps both fields when two updates race', async () => {
    const fresh = (await register(base, 'race@example.org', 'race-password')).token;
    const updates = [
      { theme: 'light' },
      { quality: 'high' },
      { crtEffect: false },
      { soundEnabled: false },
      { globe: { moon: false } },
      { globe: { labels: false } },
    ];
    await Promise.all(
      updates.map((body) => call(base, 'PUT', '/api/preferences', { token: fresh, body })),
    );
    const read = await call(base, 'GET', '/api/preferences', { token: fresh });
    expect(read.body['preferences']).toMatchObject({
      theme: 'light',
      quality: 'high',
      crtEffect: false,
      soundEnabled: false,
      globe: { moon: false, labels: false },
    });
  });
});

describe('JWT secret resolution', () => {
  it('uses the configured secret, else creates one file (0600) beside the SQLite db and reuses it', async () => {
    const dir = await makeTempDir('jwt-secret');
    try {
      const file = path.join(dir, 'db', 'atlas.db');
      const config = { database: { kind: 'sqlite' as const, file }, jwtSecret: null };
      expect(await resolveJwtSecret({ ...config, jwtSecret: 'x'.repeat(40) })).toBe('x'.repeat(40));
      const [a, b] = await Promise.all([resolveJwtSecret(config), resolveJwtSecret(config)]);
      expect(a).toBe(b);
      expect(a.length).toBeGreaterThanOrEqual(64);
      const secretFile = jwtSecretFile(config);
      expect(secretFile).toBe(path.join(dir, 'db', 'jwt-secret'));
      expect((await stat(secretFile)).mode & 0o777).toBe(0o600);
      expect((await readFile(secretFile, 'utf8')).trim()).toBe(a);
      expect(await resolveJwtSecret(config)).toBe(a);
    } finally {
      await removeDir(dir);
    }
  });
});
