/**
 * The browser side of Locate Me and the saved location: navigator.geolocation (spec globe
 * screens: high accuracy, 10 s timeout, maximumAge 0) and localStorage `userLocation`
 * ({lat, lon, name}; a corrupt entry is removed). Answers land in `world.controls` for the
 * controls system; errors become notices with the spec's messages (data/globe/keymap.ts).
 */
import { GEO_UNSUPPORTED, geolocationErrorMessage } from '../../data/globe/keymap';
import type { ControlsPlatform, ControlsState, UserLocation } from '../controls';

/** Local storage key of the user's location (spec globe.md section 3). */
export const USER_LOCATION_KEY = 'userLocation';
/** Spec: geolocation on the globe screens. */
export const GEOLOCATION_OPTIONS: PositionOptions = {
  enableHighAccuracy: true,
  timeout: 10_000,
  maximumAge: 0,
};

function notify(c: ControlsState, message: string): void {
  c.notice = { message, kind: 'error', at: Date.now() };
  c.version++;
}

export function browserLocationPlatform(): ControlsPlatform {
  return {
    requestLocation(c) {
      if (!('geolocation' in navigator)) {
        notify(c, GEO_UNSUPPORTED);
        return;
      }
      navigator.geolocation.getCurrentPosition(
        (pos) => {
          c.located = {
            lat: pos.coords.latitude,
            lon: pos.coords.longitude,
            accuracy: pos.coords.accuracy,
          };
        },
        (err) => notify(c, geolocationErrorMessage(err.code)),
        GEOLOCATION_OPTIONS,
      );
    },
    saveUserLocation(loc) {
      try {
        localStorage.setItem(
          USER_LOCATION_KEY,
          JSON.stringify({ lat: loc.lat, lon: loc.lon, name: loc.name }),
        );
      } catch {
        // Storage full or disabled: the location still works for this visit.
      }
    },
  };
}

/** The saved location, or null; a corrupt entry is removed (spec). */
export function loadSavedUserLocation(): UserLocation | null {
  let raw: string | null;
  try {
    raw = localStorage.getItem(USER_LOCATION_KEY);
  } catch {
    return null;
  }
  if (raw === null) return null;
  try {
    const v: unknown = JSON.parse(raw);
    if (typeof v === 'object' && v !== null) {
      const o = v as Record<string, unknown>;
      const { lat, lon, name } = o;
      if (
        typeof lat === 'number' &&
        typeof lon === 'number' &&
        Math.abs(lat) <= 90 &&
        Math.abs(lon) <= 180
      ) {
        return {
          lat,
          lon,
          name: typeof name === 'string' ? name : 'Location Detected',
          accuracy: 0,
        };
      }
    }
  } catch {
    // fall through: corrupt
  }
  try {
    localStorage.removeItem(USER_LOCATION_KEY);
  } catch {
    // ignore
  }
  return null;
}
