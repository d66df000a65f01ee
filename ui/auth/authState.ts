/**
 * The page's one auth state (ui/auth/authStore.ts over the real API client and localStorage),
 * and the API client every UI module shares: its bearer token is read from this state per
 * request, so a login or logout takes effect on the next call without rebuilding anything.
 */
import { ApiClient, createAtlasApi } from '../../data/api/client';
import { createAuthStore, type KeyValueStorage } from './authStore';

export { GUEST_USER } from './authStore';

/** localStorage, or a memory stand-in where it is unavailable (private modes that throw). */
function browserStorage(): KeyValueStorage {
  try {
    const s = window.localStorage;
    s.getItem('atlas_probe');
    return s;
  } catch {
    const m = new Map<string, string>();
    return {
      getItem: (k) => m.get(k) ?? null,
      setItem: (k, v) => void m.set(k, v),
      removeItem: (k) => void m.delete(k),
    };
  }
}

/** Shared API client (base '/api', 10 s timeout, GET cache) carrying the current token. */
export const apiClient = new ApiClient({ getToken: () => auth.token.peek() });
export const api = createAtlasApi(apiClient);

export const auth = createAuthStore({ api, storage: browserStorage() });

export const { user, token, isAuthenticated, loading, error } = auth;
