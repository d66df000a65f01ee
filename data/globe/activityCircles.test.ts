import { describe, expect, it } from 'vitest';
import {
  ACTIVITY_CIRCLE_COUNT,
  PULSE_EVERY_MS,
  PULSE_LIFE_MS,
  livePulses,
  placeActivityCircles,
  pulseCircle,
} from './activityCircles';

/** A toy planet: land is the northern hemisphere east of the prime meridian (a quarter). */
const quarterLand = (lat: number, lon: number): boolean => lat > 0 && lon > 0;

describe('activity circles', () => {
  it('places 500 circles, 90 % on land, the rest at sea, the same for the same seed', () => {
    const c = placeActivityCircles(quarterLand);
    expect(c.lat.length).toBe(ACTIVITY_CIRCLE_COUNT);
    expect(c.onLand).toBe(450);
    for (let i = 0; i < c.lat.length; i++) {
      expect(quarterLand(c.lat[i] ?? 0, c.lon[i] ?? 0)).toBe(c.land[i] === 1);
      expect(Math.abs(c.lat[i] ?? 99)).toBeLessThanOrEqual(90);
    }
    const again = placeActivityCircles(quarterLand);
    expect(Array.from(again.lat)).toEqual(Array.from(c.lat));
    expect(Array.from(placeActivityCircles(quarterLand, 500, 0.9, 7).lat)).not.toEqual(
      Array.from(c.lat),
    );
  });

  it('spreads the land circles over the land, not in one spot', () => {
    const c = placeActivityCircles(quarterLand);
    let north60 = 0;
    for (let i = 0; i < c.lat.length; i++) if (c.land[i] && (c.lat[i] ?? 0) > 30) north60++;
    // Uniform on the sphere: half of the quarter's area lies above 30 degrees.
    expect(north60 / 450).toBeGreaterThan(0.4);
    expect(north60 / 450).toBeLessThan(0.6);
  });

  it('terminates when the land test never says yes', () => {
    const c = placeActivityCircles(() => false, 20);
    expect(c.lat.length).toBe(20);
    expect(c.onLand).toBe(0);
  });

  it('a pulse every 2000 ms living 3000 ms: at most two alive, fixed circles', () => {
    const out = new Float64Array(4);
    livePulses(500, out);
    expect(out[0]).toBe(-1); // no earlier pulse
    expect(out[2]).toBe(pulseCircle(0));
    livePulses(2500, out); // pulse 0 (0-3000) and pulse 1 (2000-5000)
    expect([out[0], out[1], out[2], out[3]]).toEqual([pulseCircle(0), 0, pulseCircle(1), 2000]);
    livePulses(3500, out); // pulse 0 is over
    expect(out[0]).toBe(-1);
    expect(out[2]).toBe(pulseCircle(1));
    expect(PULSE_EVERY_MS).toBe(2000);
    expect(PULSE_LIFE_MS).toBe(3000);
    const seen = new Set<number>();
    for (let k = 0; k < 200; k++) {
      const c = pulseCircle(k);
      expect(c).toBeGreaterThanOrEqual(0);
      expect(c).toBeLessThan(ACTIVITY_CIRCLE_COUNT);
      seen.add(c);
    }
    expect(seen.size).toBeGreaterThan(150); // spread, not the same few circles
  });
});
