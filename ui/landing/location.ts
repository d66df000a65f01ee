/**
 * The landing page's location flow (spec application.md section 4 'Location flow (landing)',
 * section 7 'Browser geolocation', section 8): a saved location flies the globe there after 1 s;
 * with none saved and the prompt not yet answered, the prompt shows after 2 s; a geolocation
 * success saves the place, names it with our own offline reverse geocoder
 * (GET /api/geo/reverse over the GeoNames gazetteer), turns the camera there over 2 s and adds the
 * pulsing green marker; a failure is logged and marks the prompt as asked. A corrupt saved
 * location is removed. The saved place stays in this browser (localStorage `userLocation`, the key
 * the globe screens read too).
 */
import { signal } from '@preact/signals-core';
import { sendCommand } from '../../engine/commands';
import { engineReady } from '../../engine/signals';

export const USER_LOCATION_KEY = 'userLocation';
export const LOCATION_ASKED_KEY = 'atlas_location_asked';
export const SAVED_FLY_DELAY_MS = 1000;
export const PROMPT_DELAY_MS = 2000;
export const ROTATE_MS = 2000;
/** Spec: landing geolocation, high accuracy, 5 s timeout, maximumAge 0. */
export const LANDING_GEO_OPTIONS: PositionOptions = {
  enableHighAccuracy: true,
  timeout: 5000,
  maximumAge: 0,
};
/** Spec: reverse geocoding failure names the place 'Location Detected'. */
export const LOCATION_DETECTED = 'Location Detected';
export const UNKNOWN_LOCATION = 'Unknown Location';

export interface SavedLocation {
  lat: number;
  lon: number;
  name: string;
}

/** The place the top bar shows (null until known). */
export const landingLocation = signal<SavedLocation | null>(null);
/** The prompt is showing. */
export const locationPromptOpen = signal(false);

/** Parses a stored value; null for anything that is not a usable location. */
export function parseSavedLocation(raw: string | null): SavedLocation | null {
  if (raw === null) return null;
  try {
    const v: unknown = JSON.parse(raw);
    if (typeof v !== 'object' || v === null) return null;
    const { lat, lon, name } = v as Record<string, unknown>;
    if (typeof lat !== 'number' || typeof lon !== 'number') return null;
    if (!Number.isFinite(lat) || !Number.isFinite(lon)) return null;
    if (Math.abs(lat) > 90 || Math.abs(lon) > 180) return null;
    return { lat, lon, name: typeof name === 'string' && name !== '' ? name : UNKNOWN_LOCATION };
  } catch {
    return null;
  }
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The saved location; a corrupt entry is removed (spec). */
export function readSavedLocation(): SavedLocation | null {
  const s = storage();
  const raw = s?.getItem(USER_LOCATION_KEY) ?? null;
  const loc = parseSavedLocation(raw);
  if (raw !== null && loc === null) s?.removeItem(USER_LOCATION_KEY);
  return loc;
}

export function promptAnswered(): boolean {
  return storage()?.getItem(LOCATION_ASKED_KEY) === 'true';
}

function markAsked(): void {
  storage()?.setItem(LOCATION_ASKED_KEY, 'true');
}

/** The place's name from the offline reverse geocoder; 'Location Detected' when it fails. */
export async function reverseGeocode(lat: number, lon: number): Promise<string> {
  try {
    const res = await fetch(`/api/geo/reverse?lat=${lat.toFixed(5)}&lon=${lon.toFixed(5)}`);
    if (!res.ok) return LOCATION_DETECTED;
    const body: unknown = await res.json();
    const name =
      typeof body === 'object' && body !== null ? (body as Record<string, unknown>)['name'] : null;
    return typeof name === 'string' && name !== '' ? name : LOCATION_DETECTED;
  } catch {
    return LOCATION_DETECTED;
  }
}

function showOnGlobe(loc: SavedLocation): void {
  landingLocation.value = loc;
  sendCommand({ type: 'setUserLocation', lat: loc.lat, lon: loc.lon, name: loc.name });
  sendCommand({ type: 'flyTo', lat: loc.lat, lon: loc.lon, durationMs: ROTATE_MS });
}

/** Turns the globe back to the user's place (the top bar's place button). */
export function recentreOnUser(): void {
  const loc = landingLocation.peek();
  if (loc !== null)
    sendCommand({ type: 'flyTo', lat: loc.lat, lon: loc.lon, durationMs: ROTATE_MS });
}

/** Starts the flow; returns the cleanup (timers). */
export function startLocationFlow(): () => void {
  const saved = readSavedLocation();
  let timer = 0;
  if (saved !== null) {
    landingLocation.value = saved;
    // 1 s after the globe is up (a command sent before the engine's first frame would be
    // overridden by the landing view's own camera).
    let stopReady = (): void => undefined;
    stopReady = engineReady.subscribe((ready) => {
      if (!ready) return;
      timer = window.setTimeout(() => showOnGlobe(saved), SAVED_FLY_DELAY_MS);
      queueMicrotask(() => stopReady());
    });
    return () => {
      stopReady();
      window.clearTimeout(timer);
    };
  } else if (!promptAnswered()) {
    timer = window.setTimeout(() => {
      locationPromptOpen.value = true;
    }, PROMPT_DELAY_MS);
  } else {
    return () => undefined;
  }
  return () => {
    window.clearTimeout(timer);
    locationPromptOpen.value = false;
  };
}

/** 'Not now' on the prompt. */
export function declineLocation(): void {
  markAsked();
  locationPromptOpen.value = false;
}

/** 'Share location' on the prompt: the browser's geolocation, then save, name and show. */
export function requestLandingLocation(): Promise<SavedLocation | null> {
  locationPromptOpen.value = false;
  return new Promise((resolve) => {
    if (!('geolocation' in navigator)) {
      console.info('ATLAS: geolocation is not supported by this browser');
      markAsked();
      resolve(null);
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        markAsked();
        const { latitude: lat, longitude: lon } = pos.coords;
        void reverseGeocode(lat, lon).then((name) => {
          const loc = { lat, lon, name };
          storage()?.setItem(USER_LOCATION_KEY, JSON.stringify(loc));
          showOnGlobe(loc);
          resolve(loc);
        });
      },
      (err) => {
        // Spec section 8: the landing logs a geolocation error and dismisses the prompt.
        console.info(`ATLAS: location not available (${err.message || `code ${err.code}`})`);
        markAsked();
        resolve(null);
      },
      LANDING_GEO_OPTIONS,
    );
  });
}

/** 'Enable Location': clears the saved location and the answer, then reloads (spec). */
export function enableLocation(): void {
  const s = storage();
  s?.removeItem(USER_LOCATION_KEY);
  s?.removeItem(LOCATION_ASKED_KEY);
  window.location.reload();
}
