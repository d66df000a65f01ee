import { describe, expect, it } from 'vitest';
import { ROUTES, findRoute, type RouteDef } from '../routes';
import { decideAccess, minimumRole, returnPath, roleLabel } from './access';

const route = (p: string): RouteDef => {
  const r = findRoute(p);
  if (!r) throw new Error(`no route ${p}`);
  return r;
};
const nobody = { role: null, authenticated: false } as const;
const guest = { role: 'guest', authenticated: false } as const;
const user = { role: 'user', authenticated: true } as const;
const admin = { role: 'admin', authenticated: true } as const;

describe('route access (spec section 6)', () => {
  it('sets guest mode on guest routes when nobody is signed in', () => {
    for (const p of ['/', '/app', '/feeds', '/account', '/intelligence', '/layers', '/analytics']) {
      expect(decideAccess(route(p), nobody, p).kind, p).toBe('guest');
      expect(decideAccess(route(p), guest, p).kind, p).toBe('allow');
      expect(decideAccess(route(p), user, p).kind, p).toBe('allow');
    }
  });

  it('sends unauthenticated visitors of login routes to /login, guests included', () => {
    for (const p of ['/timeline', '/classic', '/globe-optimized', '/admin']) {
      expect(decideAccess(route(p), nobody, p)).toEqual({ kind: 'login', returnTo: p });
      expect(decideAccess(route(p), guest, `${p}?x=1`)).toEqual({
        kind: 'login',
        returnTo: `${p}?x=1`,
      });
    }
    expect(decideAccess(route('/timeline'), user, '/timeline').kind).toBe('allow');
  });

  it('denies a role below the minimum with the required role', () => {
    expect(decideAccess(route('/admin'), user, '/admin')).toEqual({
      kind: 'denied',
      required: 'admin',
    });
    expect(decideAccess(route('/admin'), admin, '/admin').kind).toBe('allow');
    expect(roleLabel('admin')).toBe('Admin');
  });

  it('lets anyone on public routes and nobody on disabled ones', () => {
    for (const r of ROUTES.filter((x) => x.access === 'public')) {
      expect(decideAccess(r, nobody, r.path).kind, r.path).toBe('allow');
      expect(minimumRole(r)).toBeNull();
    }
    expect(decideAccess(route('/globe3'), admin, '/globe3').kind).toBe('hidden');
  });
});

describe('returnPath', () => {
  it('returns only to local paths other than the auth pages', () => {
    expect(returnPath('/timeline')).toBe('/timeline');
    expect(returnPath('/app?lat=1&lon=2')).toBe('/app?lat=1&lon=2');
    expect(returnPath(null)).toBe('/app');
    expect(returnPath('//evil.example/x')).toBe('/app');
    expect(returnPath('https://evil.example/')).toBe('/app');
    expect(returnPath('/login?x')).toBe('/app');
    expect(returnPath('/register')).toBe('/app');
  });
});
