/**
 * The camera and controls overlay: floating buttons (Reset View, Locate Me, Home, Share View,
 * Help), the geolocation toast, the keyboard shortcuts dialog, the 'Your Location' tooltip, the
 * selected country, the debug crosshair, and restoring the camera from a share link.
 * Everything goes through commands; state comes from the engine's signals.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { SHORTCUT_HELP, formatLatLon } from '../../data/globe/keymap';
import { parseShareParams } from '../../data/shareUrl';
import { sendCommand } from '../../engine/commands';
import {
  cameraState,
  controlsNotice,
  globeAppearance,
  selectedCountry,
  shortcutsOpen,
  userLocationTooltip,
  viewOptions,
  type LayerName,
} from '../../engine/signals';
import { articleApi } from '../article/api';
import { mergeNewArticles } from '../markerFeed';
import { queryClient } from '../queryClient';
import { shareOpen } from '../shell/shellState';
import { SkyLayerButtons, SolarTimePanel } from './SolarTimePanel';
import { TimezoneClocks } from './TimezoneClocks';
import { GlobePanel, XrPanel } from './GlobePanel';
import './globeControls.css';
import { TabletPanel } from '../shell/TabletPanel';

/** How long a geolocation notice stays up, ms (ours). */
const TOAST_MS = 6000;
/** Layers a share link may switch on (the optional overlays; base layers are never touched). */
const SHAREABLE_LAYERS: readonly LayerName[] = [
  'grid',
  'labels',
  'timezones',
  'dayNight',
  'solarSystem',
  'moon',
];

/** Reset View, Locate Me, Home, Share View and Help (spec globe screen floating buttons). */
export function GlobeButtons() {
  return (
    <div className="globe-buttons" data-testid="globe-buttons" data-occludes="">
      <SkyLayerButtons />
      <button type="button" onClick={() => sendCommand({ type: 'resetView' })}>
        Reset View
      </button>
      <button type="button" onClick={() => sendCommand({ type: 'locateMe' })}>
        Locate Me
      </button>
      <button type="button" onClick={() => sendCommand({ type: 'goHome' })}>
        Home
      </button>
      {/* The Share View dialog (ui/overlays/ShareDialog.tsx): link, targets, screenshot. */}
      <button type="button" onClick={() => (shareOpen.value = true)}>
        Share View
      </button>
      <button
        type="button"
        onClick={() => sendCommand({ type: 'setShortcutsOpen', open: !shortcutsOpen.peek() })}
      >
        Help
      </button>
    </div>
  );
}

/** Geolocation errors (spec section 8 messages) as a toast. */
export function ControlsToast() {
  useSignals();
  const n = controlsNotice.value;
  useEffect(() => {
    if (n === null) return undefined;
    const t = setTimeout(() => sendCommand({ type: 'clearNotice' }), TOAST_MS);
    return () => clearTimeout(t);
  }, [n]);
  if (n === null) return null;
  return (
    <div
      className={`controls-toast controls-toast--${n.kind}`}
      role="alert"
      data-testid="controls-toast"
    >
      {n.message}
      <button
        type="button"
        aria-label="Dismiss"
        onClick={() => sendCommand({ type: 'clearNotice' })}
      >
        ×
      </button>
    </div>
  );
}

/** The keyboard shortcuts dialog ('?' toggles it; Escape or the backdrop closes it). */
export function ShortcutsDialog() {
  useSignals();
  if (!shortcutsOpen.value) return null;
  return (
    <div
      className="shortcuts-backdrop"
      data-testid="shortcuts-backdrop"
      onClick={(e) => {
        if (e.target === e.currentTarget) sendCommand({ type: 'setShortcutsOpen', open: false });
      }}
    >
      <div
        className="shortcuts-dialog"
        role="dialog"
        aria-label="Keyboard shortcuts"
        data-occludes=""
      >
        <h2>Keyboard shortcuts</h2>
        <table>
          <tbody>
            {SHORTCUT_HELP.map(([keys, what]) => (
              <tr key={keys}>
                <td>
                  <kbd>{keys}</kbd>
                </td>
                <td>{what}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** 'Your Location' with coordinates to 4 decimals over the user marker (hides after 2 s). */
export function UserLocationTooltip() {
  useSignals();
  const t = userLocationTooltip.value;
  if (t === null) return null;
  return (
    <div
      className="user-location-tooltip"
      style={{ left: t.x, top: t.y }}
      data-testid="user-location-tooltip"
    >
      <b>Your Location</b>
      {formatLatLon(t.lat, t.lon)}
    </div>
  );
}

type CountryNews = { key: string; total: number } | { key: string; error: string };

/** The selected country's news (GET /api/news-markers/by-country, 24 h, cached 5 min): its count
 * on the badge, its stories added to the globe if they were not there yet. */
function useCountryNews(key: string | null): CountryNews | null {
  const [news, setNews] = useState<CountryNews | null>(null);
  useEffect(() => {
    if (key === null) return undefined;
    let live = true;
    queryClient
      .query({
        queryKey: ['news', 'country', key],
        queryFn: ({ signal }) => articleApi.newsByCountry(key, signal),
        staleTime: 5 * 60_000,
      })
      .then((body) => {
        const b = (typeof body === 'object' && body !== null ? body : {}) as Record<
          string,
          unknown
        >;
        const list = Array.isArray(b['articles']) ? (b['articles'] as unknown[]) : [];
        mergeNewArticles(list);
        if (live)
          setNews({ key, total: typeof b['total'] === 'number' ? b['total'] : list.length });
      })
      .catch((err: unknown) => {
        if (live) setNews({ key, error: err instanceof Error ? err.message : String(err) });
      });
    return () => {
      live = false;
    };
  }, [key]);
  return news !== null && news.key === key ? news : null;
}

/** The selected country (click on land), with a button to clear it. */
export function SelectedCountryBadge() {
  useSignals();
  const c = selectedCountry.value;
  const news = useCountryNews(c === null ? null : c.iso2 !== '' ? c.iso2 : c.name);
  if (c === null) return null;
  return (
    <div className="selected-country" data-testid="selected-country" data-occludes="">
      {c.name}
      {c.iso2 !== '' ? ` (${c.iso2})` : ''}
      <span className="selected-country__news" data-testid="country-news">
        {news === null
          ? ' · loading stories…'
          : 'total' in news
            ? ` · ${news.total} ${news.total === 1 ? 'story' : 'stories'} in 24 h`
            : ' · stories unavailable'}
      </span>
      <button
        type="button"
        aria-label="Clear country"
        onClick={() => sendCommand({ type: 'selectCountry', iso2: null })}
      >
        ×
      </button>
    </div>
  );
}

/** Debug crosshair: the camera target's 'Lat/Lon', labelled 'Camera Target'. */
export function CameraCrosshair() {
  useSignals();
  if (!viewOptions.value.debugCrosshair) return null;
  const c = cameraState.value;
  return (
    <>
      <div className="camera-crosshair" data-testid="camera-crosshair" />
      <div className="camera-crosshair__label">
        Camera Target
        <br />
        Lat/Lon: {formatLatLon(c.lat, c.lon)}
      </div>
    </>
  );
}

/** Restores the camera (and optional layers) from share parameters once, on mount (spec: lat and
 * lon both needed, altitude default 400). */
export function useShareUrlRestore(): void {
  useEffect(() => {
    const s = parseShareParams(window.location.search);
    if (s.camera) {
      sendCommand({
        type: 'setCamera',
        lat: s.camera.lat,
        lon: s.camera.lon,
        distance: s.camera.altitude,
      });
    }
    for (const name of s.layers) {
      const layer = SHAREABLE_LAYERS.find((l) => l === name);
      if (layer !== undefined) sendCommand({ type: 'setLayer', layer, on: true });
    }
    if (s.article !== null) sendCommand({ type: 'selectArticle', id: s.article });
    if (new URLSearchParams(window.location.search).get('debug') === 'crosshair') {
      sendCommand({ type: 'setViewOption', option: 'debugCrosshair', on: true });
    }
  }, []);
}

/** The WebXR panel on the /xr variant. */
function XrWhenRequested() {
  useSignals();
  return globeAppearance.value.variant === 'xr' ? <XrPanel /> : null;
}

/** Everything above, for the app page. */
export function GlobeControls() {
  useShareUrlRestore();
  return (
    <>
      <GlobeButtons />
      <SelectedCountryBadge />
      <CameraCrosshair />
      <UserLocationTooltip />
      <ControlsToast />
      <ShortcutsDialog />
      <TabletPanel label="Globe" corner="bottom-left" testId="tablet-globe">
        <GlobePanel />
      </TabletPanel>
      <XrWhenRequested />
      <SolarTimePanel />
      <TimezoneClocks />
    </>
  );
}
