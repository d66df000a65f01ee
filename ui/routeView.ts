/**
 * The engine view preset behind the current route. The React overlay loads after the globe's
 * first frame (ui/deferredMain.ts), so the route's view is sent at boot, before that frame: the
 * camera limits of /app (or a globe variant) are in force from the first frame, not from the
 * moment React mounts. The shell sends it again on every route change; the same view twice is not
 * re-sent, so mounting React does not re-apply a preset (and undo layer changes made meanwhile).
 * Entering the main globe (/app, no variant) also applies the display layers of the saved settings
 * (spec globe.md: grid, labels, moon and markers on by default; time zones, day/night and the solar
 * system off); pages behind other routes keep their view's own layers.
 */
import { sendCommand } from '../engine/commands';
import { displayLayerCommands, settings } from '../engine/settings';
import type { GlobeVariantName, ViewName } from '../engine/signals';
import { findRoute } from './routes';

let lastSent: string | null = null;

export function applyRouteView(view: ViewName, variant: GlobeVariantName | undefined): void {
  const key = `${view}|${variant ?? ''}`;
  if (key === lastSent) return;
  lastSent = key;
  sendCommand(
    variant === undefined ? { type: 'setView', view } : { type: 'setView', view, variant },
  );
  if (view === 'app' && variant === undefined) {
    for (const c of displayLayerCommands(settings.peek())) sendCommand(c);
  }
}

/** The view for a path: the route's, or the background preset for an unknown path. */
export function applyViewForPath(path: string): void {
  const route = findRoute(path);
  applyRouteView(route?.view ?? 'background', route?.variant?.preset);
}
