import { useSignals } from '@preact/signals-react/runtime';
import { lazy, Suspense } from 'react';
import { ArticlePanel } from '../components/ArticlePanel';
import { FeedStatus } from '../components/FeedStatus';
import { CameraReadout } from '../components/HudStats';
import { GlobeControls } from '../components/GlobeControls';
import { GlobeHeading } from '../components/GlobeFocus';
import { MarkerNotice } from '../components/MarkerNotice';
import { Navbar } from '../components/Navbar';
import { Walkthrough } from '../overlays/Walkthrough';
import { AreaBoundary } from '../shell/ErrorBoundary';
import { FiltersPanel } from '../shell/FiltersPanel';
import { layout } from '../shell/layout';
import { useMarkerFilters } from '../shell/markerFilters';
import { TabletPanel } from '../shell/TabletPanel';
import { uiVisible } from '../shell/shellState';
import { countRender } from '../shell/testHooks';

// Phones get their own globe screen (ui/mobile/), loaded only there.
const MobileGlobeScreen = lazy(() => import('../mobile/MobileGlobeScreen'));

/**
 * The main globe application: the shell over a transparent page, the globe behind it. Each area
 * has its own error boundary, so a crashed panel leaves the globe and the others working. The
 * <main> landmark holds the page's (visually hidden) h1, the globe's focus target and its controls;
 * the navbar and the filters panel are landmarks of their own. The UI fades in once the blur
 * steps end (ui/shell/blur.ts).
 */
export function AppPage() {
  countRender('AppPage');
  useSignals();
  // The sidebar's (or the phone sheet's) filters hold for the globe while this page is shown.
  useMarkerFilters();
  const className = uiVisible.value ? 'app-shell' : 'app-shell app-shell--hidden';
  if (layout.value === 'phone') {
    // The phone globe screen: bars and sheets instead of the navbar and side panels (the
    // floating desktop panels are hidden by CSS under html[data-layout='phone']).
    return (
      <div className={className} data-testid="app-shell">
        <AreaBoundary area="navbar">
          <Suspense fallback={null}>
            <MobileGlobeScreen />
          </Suspense>
        </AreaBoundary>
        <GlobeMain readout={false} />
        <Walkthrough />
      </div>
    );
  }
  return (
    <div className={className} data-testid="app-shell">
      <AreaBoundary area="navbar">
        <Navbar />
      </AreaBoundary>
      <AreaBoundary area="sidebar">
        {/* Tablets: the panel behind a button (the globe keeps the screen). */}
        <TabletPanel label="Filters" corner="top-left" testId="tablet-recent">
          <FiltersPanel />
        </TabletPanel>
      </AreaBoundary>
      <GlobeMain readout />
      <Walkthrough />
    </div>
  );
}

/** The page's main landmark over the globe, the same on phones and desktops (phones show the
 * camera readout in their own bars). */
function GlobeMain({ readout }: { readout: boolean }) {
  return (
    <main>
      <GlobeHeading />
      {readout && (
        <AreaBoundary area="readout">
          <CameraReadout />
        </AreaBoundary>
      )}
      <AreaBoundary area="article">
        <ArticlePanel />
      </AreaBoundary>
      <MarkerNotice />
      <AreaBoundary area="feed-status">
        <FeedStatus />
      </AreaBoundary>
      <AreaBoundary area="globe-controls">
        <GlobeControls />
      </AreaBoundary>
    </main>
  );
}
