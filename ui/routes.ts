/**
 * The application's route table (spec application.md section 2 and the access rules of section 6),
 * declared once. Pages are filled in by later work; every route exists now.
 */
import type { Role } from '../data/permissions';
import type { GlobeVariantName, ViewName } from '../engine/signals';

/** guest: guests allowed (guest mode set automatically); login: sign-in required; public: anyone;
 * disabled: declared but not reachable. */
export type RouteAccess = 'guest' | 'login' | 'public' | 'disabled';

/** Which page component a route shows (ui/App.tsx maps a kind to its lazily loaded page). */
export type PageKind =
  | 'landing'
  | 'app'
  | 'placeholder'
  | 'auth'
  | 'static'
  | 'feeds'
  | 'intelligence'
  | 'layers'
  | 'analytics'
  | 'account'
  | 'admin'
  | 'spatial'
  | 'globe'
  | 'xr';

export interface RouteDef {
  path: string;
  /** Page title before the ' | ATLAS' suffix. */
  title: string;
  access: RouteAccess;
  page: PageKind;
  /** The engine view preset the globe uses behind this page. */
  view: ViewName;
  /** Globe variants of the spec's globe switcher are presets of the one engine: `preset` names
   * the row of engine/globeVariants.ts applied on entry (layers, quality, sphere, camera). */
  variant?: {
    status: 'active' | 'optimized' | 'test' | 'experimental' | 'specialized';
    preset?: GlobeVariantName;
  };
  /** A minimum role above 'user' (spec section 6: a lower role sees ACCESS DENIED). */
  minRole?: Role;
}

export const TITLE_SUFFIX = ' | ATLAS';

export const ROUTES: readonly RouteDef[] = [
  { path: '/', title: 'Home', access: 'guest', page: 'landing', view: 'landing' },
  { path: '/app', title: 'Globe', access: 'guest', page: 'app', view: 'app' },
  {
    path: '/feeds',
    title: 'Live Intelligence Feed',
    access: 'guest',
    page: 'feeds',
    view: 'background',
  },
  {
    path: '/intelligence',
    title: 'Intelligence',
    access: 'guest',
    page: 'intelligence',
    view: 'background',
  },
  { path: '/layers', title: 'Layers', access: 'guest', page: 'layers', view: 'background' },
  {
    path: '/analytics',
    title: 'Analytics',
    access: 'guest',
    page: 'analytics',
    view: 'background',
  },
  {
    path: '/account',
    title: 'Account & Preferences',
    access: 'guest',
    page: 'account',
    view: 'background',
  },
  { path: '/landing', title: 'Welcome', access: 'guest', page: 'landing', view: 'landing' },
  { path: '/globe', title: 'Globe', access: 'guest', page: 'globe', view: 'app' },
  { path: '/timeline', title: 'Timeline', access: 'login', page: 'app', view: 'app' },
  { path: '/classic', title: 'Classic View', access: 'login', page: 'app', view: 'app' },
  {
    path: '/globe-optimized',
    title: 'Globe (optimized)',
    access: 'login',
    page: 'globe',
    view: 'app',
    variant: { status: 'optimized', preset: 'globe-optimized' },
  },
  // The admin area (spec section 6 capability 'admin panel'): admins only.
  {
    path: '/admin',
    title: 'Admin',
    access: 'login',
    minRole: 'admin',
    page: 'admin',
    view: 'background',
  },
  { path: '/login', title: 'Sign In', access: 'public', page: 'auth', view: 'background' },
  { path: '/register', title: 'Register', access: 'public', page: 'auth', view: 'background' },
  { path: '/about', title: 'About', access: 'public', page: 'static', view: 'background' },
  { path: '/privacy', title: 'Privacy', access: 'public', page: 'static', view: 'background' },
  { path: '/terms', title: 'Terms', access: 'public', page: 'static', view: 'background' },
  { path: '/docs', title: 'Documentation', access: 'public', page: 'static', view: 'background' },
  { path: '/enhanced-globe', title: 'Globe', access: 'public', page: 'app', view: 'app' },
  { path: '/port-3000', title: 'Globe', access: 'public', page: 'app', view: 'app' },
  { path: '/debug-globe', title: 'Globe Debug', access: 'public', page: 'app', view: 'app' },
  {
    path: '/globe3',
    title: 'Experimental Globe',
    access: 'disabled',
    page: 'placeholder',
    view: 'background',
  },
  // The globe switcher's variants (spec section 2): one engine, presets per variant.
  {
    path: '/spatial',
    title: 'Spatial',
    access: 'public',
    page: 'spatial',
    view: 'app',
    variant: { status: 'active', preset: 'spatial' },
  },
  {
    path: '/globe-complete',
    title: 'Globe (complete)',
    access: 'public',
    page: 'app',
    view: 'app',
    variant: { status: 'active', preset: 'globe-complete' },
  },
  {
    path: '/globe-atlas-optimized',
    title: 'Globe (atlas optimized)',
    access: 'public',
    page: 'app',
    view: 'app',
    variant: { status: 'optimized' },
  },
  {
    path: '/globe-optimized-complete',
    title: 'Globe (optimized complete)',
    access: 'public',
    page: 'app',
    view: 'app',
    variant: { status: 'optimized' },
  },
  {
    path: '/globe-simple',
    title: 'Globe (simple)',
    access: 'public',
    page: 'app',
    view: 'app',
    variant: { status: 'optimized' },
  },
  {
    path: '/globe-minimal',
    title: 'Globe (minimal)',
    access: 'public',
    page: 'app',
    view: 'app',
    variant: { status: 'optimized', preset: 'globe-minimal' },
  },
  {
    path: '/globe-ultra-minimal',
    title: 'Globe (ultra minimal)',
    access: 'public',
    page: 'app',
    view: 'app',
    variant: { status: 'optimized' },
  },
  {
    path: '/test-working',
    title: 'Globe (test)',
    access: 'public',
    page: 'app',
    view: 'app',
    variant: { status: 'test' },
  },
  {
    path: '/globe-realistic',
    title: 'Globe (realistic)',
    access: 'public',
    page: 'app',
    view: 'app',
    variant: { status: 'experimental' },
  },
  {
    path: '/globe-holographic',
    title: 'Globe (holographic)',
    access: 'public',
    page: 'app',
    view: 'app',
    variant: { status: 'experimental', preset: 'globe-holographic' },
  },
  {
    path: '/globe-photorealistic',
    title: 'Globe (photorealistic)',
    access: 'public',
    page: 'app',
    view: 'app',
    variant: { status: 'experimental' },
  },
  {
    path: '/test-xgrid',
    title: 'Grid test',
    access: 'public',
    page: 'app',
    view: 'app',
    variant: { status: 'specialized' },
  },
  {
    path: '/test-xgrid-simple',
    title: 'Grid test (simple)',
    access: 'public',
    page: 'app',
    view: 'app',
    variant: { status: 'specialized' },
  },
  {
    path: '/xr',
    title: 'XR',
    access: 'public',
    page: 'xr',
    view: 'app',
    variant: { status: 'specialized', preset: 'xr' },
  },
  {
    path: '/test-solar',
    title: 'Solar system test',
    access: 'public',
    page: 'app',
    view: 'solar',
    variant: { status: 'specialized', preset: 'test-solar' },
  },
];

export function findRoute(path: string): RouteDef | undefined {
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return ROUTES.find((r) => r.path === clean);
}

export function pageTitle(route: RouteDef | undefined): string {
  return `${route?.title ?? 'Not Found'}${TITLE_SUFFIX}`;
}
