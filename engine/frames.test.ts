import { describe, expect, it } from 'vitest';
import { easeInOutCubic } from '../data/geoMath';
import { FrameLog, FrameTasks, animatedPose } from './frames';

describe('frame log', () => {
  it('keeps each frame start time and returns those after an earlier count', () => {
    const log = new FrameLog(8);
    log.record(10);
    const mark = log.count;
    log.record(26);
    log.record(43);
    expect(log.count).toBe(3);
    expect(log.since(mark)).toEqual([26, 43]);
    expect(log.since(0)).toEqual([10, 26, 43]);
    expect(log.since(3)).toEqual([]);
  });

  it('throws for counts it no longer keeps or never had', () => {
    const log = new FrameLog(4);
    for (let i = 0; i < 10; i++) log.record(i * 16);
    expect(log.since(6)).toEqual([96, 112, 128, 144]);
    expect(() => log.since(5)).toThrow(/no longer kept/);
    expect(() => log.since(11)).toThrow(RangeError);
    expect(() => log.since(-1)).toThrow(RangeError);
  });

  it('resolves waits after exactly n more frames', async () => {
    const log = new FrameLog();
    const done: string[] = [];
    void log.wait(1).then(() => done.push('one'));
    void log.wait(3).then(() => done.push('three'));
    log.record(0);
    await Promise.resolve();
    expect(done).toEqual(['one']);
    log.record(16);
    await Promise.resolve();
    expect(done).toEqual(['one']);
    log.record(32);
    await Promise.resolve();
    expect(done).toEqual(['one', 'three']);
    await expect(log.wait(0)).resolves.toBeUndefined();
    expect(() => log.wait(Number.NaN)).toThrow(RangeError);
  });
});

describe('frame tasks', () => {
  it('runs each task every frame until it reports done', () => {
    const tasks = new FrameTasks();
    let a = 0;
    let b = 0;
    tasks.add(() => ++a >= 2);
    tasks.add(() => ++b >= 3);
    tasks.run();
    tasks.run();
    expect(tasks.size).toBe(1);
    tasks.run();
    tasks.run();
    expect([a, b]).toEqual([2, 3]);
    expect(tasks.size).toBe(0);
  });

  it('drops a failing task, runs the others, then reports the failure', () => {
    const tasks = new FrameTasks();
    let ran = 0;
    tasks.add(() => {
      throw new Error('bad task');
    });
    tasks.add(() => {
      ran++;
      return false;
    });
    expect(() => tasks.run()).toThrow('bad task');
    expect(ran).toBe(1);
    tasks.run();
    expect(ran).toBe(2);
    expect(tasks.size).toBe(1);
  });
});

describe('animated camera pose', () => {
  it('eases in and out, ending exactly at the target', () => {
    expect(easeInOutCubic(0)).toBe(0);
    expect(easeInOutCubic(0.5)).toBe(0.5);
    expect(easeInOutCubic(1)).toBe(1);
    expect(easeInOutCubic(0.1)).toBeLessThan(0.1);
    const from = { lat: 0, lon: 0, distance: 600 };
    const to = { lat: 40, lon: 20, distance: 420 };
    expect(animatedPose(from, to, 60, 60)).toEqual(to);
    expect(animatedPose(from, to, 0, 60)).toEqual(from);
  });

  it('takes the short way round in longitude and zooms geometrically', () => {
    const from = { lat: 0, lon: 170, distance: 500 };
    const to = { lat: 0, lon: -170, distance: 8000 };
    const mid = animatedPose(from, to, 30, 60);
    expect(Math.abs(mid.lon)).toBeCloseTo(180, 6);
    // Geometric: half way in eased time is the geometric mean of the distances.
    expect(mid.distance).toBeCloseTo(Math.sqrt(500 * 8000), 6);
    const near = animatedPose(from, to, 50, 60);
    expect(near.lon).toBeLessThan(-170);
    expect(near.lon).toBeGreaterThan(-180);
  });
});
