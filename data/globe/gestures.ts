/**
 * Touch and pointer gesture recognisers as pure state machines: timestamps (ms) and positions
 * (CSS px) in, events out. No DOM: the engine's input layer forwards pointer events and calls
 * `tick` once per frame. One pointer at a time: when a second finger lands (pinch), the caller
 * calls `cancel()` and hands the gesture to the camera's pinch handling.
 *
 * Spec numbers (globe.md section 9, "Touch", and section 4, "Country"):
 * - double tap: two taps within 300 ms and 50 px -> zoom to distance 300 if the camera is farther
 *   than 400, else to 600, over 500 ms;
 * - long press: 500 ms;
 * - swipe: at least 50 px within 300 ms;
 * - momentum: velocity decays x0.95 per frame, at most 20;
 * - country click: valid only under 800 ms with movement under 30 px; movement over 20 px counts
 *   as dragging.
 *
 * Click vs drag, reconciled. The two movement numbers answer different questions, at different
 * times. "Over 20 px counts as dragging" is decided while the pointer moves: as soon as it is more
 * than 20 px from where it went down, the press becomes a drag (the globe rotates, the cursor
 * becomes 'grabbing'), for good. "Under 30 px" is the click test at release, on the distance
 * between the down and up points. A press that became a drag is never a click, even if it comes
 * back near its start: the user saw the globe move and did not mean to select. So with the
 * default numbers a click needs: released under 800 ms, never more than 20 px away, and (implied)
 * under 30 px between down and up. The 30 px bound still matters when a caller raises the drag
 * threshold (e.g. a larger touch slop) and is kept as its own constant.
 */

/** Double tap: most time between the two taps' releases, ms (spec). */
export const DOUBLE_TAP_MAX_INTERVAL_MS = 300;
/** Double tap: most distance between the two taps, px (spec). */
export const DOUBLE_TAP_MAX_DISTANCE_PX = 50;
/** Double tap zoom: cameras farther than this zoom in, the others zoom out (spec: 400). */
export const DOUBLE_TAP_ZOOM_SWITCH_DISTANCE = 400;
/** Double tap zoom-in target distance (spec: 300). */
export const DOUBLE_TAP_ZOOM_IN_DISTANCE = 300;
/** Double tap zoom-out target distance (spec: 600). */
export const DOUBLE_TAP_ZOOM_OUT_DISTANCE = 600;
/** Double tap zoom animation, ms (spec: 500). */
export const DOUBLE_TAP_ZOOM_MS = 500;
/** Long press: hold time, ms (spec: 500). */
export const LONG_PRESS_MS = 500;
/** Swipe: least travel, px (spec: 50). */
export const SWIPE_MIN_DISTANCE_PX = 50;
/** Swipe: most duration, ms (spec: 300). */
export const SWIPE_MAX_DURATION_MS = 300;
/** Momentum: velocity factor per frame (spec: decay 0.95). */
export const MOMENTUM_DECAY = 0.95;
/** Momentum: largest velocity, px per frame (spec: max 20). */
export const MOMENTUM_MAX_VELOCITY = 20;
/** The frame the per-frame numbers refer to: 60 Hz, ms. */
export const FRAME_MS = 1000 / 60;
/** Momentum stops below this speed, px per frame (ours: 0.05 px/frame is 3 px/s, invisible). */
export const MOMENTUM_MIN_VELOCITY = 0.05;
/** Release velocity is measured over the last samples within this window, ms (ours). */
export const VELOCITY_WINDOW_MS = 100;
/** Country click: released under this many ms (spec: 800). */
export const CLICK_MAX_DURATION_MS = 800;
/** Country click: down-to-up movement under this many px (spec: 30). */
export const CLICK_MAX_MOVE_PX = 30;
/** A press becomes a drag once it moves more than this many px from its start (spec: 20). */
export const DRAG_THRESHOLD_PX = 20;

// ---------------------------------------------------------------------------------------------
// Double tap

export interface DoubleTapDetector {
  /** Reports a tap (release) at time `t`; true when it completes a double tap. */
  tap(t: number, x: number, y: number): boolean;
  reset(): void;
}

export function createDoubleTapDetector(
  maxIntervalMs = DOUBLE_TAP_MAX_INTERVAL_MS,
  maxDistancePx = DOUBLE_TAP_MAX_DISTANCE_PX,
): DoubleTapDetector {
  let last: { t: number; x: number; y: number } | null = null;
  return {
    tap(t, x, y) {
      if (
        last !== null &&
        t - last.t <= maxIntervalMs &&
        t >= last.t &&
        Math.hypot(x - last.x, y - last.y) <= maxDistancePx
      ) {
        // Consumed: a third quick tap starts a new pair instead of firing again.
        last = null;
        return true;
      }
      last = { t, x, y };
      return false;
    },
    reset() {
      last = null;
    },
  };
}

/** Where a double tap sends the camera (spec: 300 if farther than 400, else 600, over 500 ms). */
export function doubleTapZoom(currentDistance: number): {
  targetDistance: number;
  durationMs: number;
} {
  return {
    targetDistance:
      currentDistance > DOUBLE_TAP_ZOOM_SWITCH_DISTANCE
        ? DOUBLE_TAP_ZOOM_IN_DISTANCE
        : DOUBLE_TAP_ZOOM_OUT_DISTANCE,
    durationMs: DOUBLE_TAP_ZOOM_MS,
  };
}

// ---------------------------------------------------------------------------------------------
// Swipe

export type SwipeDirection = 'left' | 'right' | 'up' | 'down';

export interface Swipe {
  direction: SwipeDirection;
  dx: number;
  dy: number;
  durationMs: number;
}

/**
 * A swipe between a down and an up sample: at least 50 px within 300 ms (spec). The direction is
 * the dominant axis; screen y grows downwards.
 */
export function detectSwipe(
  downT: number,
  downX: number,
  downY: number,
  upT: number,
  upX: number,
  upY: number,
): Swipe | null {
  const dx = upX - downX;
  const dy = upY - downY;
  const durationMs = upT - downT;
  if (durationMs < 0 || durationMs > SWIPE_MAX_DURATION_MS) return null;
  if (Math.hypot(dx, dy) < SWIPE_MIN_DISTANCE_PX) return null;
  const direction: SwipeDirection =
    Math.abs(dx) >= Math.abs(dy) ? (dx > 0 ? 'right' : 'left') : dy > 0 ? 'down' : 'up';
  return { direction, dx, dy, durationMs };
}

// ---------------------------------------------------------------------------------------------
// Click vs drag

export type PressKind = 'click' | 'drag' | 'hold';

export interface PressSummary {
  durationMs: number;
  /** Largest distance from the down point during the press, px. */
  maxDisplacementPx: number;
  /** Distance between the down and up points, px. */
  netDisplacementPx: number;
}

/**
 * Classifies a finished press (see the module header for how 20 px and 30 px fit together):
 * 'drag' if it ever moved more than 20 px; 'click' if released under 800 ms and under 30 px from
 * its start; otherwise 'hold' (a slow press: not a country selection, not a drag).
 */
export function classifyPress(p: PressSummary, dragThresholdPx = DRAG_THRESHOLD_PX): PressKind {
  if (p.maxDisplacementPx > dragThresholdPx) return 'drag';
  if (p.durationMs < CLICK_MAX_DURATION_MS && p.netDisplacementPx < CLICK_MAX_MOVE_PX) {
    return 'click';
  }
  return 'hold';
}

// ---------------------------------------------------------------------------------------------
// Velocity and momentum

export interface VelocityTracker {
  add(t: number, x: number, y: number): void;
  /** Velocity over the last {@link VELOCITY_WINDOW_MS}, px per frame, clamped to max 20. */
  velocity(): { vx: number; vy: number };
  reset(): void;
}

/** Ring of recent pointer samples (fixed size: no allocation per move event). */
export function createVelocityTracker(windowMs = VELOCITY_WINDOW_MS): VelocityTracker {
  const size = 16;
  const ts = new Float64Array(size);
  const xs = new Float64Array(size);
  const ys = new Float64Array(size);
  let count = 0;
  let head = 0; // next write slot
  return {
    add(t, x, y) {
      ts[head] = t;
      xs[head] = x;
      ys[head] = y;
      head = (head + 1) % size;
      count = Math.min(count + 1, size);
    },
    velocity() {
      if (count < 2) return { vx: 0, vy: 0 };
      const newest = (head - 1 + size) % size;
      const tNew = ts[newest] ?? 0;
      let oldest = newest;
      for (let k = 1; k < count; k++) {
        const idx = (newest - k + size) % size;
        if (tNew - (ts[idx] ?? 0) > windowMs) break;
        oldest = idx;
      }
      const dt = tNew - (ts[oldest] ?? 0);
      if (oldest === newest || dt <= 0) return { vx: 0, vy: 0 };
      const vx = (((xs[newest] ?? 0) - (xs[oldest] ?? 0)) / dt) * FRAME_MS;
      const vy = (((ys[newest] ?? 0) - (ys[oldest] ?? 0)) / dt) * FRAME_MS;
      return clampVelocity(vx, vy);
    },
    reset() {
      count = 0;
      head = 0;
    },
  };
}

/** Scales (vx, vy) down so its length is at most {@link MOMENTUM_MAX_VELOCITY}. */
export function clampVelocity(vx: number, vy: number): { vx: number; vy: number } {
  const speed = Math.hypot(vx, vy);
  if (speed <= MOMENTUM_MAX_VELOCITY) return { vx, vy };
  const k = MOMENTUM_MAX_VELOCITY / speed;
  return { vx: vx * k, vy: vy * k };
}

export interface Momentum {
  /** Starts coasting with a release velocity (px per frame), clamped to 20. */
  release(vx: number, vy: number): void;
  /**
   * Advances by `dtMs` (default one 60 Hz frame) and returns the displacement to apply this step,
   * px. The velocity decays x0.95 per 60 Hz frame whatever the real frame rate.
   */
  step(dtMs?: number): { dx: number; dy: number };
  stop(): void;
  readonly active: boolean;
  readonly vx: number;
  readonly vy: number;
}

export function createMomentum(): Momentum {
  let vx = 0;
  let vy = 0;
  const zero = (): void => {
    vx = 0;
    vy = 0;
  };
  return {
    release(x, y) {
      ({ vx, vy } = clampVelocity(x, y));
      if (Math.hypot(vx, vy) < MOMENTUM_MIN_VELOCITY) zero();
    },
    step(dtMs = FRAME_MS) {
      if (vx === 0 && vy === 0) return { dx: 0, dy: 0 };
      const frames = Math.max(0, dtMs) / FRAME_MS;
      const dx = vx * frames;
      const dy = vy * frames;
      const k = MOMENTUM_DECAY ** frames;
      vx *= k;
      vy *= k;
      if (Math.hypot(vx, vy) < MOMENTUM_MIN_VELOCITY) zero();
      return { dx, dy };
    },
    stop: zero,
    get active() {
      return vx !== 0 || vy !== 0;
    },
    get vx() {
      return vx;
    },
    get vy() {
      return vy;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Composite recogniser

export type GestureEvent =
  | { type: 'dragstart'; t: number; x: number; y: number }
  | {
      type: 'dragend';
      t: number;
      x: number;
      y: number;
      /** Release velocity for momentum, px per frame, clamped to 20. */
      vx: number;
      vy: number;
    }
  | { type: 'click'; t: number; x: number; y: number }
  | {
      type: 'doubletap';
      t: number;
      x: number;
      y: number;
      targetDistance: number;
      durationMs: number;
    }
  | { type: 'longpress'; t: number; x: number; y: number }
  | ({ type: 'swipe'; t: number } & Swipe);

export type PointerKind = 'touch' | 'pen' | 'mouse';

export interface GestureRecognizer {
  /**
   * Pointer down. `kind` as in PointerEvent.pointerType; the long press is a touch/pen gesture,
   * so a mouse press held 500-800 ms is still a click (the country click allows 800 ms).
   */
  down(t: number, x: number, y: number, kind?: PointerKind): readonly GestureEvent[];
  move(t: number, x: number, y: number): readonly GestureEvent[];
  /** `cameraDistance` picks the double-tap zoom target. */
  up(t: number, x: number, y: number, cameraDistance?: number): readonly GestureEvent[];
  /** Call once per frame: fires the long press when the finger is held still. */
  tick(t: number): readonly GestureEvent[];
  /** Abandons the current press (second finger down, pointer cancel). */
  cancel(): void;
  /** True while the current press is a drag (cursor 'grabbing'). */
  readonly dragging: boolean;
}

const NONE: readonly GestureEvent[] = Object.freeze([]);

/**
 * One pointer's gestures: drag start (over 20 px), long press (500 ms held, not a drag; touch and
 * pen only), and on release either a click (plus a double tap when it is the second quick tap)
 * or a drag end with its momentum velocity (plus a swipe when fast enough). On touch, a press held
 * 500 ms is a long press and not a click, although the click test allows 800 ms: the long press
 * has fired by then and acting on both would select and open a menu at once.
 */
export function createGestureRecognizer(): GestureRecognizer {
  const doubleTap = createDoubleTapDetector();
  const tracker = createVelocityTracker();
  let pressed = false;
  let downT = 0;
  let downX = 0;
  let downY = 0;
  let maxDisp = 0;
  let dragging = false;
  let longPressed = false;
  let longPressEnabled = true;

  const longPressDue = (t: number): boolean =>
    pressed && longPressEnabled && !dragging && !longPressed && t - downT >= LONG_PRESS_MS;

  return {
    down(t, x, y, kind = 'touch') {
      pressed = true;
      longPressEnabled = kind !== 'mouse';
      downT = t;
      downX = x;
      downY = y;
      maxDisp = 0;
      dragging = false;
      longPressed = false;
      tracker.reset();
      tracker.add(t, x, y);
      return NONE;
    },

    move(t, x, y) {
      if (!pressed) return NONE;
      tracker.add(t, x, y);
      // A long press that was already due fires before movement can turn it into a drag.
      if (longPressDue(t)) {
        longPressed = true;
        return [{ type: 'longpress', t, x: downX, y: downY }];
      }
      maxDisp = Math.max(maxDisp, Math.hypot(x - downX, y - downY));
      if (!dragging && maxDisp > DRAG_THRESHOLD_PX) {
        dragging = true;
        return [{ type: 'dragstart', t, x, y }];
      }
      return NONE;
    },

    up(t, x, y, cameraDistance = DOUBLE_TAP_ZOOM_OUT_DISTANCE) {
      if (!pressed) return NONE;
      tracker.add(t, x, y);
      maxDisp = Math.max(maxDisp, Math.hypot(x - downX, y - downY));
      // A hold that reached 500 ms before any tick saw it is still a long press, not a click.
      if (maxDisp <= DRAG_THRESHOLD_PX && longPressDue(t)) {
        pressed = false;
        longPressed = true;
        doubleTap.reset();
        return [{ type: 'longpress', t, x: downX, y: downY }];
      }
      pressed = false;
      if (!dragging && maxDisp > DRAG_THRESHOLD_PX) dragging = true;
      if (dragging) {
        dragging = false;
        const { vx, vy } = tracker.velocity();
        const events: GestureEvent[] = [{ type: 'dragend', t, x, y, vx, vy }];
        const swipe = detectSwipe(downT, downX, downY, t, x, y);
        if (swipe) events.push({ type: 'swipe', t, ...swipe });
        doubleTap.reset();
        return events;
      }
      if (longPressed) {
        doubleTap.reset();
        return NONE;
      }
      const kind = classifyPress({
        durationMs: t - downT,
        maxDisplacementPx: maxDisp,
        netDisplacementPx: Math.hypot(x - downX, y - downY),
      });
      if (kind !== 'click') {
        doubleTap.reset();
        return NONE;
      }
      const events: GestureEvent[] = [{ type: 'click', t, x, y }];
      if (doubleTap.tap(t, x, y)) {
        events.push({ type: 'doubletap', t, x, y, ...doubleTapZoom(cameraDistance) });
      }
      return events;
    },

    tick(t) {
      if (!longPressDue(t)) return NONE;
      longPressed = true;
      return [{ type: 'longpress', t, x: downX, y: downY }];
    },

    cancel() {
      pressed = false;
      dragging = false;
      longPressed = false;
      tracker.reset();
      doubleTap.reset();
    },

    get dragging() {
      return dragging;
    },
  };
}
