/**
 * Applies route access (ui/auth/access.ts) with the live auth state: guest routes set guest mode
 * when nobody is signed in, login routes send an unauthenticated visitor to /login (and back
 * after signing in), a role below the minimum sees ACCESS DENIED. While a stored session is being
 * checked the guard waits rather than redirecting a user who is in fact signed in.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, type ReactNode } from 'react';
import { Redirect, useLocation } from 'wouter';
import type { RouteDef } from '../routes';
import { AccessDenied } from './AccessDenied';
import { RETURN_TO_KEY, decideAccess } from './access';
import { auth } from './authState';

export function RouteGuard({ route, children }: { route: RouteDef; children: ReactNode }) {
  useSignals();
  const [location] = useLocation();
  const user = auth.user.value;
  const decision = decideAccess(
    route,
    { role: user?.role ?? null, authenticated: auth.isAuthenticated.value },
    location + window.location.search,
  );
  useEffect(() => {
    if (decision.kind === 'guest') auth.enterGuest();
  }, [decision.kind]);
  const checking = auth.loading.value && auth.token.value !== null;
  switch (decision.kind) {
    case 'hidden':
      return null;
    case 'login':
      if (checking) return null;
      try {
        sessionStorage.setItem(RETURN_TO_KEY, decision.returnTo);
      } catch {
        // No session storage: the user lands on /app after signing in.
      }
      return <Redirect to="/login" replace />;
    case 'denied':
      return <AccessDenied required={decision.required} />;
    default:
      return <>{children}</>;
  }
}
