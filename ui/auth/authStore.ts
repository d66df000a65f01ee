/**
 * Auth state as signals (spec application.md sections 3 "Auth state" and 4): user, token,
 * isAuthenticated, loading, error. The token and user are kept in local storage; on entry the
 * token is checked with GET /api/auth/me and a failure logs out ('Token invalid') - unless the
 * check could not be made (offline, a timeout, a 5xx: issue #32), which keeps the stored session
 * (the server still refuses a bad token on every call). Guest mode is a local identity with no
 * token and no server session.
 *
 * A factory over an injected API and storage, with no DOM, so it is tested in Node against a real
 * server (ui/auth/authStore.test.ts); ui/auth/authState.ts makes the page's one instance.
 */
import { batch, computed, signal, type ReadonlySignal } from '@preact/signals-core';
import { isUnreachable, type AuthResult, type AuthUser } from '../../data/api/client';
import { ROLES, type Role } from '../../data/permissions';

/** Spec: the guest user created locally: id guest, name Guest User, role guest, no token. */
export const GUEST_USER: Readonly<AuthUser> = Object.freeze({
  id: 'guest',
  name: 'Guest User',
  email: '',
  role: 'guest',
});

/** Local storage keys (spec section 3: "auth token and user"). */
export const TOKEN_KEY = 'atlas_auth_token';
export const USER_KEY = 'atlas_auth_user';

export interface AuthApi {
  login(email: string, password: string): Promise<AuthResult>;
  register(fields: Readonly<Record<string, unknown>>): Promise<AuthResult>;
  me(signal?: AbortSignal): Promise<AuthUser>;
  logout(): Promise<void>;
}

/** The part of the Web Storage API used here (a Map-backed object in tests). */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface AuthStore {
  readonly user: ReadonlySignal<AuthUser | null>;
  readonly token: ReadonlySignal<string | null>;
  /** A server session: a token and a user whose role is not guest. */
  readonly isAuthenticated: ReadonlySignal<boolean>;
  readonly loading: ReadonlySignal<boolean>;
  readonly error: ReadonlySignal<string | null>;
  /** Validates the session restored from storage with /api/auth/me (failure logs out). */
  init(): Promise<void>;
  /** Resolves true on success; on failure `error` holds the message to show. */
  login(email: string, password: string): Promise<boolean>;
  register(fields: { email: string; password: string; name?: string }): Promise<boolean>;
  /** Sets the local guest user when nobody is signed in (guest-allowed routes). */
  enterGuest(): void;
  /** Tells the server (best effort), then clears user, token and storage. */
  logout(): Promise<void>;
  clearError(): void;
}

function messageOf(error: unknown, fallback: string): string {
  return error instanceof Error && error.message !== '' ? error.message : fallback;
}

/** A stored user, or null when the stored text is missing or not a user. */
export function parseStoredUser(text: string | null): AuthUser | null {
  if (text === null) return null;
  try {
    const v = JSON.parse(text) as unknown;
    if (typeof v !== 'object' || v === null) return null;
    const { id, email, name, role } = v as Record<string, unknown>;
    if (typeof id !== 'string' || typeof name !== 'string') return null;
    if (!(ROLES as readonly unknown[]).includes(role)) return null;
    return { id, name, email: typeof email === 'string' ? email : '', role: role as Role };
  } catch {
    return null;
  }
}

export function createAuthStore(deps: { api: AuthApi; storage: KeyValueStorage }): AuthStore {
  const { api, storage } = deps;
  // The stored session is restored at once (synchronously), so the first render of a
  // login-required page does not redirect a signed-in user; init() then validates it.
  const storedToken = storage.getItem(TOKEN_KEY);
  const restored = storedToken === null || storedToken === '' ? null : storedToken;
  const user = signal<AuthUser | null>(
    restored === null ? null : parseStoredUser(storage.getItem(USER_KEY)),
  );
  const token = signal<string | null>(restored);
  const loading = signal(restored !== null);
  const error = signal<string | null>(null);
  const isAuthenticated = computed(
    () => token.value !== null && user.value !== null && user.value.role !== 'guest',
  );

  const setSession = (u: AuthUser, t: string): void => {
    batch(() => {
      user.value = u;
      token.value = t;
      error.value = null;
    });
    storage.setItem(TOKEN_KEY, t);
    storage.setItem(USER_KEY, JSON.stringify(u));
  };

  const clearSession = (): void => {
    batch(() => {
      user.value = null;
      token.value = null;
    });
    storage.removeItem(TOKEN_KEY);
    storage.removeItem(USER_KEY);
  };

  const attempt = async (call: () => Promise<AuthResult>, fallback: string): Promise<boolean> => {
    batch(() => {
      loading.value = true;
      error.value = null;
    });
    try {
      const result = await call();
      setSession(result.user, result.token);
      return true;
    } catch (err) {
      error.value = messageOf(err, fallback);
      return false;
    } finally {
      loading.value = false;
    }
  };

  return {
    user,
    token,
    isAuthenticated,
    loading,
    error,
    async init() {
      const stored = token.peek();
      if (stored === null) {
        loading.value = false;
        return;
      }
      loading.value = true;
      try {
        const fresh = await api.me();
        // A logout or another login while the check ran wins over its answer.
        if (token.peek() === stored) setSession(fresh, stored);
      } catch (err) {
        if (isUnreachable(err)) {
          console.info('ATLAS: the session could not be checked now; kept', err);
          return;
        }
        if (token.peek() === stored) {
          clearSession();
          error.value = messageOf(err, 'Token invalid');
        }
      } finally {
        loading.value = false;
      }
    },
    login: (email, password) => attempt(() => api.login(email, password), 'Login failed'),
    register: (fields) => attempt(() => api.register(fields), 'Registration failed'),
    enterGuest() {
      if (user.peek() === null && token.peek() === null) user.value = GUEST_USER;
    },
    async logout() {
      if (token.peek() !== null) await api.logout();
      clearSession();
      error.value = null;
    },
    clearError() {
      error.value = null;
    },
  };
}
