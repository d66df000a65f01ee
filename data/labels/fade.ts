/**
 * Label life cycle (spec globe.md section 3: "a label stays 3 frames after last qualifying, then
 * fades to 0"). Pure state transitions driven by the frame counter and a clock, so the timing is
 * testable with a fake clock.
 */

/** Frames a label stays fully shown after the last frame it qualified. */
export const HOLD_FRAMES = 3;
/** After the hold, opacity goes from 1 to 0 in this long. */
export const FADE_OUT_MS = 300;
/** A newly qualified label comes in over this long (no popping while the camera moves). */
export const FADE_IN_MS = 200;

export interface LabelLife {
  /** Frame number the label last qualified (was placed). */
  lastQualifiedFrame: number;
  /** Opacity 0..1. */
  alpha: number;
}

/**
 * Advances one label by a frame: `qualified` says whether it was placed this frame, `dtMs` is the
 * time since the previous frame. Returns false once the label has faded out and can be dropped.
 */
export function stepLife(
  life: LabelLife,
  qualified: boolean,
  frame: number,
  dtMs: number,
): boolean {
  if (qualified) {
    life.lastQualifiedFrame = frame;
    life.alpha = Math.min(1, life.alpha + dtMs / FADE_IN_MS);
    return true;
  }
  if (frame - life.lastQualifiedFrame <= HOLD_FRAMES) return true;
  const alpha = life.alpha - dtMs / FADE_OUT_MS;
  // Below a thousandth is invisible (and hides float dust such as 1 - 3 x 1/3).
  life.alpha = alpha < 1e-3 ? 0 : alpha;
  return life.alpha > 0;
}
