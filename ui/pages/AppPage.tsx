import { CameraReadout } from '../components/HudStats';
import { Navbar } from '../components/Navbar';

/** The main globe application: the shell over a transparent page, the globe behind it. */
export function AppPage() {
  return (
    <div className="app-shell">
      <Navbar />
      <CameraReadout />
    </div>
  );
}
