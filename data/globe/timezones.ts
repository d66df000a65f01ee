/**
 * Clocks for the globe: time-zone clocks on the overlay, the user's live clock, the solar-system
 * time panel ("SOLAR SYSTEM TIME (BERMUDA)") and its simulated time.
 *
 * All formatting goes through `Intl.DateTimeFormat`, whose zone database is the runtime's (ICU).
 * Formatters are expensive to build (tens of microseconds) and the clocks tick every second, so
 * they are cached per zone and options; an invalid zone is cached too so it throws only once.
 */

/** Result of formatting a clock. */
export interface ClockReading {
  /** The formatted wall-clock time, e.g. "14:05" or "14:05:09". */
  text: string;
  /** The IANA zone actually used: the requested one, or the local zone after a fallback. */
  zone: string;
  /** True when the requested zone was invalid and local time was shown (spec globe.md section 5). */
  fellBack: boolean;
}

export interface ClockOptions {
  /** Show seconds. Default false. */
  seconds?: boolean;
  /** BCP 47 locale. Default "en-GB" (24-hour, zero-padded, as on a world clock). */
  locale?: string;
}

/** Default locale for clocks: 24-hour, zero-padded digits. */
const DEFAULT_CLOCK_LOCALE = 'en-GB';

const clockFormatters = new Map<string, Intl.DateTimeFormat | null>();

function clockFormatter(
  zone: string | undefined,
  locale: string,
  seconds: boolean,
): Intl.DateTimeFormat | null {
  const key = `${zone ?? ''}|${locale}|${seconds ? 's' : ''}`;
  const cached = clockFormatters.get(key);
  if (cached !== undefined) return cached;
  let f: Intl.DateTimeFormat | null;
  try {
    f = new Intl.DateTimeFormat(locale, {
      ...(zone === undefined ? {} : { timeZone: zone }),
      hour: '2-digit',
      minute: '2-digit',
      ...(seconds ? { second: '2-digit' } : {}),
      hourCycle: 'h23',
    });
  } catch {
    // RangeError: unknown zone (or locale). Cached as null so the next tick does not throw again.
    f = null;
  }
  clockFormatters.set(key, f);
  return f;
}

/** The runtime's local IANA zone (e.g. "Europe/Paris"); "UTC" when the runtime does not say. */
export function localTimeZone(): string {
  return new Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** Whether the runtime knows an IANA zone name. */
export function isValidTimeZone(zone: string): boolean {
  if (zone === '') return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * Wall-clock time of `date` in `timeZone`. An invalid zone falls back to local time (spec globe.md
 * section 5, "Invalid timezone falls back to local time") and says so in `fellBack`.
 */
export function formatClock(
  date: Date,
  timeZone: string,
  options: ClockOptions = {},
): ClockReading {
  const locale = options.locale ?? DEFAULT_CLOCK_LOCALE;
  const seconds = options.seconds ?? false;
  const f = timeZone === '' ? null : clockFormatter(timeZone, locale, seconds);
  if (f) return { text: f.format(date), zone: f.resolvedOptions().timeZone, fellBack: false };
  const local =
    clockFormatter(undefined, locale, seconds) ?? clockFormatter(undefined, 'en', seconds);
  return {
    text: local ? local.format(date) : date.toTimeString().slice(0, seconds ? 8 : 5),
    zone: localTimeZone(),
    fellBack: true,
  };
}

// ---------------------------------------------------------------------------------------------
// UTC offsets

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const partsFormatters = new Map<string, Intl.DateTimeFormat | null>();

function partsFormatter(zone: string): Intl.DateTimeFormat | null {
  const cached = partsFormatters.get(zone);
  if (cached !== undefined) return cached;
  let f: Intl.DateTimeFormat | null;
  try {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      era: 'short',
    });
  } catch {
    f = null;
  }
  partsFormatters.set(zone, f);
  return f;
}

/** Wall-clock fields of `date` in `zone`, or null for an invalid zone. */
function wallClock(date: Date, zone: string): WallClock | null {
  const f = partsFormatter(zone);
  if (!f) return null;
  const w: WallClock = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  let bc = false;
  for (const p of f.formatToParts(date)) {
    switch (p.type) {
      case 'year':
        w.year = Number(p.value);
        break;
      case 'month':
        w.month = Number(p.value);
        break;
      case 'day':
        w.day = Number(p.value);
        break;
      case 'hour':
        // Some engines print midnight as "24" even with h23.
        w.hour = Number(p.value) % 24;
        break;
      case 'minute':
        w.minute = Number(p.value);
        break;
      case 'second':
        w.second = Number(p.value);
        break;
      case 'era':
        bc = p.value.startsWith('B');
        break;
      default:
        break;
    }
  }
  if (bc) w.year = 1 - w.year;
  return w;
}

/** Milliseconds of a wall clock read as if it were UTC. */
function wallClockAsUtcMs(w: WallClock): number {
  const d = new Date(0);
  d.setUTCFullYear(w.year, w.month - 1, w.day);
  d.setUTCHours(w.hour, w.minute, w.second, 0);
  return d.getTime();
}

/**
 * Offset of `zone` from UTC at `date`, in hours (e.g. 5.5 for Asia/Kolkata, -4 for New York in
 * summer). An invalid zone falls back to the local offset, like {@link formatClock}.
 */
export function utcOffsetHours(date: Date, zone: string): number {
  const w = zone === '' ? null : wallClock(date, zone);
  if (!w) return -date.getTimezoneOffset() / 60;
  const wholeSecondMs = Math.floor(date.getTime() / 1000) * 1000;
  return Math.round((wallClockAsUtcMs(w) - wholeSecondMs) / 60_000) / 60;
}

/** "UTC", "UTC+2", "UTC-3:30", "UTC+5:45" for an offset in hours. */
export function formatUtcOffset(hours: number): string {
  if (hours === 0) return 'UTC';
  const sign = hours < 0 ? '-' : '+';
  const totalMin = Math.round(Math.abs(hours) * 60);
  const h = Math.floor(totalMin / 60);
  const m = totalMin % 60;
  return `UTC${sign}${h}${m === 0 ? '' : `:${String(m).padStart(2, '0')}`}`;
}

// ---------------------------------------------------------------------------------------------
// Zone centres for the time-zone overlay

export interface TimeZoneCentre {
  /** City shown on the overlay. */
  name: string;
  /** IANA zone. */
  zone: string;
  lat: number;
  lon: number;
}

/**
 * One major city per populated zone band, west to east, for the time-zone clocks overlay (spec:
 * layer toggle "timezone", showClocks). Coordinates are the city centres (degrees).
 */
export const TIMEZONE_CENTRES: readonly TimeZoneCentre[] = [
  { name: 'Honolulu', zone: 'Pacific/Honolulu', lat: 21.307, lon: -157.858 },
  { name: 'Anchorage', zone: 'America/Anchorage', lat: 61.218, lon: -149.9 },
  { name: 'Los Angeles', zone: 'America/Los_Angeles', lat: 34.052, lon: -118.244 },
  { name: 'Denver', zone: 'America/Denver', lat: 39.739, lon: -104.99 },
  { name: 'Mexico City', zone: 'America/Mexico_City', lat: 19.433, lon: -99.133 },
  { name: 'Chicago', zone: 'America/Chicago', lat: 41.878, lon: -87.63 },
  { name: 'New York', zone: 'America/New_York', lat: 40.713, lon: -74.006 },
  { name: 'Bermuda', zone: 'Atlantic/Bermuda', lat: 32.294, lon: -64.781 },
  { name: 'São Paulo', zone: 'America/Sao_Paulo', lat: -23.551, lon: -46.633 },
  { name: 'Reykjavík', zone: 'Atlantic/Reykjavik', lat: 64.147, lon: -21.942 },
  { name: 'London', zone: 'Europe/London', lat: 51.507, lon: -0.128 },
  { name: 'Paris', zone: 'Europe/Paris', lat: 48.857, lon: 2.352 },
  { name: 'Lagos', zone: 'Africa/Lagos', lat: 6.524, lon: 3.379 },
  { name: 'Johannesburg', zone: 'Africa/Johannesburg', lat: -26.204, lon: 28.047 },
  { name: 'Cairo', zone: 'Africa/Cairo', lat: 30.044, lon: 31.236 },
  { name: 'Moscow', zone: 'Europe/Moscow', lat: 55.756, lon: 37.617 },
  { name: 'Dubai', zone: 'Asia/Dubai', lat: 25.205, lon: 55.271 },
  { name: 'Karachi', zone: 'Asia/Karachi', lat: 24.861, lon: 67.01 },
  { name: 'New Delhi', zone: 'Asia/Kolkata', lat: 28.614, lon: 77.209 },
  { name: 'Dhaka', zone: 'Asia/Dhaka', lat: 23.81, lon: 90.413 },
  { name: 'Bangkok', zone: 'Asia/Bangkok', lat: 13.756, lon: 100.502 },
  { name: 'Beijing', zone: 'Asia/Shanghai', lat: 39.904, lon: 116.407 },
  { name: 'Tokyo', zone: 'Asia/Tokyo', lat: 35.676, lon: 139.65 },
  { name: 'Sydney', zone: 'Australia/Sydney', lat: -33.869, lon: 151.209 },
  { name: 'Auckland', zone: 'Pacific/Auckland', lat: -36.849, lon: 174.763 },
];

// ---------------------------------------------------------------------------------------------
// Solar-system time panel

/** IANA zone of the solar-system time panel (spec: panel titled 'SOLAR SYSTEM TIME (BERMUDA)'). */
export const BERMUDA_ZONE = 'Atlantic/Bermuda';
/**
 * Spec globe.md section 4: "Displayed time is shifted +1 hour to Bermuda". The shift is relative
 * to US Eastern time: Bermuda (AST UTC-4 / ADT UTC-3) follows the same daylight-saving dates as the
 * US since 2007, so it is exactly one hour ahead of New York all year. Shifting the viewer's own
 * local clock by one hour would only be right for viewers in US Eastern, so we show Bermuda wall
 * time from the zone database, which is that shift for everyone.
 */
export const BERMUDA_SHIFT_FROM_US_EASTERN_HOURS = 1;
/** Used when the runtime lacks the Bermuda zone (small-ICU builds): Atlantic Standard Time. */
export const BERMUDA_STANDARD_OFFSET_HOURS = -4;

export interface BermudaDisplay {
  /** "2026-07-04 15:30:00 ADT" */
  text: string;
  /** "2026-07-04" */
  date: string;
  /** "15:30:00" */
  time: string;
  /** "AST" (UTC-4) or "ADT" (UTC-3, daylight saving); "UTC-4:19" style for historic offsets. */
  abbreviation: string;
  /** Offset from UTC in hours at that instant. */
  offsetHours: number;
  /** True when the zone database lacked Atlantic/Bermuda and fixed AST was used. */
  fellBack: boolean;
}

const pad2 = (n: number): string => String(n).padStart(2, '0');

/** The solar-system panel's clock for an instant (real or simulated). */
export function bermudaDisplay(date: Date): BermudaDisplay {
  let w = wallClock(date, BERMUDA_ZONE);
  let fellBack = false;
  let offsetHours: number;
  if (w) {
    offsetHours = utcOffsetHours(date, BERMUDA_ZONE);
  } else {
    fellBack = true;
    offsetHours = BERMUDA_STANDARD_OFFSET_HOURS;
    const d = new Date(date.getTime() + offsetHours * 3_600_000);
    w = {
      year: d.getUTCFullYear(),
      month: d.getUTCMonth() + 1,
      day: d.getUTCDate(),
      hour: d.getUTCHours(),
      minute: d.getUTCMinutes(),
      second: d.getUTCSeconds(),
    };
  }
  const day = `${String(w.year).padStart(4, '0')}-${pad2(w.month)}-${pad2(w.day)}`;
  const time = `${pad2(w.hour)}:${pad2(w.minute)}:${pad2(w.second)}`;
  const abbreviation =
    offsetHours === BERMUDA_STANDARD_OFFSET_HOURS
      ? 'AST'
      : offsetHours === BERMUDA_STANDARD_OFFSET_HOURS + 1
        ? 'ADT'
        : formatUtcOffset(offsetHours);
  return {
    text: `${day} ${time} ${abbreviation}`,
    date: day,
    time,
    abbreviation,
    offsetHours,
    fellBack,
  };
}

/** Simulated-time speed modes of the solar-system panel (spec globe.md section 4). */
export type TimeMode = 'realtime' | '1day' | '10days' | '100days';

export const TIME_MODES: readonly TimeMode[] = ['realtime', '1day', '10days', '100days'];

/**
 * Simulated seconds per real second (spec: "Speeds 1440x, 14400x, 144000x"): 1day = one simulated
 * day per real minute, 10days = ten days per minute, 100days = a hundred days per minute.
 */
export const TIME_MODE_MULTIPLIER: Readonly<Record<TimeMode, number>> = {
  realtime: 1,
  '1day': 1440,
  '10days': 14_400,
  '100days': 144_000,
};

/** Indicator texts of the panel (spec globe.md section 4). */
export const LIVE_INDICATOR = 'LIVE ASTRONOMICAL DATA';
export const SIMULATED_INDICATOR = 'SIMULATED TIME';

/**
 * Simulated clock as an immutable value: simulated time advances from an anchor at the mode's
 * multiplier. Re-anchoring on every change keeps the time continuous when the speed changes.
 */
export interface SimClock {
  readonly mode: TimeMode;
  /** False only for live time (spec: non-realtime modes and manual times make it simulated). */
  readonly simulated: boolean;
  /** Real time (ms since epoch) of the anchor. */
  readonly anchorRealMs: number;
  /** Simulated time (ms since epoch) at the anchor. */
  readonly anchorSimMs: number;
}

/** A live clock: realtime mode, not simulated. Also what 'RESET TO NOW' and 'RETURN TO REAL-TIME' do. */
export function createSimClock(nowMs: number): SimClock {
  return { mode: 'realtime', simulated: false, anchorRealMs: nowMs, anchorSimMs: nowMs };
}

/** Returns to live time (spec: 'RESET TO NOW' or 'RETURN TO REAL-TIME'). */
export function resetToNow(nowMs: number): SimClock {
  return createSimClock(nowMs);
}

/** Simulated time (ms since epoch) at real time `nowMs`. */
export function simulatedNow(clock: SimClock, nowMs: number): number {
  if (!clock.simulated) return nowMs;
  return clock.anchorSimMs + (nowMs - clock.anchorRealMs) * TIME_MODE_MULTIPLIER[clock.mode];
}

/**
 * Changes the speed. Any non-realtime mode makes the time simulated (spec). Choosing realtime
 * after that keeps the simulated offset running at 1x: only {@link resetToNow} returns to live.
 */
export function setTimeMode(clock: SimClock, mode: TimeMode, nowMs: number): SimClock {
  const sim = simulatedNow(clock, nowMs);
  return {
    mode,
    simulated: clock.simulated || mode !== 'realtime',
    anchorRealMs: nowMs,
    anchorSimMs: sim,
  };
}

/** Jumps to a manual time (spec: setting a manual time makes time simulated); keeps the speed. */
export function setManualTime(clock: SimClock, simMs: number, nowMs: number): SimClock {
  if (!Number.isFinite(simMs)) return clock;
  return { mode: clock.mode, simulated: true, anchorRealMs: nowMs, anchorSimMs: simMs };
}

/** The panel indicator text. */
export function timeIndicator(clock: SimClock): typeof LIVE_INDICATOR | typeof SIMULATED_INDICATOR {
  return clock.simulated ? SIMULATED_INDICATOR : LIVE_INDICATOR;
}

/**
 * `YYYY-MM-DD`, optionally `[T or space]HH:mm[:ss[.sss]]`, optionally `Z` or `+HH:MM` / `-HHMM`.
 * The value of an `<input type="datetime-local">` matches it.
 */
const MANUAL_TIME_RE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * Parses a manual solar-system time. Returns null for anything invalid (spec globe.md section 5:
 * "Manual solar time input ignores invalid dates"), including impossible calendar dates such as
 * 2023-02-29 that `Date` would silently roll over. Without a zone suffix the time is read in
 * `assume` time: local by default, as a datetime-local input means.
 */
export function parseManualTime(text: string, assume: 'local' | 'utc' = 'local'): Date | null {
  const m = MANUAL_TIME_RE.exec(text.trim());
  if (!m) return null;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  const hour = Number(m[4] ?? 0);
  const minute = Number(m[5] ?? 0);
  const second = Number(m[6] ?? 0);
  const ms = Number((m[7] ?? '0').padEnd(3, '0'));
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  if (hour > 23 || minute > 59 || second > 59) return null;

  const zone = m[8];
  let t: number;
  if (zone !== undefined || assume === 'utc') {
    let offsetMin = 0;
    if (zone !== undefined && zone.toUpperCase() !== 'Z') {
      const digits = zone.slice(1).replace(':', '');
      const oh = Number(digits.slice(0, 2));
      const om = Number(digits.slice(2));
      if (oh > 14 || om > 59) return null;
      offsetMin = (zone.startsWith('-') ? -1 : 1) * (oh * 60 + om);
    }
    const d = new Date(0);
    d.setUTCFullYear(year, month - 1, day);
    d.setUTCHours(hour, minute, second, ms);
    t = d.getTime() - offsetMin * 60_000;
  } else {
    const d = new Date(0);
    d.setFullYear(year, month - 1, day);
    d.setHours(hour, minute, second, ms);
    t = d.getTime();
  }
  return Number.isFinite(t) ? new Date(t) : null;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}
