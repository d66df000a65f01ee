import { describe, expect, it } from 'vitest';
import { bermudaDisplay, formatClock, isValidTimeZone, localTimeZone } from './timezones';
import {
  WORLD_CLOCKS,
  bermudaInputText,
  parseBermudaTime,
  readWorldClock,
  type WorldClockCity,
} from './worldClocks';

describe('WORLD_CLOCKS', () => {
  it('lists major cities in distinct, valid zones, west to east', () => {
    expect(WORLD_CLOCKS.length).toBeGreaterThanOrEqual(6);
    expect(new Set(WORLD_CLOCKS.map((c) => c.zone)).size).toBe(WORLD_CLOCKS.length);
    for (const c of WORLD_CLOCKS) expect(isValidTimeZone(c.zone), c.zone).toBe(true);
    const lons = WORLD_CLOCKS.map((c) => c.lon);
    expect(lons).toEqual([...lons].sort((a, b) => a - b));
  });
});

describe('readWorldClock', () => {
  const winter = new Date('2024-01-15T12:34:56Z');
  const summer = new Date('2024-07-15T12:34:56Z');

  it("reads the city's wall clock with seconds and its UTC offset", () => {
    const tokyo = { name: 'Tokyo', zone: 'Asia/Tokyo', lon: 139.65 };
    expect(readWorldClock(winter, tokyo)).toEqual({
      name: 'Tokyo',
      time: '21:34:56',
      offset: 'UTC+9',
      zone: 'Asia/Tokyo',
      fellBack: false,
      daytime: false,
    });
    const delhi = { name: 'New Delhi', zone: 'Asia/Kolkata', lon: 77.2 };
    expect(readWorldClock(winter, delhi)).toMatchObject({ time: '18:04:56', offset: 'UTC+5:30' });
    const ny = { name: 'New York', zone: 'America/New_York', lon: -74 };
    expect(readWorldClock(winter, ny)).toMatchObject({
      time: '07:34:56',
      offset: 'UTC-5',
      daytime: true,
    });
    expect(readWorldClock(summer, ny)).toMatchObject({ time: '08:34:56', offset: 'UTC-4' });
  });

  it('an invalid zone falls back to local time (spec globe.md section 5)', () => {
    const bad: WorldClockCity = { name: 'Atlantis', zone: 'Atlantis/Lost_City', lon: 0 };
    const r = readWorldClock(summer, bad);
    expect(r.fellBack).toBe(true);
    expect(r.name).toBe('Atlantis');
    expect(r.zone).toBe(localTimeZone());
    expect(r.time).toBe(formatClock(summer, localTimeZone(), { seconds: true }).text);
    const localHours = -summer.getTimezoneOffset() / 60;
    expect(r.offset).toEqual(localHours === 0 ? 'UTC' : expect.stringMatching(/^UTC[+-]/));
    // An empty zone too, and the next tick does not throw either.
    expect(readWorldClock(winter, { ...bad, zone: '' }).fellBack).toBe(true);
    expect(() => readWorldClock(winter, bad)).not.toThrow();
  });
});

describe('parseBermudaTime', () => {
  it('reads a time without a zone as Bermuda wall time (AST and ADT)', () => {
    // January: AST, UTC-4. July: ADT, UTC-3.
    expect(parseBermudaTime('2024-01-15 08:00')?.toISOString()).toBe('2024-01-15T12:00:00.000Z');
    expect(parseBermudaTime('2024-07-15T08:00')?.toISOString()).toBe('2024-07-15T11:00:00.000Z');
    expect(parseBermudaTime('2024-07-15')?.toISOString()).toBe('2024-07-15T03:00:00.000Z');
  });

  it('respects an explicit zone', () => {
    expect(parseBermudaTime('2024-07-15T08:00Z')?.toISOString()).toBe('2024-07-15T08:00:00.000Z');
    expect(parseBermudaTime('2024-07-15T08:00+02:00')?.toISOString()).toBe(
      '2024-07-15T06:00:00.000Z',
    );
  });

  it('round-trips with the panel display', () => {
    for (const iso of ['2024-03-10T05:59:00Z', '2024-03-10T06:30:00Z', '2024-11-03T12:00:00Z']) {
      const t = new Date(iso).getTime();
      const text = bermudaInputText(t);
      expect(text).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
      expect(parseBermudaTime(text)?.getTime()).toBe(t);
      expect(bermudaDisplay(new Date(t)).text.startsWith(text)).toBe(true);
    }
  });

  it('ignores invalid dates (spec globe.md section 5)', () => {
    for (const bad of [
      '',
      'yesterday',
      '2023-02-29 10:00',
      '2024-13-01',
      '2024-01-01 25:00',
      '2024-01-01T10:00+15:00',
      'NaN',
    ]) {
      expect(parseBermudaTime(bad), bad).toBeNull();
    }
  });
});
