import { useEffect } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { sendCommand } from '../engine/commands';
import { EngineStatus } from './components/EngineStatus';
import { MarkerTooltip } from './components/MarkerTooltip';
import { PerformanceToast } from './components/PerformanceToast';
import { ProfilerOverlay } from './components/ProfilerOverlay';
import { AppPage } from './pages/AppPage';
import { LandingPage } from './pages/LandingPage';
import { NotFoundPage, PlaceholderPage } from './pages/PlaceholderPage';
import { ROUTES, findRoute, pageTitle, type RouteDef } from './routes';
import { dataSourceFromUrl, useArticleFeed } from './useArticleFeed';
import { useTitle } from './useTitle';

function Page({ route }: { route: RouteDef }) {
  switch (route.page) {
    case 'landing':
      return <LandingPage />;
    case 'app':
      return <AppPage />;
    default:
      return <PlaceholderPage title={route.title} />;
  }
}

/** Guards a route by its access level; no accounts exist yet, so nobody is signed in. */
function Guarded({ route }: { route: RouteDef }) {
  if (route.access === 'login') return <Redirect to="/login" replace />;
  if (route.access === 'disabled') return <NotFoundPage />;
  return <Page route={route} />;
}

export function App() {
  const [location] = useLocation();
  const route = findRoute(location);
  useTitle(pageTitle(route));
  const view = route?.view ?? 'background';
  useArticleFeed(dataSourceFromUrl(window.location.search));
  useEffect(() => {
    // The globe stays mounted behind every page; a route only changes its preset.
    sendCommand({ type: 'setView', view });
  }, [view]);
  return (
    <>
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
      <MarkerTooltip />
      <PerformanceToast />
      <ProfilerOverlay />
      <EngineStatus />
    </>
  );
}
