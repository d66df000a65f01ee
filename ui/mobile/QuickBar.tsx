/**
 * The phone globe screen's quick bar (spec globe.md section 2 'Responsive layouts': the mobile
 * layout has a quick bar). It holds the globe screen's quick tools that the phone's floating
 * buttons would otherwise carry (the desktop's Reset View, Locate Me, Share View) and the spec's
 * QUICK TOOLS toggles (Grid, Day/Night): one row of short chips just above the tab bar that fits
 * a 390 px phone (on a narrower one it scrolls sideways inside itself, never the page). Toggles read the engine's `layerState`
 * signal, so only this bar re-renders when a layer changes.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { sendCommand } from '../../engine/commands';
import { layerState, type LayerName } from '../../engine/signals';
import { shareOpen } from '../shell/shellState';
import { hapticTap } from './mobileState';

/** The layer toggles of the quick bar. */
export const QUICK_LAYERS: readonly { layer: LayerName; label: string }[] = [
  { layer: 'grid', label: 'Grid' },
  { layer: 'dayNight', label: 'Day/Night' },
];

function LayerChip({ layer, label }: { layer: LayerName; label: string }) {
  useSignals();
  const on = layerState.value?.[layer] ?? false;
  return (
    <button
      type="button"
      className="mobile-quickbar__chip"
      aria-pressed={on}
      data-testid={`quick-${layer}`}
      onClick={() => {
        hapticTap();
        sendCommand({ type: 'setLayer', layer, on: !on });
      }}
    >
      {label}
    </button>
  );
}

function ActionChip({ label, testId, run }: { label: string; testId: string; run: () => void }) {
  return (
    <button
      type="button"
      className="mobile-quickbar__chip"
      data-testid={testId}
      onClick={() => {
        hapticTap();
        run();
      }}
    >
      {label}
    </button>
  );
}

export function QuickBar() {
  return (
    <div
      className="mobile-quickbar"
      role="toolbar"
      aria-label="Quick tools"
      data-testid="quick-bar"
    >
      <ActionChip
        label="Reset"
        testId="quick-reset"
        run={() => sendCommand({ type: 'resetView' })}
      />
      <ActionChip
        label="Locate"
        testId="quick-locate"
        run={() => sendCommand({ type: 'locateMe' })}
      />
      {QUICK_LAYERS.map((l) => (
        <LayerChip key={l.layer} layer={l.layer} label={l.label} />
      ))}
      <ActionChip label="Share" testId="quick-share" run={() => (shareOpen.value = true)} />
    </div>
  );
}
