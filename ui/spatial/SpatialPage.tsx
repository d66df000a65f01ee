/**
 * /spatial, the main production view (spec globe.md section 2, 'Main spatial layout'): the globe
 * with the LIVE DATA panel on the left, the contextual panel on the right (both start collapsed)
 * and the bottom bar with the timeline. Tablet and desktop only: on phones the route shows the
 * mobile globe screen (here the /app page until that screen exists).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { sendCommand } from '../../engine/commands';
import { cameraState } from '../../engine/signals';
import { user } from '../auth/authState';
import { GlobeHeading } from '../components/GlobeFocus';
import { AppPage } from '../pages/AppPage';
import { AreaBoundary } from '../shell/ErrorBoundary';
import { layout } from '../shell/layout';
import { uiVisible } from '../shell/shellState';
import { BottomBar, type ViewMode } from './BottomBar';
import { ContextPanel } from './ContextPanel';
import { LiveDataPanel } from './LiveDataPanel';
import { attachTimeline } from './timelineState';
import { resetWorkspacePanels } from './workspaceState';
import './spatial.css';

/** Surface mode: the camera this close to the ground (scene units; the globe's radius is 200). */
export const SURFACE_DISTANCE = 212;
const ORBIT_DISTANCE = 600;

function Workspace() {
  useSignals();
  const role = user.value?.role ?? 'guest';
  const [mode, setMode] = useState<ViewMode>('orbit');
  useEffect(() => {
    sendCommand({ type: 'setRole', role });
  }, [role]);
  useEffect(() => {
    const detach = attachTimeline();
    return () => {
      detach();
      resetWorkspacePanels();
    };
  }, []);
  const onMode = (m: ViewMode): void => {
    setMode(m);
    const c = cameraState.peek();
    if (m === 'surface') {
      sendCommand({ type: 'flyTo', lat: c.lat, lon: c.lon, distance: SURFACE_DISTANCE });
    } else if (m === 'orbit' && c.distance < ORBIT_DISTANCE / 2) {
      sendCommand({ type: 'flyTo', lat: c.lat, lon: c.lon, distance: ORBIT_DISTANCE });
    }
  };
  return (
    <div
      className={uiVisible.value ? 'ws-shell app-shell' : 'ws-shell app-shell app-shell--hidden'}
      data-testid="spatial-workspace"
      data-view-mode={mode}
    >
      <AreaBoundary area="live-data">
        <LiveDataPanel />
      </AreaBoundary>
      <AreaBoundary area="context">
        <ContextPanel />
      </AreaBoundary>
      <main>
        <GlobeHeading title="Spatial workspace" />
        <AreaBoundary area="bottom-bar">
          <BottomBar mode={mode} onMode={onMode} />
        </AreaBoundary>
      </main>
    </div>
  );
}

export default function SpatialPage() {
  useSignals();
  return layout.value === 'phone' ? <AppPage /> : <Workspace />;
}
