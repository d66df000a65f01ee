import { describe, expect, it } from 'vitest';
import { ROUTES, findRoute, pageTitle } from './routes';

describe('route table', () => {
  it('declares each path once', () => {
    const paths = ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('uses the access levels of spec section 6', () => {
    const guest = [
      '/',
      '/app',
      '/feeds',
      '/account',
      '/intelligence',
      '/layers',
      '/analytics',
      '/globe',
      '/landing',
    ];
    for (const p of guest) expect(findRoute(p)?.access, p).toBe('guest');
    for (const p of ['/timeline', '/classic', '/globe-optimized'])
      expect(findRoute(p)?.access, p).toBe('login');
    for (const p of [
      '/login',
      '/register',
      '/about',
      '/privacy',
      '/terms',
      '/docs',
      '/debug-globe',
    ]) {
      expect(findRoute(p)?.access, p).toBe('public');
    }
    expect(findRoute('/globe3')?.access).toBe('disabled');
  });

  it('gives the globe switcher routes their presets of the one engine', () => {
    const presets: Record<string, string> = {
      '/spatial': 'spatial',
      '/globe-complete': 'globe-complete',
      '/globe-optimized': 'globe-optimized',
      '/globe-minimal': 'globe-minimal',
      '/globe-holographic': 'globe-holographic',
      '/test-solar': 'test-solar',
      '/xr': 'xr',
    };
    for (const [path, preset] of Object.entries(presets)) {
      expect(findRoute(path)?.variant?.preset, path).toBe(preset);
    }
    expect(findRoute('/test-solar')?.view).toBe('solar');
    expect(findRoute('/app')?.variant).toBeUndefined();
  });

  it('gives every reachable route a built page (no placeholder)', () => {
    const unbuilt = ROUTES.filter((r) => r.access !== 'disabled' && r.page === 'placeholder');
    expect(unbuilt.map((r) => r.path)).toEqual([]);
  });

  it('suffixes page titles with | ATLAS', () => {
    expect(pageTitle(findRoute('/app'))).toBe('Globe | ATLAS');
    expect(pageTitle(undefined)).toBe('Not Found | ATLAS');
    expect(findRoute('/app/')?.path).toBe('/app');
  });
});
