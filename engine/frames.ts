/**
 * The engine's own frame log and per-frame tasks, for the automation handle
 * (`atlas.frames`, `atlas.camera.animate`).
 *
 * Benchmarks and tests used to count frames and drive the camera with requestAnimationFrame
 * loops of their own. Each such loop is an extra callback per frame, and under 4x CPU throttling
 * that harness work (~0.5-1 ms of main thread a frame, measured in traces) was counted as the
 * app's. The engine already runs once per frame: it records each frame's start time here and
 * runs the tasks queued for it, so a test waits for frames and moves the camera without a callback
 * of its own.
 */
import { easeInOutCubic, wrapLon, type LatLonDistance } from '../data/geoMath';

/** Frame start times kept (about 4.5 minutes at 60 FPS); older ones are dropped. */
export const FRAME_LOG_CAPACITY = 16_384;

export class FrameLog {
  /** Frames recorded since the engine started. */
  count = 0;
  private readonly times: Float64Array;
  private waiters: { at: number; resolve: () => void }[] = [];

  constructor(readonly capacity = FRAME_LOG_CAPACITY) {
    this.times = new Float64Array(capacity);
  }

  /** Called once per frame with its start time (performance.now()). */
  record(t: number): void {
    this.times[this.count % this.capacity] = t;
    this.count++;
    if (this.waiters.length === 0) return;
    const due = this.waiters.filter((w) => w.at <= this.count);
    if (due.length === 0) return;
    this.waiters = this.waiters.filter((w) => w.at > this.count);
    for (const w of due) w.resolve();
  }

  /** Start times of the frames after the first `from` (from = an earlier `count`). */
  since(from: number): number[] {
    if (!Number.isInteger(from) || from < 0 || from > this.count) {
      throw new RangeError(
        `frames.since: ${from} is not a frame count between 0 and ${this.count}`,
      );
    }
    if (from < this.count - this.capacity) {
      throw new RangeError(
        `frames.since: frame ${from} is no longer kept (only the last ${this.capacity} are)`,
      );
    }
    const out: number[] = [];
    for (let i = from; i < this.count; i++) out.push(this.times[i % this.capacity] as number);
    return out;
  }

  /** Resolves when `n` more frames have been recorded (at once for n <= 0). */
  wait(n: number): Promise<void> {
    if (!Number.isFinite(n)) throw new RangeError(`frames.wait: ${n} is not a number of frames`);
    if (n <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      this.waiters.push({ at: this.count + Math.ceil(n), resolve });
    });
  }
}

/** A task run at the start of every frame until it returns true. */
export type FrameTask = () => boolean;

export class FrameTasks {
  private tasks: FrameTask[] = [];

  add(task: FrameTask): void {
    this.tasks.push(task);
  }

  get size(): number {
    return this.tasks.length;
  }

  /** Runs every task once; drops the finished ones. A task that throws is dropped and rethrown
   * after the others ran. */
  run(): void {
    if (this.tasks.length === 0) return;
    const failures: Error[] = [];
    const kept: FrameTask[] = [];
    const current = this.tasks;
    this.tasks = [];
    for (const task of current) {
      try {
        if (!task()) kept.push(task);
      } catch (err) {
        failures.push(err instanceof Error ? err : new Error(String(err)));
      }
    }
    // Tasks added while these ran start next frame.
    this.tasks = kept.concat(this.tasks);
    const [first] = failures;
    if (first !== undefined) throw first;
  }
}

/**
 * The pose `k` frames into a `frames`-frame move from `from` to `to`: eased (ease-in-out cubic,
 * the fly-to curve), longitude the short way round, distance interpolated geometrically so a zoom
 * over orders of magnitude looks even.
 */
export function animatedPose(
  from: LatLonDistance,
  to: LatLonDistance,
  k: number,
  frames: number,
): LatLonDistance {
  const e = easeInOutCubic(k / Math.max(1, frames));
  return {
    lat: from.lat + (to.lat - from.lat) * e,
    lon: wrapLon(from.lon + wrapLon(to.lon - from.lon) * e),
    distance: from.distance * (to.distance / from.distance) ** e,
  };
}
