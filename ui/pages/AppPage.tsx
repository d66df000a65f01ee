import { useSignals } from '@preact/signals-react/runtime';
import { ArticlePanel } from '../components/ArticlePanel';
import { CameraReadout } from '../components/HudStats';
import { GlobeControls } from '../components/GlobeControls';
import { MarkerNotice } from '../components/MarkerNotice';
import { Navbar } from '../components/Navbar';
import { Walkthrough } from '../overlays/Walkthrough';
import { AreaBoundary } from '../shell/ErrorBoundary';
import { FiltersPanel } from '../shell/FiltersPanel';
import { uiVisible } from '../shell/shellState';
import { countRender } from '../shell/testHooks';

/**
 * The main globe application: the shell over a transparent page, the globe behind it. Each area
 * has its own error boundary, so a crashed panel leaves the globe and the others working. The UI
 * fades in once the blur steps end (ui/shell/blur.ts).
 */
export function AppPage() {
  countRender('AppPage');
  useSignals();
  return (
    <div
      className={uiVisible.value ? 'app-shell' : 'app-shell app-shell--hidden'}
      data-testid="app-shell"
    >
      <AreaBoundary area="navbar">
        <Navbar />
      </AreaBoundary>
      <AreaBoundary area="sidebar">
        <FiltersPanel />
      </AreaBoundary>
      <AreaBoundary area="readout">
        <CameraReadout />
      </AreaBoundary>
      <AreaBoundary area="article">
        <ArticlePanel />
      </AreaBoundary>
      <MarkerNotice />
      <AreaBoundary area="globe-controls">
        <GlobeControls />
      </AreaBoundary>
      <Walkthrough />
    </div>
  );
}
