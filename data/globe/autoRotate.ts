/**
 * Auto-rotation controller (spec globe.md section 4, "Auto-rotation (controls)"), as a pure state
 * machine driven by timestamps: the camera system calls `interact(now)` on every user camera
 * input (pointer down, wheel, touch, key) and `update(now, distance, selected)` once per frame,
 * and multiplies its rotation step by the returned factor (or uses `speed`).
 *
 * Rules:
 * - Active at first.
 * - Any interaction fades the speed to 0 over {@link FADE_OUT_MS}.
 * - After {@link IDLE_RESUME_MS} without interaction, with the camera farther than
 *   {@link MIN_ROTATE_DISTANCE}, it resumes, fading up over {@link FADE_IN_MS}.
 * - At or inside {@link MIN_ROTATE_DISTANCE} it is off (it fades out if the camera got there
 *   without an interaction, e.g. a fly-to).
 * - A selected article stops it (spec section 4, Marker: "Selecting an article stops
 *   auto-rotation"); the landing variant waits {@link LANDING_IDLE_RESUME_MS} and also never
 *   resumes while an article is selected.
 *
 * Each fade takes its stated duration from wherever the factor is when it starts, linearly, so an
 * interrupted fade reverses without a jump.
 */

/** Base auto-rotate speed (spec globe.md section 9: "Auto-rotate default speed 0.5"). */
export const AUTO_ROTATE_BASE_SPEED = 0.5;
/** Fade to 0 after an interaction, ms (spec section 4: "fades speed to 0 over 500 ms"). */
export const FADE_OUT_MS = 500;
/** Fade back up when resuming, ms (spec section 4: "fading up over 1500 ms"). */
export const FADE_IN_MS = 1500;
/** Idle time before resuming, ms (spec section 4: "After 20 s idle"). */
export const IDLE_RESUME_MS = 20_000;
/** Idle time before resuming on the landing page, ms (spec section 4: "resumes after 30 s"). */
export const LANDING_IDLE_RESUME_MS = 30_000;
/** At or closer than this camera distance auto-rotation is off (spec section 4). */
export const MIN_ROTATE_DISTANCE = 400;

export type AutoRotateVariant = 'controls' | 'landing';
export type AutoRotatePhase = 'rotating' | 'fadingOut' | 'stopped' | 'fadingIn';

export interface AutoRotateOptions {
  /** 'controls' (20 s idle) or 'landing' (30 s idle). Default 'controls'. */
  variant?: AutoRotateVariant;
  /** Off entirely (spec: background globe on /app). Default true. */
  enabled?: boolean;
  /** Speed at factor 1. Default {@link AUTO_ROTATE_BASE_SPEED}. */
  baseSpeed?: number;
  /** Override the idle delay, ms. */
  idleResumeMs?: number;
  /** Override the minimum distance. */
  minDistance?: number;
}

export interface AutoRotate {
  /** A user camera interaction happened at `nowMs`. */
  interact(nowMs: number): void;
  /** Advances to `nowMs`; returns the speed factor 0..1. */
  update(nowMs: number, distance: number, selected: boolean): number;
  /** Turns auto-rotation on or off (off fades out). */
  setEnabled(enabled: boolean, nowMs: number): void;
  /** Factor at the last update/interaction, 0..1. */
  readonly factor: number;
  /** factor x baseSpeed. */
  readonly speed: number;
  readonly phase: AutoRotatePhase;
}

interface Ramp {
  from: number;
  to: number;
  startMs: number;
  durationMs: number;
}

function rampValue(r: Ramp, nowMs: number): number {
  if (r.durationMs <= 0 || nowMs >= r.startMs + r.durationMs) return r.to;
  const t = Math.max(0, (nowMs - r.startMs) / r.durationMs);
  return r.from + (r.to - r.from) * t;
}

export function createAutoRotate(options: AutoRotateOptions = {}): AutoRotate {
  const variant = options.variant ?? 'controls';
  const idleMs =
    options.idleResumeMs ?? (variant === 'landing' ? LANDING_IDLE_RESUME_MS : IDLE_RESUME_MS);
  const minDistance = options.minDistance ?? MIN_ROTATE_DISTANCE;
  const baseSpeed = options.baseSpeed ?? AUTO_ROTATE_BASE_SPEED;
  let enabled = options.enabled ?? true;

  // Active at first: already at full speed, no initial fade.
  let ramp: Ramp = { from: 1, to: enabled ? 1 : 0, startMs: 0, durationMs: 0 };
  let lastInteractionMs = -Infinity;
  let lastNowMs = -Infinity;
  let factor = ramp.to;

  /** Time never runs backwards inside the controller (a late event cannot rewind a fade). */
  const tick = (nowMs: number): number => {
    lastNowMs = Math.max(lastNowMs, nowMs);
    return lastNowMs;
  };

  const retarget = (to: number, now: number): void => {
    if (ramp.to === to) return;
    const from = rampValue(ramp, now);
    ramp = { from, to, startMs: now, durationMs: to > from ? FADE_IN_MS : FADE_OUT_MS };
  };

  return {
    interact(nowMs) {
      const now = tick(nowMs);
      lastInteractionMs = now;
      retarget(0, now);
      factor = rampValue(ramp, now);
    },

    update(nowMs, distance, selected) {
      const now = tick(nowMs);
      const idle = now - lastInteractionMs >= idleMs;
      const want = enabled && idle && distance > minDistance && !selected;
      retarget(want ? 1 : 0, now);
      factor = rampValue(ramp, now);
      return factor;
    },

    setEnabled(on, nowMs) {
      const now = tick(nowMs);
      enabled = on;
      if (!on) retarget(0, now);
      factor = rampValue(ramp, now);
    },

    get factor() {
      return factor;
    },
    get speed() {
      return factor * baseSpeed;
    },
    get phase(): AutoRotatePhase {
      if (ramp.to === 1) return factor >= 1 ? 'rotating' : 'fadingIn';
      return factor <= 0 ? 'stopped' : 'fadingOut';
    },
  };
}
