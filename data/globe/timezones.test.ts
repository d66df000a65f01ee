import { describe, expect, it } from 'vitest';
import {
  BERMUDA_SHIFT_FROM_US_EASTERN_HOURS,
  bermudaDisplay,
  createSimClock,
  formatClock,
  formatUtcOffset,
  isValidTimeZone,
  LIVE_INDICATOR,
  localTimeZone,
  parseManualTime,
  resetToNow,
  setManualTime,
  setTimeMode,
  SIMULATED_INDICATOR,
  simulatedNow,
  TIME_MODE_MULTIPLIER,
  TIME_MODES,
  timeIndicator,
  TIMEZONE_CENTRES,
  utcOffsetHours,
} from './timezones';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('formatClock', () => {
  const instant = new Date('2024-01-01T00:00:00Z');

  it('formats the wall clock of a zone, 24-hour, optionally with seconds', () => {
    expect(formatClock(instant, 'Asia/Tokyo')).toEqual({
      text: '09:00',
      zone: 'Asia/Tokyo',
      fellBack: false,
    });
    expect(formatClock(instant, 'America/New_York', { seconds: true }).text).toBe('19:00:00');
    expect(
      formatClock(new Date('2024-01-01T12:34:56Z'), 'Asia/Kolkata', { seconds: true }).text,
    ).toBe('18:04:56');
  });

  it('falls back to local time for an invalid or empty zone (spec) and says so', () => {
    const local = formatClock(instant, localTimeZone());
    for (const bad of ['Mars/Olympus_Mons', 'not a zone', '']) {
      const r = formatClock(instant, bad);
      expect(r.fellBack).toBe(true);
      expect(r.zone).toBe(localTimeZone());
      expect(r.text).toBe(local.text);
    }
    // The invalid zone is cached: a second call gives the same answer without throwing.
    expect(formatClock(instant, 'Mars/Olympus_Mons').fellBack).toBe(true);
  });

  it('validates zone names', () => {
    expect(isValidTimeZone('Europe/Paris')).toBe(true);
    expect(isValidTimeZone('Europe/Atlantis')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
  });
});

describe('utcOffsetHours', () => {
  it('handles half- and quarter-hour zones and daylight saving', () => {
    const winter = new Date('2024-01-15T12:00:00Z');
    const summer = new Date('2024-07-15T12:00:00Z');
    expect(utcOffsetHours(winter, 'UTC')).toBe(0);
    expect(utcOffsetHours(winter, 'Asia/Kolkata')).toBe(5.5);
    expect(utcOffsetHours(winter, 'Asia/Kathmandu')).toBe(5.75);
    expect(utcOffsetHours(winter, 'America/St_Johns')).toBe(-3.5);
    expect(utcOffsetHours(winter, 'America/New_York')).toBe(-5);
    expect(utcOffsetHours(summer, 'America/New_York')).toBe(-4);
    expect(utcOffsetHours(winter, 'Australia/Sydney')).toBe(11);
    expect(utcOffsetHours(summer, 'Australia/Sydney')).toBe(10);
    expect(utcOffsetHours(winter, 'Pacific/Chatham')).toBe(13.75);
  });

  it('is exact across a DST change, to the second', () => {
    // US clocks went forward at 2024-03-10 07:00 UTC (02:00 EST).
    expect(utcOffsetHours(new Date('2024-03-10T06:59:59Z'), 'America/New_York')).toBe(-5);
    expect(utcOffsetHours(new Date('2024-03-10T07:00:00Z'), 'America/New_York')).toBe(-4);
    expect(utcOffsetHours(new Date('2024-03-10T06:59:59.999Z'), 'America/New_York')).toBe(-5);
  });

  it('falls back to the local offset for an invalid zone', () => {
    const d = new Date('2024-07-15T12:00:00Z');
    expect(utcOffsetHours(d, 'Nowhere/Land')).toBe(-d.getTimezoneOffset() / 60);
  });

  it('formats offsets', () => {
    expect(formatUtcOffset(0)).toBe('UTC');
    expect(formatUtcOffset(2)).toBe('UTC+2');
    expect(formatUtcOffset(-3.5)).toBe('UTC-3:30');
    expect(formatUtcOffset(5.75)).toBe('UTC+5:45');
  });
});

describe('TIMEZONE_CENTRES', () => {
  it('has about 24 valid, distinct, west-to-east centres', () => {
    expect(TIMEZONE_CENTRES.length).toBeGreaterThanOrEqual(24);
    const names = new Set(TIMEZONE_CENTRES.map((c) => c.name));
    expect(names.size).toBe(TIMEZONE_CENTRES.length);
    let lastLon = -180;
    for (const c of TIMEZONE_CENTRES) {
      expect(isValidTimeZone(c.zone), c.zone).toBe(true);
      expect(Math.abs(c.lat)).toBeLessThanOrEqual(90);
      expect(c.lon).toBeGreaterThanOrEqual(lastLon);
      lastLon = c.lon;
    }
  });

  it("each centre's zone offset roughly matches its longitude (within 3.5 h of solar time)", () => {
    const d = new Date('2024-01-15T12:00:00Z');
    for (const c of TIMEZONE_CENTRES) {
      expect(Math.abs(utcOffsetHours(d, c.zone) - c.lon / 15), c.name).toBeLessThan(3.5);
    }
  });
});

describe('bermudaDisplay (SOLAR SYSTEM TIME (BERMUDA))', () => {
  it('shows Bermuda wall time with AST/ADT', () => {
    expect(bermudaDisplay(new Date('2024-07-04T19:30:00Z'))).toEqual({
      text: '2024-07-04 16:30:00 ADT',
      date: '2024-07-04',
      time: '16:30:00',
      abbreviation: 'ADT',
      offsetHours: -3,
      fellBack: false,
    });
    expect(bermudaDisplay(new Date('2024-01-15T02:05:09Z')).text).toBe('2024-01-14 22:05:09 AST');
  });

  it('is US Eastern time shifted +1 hour (spec) all year, 2007-2040', () => {
    for (let t = Date.UTC(2007, 0, 1); t < Date.UTC(2041, 0, 1); t += 5 * DAY + 7 * HOUR) {
      const d = new Date(t);
      expect(bermudaDisplay(d).offsetHours - utcOffsetHours(d, 'America/New_York')).toBe(
        BERMUDA_SHIFT_FROM_US_EASTERN_HOURS,
      );
    }
  });
});

describe('simulated time', () => {
  const t0 = Date.UTC(2025, 5, 1);

  it('speeds are 1, 1440, 14400 and 144000 (spec)', () => {
    expect(TIME_MODES.map((m) => TIME_MODE_MULTIPLIER[m])).toEqual([1, 1440, 14_400, 144_000]);
  });

  it('starts live and follows real time', () => {
    const c = createSimClock(t0);
    expect(timeIndicator(c)).toBe(LIVE_INDICATOR);
    expect(simulatedNow(c, t0 + 12_345)).toBe(t0 + 12_345);
  });

  it('1day mode advances one day per real minute and is continuous across speed changes', () => {
    let c = setTimeMode(createSimClock(t0), '1day', t0);
    expect(timeIndicator(c)).toBe(SIMULATED_INDICATOR);
    expect(simulatedNow(c, t0 + 60_000)).toBe(t0 + DAY);
    c = setTimeMode(c, '100days', t0 + 60_000);
    expect(simulatedNow(c, t0 + 60_000)).toBe(t0 + DAY);
    expect(simulatedNow(c, t0 + 120_000)).toBe(t0 + DAY + 100 * DAY);
    c = setTimeMode(c, '10days', t0 + 120_000);
    expect(simulatedNow(c, t0 + 180_000)).toBe(t0 + 111 * DAY);
  });

  it('choosing realtime after simulating keeps the offset (still simulated) until reset', () => {
    let c = setTimeMode(createSimClock(t0), '1day', t0);
    c = setTimeMode(c, 'realtime', t0 + 60_000);
    expect(c.simulated).toBe(true);
    expect(simulatedNow(c, t0 + 61_000)).toBe(t0 + DAY + 1000);
    c = resetToNow(t0 + 90_000);
    expect(timeIndicator(c)).toBe(LIVE_INDICATOR);
    expect(simulatedNow(c, t0 + 100_000)).toBe(t0 + 100_000);
    expect(c.mode).toBe('realtime');
  });

  it('a manual time makes time simulated and keeps running at the current speed', () => {
    const manual = Date.UTC(1999, 7, 11, 11, 0);
    let c = setManualTime(createSimClock(t0), manual, t0);
    expect(timeIndicator(c)).toBe(SIMULATED_INDICATOR);
    expect(simulatedNow(c, t0 + 5000)).toBe(manual + 5000);
    c = setTimeMode(c, '10days', t0 + 5000);
    expect(simulatedNow(c, t0 + 65_000)).toBe(manual + 5000 + 10 * DAY);
    // NaN (an invalid parse) is ignored.
    expect(setManualTime(c, Number.NaN, t0)).toBe(c);
  });
});

describe('parseManualTime', () => {
  it('parses ISO 8601 with Z or an offset', () => {
    expect(parseManualTime('2024-03-20T03:06:00Z')?.toISOString()).toBe('2024-03-20T03:06:00.000Z');
    expect(parseManualTime('2024-03-20 03:06:07.5z')?.toISOString()).toBe(
      '2024-03-20T03:06:07.500Z',
    );
    expect(parseManualTime('2024-03-20T12:00+05:30')?.toISOString()).toBe(
      '2024-03-20T06:30:00.000Z',
    );
    expect(parseManualTime('  2024-03-20T12:00-0400 ')?.toISOString()).toBe(
      '2024-03-20T16:00:00.000Z',
    );
    expect(parseManualTime('2024-02-29', 'utc')?.toISOString()).toBe('2024-02-29T00:00:00.000Z');
  });

  it('reads zone-less times as local time by default (datetime-local input)', () => {
    const d = parseManualTime('2024-07-01T08:15');
    expect(d).not.toBeNull();
    expect(d?.getFullYear()).toBe(2024);
    expect(d?.getMonth()).toBe(6);
    expect(d?.getDate()).toBe(1);
    expect(d?.getHours()).toBe(8);
    expect(d?.getMinutes()).toBe(15);
  });

  it('returns null for invalid dates (spec: ignored)', () => {
    for (const bad of [
      '',
      'yesterday',
      '2024-1-1',
      '2023-02-29',
      '2024-02-30',
      '2024-04-31',
      '2024-13-01',
      '2024-00-10',
      '2024-01-01T24:00',
      '2024-01-01T12:60',
      '2024-01-01T12:00:61',
      '2024-01-01T12:00+15:00',
      '2024-01-01T12:00Z junk',
    ]) {
      expect(parseManualTime(bad), bad).toBeNull();
    }
  });
});
