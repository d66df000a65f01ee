import { describe, expect, it } from 'vitest';
import { WARMUP_POLL_MS, warmUpShaders, type WarmableMesh } from './shaderWarmup';

/** A material that reports ready after `polls` isReady calls, remembering the meshes asked. */
function material(polls: number): { isReady: () => boolean; calls: number } {
  const m = {
    calls: 0,
    isReady(): boolean {
      m.calls++;
      return m.calls > polls;
    },
  };
  return m;
}

function fakeClock(): { now: () => number; wait: (ms: number) => Promise<void>; t: number } {
  const c = {
    t: 0,
    now: () => c.t,
    wait: (ms: number) => {
      c.t += ms;
      return Promise.resolve();
    },
  };
  return c;
}

describe('shader warm-up', () => {
  it('asks every material until all are ready, polling while programs compile', async () => {
    const a = material(0);
    const b = material(3);
    const meshes: WarmableMesh[] = [
      { name: 'a', material: a },
      { name: 'b', material: b },
      { name: 'no material', material: null },
    ];
    const clock = fakeClock();
    const r = await warmUpShaders(meshes, clock);
    expect(r).toEqual({ ready: 2, late: [], ms: 3 * WARMUP_POLL_MS });
    // A ready material is not asked again; the slow one is asked until it is ready.
    expect(a.calls).toBe(1);
    expect(b.calls).toBe(4);
  });

  it('gives up at the limit and names what is still compiling', async () => {
    const never = { isReady: () => false };
    const clock = fakeClock();
    const r = await warmUpShaders(
      [
        { name: 'stuck', material: never },
        { name: 'fine', material: material(0) },
      ],
      { ...clock, limitMs: 100 },
    );
    expect(r.ready).toBe(1);
    expect(r.late).toEqual(['stuck']);
    expect(r.ms).toBeGreaterThanOrEqual(100);
    expect(r.ms).toBeLessThan(100 + WARMUP_POLL_MS);
  });
});
