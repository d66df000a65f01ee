/**
 * Profiler recordings: per-frame system timings, exported as JSON or as a Chrome trace (the
 * Trace Event Format that the browser's Performance panel and chrome://tracing load), with one
 * track per system.
 */

export interface ProfileFrame {
  /** performance.now() at the start of the frame (ms). */
  t: number;
  /** Time since the previous frame (ms). */
  dt: number;
  /** Milliseconds per system in this frame, in pipeline order, plus `render`. */
  systems: Record<string, number>;
  drawCalls: number;
}

export interface ProfileRecording {
  version: 1;
  startedAt: string;
  renderer: string;
  userAgent: string;
  frames: ProfileFrame[];
}

/** Recording cap: about 3 minutes at 60 Hz; older frames are dropped first. */
export const MAX_PROFILE_FRAMES = 10_000;

interface TraceEvent {
  name: string;
  cat: string;
  ph: 'X' | 'M' | 'C';
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: Record<string, unknown>;
}

/** Converts a recording to the Trace Event Format: one thread (track) per system, frames as a
 * counter track. Systems run back to back inside a frame, so they are laid out sequentially. */
export function toChromeTrace(rec: ProfileRecording): {
  traceEvents: TraceEvent[];
  metadata: Record<string, string>;
} {
  const names: string[] = [];
  for (const f of rec.frames)
    for (const k of Object.keys(f.systems)) if (!names.includes(k)) names.push(k);
  const pid = 1;
  const events: TraceEvent[] = [
    {
      name: 'process_name',
      cat: '__metadata',
      ph: 'M',
      ts: 0,
      pid,
      tid: 0,
      args: { name: 'ATLAS engine' },
    },
    {
      name: 'thread_name',
      cat: '__metadata',
      ph: 'M',
      ts: 0,
      pid,
      tid: 0,
      args: { name: 'frame' },
    },
  ];
  names.forEach((n, i) =>
    events.push({
      name: 'thread_name',
      cat: '__metadata',
      ph: 'M',
      ts: 0,
      pid,
      tid: i + 1,
      args: { name: n },
    }),
  );
  for (const f of rec.frames) {
    const start = f.t * 1000;
    let cursor = start;
    let total = 0;
    for (const n of names) {
      const ms = f.systems[n];
      if (ms === undefined) continue;
      events.push({
        name: n,
        cat: 'system',
        ph: 'X',
        ts: cursor,
        dur: ms * 1000,
        pid,
        tid: names.indexOf(n) + 1,
      });
      cursor += ms * 1000;
      total += ms;
    }
    events.push({
      name: 'frame',
      cat: 'frame',
      ph: 'X',
      ts: start,
      dur: total * 1000,
      pid,
      tid: 0,
      args: { dt: f.dt, drawCalls: f.drawCalls },
    });
    events.push({
      name: 'frame interval',
      cat: 'frame',
      ph: 'C',
      ts: start,
      pid,
      tid: 0,
      args: { ms: f.dt },
    });
  }
  return { traceEvents: events, metadata: { renderer: rec.renderer, startedAt: rec.startedAt } };
}
