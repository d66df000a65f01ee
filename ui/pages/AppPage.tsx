import { ArticlePanel } from '../components/ArticlePanel';
import { CameraReadout } from '../components/HudStats';
import { GlobeControls } from '../components/GlobeControls';
import { MarkerNotice } from '../components/MarkerNotice';
import { Navbar } from '../components/Navbar';

/** The main globe application: the shell over a transparent page, the globe behind it. */
export function AppPage() {
  return (
    <div className="app-shell">
      <Navbar />
      <CameraReadout />
      <ArticlePanel />
      <MarkerNotice />
      <GlobeControls />
    </div>
  );
}
