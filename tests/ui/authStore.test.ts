/**
 * The auth state against a real server (buildApp on 127.0.0.1, SQLite in a temp dir) through the
 * real API client: register, restore from storage with the /me check, a revoked or forged token
 * logging out, login failures with the server's text, guest mode and logout.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, ApiError, createAtlasApi } from '../../data/api/client';
import { NO_API_LIMITS, startAuthServer, type AuthTestServer } from '../server/authTestServer';
import {
  GUEST_USER,
  TOKEN_KEY,
  USER_KEY,
  createAuthStore,
  parseStoredUser,
  type AuthStore,
  type KeyValueStorage,
} from '../../ui/auth/authStore';

function memoryStorage(): KeyValueStorage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
}

let server: AuthTestServer;

/** A store over a real client whose token comes from the store itself (as in the browser). */
function makeStore(storage: KeyValueStorage): AuthStore {
  const holder: { store: AuthStore | null } = { store: null };
  const client = new ApiClient({
    baseUrl: `${server.url}/api`,
    getToken: () => holder.store?.token.peek() ?? null,
  });
  holder.store = createAuthStore({ api: createAtlasApi(client), storage });
  return holder.store;
}

beforeAll(async () => {
  server = await startAuthServer({ accounts: NO_API_LIMITS });
});
afterAll(async () => {
  await server.close();
});

describe('auth store', () => {
  it('registers, persists, restores with /me, and logs out', async () => {
    const storage = memoryStorage();
    const a = makeStore(storage);
    expect(a.isAuthenticated.value).toBe(false);
    const ok = await a.register({
      email: 'ada@example.com',
      password: 'correct horse',
      name: 'Ada',
    });
    expect(ok).toBe(true);
    expect(a.user.value).toMatchObject({ email: 'ada@example.com', name: 'Ada', role: 'user' });
    expect(a.isAuthenticated.value).toBe(true);
    expect(storage.getItem(TOKEN_KEY)).toBe(a.token.value);
    expect(parseStoredUser(storage.getItem(USER_KEY))?.name).toBe('Ada');

    // A new page view: same storage, the token is validated by the server.
    const b = makeStore(storage);
    // Restored at once (so a guarded page does not redirect), then checked by the server.
    expect(b.isAuthenticated.value).toBe(true);
    const pending = b.init();
    expect(b.loading.value).toBe(true);
    await pending;
    expect(b.loading.value).toBe(false);
    expect(b.isAuthenticated.value).toBe(true);
    expect(b.user.value?.email).toBe('ada@example.com');

    await b.logout();
    expect(b.user.value).toBeNull();
    expect(b.token.value).toBeNull();
    expect(storage.map.size).toBe(0);

    // The server revoked the token at logout: restoring it now fails and logs out.
    storage.setItem(TOKEN_KEY, a.token.value ?? '');
    const c = makeStore(storage);
    await c.init();
    expect(c.isAuthenticated.value).toBe(false);
    expect(c.error.value).toBe('Token invalid');
    expect(storage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('shows the server text for a bad password and a taken email', async () => {
    const a = makeStore(memoryStorage());
    expect(await a.register({ email: 'bob@example.com', password: 'long enough 1' })).toBe(true);
    const b = makeStore(memoryStorage());
    expect(await b.login('bob@example.com', 'wrong password')).toBe(false);
    expect(b.error.value).toBe('Invalid credentials');
    expect(b.isAuthenticated.value).toBe(false);
    expect(await b.register({ email: 'bob@example.com', password: 'another one 2' })).toBe(false);
    expect(b.error.value).toBe('Registration failed');
    expect(await b.login('BOB@example.com', 'long enough 1')).toBe(true);
    expect(b.error.value).toBeNull();
    expect(b.user.value?.name).not.toBe('');
  });

  it('rejects a forged stored token and sets guest mode only when nobody is signed in', async () => {
    const storage = memoryStorage();
    storage.setItem(TOKEN_KEY, 'not-a-real-token');
    storage.setItem(
      USER_KEY,
      JSON.stringify({ id: '9', name: 'Mallory', email: '', role: 'admin' }),
    );
    const s = makeStore(storage);
    expect(s.user.value?.name).toBe('Mallory');
    await s.init();
    expect(s.user.value).toBeNull();
    expect(s.error.value).toBe('Token invalid');
    s.enterGuest();
    expect(s.user.value).toEqual(GUEST_USER);
    expect(s.token.value).toBeNull();
    expect(s.isAuthenticated.value).toBe(false);
    // Guest mode is local: nothing is stored and logout makes no server call with a token.
    expect(storage.map.size).toBe(0);
    await s.logout();
    expect(s.user.value).toBeNull();
  });
});

describe('parseStoredUser', () => {
  it('accepts a stored user and refuses anything else', () => {
    expect(parseStoredUser('{"id":"1","name":"A","email":"a@b.c","role":"user"}')?.role).toBe(
      'user',
    );
    expect(parseStoredUser('{"id":"1","name":"A","role":"root"}')).toBeNull();
    expect(parseStoredUser('not json')).toBeNull();
    expect(parseStoredUser(null)).toBeNull();
  });

  it('keeps the stored session when the check cannot reach the server (issue #32)', async () => {
    const stored = { id: '7', name: 'Ada', email: 'ada@example.com', role: 'user' };
    const storeFailingWith = (error: Error): AuthStore => {
      const storage = memoryStorage();
      storage.setItem(TOKEN_KEY, 'stored-token');
      storage.setItem(USER_KEY, JSON.stringify(stored));
      return createAuthStore({
        api: {
          login: () => Promise.reject(new Error('unused')),
          register: () => Promise.reject(new Error('unused')),
          me: () => Promise.reject(error),
          logout: () => Promise.resolve(),
        },
        storage,
      });
    };
    for (const error of [
      new ApiError('Token invalid', null, 'timeout'),
      new ApiError('Token invalid', null, 'network'),
      new ApiError('Token invalid', 503, 'http'),
    ]) {
      const s = storeFailingWith(error);
      await s.init();
      expect(s.isAuthenticated.value, error.kind).toBe(true);
      expect(s.token.value).toBe('stored-token');
      expect(s.error.value).toBeNull();
      expect(s.loading.value).toBe(false);
    }
    // A refused token (401, 403) still logs out.
    for (const status of [401, 403]) {
      const refused = storeFailingWith(new ApiError('Token invalid', status, 'http'));
      await refused.init();
      expect(refused.isAuthenticated.value, String(status)).toBe(false);
      expect(refused.token.value).toBeNull();
      expect(refused.error.value).toBe('Token invalid');
    }
  });
});
