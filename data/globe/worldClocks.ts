/**
 * The time-zone overlay's clocks and the solar-system panel's manual time input, as pure
 * functions over data/globe/timezones.ts (which owns the zone database access and the caches).
 */
import {
  BERMUDA_STANDARD_OFFSET_HOURS,
  BERMUDA_ZONE,
  bermudaDisplay,
  formatClock,
  formatUtcOffset,
  isValidTimeZone,
  parseManualTime,
  utcOffsetHours,
} from './timezones';

export interface WorldClockCity {
  /** City shown on the clock. */
  name: string;
  /** IANA zone. */
  zone: string;
  /** Longitude of the city (degrees), to order the strip west to east. */
  lon: number;
}

/**
 * Clocks shown while the 'timezones' layer is on (spec: showClocks, default true): eight major
 * cities in eight different zones, west to east, spread round the world so that any view of the
 * globe has a few of them on the near side.
 */
export const WORLD_CLOCKS: readonly WorldClockCity[] = [
  { name: 'Los Angeles', zone: 'America/Los_Angeles', lon: -118.244 },
  { name: 'New York', zone: 'America/New_York', lon: -74.006 },
  { name: 'São Paulo', zone: 'America/Sao_Paulo', lon: -46.633 },
  { name: 'London', zone: 'Europe/London', lon: -0.128 },
  { name: 'Dubai', zone: 'Asia/Dubai', lon: 55.271 },
  { name: 'New Delhi', zone: 'Asia/Kolkata', lon: 77.209 },
  { name: 'Tokyo', zone: 'Asia/Tokyo', lon: 139.65 },
  { name: 'Sydney', zone: 'Australia/Sydney', lon: 151.209 },
];

export interface WorldClockReading {
  name: string;
  /** "14:05:09" (24-hour). */
  time: string;
  /** "UTC+9", "UTC-3", "UTC+5:30". */
  offset: string;
  /** The zone actually used: the city's, or the local zone after a fallback. */
  zone: string;
  /** The city's zone was invalid and local time is shown (spec globe.md section 5). */
  fellBack: boolean;
  /** Local hour 6-17: shown as day. */
  daytime: boolean;
}

/** A clock's reading at `date`. An invalid zone falls back to local time (spec globe.md 5). */
export function readWorldClock(date: Date, city: WorldClockCity): WorldClockReading {
  const clock = formatClock(date, city.zone, { seconds: true });
  const zone = clock.fellBack ? clock.zone : city.zone;
  const hours = clock.fellBack ? -date.getTimezoneOffset() / 60 : utcOffsetHours(date, zone);
  const hour = Number(clock.text.slice(0, 2));
  return {
    name: city.name,
    time: clock.text,
    offset: formatUtcOffset(hours),
    zone,
    fellBack: clock.fellBack,
    daytime: hour >= 6 && hour < 18,
  };
}

const HOUR_MS = 3_600_000;
const EXPLICIT_ZONE_RE = /(?:Z|[+-]\d{2}:?\d{2})$/i;

function bermudaOffsetHours(date: Date): number {
  return isValidTimeZone(BERMUDA_ZONE)
    ? utcOffsetHours(date, BERMUDA_ZONE)
    : BERMUDA_STANDARD_OFFSET_HOURS;
}

/**
 * Parses the solar-system panel's manual time. Without a zone suffix the text is Bermuda wall
 * time, like the panel's display ('SOLAR SYSTEM TIME (BERMUDA)'); with `Z` or `+HH:MM` it is read
 * as written. Anything invalid gives null: the panel ignores it (spec globe.md section 5).
 */
export function parseBermudaTime(text: string): Date | null {
  const asUtc = parseManualTime(text, 'utc');
  if (asUtc === null) return null;
  if (EXPLICIT_ZONE_RE.test(text.trim())) return asUtc;
  // Wall time -> instant: the offset at the guess, then once more across a DST change.
  const wall = asUtc.getTime();
  const first = bermudaOffsetHours(new Date(wall));
  let t = wall - first * HOUR_MS;
  const second = bermudaOffsetHours(new Date(t));
  if (second !== first) t = wall - second * HOUR_MS;
  return Number.isFinite(t) ? new Date(t) : null;
}

/** "YYYY-MM-DD HH:MM" in Bermuda wall time: the manual input's text for an instant. */
export function bermudaInputText(timeMs: number): string {
  const d = bermudaDisplay(new Date(timeMs));
  return `${d.date} ${d.time.slice(0, 5)}`;
}
