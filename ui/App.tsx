/**
 * The application shell: one route table (ui/routes.ts) guarded by access level
 * (ui/auth/RouteGuard.tsx), each area behind its own error boundary, over the one globe that stays
 * mounted behind every page (a route only changes its view preset). Global overlays and toasts
 * sit after the routes.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { lazy, Suspense, useEffect } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { articlesLoadFailed, v4ArticlesLoadFailed } from '../data/notifications';
import { startChoroplethFeed } from './choropleth';
import { ChoroplethLegend } from './components/ChoroplethLegend';
import { RouteGuard } from './auth/RouteGuard';
import { EngineStatus, RouteLoading } from './components/EngineStatus';
import { LoadStatus } from './components/LoadStatus';
import { MarkerTooltip } from './components/MarkerTooltip';
import { PerformanceToast } from './components/PerformanceToast';
import { ProfilerOverlay } from './components/ProfilerOverlay';
import { FeedsPage } from './feeds/FeedsPage';
import { ShareDialog } from './overlays/ShareDialog';
import { AppPage } from './pages/AppPage';
import { AppLoadingScreen } from './landing/AppLoadingScreen';
import { LandingPage } from './pages/LandingPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { ROUTES, findRoute, pageTitle, type RouteDef } from './routes';
import { applyRouteView } from './routeView';
import { startMarkerFeed } from './markerFeed';
import { SearchOverlay } from './search/SearchOverlay';
import { SettingsHost } from './settings/SettingsHost';
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
const AdminPage = lazy(() => import('./admin/AdminPage'));
const SpatialPage = lazy(() => import('./spatial/SpatialPage'));
const GlobeScreenPage = lazy(() => import('./globeScreen/GlobeScreenPage'));
const AccountPage = lazy(() => import('./account/AccountPage'));
// The public pages (About, Privacy, Terms, Docs): ui/static/.
const StaticPage = lazy(() => import('./static/StaticPage'));
// The three views of the news keep their libraries (sigma, graphology, uPlot) out of the first
// bundle.
const IntelligencePage = lazy(() => import('./views/intelligence/IntelligencePage'));
const AnalyticsPage = lazy(() => import('./views/analytics/AnalyticsPage'));
const LayersPage = lazy(() => import('./views/layers/LayersPage'));

/**
 * The page for a route kind. Pages other than the landing and /app are loaded when first used
 * (route-level code splitting; spec section 2 lazy-loads sign-in and registration). One case per
 * kind: a kind whose page is not built yet shows the placeholder (the globe variants the /app page).
 */
function Page({ route }: { route: RouteDef }) {
  switch (route.page) {
    case 'landing':
      return route.path === '/landing' ? <AppLoadingScreen /> : <LandingPage />;
    case 'app':
      return <AppPage />;
    case 'feeds':
      return <FeedsPage />;
    case 'auth':
      return route.path === '/register' ? <RegisterPage /> : <LoginPage />;
    case 'spatial':
      return <SpatialPage />;
    case 'globe':
      return <GlobeScreenPage />;
    case 'xr':
      return <AppPage />;
    case 'intelligence':
      return <IntelligencePage />;
    case 'analytics':
      return <AnalyticsPage />;
    case 'layers':
      return <LayersPage />;
    case 'account':
      return <AccountPage />;
    case 'admin':
      return <AdminPage />;
    case 'static':
      return <StaticPage path={route.path} />;
    case 'placeholder':
      return <NotFoundPage />;
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
  onV4Error: (message: string): void => void notifications.error(v4ArticlesLoadFailed(message)),
};

export function App() {
  useSignals();
  const [location] = useLocation();
  const route = findRoute(location);
  useTitle(pageTitle(route));
  const view = route?.view ?? 'background';
  // Spec section 2: on / articles are skipped until atlasStartLoading (any other view starts).
  const source = dataSourceFromUrl(window.location.search);
  useArticleFeed(source, feedListeners, startLoading.value);
  // The marker feed by camera box on the globe screens (real data only).
  const markerFeedOn = view === 'app' && source === 'real' && startLoading.value;
  useEffect(() => (markerFeedOn ? startMarkerFeed() : undefined), [markerFeedOn]);
  // The choropleth layer's data while the layer is on (any page can switch it).
  useEffect(() => startChoroplethFeed(), []);
  const variant = route?.variant?.preset;
  useEffect(() => {
    // The globe stays mounted behind every page; a route only changes its preset (and the globe
    // variants their row of engine/globeVariants.ts).
    applyRouteView(view, variant);
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
        <SettingsHost />
        {/* Behind a page's own content the globe is decoration, and each page says its own
            loading, failed and offline states (DataNotice): the globe's load status would only
            cover the page's heading. */}
        {view !== 'background' && <LoadStatus />}
        {/* The views of the news show the legend in their own page (Analytics). */}
        {view === 'app' && <ChoroplethLegend />}
      </AreaBoundary>
      <EngineStatus />
    </AppBoundary>
  );
}
