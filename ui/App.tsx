/**
 * The application shell: one route table (ui/routes.ts) guarded by access level
 * (ui/auth/RouteGuard.tsx), each area behind its own error boundary, over the one globe that stays
 * mounted behind every page (a route only changes its view preset). Global overlays and toasts
 * sit after the routes.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { lazy, Suspense, useEffect } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { articlesLoadFailed } from '../data/notifications';
import { sendCommand } from '../engine/commands';
import { RouteGuard } from './auth/RouteGuard';
import { EngineStatus, RouteLoading } from './components/EngineStatus';
import { MarkerTooltip } from './components/MarkerTooltip';
import { PerformanceToast } from './components/PerformanceToast';
import { ProfilerOverlay } from './components/ProfilerOverlay';
import { FeedsPage } from './feeds/FeedsPage';
import { ShareDialog } from './overlays/ShareDialog';
import { AppPage } from './pages/AppPage';
import { LandingPage } from './pages/LandingPage';
import { NotFoundPage, PlaceholderPage } from './pages/PlaceholderPage';
import { ROUTES, findRoute, pageTitle, type RouteDef } from './routes';
import { SearchOverlay } from './search/SearchOverlay';
import { AppBoundary, AreaBoundary } from './shell/ErrorBoundary';
import { articleStore, notifications } from './shell/services';
import { ShellEffects } from './shell/ShellEffects';
import { startLoading } from './shell/shellState';
import { Toasts } from './shell/Toasts';
import { dataSourceFromUrl, useArticleFeed } from './useArticleFeed';
import { useTitle } from './useTitle';

// Spec section 2: the sign-in and registration pages are lazy-loaded.
const LoginPage = lazy(() => import('./auth/LoginPage'));
const RegisterPage = lazy(() => import('./auth/RegisterPage'));

function Page({ route }: { route: RouteDef }) {
  switch (route.page) {
    case 'landing':
      return <LandingPage />;
    case 'app':
      return <AppPage />;
    case 'feeds':
      return <FeedsPage />;
    case 'auth':
      return route.path === '/register' ? <RegisterPage /> : <LoginPage />;
    default:
      return <PlaceholderPage title={route.title} />;
  }
}

function Guarded({ route }: { route: RouteDef }) {
  if (route.access === 'disabled') return <NotFoundPage />;
  return (
    <RouteGuard route={route}>
      <AreaBoundary area="page" fallback={<RouteLoading />}>
        <Page route={route} />
      </AreaBoundary>
    </RouteGuard>
  );
}

/** The globe's article list also fills the shared store (recent articles, search, feeds). */
const feedListeners = {
  onArticles: (list: readonly unknown[]): void => void articleStore.upsertMany(list),
  onError: (message: string): void => void notifications.error(articlesLoadFailed(message)),
};

export function App() {
  useSignals();
  const [location] = useLocation();
  const route = findRoute(location);
  useTitle(pageTitle(route));
  const view = route?.view ?? 'background';
  // Spec section 2: on / articles are skipped until atlasStartLoading (any other view starts).
  useArticleFeed(dataSourceFromUrl(window.location.search), feedListeners, startLoading.value);
  const variant = route?.variant?.preset;
  useEffect(() => {
    // The globe stays mounted behind every page; a route only changes its preset (and the globe
    // variants their row of engine/globeVariants.ts).
    sendCommand(
      variant === undefined ? { type: 'setView', view } : { type: 'setView', view, variant },
    );
  }, [view, variant]);
  return (
    <AppBoundary>
      <ShellEffects view={view} />
      <Suspense fallback={<RouteLoading />}>
        <Switch>
          {ROUTES.map((r) => (
            <Route key={r.path} path={r.path}>
              <Guarded route={r} />
            </Route>
          ))}
          <Route>
            <NotFoundPage />
          </Route>
        </Switch>
      </Suspense>
      <AreaBoundary area="overlays">
        <SearchOverlay />
        <ShareDialog />
        <MarkerTooltip />
        <PerformanceToast />
        <ProfilerOverlay />
        <Toasts />
      </AreaBoundary>
      <EngineStatus />
    </AppBoundary>
  );
}
