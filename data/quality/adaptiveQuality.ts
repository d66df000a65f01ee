/**
 * Run-time quality adaptation (spec globe.md section 4), as a pure state machine fed with frame
 * times and a clock. It steps down fast and up slowly (asymmetric hysteresis on a smoothed frame
 * rate), so a noisy frame rate never makes it flap. The engine applies its decisions.
 */
import type { QualityMode } from './deviceProfile';

/** Smoothing time constant of the frame-rate estimate (ms). */
export const FPS_TAU_MS = 500;
/** Spec: high -> medium below 20 FPS, medium -> low below 15; up above 55 (low -> medium) and
 * above 58 (medium -> high). */
export const STEP_DOWN_FPS: Readonly<Record<QualityMode, number>> = {
  high: 20,
  medium: 15,
  low: 0,
};
export const STEP_UP_FPS: Readonly<Record<QualityMode, number>> = {
  low: 55,
  medium: 58,
  high: Infinity,
};
/** A condition must hold this long before acting: down fast, up slowly. */
export const STEP_DOWN_AFTER_MS = 1000;
export const STEP_UP_AFTER_MS = 4000;
/** Spec: stepwise degradation below 80% of 30 FPS. */
export const DEGRADE_FPS = 30 * 0.8;
export const DEGRADE_AFTER_MS = 2000;
/** Degradation is undone one step at a time above this rate. */
export const RECOVER_FPS = 45;
export const RECOVER_AFTER_MS = 5000;
/** Spec: segments cut 20% per step, to a floor of 24. */
export const SEGMENT_CUT = 0.8;
export const SEGMENT_FLOOR = 24;
/** Spec: culling emergency under 20 FPS, reduced under 48, full over 55. */
export const CULL_EMERGENCY_FPS = 20;
export const CULL_REDUCED_FPS = 48;
export const CULL_FULL_FPS = 55;
/** Spec toasts. */
export const TOAST_DIP_FPS = 45;
export const TOAST_RECOVER_FPS = 55;
export const TOAST_DIP_TEXT = 'Optimizing for your device...';
export const TOAST_DIP_MS = 3000;
export const TOAST_RECOVER_TEXT = 'Performance optimized';
export const TOAST_RECOVER_MS = 2000;
/** Spec: on battery below 20%, animations off and update frequency 100. */
export const LOW_BATTERY = 0.2;
export const LOW_BATTERY_UPDATE_MS = 100;
/** While the camera moves on a device below full frame rate, render at this fraction of the
 * resolution, never below 1 (the spec's floor for dynamic resolution); recover this long after it
 * stops. Each change resizes the framebuffer, which stalls on the GPU process (hundreds of ms of
 * main thread on a software GPU, a long task at each start and stop of the camera below ratio 1),
 * so it applies only on high-density screens, when the device is struggling, and recovers after a
 * pause. */
export const MOVING_RESOLUTION = 0.85;
export const MOVING_RECOVER_MS = 1000;
export const MOVING_BELOW_FPS = 55;

export type Culling = 'full' | 'reduced' | 'emergency';

/** Spec: marker caps by quality (low 50, medium 200, high 500), over the default maxMarkers
 * (100); a maxMarkers the user (or a scenario) chose explicitly is not capped. */
export const QUALITY_MARKER_CAPS: Readonly<Record<QualityMode, number>> = {
  low: 50,
  medium: 200,
  high: 500,
};

/** The marker cap in force: the chosen maxMarkers, or the default one capped by the rung. */
export function effectiveMaxMarkers(
  maxMarkers: number,
  chosen: boolean,
  mode: QualityMode | null,
): number {
  const n = Math.max(0, maxMarkers);
  return chosen || mode === null ? n : Math.min(n, QUALITY_MARKER_CAPS[mode]);
}

/**
 * What each culling level does to the placement passes (labels, marker culling): at most one
 * pass per this many ms while the camera moves. A label or marker keeps its place on the globe
 * between passes (the GPU projects it every frame); only which ones qualify waits, the way map
 * engines place labels every few hundred ms. A struggling device gets that CPU back.
 */
export const PLACEMENT_INTERVAL_MS: Readonly<Record<Culling, number>> = {
  full: 0,
  reduced: 100,
  emergency: 250,
};

export interface QualityContext {
  cameraMoving: boolean;
  /** 0..1, or null when unknown. */
  battery: number | null;
  charging: boolean | null;
  devicePixelRatio: number;
}

export interface QualityState {
  mode: QualityMode;
  detected: QualityMode;
  override: QualityMode | null;
  /** Smoothed frames per second. */
  fps: number;
  /** Render pixel ratio to use (spec dynamic resolution, then the moving-camera reduction). */
  pixelRatio: number;
  /** 0 none; 1 animations off; 2 also low textures; 3+ also segments cut (once per step). */
  degradation: number;
  animations: boolean;
  textureQuality: QualityMode;
  segments: number;
  culling: Culling;
  /** Milliseconds between non-critical updates (spec: 100 on low battery). */
  updateMs: number;
  /** Milliseconds between placement passes (labels, marker culling) while the camera moves:
   * the culling level's interval, at least updateMs. */
  placementMs: number;
  /** Why the last change happened (shown in the profiler). */
  reason: string;
  toast: { text: string; until: number } | null;
}

/** Spec dynamic resolution: 55+ full ratio; 40+ 0.85 of it (min 1); 30+ 0.7 (min 1); else 1. */
export function dynamicPixelRatio(fps: number, dpr: number): number {
  if (fps >= 55) return dpr;
  if (fps >= 40) return Math.max(1, dpr * 0.85);
  if (fps >= 30) return Math.max(1, dpr * 0.7);
  return 1;
}

const ORDER: readonly QualityMode[] = ['low', 'medium', 'high'];

export interface QualityController {
  /** Feeds one frame; returns the (mutated in place) state. */
  frame(now: number, frameMs: number, ctx: QualityContext): QualityState;
  /** The user's choice wins until cleared with null. */
  setOverride(mode: QualityMode | null, now: number): void;
  readonly state: QualityState;
}

export function createQualityController(opts: {
  detected: QualityMode;
  segments: number;
  now: number;
}): QualityController {
  const state: QualityState = {
    mode: opts.detected,
    detected: opts.detected,
    override: null,
    fps: 60,
    pixelRatio: 1,
    degradation: 0,
    animations: true,
    textureQuality: opts.detected,
    segments: opts.segments,
    culling: 'full',
    updateMs: 0,
    placementMs: 0,
    reason: 'detected from the device',
    toast: null,
  };
  let lastNow = opts.now;
  let downSince: number | null = null;
  let upSince: number | null = null;
  let degradeSince: number | null = null;
  let recoverSince: number | null = null;
  let movingUntil = -Infinity;
  let dipped = false;

  const applyDegradation = (): void => {
    const lowBatteryOff = state.updateMs === LOW_BATTERY_UPDATE_MS;
    state.animations = state.degradation < 1 && !lowBatteryOff;
    state.textureQuality = state.degradation >= 2 ? 'low' : state.mode;
    let seg = opts.segments;
    for (let i = 3; i <= state.degradation; i++)
      seg = Math.max(SEGMENT_FLOOR, Math.round(seg * SEGMENT_CUT));
    state.segments = seg;
  };

  const frame = (now: number, frameMs: number, ctx: QualityContext): QualityState => {
    const dt = Math.max(0, now - lastNow);
    lastNow = now;
    const instant = frameMs > 0 ? 1000 / frameMs : state.fps;
    const a = 1 - Math.exp(-dt / FPS_TAU_MS);
    state.fps += (instant - state.fps) * a;
    const fps = state.fps;

    // Quality mode steps (unless the user chose one).
    if (state.override === null) {
      const i = ORDER.indexOf(state.mode);
      const cap = ORDER.indexOf(state.detected);
      if (fps < STEP_DOWN_FPS[state.mode] && i > 0) {
        upSince = null;
        downSince ??= now;
        if (now - downSince >= STEP_DOWN_AFTER_MS) {
          state.mode = ORDER[i - 1] ?? 'low';
          state.reason = `stepped down: ${fps.toFixed(0)} FPS < ${STEP_DOWN_FPS[ORDER[i] ?? 'high']} for ${STEP_DOWN_AFTER_MS} ms`;
          downSince = null;
        }
      } else if (fps > STEP_UP_FPS[state.mode] && i < cap) {
        downSince = null;
        upSince ??= now;
        if (now - upSince >= STEP_UP_AFTER_MS) {
          state.mode = ORDER[i + 1] ?? 'high';
          state.reason = `stepped up: ${fps.toFixed(0)} FPS > ${STEP_UP_FPS[ORDER[i] ?? 'low']} for ${STEP_UP_AFTER_MS} ms`;
          upSince = null;
        }
      } else {
        downSince = null;
        upSince = null;
      }
    }

    // Stepwise degradation below 80% of 30 FPS, undone slowly above 45.
    if (fps < DEGRADE_FPS) {
      recoverSince = null;
      degradeSince ??= now;
      if (now - degradeSince >= DEGRADE_AFTER_MS) {
        const maxSteps =
          3 + Math.ceil(Math.log(SEGMENT_FLOOR / opts.segments) / Math.log(SEGMENT_CUT));
        if (state.degradation < maxSteps) {
          state.degradation++;
          state.reason = `degradation step ${state.degradation}: ${fps.toFixed(0)} FPS < ${DEGRADE_FPS}`;
        }
        degradeSince = now;
      }
    } else if (fps > RECOVER_FPS && state.degradation > 0) {
      degradeSince = null;
      recoverSince ??= now;
      if (now - recoverSince >= RECOVER_AFTER_MS) {
        state.degradation--;
        state.reason = `recovered a degradation step: ${fps.toFixed(0)} FPS > ${RECOVER_FPS}`;
        recoverSince = now;
      }
    } else {
      degradeSince = null;
      recoverSince = null;
    }

    // Battery.
    const lowBattery = ctx.battery !== null && ctx.battery < LOW_BATTERY && ctx.charging !== true;
    state.updateMs = lowBattery ? LOW_BATTERY_UPDATE_MS : 0;
    applyDegradation();

    // Culling levels with a dead band between 48 and 55.
    if (fps < CULL_EMERGENCY_FPS) state.culling = 'emergency';
    else if (fps < CULL_REDUCED_FPS) state.culling = 'reduced';
    else if (fps > CULL_FULL_FPS) state.culling = 'full';
    state.placementMs = Math.max(state.updateMs, PLACEMENT_INTERVAL_MS[state.culling]);

    // Resolution: spec bands, lower while the camera moves, back after it stops.
    if (ctx.cameraMoving && fps < MOVING_BELOW_FPS) movingUntil = now + MOVING_RECOVER_MS;
    const ratio = dynamicPixelRatio(fps, ctx.devicePixelRatio);
    state.pixelRatio = now < movingUntil ? Math.max(1, ratio * MOVING_RESOLUTION) : ratio;

    // Toasts: a dip, then the recovery after it.
    if (fps < TOAST_DIP_FPS && fps > 0 && !dipped) {
      dipped = true;
      state.toast = { text: TOAST_DIP_TEXT, until: now + TOAST_DIP_MS };
    } else if (fps >= TOAST_RECOVER_FPS && dipped) {
      dipped = false;
      state.toast = { text: TOAST_RECOVER_TEXT, until: now + TOAST_RECOVER_MS };
    }
    if (state.toast !== null && now >= state.toast.until) state.toast = null;
    return state;
  };

  return {
    frame,
    state,
    setOverride(mode, now) {
      state.override = mode;
      lastNow = now;
      if (mode !== null) {
        state.mode = mode;
        state.reason = `set by the user: ${mode}`;
      } else {
        state.reason = 'adaptive again';
      }
      applyDegradation();
    },
  };
}
