/**
 * Route access (spec application.md section 6): what a visitor with a given identity gets on a
 * route. Pure, so the rules are unit-tested without a browser; ui/auth/RouteGuard.tsx applies it.
 */
import { ROLE_LEVEL, type Role } from '../../data/permissions';
import type { RouteDef } from '../routes';

export type AccessDecision =
  /** Show the page. */
  | { kind: 'allow' }
  /** Show the page after switching to the local guest identity (guest-allowed routes). */
  | { kind: 'guest' }
  /** Not signed in on a route that needs an account: to /login, then back. */
  | { kind: 'login'; returnTo: string }
  /** Signed in, but the role is below the route's minimum: 'ACCESS DENIED'. */
  | { kind: 'denied'; required: Role }
  /** Declared but unreachable (/globe3). */
  | { kind: 'hidden' };

export interface Identity {
  /** The signed-in or guest user's role; null when nobody (not even a guest) is set. */
  role: Role | null;
  /** A server session exists (a guest never has one). */
  authenticated: boolean;
}

/** The lowest role a route admits: its own `minRole`, else 'user' for login routes. */
export function minimumRole(route: RouteDef): Role | null {
  if (route.minRole !== undefined) return route.minRole;
  return route.access === 'login' ? 'user' : null;
}

export function decideAccess(route: RouteDef, who: Identity, path: string): AccessDecision {
  if (route.access === 'disabled') return { kind: 'hidden' };
  const min = minimumRole(route);
  if (min !== null) {
    if (!who.authenticated) return { kind: 'login', returnTo: path };
    if (who.role === null || ROLE_LEVEL[who.role] < ROLE_LEVEL[min]) {
      return { kind: 'denied', required: min };
    }
    return { kind: 'allow' };
  }
  if (route.access === 'guest' && who.role === null) return { kind: 'guest' };
  return { kind: 'allow' };
}

/**
 * Where to go after signing in: the remembered path when it is a local one, else /app. The
 * redirect itself goes to plain /login (the path is kept in session storage, not the URL).
 */
export function returnPath(remembered: string | null): string {
  // Only same-site paths: '//host' or 'http:' would send the user elsewhere.
  if (remembered === null || !remembered.startsWith('/') || remembered.startsWith('//')) {
    return '/app';
  }
  const bare = remembered.split(/[?#]/)[0];
  if (bare === '/login' || bare === '/register') return '/app';
  return remembered;
}

/** Session storage key of the path a login redirect came from. */
export const RETURN_TO_KEY = 'atlas_return_to';

/** 'Admin' for 'admin': the access-denied line shows the role capitalised. */
export function roleLabel(role: Role): string {
  return role.charAt(0).toUpperCase() + role.slice(1);
}
