/**
 * Main-thread CPU of each frame, from a Chrome trace of the measured window.
 *
 * The bench's headline figure is a mean: the window's TaskDuration (thread time) over its frames.
 * One launch frame of 150 ms weighs as much as fifteen 10 ms frames in it, so it cannot say what a
 * typical frame costs. A trace can: every task the page's main thread ran carries its thread
 * duration (`tdur`), and every frame of the app's render loop one `FireAnimationFrame` event.
 *
 * A frame's cost is the task that fired its animation frame (the browser's frame task: the
 * callback, style, layout, paint and commit) plus every task the thread ran since the previous
 * frame's task ended (timers, input, messages, microtasks: work the frame waited on). Tasks before
 * the first frame of the trace (their start is not bracketed) and after the last are left out.
 *
 * Tracing costs thread time of its own, so these figures come from a run of their own (the bench
 * runs one traced run after the untraced ones) and are compared with each other, not with the
 * untraced mean; their own mean is reported beside them to show how far the two differ.
 */
import { mean, median, percentile } from './measure';

/** The trace categories this needs: `toplevel` for every task (with thread durations),
 * `devtools.timeline` for FireAnimationFrame. Nothing else: each category adds overhead. */
export const FRAME_CPU_TRACE_CATEGORIES = 'devtools.timeline,toplevel';

/** The fields of a Chrome trace event read here. */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  /** `console.timeStamp(message)` puts its message here (event `TimeStamp`). */
  args?: { data?: { message?: string } };
}

export interface FrameCpu {
  /** Main-thread CPU (ms) of each frame, in order. */
  frames: number[];
  /** When each of those frames fired (trace clock, µs). */
  at: number[];
  median: number;
  p95: number;
  mean: number;
}

/** The thread with the most FireAnimationFrame events (the page's main thread), or null. */
function frameThread(events: readonly TraceEvent[]): { pid: number; tid: number } | null {
  const counts = new Map<string, { pid: number; tid: number; n: number }>();
  for (const e of events) {
    if (e.name !== 'FireAnimationFrame') continue;
    const key = `${e.pid}/${e.tid}`;
    const c = counts.get(key) ?? { pid: e.pid, tid: e.tid, n: 0 };
    c.n++;
    counts.set(key, c);
  }
  let best: { pid: number; tid: number; n: number } | null = null;
  for (const c of counts.values()) if (best === null || c.n > best.n) best = c;
  return best;
}

/**
 * Per-frame main-thread CPU of a trace (see the file comment). Throws when the trace holds no
 * frames or no task durations (the categories were missing), so a bench never reports a
 * distribution it did not measure.
 */
export function frameCpu(events: readonly TraceEvent[]): FrameCpu {
  const thread = frameThread(events);
  if (thread === null) throw new Error('frame CPU: the trace has no FireAnimationFrame event');
  const mine = events.filter((e) => e.pid === thread.pid && e.tid === thread.tid);
  const fires = mine
    .filter((e) => e.name === 'FireAnimationFrame')
    .map((e) => e.ts)
    .sort((a, b) => a - b);
  const complete = mine
    .filter((e) => e.ph === 'X' && e.tdur !== undefined && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  if (complete.length === 0) {
    throw new Error('frame CPU: the trace has no task with a thread duration (category toplevel)');
  }
  // Top-level tasks: complete events not nested in an earlier one.
  const tasks: TraceEvent[] = [];
  let end = -Infinity;
  for (const e of complete) {
    if (e.ts < end) continue;
    tasks.push(e);
    end = e.ts + (e.dur ?? 0);
  }
  // costs[i]: frame i's task plus the tasks after frame i-1's task; frame 0 has no start.
  const costs = new Array<number>(fires.length).fill(0);
  const bracketed = new Array<boolean>(fires.length).fill(false);
  let f = 0;
  for (const t of tasks) {
    const tEnd = t.ts + (t.dur ?? 0);
    while (f < fires.length && (fires[f] ?? Infinity) < t.ts) f++;
    if (f >= fires.length) break;
    costs[f] = (costs[f] ?? 0) + (t.tdur ?? 0) / 1000;
    // The task that fired frame f closes it: what follows belongs to frame f+1.
    if ((fires[f] ?? Infinity) < tEnd) {
      bracketed[f] = true;
      while (f < fires.length && (fires[f] ?? Infinity) < tEnd) f++;
    }
  }
  const kept = costs.flatMap((_, i) => (i > 0 && bracketed[i] === true ? [i] : []));
  if (kept.length === 0) throw new Error('frame CPU: fewer than two frames in the trace');
  const frames = kept.map((i) => costs[i] ?? 0);
  const at = kept.map((i) => fires[i] ?? 0);
  return { frames, at, median: median(frames), p95: percentile(frames, 95), mean: mean(frames) };
}

/**
 * A scripted scenario marks the end of each of its steps with `console.timeStamp(STEP_MARK +
 * name)` (tests/bench/scenarios.ts); the trace records it as a `TimeStamp` event.
 */
export const STEP_MARK = 'atlas-step:';

/** The per-frame figures of one step. */
export interface StepFrameCpu {
  frames: number;
  median: number;
  p95: number;
}

/**
 * The frames of `f` split by the step marks in `events`: a step holds the frames that fired after
 * the previous mark (or the start of the trace) and before its own. Frames after the last mark
 * belong to no step. Empty when the trace has no marks; a step without frames is left out.
 */
export function framesBySteps(
  f: Pick<FrameCpu, 'frames' | 'at'>,
  events: readonly TraceEvent[],
): Record<string, StepFrameCpu> {
  const marks = events
    .filter((e) => e.name === 'TimeStamp' && e.args?.data?.message?.startsWith(STEP_MARK) === true)
    .map((e) => ({ name: (e.args?.data?.message ?? '').slice(STEP_MARK.length), ts: e.ts }))
    .sort((a, b) => a.ts - b.ts);
  const out: Record<string, StepFrameCpu> = {};
  let from = -Infinity;
  for (const mark of marks) {
    const mine = f.frames.filter((_, i) => {
      const at = f.at[i] ?? Number.NaN;
      return at >= from && at < mark.ts;
    });
    from = mark.ts;
    if (mine.length === 0) continue;
    out[mark.name] = { frames: mine.length, median: median(mine), p95: percentile(mine, 95) };
  }
  return out;
}
